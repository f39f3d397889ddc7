import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract/endpoint';
import * as orders from '../../contract/endpoints/orders';
import * as payment from '../../contract/endpoints/payment';
import * as storefrontApi from '../../contract/endpoints/storefront';
import { drainOutbox } from '../../server/areas/payment/outbox';
import { loadConfig } from '../../server/config';
import { startTestServer, type TestServer } from './harness';
import {
  BUYER,
  expectError,
  MALL_SITE,
  orderId,
  orderRow,
  placeOrder,
  prepareSku,
  SECOND_SITE,
  storefront,
  storefrontKey,
} from './order-helpers';
import { TEST_ENV } from './test-env';
import { startWechatPayStandIn, TEST_MERCHANT, type WechatPayStandIn } from './wechat-pay-stand-in';

let server: TestServer;
let standIn: WechatPayStandIn;
let admin: string;
let site2: string;
let key: string;

/** Every merchant setting, as the screen sends them after both uploads. */
const WECHAT = {
  WechatEnabled: true,
  MchId: TEST_MERCHANT.mchId,
  AppId: TEST_MERCHANT.appId,
  SerialNo: TEST_MERCHANT.serialNo,
  ApiV3Key: TEST_MERCHANT.apiV3Key,
  PrivateKey: TEST_MERCHANT.privateKey,
  PlatformCertificate: TEST_MERCHANT.platformCertificate,
  OfflineMethods: ['cash', 'card', 'transfer'],
  SandboxRefuses: false,
};
const SANDBOX = { ...WECHAT, WechatEnabled: false, MchId: '', AppId: '', SerialNo: '' };
const { ApiV3Key: _key, PrivateKey: _private, PlatformCertificate: _certificate, ...KEEP_SECRETS } = WECHAT;

beforeAll(async () => {
  standIn = await startWechatPayStandIn();
  server = await startTestServer({ env: { WECHATPAY_API_BASE: standIn.url } });
  admin = await server.login('admin');
  site2 = await server.login('site2');
  key = await storefrontKey(server, admin);
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

async function version(token: string) {
  return (await server.call(payment.getPayConfig, {}, { token })).body.Version;
}

async function save(input: Record<string, unknown>, token = admin) {
  return server.call(payment.savePayConfig, { ...input, Version: await version(token) }, { token });
}

async function configure(input: Record<string, unknown>) {
  const saved = await save(input);
  expect(saved.body.Errmsg).toBe('');
}

function notify(delivery: { headers: Record<string, string>; body: string }, site = MALL_SITE) {
  return server.app.inject({
    method: 'POST',
    url: `${API_BASE}${payment.WECHAT_NOTIFY_PATH}?site=${site}`,
    headers: delivery.headers,
    payload: delivery.body,
  });
}

async function payWithWechat(order: { OrderNo: string; TotalFen: number }) {
  return storefront(server, key, storefrontApi.payOrder, {
    OrderNo: order.OrderNo,
    BuyerId: BUYER.Id,
    PaymentMethod: 'wechat',
    AmountFen: order.TotalFen,
  });
}

describe('payment settings', () => {
  beforeEach(() => configure(SANDBOX));

  it('shows the demo shops on the sandbox with their offline methods', async () => {
    const mall = (await server.call(payment.getPayConfig, {}, { token: admin })).body;
    expect(mall).toMatchObject({
      Provider: 'sandbox',
      WechatEnabled: false,
      OfflineMethods: ['cash', 'card', 'transfer'],
    });
    const second = (await server.call(payment.getPayConfig, {}, { token: site2 })).body;
    expect(second).toMatchObject({ Provider: 'sandbox', OfflineMethods: ['cash', 'card'] });
  });

  it('stores the merchant settings sealed and gives back only masks', async () => {
    await configure(WECHAT);
    const read = await server.call(payment.getPayConfig, {}, { token: admin });
    expect(read.body).toMatchObject({
      Provider: 'wechat',
      MchId: TEST_MERCHANT.mchId,
      AppId: TEST_MERCHANT.appId,
      SerialNo: TEST_MERCHANT.serialNo,
      ApiV3KeyMask: `••••${TEST_MERCHANT.apiV3Key.slice(-4)}`,
      PlatformSerial: TEST_MERCHANT.platformSerial,
    });
    expect(read.body.PrivateKeyMask).toMatch(/^SHA256:[0-9a-f]{16}$/);
    const answer = read.raw.body;
    expect(answer).not.toContain(TEST_MERCHANT.apiV3Key);
    expect(answer).not.toContain('PRIVATE KEY');
    expect(answer).not.toContain(TEST_MERCHANT.privateKey.split('\n')[1]);

    // The database holds neither secret in clear, in any column.
    const [row] = await server.query<Record<string, unknown>>(
      sql`select * from payment_settings where site_id = ${MALL_SITE}`,
    );
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(TEST_MERCHANT.apiV3Key);
    expect(stored).not.toContain('PRIVATE KEY');
    for (const line of TEST_MERCHANT.privateKey.split('\n').slice(1, -2)) expect(stored).not.toContain(line);
    expect(row!.api_v3_key_sealed).toMatch(/^v1\./);
    expect(row!.private_key_sealed).toMatch(/^v1\./);
    const audits = await server.query<{ summary: unknown }>(
      sql`select summary from audit_log where action = 'payment.saveConfig'`,
    );
    expect(JSON.stringify(audits)).not.toContain(TEST_MERCHANT.apiV3Key);
    expect(JSON.stringify(audits)).toContain('"replaced":["ApiV3Key","PrivateKey","PlatformCertificate"]');
  });

  it('keeps the stored secrets when a save leaves them out', async () => {
    await configure(WECHAT);
    await configure({ ...KEEP_SECRETS, OfflineMethods: ['cash'] });
    const read = (await server.call(payment.getPayConfig, {}, { token: admin })).body;
    expect(read).toMatchObject({
      Provider: 'wechat',
      OfflineMethods: ['cash'],
      ApiV3KeyMask: `••••${TEST_MERCHANT.apiV3Key.slice(-4)}`,
    });
    const check = await server.call(payment.checkPayConfig, {}, { token: admin });
    expect(check.body).toMatchObject({ Ok: true, Provider: 'wechat' });
  });

  it.each([
    ['MchId', { MchId: '19000x0109' }],
    ['MchId', { MchId: '1234567' }],
    ['AppId', { AppId: 'wx0123456789abcdeF' }],
    ['AppId', { AppId: ' wx0123456789abcdef0' }],
    ['SerialNo', { SerialNo: 'XYZ' }],
    ['ApiV3Key', { ApiV3Key: TEST_MERCHANT.apiV3Key.slice(1) }],
    ['ApiV3Key', { ApiV3Key: `${TEST_MERCHANT.apiV3Key}x` }],
    ['PrivateKey', { PrivateKey: 'not a key' }],
    ['PlatformCertificate', { PlatformCertificate: TEST_MERCHANT.privateKey }],
    ['OfflineMethods', { OfflineMethods: ['cash', 'cash'] }],
    ['OfflineMethods', { OfflineMethods: ['cheque'] }],
  ])('refuses a bad %s, naming it', async (field, change) => {
    const response = await save({ ...WECHAT, ...change });
    expectError(response);
    // A list names the entry too (OfflineMethods.0).
    expect((response.body as { Errors?: Array<{ Field: string }> }).Errors?.[0]?.Field).toMatch(
      new RegExp(`^${field}(\\.\\d+)?$`),
    );
  });

  it.each([
    [
      'PrivateKey',
      { PrivateKey: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----' },
      /private key file cannot be read/,
    ],
    [
      'PlatformCertificate',
      { PlatformCertificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' },
      /platform certificate cannot be read/,
    ],
    ['MchId', { MchId: '' }, /fill in every merchant setting/],
  ])('refuses an unreadable or missing %s, naming it', async (field, change, message) => {
    const response = await save({ ...WECHAT, ...change });
    expectError(response, message);
    expect((response.body as { Errors?: Array<{ Field: string }> }).Errors?.[0]?.Field).toBe(field);
    expect((await server.call(payment.getPayConfig, {}, { token: admin })).body.Provider).toBe('sandbox');
  });

  it('refuses a save based on an older version', async () => {
    const stale = await version(admin);
    await configure(SANDBOX);
    const response = await server.call(
      payment.savePayConfig,
      { ...SANDBOX, Version: stale },
      { token: admin },
    );
    expectError(response, /saved the payment settings after you opened them/);
    expect(response.body).toMatchObject({ StaleVersion: true, CurrentVersion: stale + 1 });
  });

  it('keeps each shop to its own settings', async () => {
    await configure(WECHAT);
    const second = (await server.call(payment.getPayConfig, {}, { token: site2 })).body;
    expect(second).toMatchObject({ Provider: 'sandbox', MchId: '', ApiV3KeyMask: '' });
    expect((await save({ ...SANDBOX, OfflineMethods: ['transfer'] }, site2)).body.Errmsg).toBe('');
    const mall = (await server.call(payment.getPayConfig, {}, { token: admin })).body;
    expect(mall).toMatchObject({ Provider: 'wechat', OfflineMethods: ['cash', 'card', 'transfer'] });
    // The other shop's check answers for its own (sandbox) settings and leaves the mall's record alone.
    const mallCheck = (await server.call(payment.checkPayConfig, {}, { token: admin })).body;
    const otherCheck = (await server.call(payment.checkPayConfig, {}, { token: site2 })).body;
    expect(otherCheck).toMatchObject({ Provider: 'sandbox', Ok: true });
    expect((await server.call(payment.getPayConfig, {}, { token: admin })).body.LastCheck).toEqual({
      Ok: mallCheck.Ok,
      Provider: 'wechat',
      Code: mallCheck.Code,
      Message: mallCheck.Message,
      CheckedAt: mallCheck.CheckedAt,
    });
    await save({ ...SANDBOX, OfflineMethods: ['cash', 'card'] }, site2);
  });

  it('lets only accounts granted the payment screen read or change it', async () => {
    const sub = await server.login('sub', { siteId: MALL_SITE });
    for (const [endpoint, input] of [
      [payment.getPayConfig, {}],
      [payment.savePayConfig, { ...SANDBOX, Version: 1 }],
      [payment.checkPayConfig, {}],
    ] as const) {
      const response = await server.call(endpoint, input, { token: sub });
      expect(response.status).toBe(403);
    }
    expect((await server.call(payment.getPayConfig, {}, { token: null })).status).toBe(401);
  });
});

describe('check configuration', () => {
  it('reports the sandbox plainly', async () => {
    await configure(SANDBOX);
    const check = await server.call(payment.checkPayConfig, {}, { token: admin });
    expect(check.body).toMatchObject({ Ok: true, Provider: 'sandbox', Code: '' });
    await configure({ ...SANDBOX, SandboxRefuses: true });
    expect((await server.call(payment.checkPayConfig, {}, { token: admin })).body).toMatchObject({
      Ok: false,
      Code: 'SANDBOX_REFUSED',
    });
  });

  it('signs GET /v3/certificates and reports what WeChat Pay answered', async () => {
    await configure(WECHAT);
    const before = standIn.received.length;
    const ok = await server.call(payment.checkPayConfig, {}, { token: admin });
    expect(ok.body).toMatchObject({ Ok: true, Provider: 'wechat', Code: '' });
    expect(standIn.received.slice(before)).toEqual([{ method: 'GET', path: '/v3/certificates', body: {} }]);
    standIn.failNext(401, 'SIGN_ERROR', '签名错误');
    const refused = await server.call(payment.checkPayConfig, {}, { token: admin });
    expect(refused.body).toMatchObject({ Ok: false, Code: 'SIGN_ERROR', Message: '签名错误' });
    const read = (await server.call(payment.getPayConfig, {}, { token: admin })).body;
    expect(read.LastCheck).toMatchObject({ Ok: false, Code: 'SIGN_ERROR' });
  });
});

describe('paying through WeChat Pay', () => {
  beforeAll(() => configure(WECHAT));

  it('answers the JSAPI parameters and pays the order only on the signed notification, once', async () => {
    const sku = await prepareSku(server, MALL_SITE, 10);
    const order = await placeOrder(server, key, sku);
    const asked = await payWithWechat(order);
    expect(asked.body.Errmsg).toBe('');
    expect(asked.body.Order.State).toBe('toPay');
    expect(asked.body.Payment).toMatchObject({ appId: TEST_MERCHANT.appId, signType: 'RSA' });
    expect(asked.body.Payment?.package).toMatch(/^prepay_id=/);
    expect(standIn.received.at(-1)?.body).toMatchObject({
      out_trade_no: order.OrderNo,
      amount: { total: order.TotalFen },
      payer: { openid: BUYER.Id },
    });
    expect(String(standIn.received.at(-1)?.body.notify_url)).toMatch(
      /\/api\/storefront\/WechatPayNotify\?site=1$/,
    );

    const delivery = standIn.notification({
      orderNo: order.OrderNo,
      amountFen: order.TotalFen,
      transactionId: '4200000000000001',
    });
    // A changed byte: refused, so WeChat Pay keeps sending the genuine one.
    const forged = await notify({
      headers: delivery.headers,
      body: delivery.body.replace('"summary"', '"summary" '),
    });
    expect(forged.statusCode).toBe(401);
    expect((await orderRow(server, await orderId(server, order.OrderNo))).state).toBe('toPay');

    const first = await notify(delivery);
    expect(first.statusCode).toBe(200);
    const again = await notify(delivery);
    expect(again.statusCode).toBe(200);
    const id = await orderId(server, order.OrderNo);
    expect(await orderRow(server, id)).toMatchObject({ state: 'toShip', paid_fen: order.TotalFen });
    const pays = await server.query<{ count: number }>(
      sql`select count(*)::int as count from order_log where order_id = ${id} and action = 'pay'`,
    );
    expect(pays[0]!.count).toBe(1);
    const [paidRow] = await server.query<{ transaction_no: string; payment_method: string }>(
      sql`select transaction_no, payment_method from orders where id = ${id}`,
    );
    expect(paidRow).toEqual({ transaction_no: '4200000000000001', payment_method: 'wechat' });
  });

  it('pays once when the same notification arrives many times at once', async () => {
    const sku = await prepareSku(server, MALL_SITE, 10, { skip: 6 });
    const order = await placeOrder(server, key, sku);
    const sold = async () =>
      (
        await server.query<{ sold_count: number }>(
          sql`select sold_count from products where id = ${sku.productId}`,
        )
      )[0]!.sold_count;
    const soldBefore = await sold();
    const delivery = standIn.notification({ orderNo: order.OrderNo, amountFen: order.TotalFen });
    const answers = await Promise.all(Array.from({ length: 8 }, () => notify(delivery)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    const id = await orderId(server, order.OrderNo);
    expect(await orderRow(server, id)).toMatchObject({ state: 'toShip', paid_fen: order.TotalFen });
    const [counts] = await server.query<{ pays: number; notes: number }>(
      sql`select (select count(*)::int from order_log where order_id = ${id} and action = 'pay') as pays,
                 (select count(*)::int from payment_notifications where order_no = ${order.OrderNo}) as notes`,
    );
    expect(counts).toEqual({ pays: 1, notes: 1 });
    expect(await sold()).toBe(soldBefore + 1);
  });

  it('gives the money back when the order cannot be paid, and refuses another shop’s address', async () => {
    const sku = await prepareSku(server, MALL_SITE, 10, { skip: 1 });
    const order = await placeOrder(server, key, sku);
    const id = await orderId(server, order.OrderNo);
    const short = standIn.notification({ orderNo: order.OrderNo, amountFen: order.TotalFen - 1 });
    // Sent to the other shop's address, whose WeChat Pay is not set up: refused, nothing recorded.
    expect((await notify(short, SECOND_SITE)).statusCode).toBe(404);
    // Another amount than the total: the order stays unpaid and what was paid is refunded, once.
    expect((await notify(short)).statusCode).toBe(200);
    expect((await notify(short)).statusCode).toBe(200);
    expect((await orderRow(server, id)).state).toBe('toPay');
    const returned = await server.query<{ state: string; payload: Record<string, unknown> }>(
      sql`select state, payload from outbox where payload->>'orderNo' = ${order.OrderNo}`,
    );
    expect(returned).toHaveLength(1);
    expect(returned[0]!.payload).toMatchObject({
      provider: 'wechat',
      refundFen: order.TotalFen - 1,
      totalFen: order.TotalFen - 1,
    });
    // An order closed before the notification came: the same.
    await storefront(server, key, storefrontApi.cancelOrder, { OrderNo: order.OrderNo, BuyerId: BUYER.Id });
    expect(
      (await notify(standIn.notification({ orderNo: order.OrderNo, amountFen: order.TotalFen }))).statusCode,
    ).toBe(200);
    expect((await orderRow(server, id)).state).toBe('closed');
    const [count] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from outbox where payload->>'orderNo' = ${order.OrderNo}`,
    );
    expect(count!.count).toBe(2);
  });

  it('refuses other online methods and prepays nothing for a wrong amount', async () => {
    const sku = await prepareSku(server, MALL_SITE, 10, { skip: 2 });
    const order = await placeOrder(server, key, sku);
    const alipay = await storefront(server, key, storefrontApi.payOrder, {
      OrderNo: order.OrderNo,
      BuyerId: BUYER.Id,
      PaymentMethod: 'alipay',
      AmountFen: order.TotalFen,
    });
    expectError(alipay, /WeChat Pay only/);
    const before = standIn.received.length;
    const wrong = await storefront(server, key, storefrontApi.payOrder, {
      OrderNo: order.OrderNo,
      BuyerId: BUYER.Id,
      PaymentMethod: 'wechat',
      AmountFen: order.TotalFen + 1,
    });
    expectError(wrong);
    expect(standIn.received.length).toBe(before);
    standIn.failNext(400, 'ORDERPAID', '该订单已支付');
    expectError(await payWithWechat(order), /ORDERPAID 该订单已支付/);
  });

  it('sends a refund of a WeChat Pay order back through WeChat Pay, once', async () => {
    const sku = await prepareSku(server, MALL_SITE, 10, { skip: 3 });
    const order = await placeOrder(server, key, sku);
    await payWithWechat(order);
    expect(
      (await notify(standIn.notification({ orderNo: order.OrderNo, amountFen: order.TotalFen }))).statusCode,
    ).toBe(200);
    const asked = await storefront(server, key, storefrontApi.applyRefund, {
      OrderNo: order.OrderNo,
      BuyerId: BUYER.Id,
      AmountFen: order.TotalFen,
      Reason: '不要了',
    });
    expect(asked.body.Errmsg).toBe('');
    const id = await orderId(server, order.OrderNo);
    for (const action of [
      { Action: 'approveRefund', AmountFen: order.TotalFen },
      { Action: 'markRefunded' },
    ]) {
      const { version: current } = await orderRow(server, id);
      const done = await server.call(
        orders.bindOrderState,
        { ...action, Id: id, Version: current },
        { token: admin },
      );
      expect(done.body.Errmsg).toBe('');
    }
    const [queued] = await server.query<{ state: string; payload: { provider: string } }>(
      sql`select state, payload from outbox where payload->>'orderNo' = ${order.OrderNo}`,
    );
    expect(queued).toMatchObject({ state: 'pending', payload: { provider: 'wechat' } });
    const environment = loadConfig({ ...TEST_ENV, WECHATPAY_API_BASE: standIn.url }).payment;
    const before = standIn.received.length;
    await drainOutbox(server.database.db, new Date(Date.now() + 1000), environment);
    await drainOutbox(server.database.db, new Date(Date.now() + 2000), environment);
    const refunds = standIn.received
      .slice(before)
      .filter(
        (request) =>
          request.path === '/v3/refund/domestic/refunds' && request.body.out_trade_no === order.OrderNo,
      );
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.body).toMatchObject({
      out_trade_no: order.OrderNo,
      amount: { refund: order.TotalFen, total: order.TotalFen },
    });
    const [sent] = await server.query<{ state: string; result: { Status: string } }>(
      sql`select state, result from outbox where payload->>'orderNo' = ${order.OrderNo}`,
    );
    expect(sent).toMatchObject({ state: 'sent', result: { Status: 'PROCESSING' } });
  });

  it('retries a refund WeChat Pay refused, with the same refund number', async () => {
    const sku = await prepareSku(server, MALL_SITE, 10, { skip: 4 });
    const order = await placeOrder(server, key, sku);
    await payWithWechat(order);
    await notify(standIn.notification({ orderNo: order.OrderNo, amountFen: order.TotalFen }));
    await storefront(server, key, storefrontApi.applyRefund, {
      OrderNo: order.OrderNo,
      BuyerId: BUYER.Id,
      AmountFen: 100,
      Reason: '少发',
    });
    const id = await orderId(server, order.OrderNo);
    for (const action of [{ Action: 'approveRefund', AmountFen: 100 }, { Action: 'markRefunded' }]) {
      const { version: current } = await orderRow(server, id);
      await server.call(orders.bindOrderState, { ...action, Id: id, Version: current }, { token: admin });
    }
    const environment = loadConfig({ ...TEST_ENV, WECHATPAY_API_BASE: standIn.url }).payment;
    standIn.failNext(500, 'SYSTEM_ERROR', '系统错误');
    const at = Date.now() + 1000;
    await drainOutbox(server.database.db, new Date(at), environment);
    const [waiting] = await server.query<{ state: string; attempts: number; last_error: string }>(
      sql`select state, attempts, last_error from outbox where payload->>'orderNo' = ${order.OrderNo}`,
    );
    expect(waiting).toEqual({ state: 'pending', attempts: 1, last_error: 'SYSTEM_ERROR: 系统错误' });
    // Not due again until the delay has passed.
    expect((await drainOutbox(server.database.db, new Date(at + 59_000), environment)).sent).toBe(0);
    expect((await drainOutbox(server.database.db, new Date(at + 121_000), environment)).sent).toBe(1);
    const numbers = standIn.received
      .filter(
        (request) =>
          request.path === '/v3/refund/domestic/refunds' && request.body.out_trade_no === order.OrderNo,
      )
      .map((request) => request.body.out_refund_no);
    expect(numbers).toHaveLength(2);
    expect(numbers[0]).toBe(numbers[1]);
  });

  it('sends a refund once when several instances drain the outbox at the same moment', async () => {
    const sku = await prepareSku(server, MALL_SITE, 10, { skip: 7 });
    const order = await placeOrder(server, key, sku);
    await payWithWechat(order);
    await notify(standIn.notification({ orderNo: order.OrderNo, amountFen: order.TotalFen }));
    await storefront(server, key, storefrontApi.applyRefund, {
      OrderNo: order.OrderNo,
      BuyerId: BUYER.Id,
      AmountFen: order.TotalFen,
      Reason: '重复下单',
    });
    const id = await orderId(server, order.OrderNo);
    for (const action of [
      { Action: 'approveRefund', AmountFen: order.TotalFen },
      { Action: 'markRefunded' },
    ]) {
      const { version: current } = await orderRow(server, id);
      await server.call(orders.bindOrderState, { ...action, Id: id, Version: current }, { token: admin });
    }
    const environment = loadConfig({ ...TEST_ENV, WECHATPAY_API_BASE: standIn.url }).payment;
    const at = new Date(Date.now() + 1000);
    const runs = await Promise.all(
      Array.from({ length: 4 }, () => drainOutbox(server.database.db, at, environment)),
    );
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBeGreaterThanOrEqual(1);
    const sent = standIn.received.filter(
      (request) =>
        request.path === '/v3/refund/domestic/refunds' && request.body.out_trade_no === order.OrderNo,
    );
    expect(sent).toHaveLength(1);
  });

  afterAll(() => configure(SANDBOX));
});

describe('the sandbox', () => {
  it('pays at once when not told to refuse, and refuses when told', async () => {
    await configure(SANDBOX);
    const sku = await prepareSku(server, MALL_SITE, 10, { skip: 5 });
    const order = await placeOrder(server, key, sku);
    await configure({ ...SANDBOX, SandboxRefuses: true });
    const refused = await payWithWechat(order);
    expectError(refused, /SANDBOX_REFUSED/);
    await configure(SANDBOX);
    const paid = await payWithWechat(order);
    expect(paid.body).toMatchObject({ Payment: null, Order: { State: 'toShip' } });
    const [row] = await server.query<{ transaction_no: string }>(
      sql`select transaction_no from orders where order_no = ${order.OrderNo}`,
    );
    expect(row!.transaction_no).toMatch(/^SANDBOX[0-9A-F]{16}$/);
  });
});

describe('offline methods at the walk-in counter', () => {
  it('lists and honours the shop’s methods', async () => {
    const methods = await server.call(payment.getOfflinePayMethods, {}, { token: site2 });
    expect(methods.body.Methods).toEqual(['cash', 'card']);
    const sku = await prepareSku(server, SECOND_SITE, 10);
    const lines = [{ SkuId: sku.skuId, Quantity: 1 }];
    const transfer = await server.call(
      orders.addOfflineOrder,
      { Lines: lines, PaymentMethod: 'transfer' },
      { token: site2 },
    );
    expectError(transfer, /does not take bank transfer payments/);
    expect((transfer.body as { Errors?: Array<{ Field: string }> }).Errors?.[0]?.Field).toBe('PaymentMethod');
    const cash = await server.call(
      orders.addOfflineOrder,
      { Lines: lines, PaymentMethod: 'cash' },
      { token: site2 },
    );
    expect(cash.body.Errmsg).toBe('');
    const waiting = await server.call(orders.addOfflineOrder, { Lines: lines }, { token: site2 });
    expect(waiting.body.Errmsg).toBe('');
    const byTransfer = await server.call(
      orders.bindOfflineOrderState,
      { Action: 'payInStore', Id: waiting.body.Id, Version: waiting.body.Version, PaymentMethod: 'transfer' },
      { token: site2 },
    );
    expectError(byTransfer, /does not take bank transfer payments/);
  });

  it('is read by the walk-in counter’s accounts of the shop only', async () => {
    const store = await server.login('store');
    expect((await server.call(payment.getOfflinePayMethods, {}, { token: store })).body.Methods).toEqual([
      'cash',
      'card',
      'transfer',
    ]);
    expect((await server.call(payment.getOfflinePayMethods, {}, { token: null })).status).toBe(401);
  });
});
