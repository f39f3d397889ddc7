import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract/endpoint';
import * as records from '../../contract/endpoints/recharge-records';
import * as sms from '../../contract/endpoints/sms';
import { runAddedValueSweeps } from '../../server/areas/added-value/sweeps';
import { loadConfig } from '../../server/config';
import { balanceOf, SANDBOX } from './added-value-helpers';
import { type ApiResponse, startTestServer, type TestServer } from './harness';
import { expectError, MALL_SITE } from './order-helpers';
import { TEST_ENV } from './test-env';
import { startWechatPayStandIn, TEST_MERCHANT, type WechatPayStandIn } from './wechat-pay-stand-in';

/** The platform's own merchant, at the local WeChat Pay stand-in. */
const FIXTURES = path.resolve('tests/fixtures/wechat-pay');
const PLATFORM_MERCHANT = {
  PLATFORM_WECHATPAY_MCH_ID: TEST_MERCHANT.mchId,
  PLATFORM_WECHATPAY_APP_ID: TEST_MERCHANT.appId,
  PLATFORM_WECHATPAY_SERIAL_NO: TEST_MERCHANT.serialNo,
  PLATFORM_WECHATPAY_API_V3_KEY: TEST_MERCHANT.apiV3Key,
  PLATFORM_WECHATPAY_PRIVATE_KEY_FILE: path.join(FIXTURES, 'merchant-key.pem'),
  PLATFORM_WECHATPAY_CERTIFICATE_FILE: path.join(FIXTURES, 'platform-cert.pem'),
};

let server: TestServer;
let standIn: WechatPayStandIn;
let admin: string;
let site2: string;
let packageId: number;

beforeAll(async () => {
  standIn = await startWechatPayStandIn();
  server = await startTestServer({ env: { WECHATPAY_API_BASE: standIn.url, ...PLATFORM_MERCHANT } });
  admin = await server.login('admin');
  site2 = await server.login('site2');
  packageId = (await server.call(sms.getSmsOverview, {}, { token: admin })).body.Packages[1]!.Id;
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

function fieldOf(response: ApiResponse): string | undefined {
  return (response.body as { Errors?: Array<{ Field: string }> }).Errors?.[0]?.Field;
}

function notify(delivery: { headers: Record<string, string>; body: string }) {
  return server.app.inject({
    method: 'POST',
    url: `${API_BASE}${records.PLATFORM_NOTIFY_PATH}`,
    headers: delivery.headers,
    payload: delivery.body,
  });
}

async function buy(token = admin) {
  const bought = await server.call(sms.buySmsPackage, { PackageId: packageId }, { token });
  expect(bought.body.Errmsg).toBe('');
  return bought.body.Purchase;
}

const environment = { sms: undefined, payment: loadConfig({ ...TEST_ENV, ...PLATFORM_MERCHANT }).payment };

describe('a purchase paid through the platform’s WeChat Pay merchant', () => {
  it('asks WeChat Pay for a Native code with the purchase number and the platform’s notify address', async () => {
    expect((await server.call(sms.getSmsOverview, {}, { token: admin })).body.PayProvider).toBe('wechat');
    const purchase = await buy();
    expect(purchase).toMatchObject({ State: 'toPay', Provider: 'wechat', Quantity: 500, AmountFen: 4500 });
    expect(purchase.CodeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(purchase.PayDueAt).not.toBeNull();
    expect(standIn.received.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v3/pay/transactions/native',
      body: {
        mchid: TEST_MERCHANT.mchId,
        out_trade_no: purchase.PurchaseNo,
        amount: { total: 4500, currency: 'CNY' },
        notify_url: `http://localhost:80${API_BASE}${records.PLATFORM_NOTIFY_PATH}`,
      },
    });
    expect(purchase.PurchaseNo).toMatch(/^AV\d{20}$/);
  });

  it('credits the balance on the signed notification, once however often it comes', async () => {
    const purchase = await buy();
    const before = await balanceOf(server, MALL_SITE);
    const delivery = standIn.notification({ orderNo: purchase.PurchaseNo, amountFen: 4500 });
    expect((await notify(delivery)).statusCode).toBe(200);
    expect(await balanceOf(server, MALL_SITE)).toBe(before + 500);
    expect((await notify(delivery)).statusCode).toBe(200);
    const again = standIn.notification({
      orderNo: purchase.PurchaseNo,
      amountFen: 4500,
      transactionId: JSON.parse(delivery.body).id,
    });
    expect((await notify(again)).statusCode).toBe(200);
    expect(await balanceOf(server, MALL_SITE)).toBe(before + 500);
    const read = (await server.call(records.getPurchase, { id: purchase.Id }, { token: admin })).body
      .Purchase;
    expect(read).toMatchObject({ State: 'paid', CodeUrl: null, PayDueAt: null });
    const credits = await server.query<{ count: number }>(
      sql`select count(*)::int as count from sms_ledger where purchase_id = ${purchase.Id}`,
    );
    expect(credits).toEqual([{ count: 1 }]);
  });

  it('credits once when the same notification arrives twice at the same moment', async () => {
    const purchase = await buy();
    const before = await balanceOf(server, MALL_SITE);
    const transactionId = `4200${Date.now()}`;
    const deliveries = [0, 1].map(() =>
      standIn.notification({ orderNo: purchase.PurchaseNo, amountFen: 4500, transactionId }),
    );
    const answers = await Promise.all(deliveries.map(notify));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await balanceOf(server, MALL_SITE)).toBe(before + 500);
  });

  it('refuses a notification of another amount, a forged one and one of no purchase', async () => {
    const purchase = await buy();
    const before = await balanceOf(server, MALL_SITE);
    const other = await notify(standIn.notification({ orderNo: purchase.PurchaseNo, amountFen: 1 }));
    expect(other.statusCode).toBe(400);
    const delivery = standIn.notification({ orderNo: purchase.PurchaseNo, amountFen: 4500 });
    const forged = await notify({ ...delivery, body: delivery.body.replace('"id":"', '"id":"x') });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'FAIL' });
    const unknown = await notify(
      standIn.notification({ orderNo: 'AV00000000000000000000', amountFen: 4500 }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(await balanceOf(server, MALL_SITE)).toBe(before);
    const read = (await server.call(records.getPurchase, { id: purchase.Id }, { token: admin })).body
      .Purchase;
    expect(read.State).toBe('toPay');
  });

  it('pays a purchase the operator closed when WeChat Pay confirms it after all: the money is real', async () => {
    const purchase = await buy();
    const cancelled = await server.call(records.cancelPurchase, { Id: purchase.Id }, { token: admin });
    expect(cancelled.body.Purchase).toMatchObject({ State: 'closed', CodeUrl: null });
    const twice = await server.call(records.cancelPurchase, { Id: purchase.Id }, { token: admin });
    expectError(twice, /not waiting for payment/);
    expect(fieldOf(twice)).toBe('Id');
    const before = await balanceOf(server, MALL_SITE);
    await notify(standIn.notification({ orderNo: purchase.PurchaseNo, amountFen: 4500 }));
    expect(await balanceOf(server, MALL_SITE)).toBe(before + 500);
  });

  it('closes an unpaid purchase once its code lapses', async () => {
    const purchase = await buy();
    const counts = await runAddedValueSweeps(
      server.database.db,
      new Date(Date.parse(purchase.PayDueAt!) + 1000),
      environment,
    );
    expect(counts.expiredPurchases).toBeGreaterThanOrEqual(1);
    expect(
      (await server.call(records.getPurchase, { id: purchase.Id }, { token: admin })).body.Purchase.State,
    ).toBe('closed');
  });

  it('closes the purchase and says why when WeChat Pay refuses the code', async () => {
    standIn.failNext(403, 'NO_AUTH', '商户无此接口权限');
    const refused = await server.call(sms.buySmsPackage, { PackageId: packageId }, { token: admin });
    expectError(refused, /payment was refused \(NO_AUTH\): 商户无此接口权限/);
    const [last] = await server.query<{ state: string }>(
      sql`select state from platform_purchases where site_id = ${MALL_SITE} order by id desc limit 1`,
    );
    expect(last).toEqual({ state: 'closed' });
  });
});

describe('recharge records and invoices', () => {
  it('list the shop’s purchases by state and kind, with counts', async () => {
    await buy();
    const listed = (await server.call(records.getRechargeRecords, { pageSize: 100 }, { token: admin })).body;
    expect(listed.Counts.all).toBe(listed.Counts.toPay! + listed.Counts.paid! + listed.Counts.closed!);
    expect(listed.Counts.toPay).toBeGreaterThan(0);
    const data = (
      await server.call(records.getRechargeRecords, { kind: 'data', state: 'paid' }, { token: admin })
    ).body;
    expect(data.Data.every((row) => row.Kind === 'data' && row.State === 'paid')).toBe(true);
    expect(data.Data[0]!.ItemName).toMatch(/^中国(移动|联通|电信) /);
    const byNo = (
      await server.call(records.getRechargeRecords, { keyword: listed.Data[0]!.PurchaseNo }, { token: admin })
    ).body;
    expect(byNo.Data.map((row) => row.Id)).toEqual([listed.Data[0]!.Id]);
    const cheapest = (await server.call(records.getRechargeRecords, { sort: 'amount' }, { token: admin }))
      .body.Data;
    expect(cheapest[0]!.AmountFen).toBeLessThanOrEqual(cheapest[1]!.AmountFen);
    expect((await server.call(records.getRechargeRecords, {}, { token: site2 })).body.Total).toBe(0);
  });

  it('ask for an invoice of a paid purchase, once; withdraw it and ask again; the sandbox invoicing issues it', async () => {
    const paid = (
      await server.call(records.getRechargeRecords, { state: 'paid', kind: 'sms' }, { token: admin })
    ).body.Data.find((row) => row.Invoice === null)!;
    const request = {
      PurchaseId: paid.Id,
      Title: '上海演示商贸有限公司',
      TaxNo: '91310000ma1fl0xx3q',
      Email: 'a@example.com',
    };
    const asked = await server.call(records.requestInvoice, request, { token: admin });
    expect(asked.body.Purchase.Invoice).toMatchObject({
      State: 'requested',
      TaxNo: '91310000MA1FL0XX3Q',
      InvoiceNo: '',
    });
    const twice = await server.call(records.requestInvoice, request, { token: admin });
    expectError(twice, /asked for already/);
    expect(fieldOf(twice)).toBe('PurchaseId');
    const withdrawn = await server.call(records.withdrawInvoice, { PurchaseId: paid.Id }, { token: admin });
    expect(withdrawn.body.Purchase.Invoice).toBeNull();
    expectError(
      await server.call(records.withdrawInvoice, { PurchaseId: paid.Id }, { token: admin }),
      /no invoice request/,
    );
    await server.call(records.requestInvoice, { ...request, TaxNo: '' }, { token: admin });
    // With the platform's merchant, invoices wait for the platform's own invoicing.
    await runAddedValueSweeps(server.database.db, new Date(), environment);
    expect(
      (await server.call(records.getPurchase, { id: paid.Id }, { token: admin })).body.Purchase.Invoice
        ?.State,
    ).toBe('requested');
    await runAddedValueSweeps(server.database.db, new Date(), SANDBOX);
    const issued = (await server.call(records.getPurchase, { id: paid.Id }, { token: admin })).body.Purchase
      .Invoice!;
    expect(issued).toMatchObject({ State: 'issued', InvoiceNo: expect.stringMatching(/^SANDBOX\d{8}$/) });
    expect(issued.IssuedAt).not.toBeNull();
    expectError(await server.call(records.withdrawInvoice, { PurchaseId: paid.Id }, { token: admin }));
  });

  it('refuses an invoice of an unpaid purchase and bad invoice details, naming the field', async () => {
    const unpaid = await buy();
    const refused = await server.call(
      records.requestInvoice,
      { PurchaseId: unpaid.Id, Title: '抬头', TaxNo: '', Email: 'a@example.com' },
      { token: admin },
    );
    expectError(refused, /not paid/);
    expect(fieldOf(refused)).toBe('PurchaseId');
    for (const [field, change] of [
      ['Title', { Title: '' }],
      ['Title', { Title: 'x'.repeat(101) }],
      ['TaxNo', { TaxNo: '9131000' }],
      ['TaxNo', { TaxNo: '91310000MA1FL0XX3Q!' }],
      ['Email', { Email: 'finance' }],
      ['PurchaseId', { PurchaseId: 0 }],
    ] as const) {
      const response = await server.call(
        records.requestInvoice,
        { PurchaseId: unpaid.Id, Title: '抬头', TaxNo: '', Email: 'a@example.com', ...change },
        { token: admin },
      );
      expectError(response);
      expect(fieldOf(response)).toBe(field);
    }
  });

  it('keeps purchases to the screens that buy or list them', async () => {
    const sub = await server.login('sub', { siteId: MALL_SITE });
    const [any] = await server.query<{ id: number }>(sql`select id from platform_purchases limit 1`);
    for (const [endpoint, input] of [
      [records.getRechargeRecords, {}],
      [records.getPurchase, { id: any!.id }],
      [records.cancelPurchase, { Id: any!.id }],
      [records.requestInvoice, { PurchaseId: any!.id, Title: 'x', TaxNo: '', Email: 'a@example.com' }],
      [records.withdrawInvoice, { PurchaseId: any!.id }],
    ] as const) {
      expect((await server.call(endpoint, input, { token: sub })).status, endpoint.path).toBe(403);
      expect((await server.call(endpoint, input, { token: null })).status, endpoint.path).toBe(401);
    }
    const missing = await server.call(records.getPurchase, { id: 999_999 }, { token: admin });
    expectError(missing, /no purchase 999999/);
    expect(fieldOf(missing)).toBe('id');
  });
});
