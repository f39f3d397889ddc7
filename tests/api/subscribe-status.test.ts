import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSubscribeStatus } from '../../contract/endpoints/user';
import * as api from '../../contract/endpoints/wechat-messages';
import { startTestServer, type TestServer } from './harness';
import { expectError, MALL_SITE, SECOND_SITE, storefront, storefrontKey } from './order-helpers';

/**
 * GET /user/GetSubscribeStatus: every subscribe-message scene of the caller's shop with its switch
 * and bound template, and whether a member (or the caller's own WeChat) has an acceptance left.
 */

let server: TestServer;
let admin: string;
let site2: string;
let mallKey: string;

type Status = Awaited<ReturnType<typeof status>>;

async function status(token: string, input: Record<string, unknown> = {}) {
  const response = await server.call(getSubscribeStatus, input, { token });
  expect(response.body.Errmsg).toBe('');
  return response.body;
}

function scene(body: Status, name: api.MessageScene) {
  return body.SceneList.find((row) => row.Scene === name)!;
}

async function memberOf(siteId: number, skip = 0) {
  const [member] = await server.query<{ id: number; open_id: string }>(
    sql`select id, open_id from members where site_id = ${siteId} order by id offset ${skip} limit 1`,
  );
  return { id: member!.id, openId: member!.open_id };
}

async function sceneTemplate(siteId: number, name: api.MessageScene) {
  const [row] = await server.query<{ pri_tmpl_id: string }>(
    sql`select t.pri_tmpl_id from message_scenes s join message_templates t on t.id = s.template_id
         where s.site_id = ${siteId} and s.scene = ${name}`,
  );
  return row?.pri_tmpl_id;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  site2 = await server.login('site2');
  mallKey = await storefrontKey(server, admin);
});
afterAll(async () => {
  await server.close();
});

describe('GetSubscribeStatus', () => {
  it('lists every scene with its switch and bound template, and the member’s consent', async () => {
    // A member of the mall who never answered any request: consent nowhere.
    await server.query(
      sql`insert into members (site_id, open_id, nickname, source) values (${MALL_SITE}, 'status-buyer', '订阅状态', 'operator')`,
    );
    const [created] = await server.query<{ id: number }>(
      sql`select id from members where site_id = ${MALL_SITE} and open_id = 'status-buyer'`,
    );
    const memberId = created!.id;
    const before = await status(admin, { MemberId: memberId });
    expect(before.SceneList.map((row) => row.Scene)).toEqual([...api.MESSAGE_SCENES]);
    const shippedTemplate = await sceneTemplate(MALL_SITE, 'orderShipped');
    expect(shippedTemplate).toBeTruthy();
    expect(scene(before, 'orderShipped')).toEqual({
      Scene: 'orderShipped',
      Enabled: true,
      TemplateId: shippedTemplate,
      HasConsent: false,
      Remaining: 0,
    });
    // The demo binds no template to group results: off, with no template to ask for.
    expect(scene(before, 'groupResult')).toMatchObject({ Enabled: false, TemplateId: '', HasConsent: false });
    expect(before.IsSubscribed).toBe(false);

    // The buyer accepts the shipped template twice in the mini-program.
    for (let time = 0; time < 2; time += 1)
      await storefront(server, mallKey, api.reportMessageSubscribe, {
        BuyerId: 'status-buyer',
        Results: [{ TemplateId: shippedTemplate!, Result: 'accept' }],
      });
    const accepted = await status(admin, { MemberId: String(memberId) });
    expect(scene(accepted, 'orderShipped')).toMatchObject({ HasConsent: true, Remaining: 2 });
    expect(scene(accepted, 'orderPaid').HasConsent).toBe(false);
    expect(accepted.IsSubscribed).toBe(true);

    // Switched off for the shop: still bound, consent kept, but the member is not subscribed to anything on.
    const off = await server.call(
      api.setMessageSceneState,
      { Scenes: ['orderShipped'], Enabled: false },
      { token: admin },
    );
    expect(off.body.Errmsg).toBe('');
    const switchedOff = await status(admin, { MemberId: memberId });
    expect(scene(switchedOff, 'orderShipped')).toMatchObject({
      Enabled: false,
      TemplateId: shippedTemplate,
      HasConsent: true,
    });
    expect(switchedOff.IsSubscribed).toBe(false);
    await server.call(
      api.setMessageSceneState,
      { Scenes: ['orderShipped'], Enabled: true },
      { token: admin },
    );
  });

  it('answers for the caller’s own WeChat without a member, and nothing for an account without one', async () => {
    const [account] = await server.query<{ wechat_open_id: string }>(
      sql`select wechat_open_id from accounts where id = ${await server.accountId('admin')}`,
    );
    const paidTemplate = (await sceneTemplate(MALL_SITE, 'orderPaid'))!;
    await storefront(server, mallKey, api.reportMessageSubscribe, {
      BuyerId: account!.wechat_open_id,
      Results: [{ TemplateId: paidTemplate, Result: 'accept' }],
    });
    const own = await status(admin);
    expect(own.IsBound).toBe(true);
    expect(scene(own, 'orderPaid')).toMatchObject({
      TemplateId: paidTemplate,
      HasConsent: true,
      Remaining: 1,
    });
    const editor = await status(await server.login('editor'));
    expect(editor.IsBound).toBe(false);
    expect(editor.SceneList.every((row) => !row.HasConsent)).toBe(true);
  });

  it('names MemberId when it is not a member id', async () => {
    for (const bad of ['abc', '0', '-3', '1.5']) {
      const response = await server.call(getSubscribeStatus, { MemberId: bad }, { token: admin });
      expectError(response);
      const fields = (response.body as unknown as { Errors: { Field: string }[] }).Errors.map(
        (error) => error.Field,
      );
      expect(fields).toEqual(['MemberId']);
    }
    const missing = await server.call(getSubscribeStatus, { MemberId: 99_999_999 }, { token: admin });
    expectError(missing, 'There is no member 99999999 in this shop');
    const chinese = await server.call(
      getSubscribeStatus,
      { MemberId: 99_999_999 },
      { token: admin, locale: 'zh-CN' },
    );
    expectError(chinese, '本店没有会员 99999999');
    expect((await server.call(getSubscribeStatus, {}, {})).status).toBe(401);
  });

  it('keeps shops apart: another shop’s scenes, templates and members never appear', async () => {
    // The second shop binds its own shipped template through the sandbox.
    const added = await server.call(
      api.addMessageTemplate,
      { Tid: 1856, Title: '二店发货', Kids: [1, 2, 3], SceneDesc: '二店发货通知' },
      { token: site2 },
    );
    expect(added.body.Errmsg).toBe('');
    const current = await server.call(api.getMessageScene, { Scene: 'orderShipped' }, { token: site2 });
    const bound = await server.call(
      api.setMessageScene,
      {
        Scene: 'orderShipped',
        TemplateId: added.body.Id,
        Mapping: [
          { Key: 'character_string1', Field: 'orderNo' },
          { Key: 'thing2', Field: 'goodsName' },
          { Key: 'thing3', Field: 'carrier' },
        ],
        Page: 'pages/index/index',
        Enabled: true,
        Version: current.body.Version,
      },
      { token: site2 },
    );
    expect(bound.body.Errmsg).toBe('');
    const secondTemplate = added.body.PriTmplId;
    const mallTemplate = (await sceneTemplate(MALL_SITE, 'orderShipped'))!;
    expect(secondTemplate).not.toBe(mallTemplate);

    const mallSeen = await status(admin);
    const secondSeen = await status(site2);
    expect(scene(mallSeen, 'orderShipped').TemplateId).toBe(mallTemplate);
    expect(scene(secondSeen, 'orderShipped').TemplateId).toBe(secondTemplate);
    // The mall's paid scene is bound; the second shop never bound it, and sees it unbound.
    expect(scene(secondSeen, 'orderPaid')).toMatchObject({ Enabled: false, TemplateId: '' });
    expect(mallSeen.SceneList.some((row) => row.TemplateId === secondTemplate)).toBe(false);

    // A buyer known to both shops under one open id: the mall's consent does not count in the second shop.
    const buyer = await memberOf(MALL_SITE);
    await server.query(
      sql`insert into members (site_id, open_id, nickname, source) values (${SECOND_SITE}, ${buyer.openId}, '两店买家', 'operator')
          on conflict do nothing`,
    );
    await storefront(server, mallKey, api.reportMessageSubscribe, {
      BuyerId: buyer.openId,
      Results: [{ TemplateId: mallTemplate, Result: 'accept' }],
    });
    const [twin] = await server.query<{ id: number }>(
      sql`select id from members where site_id = ${SECOND_SITE} and open_id = ${buyer.openId}`,
    );
    expect(scene(await status(admin, { MemberId: buyer.id }), 'orderShipped').HasConsent).toBe(true);
    expect(scene(await status(site2, { MemberId: twin!.id }), 'orderShipped').HasConsent).toBe(false);
    // The mall's member id is not the second shop's to ask about.
    expectError(await server.call(getSubscribeStatus, { MemberId: buyer.id }, { token: site2 }));
  });
});
