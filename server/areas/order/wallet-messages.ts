import { extendMessages } from '../../i18n/messages';

const en = {
  'wallet.balanceShort': 'Not enough balance: {available} fen left, {needed} fen needed',
  'wallet.rechargeSpent':
    'Recharge {subject} cannot be refunded: the buyer has spent part of it ({available} fen of stored value left, {needed} fen to take back)',
  'wallet.balanceForStoredValue': 'Stored value cannot be recharged with balance',
} as const;

const zh: Record<keyof typeof en, string> = {
  'wallet.balanceShort': '余额不足：剩余 {available} 分，需要 {needed} 分',
  'wallet.rechargeSpent':
    '充值单 {subject} 无法退款：买家已使用部分储值（剩余 {available} 分，需退回 {needed} 分）',
  'wallet.balanceForStoredValue': '储值充值不能使用余额支付',
};

extendMessages({ en, zh });
