import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as orders from '../../contract/endpoints/orders';
import * as storefrontApi from '../../contract/endpoints/storefront';
import { OrderPermission } from '../../contract/machines/order';
import { startTestServer, type TestServer } from './harness';
import {
  ADDRESS,
  BUYER,
  expectError,
  MALL_SITE,
  orderRow,
  placeOrder,
  prepareSku,
  storefront,
  storefrontKey,
} from './order-helpers';

/**
 * Face printing has its own lookups under its own menu: an operator granted face printing alone
 * lists the orders waiting to ship by express, picks a carrier account and prints, without the
 * order supervision or carrier-account menus.
 */

let server: TestServer;
let adminToken: string;
let printerToken: string;
let key: string;
const placed: Record<'express' | 'pickup' | 'unpaid', { OrderNo: string; Id: number }> = {} as never;

async function place(deliveryType: 'express' | 'pickup', pay: boolean, skip: number) {
  const sku = await prepareSku(server, MALL_SITE, 10, { skip });
  const overrides =
    deliveryType === 'pickup' ? { DeliveryType: 'pickup', Address: undefined, PickupPoint: 0 } : {};
  const order = await placeOrder(server, key, sku, 1, overrides);
  if (pay) {
    const paid = await storefront(server, key, storefrontApi.payOrder, {
      OrderNo: order.OrderNo,
      BuyerId: BUYER.Id,
      PaymentMethod: 'wechat',
      AmountFen: order.TotalFen,
    });
    expect(paid.body.Errmsg).toBe('');
  }
  const [row] = await server.query<{ id: number }>(
    sql`select id from orders where order_no = ${order.OrderNo}`,
  );
  return { OrderNo: order.OrderNo as string, Id: row!.id };
}

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await server.login('admin');
  key = await storefrontKey(server, adminToken);
  await server.query(
    sql`delete from grants where account_id = (select id from accounts where user_name = 'sub')`,
  );
  await server.query(
    sql`insert into grants (site_id, account_id, menu_id)
        select a.site_id, a.id, m.id from accounts a, menus m
         where a.user_name = 'sub' and m.path = ${OrderPermission.facePrinting}`,
  );
  printerToken = await server.login('sub', { siteId: MALL_SITE });
  placed.express = await place('express', true, 60);
  placed.unpaid = await place('express', false, 61);
  const [setting] = await server.query<{ version: number }>(
    sql`select version from order_delivery_settings where site_id = ${MALL_SITE}`,
  );
  const saved = await server.call(
    orders.setDeliverySetting,
    {
      Express: { Enabled: true },
      SameCity: { Enabled: false, FeeFen: 0, MinOrderFen: 0, RangeKm: 5, Latitude: null, Longitude: null },
      Pickup: { Enabled: true, Points: [{ Name: '门店', Address: '深圳市南山区', Phone: '0755-1' }] },
      Version: setting?.version ?? 0,
    },
    { token: adminToken },
  );
  expect(saved.body.Errmsg).toBe('');
  placed.pickup = await place('pickup', true, 62);
});
afterAll(() => server.close());

describe('face printing with its own permission', () => {
  it('keeps the order list and carrier-account settings closed to a printing-only operator', async () => {
    const list = await server.call(orders.getOrderList, { tab: 'toShip' }, { token: printerToken });
    expect(list.status).toBe(403);
    expect(list.body.Errcode).toBe(-1);
    const configs = await server.call(orders.getFaceConfigs, {}, { token: printerToken });
    expect(configs.status).toBe(403);
  });

  it('lists only orders waiting to ship by express, with filters and paging', async () => {
    const response = await server.call(orders.getFacePrintOrders, { pageSize: 100 }, { token: printerToken });
    expect(response.body.Errmsg).toBe('');
    const numbers = response.body.Data.map((row) => row.OrderNo);
    expect(numbers).toContain(placed.express.OrderNo);
    expect(numbers).not.toContain(placed.unpaid.OrderNo);
    expect(numbers).not.toContain(placed.pickup.OrderNo);
    expect(response.body.Data.every((row) => row.State === 'toShip' && row.DeliveryType === 'express')).toBe(
      true,
    );
    const [expected] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from orders
           where site_id = ${MALL_SITE} and state = 'toShip' and delivery_type = 'express'`,
    );
    expect(response.body.Total).toBe(expected!.count);

    const one = await server.call(
      orders.getFacePrintOrders,
      { orderNo: placed.express.OrderNo },
      { token: printerToken },
    );
    expect(one.body.Data.map((row) => row.OrderNo)).toEqual([placed.express.OrderNo]);
    expect(one.body.Total).toBe(1);
  });

  it('refuses filters it does not offer and bad dates, naming the field', async () => {
    expectError(
      await server.call(orders.getFacePrintOrders, { tab: 'all' } as never, { token: printerToken }),
      /tab/,
    );
    expectError(
      await server.call(orders.getFacePrintOrders, { paidFrom: 'yesterday' }, { token: printerToken }),
      /paidFrom/,
    );
    expectError(
      await server.call(
        orders.getFacePrintOrders,
        { paidFrom: '2024-05-02', paidTo: '2024-05-01' },
        { token: printerToken },
      ),
      /paidFrom|paidTo/,
    );
  });

  it('prints and confirms a face sheet with a carrier account from its own lookup', async () => {
    const saved = await server.call(
      orders.saveFaceConfig,
      {
        Name: '中通打单',
        Carrier: 'ZTO',
        Paper: '100x180',
        Sender: { ...ADDRESS, Name: '演示商城', Detail: '科技园 8 号' },
      },
      { token: adminToken },
    );
    expect(saved.body.Errmsg).toBe('');
    const configs = await server.call(orders.getFacePrintConfigs, {}, { token: printerToken });
    expect(configs.body.Errmsg).toBe('');
    expect(configs.body.Data.map((row) => row.Id)).toContain(saved.body.Id);
    expect(JSON.stringify(configs.body)).not.toContain('Kuaidi100');

    const printed = await server.call(
      orders.printFaceSheets,
      { FaceConfigId: saved.body.Id, Orders: [{ Id: placed.express.Id, TrackingNo: '75300000000001' }] },
      { token: printerToken },
    );
    expect(printed.body.Errmsg).toBe('');
    expect(printed.body.Sheets.map((sheet) => sheet.TrackingNo)).toEqual(['75300000000001']);
    const confirmed = await server.call(
      orders.confirmFacePrint,
      { BatchNo: printed.body.BatchNo },
      { token: printerToken },
    );
    expect(confirmed.body.Shipped).toEqual([placed.express.Id]);
    expect((await orderRow(server, placed.express.Id)).state).toBe('shipped');
    const after = await server.call(orders.getFacePrintOrders, { pageSize: 100 }, { token: printerToken });
    expect(after.body.Data.map((row) => row.OrderNo)).not.toContain(placed.express.OrderNo);
  });

  it('shows one shop none of another shop’s orders or carrier accounts', async () => {
    const otherToken = await server.login('site2');
    const list = await server.call(orders.getFacePrintOrders, { pageSize: 100 }, { token: otherToken });
    expect(list.body.Errmsg).toBe('');
    const [mine] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from orders
           where site_id = 2 and state = 'toShip' and delivery_type = 'express'`,
    );
    expect(list.body.Total).toBe(mine!.count);
    const numbers = list.body.Data.map((row) => row.OrderNo);
    expect(numbers).not.toContain(placed.unpaid.OrderNo);
    const [mallOrders] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from orders
           where site_id = ${MALL_SITE} and order_no in (${sql.join(
             numbers.length === 0 ? [sql`''`] : numbers.map((number) => sql`${number}`),
             sql`, `,
           )})`,
    );
    expect(mallOrders!.count).toBe(0);
    const configs = await server.call(orders.getFacePrintConfigs, {}, { token: otherToken });
    const [mallConfigs] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from face_configs where site_id = ${MALL_SITE} and id in (${sql.join(
        configs.body.Data.length === 0 ? [sql`0`] : configs.body.Data.map((row) => sql`${row.Id}`),
        sql`, `,
      )})`,
    );
    expect(mallConfigs!.count).toBe(0);
  });
});
