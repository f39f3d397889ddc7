import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as orders from '../../contract/endpoints/orders';
import * as storedValue from '../../contract/endpoints/stored-value';
import * as storefrontApi from '../../contract/endpoints/storefront';
import { startTestServer, type TestServer } from './harness';
import { MALL_SITE, storefront, storefrontKey } from './order-helpers';

/** Recharge rules: their screen's calls, the storefront's read, the bonus at payment and its refund. */

let server: TestServer;
let admin: string;
let site2: string;
let key: string;
let secondKey: string;
let buyers = 0;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  site2 = await server.login('site2');
  key = await storefrontKey(server, admin);
  secondKey = await storefrontKey(server, site2);
});
afterAll(() => server.close());

const fieldOf = (response: { body: unknown }) =>
  (response.body as { Errors?: { Field: string }[] }).Errors?.[0]?.Field;

const RULE = { PayFen: 66_600, BonusFen: 6_600, BonusPoints: 66, Enabled: true };

async function rules(token = admin) {
  const response = await server.call(storedValue.getRechargeRuleList, { pageSize: 100 }, { token });
  expect(response.body.Errmsg).toBe('');
  return response.body.Data;
}

function newBuyer() {
  buyers += 1;
  return { Id: `sv-buyer-${buyers}`, Name: '储值', Phone: '13900000000' };
}

async function topUp(buyer: { Id: string; Name: string; Phone: string }, amountFen: number, shopKey = key) {
  const created = await storefront(server, shopKey, storefrontApi.createRechargeOrder, {
    Kind: 'storedValue',
    Buyer: buyer,
    AmountFen: amountFen,
  });
  expect(created.body.Errmsg).toBe('');
  const paid = await storefront(server, shopKey, storefrontApi.payRechargeOrder, {
    OrderNo: created.body.Order.OrderNo,
    BuyerId: buyer.Id,
    PaymentMethod: 'wechat',
    AmountFen: amountFen,
  });
  expect(paid.body.Order.State).toBe('completed');
  return created.body.Order.OrderNo;
}

async function ledger(buyerId: string) {
  return server.query<{ currency: string; delta: number; after: number; reason: string }>(
    sql`select currency, delta, after, reason from wallet_ledger where site_id = ${MALL_SITE} and buyer_id = ${buyerId}
         order by id`,
  );
}

async function refund(orderNo: string) {
  const list = await server.call(orders.getRechargeOrders, { keyword: orderNo }, { token: admin });
  const row = list.body.Data[0]!;
  return server.call(
    orders.bindRechargeOrderState,
    { Action: 'refund', Id: row.Id, Version: row.Version, Reason: '误充' },
    { token: admin },
  );
}

describe('recharge rules', () => {
  it('lists the seeded rules, creates, updates (versioned) and deletes one, audited', async () => {
    const seeded = await rules();
    expect(seeded.length).toBeGreaterThanOrEqual(4);
    expect(seeded.map((rule) => rule.PayFen)).toEqual(
      [...seeded.map((rule) => rule.PayFen)].sort((a, b) => a - b),
    );
    const created = await server.call(storedValue.setRechargeRule, RULE, { token: admin });
    expect(created.body).toMatchObject({ ...RULE, StartsAt: null, EndsAt: null, Version: 1 });
    const updated = await server.call(
      storedValue.setRechargeRule,
      { ...RULE, Id: created.body.Id, Version: 1, BonusFen: 7_000 },
      { token: admin },
    );
    expect(updated.body).toMatchObject({ BonusFen: 7_000, Version: 2 });
    const stale = await server.call(
      storedValue.setRechargeRule,
      { ...RULE, Id: created.body.Id, Version: 1 },
      { token: admin },
    );
    expect(stale.body).toMatchObject({ StaleVersion: true, CurrentVersion: 2 });
    const deleted = await server.call(
      storedValue.deleteRechargeRule,
      { Id: created.body.Id },
      { token: admin },
    );
    expect(deleted.body.Id).toBe(created.body.Id);
    const audits = await server.query<{ action: string }>(
      sql`select action from audit_log where target = ${`rechargeRule:${created.body.Id}`} order by id`,
    );
    expect(audits.map((row) => row.action)).toEqual([
      'rechargeRule.create',
      'rechargeRule.update',
      'rechargeRule.delete',
    ]);
  });

  it('names the field of bad input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...RULE, PayFen: 0 }, 'PayFen'],
      [{ ...RULE, PayFen: 1.5 }, 'PayFen'],
      [{ ...RULE, BonusFen: -1 }, 'BonusFen'],
      [{ ...RULE, BonusFen: 0, BonusPoints: 0 }, 'BonusFen'],
      [{ ...RULE, BonusPoints: storedValue.MAX_BONUS_POINTS + 1 }, 'BonusPoints'],
      [{ ...RULE, StartsAt: '2030-01-02T00:00:00+08:00', EndsAt: '2030-01-01T00:00:00+08:00' }, 'EndsAt'],
      [{ ...RULE, StartsAt: 'tomorrow' }, 'StartsAt'],
      // The seeded ¥100 rule is enabled: a second enabled one of the same amount is ambiguous.
      [{ ...RULE, PayFen: 10_000 }, 'PayFen'],
      [{ ...RULE, Id: 999_999, Version: 1 }, 'Id'],
    ];
    for (const [input, field] of cases) {
      const response = await server.call(storedValue.setRechargeRule, input, { token: admin });
      expect([response.body.Errcode, fieldOf(response)], JSON.stringify(input)).toEqual([-1, field]);
    }
    const disabledTwin = await server.call(
      storedValue.setRechargeRule,
      { ...RULE, PayFen: 10_000, Enabled: false },
      { token: admin },
    );
    expect(disabledTwin.body.Errmsg).toBe('');
    await server.call(storedValue.deleteRechargeRule, { Id: disabledTwin.body.Id }, { token: admin });
  });

  it('keeps shops apart', async () => {
    const mall = await rules();
    const second = await rules(site2);
    expect(second.some((rule) => mall.some((other) => other.Id === rule.Id))).toBe(false);
    const target = mall[0]!;
    const write = await server.call(
      storedValue.setRechargeRule,
      { ...RULE, Id: target.Id, Version: target.Version },
      { token: site2 },
    );
    expect([write.body.Errcode, fieldOf(write)]).toEqual([-1, 'Id']);
    const remove = await server.call(storedValue.deleteRechargeRule, { Id: target.Id }, { token: site2 });
    expect([remove.body.Errcode, fieldOf(remove)]).toEqual([-1, 'Id']);
    expect((await rules()).find((rule) => rule.Id === target.Id)).toEqual(target);
    const shown = await storefront(server, secondKey, storedValue.getRechargeRules, {});
    expect(shown.body.Data.map((rule) => rule.PayFen)).toEqual(
      second.filter((rule) => rule.Enabled).map((rule) => rule.PayFen),
    );
  });

  it('is closed to accounts without the marketing grants', async () => {
    const sub = await server.login('sub', { siteId: 1 });
    expect((await server.call(storedValue.getRechargeRuleList, {}, { token: sub })).status).toBe(403);
    expect((await server.call(storedValue.setRechargeRule, RULE, { token: sub })).status).toBe(403);
    expect((await server.call(storedValue.deleteRechargeRule, { Id: 1 }, { token: sub })).status).toBe(403);
  });

  it('shows the storefront the enabled rules in their window only', async () => {
    const shown = await storefront(server, key, storedValue.getRechargeRules, {});
    const now = Date.now();
    const expected = (await rules())
      .filter((rule) => rule.Enabled)
      .filter((rule) => !rule.StartsAt || Date.parse(rule.StartsAt) <= now)
      .filter((rule) => !rule.EndsAt || Date.parse(rule.EndsAt) > now);
    expect(shown.body.Data).toEqual(
      expected.map((rule) => ({
        PayFen: rule.PayFen,
        BonusFen: rule.BonusFen,
        BonusPoints: rule.BonusPoints,
      })),
    );
    // The seed has a disabled rule and one whose window has ended.
    expect(shown.body.Data.length).toBeLessThan((await rules()).length);
    const keyless = await server.call(storedValue.getRechargeRules, {});
    expect(keyless.body.Errcode).toBe(-1);
  });
});

describe('bonus at payment', () => {
  it.each([
    // Highest pay amount not above the recharge; seeded: ¥100 → ¥10, ¥500 → ¥80 + 200 points,
    // ¥1,000 → ¥200 + 500 points (in its window), ¥200 disabled, ¥300 ended.
    [9_999, 0, 0],
    [10_000, 1_000, 0],
    [10_001, 1_000, 0],
    [30_000, 1_000, 0],
    [49_999, 1_000, 0],
    [50_000, 8_000, 200],
    [100_000, 20_000, 500],
  ])('a recharge of %i fen gets %i fen and %i points', async (amount, bonusFen, bonusPoints) => {
    const buyer = newBuyer();
    await topUp(buyer, amount);
    const rows = await ledger(buyer.Id);
    expect(rows).toEqual([
      { currency: 'balance', delta: amount, after: amount, reason: 'recharge' },
      ...(bonusFen > 0
        ? [{ currency: 'balance', delta: bonusFen, after: amount + bonusFen, reason: 'recharge_bonus' }]
        : []),
      ...(bonusPoints > 0
        ? [{ currency: 'points', delta: bonusPoints, after: bonusPoints, reason: 'recharge_bonus' }]
        : []),
    ]);
  });

  it('a refund takes the bonus back first, then the amount', async () => {
    const buyer = newBuyer();
    const orderNo = await topUp(buyer, 50_000);
    const refunded = await refund(orderNo);
    expect(refunded.body.State).toBe('refunded');
    expect((await ledger(buyer.Id)).slice(3)).toEqual([
      { currency: 'balance', delta: -8_000, after: 50_000, reason: 'recharge_bonus_refund' },
      { currency: 'points', delta: -200, after: 0, reason: 'recharge_bonus_refund' },
      { currency: 'balance', delta: -50_000, after: 0, reason: 'recharge_refund' },
    ]);
  });

  it('refuses the refund, changing nothing, once the balance no longer covers amount and bonus', async () => {
    const buyer = newBuyer();
    const orderNo = await topUp(buyer, 10_000);
    // ¥100 paid and ¥10 bonus: one fen of it spent.
    await server.query(
      sql`update buyer_wallets set balance_fen = balance_fen - 1 where site_id = ${MALL_SITE} and buyer_id = ${buyer.Id}`,
    );
    const before = await ledger(buyer.Id);
    const refused = await refund(orderNo);
    expect(refused.body.Errmsg).toBe(
      `Recharge ${orderNo} cannot be refunded: its amount and its bonus of 1000 fen need 11000 fen of stored value, and the buyer has 10999 fen left`,
    );
    expect(fieldOf(refused)).toBe('Action');
    expect(await ledger(buyer.Id)).toEqual(before);
    const [order] = await server.query<{ state: string }>(
      sql`select state from recharge_orders where order_no = ${orderNo}`,
    );
    expect(order!.state).toBe('completed');
  });

  it('gives each of parallel refunds of one recharge one outcome: one refund, the others refused', async () => {
    const buyer = newBuyer();
    const orderNo = await topUp(buyer, 50_000);
    const answers = await Promise.all(Array.from({ length: 6 }, () => refund(orderNo)));
    expect(answers.filter((answer) => answer.body.Errcode === 0)).toHaveLength(1);
    const [wallet] = await server.query<{ balance_fen: number; points: number }>(
      sql`select balance_fen, points from buyer_wallets where site_id = ${MALL_SITE} and buyer_id = ${buyer.Id}`,
    );
    expect(wallet).toEqual({ balance_fen: 0, points: 0 });
  });

  it('gives no bonus in another shop for a rule of this one', async () => {
    const buyer = newBuyer();
    await topUp(buyer, 10_000, secondKey);
    const rows = await server.query<{ reason: string }>(
      sql`select reason from wallet_ledger where buyer_id = ${buyer.Id} and site_id <> ${MALL_SITE} order by id`,
    );
    // The official site's smallest rule is ¥200.
    expect(rows.map((row) => row.reason)).toEqual(['recharge']);
  });
});
