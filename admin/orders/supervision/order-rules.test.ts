import { describe, expect, it } from 'vitest';
import type { OrderRow } from '../../../contract/endpoints/orders';
import { OrderPermission } from '../../../contract/machines/order';
import {
  openRefund,
  priceChange,
  refundableFen,
  rowCommands,
  timelineFacts,
  timelineStates,
  unshippedLineIds,
} from './order-rules';

const granted = new Set<string>([OrderPermission.supervise, OrderPermission.details]);

function row(change: Partial<OrderRow>): OrderRow {
  return {
    Id: 1,
    OrderNo: '20260101000001',
    Type: 'normal',
    Source: 'miniProgram',
    State: 'toPay',
    RefundState: 'none',
    DeliveryType: 'express',
    BuyerId: 'b',
    BuyerName: 'Buyer',
    BuyerPhone: '13800000000',
    ReceiverName: 'Buyer',
    ReceiverPhone: '13800000000',
    GoodsName: 'Tea',
    Image: '',
    LineCount: 1,
    ItemCount: 1,
    TotalFen: 1000,
    PaidFen: 0,
    RefundedFen: 0,
    PaymentMethod: null,
    SellerRemark: '',
    CreatedAt: '2026-01-01T00:00:00.000Z',
    PaidAt: null,
    ShipHold: null,
    Version: 1,
    ...change,
  };
}

describe('rowCommands', () => {
  it.each([
    [{ State: 'toPay' }, ['remark', 'close']],
    [{ State: 'toShip' }, ['remark', 'ship']],
    [{ State: 'toShip', RefundState: 'requested' }, ['remark']],
    [{ State: 'toShip', DeliveryType: 'pickup' }, ['remark']],
    [{ State: 'shipped' }, ['remark']],
    [{ State: 'closed' }, ['remark']],
    [{ State: 'toPay', Source: 'offline', DeliveryType: 'inStore' }, ['remark', 'close']],
  ] as const)('%o offers %o', (change, expected) => {
    expect(rowCommands(row(change), granted).sort()).toEqual([...expected].sort());
  });

  it('offers nothing without the supervision grant', () => {
    expect(rowCommands(row({ State: 'toShip' }), new Set([OrderPermission.details]))).toEqual([]);
  });
});

describe('priceChange', () => {
  const order = { GoodsFen: 10_000, DiscountFen: 1_000 };
  it.each([
    ['90', '0', { AdjustFen: 0, FreightFen: 0, TotalFen: 9_000 }],
    ['80.5', '10', { AdjustFen: -950, FreightFen: 1_000, TotalFen: 9_050 }],
    ['100', '0.01', { AdjustFen: 1_000, FreightFen: 1, TotalFen: 10_001 }],
    ['0', '0.01', { AdjustFen: -9_000, FreightFen: 1, TotalFen: 1 }],
    ['0', '0', null],
    ['abc', '0', null],
    // Freight alone must not let invalid goods through (the sum would be 10 yuan).
    ['abc', '10', null],
    ['90', 'abc', null],
    ['90', '-1', null],
    [' 90 ', '0', { AdjustFen: 0, FreightFen: 0, TotalFen: 9_000 }],
    ['1.234', '0', null],
    ['-5', '0', null],
  ] as const)('goods %s + freight %s → %o', (goods, freight, expected) => {
    expect(priceChange(order, goods, freight)).toEqual(expected);
  });
});

describe('lines and refunds', () => {
  it('lists the lines still waiting to ship', () => {
    const lines = [
      { Id: 1, ShipmentId: 5 },
      { Id: 2, ShipmentId: null },
      { Id: 3, ShipmentId: null },
    ];
    expect(unshippedLineIds({ Lines: lines as never })).toEqual([2, 3]);
  });

  it('finds the refund waiting for a decision or for the money', () => {
    const refunds = [
      { Id: 1, State: 'rejected' },
      { Id: 2, State: 'approved' },
      { Id: 3, State: 'refunded' },
    ];
    expect(openRefund(refunds)?.Id).toBe(2);
    expect(openRefund([{ Id: 1, State: 'refunded' }])).toBeUndefined();
  });

  it('refunds at most what was paid and not yet returned', () => {
    expect(refundableFen({ PaidFen: 5_000, RefundedFen: 1_200 })).toBe(3_800);
    expect(refundableFen({ PaidFen: 0, RefundedFen: 0 })).toBe(0);
  });
});

describe('timelineFacts', () => {
  it.each([
    [{ TotalFen: 1200, Lines: 2 }, [{ kind: 'money', label: 'total', fen: 1200 }]],
    [
      { Method: 'wechat', AmountFen: 1200 },
      [
        { kind: 'method', method: 'wechat' },
        { kind: 'money', label: 'amount', fen: 1200 },
      ],
    ],
    [
      { Carrier: 'ZTO', TrackingNo: 'ZT1234', LineIds: [1] },
      [{ kind: 'parcel', carrier: 'ZTO', trackingNo: 'ZT1234' }],
    ],
    [
      { Before: { TotalFen: 1000 }, After: { TotalFen: 800 }, Reason: 'regular' },
      [
        { kind: 'change', label: 'total', before: 1000, after: 800 },
        { kind: 'text', label: 'reason', text: 'regular' },
      ],
    ],
    [
      { Before: 'A street', After: 'B street' },
      [{ kind: 'change', label: 'address', before: 'A street', after: 'B street' }],
    ],
    [{ Remark: '' }, [{ kind: 'text', label: 'remark', text: '' }]],
    [{ Reason: '' }, []],
    [{}, []],
  ])('%o → %o', (detail, expected) => {
    expect(timelineFacts(detail)).toEqual(expected);
  });
});

describe('timelineStates', () => {
  it.each([
    [
      { Action: 'create', FromState: null, ToState: 'toPay' },
      { type: 'order.order', to: 'toPay' },
    ],
    [
      { Action: 'ship', FromState: 'toShip', ToState: 'shipped' },
      { type: 'order.order', from: 'toShip', to: 'shipped' },
    ],
    [
      { Action: 'apply', FromState: 'none', ToState: 'requested' },
      { type: 'order.refund', from: 'none', to: 'requested' },
    ],
    [
      { Action: 'approveRefund', FromState: 'requested', ToState: 'approved' },
      { type: 'order.refund', from: 'requested', to: 'approved' },
    ],
    [
      { Action: 'markRefunded', FromState: 'approved', ToState: 'refunded' },
      { type: 'order.refund', from: 'approved', to: 'refunded' },
    ],
    [
      { Action: 'refundClose', FromState: 'shipped', ToState: 'closed' },
      { type: 'order.order', from: 'shipped', to: 'closed' },
    ],
    [{ Action: 'shipPart', FromState: 'toShip', ToState: 'toShip' }, null],
    [{ Action: 'remark', FromState: null, ToState: null }, null],
  ])('%o → %o', (entry, expected) => {
    expect(timelineStates(entry)).toEqual(expected);
  });
});
