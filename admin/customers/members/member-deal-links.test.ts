import { describe, expect, it } from 'vitest';
import type { MemberDeal } from '../../../contract/endpoints/member-deals';
import { dealSourceLink } from './member-deal-links';

type Row = Pick<MemberDeal, 'Kind' | 'Detail' | 'Reference' | 'SourceId'>;

describe('dealSourceLink', () => {
  it.each<[string, Row, string | null]>([
    [
      'an order opens its details',
      { Kind: 'order', Detail: 'wechat', Reference: 'D1', SourceId: 7 },
      '/order/orderDetails?id=7',
    ],
    [
      'an order refund opens the order',
      { Kind: 'refund', Detail: 'order', Reference: 'D1', SourceId: 7 },
      '/order/orderDetails?id=7',
    ],
    [
      'a commission opens the order that earned it',
      { Kind: 'commission', Detail: 'settle', Reference: 'D2', SourceId: 9 },
      '/order/orderDetails?id=9',
    ],
    [
      'a recharge finds its recharge order',
      { Kind: 'recharge', Detail: 'storedValue', Reference: 'R 1', SourceId: 3 },
      '/order/rechargeOrder?keyword=R%201',
    ],
    [
      'a recharge refund finds the recharge order',
      { Kind: 'refund', Detail: 'recharge', Reference: 'R2', SourceId: 4 },
      '/order/rechargeOrder?keyword=R2',
    ],
    [
      'a withdrawal finds its withdrawal',
      { Kind: 'withdrawal', Detail: 'withdraw', Reference: 'W20261127000001', SourceId: 5 },
      '/distribution/withdrawList?keyword=W20261127000001',
    ],
    [
      'a stored-value change leads nowhere, even with an order number',
      { Kind: 'balance', Detail: 'recharge_bonus', Reference: 'R3', SourceId: 6 },
      null,
    ],
    ['no source', { Kind: 'commission', Detail: 'reversal', Reference: 'D3', SourceId: null }, null],
    ['no number', { Kind: 'withdrawal', Detail: 'withdraw', Reference: '', SourceId: 5 }, null],
  ])('%s', (_name, row, expected) => {
    expect(dealSourceLink(row)).toBe(expected);
  });
});
