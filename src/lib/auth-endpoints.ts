import type { changeSite, getVerifyCode, unbindWechat } from '../../contract/endpoints/comm';
import type { getUserInfo, login, logout, switchRole } from '../../contract/endpoints/user';
import { type EndpointRef, endpointRef } from './endpoint-ref';

/**
 * The session and shell calls as references (method and path, typed by the contract) so the login
 * route and the shell do not load the contract's schemas (zod); auth-endpoints.test.ts checks them
 * against the contract.
 */
export const loginRef: EndpointRef<typeof login> = endpointRef('POST', '/user/login');
export const getUserInfoRef: EndpointRef<typeof getUserInfo> = endpointRef('GET', '/user/GetUserInfo');
export const logoutRef: EndpointRef<typeof logout> = endpointRef('POST', '/Account/Logout');
export const switchRoleRef: EndpointRef<typeof switchRole> = endpointRef('POST', '/user/SwitchRole');
export const changeSiteRef: EndpointRef<typeof changeSite> = endpointRef('POST', '/Comm/ChangeSite');
export const getVerifyCodeRef: EndpointRef<typeof getVerifyCode> = endpointRef('GET', '/Comm/GetVerifyCode');
export const unbindWechatRef: EndpointRef<typeof unbindWechat> = endpointRef('POST', '/Comm/UnbindWX');
