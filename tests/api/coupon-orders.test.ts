import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockDefinition } from '../../components-catalog/registry';
import * as coupons from '../../contract/endpoints/coupons';
import * as library from '../../contract/endpoints/module-library';
import { bindOrderState, getOrderInfo } from '../../contract/endpoints/orders';
import * as storefrontApi from '../../contract/endpoints/storefront';
import * as mine from '../../contract/endpoints/storefront-coupons';
import { LinkType } from '../../contract/link-value';
import { addDays, DAY_MS } from '../../contract/shop-time';
import { parseTemplate, serializeTemplate } from '../../contract/template/codec';
import { insertBlock, type Outcome, setProp } from '../../contract/template/operations';
import type { TemplateDocument } from '../../contract/template-document';
import { marketingSweep } from '../../server/areas/marketing/sweeps';
import { copyStates, fieldOf, freshMember, makeCoupon, today } from './coupon-helpers';
import { startTestServer, type TestServer } from './harness';
import {
  ADDRESS,
  MALL_SITE,
  orderId,
  prepareSku,
  SECOND_SITE,
  setMallParameters,
  storefront,
  storefrontKey,
  type TestSku,
} from './order-helpers';

/**
 * The buyer's coupons: what is on offer to whom, claims within their limits, the buyer's copies, the
 * best copy for a cart, and an order taking, using and giving back a copy; the sweeps; the publish
 * check of links to ended coupons.
 */

let server: TestServer;
let admin: string;
let key: string;
let key2: string;
let sku: TestSku;

beforeAll(async () => {
  server = await startTestServer({ env: { SWEEP_INTERVAL_SECONDS: '0' } });
  admin = await server.login('admin');
  key = await storefrontKey(server, admin);
  key2 = await storefrontKey(server, await server.login('site2'));
  sku = await prepareSku(server, MALL_SITE, 1_000, { skip: 3 });
  await server.query(sql`update skus set price_fen = 10000 where id = ${sku.skuId}`);
  sku = { ...sku, priceFen: 10_000 };
});
afterAll(() => server.close());

const claim = (buyerId: string, couponId: number, shopKey = key) =>
  storefront(server, shopKey, mine.claimCoupon, { BuyerId: buyerId, CouponId: couponId });

function buyer(openId: string) {
  return { Id: openId, Name: '券测试买家', Phone: '13911112222' };
}

async function order(openId: string, quantity: number, memberCouponId?: number) {
  return storefront(server, key, storefrontApi.createOrder, {
    Buyer: buyer(openId),
    DeliveryType: 'express',
    Address: ADDRESS,
    Lines: [{ SkuId: sku.skuId, Quantity: quantity }],
    ...(memberCouponId === undefined ? {} : { MemberCouponId: memberCouponId }),
  });
}

async function copyOf(couponId: number, openId: string) {
  const [row] = await server.query<{ id: number; state: string; order_id: number | null }>(
    sql`select mc.id, mc.state, mc.order_id from member_coupons mc join members m on m.id = mc.member_id
         where mc.coupon_id = ${couponId} and m.open_id = ${openId} order by mc.id desc limit 1`,
  );
  return row!;
}

describe('coupons on offer and claims', () => {
  it('lists the online coupons on offer with what blocks this buyer', async () => {
    const member = await freshMember(server, MALL_SITE, '领券人');
    const response = await storefront(server, key, mine.getClaimableCoupons, { buyerId: member.openId });
    expect(response.body.Errcode).toBe(0);
    const titles = response.body.Data.map((row) => row.Title);
    expect(titles).toContain('满199减30');
    expect(titles).not.toContain('会员无门槛5元券');
    expect(titles).not.toContain('门店体验10元券');
    expect(titles).not.toContain('官网预约立减券');
    expect(response.body.Data.find((row) => row.Title === '新人专享券')?.Blocker).toBeNull();
    const old = await storefront(server, key, mine.getClaimableCoupons, { buyerId: 'demo-buyer-001' });
    const blockers = new Map(old.body.Data.map((row) => [row.Title, row.Blocker]));
    expect(blockers.get('新人专享券')).toBe('audience');
    expect(blockers.get('满199减30')).toBe('perMember');
  });

  it('claims one, then refuses the member and daily limits, naming the coupon', async () => {
    const id = await makeCoupon(server, admin, { Title: '限领测试券', PerMemberLimit: 2, PerDayLimit: 1 });
    const member = await freshMember(server, MALL_SITE, '限领人');
    const first = await claim(member.openId, id);
    expect(first.body.Coupon).toMatchObject({
      CouponId: id,
      State: 'unused',
      Title: '限领测试券',
      OrderNo: '',
    });
    const sameDay = await claim(member.openId, id);
    expect(sameDay.body.Errcode).toBe(-1);
    expect(fieldOf(sameDay)).toBe('CouponId');
    expect(sameDay.body.Errmsg).toContain('限领测试券');
    // Yesterday's claim leaves today free: the member limit is then what stops the third.
    await server.query(
      sql`update member_coupons set claim_day = ${addDays(today(), -1)} where coupon_id = ${id}`,
    );
    expect((await claim(member.openId, id)).body.Errmsg).toBe('');
    await server.query(
      sql`update member_coupons set claim_day = ${addDays(today(), -1)} where coupon_id = ${id}`,
    );
    const third = await claim(member.openId, id, key);
    expect(third.body.Errcode).toBe(-1);
    expect(third.body.Errmsg).toMatch(/限领|limit|上限/);
    expect(await copyStates(server, id)).toEqual({ unused: 2 });
    const [row] = await server.query<{ issued: number }>(sql`select issued from coupons where id = ${id}`);
    expect(row!.issued).toBe(2);
  });

  it('refuses the last one past its total and leaves the quantity as it was', async () => {
    const id = await makeCoupon(server, admin, { Title: '限量测试券', TotalQuantity: 1 });
    const [one, two] = [
      await freshMember(server, MALL_SITE, '甲'),
      await freshMember(server, MALL_SITE, '乙'),
    ];
    expect((await claim(one.openId, id)).body.Errmsg).toBe('');
    const soldOut = await claim(two.openId, id, key);
    expect(soldOut.body.Errcode).toBe(-1);
    const [row] = await server.query<{ issued: number }>(sql`select issued from coupons where id = ${id}`);
    expect(row!.issued).toBe(1);
  });

  it('keeps audiences: new members only, chosen grades only', async () => {
    const newcomers = await makeCoupon(server, admin, { Title: '新客测试券', Audience: 'newMembers' });
    expect((await claim('demo-buyer-001', newcomers)).body.Errcode).toBe(-1);
    const fresh = await freshMember(server, MALL_SITE, '新客');
    expect((await claim(fresh.openId, newcomers)).body.Errmsg).toBe('');
    const [top] = await server.query<{ id: number }>(
      sql`select id from member_grades where site_id = ${MALL_SITE} order by level desc limit 1`,
    );
    const gradeOnly = await makeCoupon(server, admin, {
      Title: '等级测试券',
      Audience: 'grades',
      AudienceGradeIds: [top!.id],
    });
    expect((await claim(fresh.openId, gradeOnly)).body.Errcode).toBe(-1);
    const vip = await freshMember(server, MALL_SITE, '高等级', { gradeId: top!.id });
    expect((await claim(vip.openId, gradeOnly)).body.Errmsg).toBe('');
  });

  it('refuses paused coupons, strangers, other shops’ coupons and bad input by field', async () => {
    const member = await freshMember(server, MALL_SITE, '杂项');
    const [paused] = await server.query<{ id: number }>(
      sql`select id from coupons where title = '会员无门槛5元券'`,
    );
    expect((await claim(member.openId, paused!.id)).body.Errcode).toBe(-1);
    const stranger = await claim('nobody-here', paused!.id);
    expect(fieldOf(stranger)).toBe('BuyerId');
    const [foreign] = await server.query<{ id: number }>(
      sql`select id from coupons where site_id = ${SECOND_SITE} order by id limit 1`,
    );
    const other = await claim(member.openId, foreign!.id);
    expect(other.body.Errcode).toBe(-1);
    expect(fieldOf(other)).toBe('CouponId');
    expect(fieldOf(await storefront(server, key, mine.claimCoupon, { BuyerId: member.openId }))).toBe(
      'CouponId',
    );
    expect(fieldOf(await storefront(server, key, mine.claimCoupon, { BuyerId: '', CouponId: 1 }))).toBe(
      'BuyerId',
    );
    const disabled = await freshMember(server, MALL_SITE, '停用', { status: 'disabled' });
    const [full] = await server.query<{ id: number }>(sql`select id from coupons where title = '满199减30'`);
    expect((await claim(disabled.openId, full!.id)).status).toBe(403);
  });

  it('needs the shop’s key', async () => {
    const response = await server.call(mine.getClaimableCoupons, { buyerId: 'x' }, { token: null });
    expect(response.status).toBe(401);
  });
});

describe('the buyer’s copies', () => {
  it('are the buyer’s own, unused first, and filter by state', async () => {
    const list = await storefront(server, key, mine.getMyCoupons, { buyerId: 'demo-buyer-004' });
    expect(list.body.Data.map((row) => row.State)).toEqual(['expired']);
    const unused = await storefront(server, key, mine.getMyCoupons, {
      buyerId: 'demo-buyer-001',
      state: 'unused',
    });
    expect(unused.body.Data.length).toBeGreaterThan(0);
    expect(unused.body.Data.every((row) => row.State === 'unused')).toBe(true);
    const elsewhere = await storefront(server, key2, mine.getMyCoupons, { buyerId: 'demo-buyer-001' });
    expect(elsewhere.body.Data).toEqual([]);
    expect(fieldOf(await storefront(server, key, mine.getMyCoupons, { buyerId: 'x', state: 'lost' }))).toBe(
      'state',
    );
  });
});

describe('the best coupon for a cart', () => {
  it('ranks the buyer’s usable copies by what they save, leaving out those whose minimum is missed', async () => {
    const member = await freshMember(server, MALL_SITE, '比价人');
    const small = await makeCoupon(server, admin, { Title: '小额券', Value: 500, ThresholdFen: 0 });
    const large = await makeCoupon(server, admin, { Title: '大额券', Value: 4_000, ThresholdFen: 20_000 });
    const share = await makeCoupon(server, admin, {
      Title: '九折券',
      Kind: 'discount',
      Value: 90,
      ThresholdFen: 0,
    });
    for (const id of [small, large, share]) expect((await claim(member.openId, id)).body.Errmsg).toBe('');
    const quote = (quantity: number) =>
      storefront(server, key, mine.getBestCoupon, {
        BuyerId: member.openId,
        Lines: [{ SkuId: sku.skuId, Quantity: quantity }],
      });
    const one = await quote(1);
    expect(one.body.Usable.map((row) => [row.Title, row.CouponFen, row.TotalFen])).toEqual([
      ['九折券', 1_000, 9_000],
      ['小额券', 500, 9_500],
    ]);
    const two = await quote(2);
    expect(two.body.Best).toMatchObject({ Title: '大额券', CouponFen: 4_000, TotalFen: 16_000 });
    const none = await storefront(server, key, mine.getBestCoupon, {
      BuyerId: 'nobody-here',
      Lines: [{ SkuId: sku.skuId, Quantity: 1 }],
    });
    expect(none.body).toMatchObject({ Best: null, Usable: [] });
    const bad = await storefront(server, key, mine.getBestCoupon, { BuyerId: member.openId, Lines: [] });
    expect(fieldOf(bad)).toBe('Lines');
  });
});

describe('an order with a coupon', () => {
  it('uses the copy at creation, stores the breakdown, and gives it back when cancelled', async () => {
    await setMallParameters(server, admin, { StockDeduction: 'creation' });
    const id = await makeCoupon(server, admin, { Title: '下单测试券', Value: 1_500, ThresholdFen: 10_000 });
    const member = await freshMember(server, MALL_SITE, '下单人');
    const copy = (await claim(member.openId, id)).body.Coupon;
    const placed = await order(member.openId, 1, copy.Id);
    expect(placed.body.Errmsg).toBe('');
    expect(placed.body.Order).toMatchObject({
      GoodsFen: 10_000,
      DiscountFen: 1_500,
      CouponFen: 1_500,
      MemberCouponId: copy.Id,
      TotalFen: 8_500 + placed.body.Order.FreightFen,
    });
    expect(await copyOf(id, member.openId)).toMatchObject({ state: 'used' });
    const [stored] = await server.query<{ breakdown: { couponFen: number; coupon: { copyId: number } } }>(
      sql`select breakdown from orders where order_no = ${placed.body.Order.OrderNo}`,
    );
    expect(stored!.breakdown).toMatchObject({
      couponFen: 1_500,
      couponApplied: true,
      coupon: { copyId: copy.Id },
    });
    const again = await order(member.openId, 1, copy.Id);
    expect(fieldOf(again)).toBe('MemberCouponId');
    const detail = await server.call(
      getOrderInfo,
      { id: await orderId(server, placed.body.Order.OrderNo) },
      { token: admin },
    );
    expect(detail.body.Coupon).toEqual({
      MemberCouponId: copy.Id,
      Title: '下单测试券',
      DiscountFen: 1_500,
      Returned: false,
    });

    const cancelled = await storefront(server, key, storefrontApi.cancelOrder, {
      OrderNo: placed.body.Order.OrderNo,
      BuyerId: member.openId,
    });
    expect(cancelled.body.Errmsg).toBe('');
    expect(await copyOf(id, member.openId)).toMatchObject({ state: 'unused', order_id: null });
    const after = await server.call(
      getOrderInfo,
      { id: await orderId(server, placed.body.Order.OrderNo) },
      { token: admin },
    );
    expect(after.body.Coupon?.Returned).toBe(true);
  });

  it('holds the copy until payment when stock is taken at payment, and gives it back on a full refund', async () => {
    await setMallParameters(server, admin, { StockDeduction: 'payment' });
    const id = await makeCoupon(server, admin, { Title: '付款测试券', Value: 2_000, ThresholdFen: 0 });
    const member = await freshMember(server, MALL_SITE, '付款人');
    const copy = (await claim(member.openId, id)).body.Coupon;
    const placed = (await order(member.openId, 1, copy.Id)).body.Order;
    expect(await copyOf(id, member.openId)).toMatchObject({ state: 'unused', order_id: expect.any(Number) });
    const held = await order(member.openId, 1, copy.Id);
    expect(held.body.Errcode).toBe(-1);
    expect(fieldOf(held)).toBe('MemberCouponId');
    const paid = await storefront(server, key, storefrontApi.payOrder, {
      OrderNo: placed.OrderNo,
      BuyerId: member.openId,
      PaymentMethod: 'wechat',
      AmountFen: placed.TotalFen,
    });
    expect(paid.body.Errmsg).toBe('');
    expect(await copyOf(id, member.openId)).toMatchObject({ state: 'used' });

    const refund = await storefront(server, key, storefrontApi.applyRefund, {
      OrderNo: placed.OrderNo,
      BuyerId: member.openId,
      AmountFen: placed.TotalFen,
      Reason: '不想要了',
    });
    expect(refund.body.Errmsg).toBe('');
    const idOfOrder = await orderId(server, placed.OrderNo);
    const version = async () =>
      (await server.query<{ version: number }>(sql`select version from orders where id = ${idOfOrder}`))[0]!
        .version;
    const approved = await server.call(
      bindOrderState,
      { Id: idOfOrder, Version: await version(), Action: 'approveRefund', AmountFen: placed.TotalFen },
      { token: admin },
    );
    expect(approved.body.Errmsg).toBe('');
    expect(await copyOf(id, member.openId)).toMatchObject({ state: 'used' });
    const refunded = await server.call(
      bindOrderState,
      { Id: idOfOrder, Version: await version(), Action: 'markRefunded' },
      { token: admin },
    );
    expect(refunded.body.Errmsg).toBe('');
    expect(await copyOf(id, member.openId)).toMatchObject({ state: 'unused', order_id: null });
    await setMallParameters(server, admin, { StockDeduction: 'creation' });
  });

  it('refuses a copy the cart misses, another buyer’s copy and an offline or foreign id, naming MemberCouponId', async () => {
    const id = await makeCoupon(server, admin, { Title: '门槛测试券', Value: 1_000, ThresholdFen: 30_000 });
    const member = await freshMember(server, MALL_SITE, '门槛人');
    const copy = (await claim(member.openId, id)).body.Coupon;
    const short = await order(member.openId, 2, copy.Id);
    expect(fieldOf(short)).toBe('MemberCouponId');
    expect(await copyOf(id, member.openId)).toMatchObject({ state: 'unused', order_id: null });
    const other = await freshMember(server, MALL_SITE, '别人');
    expect(fieldOf(await order(other.openId, 3, copy.Id))).toBe('MemberCouponId');
    expect(fieldOf(await order(member.openId, 3, 999_999))).toBe('MemberCouponId');
    const placed = await order(member.openId, 3, copy.Id);
    expect(placed.body.Order.CouponFen).toBe(1_000);
  });
});

describe('the sweeps', () => {
  it('expire unused copies past their validity once, leaving those an order holds, and end coupons by time', async () => {
    const id = await makeCoupon(server, admin, {
      Title: '过期测试券',
      Validity: { kind: 'relative', days: 1, fromTomorrow: false },
      ThresholdFen: 0,
    });
    const [loose, holder] = [
      await freshMember(server, MALL_SITE, '过期甲'),
      await freshMember(server, MALL_SITE, '过期乙'),
    ];
    await claim(loose.openId, id);
    const held = (await claim(holder.openId, id)).body.Coupon;
    await setMallParameters(server, admin, { StockDeduction: 'payment' });
    const placed = await order(holder.openId, 1, held.Id);
    expect(placed.body.Errmsg).toBe('');
    await setMallParameters(server, admin, { StockDeduction: 'creation' });

    const later = new Date(Date.now() + 2 * DAY_MS);
    const first = await marketingSweep(server.database.db, later);
    expect(first.expiredCopies).toBeGreaterThanOrEqual(1);
    expect(await copyOf(id, loose.openId)).toMatchObject({ state: 'expired' });
    expect(await copyOf(id, holder.openId)).toMatchObject({ state: 'unused' });
    const second = await marketingSweep(server.database.db, later);
    expect(second.expiredCopies).toBe(0);

    const ending = await makeCoupon(server, admin, { Title: '到期测试券', EndsOn: today() });
    const afterEnd = await marketingSweep(server.database.db, new Date(Date.now() + DAY_MS));
    expect(afterEnd.endedCoupons).toBeGreaterThanOrEqual(1);
    const read = await server.call(coupons.getCouponInfo, { id: ending }, { token: admin });
    expect(read.body.Data.State).toBe('ended');
  });
});

function ok(outcome: Outcome): TemplateDocument {
  if (!outcome.ok) throw new Error(outcome.problem.key);
  return outcome.document;
}

describe('the publish check', () => {
  it('flags a link to an ended coupon', async () => {
    const id = await makeCoupon(server, admin, { Title: '链接测试券' });
    const added = await server.call(library.addMyTemplate, { Name: '结束券页' }, { token: admin });
    const read = await server.call(library.getTemplateData, { Id: added.body.Id }, { token: admin });
    const parsed = parseTemplate(read.body.Data, blockDefinition);
    if (!parsed.ok) throw new Error('template');
    const pageId = parsed.document.homePageId;
    let document = ok(
      insertBlock(parsed.document, {
        rules: blockDefinition,
        pageId,
        type: 'title',
        index: 0,
        id: 'heading',
      }),
    );
    document = ok(setProp(document, 'heading', ['text'], '领券'));
    document = ok(setProp(document, 'heading', ['showMore'], true));
    document = ok(
      setProp(document, 'heading', ['moreLink'], { linkType: LinkType.coupon, id, linkTitle: '链接测试券' }),
    );
    const saved = await server.call(
      library.saveModule,
      { Id: added.body.Id, Data: serializeTemplate(document), Version: read.body.Version },
      { token: admin },
    );
    expect(saved.body.Errcode).toBe(0);
    await server.call(coupons.setCouponState, { Ids: [id], Action: 'end' }, { token: admin });
    const refused = await server.call(
      library.publishModule,
      { Id: added.body.Id, Version: saved.body.Version },
      { token: admin, locale: 'en' },
    );
    const body = refused.body as unknown as { Errcode: number; Problems: library.PublishProblemRow[] };
    expect(body.Errcode).toBe(-1);
    expect(body.Problems).toEqual([
      expect.objectContaining({
        BlockId: 'heading',
        Kind: 'linkToEnded',
        Message: expect.stringContaining('链接测试券'),
      }),
    ]);
  });
});
