import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { PASSWORD_MIN_LENGTH } from '../enums';
import { queryId } from '../scalars';
import { MESSAGE_SCENES } from './wechat-messages';

export interface MenuItem {
  Id: number;
  Path: string;
  PathName: string;
  Title: string;
  Icon: string;
  IsHidden: boolean;
  Roles: string[];
  NoCache: boolean;
  Redirect: string;
  ChildrenList: MenuItem[];
}

export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    Id: z.number().int(),
    Path: z.string(),
    PathName: z.string(),
    Title: z.string(),
    Icon: z.string(),
    IsHidden: z.boolean(),
    Roles: z.array(z.string()),
    NoCache: z.boolean(),
    Redirect: z.string(),
    ChildrenList: z.array(menuItemSchema),
  }),
);

export const login = defineEndpoint({
  method: 'POST',
  path: '/user/login',
  permission: 'public',
  input: z.strictObject({
    userName: z.string().trim().min(1).max(64),
    passWord: z.string().min(1).max(128),
    /** Not needed for LoginType 3, whose one-time ticket stands in for it. */
    verifyCode: z.string().trim().max(16).default(''),
    LoginType: z.coerce.number().int().min(1).max(3).default(1),
    SiteId: z.union([z.coerce.number().int().min(0), z.literal('')]).optional(),
  }),
  output: z.object({ AccessToken: z.string() }),
});

export const getUserInfo = defineEndpoint({
  method: 'GET',
  path: '/user/GetUserInfo',
  permission: 'session',
  input: z.strictObject({}),
  output: z.object({
    roles: z.array(z.string()),
    AccountName: z.string(),
    SiteId: z.number().int(),
    UserName: z.string(),
    ShopType: z.number().int(),
    IsStore: z.boolean(),
    Avatar: z.string(),
    Introduction: z.string(),
    MenuList: z.array(menuItemSchema),
  }),
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/Account/Logout',
  permission: 'session',
  input: z.strictObject({}),
  output: z.object({}),
});

/** One subscribe-message scene of the shop, as a member's mini-program asks for consent to it. */
export const subscribeSceneStatusSchema = z.object({
  Scene: z.enum(MESSAGE_SCENES),
  /** Bound to a template, switched on, and the template not deleted. */
  Enabled: z.boolean(),
  /** WeChat's template id (what wx.requestSubscribeMessage takes); '' while the scene is unbound. */
  TemplateId: z.string(),
  /** The member has an acceptance of the template left, so the next message of the scene is sent. */
  HasConsent: z.boolean(),
  Remaining: z.number().int(),
});
export type SubscribeSceneStatus = z.infer<typeof subscribeSceneStatusSchema>;

/**
 * The shop's subscribe-message scenes and one member's consent to each: the member named by
 * `MemberId`, or else the calling account's own WeChat (its bound open id as a buyer of the shop).
 */
export const getSubscribeStatus = defineEndpoint({
  method: 'GET',
  path: '/user/GetSubscribeStatus',
  permission: 'session',
  input: z.strictObject({ MemberId: queryId.optional() }),
  output: z.object({
    /** The calling account has WeChat bound. */
    IsBound: z.boolean(),
    /** The member has consent left for at least one switched-on scene. */
    IsSubscribed: z.boolean(),
    SceneList: z.array(subscribeSceneStatusSchema),
  }),
});

export const passwordChangeSchema = z.strictObject({
  OldPwd: z.string().min(1).max(128),
  NewPwd: z.string().min(PASSWORD_MIN_LENGTH).max(128),
  ConfirmPwd: z.string().min(1).max(128),
});

/**
 * Permission demo (SPEC §4 "Changing roles"): an account holding admin gets a new token whose
 * session carries only the chosen role; the old token is revoked.
 */
export const switchRole = defineEndpoint({
  method: 'POST',
  path: '/user/SwitchRole',
  permission: 'session',
  input: z.strictObject({ role: z.enum(['admin', 'editor']) }),
  output: z.object({ AccessToken: z.string() }),
});
