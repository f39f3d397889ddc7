import { extendMessages } from '../../i18n/messages';

const en = {
  'storefront.keyInvalid': 'The storefront key (X-Storefront-Key) is missing, unknown or revoked',
  'storefront.siteExpired': 'This shop has expired; its storefront is closed',
  'storefront.keyNotFound': 'Storefront key {id} does not exist or is already revoked',
  'storefront.tooManyKeys': 'A shop can have at most {max} storefront keys; revoke one first',
} as const;

const zh: Record<keyof typeof en, string> = {
  'storefront.keyInvalid': '店铺接口密钥（X-Storefront-Key）缺失、无效或已停用',
  'storefront.siteExpired': '店铺已过期，暂停营业',
  'storefront.keyNotFound': '接口密钥 {id} 不存在或已停用',
  'storefront.tooManyKeys': '每个店铺最多 {max} 个接口密钥，请先停用一个',
};

extendMessages({ en, zh });
