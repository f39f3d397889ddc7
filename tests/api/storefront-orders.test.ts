import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract/endpoint';
import { revokeStorefrontKey, setDeliverySetting } from '../../contract/endpoints/orders';
import * as storefrontApi from '../../contract/endpoints/storefront';
import { KEY_TRUSTED_MILLISECONDS, newKey } from '../../server/areas/storefront/service';
import { startTestServer, type TestServer } from './harness';
import {
  ADDRESS,
  BUYER,
  expectError,
  MALL_SITE,
  orderId,
  orderRow,
  perUnit,
  placeOrder,
  prepareSku,
  setMallParameters,
  skuStock,
  storefront,
  storefrontKey,
} from './order-helpers';

let server: TestServer;
let token: string;
let key: string;
const startedAt = new Date();

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin');
  key = await storefrontKey(server, token);
  // The demo shop has invoices and pickup on; these tests start from a shop without them.
  await setParameters({});
  const [row] = await server.query<{ version: number }>(
    sql`select version from order_delivery_settings where site_id = ${MALL_SITE}`,
  );
  const saved = await server.call(
    setDeliverySetting,
    {
      Express: { Enabled: true },
      SameCity: { Enabled: false, FeeFen: 0, MinOrderFen: 0, RangeKm: 5, Latitude: null, Longitude: null },
      Pickup: { Enabled: false, Points: [] },
      Version: row?.version ?? 0,
    },
    { token },
  );
  expect(saved.body.Errmsg).toBe('');
});
afterAll(() => server.close());

function setParameters(changes: Record<string, unknown>) {
  return setMallParameters(server, token, changes);
}

/** Stock-log rows of orders placed by this test file (the seeded demo orders aside). */
async function stockLog(skuId: number) {
  return server.query<{ delta: number; after: number; kind: string; reason: string }>(
    sql`select delta, after, kind, reason from stock_log
         where sku_id = ${skuId} and kind = 'order' and at > ${startedAt.toISOString()}::timestamptz order by id`,
  );
}

describe('the storefront key', () => {
  it('is required: no key, a malformed key and an unknown key get HTTP 401', async () => {
    const input = { orderNo: '1', buyerId: 'x' };
    const none = await server.call(storefrontApi.getOrder, input);
    expect(none.status).toBe(401);
    expect(none.body.Errmsg).toMatch(/storefront key/);
    expect((await storefront(server, 'nonsense', storefrontApi.getOrder, input)).status).toBe(401);
    const unknown = `sf_${'A'.repeat(32)}`;
    expect((await storefront(server, unknown, storefrontApi.getOrder, input)).status).toBe(401);
  });

  it('is refused with HTTP 403 once its shop has expired, within the time a key read is trusted', async () => {
    const SITE = 2;
    const { key: siteKey, hash, prefix } = newKey();
    await server.query(
      sql`insert into storefront_keys (site_id, name, key_hash, prefix) values (${SITE}, 'expiry', ${hash}, ${prefix})`,
    );
    const [site] = await server.query<{ expires_at: string | null }>(
      sql`select expires_at::text from sites where id = ${SITE}`,
    );
    const input = { orderNo: '1', buyerId: 'x' };
    expect((await storefront(server, siteKey, storefrontApi.getOrder, input)).status).toBe(200);
    await server.query(sql`update sites set expires_at = now() - interval '1 minute' where id = ${SITE}`);
    try {
      await new Promise((resolve) => setTimeout(resolve, KEY_TRUSTED_MILLISECONDS + 100));
      const refused = await storefront(server, siteKey, storefrontApi.getOrder, input);
      expect(refused.status).toBe(403);
      // Read expired, it is refused from the first call.
      const { key: lateKey, hash: lateHash, prefix: latePrefix } = newKey();
      await server.query(
        sql`insert into storefront_keys (site_id, name, key_hash, prefix) values (${SITE}, 'late', ${lateHash}, ${latePrefix})`,
      );
      expect((await storefront(server, lateKey, storefrontApi.getOrder, input)).status).toBe(403);
    } finally {
      await server.query(
        sql`update sites set expires_at = ${site!.expires_at}::timestamptz where id = ${SITE}`,
      );
    }
  });

  it('stops working once revoked, and is stored only as a hash', async () => {
    const revoked = await storefrontKey(server, token);
    const [row] = await server.query<{ id: number; key_hash: string; prefix: string }>(
      sql`select id, key_hash, prefix from storefront_keys order by id desc limit 1`,
    );
    expect(row!.key_hash).not.toContain(revoked);
    expect(revoked.startsWith(row!.prefix)).toBe(true);
    expect((await server.call(revokeStorefrontKey, { Id: row!.id }, { token })).body.Errcode).toBe(0);
    const after = await storefront(server, revoked, storefrontApi.getOrder, { orderNo: '1', buyerId: 'x' });
    expect(after.status).toBe(401);
  });
});

describe('placing an order', () => {
  it('prices the lines from the database and takes the stock at once, with a stock-log row', async () => {
    const sku = await prepareSku(server, MALL_SITE, 10, {
      freight: { DefaultRule: perUnit(800, 200) },
    });
    const order = await placeOrder(server, key, sku, 3);
    expect(order.State).toBe('toPay');
    expect(order.GoodsFen).toBe(sku.priceFen * 3);
    expect(order.FreightFen).toBe(800 + 2 * 200);
    expect(order.TotalFen).toBe(sku.priceFen * 3 + 1200);
    expect(order.Lines).toEqual([
      expect.objectContaining({
        SkuId: sku.skuId,
        UnitFen: sku.priceFen,
        Quantity: 3,
        AmountFen: sku.priceFen * 3,
      }),
    ]);
    expect(order.PayDueAt).not.toBeNull();
    expect(await skuStock(server, sku.skuId)).toBe(7);
    expect(await stockLog(sku.skuId)).toEqual([
      { delta: -3, after: 7, kind: 'order', reason: order.OrderNo },
    ]);
  });

  it('refuses a price sent by the client', async () => {
    const sku = await prepareSku(server, MALL_SITE, 10, { skip: 1 });
    const response = await storefront(server, key, storefrontApi.createOrder, {
      Buyer: BUYER,
      DeliveryType: 'express',
      Address: ADDRESS,
      Lines: [{ SkuId: sku.skuId, Quantity: 1, PriceFen: 1 }],
    });
    expectError(response, /Lines\.0.*PriceFen.*unknown field/);
    expect(await skuStock(server, sku.skuId)).toBe(10);
  });

  it('refuses a tampered expected total, and accepts the true one', async () => {
    const sku = await prepareSku(server, MALL_SITE, 10, { skip: 2 });
    const before = await server.query(sql`select id from orders`);
    const tampered = await storefront(server, key, storefrontApi.createOrder, {
      Buyer: BUYER,
      DeliveryType: 'express',
      Address: ADDRESS,
      Lines: [{ SkuId: sku.skuId, Quantity: 2 }],
      ExpectedTotalFen: 1,
    });
    expectError(tampered, new RegExp(`order total is ${sku.priceFen * 2} fen, not the 1 fen shown`));
    expect(tampered.body).toMatchObject({ Errors: [{ Field: 'ExpectedTotalFen' }] });
    expect(await server.query(sql`select id from orders`)).toHaveLength(before.length);
    expect(await skuStock(server, sku.skuId)).toBe(10);

    const honest = await placeOrder(server, key, sku, 2, { ExpectedTotalFen: sku.priceFen * 2 });
    expect(honest.TotalFen).toBe(sku.priceFen * 2);
  });

  it('refuses more than the stock, goods off the shelf and unknown or foreign SKUs', async () => {
    const sku = await prepareSku(server, MALL_SITE, 2, { skip: 3 });
    const tooMany = await storefront(server, key, storefrontApi.createOrder, {
      Buyer: BUYER,
      DeliveryType: 'express',
      Address: ADDRESS,
      Lines: [{ SkuId: sku.skuId, Quantity: 3 }],
    });
    expectError(tooMany, /does not have enough stock/);
    expect(await skuStock(server, sku.skuId)).toBe(2);

    await server.query(sql`update products set shelf_state = 'off' where id = ${sku.productId}`);
    const off = await storefront(server, key, storefrontApi.createOrder, {
      Buyer: BUYER,
      DeliveryType: 'express',
      Address: ADDRESS,
      Lines: [{ SkuId: sku.skuId, Quantity: 1 }],
    });
    expectError(off, /is not on sale/);
    await server.query(sql`update products set shelf_state = 'on' where id = ${sku.productId}`);

    const [foreign] = await server.query<{ id: number }>(sql`select id from skus where site_id = 2 limit 1`);
    const other = await storefront(server, key, storefrontApi.createOrder, {
      Buyer: BUYER,
      DeliveryType: 'express',
      Address: ADDRESS,
      Lines: [{ SkuId: foreign!.id, Quantity: 1 }],
    });
    expectError(other, `SKU ${foreign!.id} does not exist`);
  });

  it('needs an address for express delivery and refuses delivery ways the shop has off', async () => {
    const sku = await prepareSku(server, MALL_SITE, 5, { skip: 4 });
    const noAddress = await storefront(server, key, storefrontApi.createOrder, {
      Buyer: BUYER,
      DeliveryType: 'express',
      Lines: [{ SkuId: sku.skuId, Quantity: 1 }],
    });
    expectError(noAddress, 'A delivery address is required');
    const pickup = await storefront(server, key, storefrontApi.createOrder, {
      Buyer: BUYER,
      DeliveryType: 'pickup',
      PickupPoint: 0,
      Lines: [{ SkuId: sku.skuId, Quantity: 1 }],
    });
    expectError(pickup, 'This shop does not offer pickup at a store');
    const invoice = await storefront(server, key, storefrontApi.createOrder, {
      Buyer: BUYER,
      DeliveryType: 'express',
      Address: ADDRESS,
      Invoice: { Title: '某某公司' },
      Lines: [{ SkuId: sku.skuId, Quantity: 1 }],
    });
    expectError(invoice, 'This shop does not issue invoices');
  });

  it('charges the same-city fee within range and gives pickup orders a code', async () => {
    const [row] = await server.query<{ version: number }>(
      sql`select version from order_delivery_settings where site_id = ${MALL_SITE}`,
    );
    const saved = await server.call(
      setDeliverySetting,
      {
        Express: { Enabled: true },
        SameCity: {
          Enabled: true,
          FeeFen: 600,
          MinOrderFen: 0,
          RangeKm: 5,
          Latitude: 22.54,
          Longitude: 113.95,
        },
        Pickup: {
          Enabled: true,
          Points: [{ Name: '南山店', Address: '科技园路 2 号', Phone: '0755-1234567' }],
        },
        Version: row?.version ?? 0,
      },
      { token },
    );
    expect(saved.body.Errmsg).toBe('');
    const sku = await prepareSku(server, MALL_SITE, 5, { skip: 5 });
    const near = await placeOrder(server, key, sku, 1, {
      DeliveryType: 'sameCity',
      Address: { ...ADDRESS, Latitude: 22.55, Longitude: 113.94 },
    });
    expect(near.FreightFen).toBe(600);
    const far = await storefront(server, key, storefrontApi.createOrder, {
      Buyer: BUYER,
      DeliveryType: 'sameCity',
      Address: { ...ADDRESS, Latitude: 23.13, Longitude: 113.26 },
      Lines: [{ SkuId: sku.skuId, Quantity: 1 }],
    });
    expectError(far, /same-city delivery reaches 5 km/);
    const pickup = await placeOrder(server, key, sku, 1, {
      DeliveryType: 'pickup',
      PickupPoint: 0,
      Address: undefined,
    });
    expect(pickup.FreightFen).toBe(0);
    expect(pickup.PickupCode).toMatch(/^\d{8}$/);
  });
});

describe('paying, cancelling and refunding', () => {
  it('pays the exact total and refuses any other amount', async () => {
    const sku = await prepareSku(server, MALL_SITE, 5, { skip: 6 });
    const order = await placeOrder(server, key, sku, 1);
    const wrong = await storefront(server, key, storefrontApi.payOrder, {
      OrderNo: order.OrderNo,
      BuyerId: BUYER.Id,
      PaymentMethod: 'wechat',
      AmountFen: order.TotalFen - 1,
    });
    expectError(
      wrong,
      `The payment of ${order.TotalFen - 1} fen does not match the order total of ${order.TotalFen} fen`,
    );
    const paid = await storefront(server, key, storefrontApi.payOrder, {
      OrderNo: order.OrderNo,
      BuyerId: BUYER.Id,
      PaymentMethod: 'wechat',
      AmountFen: order.TotalFen,
      TransactionNo: 'wx-1',
    });
    expect(paid.body.Order).toMatchObject({ State: 'toShip', PaidFen: order.TotalFen, PayDueAt: null });
    const again = await storefront(server, key, storefrontApi.payOrder, {
      OrderNo: order.OrderNo,
      BuyerId: BUYER.Id,
      PaymentMethod: 'wechat',
      AmountFen: order.TotalFen,
    });
    expectError(again, `Order ${order.OrderNo} cannot be paid: it is waiting to ship`);
  });

  it('gives the stock back when the buyer cancels, and an order cannot be cancelled twice', async () => {
    const sku = await prepareSku(server, MALL_SITE, 5, { skip: 7 });
    const order = await placeOrder(server, key, sku, 2);
    expect(await skuStock(server, sku.skuId)).toBe(3);
    const cancelled = await storefront(server, key, storefrontApi.cancelOrder, {
      OrderNo: order.OrderNo,
      BuyerId: BUYER.Id,
      Reason: '不想要了',
    });
    expect(cancelled.body.Order.State).toBe('closed');
    expect(await skuStock(server, sku.skuId)).toBe(5);
    expect((await stockLog(sku.skuId)).map((row) => row.delta)).toEqual([-2, 2]);
    const twice = await storefront(server, key, storefrontApi.cancelOrder, {
      OrderNo: order.OrderNo,
      BuyerId: BUYER.Id,
    });
    expectError(twice, /cannot be cancelled: it is closed/);
    expect(await skuStock(server, sku.skuId)).toBe(5);
  });

  it('takes stock at payment when the shop says so, refusing payment once the stock is gone', async () => {
    await setParameters({ StockDeduction: 'payment' });
    try {
      const sku = await prepareSku(server, MALL_SITE, 1, { skip: 8 });
      const first = await placeOrder(server, key, sku, 1);
      const second = await placeOrder(server, key, sku, 1, { Buyer: { ...BUYER, Id: 'buyer-002' } });
      expect(await skuStock(server, sku.skuId)).toBe(1);
      const pay = (order: { OrderNo: string; TotalFen: number }, buyerId: string) =>
        storefront(server, key, storefrontApi.payOrder, {
          OrderNo: order.OrderNo,
          BuyerId: buyerId,
          PaymentMethod: 'alipay',
          AmountFen: order.TotalFen,
        });
      expect((await pay(first, BUYER.Id)).body.Order.State).toBe('toShip');
      expect(await skuStock(server, sku.skuId)).toBe(0);
      expectError(await pay(second, 'buyer-002'), /does not have enough stock/);
      expect(await skuStock(server, sku.skuId)).toBe(0);
      expect((await orderRow(server, await orderId(server, second.OrderNo))).state).toBe('toPay');
    } finally {
      await setParameters({ StockDeduction: 'creation' });
    }
  });

  it('lets the buyer ask for a refund of at most what was paid', async () => {
    const sku = await prepareSku(server, MALL_SITE, 5, { skip: 9 });
    const order = await placeOrder(server, key, sku, 1);
    const early = await storefront(server, key, storefrontApi.applyRefund, {
      OrderNo: order.OrderNo,
      BuyerId: BUYER.Id,
      AmountFen: 1,
      Reason: '拍错了',
    });
    expectError(early, /cannot be asked for a refund: it is waiting for payment/);
    await storefront(server, key, storefrontApi.payOrder, {
      OrderNo: order.OrderNo,
      BuyerId: BUYER.Id,
      PaymentMethod: 'wechat',
      AmountFen: order.TotalFen,
    });
    const tooMuch = await storefront(server, key, storefrontApi.applyRefund, {
      OrderNo: order.OrderNo,
      BuyerId: BUYER.Id,
      AmountFen: order.TotalFen + 1,
      Reason: '拍错了',
    });
    expectError(tooMuch, `At most ${order.TotalFen} fen can be refunded`);
    const applied = await storefront(server, key, storefrontApi.applyRefund, {
      OrderNo: order.OrderNo,
      BuyerId: BUYER.Id,
      AmountFen: order.TotalFen,
      Reason: '拍错了',
    });
    expect(applied.body.Order).toMatchObject({ State: 'toShip', RefundState: 'requested' });
  });

  it('shows a buyer only their own orders', async () => {
    const sku = await prepareSku(server, MALL_SITE, 5, { skip: 10 });
    const order = await placeOrder(server, key, sku, 1);
    const mine = await storefront(server, key, storefrontApi.getOrder, {
      orderNo: order.OrderNo,
      buyerId: BUYER.Id,
    });
    expect(mine.body.Order.OrderNo).toBe(order.OrderNo);
    const theirs = await storefront(server, key, storefrontApi.getOrder, {
      orderNo: order.OrderNo,
      buyerId: 'someone',
    });
    expectError(theirs, `Order ${order.OrderNo} does not exist`);
    const cancel = await storefront(server, key, storefrontApi.cancelOrder, {
      OrderNo: order.OrderNo,
      BuyerId: 'someone',
    });
    expectError(cancel, `Order ${order.OrderNo} does not exist`);
  });
});

describe('racing buyers', () => {
  it('sells exactly the stock when 50 buyers order the last 5 units at once', async () => {
    const sku = await prepareSku(server, MALL_SITE, 5, { skip: 11 });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        storefront(server, key, storefrontApi.createOrder, {
          Buyer: { ...BUYER, Id: `racer-${index}` },
          DeliveryType: 'express',
          Address: ADDRESS,
          Lines: [{ SkuId: sku.skuId, Quantity: 1 }],
        }),
      ),
    );
    const won = responses.filter((response) => response.body.Errcode === 0);
    const lost = responses.filter((response) => response.body.Errcode === -1);
    expect(won).toHaveLength(5);
    expect(lost).toHaveLength(45);
    for (const response of lost) expect(response.body.Errmsg).toMatch(/does not have enough stock/);
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(await skuStock(server, sku.skuId)).toBe(0);
    const [orders] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from order_lines where sku_id = ${sku.skuId}`,
    );
    expect(orders!.count).toBe(5);
    const log = await stockLog(sku.skuId);
    expect(log.map((row) => row.after).sort()).toEqual([0, 1, 2, 3, 4]);
    const [goods] = await server.query<{ total_stock: number }>(
      sql`select total_stock from products where id = ${sku.productId}`,
    );
    expect(goods!.total_stock).toBe(0);
  });
});

describe('recharge orders', () => {
  it('prices data packages from the list, credits stored value at payment and refuses a wrong amount', async () => {
    const data = await storefront(server, key, storefrontApi.createRechargeOrder, {
      Kind: 'data',
      Buyer: BUYER,
      PackageCode: 'D1G',
      Phone: '13900000000',
    });
    expect(data.body.Order).toMatchObject({
      Kind: 'data',
      State: 'toPay',
      AmountFen: 1000,
      Phone: '13900000000',
    });
    const stored = await storefront(server, key, storefrontApi.createRechargeOrder, {
      Kind: 'storedValue',
      Buyer: BUYER,
      AmountFen: 20000,
    });
    const wrong = await storefront(server, key, storefrontApi.payRechargeOrder, {
      OrderNo: stored.body.Order.OrderNo,
      BuyerId: BUYER.Id,
      PaymentMethod: 'wechat',
      AmountFen: 100,
    });
    expectError(wrong, /does not match the order total of 20000 fen/);
    const paid = await storefront(server, key, storefrontApi.payRechargeOrder, {
      OrderNo: stored.body.Order.OrderNo,
      BuyerId: BUYER.Id,
      PaymentMethod: 'wechat',
      AmountFen: 20000,
    });
    expect(paid.body.Order.State).toBe('completed');
    const dataPaid = await storefront(server, key, storefrontApi.payRechargeOrder, {
      OrderNo: data.body.Order.OrderNo,
      BuyerId: BUYER.Id,
      PaymentMethod: 'wechat',
      AmountFen: 1000,
    });
    expect(dataPaid.body.Order.State).toBe('paid');
  });
});

describe('bad input', () => {
  it.each([
    [
      'no lines',
      { Buyer: BUYER, DeliveryType: 'express', Address: ADDRESS, Lines: [] },
      /Lines: must have at least 1 items/,
    ],
    [
      'a zero quantity',
      { Buyer: BUYER, DeliveryType: 'express', Address: ADDRESS, Lines: [{ SkuId: 1, Quantity: 0 }] },
      /Lines\.0\.Quantity: must be at least 1/,
    ],
    [
      'a bad phone',
      {
        Buyer: { ...BUYER, Phone: '123' },
        DeliveryType: 'express',
        Address: ADDRESS,
        Lines: [{ SkuId: 1, Quantity: 1 }],
      },
      /Buyer\.Phone/,
    ],
    [
      'an unknown delivery type',
      { Buyer: BUYER, DeliveryType: 'drone', Address: ADDRESS, Lines: [{ SkuId: 1, Quantity: 1 }] },
      /DeliveryType: must be one of express, sameCity, pickup/,
    ],
    [
      'a detailed address over 64 characters',
      {
        Buyer: BUYER,
        DeliveryType: 'express',
        Address: { ...ADDRESS, Detail: '路'.repeat(65) },
        Lines: [{ SkuId: 1, Quantity: 1 }],
      },
      /Address\.Detail: must be at most 64 characters/,
    ],
  ])('CreateOrder refuses %s', async (_name, input, message) => {
    const response = await storefront(server, key, storefrontApi.createOrder, input);
    expect(response.status).toBe(200);
    expectError(response, message);
  });

  it('answers malformed JSON with the envelope', async () => {
    const raw = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}${storefrontApi.createOrder.path}`,
      headers: { 'content-type': 'application/json', [storefrontApi.STOREFRONT_KEY_HEADER]: key },
      payload: '{"Buyer":',
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().Errcode).toBe(-1);
  });
});
