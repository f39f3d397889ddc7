import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract/endpoint';
import * as api from '../../contract/endpoints/mini-program';
import * as batches from '../../contract/endpoints/mini-program-batch';
import { insertBatch, sendBatches } from '../../server/areas/mini-program/batch';
import { newKey } from '../../server/areas/storefront/service';
import { loadConfig } from '../../server/config';
import { startTestServer, type TestServer } from './harness';
import { TEST_ENV } from './test-env';
import {
  PLATFORM_ENV,
  SECOND_AUTHORIZER,
  startWechatPlatformStandIn,
  TEST_AUTHORIZER,
  type WechatPlatformStandIn,
} from './wechat-platform-stand-in';

let standIn: WechatPlatformStandIn;
let server: TestServer;
let admin: string;
let site2: string;
let config: ReturnType<typeof loadConfig>;

beforeAll(async () => {
  standIn = await startWechatPlatformStandIn();
  const env = { ...PLATFORM_ENV, WECHAT_API_BASE: standIn.url };
  config = loadConfig({ ...TEST_ENV, ...env });
  server = await startTestServer({ env });
  admin = await server.login('admin');
  site2 = await server.login('site2');
  const ticket = standIn.push({
    AppId: PLATFORM_ENV.WECHAT_COMPONENT_APP_ID,
    CreateTime: Math.floor(Date.now() / 1000),
    InfoType: 'component_verify_ticket',
    ComponentVerifyTicket: standIn.ticket,
  });
  await server.app.inject({
    method: 'POST',
    url: `${API_BASE}${api.componentNotify.path}?${ticket.query}`,
    headers: { 'content-type': 'text/xml' },
    payload: ticket.body,
  });
  await server.call(api.completeAuthorization, { AuthCode: standIn.authCode }, { token: admin });
  await server.call(api.completeAuthorization, { AuthCode: standIn.secondAuthCode() }, { token: site2 });
  // The official site publishes its page and makes a storefront key: all its commit needs.
  await server.query(
    sql`update module_templates set published_data = data, published_version = 1, published_at = now()
         where site_id = 2 and is_current`,
  );
  const { hash, prefix } = newKey();
  await server.query(
    sql`insert into storefront_keys (site_id, name, key_hash, prefix) values (2, '小程序', ${hash}, ${prefix})`,
  );
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

async function settled(id: number) {
  for (let read = 0; read < 400; read += 1) {
    const info = await server.call(batches.getBatchInfo, { id }, { token: admin, locale: 'en' });
    expect(info.body.Errmsg).toBe('');
    if (info.body.Pending === 0) return info.body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`batch ${id} still pending`);
}

const commits = () => standIn.calls.filter((call) => call.path === '/wxa/commit');

describe('batch commits at WeChat', () => {
  it('lists both shops with their own mini-programs', async () => {
    const sites = await server.call(batches.getBatchSites, {}, { token: admin });
    expect(sites.body.Data.map((site) => [site.SiteId, site.AppId])).toEqual([
      [1, TEST_AUTHORIZER.appId],
      [2, SECOND_AUTHORIZER.appId],
    ]);
  });

  it('commits each shop with its own authorizer token and ext config, once across two instances', async () => {
    const batchId = await server.database.db.transaction((tx) =>
      insertBatch(tx, {
        siteId: 1,
        accountId: 1,
        provider: 'wechat',
        templateId: 7,
        userVersion: '4.0.0',
        userDesc: '两家店',
        apiBase: 'https://shop.example.com/api/storefront',
        siteIds: [1, 2],
      }),
    );
    const before = commits().length;
    await Promise.all([sendBatches(server.database.db, config), sendBatches(server.database.db, config)]);
    const sent = commits().slice(before);
    expect(sent.map((call) => call.appId).sort()).toEqual([TEST_AUTHORIZER.appId, SECOND_AUTHORIZER.appId]);
    for (const call of sent) {
      const ext = JSON.parse(String(call.body.ext_json));
      expect(ext.extAppid).toBe(call.appId);
      expect(ext.ext.siteId).toBe(call.appId === TEST_AUTHORIZER.appId ? 1 : 2);
      expect(call.body).toMatchObject({ template_id: 7, user_version: '4.0.0' });
    }
    const done = await settled(batchId);
    expect(done.Items.map((item) => [item.SiteId, item.Status, item.AppId])).toEqual([
      [1, 'committed', TEST_AUTHORIZER.appId],
      [2, 'committed', SECOND_AUTHORIZER.appId],
    ]);
    const versions = await server.query<{ site_id: number; count: number }>(
      sql`select site_id, count(*)::int as count from mini_program_versions where user_version = '4.0.0'
           group by site_id order by site_id`,
    );
    expect(versions).toEqual([
      { site_id: 1, count: 1 },
      { site_id: 2, count: 1 },
    ]);
  });

  it('keeps a shop’s WeChat refusal on its item while the other shop commits', async () => {
    standIn.failNext('/wxa/commit', 85013, 'invalid ext_json');
    const started = await server.call(
      batches.commitBatch,
      { SiteIds: [1, 2], TemplateId: 7, UserVersion: '4.1.0', UserDesc: '一家失败' },
      { token: admin },
    );
    expect(started.body.Errmsg).toBe('');
    const done = await settled(started.body.Id);
    expect(done).toMatchObject({ Committed: 1, Failed: 1 });
    expect(done.Items.map((item) => [item.SiteId, item.Status, item.Reason])).toEqual([
      [1, 'failed', 'The custom configuration (ext_json) is not valid (85013)'],
      [2, 'committed', ''],
    ]);
    await server.call(batches.retryBatch, { Id: started.body.Id }, { token: admin });
    const retried = await settled(started.body.Id);
    expect(retried).toMatchObject({ Committed: 2, Failed: 0 });
  });
});
