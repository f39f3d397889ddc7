import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract/endpoint';
import * as orders from '../../contract/endpoints/orders';
import * as storefrontApi from '../../contract/endpoints/storefront';
import { type ApiResponse, startTestServer, type TestServer } from './harness';
import { multipartBody } from './images';
import {
  ADDRESS,
  expectError,
  MALL_SITE,
  orderId,
  orderRow,
  placeOrder,
  prepareSku,
  SECOND_SITE,
  storefront,
  storefrontKey,
  type TestSku,
} from './order-helpers';

/** Store accounts see and act on their own store's orders only; another store's order is "not found". */

let server: TestServer;
let admin: string;
let store: string;
let key: string;
let flagship: number;
let otherStore: number;
let secondSiteStore: number;
let sku: TestSku;

const STORE_BUYER = { Id: 'scope-buyer', Name: '门店顾客', Phone: '13900000001' };

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  store = await server.login('store');
  key = await storefrontKey(server, admin);
  const [account] = await server.query<{ store_id: number }>(
    sql`select store_id from accounts where user_name = 'store'`,
  );
  flagship = account!.store_id;
  const [other] = await server.query<{ id: number }>(
    sql`select id from stores where site_id = ${MALL_SITE} and id <> ${flagship} and deleted = false order by id limit 1`,
  );
  otherStore = other!.id;
  const [foreign] = await server.query<{ id: number }>(
    sql`select id from stores where site_id = ${SECOND_SITE} order by id limit 1`,
  );
  secondSiteStore = foreign!.id;
  sku = await prepareSku(server, MALL_SITE, 1000, { skip: 60 });
});
afterAll(() => server.close());

async function pay(order: { OrderNo: string; TotalFen: number }) {
  const paid = await storefront(server, key, storefrontApi.payOrder, {
    OrderNo: order.OrderNo,
    BuyerId: STORE_BUYER.Id,
    PaymentMethod: 'wechat',
    AmountFen: order.TotalFen,
  });
  expect(paid.body.Errmsg).toBe('');
  return orderId(server, order.OrderNo);
}

/** A paid pickup order through the pickup point linked to the given store. */
async function pickupOrder(storeId: number) {
  const { value } = await deliveryPoints();
  const point = value.findIndex((entry) => entry.StoreId === storeId);
  expect(point).toBeGreaterThanOrEqual(0);
  const order = await placeOrder(server, key, sku, 1, {
    Buyer: STORE_BUYER,
    DeliveryType: 'pickup',
    Address: undefined,
    PickupPoint: point,
  });
  return { id: await pay(order), orderNo: order.OrderNo as string, code: order.PickupCode as string };
}

/** A paid express order the given store serves (or none), ready to ship. */
async function expressOrder(storeId: number | null) {
  const order = await placeOrder(server, key, sku, 1, { Buyer: STORE_BUYER });
  const id = await pay(order);
  await server.query(sql`update orders set store_id = ${storeId} where id = ${id}`);
  return { id, orderNo: order.OrderNo as string };
}

async function deliveryPoints() {
  const response = await server.call(orders.getDeliverySetting, {}, { token: admin });
  return { value: response.body.Data.Pickup.Points, setting: response.body.Data };
}

async function storeOf(id: number): Promise<number | null> {
  const [row] = await server.query<{ store_id: number | null }>(
    sql`select store_id from orders where id = ${id}`,
  );
  return row!.store_id;
}

function fieldOf(response: ApiResponse): string | undefined {
  return (response.body as unknown as { Errors?: { Field: string }[] }).Errors?.[0]?.Field;
}

describe('the order list of a store account', () => {
  it('shows only its store’s orders, with counts of its store, and says which store it is', async () => {
    const mine = await server.call(orders.getOrderList, { pageSize: 100 }, { token: store });
    expect(mine.body.Errmsg).toBe('');
    expect(mine.body.StoreScope).toEqual({ StoreId: flagship, Title: '旗舰店（徐汇店）' });
    const [expected] = await server.query<{ all: number; to_pay: number }>(
      sql`select count(*)::int as all, (count(*) filter (where state = 'toPay'))::int as to_pay
            from orders where site_id = ${MALL_SITE} and store_id = ${flagship}`,
    );
    // The seed gives the flagship pickup and walk-in orders.
    expect(expected!.all).toBeGreaterThan(3);
    expect(mine.body.Counts.all).toBe(expected!.all);
    expect(mine.body.Counts.toPay).toBe(expected!.to_pay);
    expect(mine.body.Data.length).toBe(Math.min(100, expected!.all));
    const stores = new Set(await Promise.all(mine.body.Data.map((row) => storeOf(row.Id))));
    expect([...stores]).toEqual([flagship]);

    const whole = await server.call(orders.getOrderList, {}, { token: admin });
    expect(whole.body.StoreScope).toBeNull();
    expect(whole.body.Counts.all).toBeGreaterThan(expected!.all);
  });

  it('cannot widen its scope with the store filter', async () => {
    const response = await server.call(orders.getOrderList, { storeId: otherStore }, { token: store });
    expect(response.body.Errmsg).toBe('');
    expect(response.body.Counts.all).toBe(0);
    expect(response.body.Data).toEqual([]);
  });

  it('exports only its store’s orders', async () => {
    const own = await pickupOrder(flagship);
    await pickupOrder(otherStore);
    await expressOrder(null);
    const raw = await server.app.inject({
      method: 'GET',
      url: `${API_BASE}${orders.exportOrderList.path}`,
      query: { buyer: STORE_BUYER.Id },
      headers: { authorization: `Bearer ${store}`, 'accept-language': 'en' },
    });
    expect(raw.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(raw.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const numbers: string[] = [];
    sheet.eachRow((row, index) => {
      if (index > 1) numbers.push(row.getCell(1).text);
    });
    const [expected] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from orders where buyer_id = ${STORE_BUYER.Id} and store_id = ${flagship}`,
    );
    expect(numbers).toContain(own.orderNo);
    expect(numbers.length).toBe(expected!.count);
  });

  it('lists only its store’s walk-in orders', async () => {
    const response = await server.call(orders.getOfflineOrders, { pageSize: 100 }, { token: store });
    expect(response.body.Errmsg).toBe('');
    const [expected] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from orders where source = 'offline' and store_id = ${flagship}`,
    );
    expect(expected!.count).toBeGreaterThan(0);
    expect(response.body.Counts.all).toBe(expected!.count);
    for (const row of response.body.Data) expect(await storeOf(row.Id)).toBe(flagship);
  });
});

describe('one order, for a store account', () => {
  it('opens its store’s order; another store’s answers "not found" like a missing order', async () => {
    const own = await pickupOrder(flagship);
    const foreign = await pickupOrder(otherStore);
    const detail = await server.call(orders.getOrderInfo, { id: own.id }, { token: store });
    expect(detail.body.Errmsg).toBe('');
    expect(detail.body.PickupPoint?.StoreId).toBe(flagship);

    const denied = await server.call(orders.getOrderInfo, { id: foreign.id }, { token: store, locale: 'en' });
    const missing = await server.call(
      orders.getOrderInfo,
      { id: 99_999_999 },
      { token: store, locale: 'en' },
    );
    expectError(denied, `Order ${foreign.id} does not exist`);
    expectError(missing, 'Order 99999999 does not exist');
    expect(fieldOf(denied)).toBe(fieldOf(missing));

    const receipt = await server.call(orders.getReceiptPrintData, { id: foreign.id }, { token: store });
    expectError(receipt, `Order ${foreign.id} does not exist`);
    const ownReceipt = await server.call(orders.getReceiptPrintData, { id: own.id }, { token: store });
    expect(ownReceipt.body.Receipt.OrderNo).toBe(own.orderNo);
  });

  it('ships its own store’s order', async () => {
    const own = await expressOrder(flagship);
    const { version } = await orderRow(server, own.id);
    const response = await server.call(
      orders.bindOrderState,
      { Action: 'ship', Id: own.id, Version: version, Carrier: 'ZTO', TrackingNo: '73100000000001' },
      { token: store },
    );
    expect(response.body.Errmsg).toBe('');
    expect(response.body.State).toBe('shipped');
  });

  it('verifies pickup codes of its store only', async () => {
    const own = await pickupOrder(flagship);
    const foreign = await pickupOrder(otherStore);
    const verify = (order: { id: number; code: string }, version: number) =>
      server.call(
        orders.bindOrderState,
        { Action: 'verifyPickup', Id: order.id, Version: version, Code: order.code },
        { token: store, locale: 'en' },
      );
    const denied = await verify(foreign, (await orderRow(server, foreign.id)).version);
    expectError(denied, `Order ${foreign.id} does not exist`);
    expect((await orderRow(server, foreign.id)).state).toBe('toShip');
    const done = await verify(own, (await orderRow(server, own.id)).version);
    expect(done.body.Errmsg).toBe('');
  });

  it.each([
    ['ship', { Carrier: 'ZTO', TrackingNo: '73100000000002' }],
    ['remark', { Remark: 'not mine' }],
    ['close', { Reason: 'not mine' }],
    ['modifyPrice', { AdjustFen: -1, FreightFen: 0, Reason: 'not mine' }],
    ['changeAddress', { Address: ADDRESS }],
    ['approveRefund', { AmountFen: 1, Reason: 'not mine' }],
    ['rejectRefund', { Reason: 'not mine' }],
    ['markRefunded', {}],
  ])(
    'refuses %s on another store’s order or an order without a store as "not found"',
    async (action, form) => {
      for (const target of [otherStore, null]) {
        const foreign = await expressOrder(target);
        const before = await orderRow(server, foreign.id);
        const response = await server.call(
          orders.bindOrderState,
          { Action: action, Id: foreign.id, Version: before.version, ...form },
          { token: store, locale: 'en' },
        );
        expectError(response, `Order ${foreign.id} does not exist`);
        expect(await orderRow(server, foreign.id)).toEqual(before);
      }
    },
  );

  it('bulk-ships its own orders from a sheet; another store’s rows are "not found"', async () => {
    const own = await expressOrder(flagship);
    const foreign = await expressOrder(otherStore);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('发货');
    sheet.addRow(['订单号', '快递单号', '快递公司']);
    sheet.addRow([own.orderNo, '73100000000003', 'ZTO']);
    sheet.addRow([foreign.orderNo, '73100000000004', 'ZTO']);
    const body = multipartBody(
      {
        filename: 'ship.xlsx',
        contentType: 'application/octet-stream',
        bytes: Buffer.from(await book.xlsx.writeBuffer()),
      },
      {},
    );
    const raw = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}${orders.importShipments.path}`,
      headers: { authorization: `Bearer ${store}`, 'accept-language': 'en', ...body.headers },
      payload: body.payload,
    });
    const result = raw.json();
    expect(result).toMatchObject({ Total: 2, Shipped: 1, Failed: 1 });
    expect(result.Rows[1]).toMatchObject({ Ok: false, Message: `Order ${foreign.orderNo} does not exist` });
    expect((await orderRow(server, own.id)).state).toBe('shipped');
    expect((await orderRow(server, foreign.id)).state).toBe('toShip');
  });
});

describe('walk-in orders and their store', () => {
  async function walkIn(token: string, extra: Record<string, unknown> = {}) {
    return server.call(
      orders.addOfflineOrder,
      { Lines: [{ SkuId: sku.skuId, Quantity: 1 }], PaymentMethod: 'cash', ...extra },
      { token, locale: 'en' },
    );
  }

  it('records the store account’s store, and refuses naming another', async () => {
    const response = await walkIn(store);
    expect(response.body.Errmsg).toBe('');
    expect(await storeOf(response.body.Id)).toBe(flagship);
    const list = await server.call(
      orders.getOfflineOrders,
      { keyword: response.body.OrderNo },
      { token: store },
    );
    expect(list.body.Data.map((row) => row.Id)).toEqual([response.body.Id]);

    const other = await walkIn(store, { StoreId: otherStore });
    expectError(other, `Store ${otherStore} is not one of this shop’s stores`);
    expect(fieldOf(other)).toBe('StoreId');
  });

  it('lets a main account pick one of its site’s stores, or none', async () => {
    const picked = await walkIn(admin, { StoreId: otherStore });
    expect(picked.body.Errmsg).toBe('');
    expect(await storeOf(picked.body.Id)).toBe(otherStore);
    const none = await walkIn(admin);
    expect(await storeOf(none.body.Id)).toBeNull();
    for (const storeId of [secondSiteStore, 99_999]) {
      const refused = await walkIn(admin, { StoreId: storeId });
      expectError(refused, `Store ${storeId} is not one of this shop’s stores`);
      expect(fieldOf(refused)).toBe('StoreId');
    }
  });
});

describe('pickup points and their store', () => {
  it('refuses a store of another site or an unknown one, naming the field', async () => {
    const { setting } = await deliveryPoints();
    const { Version, ...form } = setting;
    for (const storeId of [secondSiteStore, 99_999]) {
      const points = [...form.Pickup.Points];
      points[1] = { ...points[1]!, StoreId: storeId };
      const response = await server.call(
        orders.setDeliverySetting,
        { ...form, Pickup: { ...form.Pickup, Points: points }, Version },
        { token: admin, locale: 'en' },
      );
      expectError(response, `Store ${storeId} is not one of this shop’s stores`);
      expect(fieldOf(response)).toBe('Pickup.Points.1.StoreId');
    }
    const site2 = await server.login('site2');
    const own = await server.call(orders.getOrderStores, {}, { token: site2 });
    expect(own.body.Data.map((entry) => entry.Id)).toEqual([secondSiteStore]);
  });

  it('records the store of the pickup point on a storefront order', async () => {
    const order = await pickupOrder(otherStore);
    expect(await storeOf(order.id)).toBe(otherStore);
  });
});

describe('the store filter of the main account', () => {
  it('lists one store’s orders with that store’s counts', async () => {
    const response = await server.call(
      orders.getOrderList,
      { storeId: otherStore, pageSize: 100 },
      { token: admin },
    );
    expect(response.body.Errmsg).toBe('');
    const [expected] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from orders where store_id = ${otherStore}`,
    );
    expect(expected!.count).toBeGreaterThan(0);
    expect(response.body.Counts.all).toBe(expected!.count);
    for (const row of response.body.Data) expect(await storeOf(row.Id)).toBe(otherStore);
    const stores = await server.call(orders.getOrderStores, {}, { token: admin });
    expect(stores.body.Data.map((entry) => entry.Title)).toContain('旗舰店（徐汇店）');
    expect(stores.body.Data.map((entry) => entry.Title)).not.toContain('虹桥店（已撤店）');
  });

  it('keeps other sites out: a site’s store filter on another site finds nothing', async () => {
    const site2 = await server.login('site2');
    const response = await server.call(orders.getOrderList, { storeId: flagship }, { token: site2 });
    expect(response.body.Errmsg).toBe('');
    expect(response.body.Counts.all).toBe(0);
  });
});

describe('a store account without a store', () => {
  it('sees no orders, is told why, and cannot take walk-in orders', async () => {
    await server.query(sql`update accounts set store_id = null where user_name = 'store'`);
    const response = await server.call(orders.getOrderList, {}, { token: store });
    expect(response.body.Errmsg).toBe('');
    expect(response.body.StoreScope).toEqual({ StoreId: null, Title: '' });
    expect(response.body.Counts.all).toBe(0);
    expect(response.body.Data).toEqual([]);
    const own = await server.query<{ id: number }>(
      sql`select id from orders where store_id = ${flagship} order by id limit 1`,
    );
    const detail = await server.call(orders.getOrderInfo, { id: own[0]!.id }, { token: store, locale: 'en' });
    expectError(detail, `Order ${own[0]!.id} does not exist`);
    const walkIn = await server.call(
      orders.addOfflineOrder,
      { Lines: [{ SkuId: sku.skuId, Quantity: 1 }] },
      { token: store, locale: 'en' },
    );
    expectError(walkIn, 'This store account is not linked to a store; ask the main account to link one');
    expect(fieldOf(walkIn)).toBe('StoreId');
    await server.query(sql`update accounts set store_id = ${flagship} where user_name = 'store'`);
  });
});

describe('a pickup point at a store', () => {
  it('takes no pickup while its store is switched off, deleted or has pickup off, and takes one again after', async () => {
    const { value } = await deliveryPoints();
    const point = value.findIndex((entry) => entry.StoreId === otherStore);
    const pickup = { Buyer: STORE_BUYER, DeliveryType: 'pickup', Address: undefined, PickupPoint: point };
    for (const change of [sql`status = 'off'`, sql`deleted = true`, sql`pickup = false`]) {
      await server.query(sql`update stores set ${change} where id = ${otherStore}`);
      const refused = await storefront(server, key, storefrontApi.createOrder, {
        ...pickup,
        Lines: [{ SkuId: sku.skuId, Quantity: 1 }],
      });
      expectError(refused, /is not taking pickups now/);
      expect((refused.body as unknown as { Errors: { Field: string }[] }).Errors[0]!.Field).toBe(
        'PickupPoint',
      );
      await server.query(
        sql`update stores set status = 'on', deleted = false, pickup = true where id = ${otherStore}`,
      );
    }
    const taken = await storefront(server, key, storefrontApi.createOrder, {
      ...pickup,
      Lines: [{ SkuId: sku.skuId, Quantity: 1 }],
    });
    expect(taken.body.Errmsg).toBe('');
  });
});
