import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import type { CodeTemplate } from '../../../contract/endpoints/mini-program';
import { WechatError } from '../wechat-platform/service';
import type { AuditCategory, MiniProgramAdapter } from './adapter';

/** The sandbox's code templates, as gettemplatelist would list them. */
export const SANDBOX_TEMPLATES: readonly CodeTemplate[] = [
  {
    TemplateId: 3,
    UserVersion: '2.1.0',
    UserDesc: '商城模板：会员、优惠券、积分',
    CreatedAt: '2026-10-20T02:00:00.000Z',
  },
  {
    TemplateId: 2,
    UserVersion: '2.0.0',
    UserDesc: '商城模板：直播与订阅消息',
    CreatedAt: '2026-08-01T02:00:00.000Z',
  },
  { TemplateId: 1, UserVersion: '1.0.0', UserDesc: '基础模板', CreatedAt: '2026-03-01T02:00:00.000Z' },
];

export const SANDBOX_PAGES = [
  'pages/index/index',
  'pages/goods/detail',
  'pages/cart/cart',
  'pages/order/list',
  'pages/user/center',
] as const;

export const SANDBOX_CATEGORIES: readonly AuditCategory[] = [
  { FirstClass: '商家自营', SecondClass: '服装/鞋/箱包', FirstId: 304, SecondId: 305 },
  { FirstClass: '商家自营', SecondClass: '食品', FirstId: 304, SecondId: 321 },
];

/** The sandbox's app id of a site: `wx` and the site id in 16 hexadecimal digits. */
export function sandboxAppId(siteId: number): string {
  return `wx${siteId.toString(16).padStart(16, '0')}`;
}

export const SANDBOX_CODE_PREFIX = 'sandbox-';

async function qr(text: string) {
  return {
    contentType: 'image/png',
    data: await QRCode.toBuffer(text, { type: 'png', width: 240, margin: 1, errorCorrectionLevel: 'M' }),
  };
}

/**
 * WeChat's platform played locally (DESIGN §11): it authorises at once, answers the calls with
 * WeChat's errcodes where WeChat would refuse (an unknown template, a page not in the code), and its
 * audit result is given by the operator on the screen, pushed through the same path as WeChat's.
 */
export function sandboxPlatform(): MiniProgramAdapter {
  return {
    provider: 'sandbox',
    async authorizationUrl(_siteId, redirectUri) {
      const url = new URL(redirectUri);
      url.searchParams.set('auth_code', `${SANDBOX_CODE_PREFIX}${randomBytes(12).toString('hex')}`);
      url.searchParams.set('expires_in', '3600');
      return url.toString();
    },
    async queryAuthorization(siteId, authCode) {
      if (!authCode.startsWith(SANDBOX_CODE_PREFIX))
        throw new WechatError(61006, 'invalid authorization code');
      return {
        appId: sandboxAppId(siteId),
        refreshToken: `refreshtoken@@@${randomBytes(16).toString('hex')}`,
        permissions: [17, 18, 19, 25, 30, 31, 36, 37, 40, 49, 51, 52, 57, 65, 67, 70, 71, 73],
        nickname: `沙箱小程序 ${siteId}`,
        headImage: '',
        principalName: '沙箱主体',
        userName: `gh_sandbox${siteId}`,
        domains: {
          request: ['https://shop.example.com'],
          ws: [],
          upload: ['https://shop.example.com'],
          download: ['https://shop.example.com'],
        },
      };
    },
    async templates() {
      return [...SANDBOX_TEMPLATES];
    },
    async commit(_siteId, commit) {
      if (!SANDBOX_TEMPLATES.some((template) => template.TemplateId === commit.templateId))
        throw new WechatError(85014, 'template_id not found');
      try {
        JSON.parse(commit.extJson);
      } catch {
        throw new WechatError(85013, 'invalid ext_json');
      }
    },
    async experienceQr(siteId, userVersion) {
      return qr(`sandbox experience ${sandboxAppId(siteId)} ${userVersion}`);
    },
    async auditOptions() {
      return { categories: [...SANDBOX_CATEGORIES], pages: [...SANDBOX_PAGES] };
    },
    async submitAudit(_siteId, items) {
      for (const item of items) {
        if (!(SANDBOX_PAGES as readonly string[]).includes(item.Address))
          throw new WechatError(85007, 'page path error');
        if (!SANDBOX_CATEGORIES.some((category) => category.SecondId === item.SecondId))
          throw new WechatError(85008, 'category error');
      }
      return { auditId: String(400_000_000 + Math.floor(Math.random() * 99_999_999)) };
    },
    async release() {},
    async rollback() {},
    async changeVisitStatus() {},
    async pageCode(siteId, page, scene) {
      return qr(`sandbox ${sandboxAppId(siteId)} ${page}?scene=${scene}`);
    },
  };
}
