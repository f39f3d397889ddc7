import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract/endpoint';
import { getIndexDataInfo, getIndexOrderSaleReport } from '../../contract/endpoints/dashboard';
import * as orders from '../../contract/endpoints/orders';
import * as storefrontApi from '../../contract/endpoints/storefront';
import { startTestServer, type TestServer } from './harness';
import {
  BUYER,
  expectError,
  orderId,
  orderRow,
  placeOrder,
  prepareSku,
  SECOND_SITE,
  storefront,
  storefrontKey,
  type TestSku,
} from './order-helpers';

/**
 * Report figures checked against orders this test places. The second demo site has no seeded
 * orders, so everything it reports today comes from here.
 */

let server: TestServer;
let token: string;
let key: string;
let first: TestSku;
let second: TestSku;
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const expected = { created: 0, paid: 0, sales: 0, refunds: 0 };

async function pay(order: { OrderNo: string; TotalFen: number }, buyerId: string) {
  const response = await storefront(server, key, storefrontApi.payOrder, {
    OrderNo: order.OrderNo,
    BuyerId: buyerId,
    PaymentMethod: 'wechat',
    AmountFen: order.TotalFen,
  });
  expect(response.body.Errmsg).toBe('');
  expected.paid += 1;
  expected.sales += order.TotalFen;
}

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('site2');
  key = await storefrontKey(server, token);
  first = await prepareSku(server, SECOND_SITE, 50, { skip: 0 });
  second = await prepareSku(server, SECOND_SITE, 50, { skip: 1 });
  const buyer = (id: string) => ({ Buyer: { ...BUYER, Id: id } });
  // Buyer one pays twice, buyer two pays once and is refunded in full, buyer three never pays.
  const a = await placeOrder(server, key, first, 2, buyer('r1'));
  const b = await placeOrder(server, key, second, 1, buyer('r1'));
  const c = await placeOrder(server, key, first, 1, buyer('r2'));
  await placeOrder(server, key, second, 1, buyer('r3'));
  expected.created = 4;
  await pay(a, 'r1');
  await pay(b, 'r1');
  await pay(c, 'r2');
  await storefront(server, key, storefrontApi.applyRefund, {
    OrderNo: c.OrderNo,
    BuyerId: 'r2',
    AmountFen: c.TotalFen,
    Reason: '不要了',
  });
  const id = await orderId(server, c.OrderNo);
  for (const action of [{ Action: 'approveRefund', AmountFen: c.TotalFen }, { Action: 'markRefunded' }]) {
    const { version } = await orderRow(server, id);
    const response = await server.call(
      orders.bindOrderState,
      { ...action, Id: id, Version: version },
      { token },
    );
    expect(response.body.Errmsg).toBe('');
  }
  expected.refunds = c.TotalFen;
});
afterAll(() => server.close());

describe('the sales report', () => {
  it('counts orders, paying buyers, sales, refunds and the average order of the day', async () => {
    const response = await server.call(
      orders.getSalesReport,
      { startDate: today, endDate: today },
      { token },
    );
    expect(response.body.Errmsg).toBe('');
    const figures = {
      CreatedOrders: expected.created,
      PaidOrders: expected.paid,
      PayingBuyers: 2,
      SalesFen: expected.sales,
      RefundFen: expected.refunds,
      AverageOrderFen: Math.round(expected.sales / expected.paid),
    };
    expect(response.body.Data).toEqual([{ Period: today, ...figures }]);
    expect(response.body.Totals).toEqual(figures);
  });

  it('groups by week and month from the range start, with empty periods as zeros', async () => {
    const start = new Date(Date.parse(`${today}T00:00:00Z`) - 40 * 86_400_000).toISOString().slice(0, 10);
    const weekly = await server.call(
      orders.getSalesReport,
      { startDate: start, endDate: today, granularity: 'week' },
      { token },
    );
    expect(weekly.body.Data[0]!.Period).toBe(start);
    expect(weekly.body.Data.length).toBeGreaterThanOrEqual(6);
    const last = weekly.body.Data.at(-1)!;
    expect(last.PaidOrders).toBe(expected.paid);
    expect(
      weekly.body.Data.slice(0, -1).every((period) => period.PaidOrders === 0 && period.SalesFen === 0),
    ).toBe(true);
    const monthly = await server.call(
      orders.getSalesReport,
      { startDate: start, endDate: today, granularity: 'month' },
      { token },
    );
    expect(monthly.body.Data.at(-1)!.Period).toBe(
      `${today.slice(0, 8)}01` < start ? start : `${today.slice(0, 8)}01`,
    );
    expect(monthly.body.Totals.SalesFen).toBe(expected.sales);
  });

  it('refuses a reversed or too long range', async () => {
    expectError(
      await server.call(orders.getSalesReport, { startDate: today, endDate: '2000-01-01' }, { token }),
      'The start date must not be after the end date',
    );
    expectError(
      await server.call(orders.getSalesReport, { startDate: '2000-01-01', endDate: today }, { token }),
      'A report covers at most 366 days',
    );
    expectError(
      await server.call(orders.getSalesReport, { startDate: 'yesterday', endDate: today }, { token }),
      /startDate/,
    );
  });

  it('exports the periods with a totals row', async () => {
    const raw = await server.app.inject({
      method: 'GET',
      url: `${API_BASE}${orders.exportSalesReport.path}`,
      query: { startDate: today, endDate: today },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(raw.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(raw.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).text).toBe('Period');
    expect(sheet.getRow(2).getCell(1).text).toBe(today);
    expect(sheet.getRow(3).getCell(1).text).toBe('Total');
    expect(Number(sheet.getRow(3).getCell(5).value)).toBeCloseTo(expected.sales / 100, 2);
  });
});

describe('the sales volume report', () => {
  it('ranks goods by units sold', async () => {
    const response = await server.call(
      orders.getVolumeReport,
      { startDate: today, endDate: today },
      { token },
    );
    expect(response.body.Errmsg).toBe('');
    const names = await server.query<{ id: number; name: string }>(
      sql`select id, name from products where id in (${first.productId}, ${second.productId})`,
    );
    const nameOf = (id: number) => names.find((row) => row.id === id)!.name;
    expect(response.body.Data).toEqual([
      {
        Rank: 1,
        Id: first.productId,
        Name: nameOf(first.productId),
        Quantity: 3,
        SalesFen: first.priceFen * 3,
        Orders: 2,
      },
      {
        Rank: 2,
        Id: second.productId,
        Name: nameOf(second.productId),
        Quantity: 1,
        SalesFen: second.priceFen,
        Orders: 1,
      },
    ]);
    expect(response.body.Total).toBe(2);
    expect(response.body.Totals).toEqual({ Quantity: 4, SalesFen: first.priceFen * 3 + second.priceFen });
    const ascending = await server.call(
      orders.getVolumeReport,
      { startDate: today, endDate: today, sort: 'quantity' },
      { token },
    );
    expect(ascending.body.Data.map((row) => row.Rank)).toEqual([2, 1]);
  });

  it('groups by the category the goods had when sold', async () => {
    const categories = await server.query<{ id: number; category_id: number }>(
      sql`select id, category_id from products where id in (${first.productId}, ${second.productId})`,
    );
    const response = await server.call(
      orders.getVolumeReport,
      { startDate: today, endDate: today, by: 'category' },
      { token },
    );
    const byCategory = new Map<number, number>();
    for (const [sku, quantity] of [
      [first, 3],
      [second, 1],
    ] as const) {
      const category = categories.find((row) => row.id === sku.productId)!.category_id;
      byCategory.set(category, (byCategory.get(category) ?? 0) + quantity);
    }
    expect(new Map(response.body.Data.map((row) => [row.Id, row.Quantity]))).toEqual(byCategory);
    expect(response.body.Data.every((row) => row.Name !== '')).toBe(true);
  });
});

describe('the dashboard figures from orders', () => {
  it('reports today’s paid orders, sales and orders waiting to ship', async () => {
    const response = await server.call(getIndexDataInfo, {}, { token });
    expect(response.body.Data).toMatchObject({
      TodayOrders: expected.paid,
      TodaySales: expected.sales,
      WeekOrders: expected.paid,
      WeekSales: expected.sales,
      OrdersToShip: 2,
    });
    const daily = await server.call(getIndexOrderSaleReport, { startDate: today, endDate: today }, { token });
    expect(daily.body.Data).toEqual([{ Date: today, OrderCount: expected.paid, Sales: expected.sales }]);
  });
});
