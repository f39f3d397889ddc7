import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOT_THE_MERCHANT_KEY,
  startWechatPayStandIn,
  TEST_MERCHANT,
  type WechatPayStandIn,
} from '../../../tests/api/wechat-pay-stand-in';
import { PaymentProviderError } from './adapter';
import { paySignMessage, rsaVerify } from './wechat-pay-crypto';
import { type WechatMerchant, wechatPayV3 } from './wechat-pay-v3';

const merchant: WechatMerchant = {
  mchId: TEST_MERCHANT.mchId,
  appId: TEST_MERCHANT.appId,
  serialNo: TEST_MERCHANT.serialNo,
  apiV3Key: TEST_MERCHANT.apiV3Key,
  privateKey: TEST_MERCHANT.privateKey,
  platformCertificate: TEST_MERCHANT.platformCertificate,
  platformSerial: TEST_MERCHANT.platformSerial,
};

let standIn: WechatPayStandIn;
beforeAll(async () => {
  standIn = await startWechatPayStandIn();
});
afterAll(() => standIn.close());

const prepayRequest = {
  orderNo: 'SO202611250001',
  description: 'SO202611250001',
  totalFen: 1999,
  openId: 'o-buyer-1',
  notifyUrl: 'https://shop.example.com/api/storefront/WechatPayNotify?site=1',
};

describe('WeChat Pay v3 adapter against the stand-in', () => {
  it('passes the check with the right settings', async () => {
    expect(await wechatPayV3(merchant, standIn.url).check(new Date())).toEqual({
      ok: true,
      code: '',
      message: TEST_MERCHANT.platformSerial,
    });
    expect(standIn.received.at(-1)).toMatchObject({ method: 'GET', path: '/v3/certificates' });
  });

  it('reports each wrong setting by what WeChat Pay or the answer shows', async () => {
    const check = (change: Partial<WechatMerchant>) =>
      wechatPayV3({ ...merchant, ...change }, standIn.url).check(new Date());
    // Signed with another key: WeChat Pay answers 401 SIGN_ERROR.
    expect((await check({ privateKey: NOT_THE_MERCHANT_KEY })).code).toBe('SIGN_ERROR');
    expect((await check({ serialNo: 'ABCDEF0123' })).code).toBe('SIGN_ERROR');
    expect((await check({ mchId: '1900000110' })).code).toBe('SIGN_ERROR');
    // The answer is signed by a certificate other than the one uploaded.
    expect((await check({ platformCertificate: TEST_MERCHANT.certificate })).code).toBe('BAD_SIGNATURE');
    expect((await check({ apiV3Key: 'Z'.repeat(32) })).code).toBe('API_V3_KEY');
    expect(
      (await check({ platformSerial: 'AB', platformCertificate: merchant.platformCertificate })).code,
    ).toBe('BAD_SIGNATURE');
  });

  it('says NETWORK when WeChat Pay cannot be reached', async () => {
    const outcome = await wechatPayV3(merchant, 'http://127.0.0.1:9').check(new Date());
    expect(outcome.ok).toBe(false);
    expect(outcome.code).toBe('NETWORK');
  });

  it('prepays a JSAPI order and signs the parameters the mini-program pays with', async () => {
    const now = new Date();
    const result = await wechatPayV3(merchant, standIn.url).prepay(prepayRequest, now);
    expect(result.kind).toBe('jsapi');
    if (result.kind !== 'jsapi') return;
    const payment = result.payment;
    expect(payment).toMatchObject({
      appId: TEST_MERCHANT.appId,
      signType: 'RSA',
      timeStamp: String(Math.floor(now.getTime() / 1000)),
    });
    expect(payment.package).toMatch(/^prepay_id=wx[0-9a-f]{28}$/);
    const message = paySignMessage(payment.appId, payment.timeStamp, payment.nonceStr, payment.package);
    expect(rsaVerify(message, payment.paySign, TEST_MERCHANT.certificate)).toBe(true);
    expect(standIn.received.at(-1)).toEqual({
      method: 'POST',
      path: '/v3/pay/transactions/jsapi',
      body: {
        appid: TEST_MERCHANT.appId,
        mchid: TEST_MERCHANT.mchId,
        description: prepayRequest.description,
        out_trade_no: prepayRequest.orderNo,
        notify_url: prepayRequest.notifyUrl,
        amount: { total: 1999, currency: 'CNY' },
        payer: { openid: 'o-buyer-1' },
      },
    });
  });

  it('prepays a Native order: the code to scan, due at the given moment in China time', async () => {
    const result = await wechatPayV3(merchant, standIn.url).prepayNative(
      {
        orderNo: 'PP202611250001',
        description: '短信套餐 1000 条',
        totalFen: 4500,
        notifyUrl: 'https://platform.example.com/api/notify',
        expiresAt: new Date('2026-11-25T04:30:00Z'),
      },
      new Date(),
    );
    expect(result.kind).toBe('native');
    if (result.kind === 'native') expect(result.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(standIn.received.at(-1)).toEqual({
      method: 'POST',
      path: '/v3/pay/transactions/native',
      body: {
        appid: TEST_MERCHANT.appId,
        mchid: TEST_MERCHANT.mchId,
        description: '短信套餐 1000 条',
        out_trade_no: 'PP202611250001',
        time_expire: '2026-11-25T12:30:00+08:00',
        notify_url: 'https://platform.example.com/api/notify',
        amount: { total: 4500, currency: 'CNY' },
      },
    });
  });

  it("raises WeChat Pay's documented errors with their code and status", async () => {
    standIn.failNext(400, 'ORDERPAID', '该订单已支付');
    const failure = await wechatPayV3(merchant, standIn.url)
      .prepay(prepayRequest, new Date())
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect(failure).toMatchObject({ code: 'ORDERPAID', status: 400, message: '该订单已支付' });
  });

  it('refunds once per refund number', async () => {
    const adapter = wechatPayV3(merchant, standIn.url);
    const request = {
      orderNo: 'SO1',
      outRefundNo: 'SO1R7',
      refundFen: 500,
      totalFen: 1999,
      reason: 'broken',
    };
    const first = await adapter.refund(request, new Date());
    const again = await adapter.refund(request, new Date());
    expect(first.status).toBe('PROCESSING');
    expect(again.refundId).toBe(first.refundId);
    expect(standIn.received.at(-1)?.body).toMatchObject({
      out_trade_no: 'SO1',
      out_refund_no: 'SO1R7',
      amount: { refund: 500, total: 1999, currency: 'CNY' },
    });
    const tooMuch = await adapter
      .refund({ ...request, outRefundNo: 'SO1R8', refundFen: 2000 }, new Date())
      .catch((e: unknown) => e);
    expect(tooMuch).toMatchObject({ code: 'INVALID_REQUEST', status: 400 });
  });
});

describe('WeChat Pay notifications', () => {
  const adapter = () => wechatPayV3(merchant, standIn.url);
  const read = (headers: Record<string, string>, rawBody: string, now = new Date()) =>
    adapter().readPaidNotification({ headers: lower(headers), rawBody, now });
  const lower = (headers: Record<string, string>) =>
    Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

  it('reads a genuine notification', () => {
    const { headers, body } = standIn.notification({
      orderNo: 'SO9',
      amountFen: 1999,
      transactionId: '4200000001',
    });
    expect(read(headers, body)).toMatchObject({
      orderNo: 'SO9',
      amountFen: 1999,
      transactionId: '4200000001',
    });
  });

  it('refuses a changed body, a stale or foreign signature and an unpaid state', () => {
    const { headers, body } = standIn.notification({ orderNo: 'SO9', amountFen: 1999 });
    const refused = (run: () => unknown) => expect(run).toThrow(PaymentProviderError);
    refused(() => read(headers, body.replace('"id":"', '"id":"x')));
    refused(() => read(headers, `${body} `));
    refused(() => read({ ...headers, 'Wechatpay-Serial': 'ABC' }, body));
    const sent = Number(headers['Wechatpay-Timestamp']) * 1000;
    refused(() => read(headers, body, new Date(sent + 301_000)));
    expect(read(headers, body, new Date(sent + 299_000)).orderNo).toBe('SO9');
    const unpaid = standIn.notification({ orderNo: 'SO9', amountFen: 1999, tradeState: 'NOTPAY' });
    refused(() => read(unpaid.headers, unpaid.body));
    refused(() =>
      wechatPayV3({ ...merchant, apiV3Key: 'Z'.repeat(32) }, standIn.url).readPaidNotification({
        headers: lower(headers),
        rawBody: body,
        now: new Date(),
      }),
    );
    refused(() =>
      wechatPayV3({ ...merchant, mchId: '1900000110' }, standIn.url).readPaidNotification({
        headers: lower(headers),
        rawBody: body,
        now: new Date(),
      }),
    );
  });
});
