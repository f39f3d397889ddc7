import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../contract/endpoints/members';
import * as storefrontApi from '../../contract/endpoints/storefront';
import { changeGrowth } from '../../server/areas/customer/service';
import { startTestServer, type TestServer } from './harness';
import { ADDRESS, MALL_SITE, prepareSku, SECOND_SITE, storefront, storefrontKey } from './order-helpers';

/** The members table of DESIGN §11: the backfill, the storefront's sign-in and a first order. */

let server: TestServer;
let key: string;
let secondKey: string;

beforeAll(async () => {
  server = await startTestServer();
  key = await storefrontKey(server, await server.login('admin'));
  secondKey = await storefrontKey(server, await server.login('site2'));
});
afterAll(() => server.close());

function fieldOf(response: { body: unknown }): string | undefined {
  return (response.body as { Errors?: { Field: string }[] }).Errors?.[0]?.Field;
}

const BACKFILL = readFileSync('server/db/migrations/0024_members-backfill.sql', 'utf8');

async function memberCount(): Promise<number> {
  const [row] = await server.query<{ count: number }>(sql`select count(*)::int as count from members`);
  return row!.count;
}

describe('backfill', () => {
  it('made a member of every buyer the demo orders, recharges and wallets name, at their first trace', async () => {
    const missing = await server.query<{ buyer_id: string }>(
      sql`select buyer_id from (select site_id, buyer_id from orders where buyer_id <> '' and source <> 'offline'
                                union select site_id, buyer_id from recharge_orders
                                union select site_id, buyer_id from buyer_wallets) buyers
           where not exists (select 1 from members m where m.site_id = buyers.site_id and m.open_id = buyers.buyer_id)`,
    );
    expect(missing).toEqual([]);
    const early = await server.query<{ open_id: string }>(
      sql`select m.open_id from members m
           where m.registered_at > (select min(o.created_at) from orders o
                                     where o.site_id = m.site_id and o.buyer_id = m.open_id)`,
    );
    expect(early).toEqual([]);
    expect(await memberCount()).toBeGreaterThan(10);
  });

  it('changes nothing when it runs again', async () => {
    const before = await server.query(sql`select id, member_no, nickname, mobile from members order by id`);
    await server.database.db.execute(sql.raw(BACKFILL));
    expect(await server.query(sql`select id, member_no, nickname, mobile from members order by id`)).toEqual(
      before,
    );
  });
});

describe('sign-in', () => {
  it('registers once, refreshes the given fields and keeps the first inviter', async () => {
    const [inviter] = await server.query<{ member_no: string }>(
      sql`select member_no from members where site_id = ${MALL_SITE} and status = 'active' order by id limit 1`,
    );
    const first = await storefront(server, key, signIn, {
      OpenId: 'wx-open-new-1',
      Nickname: '新会员',
      Mobile: '13911112222',
      InviterMemberNo: inviter!.member_no,
    });
    expect(first.body.Errmsg).toBe('');
    expect(first.body.Registered).toBe(true);
    expect(first.body.Member.MemberNo).toMatch(/^M\d{8}$/);
    expect(first.body.Member.Nickname).toBe('新会员');

    const again = await storefront(server, key, signIn, {
      OpenId: 'wx-open-new-1',
      Nickname: '改名',
      Gender: 'female',
    });
    expect(again.body.Registered).toBe(false);
    expect(again.body.Member.MemberNo).toBe(first.body.Member.MemberNo);
    expect(again.body.Member).toMatchObject({ Nickname: '改名', Mobile: '13911112222', Gender: 'female' });
    const [row] = await server.query<{ inviter: string; source: string }>(
      sql`select i.member_no as inviter, m.source from members m join members i on i.id = m.inviter_id
           where m.open_id = 'wx-open-new-1'`,
    );
    expect(row).toEqual({ inviter: inviter!.member_no, source: 'miniProgram' });
  });

  it('names the field of bad input and refuses an unknown inviter', async () => {
    const blank = await storefront(server, key, signIn, { OpenId: '  ' });
    expect([blank.body.Errcode, fieldOf(blank)]).toEqual([-1, 'OpenId']);
    const mobile = await storefront(server, key, signIn, { OpenId: 'wx-bad-mobile', Mobile: '1391111222' });
    expect([mobile.body.Errcode, fieldOf(mobile)]).toEqual([-1, 'Mobile']);
    const inviter = await storefront(server, key, signIn, {
      OpenId: 'wx-no-inviter',
      InviterMemberNo: 'M99999999',
    });
    expect([inviter.body.Errcode, fieldOf(inviter)]).toEqual([-1, 'InviterMemberNo']);
    expect(
      await server.query(sql`select 1 from members where open_id in ('wx-bad-mobile', 'wx-no-inviter')`),
    ).toEqual([]);
  });

  it('keeps shops apart: one open id is two members in two shops, and an inviter of another shop is unknown', async () => {
    const mall = await storefront(server, key, signIn, { OpenId: 'wx-two-shops' });
    const second = await storefront(server, secondKey, signIn, {
      OpenId: 'wx-two-shops',
      InviterMemberNo: mall.body.Member.MemberNo,
    });
    expect([second.body.Errcode, fieldOf(second)]).toEqual([-1, 'InviterMemberNo']);
    const secondPlain = await storefront(server, secondKey, signIn, { OpenId: 'wx-two-shops' });
    expect(secondPlain.body.Member.MemberNo).not.toBe(mall.body.Member.MemberNo);
    const rows = await server.query<{ site_id: number }>(
      sql`select site_id from members where open_id = 'wx-two-shops' order by site_id`,
    );
    expect(rows).toEqual([{ site_id: MALL_SITE }, { site_id: SECOND_SITE }]);
  });

  it('refuses a disabled member, at sign-in and at ordering', async () => {
    await storefront(server, key, signIn, { OpenId: 'wx-disabled' });
    await server.query(sql`update members set status = 'disabled' where open_id = 'wx-disabled'`);
    const refused = await storefront(server, key, signIn, { OpenId: 'wx-disabled' });
    expect(refused.status).toBe(403);
    expect([refused.body.Errcode, fieldOf(refused)]).toEqual([-1, 'OpenId']);
    const sku = await prepareSku(server, MALL_SITE, 10, { skip: 70 });
    const order = await storefront(server, key, storefrontApi.createOrder, {
      Buyer: { Id: 'wx-disabled', Name: '停用', Phone: '13900000009' },
      DeliveryType: 'express',
      Address: ADDRESS,
      Lines: [{ SkuId: sku.skuId, Quantity: 1 }],
    });
    expect([order.body.Errcode, fieldOf(order)]).toEqual([-1, 'Buyer.Id']);
  });

  it('registers a buyer at their first order', async () => {
    const sku = await prepareSku(server, MALL_SITE, 10, { skip: 71 });
    const order = await storefront(server, key, storefrontApi.createOrder, {
      Buyer: { Id: 'wx-first-order', Name: '首单', Phone: '13900000010' },
      DeliveryType: 'express',
      Address: ADDRESS,
      Lines: [{ SkuId: sku.skuId, Quantity: 1 }],
    });
    expect(order.body.Errmsg).toBe('');
    const [member] = await server.query<{ nickname: string; mobile: string }>(
      sql`select nickname, mobile from members where site_id = ${MALL_SITE} and open_id = 'wx-first-order'`,
    );
    expect(member).toEqual({ nickname: '首单', mobile: '13900000010' });
  });

  it('makes one member of parallel first sign-ins', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => storefront(server, key, signIn, { OpenId: 'wx-race' })),
    );
    expect(answers.map((answer) => answer.body.Errmsg)).toEqual(Array(20).fill(''));
    expect(answers.filter((answer) => answer.body.Registered)).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.body.Member.MemberNo)).size).toBe(1);
  });
});

describe('growth', () => {
  const system = { kind: 'system' as const, accountId: null, name: '' };

  async function grow(memberId: number, delta: number) {
    return server.database.db.transaction((tx) =>
      changeGrowth(tx, {
        siteId: SECOND_SITE,
        memberId,
        delta,
        reason: delta > 0 ? 'order_paid' : 'order_refund',
        note: '',
        orderNo: '',
        actor: system,
        now: new Date(),
      }),
    );
  }

  it('upgrades when growth reaches a threshold, exactly at it and not one below, and never downgrades', async () => {
    // The official site's seeded grades make way for three of this test's own.
    await server.query(sql`delete from member_grade_changes where site_id = ${SECOND_SITE}`);
    await server.query(sql`update members set grade_id = null where site_id = ${SECOND_SITE}`);
    await server.query(sql`delete from member_grades where site_id = ${SECOND_SITE}`);
    const grades = await server.query<{ id: number; level: number }>(
      sql`insert into member_grades (site_id, name, level, growth_threshold, is_default)
          values (${SECOND_SITE}, '普通', 1, 0, true), (${SECOND_SITE}, '银卡', 2, 100, false),
                 (${SECOND_SITE}, '金卡', 3, 500, false)
          returning id, level`,
    );
    const byLevel = new Map(grades.map((grade) => [grade.level, grade.id]));
    const signed = await storefront(server, secondKey, signIn, { OpenId: 'wx-growth' });
    expect(signed.body.Member.GradeId).toBe(byLevel.get(1));
    const [member] = await server.query<{ id: number }>(
      sql`select id from members where open_id = 'wx-growth'`,
    );

    expect(await grow(member!.id, 99)).toEqual({ after: 99, upgradedTo: null });
    expect(await grow(member!.id, 1)).toEqual({ after: 100, upgradedTo: byLevel.get(2) });
    expect(await grow(member!.id, 450)).toEqual({ after: 550, upgradedTo: byLevel.get(3) });
    expect(await grow(member!.id, -500)).toEqual({ after: 50, upgradedTo: null });
    await expect(grow(member!.id, -51)).rejects.toThrow('member.growthShort');

    const [after] = await server.query<{ growth: number; grade_id: number }>(
      sql`select growth, grade_id from members where id = ${member!.id}`,
    );
    expect(after).toEqual({ growth: 50, grade_id: byLevel.get(3) });
    const ledger = await server.query<{ delta: number; after: number }>(
      sql`select delta, after from member_growth_ledger where member_id = ${member!.id} order by id`,
    );
    expect(ledger).toEqual([
      { delta: 99, after: 99 },
      { delta: 1, after: 100 },
      { delta: 450, after: 550 },
      { delta: -500, after: 50 },
    ]);
    const changes = await server.query<{ from_grade_id: number; to_grade_id: number }>(
      sql`select from_grade_id, to_grade_id from member_grade_changes where member_id = ${member!.id} order by id`,
    );
    expect(changes).toEqual([
      { from_grade_id: byLevel.get(1), to_grade_id: byLevel.get(2) },
      { from_grade_id: byLevel.get(2), to_grade_id: byLevel.get(3) },
    ]);
  });

  it('never takes growth below zero under parallel decreases, and the ledger sums to the growth', async () => {
    await storefront(server, secondKey, signIn, { OpenId: 'wx-growth-race' });
    const [member] = await server.query<{ id: number }>(
      sql`select id from members where open_id = 'wx-growth-race'`,
    );
    await grow(member!.id, 100);
    const outcomes = await Promise.allSettled(Array.from({ length: 15 }, () => grow(member!.id, -10)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
    const [sums] = await server.query<{ growth: number; ledger: number }>(
      sql`select m.growth, (select sum(delta)::int from member_growth_ledger l where l.member_id = m.id) as ledger
            from members m where m.id = ${member!.id}`,
    );
    expect(sums).toEqual({ growth: 0, ledger: 0 });
  });
});
