import { extendMessages } from '../../i18n/messages';

const en = {
  'member.disabled': 'This member account is disabled by the shop',
  'member.inviterNotFound': 'No active member {memberNo} invited you in this shop',
} as const;

const zh: Record<keyof typeof en, string> = {
  'member.disabled': '该会员账号已被店铺停用',
  'member.inviterNotFound': '本店没有有效的邀请会员 {memberNo}',
};

extendMessages({ en, zh });
