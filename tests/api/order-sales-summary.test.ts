import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as orders from '../../contract/endpoints/orders';
import * as storefrontApi from '../../contract/endpoints/storefront';
import { periodOf } from '../../server/areas/order/reports';
import { countPayment, rebuildSalesSummaries } from '../../server/areas/order/sales-summary';
import { startTestServer, type TestServer } from './harness';
import {
  BUYER,
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
 * The sales report reads per-day summaries that the order commands keep. After each kind of change
 * the summary of the day must hold what the orders say, and equal a rebuild from the orders.
 */

let server: TestServer;
let token: string;
let key: string;
let sku: TestSku;
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

interface DayFigures extends Record<string, unknown> {
  created: number;
  paid: number;
  sales: number;
  refunds: number;
}

async function todayOfSecondSite(): Promise<DayFigures> {
  const [row] = await server.query<DayFigures>(
    sql`select created_orders as created, paid_orders as paid, sales_fen::float8 as sales,
               refund_fen::float8 as refunds
          from order_sales_days where site_id = ${SECOND_SITE} and day = ${today}::date`,
  );
  return row ?? { created: 0, paid: 0, sales: 0, refunds: 0 };
}

async function reportTotals(startDate = today, granularity: 'day' | 'week' = 'day') {
  const response = await server.call(
    orders.getSalesReport,
    { startDate, endDate: today, granularity },
    { token },
  );
  expect(response.body.Errmsg).toBe('');
  return response.body;
}

function daysAgo(days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

async function everySummaryRow() {
  const days = await server.query(
    sql`select site_id, to_char(day, 'YYYY-MM-DD') as day, created_orders, paid_orders,
               sales_fen::float8 as sales, refund_fen::float8 as refunds
          from order_sales_days order by site_id, day`,
  );
  const buyers = await server.query(
    sql`select site_id, to_char(day, 'YYYY-MM-DD') as day, buyer, to_char(previous_day, 'YYYY-MM-DD') as previous
          from order_buyer_days order by 1, 2, 3`,
  );
  return { days, buyers };
}

async function pay(order: { OrderNo: string; TotalFen: number }, buyerId: string) {
  const response = await storefront(server, key, storefrontApi.payOrder, {
    OrderNo: order.OrderNo,
    BuyerId: buyerId,
    PaymentMethod: 'wechat',
    AmountFen: order.TotalFen,
  });
  expect(response.body.Errmsg).toBe('');
}

async function command(id: number, action: Record<string, unknown>) {
  const { version } = await orderRow(server, id);
  const response = await server.call(
    orders.bindOrderState,
    { ...action, Id: id, Version: version },
    { token },
  );
  expect(response.body.Errmsg).toBe('');
}

async function refund(order: { OrderNo: string }, buyerId: string, amountFen: number) {
  const asked = await storefront(server, key, storefrontApi.applyRefund, {
    OrderNo: order.OrderNo,
    BuyerId: buyerId,
    AmountFen: amountFen,
    Reason: '不要了',
  });
  expect(asked.body.Errmsg).toBe('');
  const id = await orderId(server, order.OrderNo);
  await command(id, { Action: 'approveRefund', AmountFen: amountFen });
  await command(id, { Action: 'markRefunded' });
}

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('site2');
  key = await storefrontKey(server, token);
  sku = await prepareSku(server, SECOND_SITE, 50, { skip: 2 });
});
afterAll(() => server.close());

describe('the sales report day summaries', () => {
  it('follow placing, paying, refunding and closing orders', async () => {
    const start = await todayOfSecondSite();
    const startBuyers = (await reportTotals()).Totals.PayingBuyers;
    const buyer = (id: string) => ({ Buyer: { ...BUYER, Id: id } });
    const first = await placeOrder(server, key, sku, 2, buyer('s1'));
    const second = await placeOrder(server, key, sku, 1, buyer('s1'));
    const unpaid = await placeOrder(server, key, sku, 1, buyer('s2'));
    expect(await todayOfSecondSite()).toEqual({ ...start, created: start.created + 3 });

    await pay(first, 's1');
    await pay(second, 's1');
    const paid = {
      ...start,
      created: start.created + 3,
      paid: start.paid + 2,
      sales: start.sales + first.TotalFen + second.TotalFen,
    };
    expect(await todayOfSecondSite()).toEqual(paid);
    // One buyer paying twice in a day is one paying buyer.
    expect((await reportTotals()).Totals.PayingBuyers).toBe(startBuyers + 1);

    // Closing an unpaid order takes nothing off: it was placed, never paid.
    await command(await orderId(server, unpaid.OrderNo), { Action: 'close', Reason: '缺货' });
    expect(await todayOfSecondSite()).toEqual(paid);

    // A part refund, then a full one that closes the order: both count as refunds, the sales stay.
    await refund(second, 's1', 100);
    await refund(first, 's1', first.TotalFen);
    expect((await orderRow(server, await orderId(server, first.OrderNo))).state).toBe('closed');
    const refunded = { ...paid, refunds: start.refunds + 100 + first.TotalFen };
    expect(await todayOfSecondSite()).toEqual(refunded);

    expect((await reportTotals()).Totals).toMatchObject({
      CreatedOrders: refunded.created,
      PaidOrders: refunded.paid,
      PayingBuyers: startBuyers + 1,
      SalesFen: refunded.sales,
      RefundFen: refunded.refunds,
    });
  });

  it('count a walk-in customer without a buyer id once per order', async () => {
    const before = await todayOfSecondSite();
    const beforeBuyers = (await reportTotals()).Totals.PayingBuyers;
    for (const method of ['cash', 'card'] as const) {
      const response = await server.call(
        orders.addOfflineOrder,
        { Lines: [{ SkuId: sku.skuId, Quantity: 1 }], PaymentMethod: method },
        { token },
      );
      expect(response.body.Errmsg).toBe('');
    }
    const after = await todayOfSecondSite();
    expect(after).toMatchObject({
      created: before.created + 2,
      paid: before.paid + 2,
      sales: before.sales + 2 * sku.priceFen,
    });
    expect((await reportTotals()).Totals.PayingBuyers).toBe(beforeBuyers + 2);
  });

  it('equal a rebuild from the orders, for every site and day the seed and these tests wrote', async () => {
    const kept = await everySummaryRow();
    expect(kept.days.length).toBeGreaterThan(30);
    await rebuildSalesSummaries(server.database.db);
    expect(await everySummaryRow()).toEqual(kept);
  });

  it('count a buyer once over days however late their payments are recorded', async () => {
    const wide = (await reportTotals(daysAgo(10))).Totals.PayingBuyers;
    const narrow = (await reportTotals(daysAgo(4))).Totals.PayingBuyers;
    const weeks = (await reportTotals(daysAgo(10), 'week')).Data.map((period) => period.PayingBuyers);
    const noon = (days: number) => new Date(Date.parse(`${daysAgo(days)}T04:00:00Z`));
    // Recorded out of order: the late one must relink the chain of the buyer's paying days.
    for (const days of [3, 10, 5, 3]) {
      await server.database.db.transaction((tx) =>
        countPayment(tx, { id: 0, siteId: SECOND_SITE, buyerId: 'chain-buyer', paidFen: 100 }, noon(days)),
      );
    }
    const chain = await server.query<{ day: string; previous: string | null }>(
      sql`select to_char(day, 'YYYY-MM-DD') as day, to_char(previous_day, 'YYYY-MM-DD') as previous
            from order_buyer_days where site_id = ${SECOND_SITE} and buyer = 'chain-buyer' order by day`,
    );
    expect(chain).toEqual([
      { day: daysAgo(10), previous: null },
      { day: daysAgo(5), previous: daysAgo(10) },
      { day: daysAgo(3), previous: daysAgo(5) },
    ]);
    expect((await reportTotals(daysAgo(10))).Totals.PayingBuyers).toBe(wide + 1);
    expect((await reportTotals(daysAgo(4))).Totals.PayingBuyers).toBe(narrow + 1);
    // Per week: once in each week holding one of the days.
    const weekOf = (days: number) => periodOf(daysAgo(days), 'week', daysAgo(10));
    const periods = (await reportTotals(daysAgo(10), 'week')).Data;
    const touched = new Set([weekOf(10), weekOf(5), weekOf(3)]);
    expect(periods.map((period) => period.PayingBuyers)).toEqual(
      periods.map((period, index) => weeks[index]! + (touched.has(period.Period) ? 1 : 0)),
    );
  });
});
