import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as live from '../../contract/endpoints/live-rooms';
import * as api from '../../contract/endpoints/wechat-messages';
import { messagesSweep } from '../../server/areas/wechat-messages/outbox';
import { enqueueSceneMessage, environmentOf } from '../../server/areas/wechat-messages/service';
import { loadConfig } from '../../server/config';
import { createFileStore } from '../../server/storage/file-store';
import { startTestServer, type TestServer } from './harness';
import { expectError, SECOND_SITE } from './order-helpers';
import { TEST_ENV } from './test-env';
import { PLATFORM_ENV } from './wechat-platform-stand-in';
import { authoriseMiniProgram, startWechatStandIn, type WechatStandIn } from './wechat-stand-in';

/**
 * With the platform configured, a shop that has not authorised its mini-program to it: its message
 * and live-room calls are refused with what to do, its scene messages are failed with that reason,
 * and nothing of it reaches WeChat. The mall, authorised, goes on calling.
 */

let server: TestServer;
let standIn: WechatStandIn;
let admin: string;
let site2: string;

const platformEnv = () => ({ ...PLATFORM_ENV, WECHAT_API_BASE: standIn.url });
const PNG = `data:image/png;base64,${Buffer.from('89504e470d0a1a0a', 'hex').toString('base64')}`;
const hours = (count: number) => new Date(Date.now() + count * 3600_000).toISOString();
const ROOM = {
  Title: '未授权店铺直播',
  Cover: PNG,
  ShareImage: PNG,
  AnchorName: '小美',
  AnchorWechat: 'anchor_01',
  StartsAt: hours(2),
  EndsAt: hours(4),
  Type: 'phone',
  CloseComment: false,
  CloseShare: true,
} as const;

const EN =
  'The shop’s mini-program is not authorised to the platform, so nothing can be sent to WeChat: authorise the mini-program under Mini-program management first';
const ZH = '本店小程序尚未授权给第三方平台，无法调用微信：请先在小程序管理中授权小程序';

beforeAll(async () => {
  standIn = await startWechatStandIn();
  server = await startTestServer({ env: platformEnv() });
  admin = await server.login('admin');
  site2 = await server.login('site2');
  await authoriseMiniProgram(server, standIn, admin);
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

describe('a shop that has not authorised its mini-program', () => {
  it('is told so by the reach call the screens show their notice from; the authorised mall is not', async () => {
    const second = await server.call(api.getMiniProgramReach, {}, { token: site2 });
    expect(second.body).toMatchObject({ Errcode: 0, Provider: 'wechat', AuthoriseFirst: true });
    const mall = await server.call(api.getMiniProgramReach, {}, { token: admin });
    expect(mall.body).toMatchObject({ Provider: 'wechat', AuthoriseFirst: false });
    expect((await server.call(api.getMiniProgramReach, {}, {})).status).toBe(401);
  });

  it('gets message and live-room calls refused with what to do, in English and Chinese, calling nothing', async () => {
    const before = standIn.calls.length;
    expectError(await server.call(api.getLibraryTitles, {}, { token: site2, locale: 'en' }), EN);
    expectError(await server.call(api.getLibraryTitles, {}, { token: site2, locale: 'zh' }), ZH);
    expectError(
      await server.call(
        api.addMessageTemplate,
        { Tid: 1856, Title: '发货', Kids: [1, 2], SceneDesc: '发货通知' },
        { token: site2, locale: 'en' },
      ),
      EN,
    );
    expectError(await server.call(live.createLiveRoom, ROOM, { token: site2, locale: 'en' }), EN);
    expect(standIn.calls.slice(before)).toEqual([]);
    const [rooms] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from live_rooms where site_id = ${SECOND_SITE} and title = ${ROOM.Title}`,
    );
    expect(rooms!.count).toBe(0);
    // The authorised mall's calls still go to WeChat.
    const titles = await server.call(api.getLibraryTitles, {}, { token: admin });
    expect(titles.body).toMatchObject({ Errcode: 0, Provider: 'wechat' });
    expect(standIn.calls.length).toBeGreaterThan(before);
  });

  it('has its scene messages failed with the reason instead of sent', async () => {
    // The shop's shipped scene, bound while it was still authorised, and a buyer who accepted it.
    const [template] = await server.query<{ id: number }>(
      sql`insert into message_templates (site_id, pri_tmpl_id, tid, title, scene_desc, keywords, provider)
          values (${SECOND_SITE}, 'unauthorised-shipped', 1856, '发货提醒', '发货通知',
                  '[{"Key":"character_string1","Name":"订单号","Rule":"character_string"}]'::jsonb, 'wechat')
          returning id`,
    );
    await server.query(
      sql`insert into message_scenes (site_id, scene, template_id, mapping, enabled)
          values (${SECOND_SITE}, 'orderShipped', ${template!.id},
                  '[{"Key":"character_string1","Field":"orderNo","Text":""}]'::jsonb, true)`,
    );
    await server.query(
      sql`insert into message_consents (site_id, open_id, pri_tmpl_id, remaining, last_result)
          values (${SECOND_SITE}, 'unauthorised-buyer', 'unauthorised-shipped', 1, 'accept')`,
    );
    await server.database.db.transaction((tx) =>
      enqueueSceneMessage(tx, {
        siteId: SECOND_SITE,
        scene: 'orderShipped',
        openId: 'unauthorised-buyer',
        fields: { orderNo: 'U0001' },
        key: 'unauthorised:U0001',
        now: new Date(),
      }),
    );
    const before = standIn.calls.length;
    const config = loadConfig({ ...TEST_ENV, ...platformEnv() });
    const environment = environmentOf(config, createFileStore(config.storage));
    // The send kicked off by the commit may hold the row; sweep until it is settled either way.
    const settled = async () => {
      for (let round = 0; round < 50; round += 1) {
        await messagesSweep(server.database.db, new Date(), environment);
        const [row] = await server.query<{ state: string; errcode: number; attempts: number }>(
          sql`select state, errcode, attempts from message_deliveries
               where site_id = ${SECOND_SITE} and idempotency_key = 'unauthorised:U0001'`,
        );
        if (row && row.state !== 'pending' && row.state !== 'sending') return row;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('the message is still waiting after 50 sweeps');
    };
    const delivery = await settled();
    expect(standIn.calls.slice(before)).toEqual([]);
    expect(delivery).toEqual({ state: 'failed', errcode: 61003, attempts: 1 });
    const listed = await server.call(
      api.getMessageDeliveryList,
      { state: 'failed' },
      { token: site2, locale: 'en' },
    );
    expect(listed.body.Data).toHaveLength(1);
    expect(listed.body.Data[0]).toMatchObject({
      Scene: 'orderShipped',
      State: 'failed',
      Errcode: 61003,
      Reason:
        'The mini-program has not authorised the platform, so nothing was sent; authorise it under Mini-program management first',
    });
  });
});
