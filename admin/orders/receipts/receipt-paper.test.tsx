// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { system } from '../../../src/lib/chakra-system';
import { enumQuery } from '../../../src/lib/enum-values';
import { en } from '../settings-and-offline/i18n/en';
import type { Receipt } from './receipt-blocks';
import { ReceiptPaper, ReceiptPrintSheet } from './receipt-paper';

afterEach(cleanup);

const receipt: Receipt = {
  ShopName: '演示商城',
  OrderNo: 'U202611220001',
  CreatedAt: '2026-11-22T05:00:00.000Z',
  PaidAt: null,
  Cashier: 'admin',
  BuyerName: '',
  BuyerPhone: '',
  Lines: [
    { Name: '绿茶', SpecText: '500g', Quantity: 2, UnitFen: 3990, AmountFen: 7980 },
    { Name: '茶杯', SpecText: '', Quantity: 1, UnitFen: 1250, AmountFen: 1250 },
  ],
  GoodsFen: 9230,
  FreightFen: 0,
  DiscountFen: 50,
  AdjustFen: 0,
  TotalFen: 9180,
  PaidFen: 9180,
  PaymentMethod: 'card',
  Remark: '',
};

function wrap(children: ReactNode) {
  // The payment methods' labels as GetEnumForType answers them (the walk-in screen has loaded them).
  const client = new QueryClient();
  client.setQueryData(enumQuery('paymentMethod').queryKey, {
    Errcode: 0,
    Errmsg: '',
    ErrShowType: 0,
    Types: [],
    Values: [
      { Value: 'cash', Zh: '现金', En: 'Cash' },
      { Value: 'card', Zh: '刷卡', En: 'Bank card' },
    ],
  });
  return render(
    <QueryClientProvider client={client}>
      <ChakraProvider value={system}>
        <IntlProvider locale="en" messages={en}>
          {children}
        </IntlProvider>
      </ChakraProvider>
    </QueryClientProvider>,
  );
}

describe('ReceiptPaper', { timeout: 20_000 }, () => {
  it('prints the lines, the discount and the total at the paper’s width', () => {
    wrap(
      <ReceiptPaper
        setting={{
          Paper: '80',
          Header: '欢迎光临',
          Footer: '',
          Fields: ['orderNo', 'lines', 'amounts', 'payment'],
        }}
        receipt={receipt}
      />,
    );
    const paper = screen.getByTestId('receipt');
    const lines = within(paper).getAllByTestId('receipt-line');
    expect(lines.map((line) => line.textContent)).toEqual([
      '绿茶 (500g)¥39.90 × 2¥79.80',
      '茶杯¥12.50 × 1¥12.50',
    ]);
    expect(paper.textContent).toContain('欢迎光临');
    expect(paper.textContent).toContain('OrderU202611220001');
    expect(paper.textContent).toContain('Discount-¥0.50');
    expect(paper.textContent).toContain('Total¥91.80');
    expect(paper.textContent).toContain('Bank card¥91.80');
    expect(paper.textContent).not.toContain('演示商城');
    expect(paper.textContent).not.toContain('Cashier');
  });

  it('gives the printer one sheet per copy, hidden on screen', () => {
    wrap(
      <ReceiptPrintSheet
        setting={{ Paper: '58', Copies: 3, Header: '', Footer: '', Fields: ['orderNo', 'amounts'] }}
        receipt={receipt}
      />,
    );
    const sheet = document.body.querySelector('.receipt-print-sheet');
    expect(sheet?.parentElement).toBe(document.body);
    expect(sheet?.querySelectorAll('.receipt-print-copy')).toHaveLength(3);
    expect(sheet?.querySelector('style')?.textContent).toContain('@media print');
  });
});
