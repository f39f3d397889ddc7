import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import QRCode from 'qrcode';
import { encryptMessage, messageSignature } from '../../server/areas/wechat-platform/message-crypto';
import { flatXml } from '../../server/http/xml';

/**
 * A local stand-in for WeChat's third-party platform API, for tests: it sells a component token only
 * for the right secret and the ticket it pushed, a pre-auth code and authorisations only for that
 * token, authorizer tokens only for the refresh token it issued, and code-management calls only with
 * the authorizer token; otherwise the documented errcode. Pushes are encrypted and signed as WeChat's.
 */

export const TEST_PLATFORM = {
  appId: 'wx00112233445566ff',
  appSecret: '0123456789abcdef0123456789abcdef',
  token: 'standInToken',
  aesKey: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
};
export const TEST_AUTHORIZER = { appId: 'wxaabbccddeeff0011', userName: 'gh_standin0001' };
/** A second shop's mini-program, for calls made for several shops (batch commits). */
export const SECOND_AUTHORIZER = { appId: 'wxaabbccddeeff0022', userName: 'gh_standin0002' };

export const PLATFORM_ENV = {
  WECHAT_COMPONENT_APP_ID: TEST_PLATFORM.appId,
  WECHAT_COMPONENT_APP_SECRET: TEST_PLATFORM.appSecret,
  WECHAT_COMPONENT_TOKEN: TEST_PLATFORM.token,
  WECHAT_COMPONENT_AES_KEY: TEST_PLATFORM.aesKey,
};

export interface PlatformCall {
  path: string;
  /** The mini-program whose authorizer token the call carried; '' for the platform's own calls. */
  appId: string;
  query: Record<string, string>;
  body: Record<string, unknown>;
}

export interface WechatPlatformStandIn {
  url: string;
  ticket: string;
  /** The auth_code WeChat's authorisation page would hand back now. */
  readonly authCode: string;
  /** A fresh auth_code that authorises the second mini-program. */
  secondAuthCode(): string;
  /** Calls that passed the token checks, in order. */
  calls: PlatformCall[];
  count(path: string): number;
  /** The next call of `path` answers this errcode. */
  failNext(path: string, errcode: number, errmsg: string): void;
  /** Expires the authorizer token it issued, as two hours passing would. */
  expireAuthorizerToken(): void;
  /** The authorizer token it issued last to the test mini-program ('' before any). */
  readonly authorizerToken: string;
  /** A push to one of our URLs: the query and the XML body, encrypted and signed as WeChat does. */
  push(
    fields: Record<string, string | number>,
    options?: { badSignature?: boolean },
  ): { query: string; body: string };
  close(): Promise<void>;
}

const TOKEN_DELAY_MS = 30;

/** The paths of mini-program messages and live broadcast, which another stand-in may answer. */
const DELEGATED = /^\/(wxaapi\/|cgi-bin\/message\/|cgi-bin\/media\/|wxa\/business\/)/;

export async function startWechatPlatformStandIn(
  options: { delegate?: (request: IncomingMessage, response: ServerResponse) => Promise<void> } = {},
): Promise<WechatPlatformStandIn> {
  const ticket = `ticket@@@${randomBytes(8).toString('hex')}`;
  let componentToken = '';
  let preAuthCode = '';
  let authCode = `authcode@@@${randomBytes(8).toString('hex')}`;
  const secondCodes = new Set<string>();
  /** Per mini-program: the refresh token issued and the authorizer token in force. */
  const authorizers = new Map<string, { refreshToken: string; token: string }>();
  const userNames = new Map([
    [TEST_AUTHORIZER.appId, TEST_AUTHORIZER.userName],
    [SECOND_AUTHORIZER.appId, SECOND_AUTHORIZER.userName],
  ]);
  const tokenOwner = (token: string | undefined) =>
    [...authorizers.entries()].find(([, entry]) => token && entry.token === token)?.[0] ?? '';
  const calls: PlatformCall[] = [];
  const failures = new Map<string, { errcode: number; errmsg: string }>();
  let auditId = 1000;
  let released = false;

  const json = (response: ServerResponse, body: Record<string, unknown>) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ errcode: 0, errmsg: 'ok', ...body }));
  };
  const error = (response: ServerResponse, errcode: number, errmsg: string) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ errcode, errmsg }));
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (options.delegate && DELEGATED.test(url.pathname)) return options.delegate(request, response);
    const query = Object.fromEntries(url.searchParams.entries());
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const path = url.pathname;
    const failure = failures.get(path);
    if (failure) {
      failures.delete(path);
      return error(response, failure.errcode, failure.errmsg);
    }
    const componentOk = query.component_access_token === componentToken && componentToken !== '';
    const authorizerAppId = tokenOwner(query.access_token);
    switch (path) {
      case '/cgi-bin/component/api_component_token': {
        if (
          body.component_appid !== TEST_PLATFORM.appId ||
          body.component_appsecret !== TEST_PLATFORM.appSecret
        )
          return error(response, 40013, 'invalid appid or secret');
        if (body.component_verify_ticket !== ticket) return error(response, 61006, 'invalid verify ticket');
        await new Promise((resolve) => setTimeout(resolve, TOKEN_DELAY_MS));
        componentToken = `component@@@${randomBytes(8).toString('hex')}`;
        calls.push({ path, appId: '', query, body });
        return json(response, { component_access_token: componentToken, expires_in: 7200 });
      }
      case '/cgi-bin/component/api_create_preauthcode':
        if (!componentOk) return error(response, 40001, 'invalid credential');
        preAuthCode = `preauthcode@@@${randomBytes(8).toString('hex')}`;
        calls.push({ path, appId: '', query, body });
        return json(response, { pre_auth_code: preAuthCode, expires_in: 1800 });
      case '/cgi-bin/component/api_query_auth': {
        if (!componentOk) return error(response, 40001, 'invalid credential');
        const code = String(body.authorization_code);
        let appId = TEST_AUTHORIZER.appId;
        if (secondCodes.delete(code)) appId = SECOND_AUTHORIZER.appId;
        else if (code !== authCode) return error(response, 61006, 'invalid authorization code');
        else authCode = `used@@@${randomBytes(4).toString('hex')}`;
        const issued = {
          token: `authorizer@@@${randomBytes(8).toString('hex')}`,
          refreshToken: `refreshtoken@@@${randomBytes(8).toString('hex')}`,
        };
        authorizers.set(appId, issued);
        calls.push({ path, appId: '', query, body });
        return json(response, {
          authorization_info: {
            authorizer_appid: appId,
            authorizer_access_token: issued.token,
            expires_in: 7200,
            authorizer_refresh_token: issued.refreshToken,
            func_info: [{ funcscope_category: { id: 17 } }, { funcscope_category: { id: 18 } }],
          },
        });
      }
      case '/cgi-bin/component/api_get_authorizer_info':
        if (!componentOk) return error(response, 40001, 'invalid credential');
        calls.push({ path, appId: '', query, body });
        return json(response, {
          authorizer_info: {
            nick_name: '替身小程序',
            head_img: 'https://example.com/head.png',
            user_name: userNames.get(String(body.authorizer_appid)) ?? '',
            principal_name: '替身公司',
            MiniProgramInfo: {
              network: {
                RequestDomain: ['https://api.example.com'],
                WsRequestDomain: [],
                UploadDomain: [],
                DownloadDomain: [],
              },
            },
          },
        });
      case '/cgi-bin/component/api_authorizer_token': {
        if (!componentOk) return error(response, 40001, 'invalid credential');
        const entry = authorizers.get(String(body.authorizer_appid));
        if (!entry || body.authorizer_refresh_token !== entry.refreshToken)
          return error(response, 61023, 'refresh_token is invalid');
        await new Promise((resolve) => setTimeout(resolve, TOKEN_DELAY_MS));
        entry.token = `authorizer@@@${randomBytes(8).toString('hex')}`;
        entry.refreshToken = `refreshtoken@@@${randomBytes(8).toString('hex')}`;
        calls.push({ path, appId: '', query, body });
        return json(response, {
          authorizer_access_token: entry.token,
          expires_in: 7200,
          authorizer_refresh_token: entry.refreshToken,
        });
      }
      case '/wxa/gettemplatelist':
        if (query.access_token !== componentToken || !componentToken)
          return error(response, 40001, 'invalid credential');
        calls.push({ path, appId: '', query, body });
        return json(response, {
          template_list: [
            {
              template_id: 7,
              user_version: '3.0.0',
              user_desc: 'stand-in template',
              create_time: 1_790_000_000,
            },
            {
              template_id: 6,
              user_version: '2.0.0',
              user_desc: 'older template',
              create_time: 1_780_000_000,
            },
          ],
        });
      default:
        break;
    }
    if (!path.startsWith('/wxa/')) return error(response, 404, 'no such api');
    if (!authorizerAppId)
      return error(response, authorizers.size > 0 ? 42001 : 40001, 'access_token expired or invalid');
    calls.push({ path, appId: authorizerAppId, query, body });
    switch (path) {
      case '/wxa/commit':
        if (![6, 7].includes(Number(body.template_id)))
          return error(response, 85014, 'template_id not found');
        if (typeof body.ext_json !== 'string') return error(response, 85013, 'invalid ext_json');
        return json(response, {});
      case '/wxa/get_qrcode': {
        const image = await QRCode.toBuffer('stand-in experience', { type: 'png', width: 64 });
        response.writeHead(200, { 'Content-Type': 'image/jpeg' });
        return response.end(image);
      }
      case '/wxa/get_category':
        return json(response, {
          category_list: [{ first_class: '商家自营', second_class: '食品', first_id: 304, second_id: 321 }],
        });
      case '/wxa/get_page':
        return json(response, { page_list: ['pages/index/index', 'pages/goods/detail'] });
      case '/wxa/submit_audit':
        auditId += 1;
        return json(response, { auditid: auditId });
      case '/wxa/release':
        released = true;
        return json(response, {});
      case '/wxa/change_visitstatus':
        if (body.action !== 'open' && body.action !== 'close')
          return error(response, 85022, 'action not allowed');
        if (!released) return error(response, 85021, 'status not allowed');
        return json(response, {});
      case '/wxa/revertcoderelease':
        if (!released) return error(response, 87012, 'cannot revert');
        return json(response, {});
      default:
        return error(response, 404, 'no such api');
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((failure: unknown) => {
      response.writeHead(500);
      response.end(String(failure));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    ticket,
    calls,
    count: (path) => calls.filter((call) => call.path === path).length,
    failNext(path, errcode, errmsg) {
      failures.set(path, { errcode, errmsg });
    },
    expireAuthorizerToken() {
      for (const entry of authorizers.values()) entry.token = `expired@@@${randomBytes(4).toString('hex')}`;
    },
    secondAuthCode() {
      const code = `authcode@@@${randomBytes(8).toString('hex')}`;
      secondCodes.add(code);
      return code;
    },
    push(fields, options = {}) {
      const encrypt = encryptMessage(TEST_PLATFORM.aesKey, flatXml(fields), TEST_PLATFORM.appId);
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = randomBytes(6).toString('hex');
      const signature = messageSignature(
        options.badSignature ? 'notTheToken' : TEST_PLATFORM.token,
        timestamp,
        nonce,
        encrypt,
      );
      return {
        query: `timestamp=${timestamp}&nonce=${nonce}&encrypt_type=aes&msg_signature=${signature}`,
        body: flatXml({ AppId: TEST_PLATFORM.appId, Encrypt: encrypt }),
      };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    get authCode() {
      return authCode;
    },
    get authorizerToken() {
      return authorizers.get(TEST_AUTHORIZER.appId)?.token ?? '';
    },
  };
}
