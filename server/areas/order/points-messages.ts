import { extendMessages } from '../../i18n/messages';

/** What the order's points stage says (order-points.ts). */
const en = {
  'order.pointsOff': 'This shop does not take points as payment',
  'order.pointsShort': 'You hold {balance} points; {requested} cannot be used',
  'order.pointsMinimum': 'Points pay only for orders of at least ¥{min}',
} as const;

const zh: Record<keyof typeof en, string> = {
  'order.pointsOff': '本店未开启积分抵扣',
  'order.pointsShort': '当前积分 {balance}，不足以使用 {requested} 积分',
  'order.pointsMinimum': '订单满 ¥{min} 才可使用积分抵扣',
};

extendMessages({ en, zh });
