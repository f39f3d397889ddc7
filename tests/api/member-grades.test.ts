import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as grades from '../../contract/endpoints/member-grades';
import { signIn } from '../../contract/endpoints/members';
import * as orders from '../../contract/endpoints/orders';
import * as storefrontApi from '../../contract/endpoints/storefront';
import { startTestServer, type TestServer } from './harness';
import {
  ADDRESS,
  MALL_SITE,
  orderId,
  orderRow,
  perUnit,
  prepareSku,
  SECOND_SITE,
  storefront,
  storefrontKey,
  type TestSku,
} from './order-helpers';

/** Grades, the preferential settings, check-ins, and what grades do to orders and growth. */

let server: TestServer;
let admin: string;
let site2: string;
let key: string;
let secondKey: string;

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

const NEW_GRADE = {
  Name: '黑卡会员',
  Level: 9,
  GrowthThreshold: 90_000,
  DiscountPercent: 85,
  FreeShipping: true,
  Privileges: ['专属客服'],
  Icon: '/uploads/1/black.png',
  CardBackground: '/uploads/1/black-card.png',
};

async function gradeList(token = admin) {
  const response = await server.call(grades.getMemberGradeList, {}, { token });
  expect(response.body.Errmsg).toBe('');
  return response.body.Data;
}

async function settingVersion(token = admin) {
  const response = await server.call(grades.getPreferentialSetting, {}, { token });
  return response.body;
}

describe('grades', () => {
  it('lists the seeded grades of the caller’s shop by level with their holders', async () => {
    const rows = await gradeList();
    expect(rows.map((row) => row.Level)).toEqual([1, 2, 3, 4]);
    expect(rows.filter((row) => row.IsDefault).map((row) => row.Level)).toEqual([1]);
    const [held] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from members where site_id = ${MALL_SITE} and grade_id = ${rows[0]!.Id}`,
    );
    expect(rows[0]!.MemberCount).toBe(held!.count);
    expect(rows.reduce((sum, row) => sum + row.MemberCount, 0)).toBeGreaterThan(10);
  });

  it('creates, reads and updates a grade, audited, and refuses a stale save', async () => {
    const created = await server.call(grades.setMemberGrade, NEW_GRADE, { token: admin });
    expect(created.body.Errmsg).toBe('');
    expect(created.body).toMatchObject({ ...NEW_GRADE, IsDefault: false, MemberCount: 0, Version: 1 });
    const read = await server.call(grades.getMemberGradeInfo, { id: created.body.Id }, { token: admin });
    expect(read.body.Name).toBe('黑卡会员');
    const updated = await server.call(
      grades.setMemberGrade,
      { ...NEW_GRADE, Id: created.body.Id, Version: 1, DiscountPercent: 80 },
      { token: admin },
    );
    expect(updated.body).toMatchObject({ DiscountPercent: 80, Version: 2 });
    const stale = await server.call(
      grades.setMemberGrade,
      { ...NEW_GRADE, Id: created.body.Id, Version: 1 },
      { token: admin },
    );
    expect(stale.body).toMatchObject({ Errcode: -1, StaleVersion: true, CurrentVersion: 2 });
    const audits = await server.query<{ action: string; summary: { after: { discount: number } } }>(
      sql`select action, summary from audit_log where target = ${`grade:${created.body.Id}`} and outcome = 'success' order by id`,
    );
    expect(audits.map((row) => row.action)).toEqual(['grade.create', 'grade.update']);
    expect(audits[1]!.summary.after.discount).toBe(80);
  });

  it('names the field of bad input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...NEW_GRADE, Name: '   ' }, 'Name'],
      [{ ...NEW_GRADE, Level: 0 }, 'Level'],
      [{ ...NEW_GRADE, Level: 100 }, 'Level'],
      [{ ...NEW_GRADE, DiscountPercent: 0 }, 'DiscountPercent'],
      [{ ...NEW_GRADE, DiscountPercent: 101 }, 'DiscountPercent'],
      [{ ...NEW_GRADE, GrowthThreshold: -1 }, 'GrowthThreshold'],
      // Level 2 is taken by the seeded 银卡会员.
      [{ ...NEW_GRADE, Level: 2 }, 'Level'],
      // Between levels 2 (1,000) and 3 (5,000) the threshold must lie strictly between them.
      [{ ...NEW_GRADE, Level: 5, GrowthThreshold: 20_000 }, 'GrowthThreshold'],
      [{ ...NEW_GRADE, Id: 999_999, Version: 1 }, 'Id'],
    ];
    for (const [input, field] of cases) {
      const response = await server.call(grades.setMemberGrade, input, { token: admin });
      expect([response.body.Errcode, fieldOf(response)], JSON.stringify(input)).toEqual([-1, field]);
    }
    const fine = await server.call(
      grades.setMemberGrade,
      { ...NEW_GRADE, Name: ' 星耀 ', Level: 5, GrowthThreshold: 20_001 },
      { token: admin },
    );
    expect(fine.body).toMatchObject({ Name: '星耀', Level: 5 });
  });

  it('gives one level to one grade when several saves race for it', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        server.call(
          grades.setMemberGrade,
          { ...NEW_GRADE, Name: `并发${index}`, Level: 12, GrowthThreshold: 950_000 + index },
          { token: admin },
        ),
      ),
    );
    const saved = answers.filter((answer) => answer.body.Errcode === 0);
    expect(saved).toHaveLength(1);
    expect(answers.filter((answer) => fieldOf(answer) === 'Level')).toHaveLength(7);
    expect((await gradeList()).filter((row) => row.Level === 12)).toHaveLength(1);
    await server.call(grades.deleteMemberGrade, { Id: saved[0]!.body.Id }, { token: admin });
  });

  it('refuses to delete a grade members hold, naming how many, and the default grade', async () => {
    const [silver] = (await gradeList()).filter((row) => row.Level === 2);
    expect(silver!.MemberCount).toBeGreaterThan(0);
    const held = await server.call(grades.deleteMemberGrade, { Id: silver!.Id }, { token: admin });
    expect(held.body.Errmsg).toBe(
      `Grade 银卡会员 cannot be deleted: members holding it: ${silver!.MemberCount}`,
    );
    expect(fieldOf(held)).toBe('Id');
    const [standard] = (await gradeList()).filter((row) => row.IsDefault);
    const byDefault = await server.call(grades.deleteMemberGrade, { Id: standard!.Id }, { token: admin });
    expect(byDefault.body.Errmsg).toBe('Grade 普通会员 is the default grade and cannot be deleted');
    const unheld = (await gradeList()).find((row) => row.Name === '星耀')!;
    const deleted = await server.call(grades.deleteMemberGrade, { Id: unheld.Id }, { token: admin });
    expect(deleted.body.Id).toBe(unheld.Id);
    expect((await gradeList()).some((row) => row.Id === unheld.Id)).toBe(false);
  });

  it('moves the default mark and refuses to drop the last one', async () => {
    const rows = await gradeList();
    const standard = rows.find((row) => row.IsDefault)!;
    const drop = await server.call(
      grades.setMemberGrade,
      { ...pick(standard), IsDefault: false },
      { token: admin },
    );
    expect(fieldOf(drop)).toBe('IsDefault');
    const silver = rows.find((row) => row.Level === 2)!;
    const moved = await server.call(
      grades.setMemberGrade,
      { ...pick(silver), IsDefault: true },
      { token: admin },
    );
    expect(moved.body.IsDefault).toBe(true);
    expect((await gradeList()).filter((row) => row.IsDefault).map((row) => row.Level)).toEqual([2]);
    const back = await server.call(
      grades.setMemberGrade,
      { ...pick((await gradeList()).find((row) => row.Level === 1)!), IsDefault: true },
      { token: admin },
    );
    expect(back.body.IsDefault).toBe(true);
  });

  it('keeps shops apart: the other shop neither sees nor changes nor deletes these grades', async () => {
    const mall = await gradeList();
    const second = await gradeList(site2);
    expect(second.map((row) => row.Id).some((id) => mall.some((row) => row.Id === id))).toBe(false);
    const target = mall.find((row) => row.Level === 4)!;
    const read = await server.call(grades.getMemberGradeInfo, { id: target.Id }, { token: site2 });
    expect([read.body.Errcode, fieldOf(read)]).toEqual([-1, 'id']);
    const write = await server.call(
      grades.setMemberGrade,
      { ...pick(target), Name: '偷改' },
      { token: site2 },
    );
    expect([write.body.Errcode, fieldOf(write)]).toEqual([-1, 'Id']);
    const remove = await server.call(grades.deleteMemberGrade, { Id: target.Id }, { token: site2 });
    expect([remove.body.Errcode, fieldOf(remove)]).toEqual([-1, 'Id']);
    expect((await gradeList()).find((row) => row.Id === target.Id)!.Name).toBe('钻石会员');
  });

  it('is closed to accounts without the marketing grants', async () => {
    const sub = await server.login('sub', { siteId: 1 });
    const store = await server.login('store');
    for (const token of [sub, store]) {
      expect((await server.call(grades.getMemberGradeList, {}, { token })).status).toBe(403);
      expect((await server.call(grades.setMemberGrade, NEW_GRADE, { token })).status).toBe(403);
      expect((await server.call(grades.getPreferentialSetting, {}, { token })).status).toBe(403);
    }
  });
});

function pick(row: grades.GradeRow) {
  return {
    Id: row.Id,
    Version: row.Version,
    Name: row.Name,
    Level: row.Level,
    GrowthThreshold: row.GrowthThreshold,
    DiscountPercent: row.DiscountPercent,
    FreeShipping: row.FreeShipping,
    Privileges: row.Privileges,
    Icon: row.Icon,
    CardBackground: row.CardBackground,
    IsDefault: row.IsDefault,
  };
}

describe('preferential settings', () => {
  it('starts from the stricter defaults and saves with a version, audited', async () => {
    const before = await settingVersion();
    expect(before).toMatchObject({
      GradeOnActivityPrices: false,
      GradeWithCoupon: false,
      ExcludedProductIds: [],
    });
    const [goods] = await server.query<{ id: number; name: string }>(
      sql`select id, name from products where site_id = ${MALL_SITE} order by id limit 1`,
    );
    const saved = await server.call(
      grades.setPreferentialSetting,
      {
        ...strip(before),
        ExcludedProductIds: [goods!.id, goods!.id],
        GrowthPerCheckIn: 7,
        Version: before.Version,
      },
      { token: admin },
    );
    expect(saved.body.Version).toBe(before.Version + 1);
    const after = await settingVersion();
    expect(after).toMatchObject({
      GrowthPerCheckIn: 7,
      ExcludedProductIds: [goods!.id],
      ExcludedGoods: [{ Id: goods!.id, Name: goods!.name }],
    });
    const stale = await server.call(
      grades.setPreferentialSetting,
      { ...strip(before), Version: before.Version },
      { token: admin },
    );
    expect(stale.body).toMatchObject({ StaleVersion: true, CurrentVersion: before.Version + 1 });
    const reset = await server.call(
      grades.setPreferentialSetting,
      { ...strip(before), Version: after.Version },
      { token: admin },
    );
    expect(reset.body.Errmsg).toBe('');
  });

  it('names the field of bad input and refuses goods of another shop', async () => {
    const current = await settingVersion();
    const [foreign] = await server.query<{ id: number }>(
      sql`select id from products where site_id = ${SECOND_SITE} order by id limit 1`,
    );
    const cases: [Record<string, unknown>, string][] = [
      [{ GrowthPerYuan: -1 }, 'GrowthPerYuan'],
      [{ GrowthPerCheckIn: grades.MAX_GROWTH_PER_EVENT + 1 }, 'GrowthPerCheckIn'],
      [{ GradeWithCoupon: 'yes' }, 'GradeWithCoupon'],
      [{ ExcludedProductIds: [foreign?.id ?? 999_999] }, 'ExcludedProductIds'],
    ];
    for (const [change, field] of cases) {
      const response = await server.call(
        grades.setPreferentialSetting,
        { ...strip(current), Version: current.Version, ...change },
        { token: admin },
      );
      expect([response.body.Errcode, fieldOf(response)]).toEqual([-1, field]);
    }
    expect((await settingVersion()).Version).toBe(current.Version);
  });

  it('keeps shops apart', async () => {
    const mall = await settingVersion();
    const second = await settingVersion(site2);
    await server.call(
      grades.setPreferentialSetting,
      { ...strip(second), GrowthPerYuan: 3, Version: second.Version },
      { token: site2 },
    );
    expect((await settingVersion()).GrowthPerYuan).toBe(mall.GrowthPerYuan);
    expect((await settingVersion(site2)).GrowthPerYuan).toBe(3);
  });
});

function strip(setting: Awaited<ReturnType<typeof settingVersion>>) {
  const { Errcode: _c, Errmsg: _m, ErrShowType: _s, ExcludedGoods: _g, Version: _v, ...rest } = setting;
  return rest;
}

describe('storefront check-in', () => {
  it('grants growth once per member and shop day, even when called in parallel', async () => {
    await storefront(server, key, signIn, { OpenId: 'wx-check-in' });
    const { GrowthPerCheckIn } = await settingVersion();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => storefront(server, key, grades.checkIn, { OpenId: 'wx-check-in' })),
    );
    expect(answers.map((answer) => answer.body.Errmsg)).toEqual(Array(8).fill(''));
    expect(answers.map((answer) => answer.body.Granted).sort((a, b) => b - a)).toEqual([
      GrowthPerCheckIn,
      ...Array(7).fill(0),
    ]);
    const ledger = await server.query<{ delta: number; reason: string }>(
      sql`select l.delta, l.reason from member_growth_ledger l join members m on m.id = l.member_id
           where m.open_id = 'wx-check-in' and m.site_id = ${MALL_SITE}`,
    );
    expect(ledger).toEqual([{ delta: GrowthPerCheckIn, reason: 'sign_in' }]);
  });

  it('names the field for an unknown member, and another shop’s member is unknown', async () => {
    const blank = await storefront(server, key, grades.checkIn, { OpenId: '' });
    expect(fieldOf(blank)).toBe('OpenId');
    const stranger = await storefront(server, secondKey, grades.checkIn, { OpenId: 'wx-check-in' });
    expect([stranger.body.Errcode, fieldOf(stranger)]).toEqual([-1, 'OpenId']);
    expect(stranger.body.Errmsg).toBe('No member with this open id in this shop: sign in first');
  });
});

describe('grades on orders', () => {
  let sku: TestSku;
  let ids: Map<number, number>;

  beforeAll(async () => {
    sku = await prepareSku(server, MALL_SITE, 1_000, {
      skip: 11,
      freight: { DefaultRule: perUnit(1_000, 0) },
    });
    await server.query(sql`update skus set price_fen = 10000 where id = ${sku.skuId}`);
    ids = new Map((await gradeList()).map((row) => [row.Level, row.Id]));
  });

  async function memberOfGrade(openId: string, level: number) {
    await storefront(server, key, signIn, { OpenId: openId });
    await server.query(
      sql`update members set grade_id = ${ids.get(level)!} where site_id = ${MALL_SITE} and open_id = ${openId}`,
    );
  }

  async function order(openId: string, quantity = 1) {
    const response = await storefront(server, key, storefrontApi.createOrder, {
      Buyer: { Id: openId, Name: '会员', Phone: '13800000009' },
      DeliveryType: 'express',
      Address: ADDRESS,
      Lines: [{ SkuId: sku.skuId, Quantity: quantity }],
    });
    expect(response.body.Errmsg).toBe('');
    return response.body.Order;
  }

  it('prices the same order for members of two grades: discount and free shipping of each grade', async () => {
    await memberOfGrade('wx-grade-silver', 2);
    await memberOfGrade('wx-grade-gold', 3);
    const freight = (await order('wx-price-nobody')).FreightFen;
    expect(freight).toBeGreaterThan(0);
    const silver = await order('wx-grade-silver', 2);
    const gold = await order('wx-grade-gold', 2);
    // 银卡: 98 % of ¥200, freight charged; 金卡: 95 %, freight waived by the grade.
    expect(silver).toMatchObject({ GoodsFen: 20_000, DiscountFen: 400, FreightFen: freight });
    expect(silver.TotalFen).toBe(20_000 - 400 + freight);
    expect(gold).toMatchObject({ GoodsFen: 20_000, DiscountFen: 1_000, FreightFen: 0, TotalFen: 19_000 });
  });

  it('sells excluded goods at their price to every grade', async () => {
    const before = await settingVersion();
    await server.call(
      grades.setPreferentialSetting,
      { ...strip(before), ExcludedProductIds: [sku.productId], Version: before.Version },
      { token: admin },
    );
    const gold = await order('wx-grade-gold', 2);
    expect(gold).toMatchObject({ DiscountFen: 0, FreightFen: 0, TotalFen: 20_000 });
    const now = await settingVersion();
    await server.call(
      grades.setPreferentialSetting,
      { ...strip(now), ExcludedProductIds: [], Version: now.Version },
      { token: admin },
    );
  });

  it('grants growth per yuan at payment, upgrades across a threshold, takes it back on refund without downgrading', async () => {
    await memberOfGrade('wx-grade-climber', 1);
    const placed = await order('wx-grade-climber', 10);
    expect(placed.TotalFen).toBeGreaterThanOrEqual(100_000);
    const paid = await storefront(server, key, storefrontApi.payOrder, {
      OrderNo: placed.OrderNo,
      BuyerId: 'wx-grade-climber',
      PaymentMethod: 'wechat',
      AmountFen: placed.TotalFen,
    });
    expect(paid.body.Errmsg).toBe('');
    const { GrowthPerYuan } = await settingVersion();
    const earned = Math.floor(placed.TotalFen / 100) * GrowthPerYuan;
    const [member] = await server.query<{ growth: number; grade_id: number }>(
      sql`select growth, grade_id from members where site_id = ${MALL_SITE} and open_id = 'wx-grade-climber'`,
    );
    expect(member!.growth).toBe(earned);
    // ¥1,000 and more paid at 1 a yuan crosses 银卡 (1,000).
    expect(member!.grade_id).toBe(ids.get(2));
    const [change] = await server.query<{ to_grade_id: number; cause: string }>(
      sql`select c.to_grade_id, c.cause from member_grade_changes c join members m on m.id = c.member_id
           where m.open_id = 'wx-grade-climber'`,
    );
    expect(change).toEqual({ to_grade_id: ids.get(2), cause: 'growth' });

    const asked = await storefront(server, key, storefrontApi.applyRefund, {
      OrderNo: placed.OrderNo,
      BuyerId: 'wx-grade-climber',
      AmountFen: Math.floor(placed.TotalFen / 2),
      Reason: '不要了',
    });
    expect(asked.body.Errmsg).toBe('');
    const id = await orderId(server, placed.OrderNo);
    for (const input of [
      { Action: 'approveRefund', AmountFen: Math.floor(placed.TotalFen / 2) },
      { Action: 'markRefunded' },
    ]) {
      const { version } = await orderRow(server, id);
      const response = await server.call(
        orders.bindOrderState,
        { Id: id, Version: version, ...input },
        { token: admin },
      );
      expect(response.body.Errmsg).toBe('');
    }
    const [after] = await server.query<{ growth: number; grade_id: number }>(
      sql`select growth, grade_id from members where site_id = ${MALL_SITE} and open_id = 'wx-grade-climber'`,
    );
    expect(after!.growth).toBe(earned - Math.floor(earned / 2));
    expect(after!.grade_id).toBe(ids.get(2));
    const ledger = await server.query<{ delta: number; reason: string; order_no: string }>(
      sql`select l.delta, l.reason, l.order_no from member_growth_ledger l join members m on m.id = l.member_id
           where m.open_id = 'wx-grade-climber' order by l.id`,
    );
    expect(ledger).toEqual([
      { delta: earned, reason: 'order_paid', order_no: placed.OrderNo },
      { delta: -Math.floor(earned / 2), reason: 'order_refund', order_no: placed.OrderNo },
    ]);
  });
});
