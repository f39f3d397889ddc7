import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract/endpoint';
import * as shop from '../../contract/endpoints/distribution-storefront';
import * as payment from '../../contract/endpoints/payment';
import * as withdrawals from '../../contract/endpoints/withdrawals';
import { QUERY_INTERVAL_MS } from '../../server/areas/distribution/payouts';
import { runDistributionSweeps } from '../../server/areas/distribution/sweeps';
import { loadConfig } from '../../server/config';
import { balances, credit, member, promoter, setDistribution } from './distribution-helpers';
import { startTestServer, type TestServer } from './harness';
import { MALL_SITE, SECOND_SITE, storefront, storefrontKey } from './order-helpers';
import { TEST_ENV } from './test-env';
import { startWechatPayStandIn, TEST_MERCHANT, type WechatPayStandIn } from './wechat-pay-stand-in';

/**
 * Payouts to WeChat change through the WeChat Pay adapter against the local stand-in, which checks
 * every request's signature: the transfer batch, the sealed payee name, the notification (replayed,
 * forged), the query after a while, and paying again after a failure.
 */

let server: TestServer;
let standIn: WechatPayStandIn;
let admin: string;
let key: string;
let payee: number;

beforeAll(async () => {
  standIn = await startWechatPayStandIn();
  server = await startTestServer({ env: { WECHATPAY_API_BASE: standIn.url } });
  admin = await server.login('admin');
  key = await storefrontKey(server, admin);
  const config = await server.call(payment.getPayConfig, {}, { token: admin });
  const saved = await server.call(
    payment.savePayConfig,
    {
      WechatEnabled: true,
      MchId: TEST_MERCHANT.mchId,
      AppId: TEST_MERCHANT.appId,
      SerialNo: TEST_MERCHANT.serialNo,
      ApiV3Key: TEST_MERCHANT.apiV3Key,
      PrivateKey: TEST_MERCHANT.privateKey,
      PlatformCertificate: TEST_MERCHANT.platformCertificate,
      OfflineMethods: ['cash', 'card', 'transfer'],
      SandboxRefuses: false,
      Version: config.body.Version,
    },
    { token: admin },
  );
  expect(saved.body.Errmsg).toBe('');
  await setDistribution(server, admin, { Enabled: true, Joining: 'anyone', WithdrawChannels: ['wechat'] });
  await member(server, key, 'x-payee');
  payee = await promoter(server, key, admin, 'x-payee');
  await credit(server, payee, 1_000_000);
  const bound = await storefront(server, key, shop.bindPromoterWechat, {
    BuyerId: 'x-payee',
    OpenId: 'oPayeeOpenId0001',
    RealName: '王小二',
  });
  expect(bound.body.Errmsg).toBe('');
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

interface Withdrawal extends Record<string, unknown> {
  id: number;
  state: string;
  reason: string;
  out_batch_no: string;
  payout_no: string;
  payout_fen: number;
}

async function withdrawal(id: number): Promise<Withdrawal> {
  const [row] = await server.query<Withdrawal>(
    sql`select id, state, reason, out_batch_no, payout_no, payout_fen from withdrawals where id = ${id}`,
  );
  return row!;
}

/** Applies for `amountFen` to WeChat change, approved and paid by the operator; returns its id. */
async function paying(amountFen: number): Promise<number> {
  const applied = await storefront(server, key, shop.applyWithdrawal, {
    BuyerId: 'x-payee',
    AmountFen: amountFen,
    Channel: 'wechat',
  });
  expect(applied.body.Errmsg).toBe('');
  const [row] = await server.query<{ id: number }>(
    sql`select id from withdrawals where withdrawal_no = ${applied.body.Withdrawal.WithdrawalNo}`,
  );
  for (const endpoint of [withdrawals.approveWithdrawals, withdrawals.payWithdrawals]) {
    const response = await server.call(endpoint, { Ids: [row!.id] }, { token: admin });
    expect(response.body.Errmsg).toBe('');
  }
  return row!.id;
}

function notify(delivery: { headers: Record<string, string>; body: string }, site = MALL_SITE) {
  return server.app.inject({
    method: 'POST',
    url: `${API_BASE}${shop.WECHAT_TRANSFER_NOTIFY_PATH}?site=${site}`,
    headers: delivery.headers,
    payload: delivery.body,
  });
}

async function paidLedgerRows(id: number): Promise<number> {
  const [row] = await server.query<{ count: number }>(
    sql`select count(*)::int as count from commission_ledger where withdrawal_id = ${id} and reason = 'withdrawPaid'`,
  );
  return row!.count;
}

describe('paying WeChat change through WeChat Pay', () => {
  it('sends one signed transfer batch with the payee’s name sealed, and waits for WeChat Pay', async () => {
    const id = await paying(250_000);
    const sent = await withdrawal(id);
    expect(sent.state).toBe('paying');
    const request = standIn.received.at(-1)!;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v3/transfer/batches',
      serial: TEST_MERCHANT.platformSerial,
    });
    expect(request.body).toMatchObject({
      appid: TEST_MERCHANT.appId,
      out_batch_no: sent.out_batch_no,
      total_amount: sent.payout_fen,
      total_num: 1,
    });
    const detail = (request.body.transfer_detail_list as Record<string, unknown>[])[0]!;
    expect(detail).toMatchObject({ openid: 'oPayeeOpenId0001', transfer_amount: sent.payout_fen });
    expect(detail.user_name).not.toContain('王');
    const transfer = standIn.transfers.get(sent.out_batch_no)!;
    expect(transfer.userName).toBe('王小二');
    expect(sent.payout_no).toBe(transfer.batchId);
  });

  it('pays on the notification, once however often WeChat Pay sends it, and refuses a forged one', async () => {
    const id = await paying(10_000);
    const { out_batch_no: batch } = await withdrawal(id);
    const before = await balances(server, payee);
    standIn.finishTransfer(batch, 'SUCCESS');
    const delivery = standIn.transferNotification(batch);

    const forged = await notify({
      headers: delivery.headers,
      body: delivery.body.replace('"id":"', '"id":"x'),
    });
    expect(forged.statusCode).toBe(401);
    expect((await withdrawal(id)).state).toBe('paying');

    const first = await notify(delivery);
    expect(first.statusCode).toBe(200);
    const again = await notify(delivery);
    expect(again.statusCode).toBe(200);
    expect((await withdrawal(id)).state).toBe('paid');
    expect(await paidLedgerRows(id)).toBe(1);
    const after = await balances(server, payee);
    expect(after.frozen_fen).toBe(before.frozen_fen - 10_000);
    expect(after.withdrawn_fen).toBe(before.withdrawn_fen + 10_000);
  });

  it('learns a failure by asking after a while, gives the amount back, and pays again under a new batch', async () => {
    const id = await paying(20_000);
    const first = await withdrawal(id);
    standIn.finishTransfer(first.out_batch_no, 'FAIL', 'ACCOUNT_FROZEN');
    const environment = loadConfig({ ...TEST_ENV, WECHATPAY_API_BASE: standIn.url }).payment;
    // Not asked again before the interval.
    await runDistributionSweeps(server.database.db, new Date(Date.now() + 60_000), environment);
    expect((await withdrawal(id)).state).toBe('paying');
    const before = await balances(server, payee);
    const counts = await runDistributionSweeps(
      server.database.db,
      new Date(Date.now() + QUERY_INTERVAL_MS + 60_000),
      environment,
    );
    expect(counts.failedWithdrawals).toBe(1);
    expect(standIn.received.at(-1)!.path).toBe(
      `/v3/transfer/batches/out-batch-no/${first.out_batch_no}/details/out-detail-no/${first.out_batch_no}D`,
    );
    expect(await withdrawal(id)).toMatchObject({ state: 'failed', reason: 'ACCOUNT_FROZEN' });
    expect((await balances(server, payee)).withdrawable_fen).toBe(before.withdrawable_fen + 20_000);

    const retried = await server.call(withdrawals.retryWithdrawal, { Id: id }, { token: admin });
    expect(retried.body.Errmsg).toBe('');
    const second = await withdrawal(id);
    expect(second.state).toBe('paying');
    expect(second.out_batch_no).not.toBe(first.out_batch_no);
    // The failed batch's late notification changes nothing now.
    expect((await notify(standIn.transferNotification(first.out_batch_no))).statusCode).toBe(200);
    expect((await withdrawal(id)).state).toBe('paying');
    standIn.finishTransfer(second.out_batch_no, 'SUCCESS');
    expect((await notify(standIn.transferNotification(second.out_batch_no))).statusCode).toBe(200);
    expect((await withdrawal(id)).state).toBe('paid');
  });

  it('fails at once on a refusal, and pays again under the same batch number WeChat Pay never accepted', async () => {
    standIn.failNext(403, 'NOT_ENOUGH', '资金不足');
    const id = await paying(15_000);
    const refused = await withdrawal(id);
    expect(refused).toMatchObject({ state: 'failed', reason: 'NOT_ENOUGH: 资金不足', payout_no: '' });
    expect(standIn.transfers.has(refused.out_batch_no)).toBe(false);
    const retried = await server.call(withdrawals.retryWithdrawal, { Id: id }, { token: admin });
    expect(retried.body.Errmsg).toBe('');
    const again = await withdrawal(id);
    expect(again).toMatchObject({ state: 'paying', out_batch_no: refused.out_batch_no });
    expect(standIn.transfers.has(again.out_batch_no)).toBe(true);
  });

  it('fails a batch WeChat Pay closed', async () => {
    const id = await paying(12_000);
    const { out_batch_no: batch } = await withdrawal(id);
    const response = await notify(standIn.transferNotification(batch, 'CLOSED'));
    expect(response.statusCode).toBe(200);
    expect(await withdrawal(id)).toMatchObject({ state: 'failed', reason: 'OVERDUE_CLOSE' });
  });

  it('answers a notification for a shop without WeChat Pay with 404, and ignores a batch it never sent', async () => {
    const id = await paying(11_000);
    const { out_batch_no: batch } = await withdrawal(id);
    standIn.finishTransfer(batch, 'SUCCESS');
    expect((await notify(standIn.transferNotification(batch), SECOND_SITE)).statusCode).toBe(404);
    expect((await withdrawal(id)).state).toBe('paying');
    standIn.transfers.set('WNEVERSENT1', { ...standIn.transfers.get(batch)!, outBatchNo: 'WNEVERSENT1' });
    expect((await notify(standIn.transferNotification('WNEVERSENT1'))).statusCode).toBe(200);
    expect((await withdrawal(id)).state).toBe('paying');
  });
});
