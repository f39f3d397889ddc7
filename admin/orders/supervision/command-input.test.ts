import { describe, expect, it } from 'vitest';
import { type CommandTarget, commandInput, initialDraft } from './command-input';

const order: CommandTarget = {
  Id: 7,
  OrderNo: '20260101000007',
  Type: 'normal',
  Source: 'miniProgram',
  State: 'toShip',
  RefundState: 'requested',
  DeliveryType: 'express',
  BuyerId: 'b',
  BuyerName: 'Buyer',
  BuyerPhone: '13800000000',
  ReceiverName: 'Buyer',
  ReceiverPhone: '13800000000',
  GoodsName: 'Tea',
  Image: '',
  LineCount: 2,
  ItemCount: 3,
  TotalFen: 9_500,
  PaidFen: 9_500,
  RefundedFen: 500,
  PaymentMethod: 'wechat',
  SellerRemark: 'fragile',
  CreatedAt: '2026-01-01T00:00:00.000Z',
  PaidAt: '2026-01-01T00:01:00.000Z',
  Version: 4,
  ShipHold: null,
  GoodsFen: 10_000,
  DiscountFen: 1_000,
  AdjustFen: 0,
  FreightFen: 500,
  Lines: [
    { Id: 11, ShipmentId: null },
    { Id: 12, ShipmentId: null },
  ] as never,
  Refunds: [{ State: 'requested', RequestedFen: 3_000 }] as never,
  Address: {
    Name: '张三',
    Phone: '13800000001',
    Province: '广东省',
    City: '深圳市',
    District: '南山区',
    Detail: '科技园路 1 号',
  },
};

const draft = (change: Partial<ReturnType<typeof initialDraft>> = {}) => ({
  ...initialDraft(order),
  ...change,
});

describe('initialDraft', () => {
  it('starts from the order: its remark, payable goods, freight, asked refund, address, waiting lines', () => {
    expect(initialDraft(order)).toMatchObject({
      remark: 'fragile',
      goods: '90.00',
      freight: '5.00',
      amount: '30.00',
      lineIds: [11, 12],
      name: '张三',
      detail: '科技园路 1 号',
    });
  });
});

describe('commandInput', () => {
  it.each([
    [
      'ship',
      { trackingNo: 'ZT123456' },
      { Action: 'ship', Id: 7, Version: 4, Carrier: 'ZTO', TrackingNo: 'ZT123456' },
    ],
    [
      'ship',
      { trackingNo: ' ZT123456 ', lineIds: [12] },
      { Action: 'ship', Id: 7, Version: 4, Carrier: 'ZTO', TrackingNo: 'ZT123456', LineIds: [12] },
    ],
    ['ship', { carrier: 'self', trackingNo: '' }, { Action: 'ship', Id: 7, Version: 4, Carrier: 'self' }],
    ['close', { reason: ' out of stock ' }, { Action: 'close', Id: 7, Version: 4, Reason: 'out of stock' }],
    ['remark', { remark: '' }, { Action: 'remark', Id: 7, Version: 4, Remark: '' }],
    ['verifyPickup', { code: '12345678' }, { Action: 'verifyPickup', Id: 7, Version: 4, Code: '12345678' }],
    [
      'approveRefund',
      { amount: '25.5' },
      { Action: 'approveRefund', Id: 7, Version: 4, AmountFen: 2_550, Reason: '' },
    ],
    ['rejectRefund', { reason: 'used' }, { Action: 'rejectRefund', Id: 7, Version: 4, Reason: 'used' }],
    ['markRefunded', {}, { Action: 'markRefunded', Id: 7, Version: 4 }],
    [
      'modifyPrice',
      { goods: '80', freight: '0', reason: 'regular' },
      { Action: 'modifyPrice', Id: 7, Version: 4, AdjustFen: -1_000, FreightFen: 0, Reason: 'regular' },
    ],
  ] as const)('%s with %o sends %o', (command, change, expected) => {
    expect(commandInput(command, order, draft(change as never))).toEqual({ ok: true, input: expected });
  });

  it.each([
    ['ship', { trackingNo: '' }, 'trackingNo', 'orders.form.trackingNo'],
    ['ship', { trackingNo: 'no spaces!' }, 'trackingNo', 'orders.form.trackingNo'],
    ['ship', { trackingNo: 'ZT123456', lineIds: [] }, 'lineIds', 'orders.form.lines'],
    ['close', { reason: '  ' }, 'reason', 'orders.form.required'],
    ['rejectRefund', { reason: 'x'.repeat(201) }, 'reason', 'orders.form.tooLong'],
    ['verifyPickup', { code: '1234' }, 'code', 'orders.form.pickupCode'],
    ['approveRefund', { amount: '0' }, 'amount', 'orders.form.amount'],
    ['approveRefund', { amount: '90.01' }, 'amount', 'orders.form.refundTooMuch'],
    ['modifyPrice', { goods: 'free' }, 'goods', 'orders.form.amount'],
    ['modifyPrice', { goods: '0', freight: '0' }, 'goods', 'orders.form.totalTooLow'],
    ['changeAddress', { phone: '123' }, 'phone', 'orders.form.phone'],
    ['changeAddress', { detail: '' }, 'detail', 'orders.form.required'],
  ] as const)('%s with %o is refused on %s', (command, change, field, key) => {
    const built = commandInput(command, order, draft(change as never));
    expect(built.ok).toBe(false);
    expect(built.ok ? [] : built.problems.map((problem) => [problem.field, problem.key])).toContainEqual([
      field,
      key,
    ]);
  });

  it('ships every waiting line of a list row, which carries no lines', () => {
    const { Lines: _lines, ...row } = order;
    expect(commandInput('ship', row, { ...initialDraft(row), trackingNo: 'SF1234' })).toEqual({
      ok: true,
      input: { Action: 'ship', Id: 7, Version: 4, Carrier: 'ZTO', TrackingNo: 'SF1234' },
    });
  });

  it('sends a new address whole', () => {
    const built = commandInput('changeAddress', order, draft({ city: ' 广州市 ' }));
    expect(built).toMatchObject({ ok: true, input: { Address: { City: '广州市', Province: '广东省' } } });
  });
});
