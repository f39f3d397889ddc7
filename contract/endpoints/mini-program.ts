import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { type ListResource, sortParam } from '../list-query';
import {
  MINI_PROGRAM_COMMIT_PERMISSION,
  MINI_PROGRAM_PERMISSION,
  MINI_PROGRAM_VERSION_STATES,
} from '../machines/mini-program-version';
import { id, queryId } from '../scalars';

/**
 * The shop's mini-program at WeChat (SPEC §2 smallRoutineSupervise, packSmallRoutine): authorised to
 * our third-party platform, then code versions committed from the platform's code templates with the
 * shop's ext config, audited by WeChat, released and rolled back. Without the platform configured
 * every step runs in the sandbox, which answers as WeChat would and lets the operator play WeChat's
 * audit.
 */
const BASE = '/SmallRoutine';

export const WECHAT_PROVIDERS = ['sandbox', 'wechat'] as const;
export type WechatProvider = (typeof WECHAT_PROVIDERS)[number];

/** WeChat's limits: user_version ≤ 64 characters, user_desc and version_desc ≤ 500. */
export const USER_VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$/;
export const USER_DESC_MAX = 500;
/** submit_audit takes 1 to 5 items (85023 outside). */
export const AUDIT_ITEMS_MAX = 5;
export const AUDIT_TITLE_MAX = 32;
/** Tags are separated by spaces, at most 10, each at most 20 characters (85006). */
export const AUDIT_TAG_PATTERN = /^(?:[^\s]{1,20})(?: [^\s]{1,20}){0,9}$/;

const domainsSchema = z.object({
  Request: z.array(z.string()),
  Ws: z.array(z.string()),
  Upload: z.array(z.string()),
  Download: z.array(z.string()),
});

export const authorizationSchema = z.object({
  /** What the platform talks to: WeChat when configured, the sandbox otherwise. */
  Provider: z.enum(WECHAT_PROVIDERS),
  Status: z.enum(['none', 'authorized', 'revoked']),
  AppId: z.string(),
  NickName: z.string(),
  HeadImage: z.string(),
  PrincipalName: z.string(),
  Permissions: z.array(z.number().int()),
  Domains: domainsSchema,
  VisitOpen: z.boolean(),
  AuthorizedAt: z.string().nullable(),
  /** The version on line, if any. */
  ReleasedVersion: z.string(),
});
export type MiniProgramAuthorization = z.infer<typeof authorizationSchema>;

export const getAuthorization = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetAuthorization`,
  permission: MINI_PROGRAM_PERMISSION,
  input: z.strictObject({}),
  output: authorizationSchema,
});

/**
 * Where to send the operator to authorise: WeChat's authorisation page with a fresh pre_auth_code, or
 * in the sandbox straight back to the screen with a sandbox authorisation code, as WeChat would.
 */
export const startAuthorization = defineEndpoint({
  method: 'POST',
  path: `${BASE}/StartAuthorization`,
  permission: MINI_PROGRAM_PERMISSION,
  input: z.strictObject({}),
  output: z.object({ Url: z.string() }),
});

/** The auth_code WeChat's page hands back (api_query_auth), exchanged for the authorisation. */
export const completeAuthorization = defineEndpoint({
  method: 'POST',
  path: `${BASE}/CompleteAuthorization`,
  permission: MINI_PROGRAM_PERMISSION,
  input: z.strictObject({
    AuthCode: z
      .string()
      .trim()
      .min(1)
      .max(512)
      .regex(/^[\w@.-]+$/),
  }),
  output: authorizationSchema,
});

export const codeTemplateSchema = z.object({
  TemplateId: z.number().int(),
  UserVersion: z.string(),
  UserDesc: z.string(),
  CreatedAt: z.string(),
});
export type CodeTemplate = z.infer<typeof codeTemplateSchema>;

/** The platform's code templates (gettemplatelist), newest first. */
export const getCodeTemplates = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetCodeTemplates`,
  permission: MINI_PROGRAM_COMMIT_PERMISSION,
  input: z.strictObject({}),
  output: z.object({ Provider: z.enum(WECHAT_PROVIDERS), Data: z.array(codeTemplateSchema) }),
});

export const auditItemSchema = z.strictObject({
  Address: z.string().trim().min(1).max(200),
  Tag: z.string().trim().regex(AUDIT_TAG_PATTERN).or(z.literal('')),
  Title: z.string().trim().max(AUDIT_TITLE_MAX),
  FirstClass: z.string().trim().min(1).max(40),
  SecondClass: z.string().trim().min(1).max(40),
  FirstId: z.number().int().positive(),
  SecondId: z.number().int().positive(),
});
export type AuditItem = z.infer<typeof auditItemSchema>;

export const versionRowSchema = z.object({
  Id: z.number().int(),
  Provider: z.enum(WECHAT_PROVIDERS),
  AppId: z.string(),
  TemplateId: z.number().int(),
  UserVersion: z.string(),
  UserDesc: z.string(),
  Status: z.enum(MINI_PROGRAM_VERSION_STATES),
  AuditId: z.string(),
  /** WeChat's last refusal or the audit's rejection reason; '' when none. */
  Reason: z.string(),
  CommittedBy: z.string(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type VersionRow = z.infer<typeof versionRowSchema>;

export const VERSION_TABS = ['all', 'uploaded', 'auditing', 'approved', 'rejected', 'released'] as const;
export type VersionTab = (typeof VERSION_TABS)[number];

export const versionListQuerySchema = listQuerySchema.extend({
  status: z.enum(VERSION_TABS).default('all'),
  keyword: z.string().trim().max(64).optional(),
  sort: sortParam(['createdAt']).default('-createdAt'),
});

export const getVersionList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetVersionList`,
  permission: MINI_PROGRAM_PERMISSION,
  input: versionListQuerySchema,
  output: pagedSchema(versionRowSchema).extend({
    Counts: z.object(
      Object.fromEntries(VERSION_TABS.map((tab) => [tab, z.number().int()])) as {
        [Tab in VersionTab]: z.ZodNumber;
      },
    ),
  }),
});

export const versionListResource: ListResource = {
  resource: 'miniProgramVersions',
  list: getVersionList,
  filters: [{ name: 'keyword', kind: 'text', params: ['keyword'] }],
  tabs: { param: 'status', values: VERSION_TABS, default: 'all' },
  sortFields: ['createdAt'],
  defaultSort: '-createdAt',
};

export const VERSION_EVENTS = [
  'commit',
  'uploaded',
  'uploadFailed',
  'submitAudit',
  'submitted',
  'submitRefused',
  'approve',
  'reject',
  'delay',
  'release',
  'releaseDone',
  'releaseRefused',
  'supersede',
  'rollback',
  'rollbackDone',
  'rollbackRefused',
  'restore',
] as const;

export const versionDetailSchema = versionRowSchema.extend({
  ExtJson: z.string(),
  AuditItems: z.array(auditItemSchema),
  Timeline: z.array(
    z.object({
      Event: z.enum(VERSION_EVENTS),
      ActorName: z.string(),
      Note: z.string(),
      CreatedAt: z.string(),
    }),
  ),
});
export type VersionDetail = z.infer<typeof versionDetailSchema>;

export const getVersionInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetVersionInfo`,
  permission: MINI_PROGRAM_PERMISSION,
  input: z.strictObject({ id: queryId }),
  output: versionDetailSchema,
});

/**
 * Commits a code template as a new version, with the ext config the template reads: the app id, the
 * shop's storefront address and key prefix, and the published studio template. Sent by the outbox.
 */
export const commitVersion = defineEndpoint({
  method: 'POST',
  path: `${BASE}/CommitVersion`,
  permission: MINI_PROGRAM_COMMIT_PERMISSION,
  input: z.strictObject({
    TemplateId: z.number().int().min(0),
    UserVersion: z.string().trim().regex(USER_VERSION_PATTERN),
    UserDesc: z.string().trim().min(1).max(USER_DESC_MAX),
  }),
  output: z.object({ Id: z.number().int() }),
});

/** The experience version's QR code (get_qrcode), as a data URL. */
export const getExperienceQr = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetExperienceQr`,
  permission: MINI_PROGRAM_PERMISSION,
  input: z.strictObject({ id: queryId }),
  output: z.object({ Image: z.string() }),
});

export const auditCategorySchema = z.object({
  FirstClass: z.string(),
  SecondClass: z.string(),
  FirstId: z.number().int(),
  SecondId: z.number().int(),
});

/** What an audit submission may name: the mini-program's categories (get_category) and pages (get_page). */
export const getAuditOptions = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetAuditOptions`,
  permission: MINI_PROGRAM_PERMISSION,
  input: z.strictObject({ id: queryId }),
  output: z.object({ Categories: z.array(auditCategorySchema), Pages: z.array(z.string()) }),
});

export const submitAudit = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SubmitAudit`,
  permission: MINI_PROGRAM_PERMISSION,
  input: z.strictObject({
    Id: id,
    Items: z.array(auditItemSchema).min(1).max(AUDIT_ITEMS_MAX),
    VersionDesc: z.string().trim().max(USER_DESC_MAX).default(''),
  }),
  output: z.object({}),
});

export const releaseVersion = defineEndpoint({
  method: 'POST',
  path: `${BASE}/ReleaseVersion`,
  permission: MINI_PROGRAM_PERMISSION,
  input: z.strictObject({ Ids: z.array(id).length(1) }),
  output: z.object({}),
});

export const rollbackVersion = defineEndpoint({
  method: 'POST',
  path: `${BASE}/RollbackVersion`,
  permission: MINI_PROGRAM_PERMISSION,
  input: z.strictObject({ Ids: z.array(id).length(1) }),
  output: z.object({}),
});

/**
 * Opens or closes the released mini-program to visitors (change_visitstatus): closed, WeChat shows
 * visitors a notice instead of the shop. Answers the authorisation with its new state.
 */
export const setVisitStatus = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetVisitStatus`,
  permission: MINI_PROGRAM_PERMISSION,
  input: z.strictObject({ Open: z.boolean() }),
  output: authorizationSchema,
});

export const SANDBOX_AUDIT_RESULTS = ['success', 'fail', 'delay'] as const;

/**
 * Sandbox only: plays WeChat's audit and pushes its result through the same path as WeChat's
 * signed push.
 */
export const sandboxAuditResult = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SandboxAuditResult`,
  permission: MINI_PROGRAM_PERMISSION,
  input: z.strictObject({
    Id: id,
    Result: z.enum(SANDBOX_AUDIT_RESULTS),
    Reason: z.string().trim().max(500).default(''),
  }),
  output: z.object({}),
});

/** A push of WeChat's: flat XML whose Encrypt holds the event; query carries the signature. */
const pushSchema = z.looseObject({ Encrypt: z.string().min(1).max(20_000) });

/** 授权事件接收 URL: component_verify_ticket every ten minutes, and (un)authorisation events. */
export const componentNotify = defineEndpoint({
  method: 'POST',
  path: '/WechatOpen/ComponentNotify',
  permission: 'public',
  input: pushSchema,
  output: z.object({}),
});

/**
 * 消息与事件接收 URL, configured on the platform as …/WechatOpen/Message?appid=$APPID$ (WeChat puts
 * the authorised mini-program's app id in place of $APPID$): the one address of everything WeChat
 * pushes for a shop's mini-program, encrypted for the platform. Audit results go to the mini-program
 * area, the buyers' customer-service messages to the messages area (log and auto reply).
 */
export const messageNotify = defineEndpoint({
  method: 'POST',
  path: '/WechatOpen/Message',
  permission: 'public',
  input: pushSchema,
  output: z.object({}),
});

/**
 * The released mini-program's code (小程序码, getwxacodeunlimit) for one of its pages with a scene
 * (SPEC §7 GetQrCode2): what a poster or a shelf label prints so a scan opens that page.
 */
export const getQrCode2 = defineEndpoint({
  method: 'GET',
  path: '/Comm/GetQrCode2',
  permission: 'session',
  input: z.strictObject({
    page: z
      .string()
      .trim()
      .regex(/^[a-z0-9_/-]{1,128}$/i, 'a page path such as pages/index/index'),
    /** WeChat takes at most 32 visible characters of these. */
    scene: z
      .string()
      .trim()
      .regex(/^[0-9A-Za-z!#$&'()*+,/:;=?@\-._~]{1,32}$/)
      .default('home'),
  }),
  output: z.object({ Image: z.string() }),
});
