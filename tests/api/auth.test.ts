import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getVerifyCode } from '../../contract/endpoints/comm';
import { getSubscribeStatus, getUserInfo, logout, type MenuItem } from '../../contract/endpoints/user';
import { LoginType, SUB_ACCOUNT_ROLE } from '../../contract/enums';
import { startTestServer, type TestServer } from './harness';
import { TEST_PASSWORD, TEST_VERIFY_CODE } from './test-env';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const credentials = (userName: string, extra: Record<string, unknown> = {}) => ({
  userName,
  passWord: TEST_PASSWORD,
  verifyCode: TEST_VERIFY_CODE,
  ...extra,
});

function allPaths(menus: MenuItem[]): string[] {
  return menus.flatMap((menu) => [menu.Path, ...allPaths(menu.ChildrenList)]);
}

describe('GetVerifyCode', () => {
  it('answers an SVG image, never cached, with an httpOnly cookie that ties the answer to the browser', async () => {
    const response = await server.call(getVerifyCode, { r: '0.123' });
    expect(response.status).toBe(200);
    expect(response.raw.headers['content-type']).toContain('image/svg+xml');
    expect(response.raw.headers['cache-control']).toBe('no-store');
    expect(response.raw.body).toMatch(/^<svg[\s\S]*<\/svg>$/);
    const cookie = response.raw.cookies.find((entry) => entry.name === 'verify_code_id');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.path).toBe('/api');
    expect(cookie?.maxAge).toBeGreaterThan(60);
  });
});

describe('login', () => {
  it('logs in with a trimmed user name and returns a token that GetUserInfo accepts', async () => {
    const token = await server.login('  admin  ');
    const info = await server.call(getUserInfo, {}, { token });
    expect(info.body.Errcode).toBe(0);
    expect(info.body.UserName).toBe('admin');
    expect(info.body.roles).toEqual(['admin']);
    expect(info.body.MenuList.map((menu) => menu.Path)).toContain('/goods');
  });

  it('refuses a wrong verification code with a message naming it, in English or Chinese', async () => {
    const english = await server.loginRequest(credentials('admin', { verifyCode: 'WRONG' }));
    expect(english.body.Errcode).toBe(-1);
    expect(english.body.Errmsg).toMatch(/verification code/i);
    const chinese = await server.loginRequest(credentials('admin', { verifyCode: 'WRONG' }), {
      locale: 'zh-CN,zh;q=0.9',
    });
    expect(chinese.body.Errmsg).toBe('验证码错误或已过期，请输入新的验证码');
  });

  it('refuses a login without the code cookie, as from a browser that never loaded the image', async () => {
    const response = await server.loginRequest(credentials('admin'), { cookie: null });
    expect(response.body.Errcode).toBe(-1);
    expect(response.body.Errmsg).toMatch(/verification code/i);
  });

  it('uses the code up on every attempt, successful or not', async () => {
    const cookie = await server.verifyCode();
    const wrongPassword = await server.loginRequest(credentials('admin', { passWord: 'not-it' }), { cookie });
    expect(wrongPassword.body.Errmsg).toBe('The user name or password is wrong');
    const retry = await server.loginRequest(credentials('admin'), { cookie });
    expect(retry.body.Errcode).toBe(-1);
    expect(retry.body.Errmsg).toMatch(/verification code/i);

    const used = await server.verifyCode();
    expect((await server.loginRequest(credentials('admin'), { cookie: used })).body.Errcode).toBe(0);
    expect((await server.loginRequest(credentials('admin'), { cookie: used })).body.Errmsg).toMatch(
      /verification code/i,
    );
  });

  it('refuses an expired code', async () => {
    const cookie = await server.verifyCode();
    await server.query(
      sql`update verify_codes set expires_at = now() - interval '1 second' where id = ${cookie}`,
    );
    const response = await server.loginRequest(credentials('admin'), { cookie });
    expect(response.body.Errcode).toBe(-1);
    expect(response.body.Errmsg).toMatch(/verification code/i);
  });

  it('gives the same message for a wrong password and an unknown user', async () => {
    const wrong = await server.loginRequest(credentials('admin', { passWord: 'wrong-password' }));
    const unknown = await server.loginRequest(credentials('nobody-here'));
    expect(wrong.body).toMatchObject({ Errcode: -1, Errmsg: 'The user name or password is wrong' });
    expect(unknown.body).toMatchObject({ Errcode: -1, Errmsg: 'The user name or password is wrong' });
    const chinese = await server.loginRequest(credentials('nobody-here'), { locale: 'zh' });
    expect(chinese.body.Errmsg).toBe('用户名或密码错误');
  });

  it('refuses a disabled account once the password is right', async () => {
    await server.query(sql`update accounts set disabled = true where user_name = 'editor'`);
    try {
      const response = await server.loginRequest(credentials('editor'));
      expect(response.body).toMatchObject({ Errcode: -1, Errmsg: 'This account is disabled' });
      const wrongPassword = await server.loginRequest(credentials('editor', { passWord: 'guessing' }));
      expect(wrongPassword.body.Errmsg).toBe('The user name or password is wrong');
    } finally {
      await server.query(sql`update accounts set disabled = false where user_name = 'editor'`);
    }
  });

  it('refuses an account of an expired site with noNormalsite|<account id>', async () => {
    const response = await server.loginRequest(credentials('expired'));
    expect(response.body.Errcode).toBe(-1);
    expect(response.body.Errmsg).toBe(`noNormalsite|${await server.accountId('expired')}`);
  });

  it('refuses a LoginType 3 login whose ticket was never issued', async () => {
    const response = await server.loginRequest(
      { userName: 'made-up-ticket', passWord: '1', LoginType: LoginType.switchSite },
      { cookie: null },
    );
    expect(response.body).toMatchObject({ Errcode: -1 });
    expect(response.body.Errmsg).toMatch(/ticket is invalid/);
  });
});

describe('sub-account login (/dislogin?siteId=…)', () => {
  it('logs a sub-account in through its site id; its session carries the role "roles"', async () => {
    const token = await server.login('sub', { siteId: 1 });
    const info = await server.call(getUserInfo, {}, { token });
    expect(info.body.roles).toEqual([SUB_ACCOUNT_ROLE]);
    expect(info.body.SiteId).toBe(1);
  });

  it('does not let a sub-account in without the site id', async () => {
    const response = await server.loginRequest(credentials('sub'));
    expect(response.body).toMatchObject({ Errcode: -1, Errmsg: 'The user name or password is wrong' });
  });

  it('does not let a sub-account in through another site', async () => {
    const response = await server.loginRequest(credentials('sub', { SiteId: 2 }));
    expect(response.body).toMatchObject({ Errcode: -1, Errmsg: 'The user name or password is wrong' });
  });

  it('does not let the main account in through the sub-account page', async () => {
    const response = await server.loginRequest(credentials('admin', { SiteId: 1 }));
    expect(response.body).toMatchObject({ Errcode: -1, Errmsg: 'The user name or password is wrong' });
  });

  it('asks for the site id when LoginType 2 comes without one', async () => {
    const response = await server.loginRequest(credentials('sub', { LoginType: LoginType.subAccount }));
    expect(response.body.Errcode).toBe(-1);
    expect(response.body.Errmsg).toBe('Sub-account login needs the site id (siteId)');
  });
});

describe('GetUserInfo', () => {
  it('gives the main account every menu, nested, with AccountName as the site id', async () => {
    const info = await server.call(getUserInfo, {}, { token: await server.login('admin') });
    expect(info.body).toMatchObject({ Errcode: 0, AccountName: '1', SiteId: 1, IsStore: false, ShopType: 0 });
    const goods = info.body.MenuList.find((menu) => menu.Path === '/goods');
    expect(goods?.ChildrenList.map((menu) => menu.Path)).toContain('/goods/goodsList');
    expect(goods?.ChildrenList.find((menu) => menu.Path === '/goods/editGoodsDetails')?.IsHidden).toBe(true);
    expect(allPaths(info.body.MenuList)).toEqual(expect.arrayContaining(['/marketing', '/shop/shopInfo']));
  });

  it('gives a sub-account only its granted subset', async () => {
    const info = await server.call(getUserInfo, {}, { token: await server.login('sub', { siteId: 1 }) });
    const paths = allPaths(info.body.MenuList);
    expect(paths).toContain('/goods/goodsList');
    expect(paths).toContain('/shop/decorateShop');
    expect(paths).not.toContain('/marketing');
    expect(paths).not.toContain('/shop/shopInfo');
  });

  it('marks a store account IsStore and gives it only its store menus', async () => {
    const info = await server.call(getUserInfo, {}, { token: await server.login('store') });
    expect(info.body.IsStore).toBe(true);
    expect(allPaths(info.body.MenuList).sort()).toEqual(
      [
        '/customer',
        '/customer/ticketSupervise',
        '/customer/writeoffLog',
        '/customer/writeoffSupervise',
        '/goods',
        '/goods/editGoodsDetails',
        '/goods/goodsList',
        '/order',
        '/order/orderDetails',
        '/order/orderSupervise',
        '/order/underLineOrder',
        '/shop',
        '/shop/moreShopEdit',
        '/shop/moreShopSupervise',
      ].sort(),
    );
  });

  it('answers HTTP 401 with the envelope without a token, with a bad token, and in Chinese', async () => {
    const missing = await server.call(getUserInfo, {});
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ Errcode: -1, Errmsg: 'Please log in first' });
    const forged = await server.call(getUserInfo, {}, { token: 'forged-token' });
    expect(forged.status).toBe(401);
    const chinese = await server.call(getUserInfo, {}, { locale: 'zh-CN' });
    expect(chinese.body.Errmsg).toBe('请先登录');
  });

  it('refuses a session past its idle expiry', async () => {
    const token = await server.login('admin');
    await server.query(
      sql`update sessions set last_seen_at = now() - interval '3 hours' where revoked_at is null`,
    );
    expect((await server.call(getUserInfo, {}, { token })).status).toBe(401);
  });

  it('ends a live session on the next call once its account is disabled; idle just under two hours, it still works', async () => {
    const token = await server.login('editor');
    await server.query(
      sql`update sessions set last_seen_at = now() - interval '119 minutes' where revoked_at is null`,
    );
    expect((await server.call(getUserInfo, {}, { token })).status).toBe(200);
    await server.query(sql`update accounts set disabled = true where user_name = 'editor'`);
    try {
      expect((await server.call(getUserInfo, {}, { token })).status).toBe(401);
    } finally {
      await server.query(sql`update accounts set disabled = false where user_name = 'editor'`);
    }
  });
});

describe('GetSubscribeStatus', () => {
  it('says whether the account has WeChat bound', async () => {
    const admin = await server.call(getSubscribeStatus, {}, { token: await server.login('admin') });
    expect(admin.body).toMatchObject({ Errcode: 0, IsBound: true });
    const editor = await server.call(getSubscribeStatus, {}, { token: await server.login('editor') });
    expect(editor.body).toMatchObject({ Errcode: 0, IsBound: false, IsSubscribed: false });
  });
});

describe('logout', () => {
  it('revokes the token and only that one', async () => {
    const token = await server.login('admin');
    const other = await server.login('admin');
    expect((await server.call(logout, {}, { token })).body.Errcode).toBe(0);
    expect((await server.call(getUserInfo, {}, { token })).status).toBe(401);
    expect((await server.call(logout, {}, { token })).status).toBe(401);
    expect((await server.call(getUserInfo, {}, { token: other })).body.Errcode).toBe(0);
  });

  it('writes logins and logouts to the audit log', async () => {
    const admin = await server.accountId('admin');
    const count = async (action: string) => {
      const [row] = await server.query<{ count: number }>(
        sql`select count(*)::int as count from audit_log where action = ${action} and account_id = ${admin}`,
      );
      return row!.count;
    };
    const [logins, logouts] = [await count('account.login'), await count('account.logout')];
    await server.call(logout, {}, { token: await server.login('admin') });
    expect(await count('account.login')).toBe(logins + 1);
    expect(await count('account.logout')).toBe(logouts + 1);
  });
});

describe('login throttling', () => {
  it('locks an account after 5 failures, even for the right password, and says when to retry', async () => {
    const address = '198.51.100.7';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await server.loginRequest(credentials('editor', { passWord: `wrong-${attempt}` }), {
        address,
      });
      expect(response.body.Errmsg).toBe('The user name or password is wrong');
    }
    const locked = await server.loginRequest(credentials('editor'), { address: '198.51.100.8' });
    expect(locked.body.Errcode).toBe(-1);
    expect(locked.body.Errmsg).toBe('Too many failed logins for this account; try again in 15 minutes');
    const chinese = await server.loginRequest(credentials('editor'), {
      locale: 'zh',
      address: '198.51.100.9',
    });
    expect(chinese.body.Errmsg).toBe('该账号登录失败次数过多，请 15 分钟后再试');
    // Another account is not affected.
    expect((await server.loginRequest(credentials('site2'), { address })).body.Errcode).toBe(0);
  });

  it('locks an address after 20 failures across accounts; other addresses still log in', async () => {
    const address = '203.0.113.50';
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const response = await server.loginRequest(credentials(`guess-${attempt}`), { address });
      expect(response.body.Errmsg).toBe('The user name or password is wrong');
    }
    const locked = await server.loginRequest(credentials('admin'), { address });
    expect(locked.body.Errmsg).toBe('Too many failed logins from your address; try again in 15 minutes');
    expect(locked.body.ErrShowType).toBe(1);
    expect((await server.loginRequest(credentials('admin'), { address: '203.0.113.51' })).body.Errcode).toBe(
      0,
    );
  });
});
