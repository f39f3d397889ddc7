import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as dashboard from '../../contract/endpoints/dashboard';
import * as storefrontApi from '../../contract/endpoints/storefront';
import { startTestServer, type TestServer } from './harness';
import {
  BUYER,
  MALL_SITE,
  orderId,
  placeOrder,
  prepareSku,
  storefront,
  storefrontKey,
  type TestSku,
} from './order-helpers';

/** Issue 14 §6: a store account's dashboard counts its store's orders, not the whole shop's. */

let server: TestServer;
let admin: string;
let store: string;
let key: string;
let ownStore: number;
let otherStore: number;
let sku: TestSku;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  store = await server.login('store');
  key = await storefrontKey(server, admin);
  const [account] = await server.query<{ store_id: number }>(
    sql`select store_id from accounts where user_name = 'store'`,
  );
  ownStore = account!.store_id;
  const [other] = await server.query<{ id: number }>(
    sql`select id from stores where site_id = ${MALL_SITE} and id <> ${ownStore} and deleted = false order by id limit 1`,
  );
  otherStore = other!.id;
  sku = await prepareSku(server, MALL_SITE, 100, { skip: 70 });
});
afterAll(() => server.close());

/** A paid express order, waiting to ship, served by the given store. */
async function paidOrderOf(storeId: number) {
  const order = await placeOrder(server, key, sku, 1);
  const paid = await storefront(server, key, storefrontApi.payOrder, {
    OrderNo: order.OrderNo,
    BuyerId: BUYER.Id,
    PaymentMethod: 'wechat',
    AmountFen: order.TotalFen,
  });
  expect(paid.body.Errmsg).toBe('');
  const id = await orderId(server, order.OrderNo);
  await server.query(sql`update orders set store_id = ${storeId} where id = ${id}`);
  return order.TotalFen as number;
}

async function figures(token: string) {
  const response = await server.call(dashboard.getIndexDataInfo, {}, { token });
  expect(response.body.Errmsg).toBe('');
  return response.body.Data;
}

async function weekReport(token: string) {
  const response = await server.call(dashboard.getIndexOrderSaleReport, {}, { token });
  expect(response.body.Errmsg).toBe('');
  return response.body.Data.reduce(
    (total, day) => ({ orders: total.orders + day.OrderCount, sales: total.sales + day.Sales }),
    { orders: 0, sales: 0 },
  );
}

describe('the dashboard of a store account', () => {
  it('counts the orders of its own store only, the shop’s account all of them', async () => {
    const [siteToShip] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from orders where site_id = ${MALL_SITE} and state = 'toShip'`,
    );
    const [storeToShip] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from orders where site_id = ${MALL_SITE} and store_id = ${ownStore} and state = 'toShip'`,
    );
    expect((await figures(admin)).OrdersToShip).toBe(siteToShip!.count);
    expect((await figures(store)).OrdersToShip).toBe(storeToShip!.count);

    const storeBefore = await figures(store);
    const adminBefore = await figures(admin);
    const storeReportBefore = await weekReport(store);
    const adminReportBefore = await weekReport(admin);

    const otherFen = await paidOrderOf(otherStore);
    const ownFen = await paidOrderOf(ownStore);

    const storeAfter = await figures(store);
    const adminAfter = await figures(admin);
    expect(storeAfter.OrdersToShip - storeBefore.OrdersToShip).toBe(1);
    expect(storeAfter.TodayOrders - storeBefore.TodayOrders).toBe(1);
    expect(storeAfter.TodaySales - storeBefore.TodaySales).toBe(ownFen);
    expect(adminAfter.OrdersToShip - adminBefore.OrdersToShip).toBe(2);
    expect(adminAfter.TodaySales - adminBefore.TodaySales).toBe(ownFen + otherFen);

    const storeReportAfter = await weekReport(store);
    const adminReportAfter = await weekReport(admin);
    expect(storeReportAfter.orders - storeReportBefore.orders).toBe(1);
    expect(storeReportAfter.sales - storeReportBefore.sales).toBe(ownFen);
    expect(adminReportAfter.orders - adminReportBefore.orders).toBe(2);
  });

  it('shows nothing for a store account without a store rather than the whole shop', async () => {
    await server.query(sql`update accounts set store_id = null where user_name = 'store'`);
    try {
      const unlinked = await figures(store);
      expect(unlinked.OrdersToShip).toBe(0);
      expect(unlinked.WeekOrders).toBe(0);
    } finally {
      await server.query(sql`update accounts set store_id = ${ownStore} where user_name = 'store'`);
    }
  });
});
