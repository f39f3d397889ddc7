import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as orders from '../../contract/endpoints/orders';
import * as storefrontApi from '../../contract/endpoints/storefront';
import { startTestServer, type TestServer } from './harness';
import {
  BUYER,
  expectError,
  MALL_SITE,
  orderRow,
  prepareSku,
  skuStock,
  storefront,
  storefrontKey,
} from './order-helpers';

let server: TestServer;
let token: string;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin');
  key = await storefrontKey(server, token);
});
afterAll(() => server.close());

describe('walk-in orders', () => {
  it('takes a paid counter order: priced from the database, discounted, stock taken, completed', async () => {
    const sku = await prepareSku(server, MALL_SITE, 10, { skip: 40 });
    const response = await server.call(
      orders.addOfflineOrder,
      {
        Buyer: { Name: '到店顾客', Phone: '13600000000' },
        Lines: [{ SkuId: sku.skuId, Quantity: 2 }],
        DiscountFen: 500,
        PaymentMethod: 'cash',
        Remark: '会员价',
      },
      { token },
    );
    expect(response.body.Errmsg).toBe('');
    expect(response.body).toMatchObject({ State: 'completed', TotalFen: sku.priceFen * 2 - 500 });
    expect(await skuStock(server, sku.skuId)).toBe(8);
    const detail = await server.call(orders.getOrderInfo, { id: response.body.Id }, { token });
    expect(detail.body).toMatchObject({
      Source: 'offline',
      DeliveryType: 'inStore',
      PaymentMethod: 'cash',
      DiscountFen: 500,
      PaidFen: sku.priceFen * 2 - 500,
      SellerRemark: '会员价',
    });
    expect(detail.body.Timeline.map((entry) => `${entry.Actor}:${entry.Action}`)).toEqual([
      'operator:create',
      'operator:payInStore',
    ]);

    const receipt = await server.call(orders.getReceiptPrintData, { id: response.body.Id }, { token });
    expect(receipt.body.Receipt).toMatchObject({
      ShopName: '演示商城',
      OrderNo: response.body.OrderNo,
      Cashier: 'admin',
      BuyerName: '到店顾客',
      TotalFen: sku.priceFen * 2 - 500,
      PaymentMethod: 'cash',
      Lines: [expect.objectContaining({ Quantity: 2, UnitFen: sku.priceFen })],
    });
    expect(receipt.body.Setting.Paper).toMatch(/^(58|80)$/);
  });

  it('keeps an unpaid counter order waiting, then takes the money; closing another returns its stock', async () => {
    const sku = await prepareSku(server, MALL_SITE, 10, { skip: 41 });
    const waiting = await server.call(
      orders.addOfflineOrder,
      { Lines: [{ SkuId: sku.skuId, Quantity: 1 }] },
      { token },
    );
    expect(waiting.body.State).toBe('toPay');
    const paid = await server.call(
      orders.bindOfflineOrderState,
      { Action: 'payInStore', Id: waiting.body.Id, Version: waiting.body.Version, PaymentMethod: 'card' },
      { token },
    );
    expect(paid.body.State).toBe('completed');
    const twice = await server.call(
      orders.bindOfflineOrderState,
      { Action: 'payInStore', Id: waiting.body.Id, Version: paid.body.Version, PaymentMethod: 'card' },
      { token },
    );
    expectError(twice, /cannot be paid at the counter: it is completed/);

    const other = await server.call(
      orders.addOfflineOrder,
      { Lines: [{ SkuId: sku.skuId, Quantity: 3 }] },
      { token },
    );
    expect(await skuStock(server, sku.skuId)).toBe(6);
    const closed = await server.call(
      orders.bindOfflineOrderState,
      { Action: 'close', Id: other.body.Id, Version: other.body.Version, Reason: '顾客离开' },
      { token },
    );
    expect(closed.body.State).toBe('closed');
    expect(await skuStock(server, sku.skuId)).toBe(9);

    const list = await server.call(orders.getOfflineOrders, { tab: 'completed', pageSize: 100 }, { token });
    expect(list.body.Data.some((row) => row.Id === waiting.body.Id)).toBe(true);
    expect(list.body.Data.every((row) => row.Source === 'offline' && row.State === 'completed')).toBe(true);
    expect(list.body.Counts.all).toBe(
      list.body.Counts.toPay + list.body.Counts.completed + list.body.Counts.closed,
    );
  });

  it('refuses a discount above the goods amount, online orders and online payment methods', async () => {
    const sku = await prepareSku(server, MALL_SITE, 10, { skip: 42 });
    const discount = await server.call(
      orders.addOfflineOrder,
      { Lines: [{ SkuId: sku.skuId, Quantity: 1 }], DiscountFen: sku.priceFen + 1 },
      { token },
    );
    expectError(discount, `The discount cannot exceed the goods amount (${sku.priceFen} fen)`);
    expect(await skuStock(server, sku.skuId)).toBe(10);
    const wechat = await server.call(
      orders.addOfflineOrder,
      { Lines: [{ SkuId: sku.skuId, Quantity: 1 }], PaymentMethod: 'wechat' },
      { token },
    );
    expectError(wechat, /PaymentMethod: must be one of cash, card, transfer/);
    const online = await storefront(server, key, storefrontApi.createOrder, {
      Buyer: BUYER,
      DeliveryType: 'express',
      Address: { Name: '张三', Phone: '13800000001', Province: '广东省', City: '深圳市', Detail: '1 号' },
      Lines: [{ SkuId: sku.skuId, Quantity: 1 }],
    });
    const [row] = await server.query<{ id: number; version: number }>(
      sql`select id, version from orders where order_no = ${online.body.Order.OrderNo}`,
    );
    const notOffline = await server.call(
      orders.bindOfflineOrderState,
      { Action: 'payInStore', Id: row!.id, Version: row!.version, PaymentMethod: 'cash' },
      { token },
    );
    expectError(notOffline, `Order ${row!.id} does not exist`);
    expect((await orderRow(server, row!.id)).state).toBe('toPay');
  });

  it('lists on-shelf SKUs for the counter by name or code', async () => {
    const [goods] = await server.query<{ code: string }>(
      sql`select s.code from skus s join products p on p.id = s.product_id
           where p.site_id = ${MALL_SITE} and p.shelf_state = 'on' and s.code <> '' limit 1`,
    );
    const response = await server.call(orders.getCounterSkus, { keyword: goods!.code }, { token });
    expect(response.body.Data.map((row) => row.Code)).toContain(goods!.code);
    const offShelf = await server.query<{ code: string }>(
      sql`select s.code from skus s join products p on p.id = s.product_id
           where p.site_id = ${MALL_SITE} and p.shelf_state = 'off' and s.code <> '' limit 1`,
    );
    if (offShelf[0]) {
      const hidden = await server.call(orders.getCounterSkus, { keyword: offShelf[0].code }, { token });
      expect(hidden.body.Data).toEqual([]);
    }
  });
});

describe('recharge orders', () => {
  async function recharge(input: Record<string, unknown>, pay = true) {
    const created = await storefront(server, key, storefrontApi.createRechargeOrder, {
      Buyer: BUYER,
      ...input,
    });
    expect(created.body.Errmsg).toBe('');
    if (pay) {
      await storefront(server, key, storefrontApi.payRechargeOrder, {
        OrderNo: created.body.Order.OrderNo,
        BuyerId: BUYER.Id,
        PaymentMethod: 'wechat',
        AmountFen: created.body.Order.AmountFen,
      });
    }
    const list = await server.call(
      orders.getRechargeOrders,
      { keyword: created.body.Order.OrderNo },
      { token },
    );
    return list.body.Data[0]!;
  }

  it('marks a data top-up delivered and refunds stored value with a reason', async () => {
    const data = await recharge({ Kind: 'data', PackageCode: 'D3G', Phone: '13900000001' });
    expect(data).toMatchObject({
      State: 'paid',
      AmountFen: 2500,
      PackageName: '中国联通 3GB',
      Commands: ['fulfil', 'refund'],
    });
    const fulfilled = await server.call(
      orders.bindRechargeOrderState,
      { Action: 'fulfil', Id: data.Id, Version: data.Version },
      { token },
    );
    expect(fulfilled.body.State).toBe('completed');

    const stored = await recharge({ Kind: 'storedValue', AmountFen: 30000 });
    expect(stored).toMatchObject({ State: 'completed', Commands: ['refund'] });
    const noFulfil = await server.call(
      orders.bindRechargeOrderState,
      { Action: 'fulfil', Id: stored.Id, Version: stored.Version },
      { token },
    );
    expectError(noFulfil, /cannot be marked delivered: it is completed/);
    const noReason = await server.call(
      orders.bindRechargeOrderState,
      { Action: 'refund', Id: stored.Id, Version: stored.Version },
      { token },
    );
    expectError(noReason, 'Reason: is required');
    const refunded = await server.call(
      orders.bindRechargeOrderState,
      { Action: 'refund', Id: stored.Id, Version: stored.Version, Reason: '误充' },
      { token },
    );
    expect(refunded.body.State).toBe('refunded');
    const stale = await server.call(
      orders.bindRechargeOrderState,
      { Action: 'refund', Id: stored.Id, Version: stored.Version, Reason: '误充' },
      { token },
    );
    expectError(stale, /cannot be refunded: it is refunded/);
    const [audited] = await server.query<{ action: string }>(
      sql`select action from audit_log where target = ${`recharge:${stored.Id}`}`,
    );
    expect(audited!.action).toBe('order.recharge.refund');
  });

  it('closes an unpaid recharge order and filters the list by kind and state', async () => {
    const unpaid = await recharge({ Kind: 'storedValue', AmountFen: 1000 }, false);
    expect(unpaid.Commands).toEqual(['close']);
    const closed = await server.call(
      orders.bindRechargeOrderState,
      { Action: 'close', Id: unpaid.Id, Version: unpaid.Version },
      { token },
    );
    expect(closed.body.State).toBe('closed');
    const list = await server.call(orders.getRechargeOrders, { kind: 'data', tab: 'completed' }, { token });
    expect(list.body.Data.every((row) => row.Kind === 'data' && row.State === 'completed')).toBe(true);
    expect(list.body.Total).toBe(list.body.Counts.completed);
  });
});
