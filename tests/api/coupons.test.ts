import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as coupons from '../../contract/endpoints/coupons';
import { lookupEndpoints } from '../../contract/endpoints/link-entities';
import { addDays } from '../../contract/shop-time';
import { couponForm, fieldOf, makeCoupon, today } from './coupon-helpers';
import { startTestServer, type TestServer } from './harness';
import { MALL_SITE, SECOND_SITE } from './order-helpers';

/** Coupons on the back office: the demo rows, the form and its rules, the machine, copies, the picker. */

let server: TestServer;
let admin: string;
let site2: string;
let sub: string;
let store: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  site2 = await server.login('site2');
  sub = await server.login('sub', { siteId: MALL_SITE });
  store = await server.login('store');
});
afterAll(() => server.close());

describe('the demo coupons', () => {
  it('show every state among the online ones, with tab counts, and only the shop’s own', async () => {
    const list = await server.call(coupons.getCouponList, { pageSize: 100 }, { token: admin });
    expect(list.body.Errcode).toBe(0);
    const { Counts, Data } = list.body;
    expect(Counts.active).toBeGreaterThan(0);
    expect(Counts.paused).toBeGreaterThan(0);
    expect(Counts.ended).toBeGreaterThan(0);
    expect(Counts.draft).toBeGreaterThan(0);
    expect(Counts.all).toBe(Counts.draft + Counts.active + Counts.paused + Counts.ended);
    expect(new Set(Data.map((row) => row.Kind))).toEqual(new Set(['amount', 'discount', 'freeShipping']));
    expect(Data.every((row) => row.Channel === 'online')).toBe(true);
    expect(Data.map((row) => row.Title)).not.toContain('双十一预热券');
    expect(Data.map((row) => row.Title)).not.toContain('官网预约立减券');
    const full = Data.find((row) => row.Title === '满199减30')!;
    expect(full).toMatchObject({ State: 'active', Issued: 4, Used: 1, ThresholdFen: 19_900, PerDayLimit: 1 });
    const paused = await server.call(coupons.getCouponList, { state: 'paused' }, { token: admin });
    expect(paused.body.Total).toBe(Counts.paused);
    expect(paused.body.Data.every((row) => row.State === 'paused')).toBe(true);
  });

  it('list the offline coupons apart, with the codes written off as used', async () => {
    const list = await server.call(coupons.getOfflineCouponList, {}, { token: admin });
    expect(list.body.Data.map((row) => [row.Title, row.Channel, row.Issued, row.Used])).toEqual([
      ['门店体验10元券', 'offline', 20, 2],
    ]);
  });

  it('search by title and kind, and sort by the claim end', async () => {
    const found = await server.call(coupons.getCouponList, { keyword: '8.5折' }, { token: admin });
    expect(found.body.Data.map((row) => row.Title)).toEqual(['全场8.5折券']);
    const free = await server.call(coupons.getCouponList, { kind: 'freeShipping' }, { token: admin });
    expect(free.body.Data.every((row) => row.Kind === 'freeShipping')).toBe(true);
    const sorted = await server.call(
      coupons.getCouponList,
      { sort: 'endsOn', pageSize: 100 },
      { token: admin },
    );
    const ends = sorted.body.Data.map((row) => row.EndsOn);
    expect(ends).toEqual([...ends].sort());
  });
});

describe('saving a coupon', () => {
  it('creates a draft that reads back as saved', async () => {
    const form = couponForm({
      Title: '测试折扣券',
      Kind: 'discount',
      Value: 88,
      CapFen: 2_000,
      ThresholdFen: 0,
      PerMemberLimit: 2,
      PerDayLimit: 1,
      Validity: { kind: 'relative', days: 5, fromTomorrow: true },
    });
    const saved = await server.call(coupons.saveCoupon, form, { token: admin });
    expect(saved.body.Errmsg).toBe('');
    const read = await server.call(coupons.getCouponInfo, { id: saved.body.Id }, { token: admin });
    expect(read.body.Data).toMatchObject({
      Title: '测试折扣券',
      Kind: 'discount',
      Value: 88,
      CapFen: 2_000,
      State: 'draft',
      Issued: 0,
      StartsOn: form.StartsOn,
      EndsOn: form.EndsOn,
      Validity: { kind: 'relative', days: 5, fromTomorrow: true },
      Version: 1,
    });
    const [audit] = await server.query<{ action: string }>(
      sql`select action from audit_log where target = ${`coupon:${saved.body.Id}`}`,
    );
    expect(audit?.action).toBe('coupon.create');
  });

  it.each<[string, Partial<coupons.CouponForm>, string]>([
    ['an empty title', { Title: '  ' }, 'Title'],
    ['a discount paying 100 %', { Kind: 'discount', Value: 100 }, 'Value'],
    ['a discount paying nothing', { Kind: 'discount', Value: 0 }, 'Value'],
    ['an amount of zero', { Value: 0 }, 'Value'],
    ['an amount over its minimum', { Value: 10_001 }, 'Value'],
    ['a cap on an amount coupon', { CapFen: 100 }, 'CapFen'],
    ['chosen goods without goods', { Scope: 'goods' }, 'ScopeIds'],
    ['chosen grades without grades', { Audience: 'grades' }, 'AudienceGradeIds'],
    ['a daily limit over the member limit', { PerMemberLimit: 1, PerDayLimit: 2 }, 'PerDayLimit'],
    [
      'claims ending before they start',
      { StartsOn: addDays(today(), 3), EndsOn: addDays(today(), 2) },
      'EndsOn',
    ],
    ['copies expiring before claims end', { EndsOn: addDays(today(), 41) }, 'Validity.until'],
    ['a day that is no day', { StartsOn: '2024-02-30' }, 'StartsOn'],
    [
      'a relative validity of 0 days',
      { Validity: { kind: 'relative', days: 0, fromTomorrow: false } },
      'Validity.days',
    ],
    ['stores on an online coupon', { StoreIds: [1] }, 'StoreIds'],
    ['free shipping offline', { Kind: 'freeShipping', Value: 0, Channel: 'offline' }, 'Kind'],
    ['a quantity of zero', { TotalQuantity: 0 }, 'TotalQuantity'],
  ])('refuses %s, naming the field', async (_, change, field) => {
    const response = await server.call(coupons.saveCoupon, couponForm(change), { token: admin });
    expect(response.body.Errcode).toBe(-1);
    expect(fieldOf(response)).toBe(field);
  });

  it('refuses another shop’s goods, grades and stores by name', async () => {
    const [foreign] = await server.query<{ id: number }>(
      sql`select id from products where site_id = ${SECOND_SITE} order by id limit 1`,
    );
    const goods = await server.call(
      coupons.saveCoupon,
      couponForm({ Scope: 'goods', ScopeIds: [foreign!.id] }),
      { token: admin },
    );
    expect(fieldOf(goods)).toBe('ScopeIds');
    expect(goods.body.Errmsg).toContain(String(foreign!.id));
    const [grade] = await server.query<{ id: number }>(
      sql`select id from member_grades where site_id = ${SECOND_SITE} order by id limit 1`,
    );
    const grades = await server.call(
      coupons.saveCoupon,
      couponForm({ Audience: 'grades', AudienceGradeIds: [grade!.id] }),
      { token: admin },
    );
    expect(fieldOf(grades)).toBe('AudienceGradeIds');
  });

  it('lets a coupon with issued copies raise its quantity and move its end, and nothing more', async () => {
    const id = await makeCoupon(server, admin, { Title: '锁定测试券' });
    await server.query(sql`update coupons set issued = 3 where id = ${id}`);
    const current = (await server.call(coupons.getCouponInfo, { id }, { token: admin })).body.Data;
    const base = { ...couponForm({ Title: '锁定测试券' }), Id: id, Version: current.Version };
    const valueChange = await server.call(coupons.saveCoupon, { ...base, Value: 2_000 }, { token: admin });
    expect(valueChange.body.Errcode).toBe(-1);
    expect(fieldOf(valueChange)).toBe('Value');
    const scopeChange = await server.call(
      coupons.saveCoupon,
      { ...base, Scope: 'exceptGoods', ScopeIds: [1] },
      { token: admin },
    );
    expect(fieldOf(scopeChange)).toBe('Scope');
    const lower = await server.call(coupons.saveCoupon, { ...base, TotalQuantity: 99 }, { token: admin });
    expect(fieldOf(lower)).toBe('TotalQuantity');
    const allowed = await server.call(
      coupons.saveCoupon,
      { ...base, TotalQuantity: 150, EndsOn: addDays(today(), 35) },
      { token: admin },
    );
    expect(allowed.body.Errmsg).toBe('');
    const read = (await server.call(coupons.getCouponInfo, { id }, { token: admin })).body.Data;
    expect(read).toMatchObject({ TotalQuantity: 150, EndsOn: addDays(today(), 35), Value: 1_000 });
    const past = await server.call(
      coupons.saveCoupon,
      { ...base, Version: read.Version, TotalQuantity: 150, EndsOn: addDays(today(), -1) },
      { token: admin },
    );
    expect(fieldOf(past)).toBe('EndsOn');
  });

  it('refuses a stale save with the reload dialog and changes nothing', async () => {
    const id = await makeCoupon(server, admin, { Title: '版本测试券' }, false);
    const form = { ...couponForm({ Title: '版本测试券' }), Id: id, Version: 1 };
    expect(
      (await server.call(coupons.saveCoupon, { ...form, Title: '第一次' }, { token: admin })).body.Errmsg,
    ).toBe('');
    const stale = await server.call(coupons.saveCoupon, { ...form, Title: '第二次' }, { token: admin });
    expect(stale.body).toMatchObject({ Errcode: -1, StaleVersion: true, CurrentVersion: 2 });
    const read = (await server.call(coupons.getCouponInfo, { id }, { token: admin })).body.Data;
    expect(read.Title).toBe('第一次');
  });
});

describe('the coupon machine on the server', () => {
  it('walks draft → active ⇄ paused → ended and refuses the rest, naming the coupon', async () => {
    const id = await makeCoupon(server, admin, { Title: '状态测试券' }, false);
    const act = (Action: 'activate' | 'pause' | 'resume' | 'end') =>
      server.call(coupons.setCouponState, { Ids: [id], Action }, { token: admin, locale: 'en' });
    const refusedResume = await act('resume');
    expect(refusedResume.body.Errmsg).toBe('Coupon “状态测试券” cannot be resumed: it is a draft');
    expect((await act('activate')).body.Changed).toEqual([id]);
    expect((await act('activate')).body.Changed).toEqual([]);
    expect((await act('pause')).body.Changed).toEqual([id]);
    expect((await act('resume')).body.Changed).toEqual([id]);
    expect((await act('end')).body.Changed).toEqual([id]);
    expect((await act('activate')).body.Errcode).toBe(-1);
    const read = (await server.call(coupons.getCouponInfo, { id }, { token: admin })).body.Data;
    expect(read.State).toBe('ended');
    const edit = await server.call(
      coupons.saveCoupon,
      { ...couponForm(), Id: id, Version: read.Version },
      { token: admin },
    );
    expect(edit.body.Errcode).toBe(-1);
  });

  it('refuses to activate a coupon whose claim window is over', async () => {
    const id = await makeCoupon(
      server,
      admin,
      {
        Title: '过期草稿',
        StartsOn: addDays(today(), -10),
        EndsOn: addDays(today(), -2),
        Validity: { kind: 'fixed', from: addDays(today(), -10), until: addDays(today(), 5) },
      },
      false,
    );
    const response = await server.call(
      coupons.setCouponState,
      { Ids: [id], Action: 'activate' },
      { token: admin },
    );
    expect(response.body.Errcode).toBe(-1);
    expect(fieldOf(response)).toBe('Action');
  });

  it('refuses an action the machine leaves to the sweep', async () => {
    const response = await server.call(
      coupons.setCouponState,
      { Ids: [1], Action: 'expire' },
      { token: admin },
    );
    expect(fieldOf(response)).toBe('Action');
  });

  it('deletes drafts and ended coupons only', async () => {
    const active = await makeCoupon(server, admin, { Title: '删除测试券' });
    const refused = await server.call(coupons.deleteCoupon, { Id: active }, { token: admin });
    expect(refused.body.Errcode).toBe(-1);
    await server.call(coupons.setCouponState, { Ids: [active], Action: 'end' }, { token: admin });
    expect((await server.call(coupons.deleteCoupon, { Id: active }, { token: admin })).body.Errmsg).toBe('');
    expect((await server.call(coupons.getCouponInfo, { id: active }, { token: admin })).body.Errcode).toBe(
      -1,
    );
  });
});

describe('members’ copies', () => {
  it('list by state with counts, and revoke an unused one with a reason', async () => {
    const [full] = await server.query<{ id: number }>(
      sql`select id from coupons where title = '满199减30' and site_id = ${MALL_SITE}`,
    );
    const copies = await server.call(coupons.getCouponCopies, { couponId: full!.id }, { token: admin });
    expect(copies.body.Counts).toMatchObject({ all: 4, used: 1, unused: 3 });
    const used = copies.body.Data.find((row) => row.State === 'used')!;
    expect(used.OrderNo).not.toBe('');
    const unused = copies.body.Data.find((row) => row.State === 'unused' && row.OrderNo === '')!;
    const revoked = await server.call(
      coupons.revokeMemberCoupon,
      { Id: unused.Id, Reason: '发错了', Version: unused.Version },
      { token: admin },
    );
    expect(revoked.body.Copy).toMatchObject({ State: 'revoked', EndReason: '发错了' });
    const again = await server.call(
      coupons.revokeMemberCoupon,
      { Id: unused.Id, Reason: '再次' },
      { token: admin },
    );
    expect(again.body.Errcode).toBe(-1);
    const usedRevoke = await server.call(
      coupons.revokeMemberCoupon,
      { Id: used.Id, Reason: 'x' },
      { token: admin },
    );
    expect(usedRevoke.body.Errcode).toBe(-1);
    const blank = await server.call(
      coupons.revokeMemberCoupon,
      { Id: used.Id, Reason: ' ' },
      { token: admin },
    );
    expect(fieldOf(blank)).toBe('Reason');
  });

  it('searches copies by member', async () => {
    const [full] = await server.query<{ id: number }>(
      sql`select id from coupons where title = '满199减30' and site_id = ${MALL_SITE}`,
    );
    const found = await server.call(
      coupons.getCouponCopies,
      { couponId: full!.id, keyword: '13800000001' },
      { token: admin },
    );
    expect(found.body.Data.length).toBeGreaterThan(0);
    expect(found.body.Data.every((row) => row.Mobile === '13800000001')).toBe(true);
  });
});

describe('GET /Comm/GetSelectCouponList and the studio lookup', () => {
  it('offers the shop’s coupons on offer, or all of them, to any account of the shop', async () => {
    const active = await server.call(coupons.getSelectCouponList, { pageSize: 100 }, { token: sub });
    expect(active.body.Errcode).toBe(0);
    expect(active.body.Data.every((row) => row.State === 'active')).toBe(true);
    expect(active.body.Data.map((row) => row.Title)).toContain('满199减30');
    const all = await server.call(
      coupons.getSelectCouponList,
      { state: 'all', pageSize: 100 },
      { token: admin },
    );
    expect(all.body.Total).toBeGreaterThan(active.body.Total);
    const offline = await server.call(coupons.getSelectCouponList, { channel: 'offline' }, { token: admin });
    expect(offline.body.Data.map((row) => row.Title)).toEqual(['门店体验10元券']);
    const other = await server.call(coupons.getSelectCouponList, { pageSize: 100 }, { token: site2 });
    expect(other.body.Data.map((row) => row.Title).sort()).toEqual(['咨询礼包9折券', '官网预约立减券']);
    const bad = await server.call(coupons.getSelectCouponList, { channel: 'both' }, { token: admin });
    expect(fieldOf(bad)).toBe('channel');
    expect((await server.call(coupons.getSelectCouponList, {}, { token: null })).status).toBe(401);
  });

  it('draws the richer rows in the studio: state, kind and validity, "on" only while on offer', async () => {
    const response = await server.call(lookupEndpoints.coupon, { pageSize: 100 }, { token: admin });
    const rows = response.body.Data;
    const byTitle = new Map(rows.map((row) => [row.Title, row]));
    expect(byTitle.get('满199减30')).toMatchObject({ Status: 'on', State: 'active', CouponType: 'amount' });
    expect(byTitle.get('会员无门槛5元券')).toMatchObject({ Status: 'off', State: 'paused' });
    expect(byTitle.get('满59包邮券')).toMatchObject({ CouponType: 'freeShipping' });
    expect(byTitle.get('新人专享券')?.Validity).toEqual({ kind: 'relative', days: 7, fromTomorrow: false });
    expect(byTitle.has('双十一预热券')).toBe(false);
  });
});

describe('permissions', () => {
  it.each([
    ['the sub-account', () => sub],
    ['the store account', () => store],
  ])('refuses %s every coupon screen’s call', async (_, token) => {
    for (const [endpoint, input] of [
      [coupons.getCouponList, {}],
      [coupons.getOfflineCouponList, {}],
      [coupons.saveCoupon, couponForm()],
      [coupons.setCouponState, { Ids: [1], Action: 'pause' }],
      [coupons.deleteCoupon, { Id: 1 }],
      [coupons.getCouponCopies, { couponId: 1 }],
      [coupons.revokeMemberCoupon, { Id: 1, Reason: 'x' }],
      [coupons.getCouponInfo, { id: 1 }],
    ] as const) {
      const response = await server.call(endpoint, input, { token: token() });
      expect(response.status, endpoint.path).toBe(403);
    }
  });

  it('refuses a caller without a session', async () => {
    expect((await server.call(coupons.getCouponList, {}, { token: null })).status).toBe(401);
  });
});
