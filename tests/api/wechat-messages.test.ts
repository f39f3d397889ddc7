import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract/endpoint';
import * as miniProgram from '../../contract/endpoints/mini-program';
import { bindOrderState } from '../../contract/endpoints/orders';
import * as api from '../../contract/endpoints/wechat-messages';
import { drainMessages, messagesSweep } from '../../server/areas/wechat-messages/outbox';
import { environmentOf } from '../../server/areas/wechat-messages/service';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { createFileStore } from '../../server/storage/file-store';
import { startTestServer, type TestServer } from './harness';
import {
  expectError,
  MALL_SITE,
  orderId,
  placeOrder,
  prepareSku,
  storefront,
  storefrontKey,
} from './order-helpers';
import { TEST_ENV } from './test-env';
import { PLATFORM_ENV, TEST_AUTHORIZER } from './wechat-platform-stand-in';
import { authoriseMiniProgram, startWechatStandIn, type WechatStandIn } from './wechat-stand-in';

let server: TestServer;
let standIn: WechatStandIn;
let admin: string;
let site2: string;
let key: string;

const platformEnv = () => ({ ...PLATFORM_ENV, WECHAT_API_BASE: standIn.url });

function environment() {
  const config = loadConfig({ ...TEST_ENV, ...platformEnv() });
  return environmentOf(config, createFileStore(config.storage));
}
/**
 * Runs the sweep until nothing is waiting: the background send a request starts may hold a row
 * while the sweep runs, and it finishes it on its own.
 */
async function sweep() {
  for (let round = 0; round < 50; round += 1) {
    await messagesSweep(server.database.db, new Date(), environment());
    const [open] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from message_deliveries where state in ('pending', 'sending')
            and next_attempt_at <= now()`,
    );
    if (open!.count === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('messages still waiting after 50 sweeps');
}

async function settingsVersion(token: string) {
  return (await server.call(api.getMessageSettings, {}, { token })).body.Version;
}

beforeAll(async () => {
  standIn = await startWechatStandIn();
  server = await startTestServer({ env: platformEnv() });
  admin = await server.login('admin');
  await authoriseMiniProgram(server, standIn, admin);
  site2 = await server.login('site2');
  key = await storefrontKey(server, admin);
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

describe('the demo seed', () => {
  it('shows templates, a bound scene, sends with per-member results and a conversation', async () => {
    const templates = await server.call(api.getMessageTemplateList, {}, { token: admin });
    expect(templates.body.Data.map((row) => row.Title)).toEqual([
      '新品上架通知',
      '订单支付成功通知',
      '订单发货提醒',
    ]);
    const scenes = await server.call(api.getMessageSceneList, {}, { token: admin });
    const shipped = scenes.body.Data.find((row) => row.Scene === 'orderShipped')!;
    expect(shipped).toMatchObject({ TemplateTitle: '订单发货提醒', Enabled: true });
    expect(shipped.Sent + shipped.Refused).toBeGreaterThan(0);
    const sends = await server.call(api.getMessageSendList, {}, { token: admin });
    expect(sends.body.Counts).toMatchObject({ done: 1, scheduled: 1 });
    const done = sends.body.Data.find((row) => row.State === 'done')!;
    expect(done.Sent).toBeGreaterThan(0);
    expect(done.Refused).toBeGreaterThan(0);
    expect(done.Sent + done.Refused).toBe(done.Total);
    const details = await server.call(
      api.getMessageDeliveryList,
      { id: done.Id, state: 'refused' },
      { token: admin },
    );
    expect(details.body.Data[0]!.Reason).toBe(
      'The buyer has not accepted this message, or has used up their acceptances',
    );
    const log = await server.call(api.getCustomerMessageList, {}, { token: admin });
    expect(log.body.Counts.in).toBe(4);
    expect(log.body.Counts.out).toBe(4);
    expect(log.body.Data.filter((row) => row.Direction === 'out').every((row) => row.State === 'sent')).toBe(
      true,
    );
  });

  it('keeps another shop out of all of it', async () => {
    expect((await server.call(api.getMessageTemplateList, {}, { token: site2 })).body.Total).toBe(0);
    expect((await server.call(api.getMessageSendList, {}, { token: site2 })).body.Total).toBe(0);
    expect((await server.call(api.getCustomerMessageList, {}, { token: site2 })).body.Total).toBe(0);
    const [mallSend] = await server.query<{ id: number }>(
      sql`select id from message_sends where site_id = ${MALL_SITE} limit 1`,
    );
    expectError(
      await server.call(api.getMessageDeliveryList, { id: mallSend!.id }, { token: site2 }),
      'No such record',
    );
    expect(
      (await server.call(api.cancelMessageSend, { Ids: [mallSend!.id] }, { token: site2 })).body.Changed,
    ).toBe(0);
  });
});

describe('settings', () => {
  it('name the field of bad input and refuse a stale save', async () => {
    const version = await settingsVersion(admin);
    const bad = await server.call(
      api.setMessageSettings,
      { DefaultReplyOn: false, DefaultReply: { Kind: 'text' }, SandboxErrcode: 12, Version: version },
      { token: admin },
    );
    expectError(bad);
    const fields = (bad.body as unknown as { Errors: { Field: string }[] }).Errors.map(
      (error) => error.Field,
    );
    expect(fields).toEqual(expect.arrayContaining(['SandboxErrcode', 'DefaultReply.Text']));
    // The connection is the platform's authorisation now: an app id or secret is not taken here.
    const secret = await server.call(
      api.setMessageSettings,
      {
        AppId: TEST_AUTHORIZER.appId,
        AppSecret: '0123456789abcdef0123456789abcdef',
        DefaultReplyOn: false,
        DefaultReply: { Kind: 'text', Text: 'x' },
        SandboxErrcode: 0,
        Version: version,
      },
      { token: admin },
    );
    expectError(secret);
    const stale = await server.call(
      api.setMessageSettings,
      {
        DefaultReplyOn: false,
        DefaultReply: { Kind: 'text', Text: 'x' },
        SandboxErrcode: 0,
        Version: version + 5,
      },
      { token: admin },
    );
    expectError(stale, /Someone saved this/);
    const saved = await server.call(
      api.setMessageSettings,
      {
        DefaultReplyOn: true,
        DefaultReply: { Kind: 'text', Text: '稍后回复您' },
        SandboxErrcode: 0,
        Version: version,
      },
      { token: admin },
    );
    expect(saved.body.Errmsg).toBe('');
  });

  it('show the mini-program authorised to the platform, and no other shop’s', async () => {
    const settings = await server.call(api.getMessageSettings, {}, { token: admin });
    expect(settings.body).toMatchObject({ Provider: 'wechat', AppId: TEST_AUTHORIZER.appId });
    const other = await server.call(api.getMessageSettings, {}, { token: site2 });
    expect(other.body).toMatchObject({ Provider: 'wechat', AppId: '' });
  });

  it('are refused to accounts without the menu', async () => {
    const store = await server.login('store');
    const refused = await server.call(api.getMessageSettings, {}, { token: store });
    expect(refused.status).toBe(403);
  });
});

describe('templates through WeChat', () => {
  it('read the library with one token for parallel callers and add a template', async () => {
    standIn.expireToken();
    const before = standIn.tokensIssued;
    const pages = await Promise.all(
      Array.from({ length: 5 }, () => server.call(api.getLibraryTitles, {}, { token: admin })),
    );
    expect(pages.every((page) => page.body.Data[0]?.Tid === 1856)).toBe(true);
    expect(pages[0]!.body.Provider).toBe('wechat');
    // The first callers find the authorizer token expired (42001); one refresh serves them all.
    expect(standIn.tokensIssued - before).toBe(1);
    const added = await server.call(
      api.addMessageTemplate,
      { Tid: 1856, Title: '订单发货提醒', Kids: [1, 2, 4], SceneDesc: '发货后通知买家' },
      { token: admin },
    );
    expect(added.body.Errmsg).toBe('');
    expect(standIn.sent('/wxaapi/newtmpl/addtemplate').at(-1)!.body).toEqual({
      tid: 1856,
      kidList: [1, 2, 4],
      sceneDesc: '发货后通知买家',
    });
    const list = await server.call(api.getMessageTemplateList, { keyword: '发货' }, { token: admin });
    const row = list.body.Data.find((template) => template.Id === added.body.Id)!;
    expect(row.Keywords.map((keyword) => keyword.Key)).toEqual([
      'character_string1',
      'thing2',
      'character_string3',
    ]);
  });

  it('say WeChat’s refusals in the reader’s language, on the field', async () => {
    const unknown = await server.call(api.getLibraryKeywords, { Tid: 9 }, { token: admin, locale: 'zh-CN' });
    expectError(unknown, '微信拒绝：模板库 ID 无效');
    const tooMany = await server.call(
      api.addMessageTemplate,
      { Tid: 1856, Title: 'x', Kids: [1, 2, 3, 4, 5, 6], SceneDesc: 'x' },
      { token: admin },
    );
    expectError(tooMany);
  });
});

describe('the shipped message', () => {
  let templateId: number;
  let priTmplId: string;

  beforeAll(async () => {
    const added = await server.call(
      api.addMessageTemplate,
      { Tid: 1856, Title: '发货提醒', Kids: [1, 2, 3, 4], SceneDesc: '发货通知' },
      { token: admin },
    );
    templateId = added.body.Id;
    priTmplId = added.body.PriTmplId;
  });

  it('binds only keywords the template has and fields the scene has', async () => {
    const scene = await server.call(api.getMessageScene, { Scene: 'orderShipped' }, { token: admin });
    const base = {
      Scene: 'orderShipped',
      TemplateId: templateId,
      Page: 'pages/order/detail',
      Enabled: true,
      Version: scene.body.Version,
    };
    expectError(
      await server.call(
        api.setMessageScene,
        { ...base, Mapping: [{ Key: 'thing9', Field: 'orderNo' }] },
        { token: admin },
      ),
      'The template has no keyword thing9',
    );
    expectError(
      await server.call(
        api.setMessageScene,
        { ...base, Mapping: [{ Key: 'character_string1', Field: 'couponName' }] },
        { token: admin },
      ),
      'The scene has no field “couponName”',
    );
    expectError(
      await server.call(
        api.setMessageScene,
        { ...base, Mapping: [{ Key: 'character_string1', Field: 'orderNo' }] },
        { token: admin },
      ),
      /thing2 has none/,
    );
    const saved = await server.call(
      api.setMessageScene,
      {
        ...base,
        Mapping: [
          { Key: 'character_string1', Field: 'orderNo' },
          { Key: 'thing2', Field: 'goodsName' },
          { Key: 'thing3', Field: 'carrier' },
          { Key: 'character_string4', Field: 'trackingNo' },
        ],
      },
      { token: admin },
    );
    expect(saved.body.Errmsg).toBe('');
    expectError(await server.call(api.setMessageScene, { ...base, Mapping: [] }, { token: site2 }));
  });

  async function shippedOrder(buyerId: string) {
    const sku = await prepareSku(server, MALL_SITE, 50, { skip: 3 });
    const order = await placeOrder(server, key, sku, 1, {
      Buyer: { Id: buyerId, Name: '李四', Phone: '13800000009' },
    });
    await storefront(server, key, (await import('../../contract/endpoints/storefront')).payOrder, {
      OrderNo: order.OrderNo,
      BuyerId: buyerId,
      PaymentMethod: 'wechat',
      AmountFen: order.TotalFen,
    });
    const id = await orderId(server, order.OrderNo);
    const [row] = await server.query<{ version: number }>(sql`select version from orders where id = ${id}`);
    const shipped = await server.call(
      bindOrderState,
      { Action: 'ship', Id: id, Version: row!.version, Carrier: 'SF', TrackingNo: `SF${id}0001` },
      { token: admin },
    );
    expect(shipped.body.Errmsg).toBe('');
    return { id, orderNo: order.OrderNo };
  }

  it('sends once to a buyer who accepted it, and records a refusal for one who did not', async () => {
    const consent = await storefront(server, key, api.reportMessageSubscribe, {
      BuyerId: 'buyer-consents',
      Results: [{ TemplateId: priTmplId, Result: 'accept' }],
    });
    expect(consent.body.Consents).toEqual([{ TemplateId: priTmplId, Remaining: 1 }]);
    const accepted = await shippedOrder('buyer-consents');
    const declined = await shippedOrder('buyer-declines');
    await sweep();
    const sends = standIn
      .sent('/cgi-bin/message/subscribe/send')
      .filter((call) => call.body.touser === 'buyer-consents');
    expect(sends).toHaveLength(1);
    expect(sends[0]!.body).toMatchObject({
      template_id: priTmplId,
      page: 'pages/order/detail',
      data: {
        character_string1: { value: accepted.orderNo },
        thing3: { value: '顺丰速运' },
        character_string4: { value: `SF${accepted.id}0001` },
      },
    });
    expect(
      standIn.sent('/cgi-bin/message/subscribe/send').some((call) => call.body.touser === 'buyer-declines'),
    ).toBe(false);
    const details = await server.call(api.getMessageDeliveryList, { keyword: '李四' }, { token: admin });
    const states = details.body.Data.map((row) => row.State).sort();
    expect(states).toEqual(['refused', 'sent']);
    expect(declined.orderNo).not.toBe(accepted.orderNo);
    // The acceptance was used: the next parcel to the same buyer is refused.
    await shippedOrder('buyer-consents');
    await sweep();
    expect(
      standIn.sent('/cgi-bin/message/subscribe/send').filter((call) => call.body.touser === 'buyer-consents'),
    ).toHaveLength(1);
  });

  it('maps WeChat’s errcode onto the delivery', async () => {
    await storefront(server, key, api.reportMessageSubscribe, {
      BuyerId: 'buyer-stale-openid',
      Results: [{ TemplateId: priTmplId, Result: 'accept' }],
    });
    standIn.sendAnswers.set('buyer-stale-openid', 40003);
    await shippedOrder('buyer-stale-openid');
    await sweep();
    const [row] = await server.query<{ state: string; errcode: number }>(
      sql`select state, errcode from message_deliveries where open_id = 'buyer-stale-openid'`,
    );
    expect(row).toEqual({ state: 'failed', errcode: 40003 });
    const details = await server.call(
      api.getMessageDeliveryList,
      { state: 'failed' },
      { token: admin, locale: 'zh-CN' },
    );
    expect(details.body.Data.map((entry) => entry.Reason)).toContain('用户 openid 不属于该小程序');
  });
});

describe('the outbox', () => {
  it('never sends a message twice when two instances drain at once', async () => {
    const rows = Array.from({ length: 40 }, (_, index) => index);
    for (const index of rows)
      await server.query(
        sql`insert into message_deliveries (site_id, kind, open_id, payload, state, idempotency_key)
            values (${MALL_SITE}, 'subscribe', ${`race-${index}`},
                    ${JSON.stringify({ touser: `race-${index}`, template_id: 'pri-race', data: { thing1: { value: 'x' } } })}::jsonb,
                    'pending', ${`race:${index}`})`,
      );
    const adminUrl = process.env.TEST_DATABASE_URL;
    // On PostgreSQL the second instance is a second pool on the same database; PGlite has one connection.
    const url = adminUrl
      ? (await server.query<{ name: string }>(sql`select current_database() as name`))[0]!.name
      : null;
    const other =
      url && adminUrl
        ? await openDatabase({ databaseUrl: adminUrl.replace(/\/[^/]*$/, `/${url}`), poolSize: 5 })
        : null;
    const now = new Date();
    await Promise.all([
      drainMessages(server.database.db, now, environment()),
      drainMessages(other?.db ?? server.database.db, now, environment()),
      drainMessages(server.database.db, now, environment()),
      drainMessages(other?.db ?? server.database.db, now, environment()),
    ]);
    await other?.close();
    const raced = standIn
      .sent('/cgi-bin/message/subscribe/send')
      .filter((call) => String(call.body.touser).startsWith('race-'));
    expect(raced).toHaveLength(40);
    expect(new Set(raced.map((call) => call.body.touser)).size).toBe(40);
    const [left] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from message_deliveries where open_id like 'race-%' and state <> 'sent'`,
    );
    expect(left!.count).toBe(0);
  });

  it('fails a claim left by a process that died mid-send instead of sending it again', async () => {
    await server.query(
      sql`insert into message_deliveries (site_id, kind, open_id, payload, state, idempotency_key, attempts, lease_until)
          values (${MALL_SITE}, 'subscribe', 'died-mid-send', '{"touser":"died-mid-send"}'::jsonb, 'sending', 'died:1', 1,
                  now() - interval '1 minute')`,
    );
    await sweep();
    const [row] = await server.query<{ state: string; errcode: number }>(
      sql`select state, errcode from message_deliveries where idempotency_key = 'died:1'`,
    );
    expect(row).toEqual({ state: 'failed', errcode: -101 });
    expect(
      standIn.sent('/cgi-bin/message/subscribe/send').some((call) => call.body.touser === 'died-mid-send'),
    ).toBe(false);
  });
});

describe('mass sends', () => {
  it('send to a tag, scheduled, with a result per member', async () => {
    const [template] = await server.query<{ id: number; pri_tmpl_id: string }>(
      sql`select id, pri_tmpl_id from message_templates where site_id = ${MALL_SITE} and title = '新品上架通知'`,
    );
    const members = await server.query<{ id: number; open_id: string }>(
      sql`select id, open_id from members where site_id = ${MALL_SITE} and 'VIP' = any(tags) and status = 'active' order by id`,
    );
    expect(members.length).toBeGreaterThan(1);
    standIn.sendAnswers.set(members[0]!.open_id, 43101);
    const at = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const input = {
      TemplateId: template!.id,
      Values: { thing1: '冬季上新', time2: '2026-12-01 10:00', thing3: '会员九折' },
      Page: 'pages/index/index',
      Target: { Kind: 'tag', Tag: 'VIP' },
      ScheduledAt: at,
      RequestKey: 'test-send-vip-1',
    };
    const created = await server.call(api.createMessageSend, input, { token: admin });
    expect(created.body.Errmsg).toBe('');
    // A double submit makes one send.
    expect((await server.call(api.createMessageSend, input, { token: admin })).body.Id).toBe(created.body.Id);
    await sweep();
    const waiting = await server.call(api.getMessageDeliveryList, { id: created.body.Id }, { token: admin });
    expect(waiting.body.Send!.State).toBe('scheduled');
    expect(waiting.body.Total).toBe(0);
    await server.query(
      sql`update message_sends set scheduled_at = now() - interval '1 minute' where id = ${created.body.Id}`,
    );
    await sweep();
    const details = await server.call(api.getMessageDeliveryList, { id: created.body.Id }, { token: admin });
    expect(details.body.Send!.State).toBe('done');
    expect(details.body.Total).toBe(members.length);
    const consented = await server.query<{ open_id: string }>(
      sql`select open_id from message_deliveries where send_id = ${created.body.Id} and state <> 'refused' or
            (send_id = ${created.body.Id} and errcode = 43101 and open_id = ${members[0]!.open_id})`,
    );
    expect(consented.length).toBeGreaterThan(0);
    const firstMember = await server.query<{ state: string; errcode: number }>(
      sql`select state, errcode from message_deliveries where send_id = ${created.body.Id} and member_id = ${members[0]!.id}`,
    );
    expect(firstMember[0]!.state).toBe('refused');
  });

  it('name the field of bad input', async () => {
    const [template] = await server.query<{ id: number }>(
      sql`select id from message_templates where site_id = ${MALL_SITE} and title = '新品上架通知'`,
    );
    const base = {
      TemplateId: template!.id,
      Values: { thing1: 'a', time2: 'b', thing3: 'c' },
      Page: '',
      Target: { Kind: 'all' },
      RequestKey: 'bad-input-1',
    };
    expectError(
      await server.call(api.createMessageSend, { ...base, Values: { thing1: 'a' } }, { token: admin }),
      /has none/,
    );
    expectError(
      await server.call(
        api.createMessageSend,
        { ...base, Target: { Kind: 'grade', GradeId: 99999 } },
        { token: admin },
      ),
      /No such grade/,
    );
    expectError(
      await server.call(
        api.createMessageSend,
        { ...base, Target: { Kind: 'tag', Tag: '没有这个标签' } },
        { token: admin },
      ),
      'No member matches this target',
    );
    expectError(
      await server.call(
        api.createMessageSend,
        { ...base, ScheduledAt: '2020-01-01T00:00:00Z' },
        { token: admin },
      ),
      'Choose a time from now on',
    );
    expectError(await server.call(api.createMessageSend, base, { token: site2 }), /No such template/);
  });
});

describe('customer service', () => {
  /** A buyer's message as WeChat pushes it to the platform's message URL for the shop's mini-program. */
  const push = (message: Record<string, string | number>, options: { badSignature?: boolean } = {}) => {
    const delivery = standIn.platform.push(
      { ToUserName: TEST_AUTHORIZER.userName, CreateTime: 1_790_000_000, ...message },
      options,
    );
    return server.app.inject({
      method: 'POST',
      url: `${API_BASE}${miniProgram.messageNotify.path}?appid=${TEST_AUTHORIZER.appId}&${delivery.query}`,
      headers: { 'content-type': 'text/xml' },
      payload: delivery.body,
    });
  };

  it('has one push address: the messages area’s own is gone', async () => {
    const old = await server.app.inject({ method: 'POST', url: `${API_BASE}/storefront/WechatMessagePush` });
    expect(old.statusCode).toBe(404);
  });

  it('logs a pushed message once however often it is replayed, and answers it by keyword', async () => {
    const message = {
      FromUserName: 'buyer-chat',
      MsgType: 'text',
      Content: '请问营业时间',
      MsgId: 77001,
      CreateTime: 1,
    };
    expect((await push(message, { badSignature: true })).statusCode).toBe(401);
    const created = await server.call(
      api.bindAutoReply,
      {
        Keyword: '营业时间',
        Match: 'contains',
        Reply: { Kind: 'text', Text: '每天 9 点到 21 点' },
        Status: 'on',
      },
      { token: admin },
    );
    expect(created.body.Errmsg).toBe('');
    const first = await push(message);
    expect(first.body).toBe('success');
    await push(message);
    await sweep();
    const rows = await server.query<{ direction: string }>(
      sql`select direction from customer_messages where open_id = 'buyer-chat' order by id`,
    );
    expect(rows.map((row) => row.direction)).toEqual(['in', 'out']);
    const answers = standIn
      .sent('/cgi-bin/message/custom/send')
      .filter((call) => call.body.touser === 'buyer-chat');
    expect(answers.map((call) => call.body.text)).toEqual([{ content: '每天 9 点到 21 点' }]);
    expect((await server.call(api.getAutoReply, { Id: created.body.Id }, { token: admin })).body.Hits).toBe(
      1,
    );
  });

  it('refuses a reply outside the 48-hour window with a clear message', async () => {
    await push({
      FromUserName: 'buyer-old',
      MsgType: 'text',
      Content: '在吗',
      MsgId: 77002,
    });
    const [incoming] = await server.query<{ id: number }>(
      sql`select id from customer_messages where open_id = 'buyer-old' and direction = 'in'`,
    );
    const reply = { Id: incoming!.id, Reply: { Kind: 'text', Text: '在的' } };
    expect((await server.call(api.replyCustomerMessage, reply, { token: admin })).body.Errmsg).toBe('');
    await server.query(
      sql`update customer_messages set created_at = now() - interval '49 hours' where id = ${incoming!.id}`,
    );
    expectError(
      await server.call(api.replyCustomerMessage, reply, { token: admin }),
      /within 48 hours.*49 hours ago/,
    );
    expectError(
      await server.call(api.replyCustomerMessage, reply, { token: site2 }),
      'No such record in this shop',
    );
  });

  it('shows WeChat’s 45015 as the window having closed', async () => {
    standIn.sendAnswers.set('buyer-late', 45015);
    await push({
      FromUserName: 'buyer-late',
      MsgType: 'text',
      Content: '你好',
      MsgId: 77003,
    });
    await sweep();
    const log = await server.call(
      api.getCustomerMessageList,
      { direction: 'out', keyword: '稍后回复' },
      { token: admin },
    );
    const late = log.body.Data.find((row) => row.OpenId === 'buyer-late')!;
    expect(late.State).toBe('failed');
    expect(late.Reason).toBe(
      'The buyer last wrote more than 48 hours ago, so WeChat no longer accepts answers',
    );
  });

  it('checks auto-replies: the field of a bad reply, another shop’s rows', async () => {
    const bad = await server.call(
      api.bindAutoReply,
      { Keyword: '卡片', Match: 'exact', Reply: { Kind: 'card', CardTitle: '看看' }, Status: 'on' },
      { token: admin },
    );
    expectError(bad);
    const [mine] = await server.query<{ id: number }>(
      sql`select id from auto_replies where site_id = ${MALL_SITE} limit 1`,
    );
    expectError(
      await server.call(api.getAutoReply, { Id: mine!.id }, { token: site2 }),
      'No such record in this shop',
    );
    expect((await server.call(api.delAutoReply, { Ids: [mine!.id] }, { token: site2 })).body.Deleted).toBe(0);
  });
});
