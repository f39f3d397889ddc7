import { describe, expect, it } from 'vitest';
import { DEFAULT_RECEIPT_SETTING } from '../../../contract/endpoints/orders';
import {
  moveField,
  printableWidthMm,
  type Receipt,
  receiptBlocks,
  toggleField,
  unusedFields,
} from './receipt-blocks';

const receipt: Receipt = {
  ShopName: '演示商城',
  OrderNo: 'U202611220001',
  CreatedAt: '2026-11-22T05:00:00.000Z',
  PaidAt: '2026-11-22T05:01:00.000Z',
  Cashier: 'admin',
  BuyerName: '',
  BuyerPhone: '',
  Lines: [{ Name: '绿茶', SpecText: '500g', Quantity: 2, UnitFen: 3990, AmountFen: 7980 }],
  GoodsFen: 7980,
  FreightFen: 0,
  DiscountFen: 500,
  AdjustFen: 0,
  TotalFen: 7480,
  PaidFen: 7480,
  PaymentMethod: 'cash',
  Remark: '',
};

const kinds = (setting: Parameters<typeof receiptBlocks>[0], data = receipt) =>
  receiptBlocks(setting, data).map((block) => block.kind);

describe('receiptBlocks', () => {
  it('prints the chosen parts in their order, leaving out empty ones', () => {
    expect(kinds(DEFAULT_RECEIPT_SETTING)).toEqual([
      'shopName',
      'orderNo',
      'time',
      'cashier',
      'lines',
      'amounts',
      'payment',
    ]);
    expect(kinds({ Header: '', Footer: '', Fields: ['amounts', 'buyer', 'remark', 'orderNo'] })).toEqual([
      'amounts',
      'orderNo',
    ]);
  });

  it('puts the header first and the footer last when they have text', () => {
    expect(kinds({ Header: ' 欢迎光临 ', Footer: '谢谢惠顾', Fields: ['orderNo'] })).toEqual([
      'header',
      'orderNo',
      'footer',
    ]);
    expect(receiptBlocks({ Header: ' 欢迎光临 ', Footer: '  ', Fields: ['orderNo'] }, receipt)[0]).toEqual({
      kind: 'header',
      text: '欢迎光临',
    });
  });

  it('shows the buyer, the remark and an unpaid order as they are', () => {
    const walkIn = {
      ...receipt,
      BuyerName: '',
      BuyerPhone: '13600000000',
      Remark: '会员价',
      PaymentMethod: null,
    };
    const blocks = receiptBlocks({ Header: '', Footer: '', Fields: ['buyer', 'payment', 'remark'] }, walkIn);
    expect(blocks).toEqual([
      { kind: 'buyer', name: '', phone: '13600000000' },
      { kind: 'remark', text: '会员价' },
    ]);
  });

  it('lists the amounts that are not zero, the discount taken off', () => {
    const blocks = receiptBlocks(
      { Header: '', Footer: '', Fields: ['amounts'] },
      { ...receipt, FreightFen: 600, AdjustFen: -100, TotalFen: 7980 },
    );
    expect(blocks).toEqual([
      {
        kind: 'amounts',
        rows: [
          { key: 'goods', fen: 7980 },
          { key: 'freight', fen: 600 },
          { key: 'discount', fen: -500 },
          { key: 'adjust', fen: -100 },
          { key: 'total', fen: 7980 },
        ],
      },
    ]);
    expect(
      receiptBlocks({ Header: '', Footer: '', Fields: ['amounts'] }, { ...receipt, DiscountFen: 0 })[0],
    ).toEqual({
      kind: 'amounts',
      rows: [
        { key: 'goods', fen: 7980 },
        { key: 'total', fen: 7480 },
      ],
    });
  });
});

describe('receipt fields', () => {
  it.each([
    ['58', 48],
    ['80', 72],
  ] as const)('prints %s mm paper %s mm wide', (paper, width) => {
    expect(printableWidthMm(paper)).toBe(width);
  });

  it('turns parts on at the end and off, but keeps at least one', () => {
    expect(toggleField(['orderNo'], 'lines', true)).toEqual(['orderNo', 'lines']);
    expect(toggleField(['orderNo', 'lines'], 'lines', true)).toEqual(['orderNo', 'lines']);
    expect(toggleField(['orderNo', 'lines'], 'orderNo', false)).toEqual(['lines']);
    expect(toggleField(['lines'], 'lines', false)).toEqual(['lines']);
  });

  it('moves a part up and down within the list', () => {
    expect(moveField(['orderNo', 'lines', 'amounts'], 'amounts', -1)).toEqual([
      'orderNo',
      'amounts',
      'lines',
    ]);
    expect(moveField(['orderNo', 'lines'], 'orderNo', 1)).toEqual(['lines', 'orderNo']);
    expect(moveField(['orderNo', 'lines'], 'orderNo', -1)).toEqual(['orderNo', 'lines']);
    expect(moveField(['orderNo'], 'lines', 1)).toEqual(['orderNo']);
  });

  it('offers the parts not printed in the contract’s order', () => {
    expect(unusedFields(DEFAULT_RECEIPT_SETTING.Fields)).toEqual(['buyer', 'remark']);
  });
});
