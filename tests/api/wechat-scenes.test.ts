import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGroupBuyTeam } from '../../contract/endpoints/deal-storefront';
import * as groupBuy from '../../contract/endpoints/group-buy';
import { bindOrderState } from '../../contract/endpoints/orders';
import * as storefrontApi from '../../contract/endpoints/storefront';
import * as api from '../../contract/endpoints/wechat-messages';
import { shopDate, shopDateTime } from '../../contract/shop-time';
import { BOOKING_REMINDER_LEAD_MS, remindBookings } from '../../server/areas/booking/reminders';
import { failDueLaunches } from '../../server/areas/marketing/deal-sweeps';
import {
  COUPON_EXPIRY_NOTICE_MS,
  remindExpiringCoupons,
} from '../../server/areas/marketing/expiry-reminders';
import { launchResultMessage, teamResultMessages } from '../../server/areas/marketing/result-messages';
import { messagesSweep } from '../../server/areas/wechat-messages/outbox';
import { environmentOf } from '../../server/areas/wechat-messages/service';
import { loadConfig } from '../../server/config';
import { createFileStore } from '../../server/storage/file-store';
import { buyer, delivery, ok, pay, prepareGoods, window } from './deal-helpers';
import { startTestServer, type TestServer } from './harness';
import { MALL_SITE, orderId, placeOrder, prepareSku, storefront, storefrontKey } from './order-helpers';
import { TEST_ENV } from './test-env';
import { PLATFORM_ENV } from './wechat-platform-stand-in';
import { authoriseMiniProgram, startWechatStandIn, type WechatStandIn } from './wechat-stand-in';

/**
 * The scenes other areas' events trigger: each enqueues its bound template's message for the buyer
 * with the scene's fields in the mapped keywords, sent once by the sweeper, and the same event
 * again enqueues nothing new.
 */

let server: TestServer;
let standIn: WechatStandIn;
let admin: string;
let key: string;

const platformEnv = () => ({ ...PLATFORM_ENV, WECHAT_API_BASE: standIn.url });

async function sweep() {
  const config = loadConfig({ ...TEST_ENV, ...platformEnv() });
  const environment = environmentOf(config, createFileStore(config.storage));
  for (let round = 0; round < 50; round += 1) {
    await messagesSweep(server.database.db, new Date(), environment);
    const [open] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from message_deliveries where state in ('pending', 'sending')
            and next_attempt_at <= now()`,
    );
    if (open!.count === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('messages still waiting after 50 sweeps');
}

/**
 * Binds `scene` to a new template of the stand-in's library (character_string1, thing2, thing3) with
 * the three fields in that order, and has `buyers` accept it once.
 */
async function bindScene(scene: api.MessageScene, fields: [string, string, string], buyers: string[]) {
  const added = await server.call(
    api.addMessageTemplate,
    { Tid: 1856, Title: scene, Kids: [1, 2, 3], SceneDesc: scene.slice(0, 15) },
    { token: admin },
  );
  expect(added.body.Errmsg).toBe('');
  const current = await server.call(api.getMessageScene, { Scene: scene }, { token: admin });
  const saved = await server.call(
    api.setMessageScene,
    {
      Scene: scene,
      TemplateId: added.body.Id,
      Mapping: [
        { Key: 'character_string1', Field: fields[0] },
        { Key: 'thing2', Field: fields[1] },
        { Key: 'thing3', Field: fields[2] },
      ],
      Page: 'pages/index/index',
      Enabled: true,
      Version: current.body.Version,
    },
    { token: admin },
  );
  expect(saved.body.Errmsg).toBe('');
  for (const buyerId of buyers)
    await storefront(server, key, api.reportMessageSubscribe, {
      BuyerId: buyerId,
      Results: [{ TemplateId: added.body.PriTmplId, Result: 'accept' }],
    });
  return added.body.PriTmplId;
}

/** The subscribe sends WeChat received for `buyerId` with `template`. */
function sendsTo(buyerId: string, template: string) {
  return standIn
    .sent('/cgi-bin/message/subscribe/send')
    .filter((call) => call.body.touser === buyerId && call.body.template_id === template);
}

async function deliveries(scene: api.MessageScene, buyerId: string) {
  return server.query<{ state: string; idempotency_key: string }>(
    sql`select state, idempotency_key from message_deliveries
         where site_id = ${MALL_SITE} and scene = ${scene} and open_id = ${buyerId} order by id`,
  );
}

async function paidOrder(buyerId: string) {
  const sku = await prepareSku(server, MALL_SITE, 50, { skip: 5 });
  const order = await placeOrder(server, key, sku, 1, {
    Buyer: { Id: buyerId, Name: '场景买家', Phone: '13800000021' },
  });
  const paid = await storefront(server, key, storefrontApi.payOrder, {
    OrderNo: order.OrderNo,
    BuyerId: buyerId,
    PaymentMethod: 'wechat',
    AmountFen: order.TotalFen,
  });
  expect(paid.body.Errmsg).toBe('');
  return { ...order, id: await orderId(server, order.OrderNo) };
}

beforeAll(async () => {
  standIn = await startWechatStandIn();
  server = await startTestServer({ env: platformEnv() });
  admin = await server.login('admin');
  key = await storefrontKey(server, admin);
  await authoriseMiniProgram(server, standIn, admin);
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

describe('order paid', () => {
  it('sends the order number, goods and amount once; a replayed payment enqueues nothing', async () => {
    const template = await bindScene('orderPaid', ['orderNo', 'goodsName', 'amount'], ['scene-paid']);
    const order = await paidOrder('scene-paid');
    // No sweep yet: the commit of the payment kicks the send, so the buyer hears at once.
    for (let wait = 0; wait < 100 && sendsTo('scene-paid', template).length === 0; wait += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sendsTo('scene-paid', template)).toHaveLength(1);
    await sweep();
    const sends = sendsTo('scene-paid', template);
    expect(sends).toHaveLength(1);
    expect(sends[0]!.body).toMatchObject({
      page: 'pages/index/index',
      data: {
        character_string1: { value: order.OrderNo },
        thing3: { value: `${(order.TotalFen / 100).toFixed(2)}元` },
      },
    });
    expect(String((sends[0]!.body.data as Record<string, { value: string }>).thing2!.value)).not.toBe('');
    const replay = await storefront(server, key, storefrontApi.payOrder, {
      OrderNo: order.OrderNo,
      BuyerId: 'scene-paid',
      PaymentMethod: 'wechat',
      AmountFen: order.TotalFen,
    });
    expect(replay.body.Errmsg).not.toBe('');
    await sweep();
    expect(await deliveries('orderPaid', 'scene-paid')).toEqual([
      { state: 'sent', idempotency_key: `scene:orderPaid:order:${order.id}` },
    ]);
    expect(sendsTo('scene-paid', template)).toHaveLength(1);
  });

  it('honours the scene’s switch and the buyer’s consent', async () => {
    await server.call(api.setMessageSceneState, { Scenes: ['orderPaid'], Enabled: false }, { token: admin });
    await paidOrder('scene-paid-off');
    expect(await deliveries('orderPaid', 'scene-paid-off')).toEqual([]);
    await server.call(api.setMessageSceneState, { Scenes: ['orderPaid'], Enabled: true }, { token: admin });
    // On again, but this buyer never accepted the template: recorded as refused, never sent.
    await paidOrder('scene-paid-no-consent');
    await sweep();
    expect((await deliveries('orderPaid', 'scene-paid-no-consent')).map((row) => row.state)).toEqual([
      'refused',
    ]);
    expect(
      standIn
        .sent('/cgi-bin/message/subscribe/send')
        .some((call) => call.body.touser === 'scene-paid-no-consent'),
    ).toBe(false);
  });
});

describe('refund result', () => {
  async function refundOrder(buyerId: string, outcome: 'markRefunded' | 'rejectRefund') {
    const order = await paidOrder(buyerId);
    const asked = await storefront(server, key, storefrontApi.applyRefund, {
      OrderNo: order.OrderNo,
      BuyerId: buyerId,
      AmountFen: order.TotalFen,
      Reason: '尺码不合适',
    });
    expect(asked.body.Errmsg).toBe('');
    const version = async () =>
      (await server.query<{ version: number }>(sql`select version from orders where id = ${order.id}`))[0]!
        .version;
    const steps =
      outcome === 'markRefunded'
        ? [{ Action: 'approveRefund', AmountFen: order.TotalFen }, { Action: 'markRefunded' }]
        : [{ Action: 'rejectRefund', Reason: '商品已拆封' }];
    for (const step of steps) {
      const done = await server.call(
        bindOrderState,
        { Id: order.id, Version: await version(), ...step },
        { token: admin },
      );
      expect(done.body.Errmsg).toBe('');
    }
    return order;
  }

  it('tells the buyer the money is back, and that a refund was refused, each once', async () => {
    const template = await bindScene(
      'refundResult',
      ['orderNo', 'result', 'reason'],
      ['scene-refunded', 'scene-refused'],
    );
    const refunded = await refundOrder('scene-refunded', 'markRefunded');
    const refused = await refundOrder('scene-refused', 'rejectRefund');
    await sweep();
    expect(sendsTo('scene-refunded', template).map((call) => call.body.data)).toEqual([
      {
        character_string1: { value: refunded.OrderNo },
        thing2: { value: '退款成功' },
        thing3: { value: '尺码不合适' },
      },
    ]);
    expect(sendsTo('scene-refused', template).map((call) => call.body.data)).toEqual([
      {
        character_string1: { value: refused.OrderNo },
        thing2: { value: '退款被拒绝' },
        thing3: { value: '商品已拆封' },
      },
    ]);
    const [refund] = await server.query<{ id: number }>(
      sql`select id from order_refunds where order_id = ${refunded.id}`,
    );
    expect(await deliveries('refundResult', 'scene-refunded')).toEqual([
      { state: 'sent', idempotency_key: `scene:refundResult:refund:${refund!.id}` },
    ]);
  });
});

describe('group-buy result', () => {
  it('tells each member the team formed, once however often its end is told', async () => {
    const template = await bindScene('groupResult', ['amount', 'goodsName', 'result'], ['scene-gb-1']);
    const goods = await prepareGoods(server, MALL_SITE, 50, 14);
    const { Id: activityId } = ok(
      await server.call(
        groupBuy.bindGroupBuyInfo,
        {
          Title: '场景拼团',
          Image: '',
          ...window(),
          Sort: 0,
          Status: 'on',
          ProductId: goods.productId,
          GroupSize: 3,
          FillHours: 24,
          VirtualFill: false,
          LimitPerMember: 0,
          Skus: goods.skus.map((sku) => ({ SkuId: sku.id, GroupPriceFen: sku.priceFen - 100 })),
        },
        { token: admin },
      ),
    );
    const person = buyer(1, 'scene-gb');
    const opened = ok(
      await storefront(server, key, openGroupBuyTeam, {
        ...delivery({ ...person, Id: 'scene-gb-1' }),
        ActivityId: activityId,
        SkuId: goods.skus[0]!.id,
        Quantity: 1,
      }),
    );
    await pay(server, key, opened.Order, 'scene-gb-1');
    ok(
      await server.call(
        groupBuy.bindGroupBuyTeamState,
        { Id: opened.Team.Id, Action: 'fillNow' },
        { token: admin },
      ),
    );
    await server.database.db.transaction((tx) => teamResultMessages(tx, opened.Team.Id, new Date()));
    await sweep();
    expect(sendsTo('scene-gb-1', template).map((call) => call.body.data)).toEqual([
      {
        character_string1: { value: `${(opened.Order.TotalFen / 100).toFixed(2)}` },
        thing2: { value: goods.name.slice(0, 20) },
        thing3: { value: '拼团成功' },
      },
    ]);
    expect((await deliveries('groupResult', 'scene-gb-1')).map((row) => row.idempotency_key)).toEqual([
      `scene:groupResult:team:${opened.Team.Id}:buyer:scene-gb-1`,
    ]);
  });
});

describe('bargain result', () => {
  it('tells the launcher the time ran out, once, when the sweep fails the launch', async () => {
    const [launch] = await server.query<{ id: number; buyer_id: string; current_fen: number }>(
      sql`select id, buyer_id, current_fen from bargain_launches
           where site_id = ${MALL_SITE} and state = 'cutting' and order_id is null order by id limit 1`,
    );
    const template = await bindScene('bargainResult', ['amount', 'goodsName', 'result'], [launch!.buyer_id]);
    await server.query(
      sql`update bargain_launches set expires_at = now() - interval '1 minute' where id = ${launch!.id}`,
    );
    expect(await failDueLaunches(server.database.db, new Date())).toBeGreaterThanOrEqual(1);
    // A second sweep, and the result told again, change nothing.
    await failDueLaunches(server.database.db, new Date());
    await server.database.db.transaction((tx) => launchResultMessage(tx, launch!.id, new Date()));
    await sweep();
    const sends = sendsTo(launch!.buyer_id, template);
    expect(sends).toHaveLength(1);
    expect(sends[0]!.body.data).toMatchObject({
      character_string1: { value: `${(launch!.current_fen / 100).toFixed(2)}` },
      thing3: { value: '砍价超时未成功' },
    });
    expect((await deliveries('bargainResult', launch!.buyer_id)).map((row) => row.idempotency_key)).toEqual([
      `scene:bargainResult:launch:${launch!.id}`,
    ]);
  });
});

/** Messages enqueued under `key`, whoever they went to. */
async function keyed(key: string) {
  return server.query<{ state: string; open_id: string }>(
    sql`select state, open_id from message_deliveries where idempotency_key = ${key} order by id`,
  );
}

describe('coupon expiring', () => {
  /** One unused copy of each of `count` members with no other copy lapsing in the next two days. */
  async function copies(count: number) {
    return server.query<{ id: number; open_id: string; title: string; valid_until: Date }>(
      sql`select distinct on (m.id) mc.id, m.open_id, c.title, mc.valid_until
            from member_coupons mc join members m on m.id = mc.member_id join coupons c on c.id = mc.coupon_id
           where mc.site_id = ${MALL_SITE} and mc.state = 'unused' and mc.order_id is null
             and c.discount_type = 'amount' and c.threshold_fen > 0
             and not exists (select 1 from member_coupons other where other.member_id = m.id
                              and other.state = 'unused' and other.valid_until < now() + interval '2 days')
           order by m.id, mc.id limit ${count}`,
    );
  }

  it('tells the member the coupon, its value and when it lapses, once however often the sweep runs', async () => {
    const [soon, off, unconsented, later] = await copies(4);
    expect(later).toBeDefined();
    const template = await bindScene(
      'couponExpiring',
      ['expiresAt', 'couponName', 'couponValue'],
      [soon!.open_id],
    );
    const lapse = new Date(Date.now() + 3 * 60 * 60 * 1000);
    await server.query(
      sql`update member_coupons set valid_until = ${lapse.toISOString()}::timestamptz where id in (${soon!.id}, ${unconsented!.id})`,
    );
    // Just outside the notice window: not yet.
    await server.query(
      sql`update member_coupons set valid_until = now() + ${COUPON_EXPIRY_NOTICE_MS + 60_000} * interval '1 millisecond'
           where id = ${later!.id}`,
    );
    const [coupon] = await server.query<{ value: number; threshold_fen: number }>(
      sql`select c.value, c.threshold_fen from member_coupons mc join coupons c on c.id = mc.coupon_id where mc.id = ${soon!.id}`,
    );
    expect(await remindExpiringCoupons(server.database.db, new Date())).toBeGreaterThanOrEqual(2);
    // The next run meets the same copies and leaves them be.
    await remindExpiringCoupons(server.database.db, new Date());
    await sweep();
    expect(sendsTo(soon!.open_id, template).map((call) => call.body.data)).toEqual([
      {
        // A character_string keyword takes no spaces (WeChat's rule), so the time reads run together.
        character_string1: { value: shopDateTime(lapse).slice(0, 16).replace(' ', '') },
        thing2: { value: soon!.title.slice(0, 20) },
        thing3: {
          value: `满${(coupon!.threshold_fen / 100).toFixed(2)}元减${(coupon!.value / 100).toFixed(2)}元`,
        },
      },
    ]);
    expect(await keyed(`scene:couponExpiring:memberCoupon:${soon!.id}`)).toEqual([
      { state: 'sent', open_id: soon!.open_id },
    ]);
    // No acceptance of the template: recorded as refused, never sent.
    expect(await keyed(`scene:couponExpiring:memberCoupon:${unconsented!.id}`)).toEqual([
      { state: 'refused', open_id: unconsented!.open_id },
    ]);
    expect(await keyed(`scene:couponExpiring:memberCoupon:${later!.id}`)).toEqual([]);

    // Switched off: a copy lapsing now is left alone.
    await server.call(
      api.setMessageSceneState,
      { Scenes: ['couponExpiring'], Enabled: false },
      { token: admin },
    );
    await server.query(
      sql`update member_coupons set valid_until = ${lapse.toISOString()}::timestamptz where id = ${off!.id}`,
    );
    await remindExpiringCoupons(server.database.db, new Date());
    expect(await keyed(`scene:couponExpiring:memberCoupon:${off!.id}`)).toEqual([]);
    await server.call(
      api.setMessageSceneState,
      { Scenes: ['couponExpiring'], Enabled: true },
      { token: admin },
    );
    await sweep();
    expect(sendsTo(soon!.open_id, template)).toHaveLength(1);
  });
});

describe('booking reminder', () => {
  it('reminds the buyer of the form, time and store of a confirmed booking once, before it starts', async () => {
    const picked = await server.query<{ id: number; site_id: number; buyer_id: string; form_title: string }>(
      sql`select distinct on (b.buyer_id) b.id, b.site_id, b.buyer_id, f.title as form_title
            from bookings b join booking_forms f on f.id = b.form_id
           where b.site_id = ${MALL_SITE} and b.store_id is not null
           order by b.buyer_id, b.id limit 4`,
    );
    expect(picked).toHaveLength(4);
    const [confirmed, unconfirmed, offBooking, later] = picked;
    const template = await bindScene(
      'bookingReminder',
      ['bookingTime', 'bookingName', 'storeName'],
      [confirmed!.buyer_id],
    );
    // Seeded bookings moved to a slot starting within the hour (and one just past the lead time).
    const place = async (bookingId: number, startsAt: Date, state: string) => {
      const ends = new Date(startsAt.getTime() + 60 * 60 * 1000);
      await server.query(
        sql`update bookings set state = ${state}, day = ${shopDate(startsAt)},
                   slot_start = ${shopDateTime(startsAt).slice(11, 16)}, slot_end = ${shopDateTime(ends).slice(11, 16)}
             where id = ${bookingId}`,
      );
      return `${shopDate(startsAt)} ${shopDateTime(startsAt).slice(11, 16)}-${shopDateTime(ends).slice(11, 16)}`;
    };
    const soon = new Date(Date.now() + 60 * 60 * 1000);
    const time = await place(confirmed!.id, soon, 'confirmed');
    await place(unconfirmed!.id, soon, 'new');
    await place(later!.id, new Date(Date.now() + BOOKING_REMINDER_LEAD_MS + 5 * 60 * 1000), 'confirmed');
    const [store] = await server.query<{ title: string }>(
      sql`select st.title from bookings b join stores st on st.id = b.store_id where b.id = ${confirmed!.id}`,
    );
    expect(await remindBookings(server.database.db, new Date())).toBeGreaterThanOrEqual(1);
    await remindBookings(server.database.db, new Date());
    await sweep();
    expect(sendsTo(confirmed!.buyer_id, template).map((call) => call.body.data)).toEqual([
      {
        character_string1: { value: time.replace(' ', '') },
        thing2: { value: confirmed!.form_title.slice(0, 20) },
        thing3: { value: store!.title.slice(0, 20) },
      },
    ]);
    expect(await keyed(`scene:bookingReminder:booking:${confirmed!.id}`)).toEqual([
      { state: 'sent', open_id: confirmed!.buyer_id },
    ]);
    // Not confirmed yet, or starting after the lead time: no reminder.
    expect(await keyed(`scene:bookingReminder:booking:${unconfirmed!.id}`)).toEqual([]);
    expect(await keyed(`scene:bookingReminder:booking:${later!.id}`)).toEqual([]);

    // Switched off: left alone; on again, a buyer who never accepted is recorded as refused.
    await server.call(
      api.setMessageSceneState,
      { Scenes: ['bookingReminder'], Enabled: false },
      { token: admin },
    );
    await place(offBooking!.id, soon, 'confirmed');
    await remindBookings(server.database.db, new Date());
    expect(await keyed(`scene:bookingReminder:booking:${offBooking!.id}`)).toEqual([]);
    await server.call(
      api.setMessageSceneState,
      { Scenes: ['bookingReminder'], Enabled: true },
      { token: admin },
    );
    await remindBookings(server.database.db, new Date());
    await sweep();
    expect(await keyed(`scene:bookingReminder:booking:${offBooking!.id}`)).toEqual([
      { state: 'refused', open_id: offBooking!.buyer_id },
    ]);
    expect(sendsTo(confirmed!.buyer_id, template)).toHaveLength(1);
  });
});
