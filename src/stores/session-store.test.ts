// @vitest-environment jsdom
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: { path: string; input: unknown }[] = [];
const replies = new Map<string, unknown>();

vi.mock('../lib/http', () => ({
  callEndpoint: vi.fn(async (endpoint: { path: string }, input: unknown) => {
    calls.push({ path: endpoint.path, input });
    const reply = replies.get(endpoint.path);
    if (reply instanceof Error) throw reply;
    return reply;
  }),
  endpointRef: (method: string, path: string) => ({ method, path }),
}));

const { EmptyUserInfoError, isEmptyUserInfo, logoutDestination, useSessionStore } = await import(
  './session-store'
);
const { useTagsStore } = await import('./tags-store');

const USER_INFO = {
  Errcode: 0,
  Errmsg: '',
  ErrShowType: 0,
  roles: ['admin'],
  AccountName: '1',
  SiteId: 1,
  UserName: 'admin',
  ShopType: 0,
  IsStore: false,
  Avatar: '',
  Introduction: '',
  MenuList: [],
};

describe('session store', () => {
  beforeEach(() => {
    calls.length = 0;
    replies.clear();
    Cookies.remove('Admin-Token');
    useSessionStore.getState().resetToken();
  });

  it('loads roles, site and menus from GetUserInfo', async () => {
    replies.set('/user/GetUserInfo', USER_INFO);
    await useSessionStore.getState().loadUserInfo();
    expect(useSessionStore.getState()).toMatchObject({ roles: ['admin'], siteId: '1', userInfoLoaded: true });
  });

  it('refuses empty user info so the guard can say 验证失败，请重新登录。', async () => {
    replies.set('/user/GetUserInfo', { Errcode: 0, Errmsg: '', ErrShowType: 0 });
    await expect(useSessionStore.getState().loadUserInfo()).rejects.toBeInstanceOf(EmptyUserInfoError);
    expect(useSessionStore.getState().userInfoLoaded).toBe(false);
    expect(isEmptyUserInfo(null)).toBe(true);
    expect(isEmptyUserInfo(USER_INFO)).toBe(false);
  });

  it.each([
    [['roles'], '7', '/goods/goodsList', '/dislogin?siteId=7&redirect=%2Fgoods%2FgoodsList'],
    [['admin'], '1', '/dashboard', '/login?redirect=%2Fdashboard'],
    [[], '1', '/a?b=1', '/login?redirect=%2Fa%3Fb%3D1'],
  ])('logs roles %j of site %s out from %s to %s', (roles, siteId, from, to) => {
    expect(logoutDestination(roles, siteId, from)).toBe(to);
  });

  it('logs out: revokes the token, forgets the session and the tabs, even when the call fails', async () => {
    Cookies.set('Admin-Token', 'token-3');
    useSessionStore.setState({ token: 'token-3', roles: ['roles'], siteId: '1', userInfoLoaded: true });
    useTagsStore.getState().addView({ path: '/a', fullPath: '/a', titleKey: 'a' });
    replies.set('/Account/Logout', new Error('offline'));
    const destination = await useSessionStore.getState().logout('/a');
    expect(destination).toBe('/dislogin?siteId=1&redirect=%2Fa');
    expect(Cookies.get('Admin-Token')).toBeUndefined();
    expect(useSessionStore.getState()).toMatchObject({ token: '', roles: [], userInfoLoaded: false });
    expect(useTagsStore.getState().visitedViews).toEqual([]);
  });

  it('switches system: ChangeSite, logout, LoginType 3 login with the ticket and site id, user info', async () => {
    useSessionStore.setState({ token: 'old' });
    replies.set('/Comm/ChangeSite', { ResultData: 'ticket-xyz' });
    replies.set('/Account/Logout', {});
    replies.set('/user/login', { AccessToken: 'token-site-2' });
    replies.set('/user/GetUserInfo', { ...USER_INFO, AccountName: '2', SiteId: 2 });
    await useSessionStore.getState().switchSite(2);
    expect(calls.map((call) => call.path)).toEqual([
      '/Comm/ChangeSite',
      '/Account/Logout',
      '/user/login',
      '/user/GetUserInfo',
    ]);
    expect(calls[2]?.input).toEqual({ userName: 'ticket-xyz', passWord: '2', verifyCode: '', LoginType: 3 });
    expect(Cookies.get('Admin-Token')).toBe('token-site-2');
    expect(useSessionStore.getState().siteId).toBe('2');
  });

  it('changes roles: new token, user info reloaded, tabs closed', async () => {
    useTagsStore.getState().addView({ path: '/a', fullPath: '/a', titleKey: 'a' });
    replies.set('/user/SwitchRole', { AccessToken: 'editor-token' });
    replies.set('/user/GetUserInfo', { ...USER_INFO, roles: ['editor'] });
    await useSessionStore.getState().switchRole('editor');
    expect(Cookies.get('Admin-Token')).toBe('editor-token');
    expect(useSessionStore.getState().roles).toEqual(['editor']);
    expect(useTagsStore.getState().visitedViews.map((tag) => tag.path)).toEqual([]);
  });
});
