import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '../../contract/endpoint';
import * as coupons from '../../contract/endpoints/coupons';
import * as storefrontApi from '../../contract/endpoints/storefront';
import { shopDate } from '../../contract/shop-time';
import { runCouponRules } from '../../server/areas/marketing/rules';
import { createSend, runCouponSends } from '../../server/areas/marketing/send-jobs';
import { fieldOf, freshMember, makeCoupon } from './coupon-helpers';
import { startTestServer, type TestServer } from './harness';
import { multipartBody } from './images';
import { ADDRESS, MALL_SITE, prepareSku, storefront, storefrontKey } from './order-helpers';

/** Issuing: manual sends as background jobs (and their records), uploaded mobiles, rules on events. */

let server: TestServer;
let admin: string;
let sub: string;
let store: string;
let key: string;
let keyCount = 0;
let adminId: number;

beforeAll(async () => {
  server = await startTestServer({ env: { SWEEP_INTERVAL_SECONDS: '0' } });
  admin = await server.login('admin');
  adminId = await server.accountId('admin');
  sub = await server.login('sub', { siteId: MALL_SITE });
  store = await server.login('store');
  key = await storefrontKey(server, admin);
});
afterAll(() => server.close());

const requestKey = () => {
  keyCount += 1;
  return `test-send-${keyCount}-${Date.now()}`;
};
const run = (budget?: number, now = new Date()) => runCouponSends(server.database.db, now, budget);

/**
 * Waits for a send made through the call to finish: the call starts the job at once, and running it
 * here too only shares the work (the job's lease keeps the two apart).
 */
async function settled(id: number) {
  await vi.waitFor(
    async () => {
      await run();
      expect((await sendRecord(id)).State).toBe('done');
    },
    { timeout: 20_000, interval: 100 },
  );
  return sendRecord(id);
}

async function sendRecord(id: number) {
  const list = await server.call(coupons.getCouponSendList, { pageSize: 100 }, { token: admin });
  return list.body.Data.find((row) => row.Id === id)!;
}

async function copiesFromSend(sendId: number) {
  return server.query<{ member_id: number; copies: number }>(
    sql`select mc.member_id, count(*)::int as copies from member_coupons mc
          join coupon_send_items i on i.id = mc.send_item_id
         where i.send_id = ${sendId} group by mc.member_id order by mc.member_id`,
  );
}

describe('send options and member search', () => {
  it('gives grades and tags with member counts to both send screens, not to store accounts', async () => {
    const options = await server.call(coupons.getSendOptions, {}, { token: admin });
    expect(options.body.Tags).toContainEqual({ Tag: 'VIP', Members: 2 });
    expect(options.body.Grades.length).toBeGreaterThan(0);
    expect((await server.call(coupons.getSendOptions, {}, { token: sub })).body.Errcode).toBe(0);
    expect((await server.call(coupons.getSendOptions, {}, { token: store })).status).toBe(403);
    const found = await server.call(coupons.findSendMembers, { keyword: '13800000001' }, { token: admin });
    expect(found.body.Data.map((row) => row.Mobile)).toEqual(['13800000001']);
    const byIds = await server.call(
      coupons.findSendMembers,
      { Ids: String(found.body.Data[0]!.Id) },
      { token: sub },
    );
    expect(byIds.body.Data).toEqual(found.body.Data);
    expect(fieldOf(await server.call(coupons.findSendMembers, { Ids: '1,,2' }, { token: admin }))).toBe(
      'Ids',
    );
  });
});

describe('a send to a tag', () => {
  it('is recorded at once, sent by the job, and listed with what was sent', async () => {
    const couponId = await makeCoupon(server, admin, { Title: '标签发券', ThresholdFen: 0, Value: 300 });
    for (const name of ['标签甲', '标签乙', '标签丙'])
      await freshMember(server, MALL_SITE, name, { tags: ['发券测试'] });
    const made = await server.call(
      coupons.createCouponSend,
      { CouponId: couponId, Copies: 2, Target: { Kind: 'tag', Tag: '发券测试' }, RequestKey: requestKey() },
      { token: admin },
    );
    expect(made.body.Errmsg).toBe('');
    expect(await sendRecord(made.body.Id)).toMatchObject({ Total: 3, TargetLabel: '发券测试' });
    const record = await settled(made.body.Id);
    expect(record).toMatchObject({
      State: 'done',
      Total: 3,
      Sent: 3,
      Failed: 0,
      CouponTitle: '标签发券',
      CreatedBy: 'admin',
    });
    expect(record.FinishedAt).not.toBeNull();
    expect((await copiesFromSend(made.body.Id)).map((row) => row.copies)).toEqual([2, 2, 2]);
    const [coupon] = await server.query<{ issued: number }>(
      sql`select issued from coupons where id = ${couponId}`,
    );
    expect(coupon!.issued).toBe(6);
  });

  it('makes one send of a form submitted twice', async () => {
    const couponId = await makeCoupon(server, admin, { Title: '重复提交券', ThresholdFen: 0, Value: 300 });
    const input = {
      CouponId: couponId,
      Copies: 1,
      Target: { Kind: 'tag', Tag: 'VIP' },
      RequestKey: requestKey(),
    };
    const first = await server.call(coupons.createCouponSend, input, { token: admin });
    const second = await server.call(coupons.createCouponSend, input, { token: admin });
    expect(second.body.Id).toBe(first.body.Id);
    const [items] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from coupon_send_items where send_id = ${first.body.Id}`,
    );
    expect(items!.count).toBe(2);
  });
});

describe('a send retried', () => {
  it('never sends an item twice: budgets, a dead job’s lease, parallel jobs and a re-run', async () => {
    const couponId = await makeCoupon(server, admin, {
      Title: '重试发券',
      ThresholdFen: 0,
      Value: 100,
      TotalQuantity: null,
    });
    const members = [];
    for (let index = 0; index < 120; index += 1)
      members.push(await freshMember(server, MALL_SITE, `重试${index}`, { tags: ['重试测试'] }));
    // Made by the service, not the call, so no job starts before this test runs it.
    const id = await server.database.db.transaction((tx) =>
      createSend(
        tx,
        {
          siteId: MALL_SITE,
          accountId: adminId,
          accountName: 'admin',
          couponId,
          copies: 1,
          target: { Kind: 'tag', Tag: '重试测试' },
          requestKey: requestKey(),
        },
        'zh',
        new Date(),
      ),
    );
    // Earlier tests' sends go first (oldest first); then a run of one chunk's budget stops halfway.
    await server.query(sql`update coupon_sends set state = 'done' where id <> ${id}`);
    expect((await run(50)).sendItemsSent).toBe(50);
    expect(await sendRecord(id)).toMatchObject({ Sent: 50, State: 'running' });
    // A job that died mid-send: its lease runs out and it left the send running.
    await server.query(
      sql`update coupon_sends set state = 'running', lease_until = now() - interval '1 minute' where id = ${id}`,
    );
    const later = new Date(Date.now() + 5 * 60_000);
    const parallel = await Promise.all([run(undefined, later), run(undefined, later)]);
    expect(parallel.reduce((sum, counts) => sum + counts.sendItemsSent, 0)).toBe(70);
    // Re-running a finished send (or running the job again) sends nothing more.
    await server.query(sql`update coupon_sends set state = 'queued', lease_until = null where id = ${id}`);
    expect(await run()).toMatchObject({ sendItemsSent: 0 });
    const copies = await copiesFromSend(id);
    expect(copies).toHaveLength(120);
    expect(copies.every((row) => row.copies === 1)).toBe(true);
    expect(await sendRecord(id)).toMatchObject({ State: 'done', Sent: 120, Failed: 0, Total: 120 });
  });
});

describe('sends that partly fail', () => {
  it('records each failure with its reason: a disabled member, none left', async () => {
    const couponId = await makeCoupon(server, admin, {
      Title: '限量发券',
      ThresholdFen: 0,
      Value: 100,
      TotalQuantity: 1,
    });
    const active = [
      await freshMember(server, MALL_SITE, '正常甲'),
      await freshMember(server, MALL_SITE, '正常乙'),
    ];
    const disabled = await freshMember(server, MALL_SITE, '停用者', { status: 'disabled' });
    const made = await server.call(
      coupons.createCouponSend,
      {
        CouponId: couponId,
        Copies: 1,
        Target: { Kind: 'members', MemberIds: [...active, disabled].map((member) => member.id) },
        RequestKey: requestKey(),
      },
      { token: admin, locale: 'en' },
    );
    expect(await settled(made.body.Id)).toMatchObject({ Total: 3, Sent: 1, Failed: 2, State: 'done' });
    const failures = await server.call(
      coupons.getCouponSendFailures,
      { sendId: made.body.Id },
      { token: admin, locale: 'en' },
    );
    expect(failures.body.Data.map((row) => row.Reason).sort()).toEqual([
      'none of the coupon is left',
      'the member is disabled',
    ]);
  });

  it('refuses a coupon not on offer, an empty target and another shop’s members, naming the field', async () => {
    const [paused] = await server.query<{ id: number }>(
      sql`select id from coupons where title = '会员无门槛5元券'`,
    );
    const notOnOffer = await server.call(
      coupons.createCouponSend,
      { CouponId: paused!.id, Copies: 1, Target: { Kind: 'tag', Tag: 'VIP' }, RequestKey: requestKey() },
      { token: admin },
    );
    expect(fieldOf(notOnOffer)).toBe('CouponId');
    const couponId = await makeCoupon(server, admin, { Title: '空对象券', ThresholdFen: 0, Value: 100 });
    const empty = await server.call(
      coupons.createCouponSend,
      { CouponId: couponId, Copies: 1, Target: { Kind: 'tag', Tag: '没有人' }, RequestKey: requestKey() },
      { token: admin },
    );
    expect(fieldOf(empty)).toBe('Target');
    const [foreign] = await server.query<{ id: number }>(
      sql`select id from members where site_id = 2 limit 1`,
    );
    const other = await server.call(
      coupons.createCouponSend,
      {
        CouponId: couponId,
        Copies: 1,
        Target: { Kind: 'members', MemberIds: [foreign!.id] },
        RequestKey: requestKey(),
      },
      { token: admin },
    );
    expect(fieldOf(other)).toBe('Target.MemberIds');
    const badCopies = await server.call(
      coupons.createCouponSend,
      { CouponId: couponId, Copies: 11, Target: { Kind: 'tag', Tag: 'VIP' }, RequestKey: requestKey() },
      { token: admin },
    );
    expect(fieldOf(badCopies)).toBe('Copies');
    const badKey = await server.call(
      coupons.createCouponSend,
      { CouponId: couponId, Copies: 1, Target: { Kind: 'tag', Tag: 'VIP' }, RequestKey: 'x' },
      { token: admin },
    );
    expect(fieldOf(badKey)).toBe('RequestKey');
    const none = await server.query<{ count: number }>(
      sql`select count(*)::int as count from coupon_sends where coupon_id = ${couponId}`,
    );
    expect(none[0]!.count).toBe(0);
  });
});

describe('sends to a grade and from the member list', () => {
  it('sends to a grade’s members, and the member list’s send to chosen members only', async () => {
    const couponId = await makeCoupon(server, admin, {
      Title: '等级发券',
      ThresholdFen: 0,
      Value: 100,
      TotalQuantity: null,
    });
    const [grade] = await server.query<{ id: number; members: number }>(
      sql`select g.id, count(m.id)::int as members from member_grades g join members m on m.grade_id = g.id
           where g.site_id = ${MALL_SITE} group by g.id order by count(m.id) desc limit 1`,
    );
    const byGrade = await server.call(
      coupons.createCouponSend,
      {
        CouponId: couponId,
        Copies: 1,
        Target: { Kind: 'grade', GradeId: grade!.id },
        RequestKey: requestKey(),
      },
      { token: admin },
    );
    expect((await sendRecord(byGrade.body.Id)).Total).toBe(grade!.members);
    const chosen = await freshMember(server, MALL_SITE, '列表选中');
    const fromList = await server.call(
      coupons.sendCouponToMembers,
      { CouponId: couponId, Copies: 1, MemberIds: [chosen.id], RequestKey: requestKey() },
      { token: sub },
    );
    expect(fromList.body.Errmsg).toBe('');
    await settled(byGrade.body.Id);
    await settled(fromList.body.Id);
    expect(await copiesFromSend(fromList.body.Id)).toEqual([{ member_id: chosen.id, copies: 1 }]);
    const subAny = await server.call(
      coupons.createCouponSend,
      { CouponId: couponId, Copies: 1, Target: { Kind: 'tag', Tag: 'VIP' }, RequestKey: requestKey() },
      { token: sub },
    );
    expect(subAny.status).toBe(403);
    expect((await server.call(coupons.getCouponSendList, {}, { token: sub })).status).toBe(403);
  });
});

async function mobilesWorkbook(rows: (string | number)[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('手机号');
  sheet.addRow(['手机号']);
  for (const row of rows) sheet.addRow([row]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function checkFile(bytes: Buffer, token = admin) {
  const body = multipartBody({ contentType: 'application/octet-stream', filename: 'mobiles.xlsx', bytes });
  const raw = await server.app.inject({
    method: 'POST',
    url: `${API_BASE}${coupons.checkSendMobiles.path}`,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en', ...body.headers },
    payload: body.payload,
  });
  return { status: raw.statusCode, body: raw.json() };
}

describe('a send to uploaded mobiles', () => {
  it('checks the file row by row before sending, then sends to the good rows', async () => {
    const known = await freshMember(server, MALL_SITE, '表格会员', { mobile: '13512340001' });
    await freshMember(server, MALL_SITE, '表格停用', { mobile: '13512340002', status: 'disabled' });
    const checked = await checkFile(
      await mobilesWorkbook([
        '13512340001',
        '135-1234-0001',
        '12345',
        '13512349999',
        '13512340002',
        13512340001,
      ]),
    );
    expect(checked.body.Errcode).toBe(0);
    expect(
      checked.body.Rows.map((row: { Row: number; Ok: boolean; Message: string }) => [
        row.Row,
        row.Ok,
        row.Message,
      ]),
    ).toEqual([
      [2, true, ''],
      [3, false, 'repeats row 2'],
      [4, false, 'not a mobile number (11 digits starting with 1)'],
      [5, false, 'no member of this shop has this mobile'],
      [6, false, 'the member is disabled'],
      [7, false, 'repeats row 2'],
    ]);
    expect(checked.body).toMatchObject({ Valid: 1, Invalid: 5 });

    const couponId = await makeCoupon(server, admin, { Title: '表格发券', ThresholdFen: 0, Value: 100 });
    const made = await server.call(
      coupons.createCouponSend,
      {
        CouponId: couponId,
        Copies: 1,
        Target: { Kind: 'mobiles', Mobiles: ['13512340001', '13512349999'], FileName: 'mobiles.xlsx' },
        RequestKey: requestKey(),
      },
      { token: admin },
    );
    expect(await settled(made.body.Id)).toMatchObject({
      Total: 2,
      Sent: 1,
      Failed: 1,
      TargetLabel: 'mobiles.xlsx',
    });
    expect(await copiesFromSend(made.body.Id)).toEqual([{ member_id: known.id, copies: 1 }]);
    const bad = await server.call(
      coupons.createCouponSend,
      {
        CouponId: couponId,
        Copies: 1,
        Target: { Kind: 'mobiles', Mobiles: ['12'] },
        RequestKey: requestKey(),
      },
      { token: admin },
    );
    expect(fieldOf(bad)).toBe('Target.Mobiles.0');
  });

  it(`reads ${coupons.MAX_SEND_MOBILES} rows and refuses one more, naming the file`, async () => {
    const rows = Array.from(
      { length: coupons.MAX_SEND_MOBILES },
      (_, index) => `1390000${String(index).padStart(4, '0')}`,
    );
    const atLimit = await checkFile(await mobilesWorkbook(rows));
    expect(atLimit.body).toMatchObject({ Errcode: 0 });
    expect(atLimit.body.Rows).toHaveLength(coupons.MAX_SEND_MOBILES);
    const over = await checkFile(await mobilesWorkbook([...rows, '13911112222']));
    expect(over.body.Errors).toEqual([
      { Field: 'file', Message: expect.stringContaining(String(coupons.MAX_SEND_MOBILES)) },
    ]);
    expect((await checkFile(Buffer.from('not a workbook'))).body.Errors[0].Field).toBe('file');
  });

  it('offers the template as a workbook', async () => {
    const raw = await server.app.inject({
      method: 'GET',
      url: `${API_BASE}${coupons.getSendMobilesTemplate.path}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(raw.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(raw.rawPayload as never);
    expect(book.worksheets[0]!.getRow(1).getCell(1).value).toBe('Mobile');
  });
});

describe('rules that send on events', () => {
  const runRules = (now = new Date()) => runCouponRules(server.database.db, now);

  async function rule(
    Event: coupons.RuleEvent,
    couponId: number,
    change: Partial<coupons.CouponRuleForm> = {},
  ) {
    const saved = await server.call(
      coupons.saveCouponRule,
      { Event, CouponId: couponId, Copies: 1, GradeIds: [], MinRechargeFen: 0, Enabled: true, ...change },
      { token: admin },
    );
    expect(saved.body.Errmsg).toBe('');
    return saved.body.Id;
  }

  async function granted(couponId: number, memberId: number) {
    const [row] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from member_coupons where coupon_id = ${couponId} and member_id = ${memberId} and source = 'rule'`,
    );
    return row!.count;
  }

  it('answer each event once: new member, first paid order, birthday, grade upgrade, recharge', async () => {
    const couponId = await makeCoupon(server, admin, {
      Title: '规则发券',
      ThresholdFen: 0,
      Value: 100,
      TotalQuantity: null,
    });
    for (const event of ['newMember', 'firstOrder', 'birthday', 'recharge'] as const)
      await rule(event, couponId, event === 'recharge' ? { MinRechargeFen: 10_000 } : {});
    const [top] = await server.query<{ id: number }>(
      sql`select id from member_grades where site_id = ${MALL_SITE} order by level desc limit 1`,
    );
    await rule('gradeUpgrade', couponId, { GradeIds: [top!.id] });

    const newcomer = await freshMember(server, MALL_SITE, '新来的');
    const birthday = await freshMember(server, MALL_SITE, '寿星');
    await server.query(
      sql`update members set birthday = ${`1990-${shopDate(new Date()).slice(5)}`} where id = ${birthday.id}`,
    );
    const upgraded = await freshMember(server, MALL_SITE, '升级者');
    await server.query(
      sql`insert into member_grade_changes (site_id, member_id, to_grade_id, cause, growth)
          values (${MALL_SITE}, ${upgraded.id}, ${top!.id}, 'growth', 1000)`,
    );
    const sku = await prepareSku(server, MALL_SITE, 100, { skip: 5 });
    const buyerId = `rule-buyer-${Date.now()}`;
    const placed = await storefront(server, key, storefrontApi.createOrder, {
      Buyer: { Id: buyerId, Name: '首单', Phone: '13911110000' },
      DeliveryType: 'express',
      Address: ADDRESS,
      Lines: [{ SkuId: sku.skuId, Quantity: 1 }],
    });
    await storefront(server, key, storefrontApi.payOrder, {
      OrderNo: placed.body.Order.OrderNo,
      BuyerId: buyerId,
      PaymentMethod: 'wechat',
      AmountFen: placed.body.Order.TotalFen,
    });
    const recharge = await storefront(server, key, storefrontApi.createRechargeOrder, {
      Kind: 'storedValue',
      Buyer: { Id: `recharger-${Date.now()}`, Name: '充值者', Phone: '13911110001' },
      AmountFen: 10_000,
    });
    const rechargeBuyer = recharge.body.Order
      ? (recharge.body as { Order: { OrderNo: string } }).Order.OrderNo
      : '';
    await storefront(server, key, storefrontApi.payRechargeOrder, {
      OrderNo: rechargeBuyer,
      BuyerId: (
        await server.query<{ buyer_id: string }>(
          sql`select buyer_id from recharge_orders where order_no = ${rechargeBuyer}`,
        )
      )[0]!.buyer_id,
      PaymentMethod: 'wechat',
      AmountFen: 10_000,
    });
    const [firstOrderMember] = await server.query<{ id: number }>(
      sql`select id from members where open_id = ${buyerId}`,
    );
    const [rechargeMember] = await server.query<{ id: number }>(
      sql`select m.id from members m join recharge_orders r on r.buyer_id = m.open_id and r.site_id = m.site_id
           where r.order_no = ${rechargeBuyer}`,
    );

    await runRules();
    for (const member of [newcomer.id, birthday.id, upgraded.id, firstOrderMember!.id, rechargeMember!.id])
      expect(await granted(couponId, member)).toBeGreaterThanOrEqual(1);
    const before = await server.query<{ count: number }>(
      sql`select count(*)::int as count from member_coupons where coupon_id = ${couponId}`,
    );
    const again = await runRules();
    expect(again.ruleSent).toBe(0);
    const after = await server.query<{ count: number }>(
      sql`select count(*)::int as count from member_coupons where coupon_id = ${couponId}`,
    );
    expect(after[0]!.count).toBe(before[0]!.count);
    // The first order's buyer registered with that order, so the new-member rule answered too: one
    // copy from each rule, and none more from running the rules again.
    expect(await granted(couponId, firstOrderMember!.id)).toBe(2);
    const list = await server.call(coupons.getCouponRuleList, { pageSize: 100 }, { token: admin });
    const mine = list.body.Data.filter((row) => row.CouponId === couponId);
    expect(mine).toHaveLength(5);
    expect(mine.every((row) => row.Granted >= 1 && row.Failed === 0)).toBe(true);
  });

  it('records why a rule could not send, and answers events from its switch-on only', async () => {
    const couponId = await makeCoupon(server, admin, {
      Title: '规则限量券',
      ThresholdFen: 0,
      Value: 100,
      TotalQuantity: 1,
    });
    const id = await rule('newMember', couponId);
    await freshMember(server, MALL_SITE, '先到');
    await freshMember(server, MALL_SITE, '后到');
    const counts = async () => {
      const list = await server.call(
        coupons.getCouponRuleList,
        { pageSize: 100 },
        { token: admin, locale: 'en' },
      );
      return list.body.Data.find((row) => row.Id === id)!;
    };
    await runRules();
    expect(await counts()).toMatchObject({
      Granted: 1,
      Failed: 1,
      LastFailure: 'none of the coupon is left',
    });
    const off = await server.call(
      coupons.setCouponRuleEnabled,
      { Ids: [id], Enabled: false },
      { token: admin },
    );
    expect(off.body.Changed).toEqual([id]);
    await freshMember(server, MALL_SITE, '关闭期间');
    await runRules();
    await server.query(sql`update coupons set total_quantity = 10 where id = ${couponId}`);
    await server.call(coupons.setCouponRuleEnabled, { Ids: [id], Enabled: true }, { token: admin });
    await runRules();
    // The member who came while it was off earns nothing, then or once it is back on.
    expect(await counts()).toMatchObject({ Granted: 1, Failed: 1 });
    expect((await server.call(coupons.deleteCouponRule, { Id: id }, { token: admin })).body.Errmsg).toBe('');
    const gone = await server.call(coupons.getCouponRuleList, { pageSize: 100 }, { token: admin });
    expect(gone.body.Data.some((row) => row.Id === id)).toBe(false);
  });

  it.each<[string, Partial<coupons.CouponRuleForm>, string]>([
    ['grades on a non-upgrade event', { Event: 'newMember', GradeIds: [1] }, 'GradeIds'],
    ['a recharge rule without its minimum', { Event: 'recharge', MinRechargeFen: 0 }, 'MinRechargeFen'],
    ['eleven copies', { Copies: 11 }, 'Copies'],
    ['an unknown event', { Event: 'wedding' as never }, 'Event'],
  ])('refuses %s, naming the field', async (_, change, field) => {
    const response = await server.call(
      coupons.saveCouponRule,
      {
        Event: 'newMember',
        CouponId: 1,
        Copies: 1,
        GradeIds: [],
        MinRechargeFen: 0,
        Enabled: true,
        ...change,
      },
      { token: admin },
    );
    expect(fieldOf(response)).toBe(field);
  });

  it('refuses an offline or ended coupon and a stale save', async () => {
    const [offline] = await server.query<{ id: number }>(
      sql`select id from coupons where channel = 'offline' and site_id = ${MALL_SITE}`,
    );
    const refused = await server.call(
      coupons.saveCouponRule,
      {
        Event: 'newMember',
        CouponId: offline!.id,
        Copies: 1,
        GradeIds: [],
        MinRechargeFen: 0,
        Enabled: true,
      },
      { token: admin },
    );
    expect(fieldOf(refused)).toBe('CouponId');
    const couponId = await makeCoupon(server, admin, { Title: '规则版本券', ThresholdFen: 0, Value: 100 });
    const id = await rule('birthday', couponId, { Enabled: false });
    const form = {
      Id: id,
      Version: 1,
      Event: 'birthday' as const,
      CouponId: couponId,
      Copies: 2,
      GradeIds: [],
      MinRechargeFen: 0,
      Enabled: false,
    };
    expect((await server.call(coupons.saveCouponRule, form, { token: admin })).body.Errmsg).toBe('');
    const stale = await server.call(coupons.saveCouponRule, form, { token: admin });
    expect(stale.body).toMatchObject({ Errcode: -1, StaleVersion: true });
  });

  it('is the marketing screens’ only: the sub-account is refused', async () => {
    expect((await server.call(coupons.getCouponRuleList, {}, { token: sub })).status).toBe(403);
  });
});
