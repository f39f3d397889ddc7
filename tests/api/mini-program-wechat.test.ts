import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract/endpoint';
import * as api from '../../contract/endpoints/mini-program';
import { drainMiniProgramSteps } from '../../server/areas/mini-program/service';
import { loadConfig } from '../../server/config';
import { startTestServer, type TestServer } from './harness';
import { TEST_ENV } from './test-env';
import {
  PLATFORM_ENV,
  startWechatPlatformStandIn,
  TEST_AUTHORIZER,
  type WechatPlatformStandIn,
} from './wechat-platform-stand-in';

let standIn: WechatPlatformStandIn;
let server: TestServer;
let admin: string;
let config: ReturnType<typeof loadConfig>;
let clock = Date.now();

beforeAll(async () => {
  standIn = await startWechatPlatformStandIn();
  const env = { ...PLATFORM_ENV, WECHAT_API_BASE: standIn.url };
  config = loadConfig({ ...TEST_ENV, ...env });
  server = await startTestServer({ env });
  admin = await server.login('admin');
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

function post(path: string, delivery: { query: string; body: string }) {
  return server.app.inject({
    method: 'POST',
    url: `${API_BASE}${path}?${delivery.query}`,
    headers: { 'content-type': 'text/xml' },
    payload: delivery.body,
  });
}

/** One run of the sweep, a little later each time so retries fall due. */
async function drain() {
  clock += 2 * 60 * 60 * 1000;
  return drainMiniProgramSteps(server.database.db, new Date(clock), config);
}

async function version(id: number) {
  const info = await server.call(api.getVersionInfo, { id }, { token: admin });
  expect(info.body.Errmsg).toBe('');
  return info.body;
}

const ticketPush = () =>
  standIn.push({
    AppId: PLATFORM_ENV.WECHAT_COMPONENT_APP_ID,
    CreateTime: Math.floor(Date.now() / 1000),
    InfoType: 'component_verify_ticket',
    ComponentVerifyTicket: standIn.ticket,
  });

const auditPush = (event: string, createTime: number, extra: Record<string, string> = {}) =>
  standIn.push({
    ToUserName: TEST_AUTHORIZER.userName,
    FromUserName: 'od1P50M-fNQI5Gcq-trm4a7apsU8',
    CreateTime: createTime,
    MsgType: 'event',
    Event: event,
    ...extra,
  });

describe('pushes and the platform token', () => {
  it('refuses a ticket push whose signature does not hold, and stores a genuine one', async () => {
    const forged = await post(
      api.componentNotify.path,
      standIn.push(
        { InfoType: 'component_verify_ticket', ComponentVerifyTicket: 'forged' },
        { badSignature: true },
      ),
    );
    expect(forged.statusCode).toBe(401);
    const notXml = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}${api.componentNotify.path}?timestamp=1&nonce=a&msg_signature=${'0'.repeat(40)}`,
      headers: { 'content-type': 'text/xml' },
      payload: '<html>no</html>',
    });
    expect(notXml.statusCode).toBe(400);
    expect(await server.query(sql`select ticket from wechat_verify_tickets`)).toEqual([]);
    const genuine = await post(api.componentNotify.path, ticketPush());
    expect(genuine.statusCode).toBe(200);
    expect(genuine.body).toBe('success');
    expect(await server.query(sql`select ticket from wechat_verify_tickets`)).toEqual([
      { ticket: standIn.ticket },
    ]);
  });

  it('fetches the component token once for ten calls at the same moment', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => server.call(api.getCodeTemplates, {}, { token: admin })),
    );
    for (const answer of answers) {
      expect(answer.body.Provider).toBe('wechat');
      expect(answer.body.Data.map((template) => template.TemplateId)).toEqual([7, 6]);
    }
    expect(standIn.count('/cgi-bin/component/api_component_token')).toBe(1);
    const [row] = await server.query<{ token_sealed: string }>(
      sql`select token_sealed from wechat_tokens where key like 'component:%'`,
    );
    expect(row!.token_sealed).toMatch(/^v1\./);
  });
});

describe('authorisation', () => {
  it('starts at WeChat’s page with a pre-auth code and keeps the refresh token sealed', async () => {
    const before = await server.call(api.getAuthorization, {}, { token: admin });
    expect(before.body).toMatchObject({ Provider: 'wechat', Status: 'none', AppId: '' });
    const started = await server.call(api.startAuthorization, {}, { token: admin });
    const url = new URL(started.body.Url);
    expect(url.origin + url.pathname).toBe('https://mp.weixin.qq.com/cgi-bin/componentloginpage');
    expect(url.searchParams.get('component_appid')).toBe(PLATFORM_ENV.WECHAT_COMPONENT_APP_ID);
    expect(url.searchParams.get('pre_auth_code')).toMatch(/^preauthcode@@@/);
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/smallRoutine\/smallRoutineSupervise$/);

    const wrong = await server.call(
      api.completeAuthorization,
      { AuthCode: 'authcode@@@wrong' },
      { token: admin, locale: 'en' },
    );
    expect(wrong.body.Errcode).toBe(-1);
    expect(wrong.body.Errmsg).toBe(
      'WeChat refused: The authorisation code is not valid; authorise again (61006)',
    );
    const done = await server.call(
      api.completeAuthorization,
      { AuthCode: standIn.authCode },
      { token: admin },
    );
    expect(done.body).toMatchObject({
      Provider: 'wechat',
      Status: 'authorized',
      AppId: TEST_AUTHORIZER.appId,
      NickName: '替身小程序',
      PrincipalName: '替身公司',
      Permissions: [17, 18],
      Domains: { Request: ['https://api.example.com'] },
    });
    const [stored] = await server.query<{ refresh_token_sealed: string }>(
      sql`select refresh_token_sealed from wechat_authorizers where provider = 'wechat'`,
    );
    expect(stored!.refresh_token_sealed).toMatch(/^v1\./);
    expect(stored!.refresh_token_sealed).not.toContain('refreshtoken@@@');
  });
});

describe('a version from commit to release and back', () => {
  let first = 0;
  let second = 0;

  it('commits with the shop’s ext config, sent at once after the change is saved', async () => {
    const committed = await server.call(
      api.commitVersion,
      { TemplateId: 7, UserVersion: '3.0.0', UserDesc: '替身版本' },
      { token: admin },
    );
    expect(committed.body.Errmsg).toBe('');
    first = committed.body.Id;
    expect(standIn.count('/wxa/commit')).toBe(1);
    expect(standIn.count('/cgi-bin/component/api_authorizer_token')).toBe(1);
    const call = standIn.calls.find((entry) => entry.path === '/wxa/commit')!;
    const ext = JSON.parse(String(call.body.ext_json));
    expect(ext).toMatchObject({ extEnable: true, extAppid: TEST_AUTHORIZER.appId, ext: { siteId: 1 } });
    expect(ext.ext.studioTemplateId).toBeGreaterThan(0);
    expect(ext.ext.storefrontKeyPrefix).not.toBe('');
    expect(call.body).toMatchObject({ template_id: 7, user_version: '3.0.0', user_desc: '替身版本' });
    const uploaded = await version(first);
    expect(uploaded.Status).toBe('uploaded');
    expect(uploaded.Timeline.map((event) => event.Event)).toEqual(['commit', 'uploaded']);
    await drain();
    expect(standIn.count('/wxa/commit')).toBe(1);
  });

  it('sends a queued step once when two instances sweep at the same moment', async () => {
    const [queued] = await server.query<{ id: number }>(
      sql`insert into mini_program_versions (site_id, provider, app_id, template_id, user_version, user_desc, ext_json, status)
          values (1, 'wechat', ${TEST_AUTHORIZER.appId}, 6, '2.9.9', 'queued', '{}', 'uploading') returning id`,
    );
    await server.query(
      sql`insert into outbox (site_id, kind, idempotency_key, payload)
          values (1, 'miniProgram.commit', ${`miniProgram.commit:${queued!.id}:1`},
                  ${JSON.stringify({ versionId: queued!.id, step: 1 })}::jsonb)`,
    );
    const before = standIn.count('/wxa/commit');
    const at = new Date(clock + 60_000);
    await Promise.all([
      drainMiniProgramSteps(server.database.db, at, config),
      drainMiniProgramSteps(server.database.db, at, config),
    ]);
    expect(standIn.count('/wxa/commit')).toBe(before + 1);
    expect((await version(queued!.id)).Status).toBe('uploaded');
  });

  it('shows the experience QR and the audit options WeChat lists', async () => {
    const qr = await server.call(api.getExperienceQr, { id: first }, { token: admin });
    expect(qr.body.Image).toMatch(/^data:image\/jpeg;base64,/);
    const options = await server.call(api.getAuditOptions, { id: first }, { token: admin });
    expect(options.body.Pages).toEqual(['pages/index/index', 'pages/goods/detail']);
    expect(options.body.Categories[0]).toMatchObject({ FirstId: 304, SecondId: 321 });
  });

  const item = {
    Address: 'pages/index/index',
    Tag: '食品 商城',
    Title: '首页',
    FirstClass: '商家自营',
    SecondClass: '食品',
    FirstId: 304,
    SecondId: 321,
  };

  it('returns the version with WeChat’s reason when the audit submission is refused, in the reader’s language', async () => {
    standIn.failNext('/wxa/submit_audit', 85009, 'already submitted');
    const submitted = await server.call(api.submitAudit, { Id: first, Items: [item] }, { token: admin });
    expect(submitted.body.Errmsg).toBe('');
    const refused = await server.call(api.getVersionInfo, { id: first }, { token: admin, locale: 'en' });
    expect(refused.body.Status).toBe('uploaded');
    expect(refused.body.Reason).toBe('Another version is under audit already (85009)');
    const inChinese = await server.call(api.getVersionInfo, { id: first }, { token: admin, locale: 'zh' });
    expect(inChinese.body.Reason).toBe('已经有正在审核的版本 (85009)');
  });

  it('fetches a new authorizer token when WeChat calls the old one expired, and retries', async () => {
    standIn.expireAuthorizerToken();
    await server.call(
      api.submitAudit,
      { Id: first, Items: [item], VersionDesc: '首页与商品' },
      { token: admin },
    );
    // The send right after the save met the expired token; the sweep's retry fetches a new one.
    expect((await version(first)).Status).toBe('submitting');
    await drain();
    const auditing = await version(first);
    expect(auditing.Status).toBe('auditing');
    expect(auditing.AuditId).toMatch(/^\d+$/);
    expect(standIn.count('/cgi-bin/component/api_authorizer_token')).toBe(2);
    const sent = standIn.calls.filter((call) => call.path === '/wxa/submit_audit').at(-1)!;
    expect(sent.body).toMatchObject({
      item_list: [{ address: 'pages/index/index', first_id: 304 }],
      version_desc: '首页与商品',
    });
  });

  it('acts once on an audit push sent twice, and refuses a forged one', async () => {
    const forged = await post(`${api.messageNotify.path}`, {
      ...auditPush('weapp_audit_fail', 1),
      query: `appid=${TEST_AUTHORIZER.appId}&timestamp=1&nonce=x&msg_signature=${'a'.repeat(40)}`,
    });
    expect(forged.statusCode).toBe(401);
    const push = auditPush('weapp_audit_success', 1_790_000_100, { SuccTime: '1790000100' });
    const delivery = { ...push, query: `appid=${TEST_AUTHORIZER.appId}&${push.query}` };
    const [one, two] = await Promise.all([
      post(api.messageNotify.path, delivery),
      post(api.messageNotify.path, delivery),
    ]);
    expect([one.body, two.body]).toEqual(['success', 'success']);
    const approved = await version(first);
    expect(approved.Status).toBe('approved');
    expect(approved.Timeline.filter((event) => event.Event === 'approve')).toHaveLength(1);
  });

  it('releases, supersedes the release with the next version, and rolls back to it', async () => {
    await server.call(api.releaseVersion, { Ids: [first] }, { token: admin });
    await drain();
    expect((await version(first)).Status).toBe('released');
    expect((await server.call(api.getAuthorization, {}, { token: admin })).body.ReleasedVersion).toBe(
      '3.0.0',
    );

    const committed = await server.call(
      api.commitVersion,
      { TemplateId: 6, UserVersion: '3.0.1', UserDesc: '下一版' },
      { token: admin },
    );
    second = committed.body.Id;
    await drain();
    await server.call(api.submitAudit, { Id: second, Items: [item] }, { token: admin });
    await drain();
    const push = auditPush('weapp_audit_success', 1_790_000_200);
    await post(api.messageNotify.path, { ...push, query: `appid=${TEST_AUTHORIZER.appId}&${push.query}` });
    await server.call(api.releaseVersion, { Ids: [second] }, { token: admin });
    await drain();
    expect((await version(first)).Status).toBe('superseded');
    expect((await version(second)).Status).toBe('released');

    const illegal = await server.call(api.rollbackVersion, { Ids: [first] }, { token: admin, locale: 'en' });
    expect(illegal.body.Errmsg).toBe(`Code version ${first} cannot do this in its current state`);
    await server.call(api.rollbackVersion, { Ids: [second] }, { token: admin });
    await drain();
    expect((await version(second)).Status).toBe('rolledBack');
    expect((await version(first)).Status).toBe('released');
    expect(standIn.count('/wxa/revertcoderelease')).toBe(1);
  });

  it('keeps a rejection’s reason from WeChat’s push', async () => {
    const committed = await server.call(
      api.commitVersion,
      { TemplateId: 7, UserVersion: '3.1.0', UserDesc: '被拒版本' },
      { token: admin },
    );
    await drain();
    await server.call(api.submitAudit, { Id: committed.body.Id, Items: [item] }, { token: admin });
    await drain();
    const push = auditPush('weapp_audit_fail', 1_790_000_300, {
      Reason: '1:类目不符',
      FailTime: '1790000300',
    });
    await post(api.messageNotify.path, { ...push, query: `appid=${TEST_AUTHORIZER.appId}&${push.query}` });
    const rejected = await version(committed.body.Id);
    expect(rejected.Status).toBe('rejected');
    expect(rejected.Reason).toBe('1:类目不符');
  });

  it('closes the mini-program to visitors at WeChat, and keeps the state when WeChat refuses', async () => {
    const closed = await server.call(api.setVisitStatus, { Open: false }, { token: admin });
    expect(closed.body.VisitOpen).toBe(false);
    const call = standIn.calls.filter((entry) => entry.path === '/wxa/change_visitstatus').at(-1)!;
    expect(call).toMatchObject({ appId: TEST_AUTHORIZER.appId, body: { action: 'close' } });
    standIn.failNext('/wxa/change_visitstatus', 85021, 'status not allowed');
    const refused = await server.call(api.setVisitStatus, { Open: true }, { token: admin, locale: 'en' });
    expect(refused.body.Errmsg).toBe(
      'WeChat refused: The mini-program cannot be set to this visit status now (85021)',
    );
    expect((await server.call(api.getAuthorization, {}, { token: admin })).body.VisitOpen).toBe(false);
    expect((await server.call(api.setVisitStatus, { Open: true }, { token: admin })).body.VisitOpen).toBe(
      true,
    );
  });

  it('revokes the authorisation on WeChat’s unauthorized push', async () => {
    const push = standIn.push({
      AppId: PLATFORM_ENV.WECHAT_COMPONENT_APP_ID,
      CreateTime: 1_790_000_400,
      InfoType: 'unauthorized',
      AuthorizerAppid: TEST_AUTHORIZER.appId,
    });
    expect((await post(api.componentNotify.path, push)).body).toBe('success');
    expect((await server.call(api.getAuthorization, {}, { token: admin })).body.Status).toBe('revoked');
    const refused = await server.call(
      api.commitVersion,
      { TemplateId: 7, UserVersion: '9.0.0', UserDesc: 'x' },
      { token: admin, locale: 'en' },
    );
    expect(refused.body.Errmsg).toBe('Authorise the mini-program to the platform first');
  });
});
