import { describe, expect, it } from 'vitest';
import { changeSite, getVerifyCode, unbindWechat } from '../../contract/endpoints/comm';
import { getUserInfo, login, logout, switchRole } from '../../contract/endpoints/user';
import {
  changeSiteRef,
  getUserInfoRef,
  getVerifyCodeRef,
  loginRef,
  logoutRef,
  switchRoleRef,
  unbindWechatRef,
} from './auth-endpoints';

describe('session endpoint references', () => {
  it.each([
    [loginRef, login],
    [getUserInfoRef, getUserInfo],
    [logoutRef, logout],
    [switchRoleRef, switchRole],
    [changeSiteRef, changeSite],
    [getVerifyCodeRef, getVerifyCode],
    [unbindWechatRef, unbindWechat],
  ])('%o matches the contract', (reference, definition) => {
    expect({ method: reference.method, path: reference.path }).toEqual({
      method: definition.method,
      path: definition.path,
    });
  });
});
