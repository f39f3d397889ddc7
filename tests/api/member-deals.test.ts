import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as deals from '../../contract/endpoints/member-deals';
import { adjustMember, MemberPermission } from '../../contract/endpoints/members';
import { shopDate } from '../../contract/shop-time';
import { startTestServer, type TestServer } from './harness';
import { MALL_SITE, SECOND_SITE } from './order-helpers';

/** Issue 23 §3: a member's deals, every money movement of one member in one list, and its export. */

let server: TestServer;
let admin: string;
/** demo-buyer-002: paid orders, a recharge, commission, withdrawals and stored-value changes. */
let promoter: number;
/** demo-buyer-024: paid orders, a recharge and a refunded order. */
let refunded: number;

type Deal = deals.MemberDeal;

function fieldOf(response: { body: unknown }): string | undefined {
  return (response.body as { Errors?: { Field: string }[] }).Errors?.[0]?.Field;
}

async function memberId(openId: string, siteId = MALL_SITE): Promise<number> {
  const [row] = await server.query<{ id: number }>(
    sql`select id from members where site_id = ${siteId} and open_id = ${openId}`,
  );
  return row!.id;
}

async function allDeals(id: number, token = admin, filters: Record<string, unknown> = {}): Promise<Deal[]> {
  const response = await server.call(deals.getMemberDealList, { id, pageSize: 100, ...filters }, { token });
  expect(response.body.Errmsg).toBe('');
  expect(response.body.Total).toBe(response.body.Data.length);
  return response.body.Data;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  promoter = await memberId('demo-buyer-002');
  refunded = await memberId('demo-buyer-024');
  const adjusted = await server.call(
    adjustMember,
    { Id: promoter, Kind: 'balance', Delta: 1234, Reason: '补偿运费' },
    { token: admin },
  );
  expect(adjusted.body.Errmsg).toBe('');
});
afterAll(() => server.close());

describe('the deals of one member', () => {
  it('lists every kind, each row read from its ledger, newest first', async () => {
    const rows = [...(await allDeals(promoter)), ...(await allDeals(refunded))];
    expect(new Set(rows.map((row) => row.Kind))).toEqual(new Set(deals.MEMBER_DEAL_KINDS));
    const own = await allDeals(promoter);
    const times = own.map((row) => Date.parse(row.At));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // Every (kind, id) once: the sources never repeat a movement.
    expect(new Set(own.map((row) => `${row.Kind}:${row.Id}`)).size).toBe(own.length);

    const paid = await server.query<{ id: number; order_no: string; paid_fen: number; after: number | null }>(
      sql`select o.id, o.order_no, o.paid_fen,
                 (select l.after from wallet_ledger l where l.site_id = o.site_id and l.buyer_id = o.buyer_id
                     and l.order_no = o.order_no and l.reason = 'order_payment' limit 1) as after
            from orders o where o.site_id = ${MALL_SITE} and o.buyer_id = 'demo-buyer-002'
             and o.paid_at is not null and o.paid_fen > 0 order by o.id`,
    );
    expect(
      own
        .filter((row) => row.Kind === 'order')
        .map((row) => [row.SourceId, row.Reference, row.AmountFen, row.BalanceAfterFen])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual(paid.map((order) => [order.id, order.order_no, -order.paid_fen, order.after]));

    const [wallet] = await server.query<{ balance_fen: number }>(
      sql`select balance_fen from buyer_wallets where site_id = ${MALL_SITE} and buyer_id = 'demo-buyer-002'`,
    );
    const adjustment = own.find(
      (row) => row.Kind === 'balance' && row.Detail === 'adjust' && row.AmountFen === 1234,
    );
    expect(adjustment?.BalanceAfterFen).toBe(wallet!.balance_fen);

    const recharge = own.find((row) => row.Kind === 'recharge')!;
    expect(recharge.Detail).toBe('storedValue');
    expect(recharge.AmountFen).toBeGreaterThan(0);
    expect(recharge.BalanceAfterFen).not.toBeNull();

    const [commission] = await server.query<{ total: number; count: number }>(
      sql`select coalesce(sum(l.withdrawable_delta), 0)::int as total, count(*)::int as count
            from commission_ledger l join promoters p on p.id = l.promoter_id
           where p.member_id = ${promoter} and l.reason in ('settle', 'reversal')`,
    );
    const commissions = own.filter((row) => row.Kind === 'commission');
    expect(commissions.length).toBe(commission!.count);
    expect(commissions.reduce((sum, row) => sum + row.AmountFen, 0)).toBe(commission!.total);

    const withdrawalNumbers = await server.query<{ id: number; withdrawal_no: string }>(
      sql`select id, withdrawal_no from withdrawals where member_id = ${promoter}`,
    );
    const withdrawals = own.filter((row) => row.Kind === 'withdrawal');
    expect(withdrawals.length).toBeGreaterThan(0);
    for (const row of withdrawals) {
      const source = withdrawalNumbers.find((withdrawal) => withdrawal.id === row.SourceId);
      expect(row.Reference).toBe(source?.withdrawal_no);
      expect(Math.sign(row.AmountFen)).toBe(row.Detail === 'withdraw' ? -1 : 1);
    }

    const refunds = await server.query<{ amount_fen: number; order_no: string }>(
      sql`select r.amount_fen, o.order_no from order_refunds r join orders o on o.id = r.order_id
           where o.site_id = ${MALL_SITE} and o.buyer_id = 'demo-buyer-024' and r.state = 'refunded'`,
    );
    expect(
      (await allDeals(refunded, admin, { kind: 'refund' })).map((row) => [row.Reference, row.AmountFen]),
    ).toEqual(refunds.map((refund) => [refund.order_no, refund.amount_fen]));
  });

  it('filters by kind, direction and date range, with totals over everything the filters match', async () => {
    const all = await server.call(deals.getMemberDealList, { id: promoter, pageSize: 100 }, { token: admin });
    const rows = all.body.Data;
    expect(all.body.Totals).toEqual({
      InFen: rows.filter((row) => row.AmountFen > 0).reduce((sum, row) => sum + row.AmountFen, 0),
      OutFen: -rows.filter((row) => row.AmountFen < 0).reduce((sum, row) => sum + row.AmountFen, 0),
    });
    for (const kind of deals.MEMBER_DEAL_KINDS) {
      const only = await allDeals(promoter, admin, { kind });
      expect(only.map((row) => `${row.Kind}:${row.Id}`)).toEqual(
        rows.filter((row) => row.Kind === kind).map((row) => `${row.Kind}:${row.Id}`),
      );
    }
    const incoming = await allDeals(promoter, admin, { direction: 'in' });
    const outgoing = await allDeals(promoter, admin, { direction: 'out' });
    expect(incoming.length).toBeGreaterThan(0);
    expect(outgoing.length).toBeGreaterThan(0);
    expect(incoming.every((row) => row.AmountFen > 0)).toBe(true);
    expect(outgoing.every((row) => row.AmountFen < 0)).toBe(true);
    expect(incoming.length + outgoing.length).toBe(rows.length);

    // One shop day, from its first moment to its last: exactly the rows of that day.
    const day = shopDate(new Date(rows[rows.length - 1]!.At));
    const ofDay = await allDeals(promoter, admin, { from: day, to: day });
    expect(ofDay.map((row) => row.At)).toEqual(
      rows.filter((row) => shopDate(new Date(row.At)) === day).map((row) => row.At),
    );
    expect(ofDay.length).toBeGreaterThan(0);
    expect(await allDeals(promoter, admin, { from: '2999-01-01' })).toEqual([]);
    const oldestFirst = await allDeals(promoter, admin, { sort: 'at' });
    expect(oldestFirst.map((row) => `${row.Kind}:${row.Id}`).reverse()).toEqual(
      rows.map((row) => `${row.Kind}:${row.Id}`),
    );
  });

  it('pages on the server: the pages together are the whole list', async () => {
    const whole = await allDeals(promoter);
    const pages: Deal[] = [];
    for (let page = 1; page <= Math.ceil(whole.length / 4); page += 1) {
      const response = await server.call(
        deals.getMemberDealList,
        { id: promoter, page, pageSize: 4 },
        { token: admin },
      );
      expect(response.body.Total).toBe(whole.length);
      expect(response.body.Data.length).toBeLessThanOrEqual(4);
      pages.push(...response.body.Data);
    }
    expect(pages).toEqual(whole);
  });

  it('exports the filtered rows as csv and xlsx, the mobile masked', async () => {
    await server.query(sql`update members set mobile = '13912345678' where id = ${promoter}`);
    const csv = await server.call(
      deals.exportMemberDealList,
      { id: promoter, kind: 'withdrawal', format: 'csv' },
      { token: admin },
    );
    expect(csv.status).toBe(200);
    expect(csv.raw.headers['content-type']).toContain('text/csv');
    const text = csv.raw.body;
    expect(text).toContain('139****5678');
    expect(text).not.toContain('13912345678');
    const withdrawals = await allDeals(promoter, admin, { kind: 'withdrawal' });
    for (const row of withdrawals) expect(text).toContain(row.Reference);
    const [member] = await server.query<{ member_no: string }>(
      sql`select member_no from members where id = ${promoter}`,
    );
    expect(text).toContain(member!.member_no);
    // A header line and one line per row.
    expect(text.trim().split('\n').length).toBe(withdrawals.length + 1);
    const orders = await allDeals(promoter, admin, { kind: 'order' });
    expect(orders.some((row) => text.includes(row.Reference))).toBe(false);

    const xlsx = await server.call(deals.exportMemberDealList, { id: promoter }, { token: admin });
    expect(xlsx.status).toBe(200);
    expect(xlsx.raw.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.raw.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses bad input naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'id'],
      [{ id: 'abc' }, 'id'],
      [{ id: 0 }, 'id'],
      [{ id: promoter, kind: 'gift' }, 'kind'],
      [{ id: promoter, direction: 'up' }, 'direction'],
      [{ id: promoter, from: '2024-05-02', to: '2024-05-01' }, 'from'],
      [{ id: promoter, to: '2024-13-01' }, 'to'],
      [{ id: promoter, sort: 'amount' }, 'sort'],
      [{ id: promoter, pageSize: 101 }, 'pageSize'],
      [{ id: 99_999_999 }, 'id'],
    ];
    for (const [input, field] of cases) {
      const response = await server.call(deals.getMemberDealList, input, { token: admin });
      expect([response.body.Errcode, fieldOf(response)], JSON.stringify(input)).toEqual([-1, field]);
    }
    const format = await server.call(
      deals.exportMemberDealList,
      { id: promoter, format: 'pdf' },
      { token: admin },
    );
    expect(fieldOf(format)).toBe('format');
    // The same day as both ends is a range of one day, not a reversed one.
    const oneDay = await server.call(
      deals.getMemberDealList,
      { id: promoter, from: '2024-05-01', to: '2024-05-01' },
      { token: admin },
    );
    expect(oneDay.body.Errmsg).toBe('');
  });
});

describe('who sees which deals', () => {
  it('keeps one shop from another’s members', async () => {
    const site2 = await server.login('site2');
    const foreign = await server.call(
      deals.getMemberDealList,
      { id: promoter },
      { token: site2, locale: 'en' },
    );
    expect([foreign.body.Errcode, fieldOf(foreign)]).toEqual([-1, 'id']);
    expect(foreign.body.Errmsg).toContain(`no member ${promoter}`);
    const file = await server.call(
      deals.exportMemberDealList,
      { id: promoter, format: 'csv' },
      { token: site2 },
    );
    expect(fieldOf(file)).toBe('id');

    // A member of the second shop with the same open id sees only that shop's movements.
    const [own] = await server.query<{ id: number }>(
      sql`insert into members (site_id, open_id, source) values (${SECOND_SITE}, 'demo-buyer-002', 'operator') returning id`,
    );
    expect(await allDeals(own!.id, site2)).toEqual([]);
  });

  it('refuses accounts without the member details menu, and needs a session', async () => {
    const store = await server.login('store');
    const refused = await server.call(deals.getMemberDealList, { id: promoter }, { token: store });
    expect(refused.status).toBe(403);
    const exportRefused = await server.call(deals.exportMemberDealList, { id: promoter }, { token: store });
    expect(exportRefused.status).toBe(403);
    const anonymous = await server.call(deals.getMemberDealList, { id: promoter }, { token: null });
    expect(anonymous.status).toBe(401);
    const sub = await server.login('sub', { siteId: MALL_SITE });
    expect((await allDeals(promoter, sub)).length).toBe((await allDeals(promoter)).length);
  });

  it('shows a store account only the orders and refunds of its own store', async () => {
    const [account] = await server.query<{ id: number; store_id: number }>(
      sql`select id, store_id from accounts where user_name = 'store'`,
    );
    await server.query(
      sql`insert into grants (site_id, account_id, menu_id)
          select ${MALL_SITE}, ${account!.id}, m.id from menus m where m.path = ${MemberPermission.details}
          on conflict do nothing`,
    );
    const [other] = await server.query<{ id: number }>(
      sql`select id from stores where site_id = ${MALL_SITE} and id <> ${account!.store_id} order by id limit 1`,
    );
    const orders = (await allDeals(refunded, admin, { kind: 'order' })).map((row) => row.SourceId!);
    const refundedOrder = (await allDeals(refunded, admin, { kind: 'refund' }))[0]!.SourceId!;
    const ours = [refundedOrder, orders.find((id) => id !== refundedOrder)!];
    await server.query(sql`update orders set store_id = ${other!.id} where buyer_id = 'demo-buyer-024'`);
    await server.query(
      sql`update orders set store_id = ${account!.store_id} where id in (${ours[0]}, ${ours[1]})`,
    );
    const store = await server.login('store');
    const seen = await allDeals(refunded, store);
    expect(seen.map((row) => `${row.Kind}:${row.SourceId}`).sort()).toEqual(
      [`order:${ours[0]}`, `order:${ours[1]}`, `refund:${refundedOrder}`].sort(),
    );
    const totals = await server.call(deals.getMemberDealList, { id: refunded }, { token: store });
    expect(totals.body.Totals.OutFen).toBe(
      -seen.filter((row) => row.AmountFen < 0).reduce((sum, row) => sum + row.AmountFen, 0),
    );
    const file = await server.call(
      deals.exportMemberDealList,
      { id: refunded, format: 'csv' },
      { token: store },
    );
    expect(file.raw.body.trim().split('\n').length).toBe(seen.length + 1);

    await server.query(sql`update accounts set store_id = null where id = ${account!.id}`);
    expect(await allDeals(refunded, store)).toEqual([]);
    await server.query(sql`update accounts set store_id = ${account!.store_id} where id = ${account!.id}`);
  });
});
