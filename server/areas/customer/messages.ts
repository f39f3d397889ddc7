import { extendMessages } from '../../i18n/messages';

const en = {
  'member.disabled': 'This member account is disabled by the shop',
  'member.inviterNotFound': 'No active member {memberNo} invited you in this shop',
  'member.growthShort': 'The member holds less growth than this change takes away',
} as const;

const zh: Record<keyof typeof en, string> = {
  'member.disabled': '该会员账号已被店铺停用',
  'member.inviterNotFound': '本店没有有效的邀请会员 {memberNo}',
  'member.growthShort': '会员成长值不足，无法扣减',
};

extendMessages({ en, zh });
