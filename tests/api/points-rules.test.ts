import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract/endpoint';
import { checkIn } from '../../contract/endpoints/member-grades';
import { signIn } from '../../contract/endpoints/members';
import { bindOrderState } from '../../contract/endpoints/orders';
import * as points from '../../contract/endpoints/points';
import { getPointsAccount } from '../../contract/endpoints/points-exchange';
import * as storefrontApi from '../../contract/endpoints/storefront';
import { expiredEarningCutoff, nextExpiry, shopYear } from '../../contract/points';
import { shopDayStart } from '../../contract/shop-time';
import { closeUnpaidOrders } from '../../server/areas/order/sweeps';
import { expirePoints } from '../../server/areas/points/expiry';
import { startTestServer, type TestServer } from './harness';
import {
  ADDRESS,
  expectError,
  MALL_SITE,
  orderId,
  orderRow,
  prepareSku,
  SECOND_SITE,
  setMallParameters,
  storefront,
  storefrontKey,
  type TestSku,
} from './order-helpers';
import { fieldOf, givePoints, pointsLedger, pointsOf, setPointsRules } from './points-helpers';

let server: TestServer;
let admin: string;
let key: string;
let sku: TestSku;

const RULES = {
  DeductionEnabled: true,
  DeductPointsPerYuan: 100,
  MaxDeductPercent: 50,
  MinOrderFen: 1_000,
  Expiry: 'never' as const,
  SignInPoints: 7,
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  key = await storefrontKey(server, admin);
  await setMallParameters(server, admin, {});
  await setPointsRules(server, admin, RULES);
  sku = await prepareSku(server, MALL_SITE, 500, { skip: 2 });
});
afterAll(() => server.close());

const buyer = (id: string) => ({ Id: id, Name: '积分买家', Phone: '13800000099' });

function order(buyerId: string, Points: number, quantity = 1, extra: Record<string, unknown> = {}) {
  return storefront(server, key, storefrontApi.createOrder, {
    Buyer: buyer(buyerId),
    DeliveryType: 'express',
    Address: ADDRESS,
    Lines: [{ SkuId: sku.skuId, Quantity: quantity }],
    Points,
    ...extra,
  });
}

describe('points settings', () => {
  it('reads the rules with the order settings’ earning rules beside them', async () => {
    const response = await server.call(points.getPointsSetting, {}, { token: admin });
    expect(response.body).toMatchObject({
      ...RULES,
      Earning: { PointsPerYuan: 1, PointsGrant: 'completion' },
    });
    expect(response.body.Version).toBeGreaterThan(0);
  });

  it('saves with the version read, audits the change and refuses a stale save for a reload', async () => {
    const read = await server.call(points.getPointsSetting, {}, { token: admin });
    const saved = await server.call(
      points.setPointsSetting,
      { ...RULES, SignInPoints: 9, Version: read.body.Version },
      { token: admin },
    );
    expect(saved.body).toMatchObject({ Errcode: 0, Version: read.body.Version + 1 });
    const stale = await server.call(
      points.setPointsSetting,
      { ...RULES, Version: read.body.Version },
      { token: admin },
    );
    expect(stale.body).toMatchObject({
      Errcode: -1,
      StaleVersion: true,
      CurrentVersion: read.body.Version + 1,
    });
    const [audit] = await server.query<{
      summary: { before: { SignInPoints: number }; after: { SignInPoints: number } };
    }>(
      sql`select summary from audit_log where action = 'points.setting' and site_id = ${MALL_SITE} order by id desc limit 1`,
    );
    expect([audit!.summary.before.SignInPoints, audit!.summary.after.SignInPoints]).toEqual([7, 9]);
    await setPointsRules(server, admin, RULES);
  });

  it.each([
    ['MaxDeductPercent', { MaxDeductPercent: 101 }],
    ['MaxDeductPercent', { MaxDeductPercent: 0 }],
    ['DeductPointsPerYuan', { DeductPointsPerYuan: 0 }],
    ['DeductPointsPerYuan', { DeductPointsPerYuan: 10_001 }],
    ['MinOrderFen', { MinOrderFen: -1 }],
    ['Expiry', { Expiry: 'monthly' }],
    ['SignInPoints', { SignInPoints: 1.5 }],
  ])('refuses a bad %s, naming it', async (field, change) => {
    const response = await server.call(
      points.setPointsSetting,
      { ...RULES, ...change, Version: 1 },
      { token: admin },
    );
    expect(response.body.Errcode).toBe(-1);
    expect(fieldOf(response)).toBe(field);
    expect(response.body.Errmsg).toContain(field);
  });

  it('keeps each shop’s rules apart and refuses accounts without the menu', async () => {
    const site2 = await server.login('site2');
    const theirs = await server.call(points.getPointsSetting, {}, { token: site2 });
    expect(theirs.body.DeductionEnabled).toBe(false);
    const sub = await server.login('sub', { siteId: MALL_SITE });
    const refused = await server.call(points.getPointsSetting, {}, { token: sub });
    expect([refused.status, refused.body.Errcode]).toEqual([403, -1]);
    const store = await server.login('store');
    expect(
      (await server.call(points.setPointsSetting, { ...RULES, Version: 1 }, { token: store })).status,
    ).toBe(403);
  });
});

describe('sign-in points', () => {
  it('gives the day’s first check-in the rule’s points, once', async () => {
    await storefront(server, key, signIn, { OpenId: 'pts-check-in' });
    const first = await storefront(server, key, checkIn, { OpenId: 'pts-check-in' });
    const again = await storefront(server, key, checkIn, { OpenId: 'pts-check-in' });
    expect([first.body.Points, again.body.Points]).toEqual([7, 0]);
    expect(await pointsLedger(server, 'pts-check-in')).toEqual([
      { delta: 7, after: 7, reason: 'sign_in', order_no: '' },
    ]);
  });
});

describe('paying an order with points', () => {
  it('takes the points asked for, with a ledger row naming the order, and stores the breakdown', async () => {
    await givePoints(server, 'pts-pay', 1_000);
    const response = await order('pts-pay', 300);
    expect(response.body.Errmsg).toBe('');
    const placed = response.body.Order;
    expect(placed).toMatchObject({ PointsUsed: 300, PointsFen: 300 });
    expect(placed.DiscountFen).toBeGreaterThanOrEqual(300);
    expect(placed.TotalFen).toBe(placed.GoodsFen + placed.FreightFen - placed.DiscountFen);
    expect(await pointsOf(server, 'pts-pay')).toBe(700);
    expect((await pointsLedger(server, 'pts-pay')).at(-1)).toEqual({
      delta: -300,
      after: 700,
      reason: 'points_deduction',
      order_no: placed.OrderNo,
    });
    const [row] = await server.query<{
      breakdown: { pointsUsed: number; pointsFen: number; totalFen: number };
    }>(sql`select breakdown from orders where order_no = ${placed.OrderNo}`);
    expect(row!.breakdown).toMatchObject({
      pointsUsed: 300,
      pointsFen: 300,
      totalFen: placed.TotalFen,
    });
  });

  it('takes at most the rule’s share of the goods, however many the buyer offers', async () => {
    await givePoints(server, 'pts-cap', 1_000_000);
    const placed = (await order('pts-cap', 1_000_000)).body.Order;
    const goodsAfterDiscounts = placed.GoodsFen - (placed.DiscountFen - placed.PointsFen);
    expect(placed.PointsUsed).toBe(Math.floor(goodsAfterDiscounts / 2));
    expect(await pointsOf(server, 'pts-cap')).toBe(1_000_000 - placed.PointsUsed);
  });

  it('checks the total the buyer was shown, points included', async () => {
    await givePoints(server, 'pts-total', 500);
    const shown = (await order('pts-total', 100)).body.Order;
    const stale = await order('pts-total', 200, 1, { ExpectedTotalFen: shown.TotalFen });
    expect(fieldOf(stale)).toBe('ExpectedTotalFen');
    expect(await pointsOf(server, 'pts-total')).toBe(400);
  });

  it('refuses more points than the buyer holds, naming Points, and takes nothing', async () => {
    await givePoints(server, 'pts-short', 50);
    const response = await order('pts-short', 51);
    expectError(response, 'You hold 50 points; 51 cannot be used');
    expect(fieldOf(response)).toBe('Points');
    expect(await pointsOf(server, 'pts-short')).toBe(50);
  });

  it('refuses points on an order under the minimum, in the buyer’s language', async () => {
    await setPointsRules(server, admin, { ...RULES, MinOrderFen: sku.priceFen + 1 });
    await givePoints(server, 'pts-min', 100);
    const response = await order('pts-min', 10);
    expect(fieldOf(response)).toBe('Points');
    expect(response.body.Errmsg).toBe(
      `Points pay only for orders of at least ¥${((sku.priceFen + 1) / 100).toFixed(2)}`,
    );
    const zh = await storefront(
      server,
      key,
      storefrontApi.createOrder,
      {
        Buyer: buyer('pts-min'),
        DeliveryType: 'express',
        Address: ADDRESS,
        Lines: [{ SkuId: sku.skuId, Quantity: 1 }],
        Points: 10,
      },
      'zh',
    );
    expect(zh.body.Errmsg).toMatch(/^订单满 ¥/);
    // One unit more reaches the minimum.
    expect((await order('pts-min', 10, 2)).body.Order.PointsUsed).toBe(10);
    await setPointsRules(server, admin, RULES);
  });

  it('refuses points where the shop takes none, and orders without points are untouched', async () => {
    await setPointsRules(server, admin, { ...RULES, DeductionEnabled: false });
    await givePoints(server, 'pts-off', 100);
    expectError(await order('pts-off', 10), 'This shop does not take points as payment');
    const plain = await order('pts-off', 0);
    expect(plain.body.Order).toMatchObject({ PointsUsed: 0, PointsFen: 0 });
    expect(await pointsOf(server, 'pts-off')).toBe(100);
    await setPointsRules(server, admin, RULES);
  });

  it('rounds at the shop’s rate in the buyer’s favour: 150 points a yuan', async () => {
    await setPointsRules(server, admin, { ...RULES, DeductPointsPerYuan: 150 });
    await givePoints(server, 'pts-rate', 151);
    const placed = (await order('pts-rate', 151)).body.Order;
    expect([placed.PointsUsed, placed.PointsFen]).toEqual([150, 100]);
    expect(await pointsOf(server, 'pts-rate')).toBe(1);
    await setPointsRules(server, admin, RULES);
  });

  it('refuses a bad Points value, naming it', async () => {
    for (const Points of [-1, 1.5, 'many']) {
      const response = await order('pts-bad', Points as number);
      expect(fieldOf(response)).toBe('Points');
    }
  });
});

describe('points given back', () => {
  it('gives every point back when the buyer cancels the unpaid order', async () => {
    await givePoints(server, 'pts-cancel', 600);
    const placed = (await order('pts-cancel', 400)).body.Order;
    const cancelled = await storefront(server, key, storefrontApi.cancelOrder, {
      OrderNo: placed.OrderNo,
      BuyerId: 'pts-cancel',
      Reason: '不要了',
    });
    expect(cancelled.body.Order.State).toBe('closed');
    expect(await pointsOf(server, 'pts-cancel')).toBe(600);
    expect(
      (await pointsLedger(server, 'pts-cancel')).slice(-2).map((row) => [row.delta, row.reason]),
    ).toEqual([
      [-400, 'points_deduction'],
      [400, 'points_deduction_return'],
    ]);
  });

  it('gives the points back when the unpaid-close sweep closes the order, once', async () => {
    await givePoints(server, 'pts-sweep', 300);
    const placed = (await order('pts-sweep', 250)).body.Order;
    const later = new Date(Date.parse(placed.PayDueAt!) + 1_000);
    await closeUnpaidOrders(server.database.db, later);
    await closeUnpaidOrders(server.database.db, later);
    expect((await orderRow(server, await orderId(server, placed.OrderNo))).state).toBe('closed');
    expect(await pointsOf(server, 'pts-sweep')).toBe(300);
    const returns = (await pointsLedger(server, 'pts-sweep')).filter(
      (row) => row.reason === 'points_deduction_return',
    );
    expect(returns).toEqual([
      { delta: 250, after: 300, reason: 'points_deduction_return', order_no: placed.OrderNo },
    ]);
  });

  it('gives points back in proportion to each refund, all of them by the full refund', async () => {
    await givePoints(server, 'pts-refund', 1_000);
    const placed = (await order('pts-refund', 333, 2)).body.Order;
    const paid = await storefront(server, key, storefrontApi.payOrder, {
      OrderNo: placed.OrderNo,
      BuyerId: 'pts-refund',
      PaymentMethod: 'wechat',
      AmountFen: placed.TotalFen,
    });
    expect(paid.body.Order.State).toBe('toShip');
    const id = await orderId(server, placed.OrderNo);
    const refund = async (amountFen: number) => {
      const asked = await storefront(server, key, storefrontApi.applyRefund, {
        OrderNo: placed.OrderNo,
        BuyerId: 'pts-refund',
        AmountFen: amountFen,
        Reason: '退一部分',
      });
      expect(asked.body.Errmsg).toBe('');
      for (const input of [{ Action: 'approveRefund', AmountFen: amountFen }, { Action: 'markRefunded' }]) {
        const { version } = await orderRow(server, id);
        const response = await server.call(
          bindOrderState,
          { Id: id, Version: version, ...input },
          { token: admin },
        );
        expect(response.body.Errmsg).toBe('');
      }
    };
    const third = Math.floor(placed.TotalFen / 3);
    await refund(third);
    expect(await pointsOf(server, 'pts-refund')).toBe(667 + Math.floor((333 * third) / placed.TotalFen));
    await refund(placed.TotalFen - third);
    expect(await pointsOf(server, 'pts-refund')).toBe(1_000);
    const returned = (await pointsLedger(server, 'pts-refund'))
      .filter((row) => row.reason === 'points_deduction_return')
      .reduce((sum, row) => sum + row.delta, 0);
    expect(returned).toBe(333);
  });
});

describe('parallel orders spending the same points', () => {
  it('never spends more than the buyer holds: 10 orders of 300 from 1,000 make 3', async () => {
    await givePoints(server, 'pts-race', 1_000);
    const responses = await Promise.all(Array.from({ length: 10 }, () => order('pts-race', 300)));
    expect(responses.every((response) => response.status === 200)).toBe(true);
    const won = responses.filter((response) => response.body.Errcode === 0);
    expect(won).toHaveLength(3);
    for (const lost of responses.filter((response) => response.body.Errcode !== 0)) {
      expect(lost.body.Errmsg).toMatch(/^You hold 100 points|^You hold (400|700) points/);
      expect(fieldOf(lost)).toBe('Points');
    }
    expect(await pointsOf(server, 'pts-race')).toBe(100);
    const ledger = await pointsLedger(server, 'pts-race');
    expect(ledger.map((row) => row.after)).toEqual([1_000, 700, 400, 100]);
  });
});

describe('the points inquiry', () => {
  it('finds a member by mobile with their balance and what they earned and used', async () => {
    await storefront(server, key, signIn, {
      OpenId: 'pts-inquiry',
      Mobile: '13912345678',
      Nickname: '查询会员',
    });
    await givePoints(server, 'pts-inquiry', 900);
    const placed = (await order('pts-inquiry', 200)).body.Order;
    const list = await server.call(points.getPointsMemberList, { keyword: '13912345678' }, { token: admin });
    expect(list.body.Data).toEqual([
      expect.objectContaining({
        Nickname: '查询会员',
        Points: 700,
        Issued: 900,
        Used: 200,
        Expired: 0,
        Expiring: 0,
      }),
    ]);
    expect(list.body.Totals).toEqual({ Points: 700, Expiring: 0 });
    const ledger = await server.call(points.getPointsLedger, { keyword: placed.OrderNo }, { token: admin });
    expect(ledger.body.Data).toEqual([
      expect.objectContaining({
        Nickname: '查询会员',
        Flow: 'used',
        Delta: -200,
        Reason: 'points_deduction',
        OrderNo: placed.OrderNo,
      }),
    ]);
    const member = list.body.Data[0]!;
    const details = await server.call(points.getPointsMemberInfo, { id: member.Id }, { token: admin });
    expect(details.body).toMatchObject({
      Points: 700,
      Issued: 900,
      Used: 200,
      Expiry: 'never',
      ExpiringAt: null,
    });
    const own = await server.call(
      points.getPointsLedger,
      { memberId: member.Id, flow: 'issued' },
      { token: admin },
    );
    expect(own.body.Data.map((row) => row.Delta)).toEqual([900]);
    expect(own.body.Counts).toEqual({ all: 2, issued: 1, used: 1, returned: 0, expired: 0 });
  });

  it('filters and sorts members by points', async () => {
    const rich = await server.call(
      points.getPointsMemberList,
      { pointsMin: 100_000, sort: '-points' },
      { token: admin },
    );
    const values = rich.body.Data.map((row) => row.Points);
    expect(values.length).toBeGreaterThan(0);
    expect(values.every((value) => value >= 100_000)).toBe(true);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    const reversed = await server.call(
      points.getPointsMemberList,
      { pointsMin: 10, pointsMax: 5 },
      { token: admin },
    );
    expect(fieldOf(reversed)).toBe('pointsMin');
  });

  it('sums what was issued, used and expired per month, this month last', async () => {
    const totals = await server.call(points.getPointsMonthlyTotals, {}, { token: admin });
    expect(totals.body.Data).toHaveLength(12);
    const thisMonth = totals.body.Data.at(-1)!;
    const [ledger] = await server.query<{ issued: number; used: number }>(
      sql`select coalesce(sum(delta) filter (where delta > 0 and reason not in ('points_deduction_return', 'points_exchange_return')), 0)::int as issued,
                 coalesce(-sum(delta) filter (where reason <> 'points_expiry' and (delta < 0 or reason in ('points_deduction_return', 'points_exchange_return'))), 0)::int as used
            from wallet_ledger where site_id = ${MALL_SITE} and currency = 'points'
             and created_at >= date_trunc('month', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'`,
    );
    expect(thisMonth).toMatchObject({ Issued: ledger!.issued, Used: ledger!.used });
    const one = await server.call(
      points.getPointsMonthlyTotals,
      { from: thisMonth.Month, to: thisMonth.Month },
      { token: admin },
    );
    expect(one.body.Data).toEqual([thisMonth]);
    expect(
      fieldOf(await server.call(points.getPointsMonthlyTotals, { from: '2026-13' }, { token: admin })),
    ).toBe('from');
    expect(
      fieldOf(
        await server.call(
          points.getPointsMonthlyTotals,
          { from: '2026-05', to: '2026-04' },
          { token: admin },
        ),
      ),
    ).toBe('from');
    const tooLong = await server.call(
      points.getPointsMonthlyTotals,
      { from: '2020-01', to: '2026-01' },
      { token: admin },
    );
    expect(tooLong.body.Errmsg).toBe('At most 36 months at once');
  });

  it('exports members and the ledger as spreadsheets', async () => {
    for (const [endpoint, input, text] of [
      [points.exportPointsMemberList, { keyword: '13912345678' }, '查询会员'],
      [points.exportPointsLedger, { keyword: '查询会员' }, 'Points paid for an order'],
    ] as const) {
      const response = await server.app.inject({
        method: 'GET',
        url: `${API_BASE}${endpoint.path}`,
        query: input,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(response.headers['content-type']).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const cells = book.worksheets[0]!.getSheetValues().flat().map(String);
      expect(cells).toContain(text);
    }
  });

  it('shows another shop’s members to no one: not found, and not in lists', async () => {
    const [theirs] = await server.query<{ id: number }>(
      sql`select id from members where site_id = ${SECOND_SITE} order by id limit 1`,
    );
    const details = await server.call(points.getPointsMemberInfo, { id: theirs!.id }, { token: admin });
    expect([details.body.Errcode, details.body.Errmsg]).toEqual([
      -1,
      `There is no member ${theirs!.id} in this shop`,
    ]);
    const ledger = await server.call(points.getPointsLedger, { memberId: theirs!.id }, { token: admin });
    expect(ledger.body.Total).toBe(0);
    const monthly = await server.call(
      points.getPointsMonthlyTotals,
      { memberId: theirs!.id },
      { token: admin },
    );
    expect(monthly.body.Data.every((month) => month.Issued === 0 && month.Used === 0)).toBe(true);
  });
});

describe('points expiry', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const now = new Date();
  const lastYear = shopYear(now) - 1;

  it('takes, at the end of the year after, what the old earnings have left: once, however often it runs', async () => {
    await setPointsRules(server, admin, { ...RULES, Expiry: 'yearEnd' });
    const cutoff = expiredEarningCutoff(now);
    await givePoints(server, 'pts-expire', 1_000, { at: new Date(cutoff.getTime() - 30 * DAY) });
    await givePoints(server, 'pts-expire', 500, { at: new Date(cutoff.getTime() + DAY) });
    // Spending takes the oldest points first: 300 of the 1,000 are gone before the expiry.
    await storefront(server, key, storefrontApi.createOrder, {
      Buyer: buyer('pts-expire'),
      DeliveryType: 'express',
      Address: ADDRESS,
      Lines: [{ SkuId: sku.skuId, Quantity: 10 }],
      Points: 300,
    });
    await server.query(sql`update points_settings set expired_through = null where site_id = ${MALL_SITE}`);
    await Promise.all([expirePoints(server.database.db, now), expirePoints(server.database.db, now)]);
    await expirePoints(server.database.db, now);
    await server.query(sql`update points_settings set expired_through = null where site_id = ${MALL_SITE}`);
    await expirePoints(server.database.db, now);
    const expiries = (await pointsLedger(server, 'pts-expire')).filter(
      (row) => row.reason === 'points_expiry',
    );
    expect(expiries).toEqual([{ delta: -700, after: 500, reason: 'points_expiry', order_no: '' }]);
    expect(await pointsOf(server, 'pts-expire')).toBe(500);
    const [marker] = await server.query<{ expired_through: Date }>(
      sql`select expired_through from points_settings where site_id = ${MALL_SITE}`,
    );
    expect(new Date(marker!.expired_through).toISOString()).toBe(cutoff.toISOString());
  });

  it('tells the buyer and the inquiry what goes at the next expiry', async () => {
    await storefront(server, key, signIn, { OpenId: 'pts-soon', Mobile: '13700000777' });
    await givePoints(server, 'pts-soon', 800, { at: shopDayStart(`${lastYear}-06-15`) });
    await givePoints(server, 'pts-soon', 200, { at: new Date(now.getTime() - DAY) });
    const account = await storefront(server, key, getPointsAccount, { buyerId: 'pts-soon' });
    expect(account.body).toMatchObject({
      Points: 1_000,
      Expiring: { Points: 800, At: nextExpiry(now).at.toISOString() },
      Rules: { ...RULES, Expiry: 'yearEnd' },
    });
    const list = await server.call(points.getPointsMemberList, { keyword: '13700000777' }, { token: admin });
    expect(list.body.Data).toEqual([expect.objectContaining({ Points: 1_000, Expiring: 800 })]);
    expect(list.body.Totals).toEqual({ Points: 1_000, Expiring: 800 });
    expect(list.body.ExpiringAt).toBe(nextExpiry(now).at.toISOString());
  });

  it('takes nothing under the never rule', async () => {
    await setPointsRules(server, admin, { ...RULES, Expiry: 'never' });
    await givePoints(server, 'pts-never', 400, { at: new Date(expiredEarningCutoff(now).getTime() - DAY) });
    await expirePoints(server.database.db, now);
    expect(await pointsOf(server, 'pts-never')).toBe(400);
    const account = await storefront(server, key, getPointsAccount, { buyerId: 'pts-never' });
    expect(account.body.Expiring).toBeNull();
  });
});
