import type { Database } from '../../db/client';
import {
  authorizerAccessToken,
  authorizerTokenKey,
  componentAccessToken,
  forgetToken,
  retryable,
  WechatError,
  type WechatPlatform,
  wechatFile,
  wechatRequest,
} from '../wechat-platform/service';
import type { AuditCategory, MiniProgramAdapter } from './adapter';

const AUTHORIZE_PAGE = 'https://mp.weixin.qq.com/cgi-bin/componentloginpage';
/** auth_type 2: the authorisation page lists mini-programs only. */
const AUTH_TYPE_MINI_PROGRAMS = '2';

function list(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/**
 * WeChat's third-party platform (developers.weixin.qq.com/doc/oplatform): the component token from
 * the pushed verify ticket, the shop's mini-program acted for with its authorizer token, code
 * management under /wxa/. A token WeChat calls invalid is dropped, so the next call fetches another.
 */
export function wechatCodePlatform(db: Database, platform: WechatPlatform): MiniProgramAdapter {
  const base = platform.apiBase;

  async function asAuthorizer<T>(siteId: number, call: (token: string) => Promise<T>): Promise<T> {
    const { appId, token } = await authorizerAccessToken(db, platform, siteId);
    try {
      return await call(token);
    } catch (error) {
      if (error instanceof WechatError && retryable(error.errcode) && error.errcode !== -1)
        await forgetToken(db, authorizerTokenKey(appId));
      throw error;
    }
  }

  return {
    provider: 'wechat',
    async authorizationUrl(_siteId, redirectUri) {
      const component = await componentAccessToken(db, platform);
      const answer = await wechatRequest(
        base,
        '/cgi-bin/component/api_create_preauthcode',
        { component_access_token: component },
        { component_appid: platform.config.appId },
      );
      const url = new URL(AUTHORIZE_PAGE);
      url.searchParams.set('component_appid', platform.config.appId);
      url.searchParams.set('pre_auth_code', String(answer.pre_auth_code ?? ''));
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('auth_type', AUTH_TYPE_MINI_PROGRAMS);
      return url.toString();
    },
    async queryAuthorization(_siteId, authCode) {
      const component = await componentAccessToken(db, platform);
      const query = { component_access_token: component };
      const answer = await wechatRequest(base, '/cgi-bin/component/api_query_auth', query, {
        component_appid: platform.config.appId,
        authorization_code: authCode,
      });
      const info = (answer.authorization_info ?? {}) as Record<string, unknown>;
      const appId = String(info.authorizer_appid ?? '');
      const details = await wechatRequest(base, '/cgi-bin/component/api_get_authorizer_info', query, {
        component_appid: platform.config.appId,
        authorizer_appid: appId,
      });
      const authorizer = (details.authorizer_info ?? {}) as Record<string, unknown>;
      const network = ((authorizer.MiniProgramInfo as Record<string, unknown> | undefined)?.network ??
        {}) as Record<string, unknown>;
      return {
        appId,
        refreshToken: String(info.authorizer_refresh_token ?? ''),
        permissions: (Array.isArray(info.func_info) ? info.func_info : []).flatMap((entry) => {
          const id = (entry as { funcscope_category?: { id?: unknown } }).funcscope_category?.id;
          return typeof id === 'number' ? [id] : [];
        }),
        nickname: String(authorizer.nick_name ?? ''),
        headImage: String(authorizer.head_img ?? ''),
        principalName: String(authorizer.principal_name ?? ''),
        userName: String(authorizer.user_name ?? ''),
        domains: {
          request: list(network.RequestDomain),
          ws: list(network.WsRequestDomain),
          upload: list(network.UploadDomain),
          download: list(network.DownloadDomain),
        },
      };
    },
    async templates() {
      const component = await componentAccessToken(db, platform);
      const answer = await wechatRequest(base, '/wxa/gettemplatelist', {
        access_token: component,
        template_type: '0',
      });
      const templates = Array.isArray(answer.template_list) ? answer.template_list : [];
      return templates
        .map((entry) => entry as Record<string, unknown>)
        .map((entry) => ({
          TemplateId: Number(entry.template_id ?? 0),
          UserVersion: String(entry.user_version ?? ''),
          UserDesc: String(entry.user_desc ?? ''),
          CreatedAt: new Date(Number(entry.create_time ?? 0) * 1000).toISOString(),
        }))
        .sort((a, b) => b.CreatedAt.localeCompare(a.CreatedAt));
    },
    commit(siteId, commit) {
      return asAuthorizer(siteId, async (token) => {
        await wechatRequest(
          base,
          '/wxa/commit',
          { access_token: token },
          {
            template_id: commit.templateId,
            ext_json: commit.extJson,
            user_version: commit.userVersion,
            user_desc: commit.userDesc,
          },
        );
      });
    },
    experienceQr(siteId) {
      return asAuthorizer(siteId, (token) => wechatFile(base, '/wxa/get_qrcode', { access_token: token }));
    },
    auditOptions(siteId) {
      return asAuthorizer(siteId, async (token) => {
        const [categories, pages] = await Promise.all([
          wechatRequest(base, '/wxa/get_category', { access_token: token }),
          wechatRequest(base, '/wxa/get_page', { access_token: token }),
        ]);
        return {
          categories: (Array.isArray(categories.category_list) ? categories.category_list : []).map(
            (entry): AuditCategory => {
              const item = entry as Record<string, unknown>;
              return {
                FirstClass: String(item.first_class ?? ''),
                SecondClass: String(item.second_class ?? ''),
                FirstId: Number(item.first_id ?? 0),
                SecondId: Number(item.second_id ?? 0),
              };
            },
          ),
          pages: list(pages.page_list),
        };
      });
    },
    submitAudit(siteId, items, versionDesc) {
      return asAuthorizer(siteId, async (token) => {
        const answer = await wechatRequest(
          base,
          '/wxa/submit_audit',
          { access_token: token },
          {
            item_list: items.map((item) => ({
              address: item.Address,
              tag: item.Tag,
              title: item.Title,
              first_class: item.FirstClass,
              second_class: item.SecondClass,
              first_id: item.FirstId,
              second_id: item.SecondId,
            })),
            version_desc: versionDesc,
          },
        );
        return { auditId: String(answer.auditid ?? '') };
      });
    },
    release(siteId) {
      return asAuthorizer(siteId, async (token) => {
        await wechatRequest(base, '/wxa/release', { access_token: token }, {});
      });
    },
    rollback(siteId) {
      return asAuthorizer(siteId, async (token) => {
        await wechatRequest(base, '/wxa/revertcoderelease', { access_token: token });
      });
    },
    changeVisitStatus(siteId, open) {
      return asAuthorizer(siteId, async (token) => {
        await wechatRequest(
          base,
          '/wxa/change_visitstatus',
          { access_token: token },
          { action: open ? 'open' : 'close' },
        );
      });
    },
    pageCode(siteId, page, scene) {
      return asAuthorizer(siteId, (token) =>
        wechatFile(
          base,
          '/wxa/getwxacodeunlimit',
          { access_token: token },
          { scene, page, check_path: false },
        ),
      );
    },
  };
}
