import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeSite,
  getChangeSiteList,
  getExpirySiteList,
  getSiteName,
  setSiteName,
  unbindWechat,
  updatePassword,
} from '../../contract/endpoints/comm';
import { getSubscribeStatus, getUserInfo, logout } from '../../contract/endpoints/user';
import { LoginType } from '../../contract/enums';
import { startTestServer, type TestServer } from './harness';
import { TEST_PASSWORD, TEST_VERIFY_CODE } from './test-env';

let server: TestServer;
let mall: number;
let second: number;
let expired: number;
beforeAll(async () => {
  server = await startTestServer();
  const rows = await server.query<{ id: number }>(sql`select id from sites order by id`);
  [mall, second, expired] = rows.map((row) => row.id) as [number, number, number];
});
afterAll(() => server.close());

async function siteRow(id: number) {
  const [row] = await server.query<{ name: string; version: number }>(
    sql`select name, version from sites where id = ${id}`,
  );
  return row;
}

async function auditRows(action: string) {
  return server.query<{
    site_id: number;
    account_id: number;
    target: string;
    summary: Record<string, unknown>;
  }>(sql`select site_id, account_id, target, summary from audit_log where action = ${action} order by id`);
}

describe('GetSiteName / SetSiteName', () => {
  it('reads the name of the caller’s site', async () => {
    const response = await server.call(getSiteName, {}, { token: await server.login('admin') });
    expect(response.body).toMatchObject({ Errcode: 0, Id: mall, Text: '演示商城' });
  });

  it('renames the caller’s site, bumps its version and writes the audit log', async () => {
    const token = await server.login('admin');
    const before = await siteRow(mall);
    const response = await server.call(setSiteName, { Id: mall, Text: '  春季商城  ' }, { token });
    expect(response.body.Errcode).toBe(0);
    expect((await server.call(getSiteName, {}, { token })).body.Text).toBe('春季商城');
    expect((await siteRow(mall))?.version).toBe(before!.version + 1);
    const [entry] = await auditRows('site.rename');
    expect(entry).toMatchObject({
      site_id: mall,
      account_id: await server.accountId('admin'),
      target: `site:${mall}`,
      summary: { before: '演示商城', after: '春季商城' },
    });
    await server.call(setSiteName, { Id: mall, Text: '演示商城' }, { token });
  });

  it('refuses an empty name with SPEC’s message', async () => {
    const token = await server.login('admin');
    const chinese = await server.call(setSiteName, { Id: mall, Text: '   ' }, { token, locale: 'zh-CN' });
    expect(chinese.body).toMatchObject({ Errcode: -1, Errmsg: '您还未输入站点名称' });
    expect(chinese.body).toHaveProperty('Errors', [{ Field: 'Text', Message: '您还未输入站点名称' }]);
    const english = await server.call(setSiteName, { Id: mall, Text: '' }, { token });
    expect(english.body.Errmsg).toBe('The site name cannot be empty');
    expect((await siteRow(mall))?.name).toBe('演示商城');
  });

  it('refuses a name over 64 characters, naming the field', async () => {
    const response = await server.call(
      setSiteName,
      { Id: mall, Text: 'x'.repeat(65) },
      { token: await server.login('admin') },
    );
    expect(response.body).toMatchObject({ Errcode: -1, Errmsg: 'Text: must be at most 64 characters' });
  });

  it('refuses another site’s id and changes nothing', async () => {
    const before = await siteRow(second);
    const response = await server.call(
      setSiteName,
      { Id: second, Text: 'taken over' },
      { token: await server.login('admin') },
    );
    expect(response.body).toMatchObject({ Errcode: -1, Errmsg: 'This site is not one you can manage' });
    expect(await siteRow(second)).toEqual(before);
  });

  it('lets only the main account rename the site', async () => {
    const response = await server.call(
      setSiteName,
      { Id: mall, Text: 'by a sub-account' },
      { token: await server.login('sub', { siteId: mall }) },
    );
    expect(response.body).toMatchObject({ Errcode: -1, Errmsg: 'Only the main account can rename the site' });
    expect((await siteRow(mall))?.name).toBe('演示商城');
  });
});

describe('UnbindWX', () => {
  it('unbinds WeChat once, then says nothing is bound', async () => {
    const token = await server.login('admin');
    expect((await server.call(getSubscribeStatus, {}, { token })).body.IsBound).toBe(true);
    expect((await server.call(unbindWechat, {}, { token })).body.Errcode).toBe(0);
    expect((await server.call(getSubscribeStatus, {}, { token })).body.IsBound).toBe(false);
    const again = await server.call(unbindWechat, {}, { token, locale: 'zh' });
    expect(again.body).toMatchObject({ Errcode: -1, Errmsg: '当前账号未绑定微信' });
    expect(await auditRows('account.unbindWechat')).toHaveLength(1);
  });
});

describe('UpdatePwd', () => {
  const change = (token: string, OldPwd: string, NewPwd: string, ConfirmPwd = NewPwd, locale?: string) =>
    server.call(updatePassword, { OldPwd, NewPwd, ConfirmPwd }, { token, ...(locale ? { locale } : {}) });

  it('refuses a confirmation that differs, with SPEC’s message', async () => {
    const token = await server.login('editor');
    const response = await change(token, TEST_PASSWORD, 'new-secret-1', 'new-secret-2', 'zh');
    expect(response.body).toMatchObject({ Errcode: -1, Errmsg: '两次输入密码不一致!' });
  });

  it('refuses a new password under 6 characters, naming the field', async () => {
    const response = await change(await server.login('editor'), TEST_PASSWORD, '12345');
    expect(response.body).toMatchObject({ Errcode: -1, Errmsg: 'NewPwd: must be at least 6 characters' });
  });

  it('refuses a new password equal to the old one', async () => {
    const response = await change(await server.login('editor'), TEST_PASSWORD, TEST_PASSWORD);
    expect(response.body).toMatchObject({
      Errcode: -1,
      Errmsg: 'The new password must differ from the old one',
    });
  });

  it('refuses a wrong old password', async () => {
    const response = await change(await server.login('editor'), 'not-the-password', 'new-secret-1');
    expect(response.body).toMatchObject({ Errcode: -1, Errmsg: 'The old password is wrong' });
  });

  it('changes the password: the old one stops working, the new one works, other sessions are revoked', async () => {
    const current = await server.login('editor');
    const elsewhere = await server.login('editor');
    const response = await change(current, TEST_PASSWORD, 'new-secret-1');
    expect(response.body.Errcode).toBe(0);

    expect((await server.call(getUserInfo, {}, { token: current })).body.Errcode).toBe(0);
    expect((await server.call(getUserInfo, {}, { token: elsewhere })).status).toBe(401);

    const old = await server.loginRequest({
      userName: 'editor',
      passWord: TEST_PASSWORD,
      verifyCode: TEST_VERIFY_CODE,
    });
    expect(old.body).toMatchObject({ Errcode: -1, Errmsg: 'The user name or password is wrong' });
    const renewed = await server.login('editor', { password: 'new-secret-1' });
    expect((await server.call(getUserInfo, {}, { token: renewed })).body.UserName).toBe('editor');

    const [entry] = await auditRows('account.password');
    expect(JSON.stringify(entry?.summary)).not.toContain('new-secret-1');
    expect(Number(entry?.summary.revokedSessions)).toBeGreaterThanOrEqual(1);
  });

  it('counts wrong old passwords against the account like failed logins', async () => {
    const token = await server.login('store');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await change(token, `guess-${attempt}`, 'new-secret-1')).body.Errmsg).toBe(
        'The old password is wrong',
      );
    }
    const locked = await change(token, TEST_PASSWORD, 'new-secret-1');
    expect(locked.body.Errmsg).toBe('Too many failed logins for this account; try again in 15 minutes');
    const login = await server.loginRequest({
      userName: 'store',
      passWord: TEST_PASSWORD,
      verifyCode: TEST_VERIFY_CODE,
    });
    expect(login.body.Errmsg).toBe('Too many failed logins for this account; try again in 15 minutes');
  });
});

describe('switch system', () => {
  it('lists the home site and the granted sites with type and creation date', async () => {
    const response = await server.call(getChangeSiteList, {}, { token: await server.login('admin') });
    const dates = await server.query<{ id: number; day: string }>(
      sql`select id, to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day from sites order by id`,
    );
    const day = (id: number) => dates.find((row) => row.id === id)?.day;
    expect(response.body.Data).toEqual([
      { Id: mall, Text: '演示商城', Description: '商城', Url: day(mall) },
      { Id: second, Text: '演示官网', Description: '官网', Url: day(second) },
    ]);
    expect(day(second)).not.toBe(day(mall));
  });

  it('lists only its own site for a sub-account', async () => {
    const response = await server.call(
      getChangeSiteList,
      {},
      { token: await server.login('sub', { siteId: mall }) },
    );
    expect(response.body.Data.map((site) => site.Id)).toEqual([mall]);
  });

  it('switches round trip: ticket, logout, LoginType 3 login on the chosen site', async () => {
    const token = await server.login('admin');
    const ticket = await server.call(changeSite, { Id: second }, { token });
    expect(ticket.body.Errcode).toBe(0);
    const resultData = ticket.body.ResultData;
    expect(resultData.length).toBeGreaterThanOrEqual(40);

    const stored = await server.query<{ plain: number; seconds: number }>(sql`
      select count(*) filter (where token_hash = ${resultData})::int as plain,
             max(extract(epoch from expires_at - now()))::float8 as seconds
        from switch_tickets where site_id = ${second}`);
    expect(stored[0]?.plain).toBe(0);
    expect(stored[0]?.seconds).toBeGreaterThan(100);
    expect(stored[0]?.seconds).toBeLessThanOrEqual(120);

    expect((await server.call(logout, {}, { token })).body.Errcode).toBe(0);
    const switched = await server.loginRequest(
      { userName: resultData, passWord: String(second), LoginType: LoginType.switchSite },
      { cookie: null },
    );
    expect(switched.body.Errcode).toBe(0);
    const info = await server.call(getUserInfo, {}, { token: switched.body.AccessToken });
    expect(info.body).toMatchObject({
      SiteId: second,
      AccountName: String(second),
      ShopType: 1,
      UserName: 'admin',
    });
    const name = await server.call(getSiteName, {}, { token: switched.body.AccessToken });
    expect(name.body.Text).toBe('演示官网');

    const reused = await server.loginRequest(
      { userName: resultData, passWord: String(second), LoginType: LoginType.switchSite },
      { cookie: null },
    );
    expect(reused.body).toMatchObject({ Errcode: -1 });
    expect(reused.body.Errmsg).toMatch(/ticket is invalid or used/);
    expect(await auditRows('site.switch')).toContainEqual(
      expect.objectContaining({ target: `site:${second}` }),
    );
  });

  it('acts on the switched-to site afterwards and no longer on the home site', async () => {
    const ticket = await server.call(changeSite, { Id: second }, { token: await server.login('admin') });
    const switched = await server.loginRequest(
      { userName: ticket.body.ResultData, passWord: String(second), LoginType: LoginType.switchSite },
      { cookie: null },
    );
    const token = switched.body.AccessToken;
    const home = await server.call(setSiteName, { Id: mall, Text: 'wrong site' }, { token });
    expect(home.body.Errmsg).toBe('This site is not one you can manage');
    expect((await server.call(setSiteName, { Id: second, Text: '官网二号' }, { token })).body.Errcode).toBe(
      0,
    );
    expect((await siteRow(second))?.name).toBe('官网二号');
    expect((await siteRow(mall))?.name).toBe('演示商城');
    await server.call(setSiteName, { Id: second, Text: '演示官网' }, { token });
  });

  it('refuses a ticket redeemed for another site than it was issued for, and burns it', async () => {
    const ticket = await server.call(changeSite, { Id: second }, { token: await server.login('admin') });
    const redeem = (site: number) =>
      server.loginRequest(
        { userName: ticket.body.ResultData, passWord: String(site), LoginType: LoginType.switchSite },
        { cookie: null },
      );
    expect((await redeem(mall)).body.Errcode).toBe(-1);
    expect((await redeem(second)).body.Errcode).toBe(-1);
  });

  it('refuses a ticket past its 2 minutes', async () => {
    const ticket = await server.call(changeSite, { Id: second }, { token: await server.login('admin') });
    await server.query(
      sql`update switch_tickets set expires_at = now() - interval '1 second' where used_at is null`,
    );
    const response = await server.loginRequest(
      { userName: ticket.body.ResultData, passWord: String(second), LoginType: LoginType.switchSite },
      { cookie: null },
    );
    expect(response.body.Errmsg).toMatch(/ticket is invalid or used/);
  });

  it('refuses a site the account may not switch to, and issues no ticket', async () => {
    const token = await server.login('admin');
    const [before] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from switch_tickets`,
    );
    for (const Id of [expired, 99999]) {
      const response = await server.call(changeSite, { Id }, { token, locale: 'zh' });
      expect(response.body).toMatchObject({ Errcode: -1, Errmsg: '您不能切换到该站点' });
    }
    const [after] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from switch_tickets`,
    );
    expect(after).toEqual(before);
  });

  it('sends a switch to an expired site to the expired-site page', async () => {
    const token = await server.login('admin');
    await server.query(sql`update sites set expires_at = now() - interval '1 day' where id = ${second}`);
    try {
      const response = await server.call(changeSite, { Id: second }, { token });
      expect(response.body).toMatchObject({
        Errcode: -1,
        Errmsg: `noNormalsite|${await server.accountId('admin')}`,
      });
    } finally {
      await server.query(sql`update sites set expires_at = null where id = ${second}`);
    }
  });
});

describe('a site past its expiry', () => {
  it('answers every call of its sessions with noNormalsite|<account id>', async () => {
    const token = await server.login('site2');
    expect((await server.call(getSiteName, {}, { token })).body.Errcode).toBe(0);
    await server.query(sql`update sites set expires_at = now() - interval '1 minute' where id = ${second}`);
    try {
      const aid = await server.accountId('site2');
      for (const [endpoint, input] of [
        [getSiteName, {}],
        [getUserInfo, {}],
        [setSiteName, { Id: second, Text: 'still mine?' }],
      ] as const) {
        const response = await server.call(endpoint, input, { token });
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({ Errcode: -1, Errmsg: `noNormalsite|${aid}` });
      }
      expect((await siteRow(second))?.name).toBe('演示官网');
    } finally {
      await server.query(sql`update sites set expires_at = null where id = ${second}`);
    }
  });
});

describe('GetExpirySiteList', () => {
  it('lists the expired sites of an account without a login', async () => {
    const response = await server.call(getExpirySiteList, { aid: await server.accountId('expired') });
    expect(response.body.Errcode).toBe(0);
    expect(response.body.Data).toEqual([
      expect.objectContaining({ Id: expired, Text: '已过期店铺', Description: '商城' }),
    ]);
    expect(response.body.Data[0]?.ExpiresAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(response.body.Data[0]!.ExpiresAt).getTime()).toBeLessThan(Date.now());
  });

  it('gives one answer for an account without expired sites and an unknown one', async () => {
    for (const aid of [await server.accountId('admin'), 987654]) {
      const response = await server.call(getExpirySiteList, { aid });
      expect(response.body).toMatchObject({ Errcode: -1, Errmsg: 'No expired site for this account' });
    }
  });

  it('names a missing or malformed aid', async () => {
    expect((await server.call(getExpirySiteList, {})).body.Errmsg).toBe('aid: is required');
    expect((await server.call(getExpirySiteList, { aid: 'abc' })).body.Errmsg).toBe('aid: must be a number');
  });
});
