import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as reviews from '../../contract/endpoints/buyer-comments';
import {
  changeCommentState,
  getComments,
  MAX_COMMENT_IMAGES,
  replyToComment,
} from '../../contract/endpoints/goods';
import { getPreferentialSetting, setPreferentialSetting } from '../../contract/endpoints/member-grades';
import { signIn } from '../../contract/endpoints/members';
import { bindOrderState } from '../../contract/endpoints/orders';
import * as storefrontApi from '../../contract/endpoints/storefront';
import { reviewOrders } from '../../server/areas/order/sweeps';
import { type ApiResponse, startTestServer, type TestServer } from './harness';
import {
  ADDRESS,
  MALL_SITE,
  orderId,
  prepareSku,
  SECOND_SITE,
  storefront,
  storefrontKey,
  type TestSku,
} from './order-helpers';

/**
 * Buyers' goods reviews through the storefront: only goods of their own received order, once per
 * order and goods, earning the shop's growth per review; the mini-program's list; the follow-up.
 */

let server: TestServer;
let admin: string;
let site2: string;
let key: string;
let secondKey: string;
let first: TestSku;
let second: TestSku;
let buyerCount = 0;

const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  site2 = await server.login('site2');
  key = await storefrontKey(server, admin);
  secondKey = await storefrontKey(server, site2);
  first = await prepareSku(server, MALL_SITE, 10_000, { skip: 3 });
  second = await prepareSku(server, MALL_SITE, 10_000, { skip: 4 });
});
afterAll(() => server.close());

const fieldOf = (response: ApiResponse) =>
  (response.body as unknown as { Errors?: { Field: string }[] }).Errors?.[0]?.Field;

function refused(response: ApiResponse, field: string, message?: string) {
  expect([response.body.Errcode, fieldOf(response)], response.body.Errmsg).toEqual([-1, field]);
  if (message !== undefined) expect(response.body.Errmsg).toBe(message);
}

interface PlacedOrder {
  orderNo: string;
  buyerId: string;
}

/** A new buyer (signed in with a nickname unless `nickname` is '') and their paid order of the SKUs. */
async function paidOrder(skus: TestSku[] = [first], nickname = '评价买家'): Promise<PlacedOrder> {
  buyerCount += 1;
  const buyerId = `review-buyer-${buyerCount}`;
  if (nickname) await storefront(server, key, signIn, { OpenId: buyerId, Nickname: nickname });
  const created = await storefront(server, key, storefrontApi.createOrder, {
    Buyer: { Id: buyerId, Name: '李四', Phone: '13800000042' },
    DeliveryType: 'express',
    Address: ADDRESS,
    Lines: skus.map((sku) => ({ SkuId: sku.skuId, Quantity: 1 })),
  });
  expect(created.body.Errmsg).toBe('');
  const order = created.body.Order;
  const paid = await storefront(server, key, storefrontApi.payOrder, {
    OrderNo: order.OrderNo,
    BuyerId: buyerId,
    PaymentMethod: 'wechat',
    AmountFen: order.TotalFen,
  });
  expect(paid.body.Errmsg).toBe('');
  return { orderNo: order.OrderNo, buyerId };
}

/** `paidOrder`, shipped by the operator and confirmed received by the buyer. */
async function receivedOrder(skus: TestSku[] = [first], nickname?: string): Promise<PlacedOrder> {
  const order = await paidOrder(skus, nickname);
  const id = await orderId(server, order.orderNo);
  const [row] = await server.query<{ version: number }>(sql`select version from orders where id = ${id}`);
  const shipped = await server.call(
    bindOrderState,
    { Action: 'ship', Id: id, Version: row!.version, Carrier: 'ZTO', TrackingNo: `7310${id}0001` },
    { token: admin },
  );
  expect(shipped.body.Errmsg).toBe('');
  const received = await storefront(server, key, storefrontApi.confirmReceipt, {
    OrderNo: order.orderNo,
    BuyerId: order.buyerId,
  });
  expect(received.body.Order.State).toBe('received');
  return order;
}

function review(order: PlacedOrder, overrides: Record<string, unknown> = {}) {
  return {
    BuyerId: order.buyerId,
    OrderNo: order.orderNo,
    ProductId: first.productId,
    Score: 5,
    Content: '很好用，物流也快',
    ...overrides,
  };
}

function post(input: Record<string, unknown>, shopKey = key, locale?: string) {
  return storefront(server, shopKey, reviews.postProductComment, input, locale);
}

async function growthRows(buyerId: string) {
  return server.query<{ delta: number; reason: string; order_no: string; note: string }>(
    sql`select l.delta, l.reason, l.order_no, l.note from member_growth_ledger l join members m on m.id = l.member_id
         where m.site_id = ${MALL_SITE} and m.open_id = ${buyerId} and l.reason = 'review' order by l.id`,
  );
}

async function memberOf(buyerId: string) {
  const [row] = await server.query<{ id: number; growth: number; grade_id: number | null }>(
    sql`select id, growth, grade_id from members where site_id = ${MALL_SITE} and open_id = ${buyerId}`,
  );
  return row!;
}

async function goodsName(productId: number) {
  const [row] = await server.query<{ name: string }>(sql`select name from products where id = ${productId}`);
  return row!.name;
}

/** Sets the shop's growth per review; returns what it was. */
async function setGrowthPerReview(growth: number): Promise<number> {
  const current = await server.call(getPreferentialSetting, {}, { token: admin });
  const { Errcode: _c, Errmsg: _m, ErrShowType: _s, ExcludedGoods: _g, ...setting } = current.body;
  const saved = await server.call(
    setPreferentialSetting,
    { ...setting, GrowthPerReview: growth },
    { token: admin },
  );
  expect(saved.body.Errmsg).toBe('');
  return setting.GrowthPerReview;
}

describe('PostProductComment', () => {
  it('posts a review of received goods, shows it at once and grants the growth per review once, in the ledger', async () => {
    const order = await receivedOrder();
    const before = await memberOf(order.buyerId);
    const images = Array.from({ length: MAX_COMMENT_IMAGES }, (_, n) => `/uploads/1/review-${n}.jpg`);
    const response = await post(review(order, { Score: 4, Content: '  不错，值得购买  ', Images: images }));
    expect(response.body.Errmsg).toBe('');
    expect(response.body.Comment).toMatchObject({
      ProductId: first.productId,
      BuyerName: '评**',
      Score: 4,
      Content: '不错，值得购买',
      Images: images,
      Replies: [],
    });
    const { GrowthPerReview } = (await server.call(getPreferentialSetting, {}, { token: admin })).body;
    expect(GrowthPerReview).toBeGreaterThan(0);
    expect(response.body.Growth).toBe(GrowthPerReview);
    expect((await memberOf(order.buyerId)).growth).toBe(before.growth + GrowthPerReview);
    expect(await growthRows(order.buyerId)).toEqual([
      {
        delta: GrowthPerReview,
        reason: 'review',
        order_no: order.orderNo,
        note: await goodsName(first.productId),
      },
    ]);
    const [stored] = await server.query<{
      buyer_id: string;
      order_no: string;
      state: string;
      added_by_shop: boolean;
    }>(
      sql`select buyer_id, order_no, state, added_by_shop from product_comments where id = ${response.body.Comment.Id}`,
    );
    expect(stored).toEqual({
      buyer_id: order.buyerId,
      order_no: order.orderNo,
      state: 'visible',
      added_by_shop: false,
    });

    // The operators' screen shows it with its order number.
    const listed = await server.call(getComments, { productId: first.productId }, { token: admin });
    expect(listed.body.Data[0]).toMatchObject({ Id: response.body.Comment.Id, OrderNo: order.orderNo });
  });

  it('refuses a second review of the same goods of the same order, and grants nothing for it', async () => {
    const order = await receivedOrder();
    expect((await post(review(order))).body.Errmsg).toBe('');
    const again = await post(review(order, { Score: 1, Content: '再评一次' }));
    refused(
      again,
      'ProductId',
      `You have already reviewed “${await goodsName(first.productId)}” of order ${order.orderNo}`,
    );
    expect(await growthRows(order.buyerId)).toHaveLength(1);
  });

  it('keeps one review and one growth row out of 10 parallel posts of the same review', async () => {
    const order = await receivedOrder();
    const before = await memberOf(order.buyerId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(review(order))));
    const accepted = answers.filter((answer) => answer.body.Errcode === 0);
    expect(accepted).toHaveLength(1);
    for (const answer of answers.filter((entry) => entry.body.Errcode !== 0)) {
      expect(answer.body.Errmsg).toMatch(/^You have already reviewed/);
    }
    const [count] = await server.query<{ n: number }>(
      sql`select count(*)::int as n from product_comments where site_id = ${MALL_SITE} and order_no = ${order.orderNo}`,
    );
    expect(count!.n).toBe(1);
    expect(await growthRows(order.buyerId)).toHaveLength(1);
    expect((await memberOf(order.buyerId)).growth).toBe(before.growth + accepted[0]!.body.Growth);
  });

  it('reviews each goods of one order once', async () => {
    const order = await receivedOrder([first, second]);
    expect((await post(review(order))).body.Errmsg).toBe('');
    expect((await post(review(order, { ProductId: second.productId }))).body.Errmsg).toBe('');
    expect((await growthRows(order.buyerId)).map((row) => row.note)).toEqual([
      await goodsName(first.productId),
      await goodsName(second.productId),
    ]);
  });

  it('names the field of bad input', async () => {
    const order = await receivedOrder();
    const cases: [Record<string, unknown>, string][] = [
      [review(order, { Score: 0 }), 'Score'],
      [review(order, { Score: 6 }), 'Score'],
      [review(order, { Score: 4.5 }), 'Score'],
      [review(order, { Content: '   ' }), 'Content'],
      [review(order, { Content: 'x'.repeat(501) }), 'Content'],
      [review(order, { Images: Array(10).fill('/uploads/1/a.jpg') }), 'Images'],
      [review(order, { Images: ['javascript:alert(1)'] }), 'Images.0'],
      [review(order, { OrderNo: '' }), 'OrderNo'],
      [review(order, { ProductId: 0 }), 'ProductId'],
      [review(order, { BuyerId: '' }), 'BuyerId'],
      [review(order, { Extra: 1 }), 'Extra'],
    ];
    for (const [input, field] of cases) refused(await post(input), field);
    // The limits themselves are accepted.
    const fine = await post(
      review(order, { Score: 1, Content: 'x'.repeat(500), Images: Array(9).fill('/uploads/1/a.jpg') }),
    );
    expect(fine.body.Errmsg).toBe('');
  });

  it('refuses goods not in the order, an order not received yet, someone else’s order and another shop’s key', async () => {
    const order = await receivedOrder();
    refused(
      await post(review(order, { ProductId: second.productId })),
      'ProductId',
      `Goods ${second.productId} are not in order ${order.orderNo}`,
    );
    const unshipped = await paidOrder();
    refused(
      await post(review(unshipped)),
      'OrderNo',
      `Order ${unshipped.orderNo} is waiting to ship: its goods can be reviewed once received`,
    );
    refused(
      await post(review(unshipped), key, 'zh-CN'),
      'OrderNo',
      `订单 ${unshipped.orderNo} 待发货，收货后才能评价`,
    );
    const stranger = await receivedOrder();
    refused(
      await post(review(order, { BuyerId: stranger.buyerId })),
      'OrderNo',
      `You have no order ${order.orderNo} in this shop`,
    );
    refused(
      await post(review(order), secondKey),
      'OrderNo',
      `You have no order ${order.orderNo} in this shop`,
    );
    refused(await post(review(order, { OrderNo: 'NO-SUCH-ORDER' })), 'OrderNo');
    const noKey = await server.call(reviews.postProductComment, review(order));
    expect(noKey.status).toBe(401);
    const [count] = await server.query<{ n: number }>(
      sql`select count(*)::int as n from product_comments where order_no in (${order.orderNo}, ${unshipped.orderNo})`,
    );
    expect(count!.n).toBe(0);
    expect(await growthRows(order.buyerId)).toEqual([]);
  });

  it('refuses a member the shop disabled', async () => {
    const order = await receivedOrder();
    await server.query(
      sql`update members set status = 'disabled' where site_id = ${MALL_SITE} and open_id = ${order.buyerId}`,
    );
    const response = await post(review(order));
    refused(response, 'BuyerId');
    expect(response.status).toBe(403);
  });

  it('shows the buyer’s nickname masked, or the receiver’s name masked when they never signed in', async () => {
    const order = await receivedOrder([first], '');
    const response = await post(review(order));
    expect(response.body.Comment.BuyerName).toBe('李**');
  });

  it('grants nothing and writes no ledger row when the shop’s growth per review is 0', async () => {
    const was = await setGrowthPerReview(0);
    try {
      const order = await receivedOrder();
      const before = await memberOf(order.buyerId);
      const response = await post(review(order));
      expect(response.body).toMatchObject({ Errcode: 0, Growth: 0 });
      expect(await growthRows(order.buyerId)).toEqual([]);
      expect((await memberOf(order.buyerId)).growth).toBe(before.growth);
    } finally {
      await setGrowthPerReview(was);
    }
  });

  it('raises the member’s grade when the review’s growth crosses a threshold', async () => {
    const order = await receivedOrder();
    const grades = await server.query<{ id: number; level: number; growth_threshold: number }>(
      sql`select id, level, growth_threshold from member_grades where site_id = ${MALL_SITE} and level in (1, 2)
           order by level`,
    );
    const [basic, silver] = grades;
    const member = await memberOf(order.buyerId);
    // Arranged just below the threshold in the lowest grade: the review's growth carries the member across.
    await server.query(
      sql`update members set growth = ${silver!.growth_threshold - 1}, grade_id = ${basic!.id} where id = ${member.id}`,
    );
    const { Growth } = (await post(review(order))).body;
    expect(Growth).toBeGreaterThan(0);
    expect((await memberOf(order.buyerId)).grade_id).toBe(silver!.id);
    const changes = await server.query<{ to_grade_id: number; cause: string }>(
      sql`select to_grade_id, cause from member_grade_changes
           where member_id = ${member.id} and growth = ${silver!.growth_threshold - 1 + Growth}`,
    );
    expect(changes).toEqual([{ to_grade_id: silver!.id, cause: 'growth' }]);
  });

  it('leaves the growth a review earned when the shop deletes the review', async () => {
    const order = await receivedOrder();
    const posted = await post(review(order));
    const after = await memberOf(order.buyerId);
    const deleted = await server.call(
      changeCommentState,
      { Ids: [posted.body.Comment.Id], Action: 'delete' },
      { token: admin },
    );
    expect(deleted.body.Changed).toEqual([posted.body.Comment.Id]);
    expect((await memberOf(order.buyerId)).growth).toBe(after.growth);
    expect(await growthRows(order.buyerId)).toHaveLength(1);
    // Deleted, the review still counts: the goods cannot be reviewed again for more growth.
    expect((await post(review(order))).body.Errcode).toBe(-1);
  });
});

describe('default reviews', () => {
  it('reviews by default only the goods the buyer left unreviewed, in the buyer’s order', async () => {
    const order = await receivedOrder([first, second]);
    expect((await post(review(order))).body.Errmsg).toBe('');
    await reviewOrders(server.database.db, new Date(Date.now() + 30 * DAY));
    const rows = await server.query<{ product_id: number; buyer_id: string; content: string }>(
      sql`select product_id, buyer_id, content from product_comments where order_no = ${order.orderNo} order by id`,
    );
    expect(rows).toEqual([
      { product_id: first.productId, buyer_id: order.buyerId, content: '很好用，物流也快' },
      { product_id: second.productId, buyer_id: order.buyerId, content: '此用户没有填写评价，系统默认好评' },
    ]);
    // After the default review, the goods cannot be reviewed, and no growth came of it.
    refused(await post(review(order, { ProductId: second.productId })), 'ProductId');
    expect(await growthRows(order.buyerId)).toHaveLength(1);
  });
});

describe('PostProductCommentReply', () => {
  it('adds the buyer’s one follow-up under their own review', async () => {
    const order = await receivedOrder();
    const posted = await post(review(order));
    const commentId = posted.body.Comment.Id;
    const reply = (input: Record<string, unknown>, shopKey = key) =>
      storefront(server, shopKey, reviews.postProductCommentReply, input);
    const followed = await reply({
      BuyerId: order.buyerId,
      CommentId: commentId,
      Content: ' 用了一个月，依然好用 ',
    });
    expect(followed.body.Errmsg).toBe('');
    expect(followed.body.Comment.Replies).toMatchObject([
      { Author: 'buyer', AuthorName: '评**', Content: '用了一个月，依然好用' },
    ]);
    refused(
      await reply({ BuyerId: order.buyerId, CommentId: commentId, Content: '再追一次' }),
      'CommentId',
      'You have already added a follow-up to this review',
    );
    const stranger = await receivedOrder();
    refused(
      await reply({ BuyerId: stranger.buyerId, CommentId: commentId, Content: '路过' }),
      'CommentId',
      `You have no review ${commentId} in this shop`,
    );
    refused(
      await reply({ BuyerId: order.buyerId, CommentId: commentId, Content: '跨店' }, secondKey),
      'CommentId',
    );
    refused(await reply({ BuyerId: order.buyerId, CommentId: commentId, Content: '' }), 'Content');
    refused(await reply({ BuyerId: order.buyerId, CommentId: 'x', Content: '好' }), 'CommentId');
    const [row] = await server.query<{ reply_count: number; shop_replied: boolean }>(
      sql`select reply_count, shop_replied from product_comments where id = ${commentId}`,
    );
    expect(row).toEqual({ reply_count: 1, shop_replied: false });
  });

  it('gives one success to parallel follow-ups', async () => {
    const order = await receivedOrder();
    const posted = await post(review(order));
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, n) =>
        storefront(server, key, reviews.postProductCommentReply, {
          BuyerId: order.buyerId,
          CommentId: posted.body.Comment.Id,
          Content: `追评 ${n}`,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.body.Errcode === 0)).toHaveLength(1);
    const [count] = await server.query<{ n: number }>(
      sql`select count(*)::int as n from product_comment_replies where comment_id = ${posted.body.Comment.Id}`,
    );
    expect(count!.n).toBe(1);
  });
});

describe('GetProductComments', () => {
  it('lists the goods’ shown reviews newest first, paged, with the shop’s replies', async () => {
    const older = await receivedOrder([second]);
    const newer = await receivedOrder([second]);
    const hidden = await receivedOrder([second]);
    const olderId = (await post(review(older, { ProductId: second.productId, Content: '先到的评价' }))).body
      .Comment.Id;
    const newerId = (await post(review(newer, { ProductId: second.productId, Content: '后到的评价' }))).body
      .Comment.Id;
    const hiddenId = (await post(review(hidden, { ProductId: second.productId, Content: '被隐藏的评价' })))
      .body.Comment.Id;
    await server.call(changeCommentState, { Ids: [hiddenId], Action: 'hide' }, { token: admin });
    await server.call(replyToComment, { CommentId: olderId, Content: '感谢支持' }, { token: admin });

    const list = (input: Record<string, unknown>, shopKey = key) =>
      storefront(server, shopKey, reviews.getProductComments, input);
    const page = await list({ ProductId: String(second.productId), pageSize: '100' });
    expect(page.body.Errmsg).toBe('');
    const [shown] = await server.query<{ n: number }>(
      sql`select count(*)::int as n from product_comments where product_id = ${second.productId} and state = 'visible'`,
    );
    expect(page.body.Total).toBe(shown!.n);
    const ids = page.body.Data.map((row) => row.Id);
    expect(ids).not.toContain(hiddenId);
    expect(ids.indexOf(newerId)).toBeLessThan(ids.indexOf(olderId));
    const times = page.body.Data.map((row) => row.CreatedAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(page.body.Data.find((row) => row.Id === olderId)!.Replies).toMatchObject([
      { Author: 'shop', Content: '感谢支持' },
    ]);

    const paged = await list({ ProductId: String(second.productId), page: '2', pageSize: '1' });
    expect(paged.body.Data.map((row) => row.Id)).toEqual([ids[1]]);
    expect(paged.body.Total).toBe(page.body.Total);
  });

  it('names the field of bad input, and another shop’s goods are unknown', async () => {
    const list = (input: Record<string, unknown>, shopKey = key) =>
      storefront(server, shopKey, reviews.getProductComments, input);
    refused(await list({}), 'ProductId');
    refused(await list({ ProductId: 'abc' }), 'ProductId');
    refused(await list({ ProductId: String(first.productId), pageSize: '101' }), 'pageSize');
    refused(
      await list({ ProductId: String(first.productId) }, secondKey),
      'ProductId',
      `Goods ${first.productId} do not exist`,
    );
    const [foreign] = await server.query<{ id: number }>(
      sql`select id from products where site_id = ${SECOND_SITE} order by id limit 1`,
    );
    const theirs = await list({ ProductId: String(foreign!.id) }, secondKey);
    expect(theirs.body.Errmsg).toBe('');
    refused(await list({ ProductId: String(foreign!.id) }), 'ProductId');
    const noKey = await server.call(reviews.getProductComments, { ProductId: String(first.productId) });
    expect(noKey.status).toBe(401);
  });
});

describe('demo data', () => {
  it('seeds buyer reviews of received orders whose growth shows in the ledger', async () => {
    const rows = await server.query<{ order_no: string; state: string; delta: number }>(
      sql`select c.order_no, o.state, l.delta from product_comments c
            join orders o on o.site_id = c.site_id and o.order_no = c.order_no
            join members m on m.site_id = c.site_id and m.open_id = c.buyer_id
            join member_growth_ledger l on l.member_id = m.id and l.reason = 'review' and l.order_no = c.order_no
           where c.site_id = ${MALL_SITE} and c.content not like '此用户%' and c.buyer_id not like 'review-buyer-%'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const { GrowthPerReview } = (await server.call(getPreferentialSetting, {}, { token: admin })).body;
    for (const row of rows) {
      expect(['received', 'completed']).toContain(row.state);
      expect(row.delta).toBe(GrowthPerReview);
    }
  });
});
