import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getIndexDataInfo } from '../../contract/endpoints/dashboard';
import * as members from '../../contract/endpoints/members';
import { startTestServer, type TestServer } from './harness';
import { MALL_SITE, SECOND_SITE, storefront, storefrontKey } from './order-helpers';

/** Issue 16 §1: the members list, bulk tags and status, details, profile and adjustments. */

let server: TestServer;
let admin: string;
let site2: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  site2 = await server.login('site2');
});
afterAll(() => server.close());

function fieldOf(response: { body: unknown }): string | undefined {
  return (response.body as { Errors?: { Field: string }[] }).Errors?.[0]?.Field;
}

async function memberId(openId: string, siteId = MALL_SITE): Promise<number> {
  const [row] = await server.query<{ id: number }>(
    sql`select id from members where site_id = ${siteId} and open_id = ${openId}`,
  );
  return row!.id;
}

describe('members list', () => {
  it('lists the shop’s members with counts per status, the seeded tags, remarks and disabled ones', async () => {
    const all = await server.call(members.getMemberList, { pageSize: 100 }, { token: admin });
    expect(all.body.Errmsg).toBe('');
    expect(all.body.Counts.all).toBe(all.body.Counts.active + all.body.Counts.disabled);
    expect(all.body.Counts.disabled).toBe(2);
    expect(all.body.Total).toBe(all.body.Counts.all);
    const zhang = all.body.Data.find((row) => row.OpenId === 'demo-buyer-001')!;
    expect(zhang.Tags).toEqual(['VIP', '老客户']);
    expect(zhang.OrderCount).toBeGreaterThan(0);
    const [spent] = await server.query<{ spent: number }>(
      sql`select coalesce(sum(paid_fen - refunded_fen), 0)::int as spent from orders
           where site_id = ${MALL_SITE} and buyer_id = 'demo-buyer-001' and paid_at is not null`,
    );
    expect(zhang.SpentFen).toBe(spent!.spent);
    const times = all.body.Data.map((row) => Date.parse(row.RegisteredAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const disabled = await server.call(members.getMemberList, { status: 'disabled' }, { token: admin });
    expect(disabled.body.Data.map((row) => row.OpenId).sort()).toEqual([
      'demo-member-002',
      'demo-member-004',
    ]);
    expect(disabled.body.Counts).toEqual(all.body.Counts);
  });

  it('searches by name, mobile and member number, and filters by tag, source, grade, spent and dates', async () => {
    const byName = await server.call(members.getMemberList, { keyword: '王芳' }, { token: admin });
    expect(byName.body.Data.map((row) => row.OpenId)).toEqual(['demo-buyer-003']);
    const byMobile = await server.call(members.getMemberList, { keyword: '13900000011' }, { token: admin });
    expect(byMobile.body.Data.map((row) => row.OpenId)).toEqual(['demo-member-001']);
    const no = byMobile.body.Data[0]!.MemberNo;
    const byNo = await server.call(members.getMemberList, { keyword: ` ${no} ` }, { token: admin });
    expect(byNo.body.Data.map((row) => row.MemberNo)).toEqual([no]);

    const vip = await server.call(members.getMemberList, { tag: 'VIP' }, { token: admin });
    expect(vip.body.Data.map((row) => row.OpenId).sort()).toEqual(['demo-buyer-001', 'demo-buyer-002']);
    const h5 = await server.call(members.getMemberList, { source: 'h5', pageSize: 100 }, { token: admin });
    expect(h5.body.Data.length).toBeGreaterThan(0);
    expect(h5.body.Data.every((row) => row.Source === 'h5')).toBe(true);

    const spender = await server.call(
      members.getMemberList,
      { sort: '-spent', pageSize: 1 },
      { token: admin },
    );
    const top = spender.body.Data[0]!.SpentFen;
    expect(top).toBeGreaterThan(0);
    const atTop = await server.call(
      members.getMemberList,
      { spentMin: top, pageSize: 100 },
      { token: admin },
    );
    expect(atTop.body.Data.every((row) => row.SpentFen >= top)).toBe(true);
    expect(atTop.body.Data.length).toBeGreaterThanOrEqual(1);
    const beyond = await server.call(members.getMemberList, { spentMin: top + 1 }, { token: admin });
    expect(beyond.body.Total).toBe(0);
    const none = await server.call(members.getMemberList, { spentMax: 0, pageSize: 100 }, { token: admin });
    expect(none.body.Data.every((row) => row.SpentFen === 0)).toBe(true);

    const future = await server.call(
      members.getMemberList,
      { registeredFrom: '2999-01-01' },
      { token: admin },
    );
    expect(future.body).toMatchObject({ Total: 0, Counts: { all: 0 } });
    const ordered = await server.call(
      members.getMemberList,
      { lastOrderFrom: '2000-01-01', pageSize: 100 },
      { token: admin },
    );
    expect(ordered.body.Data.every((row) => row.LastOrderAt !== null)).toBe(true);

    const [grade] = await server.query<{ id: number }>(
      sql`select id from member_grades where site_id = ${MALL_SITE} order by level limit 1`,
    );
    if (grade) {
      const graded = await server.call(
        members.getMemberList,
        { gradeId: grade.id, pageSize: 100 },
        { token: admin },
      );
      expect(graded.body.Data.every((row) => row.GradeId === grade.id)).toBe(true);
    }
  });

  it('refuses bad filters naming the parameter', async () => {
    const reversed = await server.call(
      members.getMemberList,
      { registeredFrom: '2024-05-02', registeredTo: '2024-05-01' },
      { token: admin },
    );
    expect(reversed.body.Errcode).toBe(-1);
    expect(reversed.body.Errmsg).toContain('registeredFrom');
    const spent = await server.call(
      members.getMemberList,
      { spentMin: 500, spentMax: 100 },
      { token: admin },
    );
    expect(spent.body.Errmsg).toContain('spentMin');
    const status = await server.call(members.getMemberList, { status: 'gone' }, { token: admin });
    expect(status.body.Errmsg).toContain('status');
  });

  it('offers the grades and tags in use as filter options', async () => {
    const options = await server.call(members.getMemberFilterOptions, {}, { token: admin });
    expect(options.body.Tags).toEqual(expect.arrayContaining(['VIP', '老客户', '新客']));
    expect(options.body.Tags).not.toContain('咨询客户');
  });

  it('exports the filtered list as a spreadsheet', async () => {
    const file = await server.call(members.exportMemberList, { tag: 'VIP', format: 'csv' }, { token: admin });
    expect(file.status).toBe(200);
    expect(file.raw.headers['content-type']).toContain('text/csv');
    const text = file.raw.body;
    expect(text).toContain('张三');
    expect(text).toContain('李四');
    expect(text).not.toContain('王芳');
  });
});

describe('tags and status in bulk', () => {
  it('adds and removes tags on several members at once, keeping the others', async () => {
    const ids = await Promise.all(
      ['demo-buyer-001', 'demo-buyer-003', 'demo-buyer-005'].map((id) => memberId(id)),
    );
    const tagged = await server.call(
      members.setMemberTags,
      { Ids: ids, Add: [' 春季活动 ', 'VIP'], Remove: ['团购'] },
      { token: admin },
    );
    expect(tagged.body.Errmsg).toBe('');
    expect(tagged.body.Changed.sort()).toEqual([...ids].sort());
    const rows = await server.query<{ open_id: string; tags: string[] }>(
      sql`select open_id, tags from members where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) order by open_id`,
    );
    expect(rows).toEqual([
      { open_id: 'demo-buyer-001', tags: ['VIP', '老客户', '春季活动'] },
      { open_id: 'demo-buyer-003', tags: ['春季活动', 'VIP'] },
      { open_id: 'demo-buyer-005', tags: ['春季活动', 'VIP'] },
    ]);
    const again = await server.call(members.setMemberTags, { Ids: ids, Add: ['VIP'] }, { token: admin });
    expect(again.body.Changed).toEqual([]);
    const [audit] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from audit_log where action = 'member.tags'`,
    );
    expect(audit!.count).toBe(1);
  });

  it('refuses an empty change, an over-long tag and too many tags, naming the field', async () => {
    const id = await memberId('demo-buyer-006');
    const empty = await server.call(members.setMemberTags, { Ids: [id] }, { token: admin });
    expect(fieldOf(empty)).toBe('Add');
    const long = await server.call(
      members.setMemberTags,
      { Ids: [id], Add: ['x'.repeat(members.MEMBER_TAG_MAX + 1)] },
      { token: admin },
    );
    expect(fieldOf(long)).toBe('Add.0');
    const atLimit = await server.call(
      members.setMemberTags,
      { Ids: [id], Add: ['x'.repeat(members.MEMBER_TAG_MAX)] },
      { token: admin },
    );
    expect(atLimit.body.Errmsg).toBe('');
    const many = Array.from({ length: members.MAX_MEMBER_TAGS }, (_, index) => `t${index}`);
    const tooMany = await server.call(members.setMemberTags, { Ids: [id], Add: many }, { token: admin });
    expect(tooMany.body.Errcode).toBe(-1);
    expect(fieldOf(tooMany)).toBe('Add');
  });

  it('disables and enables members; a disabled member cannot sign in', async () => {
    const id = await memberId('demo-buyer-006');
    const off = await server.call(
      members.setMemberStatus,
      { Ids: [id], Status: 'disabled' },
      { token: admin },
    );
    expect(off.body).toMatchObject({ Changed: [id], Unchanged: [] });
    const repeat = await server.call(
      members.setMemberStatus,
      { Ids: [id], Status: 'disabled' },
      { token: admin },
    );
    expect(repeat.body).toMatchObject({ Changed: [], Unchanged: [id] });
    const on = await server.call(members.setMemberStatus, { Ids: [id], Status: 'active' }, { token: admin });
    expect(on.body.Changed).toEqual([id]);
    const bad = await server.call(members.setMemberStatus, { Ids: [id], Status: 'banned' }, { token: admin });
    expect(fieldOf(bad)).toBe('Status');
  });
});

describe('details, profile and adjustments', () => {
  it('shows the profile, wallet, orders, addresses, inviter and invitees', async () => {
    const id = await memberId('demo-buyer-001');
    const info = await server.call(members.getMemberInfo, { id }, { token: admin });
    expect(info.body).toMatchObject({
      Id: id,
      Nickname: '张三',
      Remark: '常买咖啡豆，偏好顺丰',
      Inviter: null,
    });
    // Other areas' demo data (distribution's promoter teams) invite members too: compare with the rows.
    const invitees = await server.query<{ nickname: string }>(
      sql`select nickname from members where inviter_id = ${id}`,
    );
    expect(invitees.map((row) => row.nickname)).toEqual(expect.arrayContaining(['李四', '王芳']));
    expect(info.body.Invitees.map((row) => row.Nickname).sort()).toEqual(
      invitees.map((row) => row.nickname).sort(),
    );
    expect(info.body.Orders.length).toBeGreaterThan(0);
    expect(info.body.Orders.length).toBeLessThanOrEqual(members.MEMBER_DETAIL_ROWS);
    expect(info.body.Addresses.length).toBeGreaterThan(0);
    const invited = await server.call(
      members.getMemberInfo,
      { id: await memberId('demo-buyer-002') },
      { token: admin },
    );
    expect(invited.body.Inviter).toMatchObject({ Id: id, Nickname: '张三' });
    const missing = await server.call(members.getMemberInfo, { id: 999999 }, { token: admin });
    expect(missing.body).toMatchObject({ Errcode: -1, Errmsg: 'There is no member 999999 in this shop' });
  });

  it('saves the profile with its version and refuses a stale one for a reload', async () => {
    const id = await memberId('demo-buyer-004');
    const info = await server.call(members.getMemberInfo, { id }, { token: admin });
    const input = {
      Id: id,
      Version: info.body.Version,
      Nickname: ' 赵磊磊 ',
      Mobile: '13811112222',
      Gender: 'male',
      Birthday: '1990-05-01',
      Remark: '改了备注',
    };
    const saved = await server.call(members.setMemberProfile, input, { token: admin });
    expect(saved.body).toMatchObject({ Errcode: 0, Version: info.body.Version + 1 });
    const after = await server.call(members.getMemberInfo, { id }, { token: admin });
    expect(after.body).toMatchObject({ Nickname: '赵磊磊', Birthday: '1990-05-01', Remark: '改了备注' });
    const stale = await server.call(members.setMemberProfile, { ...input, Remark: 'x' }, { token: admin });
    expect(stale.body).toMatchObject({
      Errcode: -1,
      StaleVersion: true,
      CurrentVersion: info.body.Version + 1,
    });
    const badMobile = await server.call(
      members.setMemberProfile,
      { ...input, Version: info.body.Version + 1, Mobile: '12345' },
      { token: admin },
    );
    expect(fieldOf(badMobile)).toBe('Mobile');
  });

  it('adjusts points, balance and growth with a reason, ledgered and audited', async () => {
    const id = await memberId('demo-member-001');
    const points = await server.call(
      members.adjustMember,
      { Id: id, Kind: 'points', Delta: 300, Reason: ' 活动补偿 ' },
      { token: admin },
    );
    expect(points.body).toMatchObject({ Errcode: 0, After: 300 });
    const less = await server.call(
      members.adjustMember,
      { Id: id, Kind: 'points', Delta: -100, Reason: '纠错' },
      { token: admin },
    );
    expect(less.body.After).toBe(200);
    const tooMuch = await server.call(
      members.adjustMember,
      { Id: id, Kind: 'points', Delta: -201, Reason: '纠错' },
      { token: admin },
    );
    expect(tooMuch.body.Errcode).toBe(-1);
    expect(fieldOf(tooMuch)).toBe('Delta');
    const all = await server.call(
      members.adjustMember,
      { Id: id, Kind: 'points', Delta: -200, Reason: '清零' },
      { token: admin },
    );
    expect(all.body.After).toBe(0);

    const balance = await server.call(
      members.adjustMember,
      { Id: id, Kind: 'balance', Delta: 1000, Reason: '补偿' },
      { token: admin },
    );
    expect(balance.body.After).toBe(1000);
    const [before] = await server.query<{ growth: number }>(sql`select growth from members where id = ${id}`);
    const growth = await server.call(
      members.adjustMember,
      { Id: id, Kind: 'growth', Delta: 50, Reason: '补录' },
      { token: admin },
    );
    expect(growth.body.After).toBe(before!.growth + 50);

    const info = await server.call(members.getMemberInfo, { id }, { token: admin });
    expect(info.body.PointsLedger.map((row) => [row.Delta, row.After, row.Note, row.Reason])).toEqual([
      [-200, 0, '清零', 'adjust'],
      [-100, 200, '纠错', 'adjust'],
      [300, 300, '活动补偿', 'adjust'],
    ]);
    expect(info.body.PointsLedger[0]!.ActorName).toBe('admin');
    expect(info.body.BalanceLedger[0]).toMatchObject({ Delta: 1000, Note: '补偿' });
    expect(info.body.GrowthLedger[0]).toMatchObject({
      Delta: 50,
      After: before!.growth + 50,
      Note: '补录',
      Reason: 'operator',
    });
    const audits = await server.query<{ count: number }>(
      sql`select count(*)::int as count from audit_log where action = 'member.adjust' and target = ${`member:${id}`}`,
    );
    expect(audits[0]!.count).toBe(5);
  });

  it('refuses an adjustment without a reason, of zero, or past the limit, naming the field', async () => {
    const id = await memberId('demo-member-001');
    const cases: [Record<string, unknown>, string][] = [
      [{ Id: id, Kind: 'points', Delta: 5, Reason: '   ' }, 'Reason'],
      [{ Id: id, Kind: 'points', Delta: 5, Reason: 'x'.repeat(members.ADJUST_REASON_MAX + 1) }, 'Reason'],
      [{ Id: id, Kind: 'points', Delta: 0, Reason: 'r' }, 'Delta'],
      [{ Id: id, Kind: 'points', Delta: members.MAX_ADJUSTMENT + 1, Reason: 'r' }, 'Delta'],
      [{ Id: id, Kind: 'coins', Delta: 5, Reason: 'r' }, 'Kind'],
      [{ Id: 999999, Kind: 'points', Delta: 5, Reason: 'r' }, 'Id'],
    ];
    for (const [input, field] of cases) {
      const response = await server.call(members.adjustMember, input, { token: admin });
      expect(response.body.Errcode, JSON.stringify(input)).toBe(-1);
      expect(fieldOf(response), JSON.stringify(input)).toBe(field);
    }
    const atLimit = await server.call(
      members.adjustMember,
      {
        Id: id,
        Kind: 'points',
        Delta: members.MAX_ADJUSTMENT,
        Reason: 'x'.repeat(members.ADJUST_REASON_MAX),
      },
      { token: admin },
    );
    expect(atLimit.body.Errmsg).toBe('');
  });

  it('keeps the ledger balanced under parallel decreases: never below zero, every change a row', async () => {
    const id = await memberId('demo-buyer-006');
    await server.call(
      members.adjustMember,
      { Id: id, Kind: 'points', Delta: 100, Reason: '准备' },
      { token: admin },
    );
    const [before] = await server.query<{ points: number }>(
      sql`select points from buyer_wallets where site_id = ${MALL_SITE} and buyer_id = 'demo-buyer-006'`,
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.call(
          members.adjustMember,
          { Id: id, Kind: 'points', Delta: -10, Reason: '并发' },
          { token: admin },
        ),
      ),
    );
    const succeeded = results.filter((response) => response.body.Errcode === 0).length;
    expect(succeeded).toBe(Math.min(20, Math.floor(before!.points / 10)));
    const [after] = await server.query<{ points: number; ledger: number }>(
      sql`select w.points, (select coalesce(sum(delta), 0)::int from wallet_ledger l
                              where l.site_id = w.site_id and l.buyer_id = w.buyer_id and l.currency = 'points') as ledger
            from buyer_wallets w where w.site_id = ${MALL_SITE} and w.buyer_id = 'demo-buyer-006'`,
    );
    expect(after!.points).toBe(before!.points - succeeded * 10);
    expect(after!.ledger).toBe(after!.points);

    const growthResults = await Promise.all(
      Array.from({ length: 10 }, () =>
        server.call(
          members.adjustMember,
          { Id: id, Kind: 'growth', Delta: 7, Reason: '并发' },
          { token: admin },
        ),
      ),
    );
    expect(growthResults.every((response) => response.body.Errcode === 0)).toBe(true);
    const [growth] = await server.query<{ growth: number; ledger: number }>(
      sql`select m.growth, (select coalesce(sum(delta), 0)::int from member_growth_ledger l where l.member_id = m.id) as ledger
            from members m where m.id = ${id}`,
    );
    expect(growth!.growth).toBe(growth!.ledger);
  });
});

describe('tenant isolation and permissions', () => {
  it('the other shop neither sees nor changes the mall’s members', async () => {
    const id = await memberId('demo-buyer-001');
    const list = await server.call(members.getMemberList, { pageSize: 100 }, { token: site2 });
    const theirs = await server.query<{ open_id: string }>(
      sql`select open_id from members where site_id = ${SECOND_SITE} order by open_id`,
    );
    expect(theirs.length).toBeGreaterThan(0);
    expect(list.body.Data.map((row) => row.OpenId).sort()).toEqual(theirs.map((row) => row.open_id));
    expect(list.body.Data.some((row) => row.OpenId.startsWith('demo-buyer-'))).toBe(false);
    const info = await server.call(members.getMemberInfo, { id }, { token: site2 });
    expect(info.body.Errcode).toBe(-1);
    const tags = await server.call(members.setMemberTags, { Ids: [id], Add: ['偷偷'] }, { token: site2 });
    expect(fieldOf(tags)).toBe('Ids');
    const status = await server.call(
      members.setMemberStatus,
      { Ids: [id], Status: 'disabled' },
      { token: site2 },
    );
    expect(fieldOf(status)).toBe('Ids');
    const adjust = await server.call(
      members.adjustMember,
      { Id: id, Kind: 'points', Delta: 5, Reason: 'r' },
      { token: site2 },
    );
    expect(fieldOf(adjust)).toBe('Id');
    const profile = await server.call(
      members.setMemberProfile,
      { Id: id, Version: 1, Nickname: 'x', Mobile: '', Gender: 'unknown', Birthday: null, Remark: '' },
      { token: site2 },
    );
    expect(fieldOf(profile)).toBe('Id');
    const [row] = await server.query<{ status: string; tags: string[] }>(
      sql`select status, tags from members where id = ${id}`,
    );
    expect(row!.status).toBe('active');
    expect(row!.tags).not.toContain('偷偷');
    const second = await server.call(members.getMemberList, { pageSize: 100 }, { token: admin });
    expect(second.body.Data.some((row) => row.OpenId.startsWith('site2-'))).toBe(false);
    expect(await memberId('site2-member-001', SECOND_SITE)).toBeGreaterThan(0);
  });

  it('a store account, without the customer screens, is refused every call', async () => {
    const store = await server.login('store');
    const id = await memberId('demo-buyer-001');
    for (const [endpoint, input] of [
      [members.getMemberList, {}],
      [members.getMemberInfo, { id }],
      [members.setMemberTags, { Ids: [id], Add: ['x'] }],
      [members.adjustMember, { Id: id, Kind: 'points', Delta: 5, Reason: 'r' }],
    ] as const) {
      const response = await server.call(endpoint, input, { token: store });
      expect(response.body.Errcode, endpoint.path).not.toBe(0);
    }
  });
});

describe('dashboard', () => {
  it('counts today’s and this week’s new customers from members’ registration', async () => {
    const before = await server.call(getIndexDataInfo, {}, { token: admin });
    const key = await storefrontKey(server, admin);
    const joined = await storefront(server, key, members.signIn, { OpenId: 'dashboard-new-member' });
    expect(joined.body.Registered).toBe(true);
    const after = await server.call(getIndexDataInfo, {}, { token: admin });
    expect(after.body.Data.TodayNewCustomers).toBe(before.body.Data.TodayNewCustomers + 1);
    expect(after.body.Data.WeekNewCustomers).toBe(before.body.Data.WeekNewCustomers + 1);
    const [week] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from members where site_id = ${MALL_SITE}
            and registered_at >= date_trunc('week', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'`,
    );
    expect(after.body.Data.WeekNewCustomers).toBe(week!.count);
    const other = await server.call(getIndexDataInfo, {}, { token: site2 });
    expect(other.body.Data.TodayNewCustomers).toBeLessThan(after.body.Data.TodayNewCustomers);
  });
});

describe('accounts and the ledger', () => {
  it('lists every member’s balance, points and growth with totals over the filtered members', async () => {
    const all = await server.call(
      members.getAccountList,
      { pageSize: 100, sort: '-points' },
      { token: admin },
    );
    expect(all.body.Errmsg).toBe('');
    const [sums] = await server.query<{ count: number; balance: number; points: number; growth: number }>(
      sql`select count(*)::int as count, coalesce(sum(coalesce(w.balance_fen, 0)), 0)::int as balance,
                 coalesce(sum(coalesce(w.points, 0)), 0)::int as points, coalesce(sum(m.growth), 0)::int as growth
            from members m left join buyer_wallets w on w.site_id = m.site_id and w.buyer_id = m.open_id
           where m.site_id = ${MALL_SITE}`,
    );
    expect(all.body.Total).toBe(sums!.count);
    expect(all.body.Totals).toEqual({
      BalanceFen: sums!.balance,
      Points: sums!.points,
      Growth: sums!.growth,
    });
    const points = all.body.Data.map((row) => row.Points);
    expect([...points].sort((a, b) => b - a)).toEqual(points);
    const one = await server.call(members.getAccountList, { keyword: '13900000011' }, { token: admin });
    expect(one.body.Data.map((row) => row.MemberNo)).toHaveLength(1);
    expect(one.body.Totals.Points).toBe(one.body.Data[0]!.Points);
    const bad = await server.call(members.getAccountList, { sort: 'name' }, { token: admin });
    expect(bad.body.Errmsg).toContain('sort');
  });

  it('gives one member’s ledger filtered by kind, reason and date, and exports a range', async () => {
    const id = await memberId('demo-member-003');
    const [member] = await server.query<{ member_no: string }>(
      sql`select member_no from members where id = ${id}`,
    );
    const memberNo = member!.member_no;
    await server.call(
      members.adjustMember,
      { Id: id, Kind: 'points', Delta: 40, Reason: '账户测试' },
      { token: admin },
    );
    await server.call(
      members.adjustMember,
      { Id: id, Kind: 'balance', Delta: 500, Reason: '账户测试' },
      { token: admin },
    );
    await server.call(
      members.adjustMember,
      { Id: id, Kind: 'growth', Delta: 9, Reason: '账户测试' },
      { token: admin },
    );

    const ledger = await server.call(members.getAccountLedger, { memberNo }, { token: admin });
    expect(ledger.body.Counts).toEqual({ all: 3, balance: 1, points: 1, growth: 1 });
    expect(ledger.body.Data.map((row) => row.Kind).sort()).toEqual(['balance', 'growth', 'points']);
    const points = await server.call(
      members.getAccountLedger,
      { memberNo, kind: 'points' },
      { token: admin },
    );
    expect(points.body.Data).toMatchObject([
      { Kind: 'points', Delta: 40, After: 40, Reason: 'adjust', Note: '账户测试' },
    ]);
    const operator = await server.call(
      members.getAccountLedger,
      { memberNo, reason: 'operator' },
      { token: admin },
    );
    expect(operator.body.Data.map((row) => row.Kind)).toEqual(['growth']);
    const past = await server.call(
      members.getAccountLedger,
      { memberNo, to: '2000-01-01' },
      { token: admin },
    );
    expect(past.body.Total).toBe(0);
    const reversed = await server.call(
      members.getAccountLedger,
      { from: '2024-05-02', to: '2024-05-01' },
      { token: admin },
    );
    expect(reversed.body.Errmsg).toContain('from');
    const badReason = await server.call(members.getAccountLedger, { reason: 'gift' }, { token: admin });
    expect(badReason.body.Errmsg).toContain('reason');

    const file = await server.call(
      members.exportAccountLedger,
      { memberNo, format: 'csv' },
      { token: admin },
    );
    expect(file.status).toBe(200);
    expect(file.raw.body.split('\n').filter((line) => line.includes(memberNo))).toHaveLength(3);
    expect(file.raw.body).toContain('5');
  });

  it('keeps the other shop’s ledger and accounts apart; a store account is refused', async () => {
    const theirs = await server.call(members.getAccountList, { pageSize: 100 }, { token: site2 });
    expect(theirs.body.Data.every((row) => row.MemberNo !== '')).toBe(true);
    const [count] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from members where site_id = ${SECOND_SITE}`,
    );
    expect(theirs.body.Total).toBe(count!.count);
    const [mall] = await server.query<{ member_no: string }>(
      sql`select member_no from members where site_id = ${MALL_SITE} and open_id = 'demo-buyer-001'`,
    );
    const ledger = await server.call(
      members.getAccountLedger,
      { memberNo: mall!.member_no },
      { token: site2 },
    );
    expect(ledger.body.Total).toBe(0);
    const store = await server.login('store');
    expect((await server.call(members.getAccountList, {}, { token: store })).body.Errcode).not.toBe(0);
    expect((await server.call(members.getAccountLedger, {}, { token: store })).body.Errcode).not.toBe(0);
  });
});
