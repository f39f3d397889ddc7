import { create } from 'zustand';
import type { getUserInfo, MenuItem } from '../../contract/endpoints/user';
import { LoginType, SUB_ACCOUNT_ROLE } from '../../contract/enums';
import { changeSiteRef, getUserInfoRef, loginRef, logoutRef, switchRoleRef } from '../lib/auth-endpoints';
import { getToken, removeToken, setToken } from '../lib/auth-token';
import { callEndpoint, type EndpointResponse } from '../lib/http';
import { useTagsStore } from './tags-store';

interface SessionData {
  token: string;
  roles: string[];
  /** SPEC §3: AccountName is used as the site id. */
  siteId: string;
  userName: string;
  shopType: number;
  avatar: string;
  introduction: string;
  isStore: boolean;
  menus: MenuItem[];
  userInfoLoaded: boolean;
}

interface SessionState extends SessionData {
  loadUserInfo(): Promise<void>;
  /** Ends the session and returns where SPEC §4 sends the user. */
  logout(redirect: string): Promise<string>;
  /** Forgets the token and roles (failed user info, dead token). */
  resetToken(): void;
  switchRole(role: 'admin' | 'editor'): Promise<void>;
  switchSite(siteId: number): Promise<void>;
}

const EMPTY: Omit<SessionData, 'token'> = {
  roles: [],
  siteId: '',
  userName: '',
  shopType: 0,
  avatar: '',
  introduction: '',
  isStore: false,
  menus: [],
  userInfoLoaded: false,
};

export class EmptyUserInfoError extends Error {
  constructor() {
    super('login.verifyFailed');
    this.name = 'EmptyUserInfoError';
  }
}

/** SPEC §5: user info without an account (no site, no roles list) cannot start a session. */
export function isEmptyUserInfo(
  info: Partial<EndpointResponse<typeof getUserInfo>> | null | undefined,
): boolean {
  return !info?.AccountName || !Array.isArray(info.roles) || !Array.isArray(info.MenuList);
}

/** SPEC §4: sub-accounts (role 'roles') log out to /dislogin with their site, others to /login. */
export function logoutDestination(roles: readonly string[], siteId: string, redirect: string): string {
  const query = new URLSearchParams();
  if (roles.includes(SUB_ACCOUNT_ROLE)) {
    query.set('siteId', siteId);
    query.set('redirect', redirect);
    return `/dislogin?${query.toString()}`;
  }
  query.set('redirect', redirect);
  return `/login?${query.toString()}`;
}

export const useSessionStore = create<SessionState>()((set, get) => ({
  token: getToken() ?? '',
  ...EMPTY,

  loadUserInfo: async () => {
    const info = await callEndpoint(getUserInfoRef, {});
    if (isEmptyUserInfo(info)) throw new EmptyUserInfoError();
    set({
      roles: info.roles,
      siteId: info.AccountName,
      userName: info.UserName,
      shopType: info.ShopType,
      avatar: info.Avatar,
      introduction: info.Introduction,
      isStore: info.IsStore,
      menus: info.MenuList,
      userInfoLoaded: true,
    });
  },

  logout: async (redirect) => {
    const { roles, siteId } = get();
    try {
      await callEndpoint(logoutRef, {});
    } catch {
      // The HTTP layer showed the failure; the local session ends regardless.
    }
    removeToken();
    set({ token: '', ...EMPTY });
    useTagsStore.getState().reset();
    return logoutDestination(roles, siteId, redirect);
  },

  resetToken: () => {
    removeToken();
    set({ token: '', ...EMPTY });
  },

  switchRole: async (role) => {
    const response = await callEndpoint(switchRoleRef, { role });
    setToken(response.AccessToken);
    set({ token: response.AccessToken });
    await get().loadUserInfo();
    useTagsStore.getState().delAllViews();
  },

  switchSite: async (siteId) => {
    const { ResultData } = await callEndpoint(changeSiteRef, { Id: siteId });
    try {
      await callEndpoint(logoutRef, {});
    } finally {
      removeToken();
      set({ token: '', ...EMPTY });
    }
    const response = await callEndpoint(loginRef, {
      userName: ResultData,
      passWord: String(siteId),
      verifyCode: '',
      LoginType: LoginType.switchSite,
    });
    setToken(response.AccessToken);
    set({ token: response.AccessToken });
    await get().loadUserInfo();
  },
}));
