import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, type EndpointDefinition } from '../../contract/endpoint';
import { uploadImage } from '../../contract/endpoints/comm';
import * as shop from '../../contract/endpoints/distribution-storefront';
import * as withdrawals from '../../contract/endpoints/withdrawals';
import { runDistributionSweeps } from '../../server/areas/distribution/sweeps';
import { lockWithdrawal, startPayout } from '../../server/areas/distribution/withdrawals';
import { drainOutbox } from '../../server/areas/payment/outbox';
import { loadConfig } from '../../server/config';
import { balances, credit, fieldOf, member, promoter, setDistribution } from './distribution-helpers';
import { type ApiResponse, startTestServer, type TestServer } from './harness';
import { multipartBody, solidPng } from './images';
import { MALL_SITE, storefront, storefrontKey } from './order-helpers';
import { TEST_ENV } from './test-env';

/**
 * Withdrawals through the sandbox: the shop's rules, the guarded freeze of the amount, each state of
 * the machine with what it does to the balances, and the payout by each channel. The WeChat Pay
 * protocol itself is tests/api/distribution-payouts.test.ts.
 */

let server: TestServer;
let admin: string;
let key: string;
let rich: number;
const environment = loadConfig(TEST_ENV).payment;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  key = await storefrontKey(server, admin);
  await setDistribution(server, admin, {
    Enabled: true,
    Joining: 'anyone',
    WithdrawMinFen: 1_000,
    WithdrawFeeRate: 100,
    WithdrawChannels: ['balance', 'wechat', 'bank'],
    DailyLimitFen: 50_000,
  });
  await member(server, key, 'w-rich');
  rich = await promoter(server, key, admin, 'w-rich');
  await credit(server, rich, 100_000);
  await storefront(server, key, shop.bindPromoterWechat, {
    BuyerId: 'w-rich',
    OpenId: 'oRichPromoter01',
    RealName: '王富',
  });
});
afterAll(() => server.close());

const BANK = { BankName: '工商银行', AccountName: '王富', AccountNo: '6222020200112233445' };

async function apply(
  amountFen: number,
  channel: 'balance' | 'wechat' | 'bank',
  buyerId = 'w-rich',
  locale = 'en',
) {
  return storefront(
    server,
    key,
    shop.applyWithdrawal,
    {
      BuyerId: buyerId,
      AmountFen: amountFen,
      Channel: channel,
      ...(channel === 'bank' ? { Bank: BANK } : {}),
    },
    locale,
  );
}

async function idOf(withdrawalNo: string): Promise<number> {
  const [row] = await server.query<{ id: number }>(
    sql`select id from withdrawals where withdrawal_no = ${withdrawalNo}`,
  );
  return row!.id;
}

async function stateOf(id: number) {
  const [row] = await server.query<{
    state: string;
    reason: string;
    pay_attempt: number;
    out_batch_no: string;
  }>(sql`select state, reason, pay_attempt, out_batch_no from withdrawals where id = ${id}`);
  return row!;
}

async function applied(amountFen: number, channel: 'balance' | 'wechat' | 'bank') {
  const response = await apply(amountFen, channel);
  expect(response.body.Errmsg).toBe('');
  return idOf(response.body.Withdrawal.WithdrawalNo);
}

async function call(endpoint: EndpointDefinition, input: unknown) {
  const response = await server.call(endpoint, input, { token: admin });
  expect(response.body.Errmsg).toBe('');
  return response as ApiResponse<{ Changed?: number }>;
}

describe('applying to withdraw', () => {
  it('freezes the amount, keeps the fee and copies the account', async () => {
    const before = await balances(server, rich);
    const response = await apply(10_000, 'bank');
    expect(response.body.Withdrawal).toMatchObject({
      AmountFen: 10_000,
      FeeFen: 100,
      PayoutFen: 9_900,
      Channel: 'bank',
      State: 'applied',
      Account: '工商银行 **** 3445',
    });
    expect(response.body.Withdrawal.WithdrawalNo).toMatch(/^W\d{8}\d{6,}$/);
    const after = await balances(server, rich);
    expect(after.withdrawable_fen).toBe(before.withdrawable_fen - 10_000);
    expect(after.frozen_fen).toBe(before.frozen_fen + 10_000);
    const [ledger] = await server.query<{ reason: string; withdrawable_delta: number; frozen_delta: number }>(
      sql`select reason, withdrawable_delta, frozen_delta from commission_ledger where promoter_id = ${rich}
           order by id desc limit 1`,
    );
    expect(ledger).toEqual({ reason: 'withdraw', withdrawable_delta: -10_000, frozen_delta: 10_000 });
  });

  it.each([
    ['under the minimum', 999, 'balance', /At least ¥10\.00/, 'AmountFen'],
    ['over the daily limit', 40_001, 'balance', /¥500\.00 a day; ¥400\.00 left/, 'AmountFen'],
    ['to a channel the shop pays nothing to', 2_000, 'alipay', undefined, 'Channel'],
    ['to a bank card without the card', 2_000, 'bankless', undefined, 'Bank'],
  ] as const)('refuses a withdrawal %s on its field', async (_, amount, channel, message, field) => {
    const input =
      channel === 'bankless'
        ? { BuyerId: 'w-rich', AmountFen: amount, Channel: 'bank' }
        : { BuyerId: 'w-rich', AmountFen: amount, Channel: channel };
    const response = await storefront(server, key, shop.applyWithdrawal, input);
    expect([response.body.Errcode, fieldOf(response)]).toEqual([-1, field]);
    if (message) expect(response.body.Errmsg).toMatch(message);
  });

  it('refuses more than what is withdrawable, a channel switched off, a frozen promoter and a stranger', async () => {
    await member(server, key, 'w-poor');
    const poor = await promoter(server, key, admin, 'w-poor');
    await credit(server, poor, 1_500);
    const over = await apply(1_501, 'balance', 'w-poor');
    expect([over.body.Errcode, fieldOf(over)]).toEqual([-1, 'AmountFen']);
    expect(over.body.Errmsg).toContain('¥15.00');
    const unbound = await apply(1_000, 'wechat', 'w-poor');
    expect([unbound.body.Errcode, fieldOf(unbound)]).toEqual([-1, 'Channel']);
    await setDistribution(server, admin, {
      Enabled: true,
      Joining: 'anyone',
      WithdrawMinFen: 1_000,
      WithdrawChannels: ['bank'],
    });
    const off = await apply(1_000, 'balance', 'w-poor', 'zh');
    expect(off.body.Errmsg).toBe('本店不支持提现到余额');
    await setDistribution(server, admin, {
      Enabled: true,
      Joining: 'anyone',
      WithdrawMinFen: 1_000,
      WithdrawFeeRate: 100,
      WithdrawChannels: ['balance', 'wechat', 'bank'],
      DailyLimitFen: 50_000,
    });
    await server.query(sql`update promoters set status = 'frozen' where id = ${poor}`);
    const frozen = await apply(1_000, 'balance', 'w-poor');
    expect(frozen.body.Errmsg).toMatch(/frozen/);
    await server.query(sql`update promoters set status = 'active' where id = ${poor}`);
    await member(server, key, 'w-stranger');
    const stranger = await apply(1_000, 'balance', 'w-stranger');
    expect([stranger.body.Errcode, fieldOf(stranger)]).toEqual([-1, 'BuyerId']);
    expect(await balances(server, poor)).toMatchObject({ withdrawable_fen: 1_500, frozen_fen: 0 });
  });

  it('never takes more than what is withdrawable, however many apply at once', async () => {
    await member(server, key, 'w-race');
    const racer = await promoter(server, key, admin, 'w-race');
    await credit(server, racer, 10_000);
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        storefront(server, key, shop.applyWithdrawal, {
          BuyerId: 'w-race',
          AmountFen: 3_000,
          Channel: 'balance',
        }),
      ),
    );
    const accepted = responses.filter((response) => response.body.Errcode === 0);
    expect(accepted.length).toBe(3);
    expect(
      responses
        .filter((response) => response.body.Errcode !== 0)
        .every((response) => fieldOf(response) === 'AmountFen'),
    ).toBe(true);
    expect(await balances(server, racer)).toMatchObject({ withdrawable_fen: 1_000, frozen_fen: 9_000 });
    const [ledger] = await server.query<{ withdrawable: number; frozen: number }>(
      sql`select sum(withdrawable_delta)::int as withdrawable, sum(frozen_delta)::int as frozen from commission_ledger
           where promoter_id = ${racer}`,
    );
    expect(ledger).toEqual({ withdrawable: 1_000, frozen: 9_000 });
  });
});

describe('the withdrawal’s life', () => {
  it('pays stored value at once: the member’s wallet gets the payout, the frozen amount leaves', async () => {
    const id = await applied(5_000, 'balance');
    const before = await balances(server, rich);
    await call(withdrawals.approveWithdrawals, { Ids: [id] });
    const paid = await call(withdrawals.payWithdrawals, { Ids: [id] });
    expect(paid.body).toMatchObject({ Changed: 1 });
    expect((await stateOf(id)).state).toBe('paid');
    const after = await balances(server, rich);
    expect(after.frozen_fen).toBe(before.frozen_fen - 5_000);
    expect(after.withdrawn_fen).toBe(before.withdrawn_fen + 5_000);
    const [wallet] = await server.query<{ delta: number; reason: string }>(
      sql`select l.delta, l.reason from wallet_ledger l where l.site_id = ${MALL_SITE} and l.buyer_id = 'w-rich'
           and l.currency = 'balance' order by l.id desc limit 1`,
    );
    expect(wallet).toEqual({ delta: 4_950, reason: 'commission_withdrawal' });
    const log = await server.query<{ action: string; to_state: string }>(
      sql`select action, to_state from withdrawal_log where withdrawal_id = ${id} order by id`,
    );
    expect(log).toEqual([
      { action: 'apply', to_state: 'applied' },
      { action: 'approve', to_state: 'approved' },
      { action: 'pay', to_state: 'paying' },
      { action: 'settle', to_state: 'paid' },
    ]);
  });

  it('pays WeChat change through the sandbox from the outbox', async () => {
    const id = await applied(3_000, 'wechat');
    await call(withdrawals.approveWithdrawals, { Ids: [id] });
    await call(withdrawals.payWithdrawals, { Ids: [id] });
    const state = await stateOf(id);
    expect(state).toMatchObject({ state: 'paid', pay_attempt: 1 });
    const [sent] = await server.query<{ state: string; payload: { amountFen: number; openId: string } }>(
      sql`select state, payload from outbox where kind = 'payment.transfer' and payload->>'outBatchNo' = ${state.out_batch_no}`,
    );
    expect(sent).toMatchObject({ state: 'sent', payload: { amountFen: 2_970, openId: 'oRichPromoter01' } });
  });

  it('fails a WeChat change payout the sandbox refuses, giving the amount back; pays it again once it accepts', async () => {
    await server.query(
      sql`insert into payment_settings (site_id, sandbox_refuses) values (${MALL_SITE}, true)
          on conflict (site_id) do update set sandbox_refuses = true`,
    );
    const id = await applied(2_000, 'wechat');
    const before = await balances(server, rich);
    await call(withdrawals.approveWithdrawals, { Ids: [id] });
    await call(withdrawals.payWithdrawals, { Ids: [id] });
    expect(await stateOf(id)).toMatchObject({ state: 'failed', reason: 'SANDBOX_REFUSED' });
    expect(await balances(server, rich)).toMatchObject({
      withdrawable_fen: before.withdrawable_fen + 2_000,
      frozen_fen: before.frozen_fen - 2_000,
    });
    await server.query(sql`update payment_settings set sandbox_refuses = false where site_id = ${MALL_SITE}`);
    await call(withdrawals.retryWithdrawal, { Id: id });
    // Never accepted: the same batch number, as WeChat Pay asks, under a new outbox key.
    expect(await stateOf(id)).toMatchObject({
      state: 'paid',
      pay_attempt: 2,
      out_batch_no: expect.stringMatching(/P1$/),
    });
    expect(await balances(server, rich)).toMatchObject({ frozen_fen: before.frozen_fen - 2_000 });
  });

  it('leaves a bank payout paying until the operator marks it paid with a voucher from the image library', async () => {
    const id = await applied(2_500, 'bank');
    await call(withdrawals.approveWithdrawals, { Ids: [id] });
    await call(withdrawals.payWithdrawals, { Ids: [id] });
    expect((await stateOf(id)).state).toBe('paying');
    const foreign = await server.call(
      withdrawals.markWithdrawalPaid,
      { Id: id, Voucher: 'https://example.com/receipt.png' },
      { token: admin },
    );
    expect([foreign.body.Errcode, fieldOf(foreign)]).toEqual([-1, 'Voucher']);
    const body = multipartBody({ filename: 'voucher.png', contentType: 'image/png', bytes: solidPng(4, 3) });
    const upload = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}${uploadImage.path}`,
      headers: { ...body.headers, authorization: `Bearer ${admin}` },
      payload: body.payload,
    });
    const image = upload.json() as { Url: string };
    await call(withdrawals.markWithdrawalPaid, { Id: id, Voucher: image.Url });
    const list = await server.call(
      withdrawals.getWithdrawalList,
      { state: 'paid', keyword: 'w-rich' },
      { token: admin },
    );
    expect(list.body.Data.find((row) => row.Id === id)).toMatchObject({ Voucher: image.Url, State: 'paid' });
  });

  it('marks a bank payout failed (the amount back), then rejects it without giving it twice', async () => {
    const id = await applied(2_000, 'bank');
    await call(withdrawals.approveWithdrawals, { Ids: [id] });
    await call(withdrawals.payWithdrawals, { Ids: [id] });
    const before = await balances(server, rich);
    await call(withdrawals.markWithdrawalFailed, { Id: id, Reason: '账户已销户' });
    const failed = await balances(server, rich);
    expect(failed.withdrawable_fen).toBe(before.withdrawable_fen + 2_000);
    await call(withdrawals.rejectWithdrawal, { Id: id, Reason: '请更换银行卡' });
    expect(await balances(server, rich)).toEqual(failed);
    expect(await stateOf(id)).toMatchObject({ state: 'rejected', reason: '请更换银行卡' });
  });

  it('rejects an application, giving the amount back in the same step', async () => {
    const id = await applied(1_000, 'balance');
    const before = await balances(server, rich);
    await call(withdrawals.rejectWithdrawal, { Id: id, Reason: '信息有误' });
    const after = await balances(server, rich);
    expect(after.withdrawable_fen - before.withdrawable_fen).toBe(1_000);
    expect(before.frozen_fen - after.frozen_fen).toBe(1_000);
  });

  it('refuses what the machine does not allow, and marking a payout the system answers', async () => {
    const id = await applied(1_000, 'wechat');
    const early = await server.call(withdrawals.payWithdrawals, { Ids: [id] }, { token: admin });
    expect(early.body.Errmsg).toMatch(/cannot be paid: it is applied/);
    await call(withdrawals.approveWithdrawals, { Ids: [id] });
    const twice = await call(withdrawals.approveWithdrawals, { Ids: [id] });
    expect(twice.body.Changed).toBe(0);
    const reject = await server.call(withdrawals.rejectWithdrawal, { Id: id, Reason: 'x' }, { token: admin });
    expect(reject.body.Errmsg).toMatch(/cannot be rejected: it is approved/);
    // A WeChat change payout is answered by the payment adapter, never marked by hand.
    await server.query(sql`update withdrawals set state = 'paying' where id = ${id}`);
    const manual = await server.call(
      withdrawals.markWithdrawalFailed,
      { Id: id, Reason: 'x' },
      { token: admin },
    );
    expect([manual.body.Errcode, fieldOf(manual)]).toEqual([-1, 'Id']);
    await server.query(sql`update withdrawals set state = 'approved' where id = ${id}`);
  });

  it('refuses to pay a failed withdrawal again when the promoter no longer holds its amount', async () => {
    await member(server, key, 'w-spent');
    const spent = await promoter(server, key, admin, 'w-spent');
    await credit(server, spent, 2_000);
    const response = await apply(2_000, 'bank', 'w-spent');
    const id = await idOf(response.body.Withdrawal.WithdrawalNo);
    await call(withdrawals.approveWithdrawals, { Ids: [id] });
    await call(withdrawals.payWithdrawals, { Ids: [id] });
    await call(withdrawals.markWithdrawalFailed, { Id: id, Reason: '卡号错误' });
    const other = await apply(1_500, 'balance', 'w-spent');
    expect(other.body.Errmsg).toBe('');
    const retry = await server.call(withdrawals.retryWithdrawal, { Id: id }, { token: admin });
    expect(retry.body.Errmsg).toMatch(/no longer holds/);
    expect((await stateOf(id)).state).toBe('failed');
    expect(await balances(server, spent)).toMatchObject({ withdrawable_fen: 500, frozen_fen: 1_500 });
  });

  it('approves and pays in bulk', async () => {
    const ids = [await applied(1_000, 'balance'), await applied(1_100, 'balance')];
    expect((await call(withdrawals.approveWithdrawals, { Ids: ids })).body.Changed).toBe(2);
    expect((await call(withdrawals.payWithdrawals, { Ids: ids })).body.Changed).toBe(2);
    for (const id of ids) expect((await stateOf(id)).state).toBe('paid');
  });

  it('lets the sweep finish payouts it finds answered', async () => {
    const id = await applied(1_200, 'wechat');
    await call(withdrawals.approveWithdrawals, { Ids: [id] });
    // As if the request had ended before sending: the outbox and the sweep take over.
    await server.database.db.transaction(async (tx) => {
      const withdrawal = await lockWithdrawal(tx, MALL_SITE, { id });
      await startPayout(
        {
          tx,
          siteId: MALL_SITE,
          actor: { kind: 'system', accountId: null, name: '' },
          locale: 'en',
          now: new Date(),
        },
        withdrawal,
        'pay',
        'http://127.0.0.1/notify',
      );
    });
    expect((await stateOf(id)).state).toBe('paying');
    const later = new Date(Date.now() + 1_000);
    await drainOutbox(server.database.db, later, environment);
    const counts = await runDistributionSweeps(server.database.db, later, environment);
    expect(counts.paidWithdrawals).toBe(1);
    expect((await stateOf(id)).state).toBe('paid');
    expect((await runDistributionSweeps(server.database.db, later, environment)).paidWithdrawals).toBe(0);
  });
});

describe('the withdrawals list', () => {
  it('counts by state, narrows by channel and keyword, masks the accounts and exports', async () => {
    const list = await server.call(
      withdrawals.getWithdrawalList,
      { keyword: 'w-rich', channel: 'bank' },
      { token: admin },
    );
    expect(list.body.Errmsg).toBe('');
    expect(list.body.Data.every((row) => row.Channel === 'bank' && row.Account.includes('****'))).toBe(true);
    expect(list.body.Counts.all).toBe(list.body.Total);
    const { all, ...byState } = list.body.Counts;
    expect(Object.values(byState).reduce((sum: number, count) => sum + (count ?? 0), 0)).toBe(all);
    const wechat = await server.call(
      withdrawals.getWithdrawalList,
      { keyword: 'w-rich', channel: 'wechat' },
      { token: admin },
    );
    expect(wechat.body.Data[0]!.Account).toBe('王* oRic…er01');
    const raw = await server.app.inject({
      method: 'GET',
      url: `${API_BASE}${withdrawals.exportWithdrawalList.path}?keyword=w-rich`,
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'zh' },
    });
    expect(raw.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(raw.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('提现记录')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('提现单号');
    expect(sheet.rowCount).toBeGreaterThan(5);
  });

  it('shows the promoter their withdrawals', async () => {
    const mine = await storefront(server, key, shop.getMyWithdrawals, { buyerId: 'w-rich' });
    expect(mine.body.Total).toBeGreaterThan(5);
    expect(mine.body.Data[0]).toMatchObject({ Channel: expect.any(String), State: expect.any(String) });
  });

  it.each([
    [withdrawals.getWithdrawalList.path, withdrawals.getWithdrawalList, { state: 'lost' }, 'state'],
    [withdrawals.getWithdrawalList.path, withdrawals.getWithdrawalList, { channel: 'alipay' }, 'channel'],
    [withdrawals.approveWithdrawals.path, withdrawals.approveWithdrawals, { Ids: [] }, 'Ids'],
    [withdrawals.approveWithdrawals.path, withdrawals.approveWithdrawals, { Ids: [999_999] }, 'Ids'],
    [withdrawals.payWithdrawals.path, withdrawals.payWithdrawals, { Ids: ['1'] }, 'Ids.0'],
    [withdrawals.rejectWithdrawal.path, withdrawals.rejectWithdrawal, { Id: 1, Reason: ' ' }, 'Reason'],
    [withdrawals.markWithdrawalPaid.path, withdrawals.markWithdrawalPaid, { Id: 1 }, 'Voucher'],
    [withdrawals.retryWithdrawal.path, withdrawals.retryWithdrawal, { Id: 999_999 }, 'Id'],
  ] as const)('%s names the field of bad input', async (_, endpoint, input, field) => {
    const response = await server.call(endpoint, input, { token: admin });
    expect([response.status, response.body.Errcode, fieldOf(response)]).toEqual([200, -1, field]);
  });

  it('refuses accounts without the menu', async () => {
    const sub = await server.login('sub', { siteId: MALL_SITE });
    for (const [endpoint, input] of [
      [withdrawals.getWithdrawalList, {}],
      [withdrawals.exportWithdrawalList, {}],
      [withdrawals.approveWithdrawals, { Ids: [1] }],
      [withdrawals.payWithdrawals, { Ids: [1] }],
      [withdrawals.retryWithdrawal, { Id: 1 }],
      [withdrawals.rejectWithdrawal, { Id: 1, Reason: 'x' }],
      [withdrawals.markWithdrawalPaid, { Id: 1, Voucher: 'x' }],
      [withdrawals.markWithdrawalFailed, { Id: 1, Reason: 'x' }],
    ] as const) {
      expect((await server.call(endpoint, input, { token: sub })).status).toBe(403);
    }
  });

  it('keeps a withdrawal of one shop out of another’s reach', async () => {
    const site2 = await server.login('site2');
    const [row] = await server.query<{ id: number }>(
      sql`select id from withdrawals where site_id = ${MALL_SITE} and state = 'applied' order by id limit 1`,
    );
    const response = await server.call(withdrawals.approveWithdrawals, { Ids: [row!.id] }, { token: site2 });
    expect([response.body.Errcode, fieldOf(response)]).toEqual([-1, 'Ids']);
    const list = await server.call(withdrawals.getWithdrawalList, {}, { token: site2 });
    expect(list.body.Total).toBe(0);
  });
});
