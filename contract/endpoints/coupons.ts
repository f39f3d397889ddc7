import { z } from 'zod';
import {
  COUPON_AUDIENCES,
  COUPON_CHANNELS,
  COUPON_KINDS,
  COUPON_SCOPES,
  MAX_COUPON_QUANTITY,
  MAX_PER_MEMBER,
  MAX_SCOPE_IDS,
  MAX_VALID_DAYS,
} from '../coupon-rules';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { type ListResource, sortParam } from '../list-query';
import {
  COUPON_STATES,
  CouponPermission,
  couponMachine,
  MEMBER_COUPON_STATES,
  OFFLINE_CODE_STATES,
  offlineCodeMachine,
  REVOKE_REASON_MAX,
} from '../machines/coupon';
import { TicketPermission } from '../machines/ticket';
import { exportFormat, fen, id, queryId, version } from '../scalars';
import { isShopDay } from '../shop-time';

/**
 * Coupons (SPEC §2 /marketing/couponActivity and /customer/sendCoupon): the coupons themselves,
 * members' copies, the rules that send them on events, manual sends run as background jobs, and
 * offline coupons built into batches of codes written off at stores. SPEC §7 names no paths for
 * them beyond /Comm/GetSelectCouponList, so they live under one area of their own.
 */
const BASE = '/DistributorsShopCoupon';

export const COUPON_TITLE_MAX = 30;
export const COUPON_DESCRIPTION_MAX = 200;
export const MAX_COUPON_STORES = 50;
export const COUPON_TABS = ['all', ...COUPON_STATES] as const;

const day = z
  .string()
  .trim()
  .refine(isShopDay, { params: { key: 'coupon.form.day' } });
const limit = z.number().int().min(1).max(MAX_PER_MEMBER).nullable();
const ids = (max: number) => z.array(id).max(max);
const issue = (context: z.RefinementCtx, path: (string | number)[], key: string, values = {}) =>
  context.addIssue({ code: 'custom', path, message: key, params: { key, values } });

export const validitySchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('fixed'), from: day, until: day }),
  z.strictObject({
    kind: z.literal('relative'),
    days: z.number().int().min(1).max(MAX_VALID_DAYS),
    fromTomorrow: z.boolean(),
  }),
]);

/** What an operator sets on a coupon; `Id` and `Version` when it exists already. */
export const couponFormSchema = z
  .strictObject({
    Id: id.optional(),
    Version: version.optional(),
    Title: z.string().trim().min(1).max(COUPON_TITLE_MAX),
    Description: z.string().trim().max(COUPON_DESCRIPTION_MAX).default(''),
    Channel: z.enum(COUPON_CHANNELS),
    Kind: z.enum(COUPON_KINDS),
    /** Fen off (amount), percent paid (discount: 85 = 8.5折), 0 (free shipping). */
    Value: z.number().int().min(0).max(100_000_00),
    CapFen: fen.nullable(),
    ThresholdFen: fen,
    Scope: z.enum(COUPON_SCOPES),
    ScopeIds: ids(MAX_SCOPE_IDS),
    WithActivity: z.boolean(),
    /** null: unlimited. */
    TotalQuantity: z.number().int().min(1).max(MAX_COUPON_QUANTITY).nullable(),
    PerMemberLimit: limit,
    PerDayLimit: limit,
    /** Claims open at the start of the first day and close at the end of the last (shop days). */
    StartsOn: day,
    EndsOn: day,
    Validity: validitySchema,
    Audience: z.enum(COUPON_AUDIENCES),
    AudienceGradeIds: ids(50),
    /** Offline coupons: the stores where codes are written off; empty: any store. */
    StoreIds: ids(MAX_COUPON_STORES),
  })
  .superRefine((value, context) => {
    if (value.Kind === 'amount' && value.Value < 1) issue(context, ['Value'], 'coupon.form.amountRequired');
    if (value.Kind === 'amount' && value.ThresholdFen > 0 && value.Value > value.ThresholdFen)
      issue(context, ['Value'], 'coupon.form.amountOverThreshold');
    if (value.Kind === 'discount' && (value.Value < 1 || value.Value > 99))
      issue(context, ['Value'], 'coupon.form.discountRange');
    if (value.Kind !== 'discount' && value.CapFen !== null)
      issue(context, ['CapFen'], 'coupon.form.capDiscountOnly');
    if (value.Kind === 'freeShipping' && value.Channel === 'offline')
      issue(context, ['Kind'], 'coupon.form.freeShippingOnline');
    if (value.Scope !== 'all' && value.ScopeIds.length === 0)
      issue(context, ['ScopeIds'], 'coupon.form.scopeEmpty');
    if (value.Audience === 'grades' && value.AudienceGradeIds.length === 0)
      issue(context, ['AudienceGradeIds'], 'coupon.form.gradesEmpty');
    if (
      value.PerMemberLimit !== null &&
      value.PerDayLimit !== null &&
      value.PerDayLimit > value.PerMemberLimit
    )
      issue(context, ['PerDayLimit'], 'coupon.form.dayOverMember');
    if (value.StartsOn > value.EndsOn) issue(context, ['EndsOn'], 'coupon.form.endBeforeStart');
    if (value.Validity.kind === 'fixed') {
      if (value.Validity.from > value.Validity.until)
        issue(context, ['Validity', 'until'], 'coupon.form.endBeforeStart');
      else if (value.EndsOn > value.Validity.until)
        issue(context, ['Validity', 'until'], 'coupon.form.validityBeforeClaims');
    }
    if (value.Channel === 'online' && value.StoreIds.length > 0)
      issue(context, ['StoreIds'], 'coupon.form.storesOfflineOnly');
  });
export type CouponForm = z.infer<typeof couponFormSchema>;

export const couponRowSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Description: z.string(),
  Channel: z.enum(COUPON_CHANNELS),
  Kind: z.enum(COUPON_KINDS),
  Value: z.number().int(),
  CapFen: z.number().int().nullable(),
  ThresholdFen: z.number().int(),
  Scope: z.enum(COUPON_SCOPES),
  ScopeIds: z.array(z.number().int()),
  WithActivity: z.boolean(),
  TotalQuantity: z.number().int().nullable(),
  /** Copies claimed, sent or built as codes so far. */
  Issued: z.number().int(),
  /** Copies (or codes) used in orders or written off. */
  Used: z.number().int(),
  PerMemberLimit: z.number().int().nullable(),
  PerDayLimit: z.number().int().nullable(),
  StartsOn: z.string(),
  EndsOn: z.string(),
  Validity: validitySchema,
  Audience: z.enum(COUPON_AUDIENCES),
  AudienceGradeIds: z.array(z.number().int()),
  StoreIds: z.array(z.number().int()),
  State: z.enum(COUPON_STATES),
  CreatedAt: z.string(),
  Version: z.number().int(),
});
export type CouponRow = z.infer<typeof couponRowSchema>;

const couponCounts = z.object(
  Object.fromEntries(COUPON_TABS.map((tab) => [tab, z.number().int()])) as Record<
    (typeof COUPON_TABS)[number],
    z.ZodNumber
  >,
);

export const couponListQuerySchema = listQuerySchema.extend({
  state: z.enum(COUPON_TABS).default('all'),
  /** The title contains it. */
  keyword: z.string().trim().max(COUPON_TITLE_MAX).optional(),
  kind: z.enum(COUPON_KINDS).optional(),
  sort: sortParam(['createdAt', 'endsOn']).default('-createdAt'),
});

const couponList = (path: string, permission: string) =>
  defineEndpoint({
    method: 'GET',
    path: `${BASE}/${path}`,
    permission: permission as `/${string}`,
    input: couponListQuerySchema,
    output: pagedSchema(couponRowSchema).extend({ Counts: couponCounts }),
  });

/** Online coupons (onlineCoupon). */
export const getCouponList = couponList('GetCouponList', CouponPermission.online);
/** Offline coupons (underlineCoupon). */
export const getOfflineCouponList = couponList('GetOfflineCouponList', CouponPermission.offline);

const couponResource = (resource: string, list: typeof getCouponList): ListResource => ({
  resource,
  list,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'kind', kind: 'select', params: ['kind'], options: COUPON_KINDS },
  ],
  tabs: { param: 'state', values: COUPON_TABS, default: 'all', enumType: couponMachine.id },
  sortFields: ['createdAt', 'endsOn'],
  defaultSort: '-createdAt',
});
export const couponListResource = couponResource('coupons', getCouponList);
export const offlineCouponListResource = couponResource('offlineCoupons', getOfflineCouponList);

export const getCouponInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetCouponInfo`,
  permission: CouponPermission.edit,
  input: z.strictObject({ id: queryId }),
  /** `ScopeItems`: the names of the goods or categories of its scope, for the form. */
  output: z.object({
    Data: couponRowSchema,
    ScopeItems: z.array(z.object({ Id: z.number().int(), Name: z.string() })),
  }),
});

/** Creates a draft (no Id) or changes a coupon; once copies are out, only its quantity and end move. */
export const saveCoupon = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SaveCoupon`,
  permission: CouponPermission.edit,
  input: couponFormSchema,
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

export const MAX_BULK_COUPONS = 100;

export const setCouponState = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetCouponState`,
  permission: CouponPermission.online,
  input: z.strictObject({
    Ids: z.array(id).min(1).max(MAX_BULK_COUPONS),
    Action: z.enum(
      couponMachine.actions.filter((action) => !action.automatic).map((action) => action.name) as [
        'activate',
        'pause',
        'resume',
        'end',
      ],
    ),
  }),
  output: z.object({ Changed: z.array(z.number().int()) }),
});

/** A draft, or an ended coupon, leaves the lists; its copies and links keep its row. */
export const deleteCoupon = defineEndpoint({
  method: 'POST',
  path: `${BASE}/DeleteCoupon`,
  permission: CouponPermission.online,
  input: z.strictObject({ Id: id }),
  output: z.object({}),
});

// ---------------------------------------------------------------------------------------------
// Members' copies

export const COPY_TABS = ['all', ...MEMBER_COUPON_STATES] as const;
export const COPY_SOURCES = ['claim', 'send', 'rule', 'lottery'] as const;
export type CopySource = (typeof COPY_SOURCES)[number];

export const memberCouponRowSchema = z.object({
  Id: z.number().int(),
  CouponId: z.number().int(),
  MemberId: z.number().int(),
  MemberNo: z.string(),
  MemberName: z.string(),
  Mobile: z.string(),
  Source: z.enum(COPY_SOURCES),
  State: z.enum(MEMBER_COUPON_STATES),
  ValidFrom: z.string(),
  ValidUntil: z.string(),
  /** The order holding or having used it. */
  OrderNo: z.string(),
  EndReason: z.string(),
  CreatedAt: z.string(),
  Version: z.number().int(),
});
export type MemberCouponRow = z.infer<typeof memberCouponRowSchema>;

export const getCouponCopies = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetCouponCopies`,
  permission: CouponPermission.online,
  input: listQuerySchema.extend({
    couponId: queryId,
    state: z.enum(COPY_TABS).default('all'),
    /** Member number, nickname or mobile contains it. */
    keyword: z.string().trim().max(32).optional(),
  }),
  output: pagedSchema(memberCouponRowSchema).extend({
    Counts: z.object(
      Object.fromEntries(COPY_TABS.map((tab) => [tab, z.number().int()])) as Record<
        (typeof COPY_TABS)[number],
        z.ZodNumber
      >,
    ),
  }),
});

export const revokeMemberCoupon = defineEndpoint({
  method: 'POST',
  path: `${BASE}/RevokeMemberCoupon`,
  permission: CouponPermission.online,
  input: z.strictObject({
    Id: id,
    Reason: z.string().trim().min(1).max(REVOKE_REASON_MAX),
    Version: version.optional(),
  }),
  output: z.object({ Copy: memberCouponRowSchema }),
});

// ---------------------------------------------------------------------------------------------
// The picker of SPEC §7

export const selectCouponRowSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Channel: z.enum(COUPON_CHANNELS),
  Kind: z.enum(COUPON_KINDS),
  Value: z.number().int(),
  CapFen: z.number().int().nullable(),
  ThresholdFen: z.number().int(),
  State: z.enum(COUPON_STATES),
  /** Copies left to issue; null: unlimited. */
  Remaining: z.number().int().nullable(),
});
export type SelectCouponRow = z.infer<typeof selectCouponRowSchema>;

/**
 * Coupons to choose from (sends, rules, points goods): the shop's not deleted ones, by default
 * those on offer. Any logged-in account of the shop may read it, as the pickers of other screens do.
 */
export const getSelectCouponList = defineEndpoint({
  method: 'GET',
  path: '/Comm/GetSelectCouponList',
  permission: 'session',
  input: listQuerySchema.omit({ sort: true }).extend({
    keyword: z.string().trim().max(COUPON_TITLE_MAX).optional(),
    channel: z.enum(COUPON_CHANNELS).optional(),
    /** `all`: every state; default: active only. */
    state: z.enum(['active', 'all']).default('active'),
  }),
  output: pagedSchema(selectCouponRowSchema),
});

// ---------------------------------------------------------------------------------------------
// Rules that send coupons on events (sendSetting)

export const RULE_EVENTS = ['newMember', 'firstOrder', 'birthday', 'gradeUpgrade', 'recharge'] as const;
export type RuleEvent = (typeof RULE_EVENTS)[number];
export const MAX_SEND_COPIES = 10;

export const couponRuleFormSchema = z
  .strictObject({
    Id: id.optional(),
    Version: version.optional(),
    Event: z.enum(RULE_EVENTS),
    CouponId: id,
    /** Copies each member gets. */
    Copies: z.number().int().min(1).max(MAX_SEND_COPIES),
    /** gradeUpgrade: the grades reached that earn the coupon; empty: any upgrade. */
    GradeIds: ids(50),
    /** recharge: a stored-value recharge of at least this much earns it. */
    MinRechargeFen: fen,
    Enabled: z.boolean(),
  })
  .superRefine((value, context) => {
    if (value.Event !== 'gradeUpgrade' && value.GradeIds.length > 0)
      issue(context, ['GradeIds'], 'coupon.rule.gradesUpgradeOnly');
    if (value.Event === 'recharge' && value.MinRechargeFen < 1)
      issue(context, ['MinRechargeFen'], 'coupon.rule.rechargeMinimum');
  });
export type CouponRuleForm = z.infer<typeof couponRuleFormSchema>;

export const couponRuleRowSchema = z.object({
  Id: z.number().int(),
  Event: z.enum(RULE_EVENTS),
  CouponId: z.number().int(),
  CouponTitle: z.string(),
  CouponState: z.enum(COUPON_STATES),
  Copies: z.number().int(),
  GradeIds: z.array(z.number().int()),
  GradeNames: z.array(z.string()),
  MinRechargeFen: z.number().int(),
  Enabled: z.boolean(),
  /** Events from this moment on earn the coupon (it was last switched on then). */
  Since: z.string(),
  /** Members who got it, and those it failed for. */
  Granted: z.number().int(),
  Failed: z.number().int(),
  /** Why the latest failure failed; '' without one. */
  LastFailure: z.string(),
  Version: z.number().int(),
});
export type CouponRuleRow = z.infer<typeof couponRuleRowSchema>;

export const getCouponRuleList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetCouponRuleList`,
  permission: CouponPermission.rules,
  input: listQuerySchema.extend({
    event: z.enum(RULE_EVENTS).optional(),
    sort: sortParam(['createdAt']).default('-createdAt'),
  }),
  output: pagedSchema(couponRuleRowSchema),
});

export const couponRuleListResource: ListResource = {
  resource: 'couponRules',
  list: getCouponRuleList,
  filters: [{ name: 'event', kind: 'select', params: ['event'], options: RULE_EVENTS }],
  sortFields: ['createdAt'],
  defaultSort: '-createdAt',
};

export const saveCouponRule = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SaveCouponRule`,
  permission: CouponPermission.rules,
  input: couponRuleFormSchema,
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

export const setCouponRuleEnabled = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetCouponRuleEnabled`,
  permission: CouponPermission.rules,
  input: z.strictObject({ Ids: z.array(id).min(1).max(MAX_BULK_COUPONS), Enabled: z.boolean() }),
  output: z.object({ Changed: z.array(z.number().int()) }),
});

export const deleteCouponRule = defineEndpoint({
  method: 'POST',
  path: `${BASE}/DeleteCouponRule`,
  permission: CouponPermission.rules,
  input: z.strictObject({ Id: id }),
  output: z.object({}),
});

// ---------------------------------------------------------------------------------------------
// Manual sends (couponSend, /customer/sendCoupon) and their records (sendCouponList)

export const SEND_TARGETS = ['members', 'grade', 'tag', 'mobiles'] as const;
export type SendTarget = (typeof SEND_TARGETS)[number];
export const SEND_STATES = ['queued', 'running', 'done'] as const;
export type SendState = (typeof SEND_STATES)[number];
export const MAX_SEND_MEMBERS = 1000;
export const MAX_SEND_MOBILES = 5000;
export const MOBILE_PATTERN = /^1\d{10}$/;

/** A key the form makes once, so a double submit (or a retry after a lost answer) makes one send. */
const requestKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/);

export const sendTargetSchema = z.discriminatedUnion('Kind', [
  z.strictObject({ Kind: z.literal('members'), MemberIds: z.array(id).min(1).max(MAX_SEND_MEMBERS) }),
  z.strictObject({ Kind: z.literal('grade'), GradeId: id }),
  z.strictObject({ Kind: z.literal('tag'), Tag: z.string().trim().min(1).max(20) }),
  z.strictObject({
    Kind: z.literal('mobiles'),
    Mobiles: z.array(z.string().trim().regex(MOBILE_PATTERN)).min(1).max(MAX_SEND_MOBILES),
    FileName: z.string().trim().max(100).default(''),
  }),
]);
export type SendTargetInput = z.infer<typeof sendTargetSchema>;

export const createCouponSend = defineEndpoint({
  method: 'POST',
  path: `${BASE}/CreateCouponSend`,
  permission: CouponPermission.send,
  input: z.strictObject({
    CouponId: id,
    Copies: z.number().int().min(1).max(MAX_SEND_COPIES),
    Target: sendTargetSchema,
    RequestKey: requestKey,
  }),
  output: z.object({ Id: z.number().int() }),
});

/** The member list's "send coupon": the chosen members only. */
export const sendCouponToMembers = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SendCouponToMembers`,
  permission: CouponPermission.memberSend,
  input: z.strictObject({
    CouponId: id,
    Copies: z.number().int().min(1).max(MAX_SEND_COPIES),
    MemberIds: z.array(id).min(1).max(MAX_SEND_MEMBERS),
    RequestKey: requestKey,
  }),
  output: z.object({ Id: z.number().int() }),
});

export const sendMemberSchema = z.object({
  Id: z.number().int(),
  MemberNo: z.string(),
  Name: z.string(),
  Mobile: z.string(),
  GradeName: z.string(),
});
export type SendMember = z.infer<typeof sendMemberSchema>;

/**
 * Members to send to: by number, nickname or mobile, or by id (the chosen ones). Read by both send
 * screens; the caller needs one of their menus (checked by the server).
 */
export const findSendMembers = defineEndpoint({
  method: 'GET',
  path: `${BASE}/FindSendMembers`,
  permission: 'session',
  input: z.strictObject({
    keyword: z.string().trim().max(32).optional(),
    Ids: z
      .string()
      .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/)
      .refine((value) => value.split(',').length <= MAX_SEND_MEMBERS)
      .optional(),
  }),
  output: z.object({ Data: z.array(sendMemberSchema) }),
});

/**
 * Grades and tags with their member counts, for the send target, the coupon's audience and the
 * upgrade rule; the caller needs one of those screens (checked by the server).
 */
export const getSendOptions = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetSendOptions`,
  permission: 'session',
  input: z.strictObject({}),
  output: z.object({
    Grades: z.array(z.object({ Id: z.number().int(), Name: z.string(), Members: z.number().int() })),
    Tags: z.array(z.object({ Tag: z.string(), Members: z.number().int() })),
  }),
});

export const mobileCheckRowSchema = z.object({
  /** The spreadsheet row (the header is row 1). */
  Row: z.number().int(),
  Mobile: z.string(),
  Ok: z.boolean(),
  MemberName: z.string(),
  /** Why the row cannot be sent to; '' when it can. */
  Message: z.string(),
});

/**
 * Checks an uploaded .xlsx of mobiles (first column, under a header row) row by row before a send:
 * each row is a member of the shop, active, and not a repeat, or says why not.
 */
export const checkSendMobiles = defineEndpoint({
  method: 'POST',
  path: `${BASE}/CheckSendMobiles`,
  permission: CouponPermission.send,
  input: z.strictObject({}),
  output: z.object({
    Rows: z.array(mobileCheckRowSchema),
    Valid: z.number().int(),
    Invalid: z.number().int(),
  }),
});

export const getSendMobilesTemplate = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetSendMobilesTemplate`,
  permission: CouponPermission.send,
  input: z.strictObject({}),
  output: z.object({}),
  binary: true,
});

export const couponSendRowSchema = z.object({
  Id: z.number().int(),
  CouponId: z.number().int(),
  CouponTitle: z.string(),
  Copies: z.number().int(),
  Target: z.enum(SEND_TARGETS),
  /** The grade, the tag, the file, or how many members were chosen. */
  TargetLabel: z.string(),
  Total: z.number().int(),
  Sent: z.number().int(),
  Failed: z.number().int(),
  State: z.enum(SEND_STATES),
  CreatedBy: z.string(),
  CreatedAt: z.string(),
  FinishedAt: z.string().nullable(),
});
export type CouponSendRow = z.infer<typeof couponSendRowSchema>;

export const getCouponSendList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetCouponSendList`,
  permission: CouponPermission.sends,
  input: listQuerySchema.extend({
    /** The coupon title contains it. */
    keyword: z.string().trim().max(COUPON_TITLE_MAX).optional(),
    target: z.enum(SEND_TARGETS).optional(),
    sort: sortParam(['createdAt']).default('-createdAt'),
  }),
  output: pagedSchema(couponSendRowSchema),
});

export const couponSendListResource: ListResource = {
  resource: 'couponSends',
  list: getCouponSendList,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'target', kind: 'select', params: ['target'], options: SEND_TARGETS },
  ],
  sortFields: ['createdAt'],
  defaultSort: '-createdAt',
};

export const sendFailureRowSchema = z.object({
  Id: z.number().int(),
  Row: z.number().int().nullable(),
  Mobile: z.string(),
  MemberName: z.string(),
  Reason: z.string(),
});

export const getCouponSendFailures = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetCouponSendFailures`,
  permission: CouponPermission.sends,
  input: listQuerySchema.omit({ sort: true }).extend({ sendId: queryId }),
  output: pagedSchema(sendFailureRowSchema),
});

// ---------------------------------------------------------------------------------------------
// Offline coupons: batches of codes (underLineBuild, underLineCouponList) and their write-off

export const MAX_BATCH_CODES = 10_000;
export const OFFLINE_CODE_TABS = ['all', ...OFFLINE_CODE_STATES] as const;

export const buildOfflineCodes = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BuildOfflineCodes`,
  permission: CouponPermission.build,
  input: z.strictObject({
    CouponId: id,
    Quantity: z.number().int().min(1).max(MAX_BATCH_CODES),
    Note: z.string().trim().max(50).default(''),
  }),
  output: z.object({ BatchId: z.number().int(), Count: z.number().int() }),
});

export const offlineBatchRowSchema = z.object({
  Id: z.number().int(),
  Quantity: z.number().int(),
  Note: z.string(),
  CreatedBy: z.string(),
  CreatedAt: z.string(),
});

export const getOfflineBatches = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetOfflineBatches`,
  permission: CouponPermission.codes,
  input: z.strictObject({ couponId: queryId }),
  output: z.object({ Data: z.array(offlineBatchRowSchema) }),
});

export const offlineCodeRowSchema = z.object({
  Id: z.number().int(),
  Code: z.string(),
  /** What the card's QR code holds. */
  QrPayload: z.string(),
  BatchId: z.number().int(),
  State: z.enum(OFFLINE_CODE_STATES),
  ValidFrom: z.string(),
  ValidUntil: z.string(),
  UsedAt: z.string().nullable(),
  UsedStoreTitle: z.string(),
  CreatedAt: z.string(),
});
export type OfflineCodeRow = z.infer<typeof offlineCodeRowSchema>;

const offlineCodeFilterFields = {
  couponId: queryId,
  batchId: queryId.optional(),
  /** The code contains it (dashes and spaces ignored). */
  keyword: z.string().trim().max(32).optional(),
};

export const getOfflineCodeList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetOfflineCodeList`,
  permission: CouponPermission.codes,
  input: listQuerySchema.extend({
    ...offlineCodeFilterFields,
    state: z.enum(OFFLINE_CODE_TABS).default('all'),
    sort: sortParam(['createdAt']).default('-createdAt'),
  }),
  output: pagedSchema(offlineCodeRowSchema).extend({
    Counts: z.object(
      Object.fromEntries(OFFLINE_CODE_TABS.map((tab) => [tab, z.number().int()])) as Record<
        (typeof OFFLINE_CODE_TABS)[number],
        z.ZodNumber
      >,
    ),
    Coupon: z.object({ Id: z.number().int(), Title: z.string() }),
  }),
});

export const exportOfflineCodes = defineEndpoint({
  method: 'GET',
  path: `${BASE}/ExportOfflineCodes`,
  permission: CouponPermission.codes,
  input: z.strictObject({
    ...offlineCodeFilterFields,
    state: z.enum(OFFLINE_CODE_TABS).default('all'),
    /** The list's order; oldest first (the order codes were drawn and printed in) by default. */
    sort: sortParam(['createdAt']).default('createdAt'),
    format: exportFormat,
  }),
  output: z.object({}),
  binary: true,
});

export const offlineCodeListResource: ListResource = {
  resource: 'offlineCodes',
  list: getOfflineCodeList,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'batch', kind: 'entity', params: ['batchId'] },
  ],
  tabs: { param: 'state', values: OFFLINE_CODE_TABS, default: 'all', enumType: offlineCodeMachine.id },
  sortFields: ['createdAt'],
  defaultSort: '-createdAt',
  export: exportOfflineCodes,
};

export const voidOfflineCodes = defineEndpoint({
  method: 'POST',
  path: `${BASE}/VoidOfflineCodes`,
  permission: CouponPermission.codes,
  input: z.strictObject({ Ids: z.array(id).min(1).max(MAX_BULK_COUPONS) }),
  output: z.object({ Changed: z.array(z.number().int()) }),
});

export const couponWriteOffSchema = z.object({
  WriteOffId: z.number().int(),
  Code: z.string(),
  Title: z.string(),
  StoreTitle: z.string(),
  UsedAt: z.string(),
});

/**
 * Writes an offline coupon code off at a store, on the write-off screen beside tickets: main and
 * sub-accounts name the store; a store account writes off at its own store as one of its verifiers.
 */
export const writeOffCoupon = defineEndpoint({
  method: 'POST',
  path: '/DistributorsShopAccount/WriteOffCoupon',
  permission: TicketPermission.writeOff,
  input: z.strictObject({ Code: z.string().trim().min(1).max(40), StoreId: id.optional() }),
  output: couponWriteOffSchema,
});
