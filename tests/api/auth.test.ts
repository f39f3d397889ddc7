import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getUserInfo, login, logout } from '../../contract/endpoints/user';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('login', () => {
  it('logs in with a trimmed user name and returns a token that GetUserInfo accepts', async () => {
    const token = await server.login('  admin  ');
    const info = await server.call(getUserInfo, {}, { token });
    expect(info.body.Errcode).toBe(0);
    expect(info.body.UserName).toBe('admin');
    expect(info.body.roles).toEqual(['admin']);
    expect(info.body.MenuList.map((menu) => menu.Path)).toContain('/goods');
  });

  it('refuses a wrong verification code with a message naming it', async () => {
    const response = await server.call(login, { userName: 'admin', passWord: 'admin123', verifyCode: 'WRONG' });
    expect(response.body.Errcode).toBe(-1);
    expect(response.body.Errmsg).toMatch(/verification code/i);
  });

  it('revokes the token on logout', async () => {
    const token = await server.login('admin');
    expect((await server.call(logout, {}, { token })).body.Errcode).toBe(0);
    const after = await server.call(getUserInfo, {}, { token });
    expect(after.status).toBe(401);
  });
});
