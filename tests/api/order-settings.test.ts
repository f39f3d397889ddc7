import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as orders from '../../contract/endpoints/orders';
import * as storefrontApi from '../../contract/endpoints/storefront';
import { startTestServer, type TestServer } from './harness';
import {
  ADDRESS,
  BUYER,
  expectError,
  prepareSku,
  SECOND_SITE,
  storefront,
  storefrontKey,
} from './order-helpers';

/** Settings of the second demo site, which starts with none saved. */

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('site2');
});
afterAll(() => server.close());

const delivery = {
  Express: { Enabled: true },
  SameCity: { Enabled: false, FeeFen: 500, MinOrderFen: 0, RangeKm: 5, Latitude: null, Longitude: null },
  Pickup: { Enabled: false, Points: [] },
};

describe('order parameters', () => {
  it('start at the defaults, save with versions and refuse a stale save', async () => {
    const initial = await server.call(orders.getParameterSetting, {}, { token });
    expect(initial.body.Data).toEqual({ ...orders.DEFAULT_PARAMETER_SETTING, Version: 0 });
    const changed = {
      ...orders.DEFAULT_PARAMETER_SETTING,
      UnpaidCloseMinutes: { Normal: 60, Seckill: 3, GroupBuy: 20, Bargain: 10 },
      AutoConfirmDays: 10,
      StockDeduction: 'payment',
      InvoiceEnabled: true,
    };
    const first = await server.call(orders.setParameterSetting, { ...changed, Version: 0 }, { token });
    expect(first.body).toMatchObject({ Errcode: 0, Version: 1 });
    expect((await server.call(orders.getParameterSetting, {}, { token })).body.Data).toEqual({
      ...changed,
      Version: 1,
    });
    const stale = await server.call(orders.setParameterSetting, { ...changed, Version: 0 }, { token });
    expectError(stale, /changed by someone else/);
    const second = await server.call(
      orders.setParameterSetting,
      { ...changed, AfterSaleDays: 0, Version: 1 },
      { token },
    );
    expect(second.body.Version).toBe(2);
    const [audited] = await server.query<{ summary: { after: { AfterSaleDays: number } } }>(
      sql`select summary from audit_log where action = 'order.settings.parameter' and site_id = ${SECOND_SITE} order by id desc limit 1`,
    );
    expect(audited!.summary.after.AfterSaleDays).toBe(0);
  });

  it.each([
    [
      { UnpaidCloseMinutes: { Normal: 0, Seckill: 5, GroupBuy: 15, Bargain: 15 } },
      'UnpaidCloseMinutes.Normal: must be at least 1',
    ],
    [{ AutoConfirmDays: 31 }, 'AutoConfirmDays: must be at most 30'],
    [{ StockDeduction: 'never' }, 'StockDeduction: must be one of creation, payment'],
    [{ PointsGrant: undefined }, 'PointsGrant: must be one of payment, completion'],
    [{ PointsPerYuan: 101 }, 'PointsPerYuan: must be at most 100'],
    [{ PointsPerYuan: 1.5 }, 'PointsPerYuan'],
  ])('refuses %j', async (change, message) => {
    const response = await server.call(
      orders.setParameterSetting,
      { ...orders.DEFAULT_PARAMETER_SETTING, ...change, Version: 2 },
      { token },
    );
    expectError(response, message);
  });

  it('lets buyers ask for an invoice once invoices are on, and starts the payment clock from the setting', async () => {
    const key = await storefrontKey(server, token);
    const sku = await prepareSku(server, SECOND_SITE, 5);
    const response = await storefront(server, key, storefrontApi.createOrder, {
      Buyer: BUYER,
      DeliveryType: 'express',
      Address: ADDRESS,
      Lines: [{ SkuId: sku.skuId, Quantity: 1 }],
      Invoice: { Title: '深圳某某科技有限公司', TaxNumber: '91440300MA5XXXXX0X' },
    });
    expect(response.body.Errmsg).toBe('');
    const minutes =
      (Date.parse(response.body.Order.PayDueAt!) - Date.parse(response.body.Order.CreatedAt)) / 60_000;
    expect(minutes).toBe(60);
    const [row] = await server.query<{ invoice: unknown; stock_mode: string }>(
      sql`select invoice, stock_mode from orders where order_no = ${response.body.Order.OrderNo}`,
    );
    expect(row).toEqual({
      invoice: { Title: '深圳某某科技有限公司', TaxNumber: '91440300MA5XXXXX0X' },
      stock_mode: 'payment',
    });
  });
});

describe('delivery settings', () => {
  it.each([
    [{ Express: { Enabled: false } }, 'Turn on at least one way of delivery'],
    [{ SameCity: { ...delivery.SameCity, Enabled: true } }, 'Same-city delivery needs the shop’s location'],
    [{ Pickup: { Enabled: true, Points: [] } }, 'Pickup at store needs at least one pickup point'],
    [{ SameCity: { ...delivery.SameCity, RangeKm: 0 } }, 'SameCity.RangeKm: must be at least 0.1'],
  ])('refuses %j', async (change, message) => {
    const response = await server.call(
      orders.setDeliverySetting,
      { ...delivery, ...change, Version: 0 },
      { token },
    );
    expectError(response, message);
  });

  it('saves same-city delivery with its fee and range, and pickup points', async () => {
    const setting = {
      Express: { Enabled: true },
      SameCity: {
        Enabled: true,
        FeeFen: 800,
        MinOrderFen: 3000,
        RangeKm: 3.5,
        Latitude: 31.23,
        Longitude: 121.47,
      },
      Pickup: {
        Enabled: true,
        Points: [
          {
            Name: '人民广场店',
            Address: '上海市黄浦区南京东路 1 号',
            Phone: '021-1234567',
            Hours: '9:00-21:00',
          },
        ],
      },
    };
    const saved = await server.call(orders.setDeliverySetting, { ...setting, Version: 0 }, { token });
    expect(saved.body.Version).toBe(1);
    const read = await server.call(orders.getDeliverySetting, {}, { token });
    expect(read.body.Data).toEqual({ ...setting, Version: 1 });
  });
});

describe('receipt printer settings', () => {
  it('saves paper, copies, texts and fields, refusing a field chosen twice', async () => {
    const initial = await server.call(orders.getReceiptSetting, {}, { token });
    expect(initial.body.Data).toEqual({ ...orders.DEFAULT_RECEIPT_SETTING, Version: 0 });
    const setting = {
      Paper: '80',
      Copies: 2,
      Header: '欢迎光临',
      Footer: '谢谢',
      Fields: ['shopName', 'lines', 'amounts'],
    };
    const twice = await server.call(
      orders.setReceiptSetting,
      { ...setting, Fields: ['lines', 'lines'], Version: 0 },
      { token },
    );
    expectError(twice, 'Each receipt field can be chosen once');
    const badPaper = await server.call(
      orders.setReceiptSetting,
      { ...setting, Paper: '110', Version: 0 },
      { token },
    );
    expectError(badPaper, 'Paper: must be one of 58, 80');
    const saved = await server.call(orders.setReceiptSetting, { ...setting, Version: 0 }, { token });
    expect(saved.body.Version).toBe(1);
    expect((await server.call(orders.getReceiptSetting, {}, { token })).body.Data).toEqual({
      ...setting,
      Version: 1,
    });
  });
});

describe('storefront keys', () => {
  it('lists keys by name and prefix only, and caps how many are live', async () => {
    const list = await server.call(orders.getStorefrontKeys, {}, { token });
    const live = list.body.Data.filter((row) => row.RevokedAt === null).length;
    for (let index = live; index < orders.MAX_STOREFRONT_KEYS; index += 1) await storefrontKey(server, token);
    const over = await server.call(orders.addStorefrontKey, { Name: 'one too many' }, { token });
    expectError(
      over,
      `A shop can have at most ${orders.MAX_STOREFRONT_KEYS} storefront keys; revoke one first`,
    );
    const after = await server.call(orders.getStorefrontKeys, {}, { token });
    expect(after.body.Data.every((row) => /^sf_.{7}$/.test(row.Prefix))).toBe(true);
    expect(JSON.stringify(after.body)).not.toMatch(/sf_[A-Za-z0-9_-]{32}/);
    const revokeTwice = after.body.Data[0]!.Id;
    expect((await server.call(orders.revokeStorefrontKey, { Id: revokeTwice }, { token })).body.Errcode).toBe(
      0,
    );
    expectError(
      await server.call(orders.revokeStorefrontKey, { Id: revokeTwice }, { token }),
      `Storefront key ${revokeTwice} does not exist or is already revoked`,
    );
  });
});
