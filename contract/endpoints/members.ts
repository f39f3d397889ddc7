import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { type ListResource, queryCount, queryDate, rangeProblems, sortParam } from '../list-query';
import { exportFormat, id, queryId, version } from '../scalars';
import { WALLET_REASONS } from './wallet';

/**
 * Members are the buyers (DESIGN §11): one row per site and open id, made by the storefront's
 * sign-in or by a buyer's first order or recharge. Wallets, points, coupons, tickets, bookings and
 * commissions hang off them through the open id (`BuyerId` of the storefront calls).
 */

export const MEMBER_SOURCES = ['miniProgram', 'h5', 'recharge', 'backfill', 'operator'] as const;
export type MemberSource = (typeof MEMBER_SOURCES)[number];

export const MEMBER_GENDERS = ['unknown', 'male', 'female'] as const;
export type MemberGender = (typeof MEMBER_GENDERS)[number];

export const MEMBER_STATES = ['active', 'disabled'] as const;
export type MemberState = (typeof MEMBER_STATES)[number];

/** Why a member's growth changed; operators' changes carry a required reason text besides. */
export const GROWTH_REASONS = ['order_paid', 'order_refund', 'sign_in', 'review', 'operator'] as const;
export type GrowthReason = (typeof GROWTH_REASONS)[number];

/** What moved a member to another grade: growth crossing a threshold, or an operator's choice. */
export const GRADE_CHANGE_CAUSES = ['growth', 'operator'] as const;
export type GradeChangeCause = (typeof GRADE_CHANGE_CAUSES)[number];

/** `M` and eight digits from one sequence: unique across sites, never reused. */
export const MEMBER_NO_PATTERN = /^M\d{8,}$/;

const openId = z.string().trim().min(1).max(64);

export const memberProfileSchema = z.object({
  MemberNo: z.string(),
  OpenId: z.string(),
  Nickname: z.string(),
  Avatar: z.string(),
  Mobile: z.string(),
  Gender: z.enum(MEMBER_GENDERS),
  Birthday: z.string().nullable(),
  GradeId: z.number().int().nullable(),
  Growth: z.number().int(),
  Status: z.enum(MEMBER_STATES),
  RegisteredAt: z.string(),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

export const signInSchema = z.strictObject({
  /** The mini-program's open id (or the H5 member id) as the shop's server vouches for it. */
  OpenId: openId,
  Source: z.enum(['miniProgram', 'h5']).default('miniProgram'),
  Nickname: z.string().trim().max(30).default(''),
  Avatar: z.string().trim().max(500).default(''),
  Mobile: z
    .string()
    .trim()
    .regex(/^1\d{10}$/)
    .or(z.literal(''))
    .default(''),
  Gender: z.enum(MEMBER_GENDERS).default('unknown'),
  /** The member number of whoever invited this buyer; kept from the first sign-in only. */
  InviterMemberNo: z.string().trim().regex(MEMBER_NO_PATTERN).optional(),
});
export type SignInInput = z.infer<typeof signInSchema>;

/**
 * Registers the buyer on first call and refreshes the profile fields given on later ones (never the
 * inviter, the source or the registration time). A disabled member is refused.
 */
export const signIn = defineEndpoint({
  method: 'POST',
  path: '/storefront/SignIn',
  permission: 'public',
  input: signInSchema,
  output: z.object({ Member: memberProfileSchema, Registered: z.boolean() }),
});

/* ------------------------------------------------------------------------------------------------
 * The operators' side (SPEC §2 /customer: allCustomer, memberDetails), calls under
 * /DistributorsShopAccount/.
 */
const BASE = '/DistributorsShopAccount';

export const MemberPermission = {
  list: '/customer/allCustomer',
  details: '/customer/memberDetails',
} as const;

export const MEMBER_TABS = ['all', ...MEMBER_STATES] as const;
export const MAX_BULK_MEMBERS = 100;
export const MAX_MEMBER_TAGS = 20;
export const MEMBER_TAG_MAX = 12;
export const MEMBER_REMARK_MAX = 200;
export const ADJUST_REASON_MAX = 100;
/** The largest single adjustment: a million yuan in fen, a million points or growth. */
export const MAX_ADJUSTMENT = 100_000_000;

export const MEMBER_ADJUST_KINDS = ['balance', 'points', 'growth'] as const;
export type MemberAdjustKind = (typeof MEMBER_ADJUST_KINDS)[number];

export const memberRowSchema = z.object({
  Id: z.number().int(),
  MemberNo: z.string(),
  OpenId: z.string(),
  Nickname: z.string(),
  Avatar: z.string(),
  Mobile: z.string(),
  GradeId: z.number().int().nullable(),
  GradeName: z.string(),
  Growth: z.number().int(),
  Tags: z.array(z.string()),
  Source: z.enum(MEMBER_SOURCES),
  Status: z.enum(MEMBER_STATES),
  BalanceFen: z.number().int(),
  Points: z.number().int(),
  /** Paid minus refunded over the member's orders. */
  SpentFen: z.number().int(),
  OrderCount: z.number().int(),
  LastOrderAt: z.string().nullable(),
  RegisteredAt: z.string(),
});
export type MemberRow = z.infer<typeof memberRowSchema>;

const tag = z.string().trim().min(1).max(MEMBER_TAG_MAX);

const memberFilterFields = {
  /** Nickname, mobile or member number contains it. */
  keyword: z.string().trim().max(64).optional(),
  gradeId: queryId.optional(),
  tag: z.string().trim().max(MEMBER_TAG_MAX).optional(),
  source: z.enum(MEMBER_SOURCES).optional(),
  status: z.enum(MEMBER_TABS).default('all'),
  registeredFrom: queryDate.optional(),
  registeredTo: queryDate.optional(),
  spentMin: queryCount.optional(),
  spentMax: queryCount.optional(),
  lastOrderFrom: queryDate.optional(),
  lastOrderTo: queryDate.optional(),
  sort: sortParam(['registeredAt', 'spent', 'lastOrderAt', 'growth']).default('-registeredAt'),
};

const MEMBER_RANGES = [
  ['registeredFrom', 'registeredTo'],
  ['spentMin', 'spentMax'],
  ['lastOrderFrom', 'lastOrderTo'],
] as const;

function refineRanges(value: Record<string, unknown>, context: z.RefinementCtx) {
  for (const problem of rangeProblems(value, MEMBER_RANGES)) {
    context.addIssue({ code: 'custom', path: [problem.field], message: `${problem.field} after its end` });
  }
}

export const memberListQuerySchema = listQuerySchema.extend(memberFilterFields).superRefine(refineRanges);
export type MemberListQuery = z.infer<typeof memberListQuerySchema>;

export const getMemberList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetMemberList`,
  permission: MemberPermission.list,
  input: memberListQuerySchema,
  output: pagedSchema(memberRowSchema).extend({
    Counts: z.object({ all: z.number().int(), active: z.number().int(), disabled: z.number().int() }),
  }),
});

/** The members list with the same filters and sort, as a file; at most EXPORT_MAX_ROWS rows. */
export const exportMemberList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/ExportMemberList`,
  permission: MemberPermission.list,
  input: z.strictObject({ ...memberFilterFields, format: exportFormat }).superRefine(refineRanges),
  output: z.object({}),
  binary: true,
});

/** The grades and tags in use, for the list's filters. */
export const getMemberFilterOptions = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetMemberFilterOptions`,
  permission: MemberPermission.list,
  input: z.strictObject({}),
  output: z.object({
    Grades: z.array(z.object({ Id: z.number().int(), Name: z.string(), Level: z.number().int() })),
    Tags: z.array(z.string()),
  }),
});

export const memberListResource: ListResource = {
  resource: 'members',
  list: getMemberList,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'grade', kind: 'entity', params: ['gradeId'] },
    { name: 'tag', kind: 'select', params: ['tag'] },
    { name: 'source', kind: 'select', params: ['source'], options: MEMBER_SOURCES },
    { name: 'registered', kind: 'dateRange', params: ['registeredFrom', 'registeredTo'] },
    { name: 'spent', kind: 'moneyRange', params: ['spentMin', 'spentMax'] },
    { name: 'lastOrder', kind: 'dateRange', params: ['lastOrderFrom', 'lastOrderTo'] },
  ],
  tabs: { param: 'status', values: MEMBER_TABS, default: 'all' },
  sortFields: ['registeredAt', 'spent', 'lastOrderAt', 'growth'],
  defaultSort: '-registeredAt',
  export: exportMemberList,
};

/** Adds and removes tags on several members at once; a member keeps at most MAX_MEMBER_TAGS. */
export const setMemberTags = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetMemberTags`,
  permission: MemberPermission.list,
  input: z
    .strictObject({
      Ids: z.array(id).min(1).max(MAX_BULK_MEMBERS),
      Add: z.array(tag).max(MAX_MEMBER_TAGS).default([]),
      Remove: z.array(tag).max(MAX_MEMBER_TAGS).default([]),
    })
    .refine((value) => value.Add.length + value.Remove.length > 0, {
      path: ['Add'],
      message: 'Add or Remove at least one tag',
    }),
  output: z.object({ Changed: z.array(z.number().int()) }),
});

/** Disables or enables several members; a disabled member cannot sign in, order or recharge. */
export const setMemberStatus = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetMemberStatus`,
  permission: MemberPermission.list,
  input: z.strictObject({
    Ids: z.array(id).min(1).max(MAX_BULK_MEMBERS),
    Status: z.enum(MEMBER_STATES),
  }),
  output: z.object({ Changed: z.array(z.number().int()), Unchanged: z.array(z.number().int()) }),
});

const memberLedgerRowSchema = z.object({
  Id: z.number().int(),
  Delta: z.number().int(),
  After: z.number().int(),
  Reason: z.string(),
  Note: z.string(),
  OrderNo: z.string(),
  ActorName: z.string(),
  CreatedAt: z.string(),
});
export type MemberLedgerRow = z.infer<typeof memberLedgerRowSchema>;

const memberLinkSchema = z.object({ Id: z.number().int(), MemberNo: z.string(), Nickname: z.string() });

export const memberDetailSchema = z.object({
  Id: z.number().int(),
  MemberNo: z.string(),
  OpenId: z.string(),
  Nickname: z.string(),
  Avatar: z.string(),
  Mobile: z.string(),
  Gender: z.enum(MEMBER_GENDERS),
  Birthday: z.string().nullable(),
  Remark: z.string(),
  Tags: z.array(z.string()),
  Source: z.enum(MEMBER_SOURCES),
  Status: z.enum(MEMBER_STATES),
  Version: z.number().int(),
  RegisteredAt: z.string(),
  GradeId: z.number().int().nullable(),
  GradeName: z.string(),
  Growth: z.number().int(),
  BalanceFen: z.number().int(),
  Points: z.number().int(),
  SpentFen: z.number().int(),
  OrderCount: z.number().int(),
  Inviter: memberLinkSchema.nullable(),
  Invitees: z.array(memberLinkSchema),
  GrowthLedger: z.array(memberLedgerRowSchema),
  BalanceLedger: z.array(memberLedgerRowSchema),
  PointsLedger: z.array(memberLedgerRowSchema),
  Orders: z.array(
    z.object({
      Id: z.number().int(),
      OrderNo: z.string(),
      State: z.string(),
      TotalFen: z.number().int(),
      GoodsName: z.string(),
      CreatedAt: z.string(),
    }),
  ),
  Addresses: z.array(z.object({ Name: z.string(), Phone: z.string(), Text: z.string() })),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

/** How many rows of each ledger, orders and invitees the details show, newest first. */
export const MEMBER_DETAIL_ROWS = 20;

export const getMemberInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetMemberInfo`,
  permission: MemberPermission.details,
  input: z.strictObject({ id: queryId }),
  output: memberDetailSchema,
});

export const memberProfileInputSchema = z.strictObject({
  Id: id,
  Version: version,
  Nickname: z.string().trim().max(30),
  Mobile: z
    .string()
    .trim()
    .regex(/^1\d{10}$/)
    .or(z.literal('')),
  Gender: z.enum(MEMBER_GENDERS),
  Birthday: z.iso.date().nullable(),
  Remark: z.string().trim().max(MEMBER_REMARK_MAX),
});
export type MemberProfileInput = z.infer<typeof memberProfileInputSchema>;

/** Saves the operator-editable profile; a stale Version is refused for a reload. */
export const setMemberProfile = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetMemberProfile`,
  permission: MemberPermission.details,
  input: memberProfileInputSchema,
  output: z.object({ Version: z.number().int() }),
});

export const memberAdjustmentSchema = z.strictObject({
  Id: id,
  Kind: z.enum(MEMBER_ADJUST_KINDS),
  /** Signed: fen for balance, points, growth. A decrease beyond what the member holds is refused. */
  Delta: z
    .number()
    .int()
    .min(-MAX_ADJUSTMENT)
    .max(MAX_ADJUSTMENT)
    .refine((value) => value !== 0, 'must not be zero'),
  Reason: z.string().trim().min(1).max(ADJUST_REASON_MAX),
});
export type MemberAdjustment = z.infer<typeof memberAdjustmentSchema>;

/** An operator's adjustment of balance, points or growth: guarded, ledgered with the reason, audited. */
export const adjustMember = defineEndpoint({
  method: 'POST',
  path: `${BASE}/AdjustMember`,
  permission: MemberPermission.details,
  input: memberAdjustmentSchema,
  output: z.object({ After: z.number().int() }),
});

/* ------------------------------------------------------------------------------------------------
 * Accounts (SPEC §2 /customer/accountList): every member's stored value, points and growth, and
 * one ledger of all three.
 */
export const ACCOUNT_PERMISSION = '/customer/accountList';

export const accountRowSchema = z.object({
  Id: z.number().int(),
  MemberNo: z.string(),
  Nickname: z.string(),
  Mobile: z.string(),
  BalanceFen: z.number().int(),
  Points: z.number().int(),
  Growth: z.number().int(),
});
export type AccountRow = z.infer<typeof accountRowSchema>;

export const accountListQuerySchema = listQuerySchema.extend({
  /** Nickname, mobile or member number contains it. */
  keyword: z.string().trim().max(64).optional(),
  sort: sortParam(['balance', 'points', 'growth']).default('-balance'),
});

export const getAccountList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetAccountList`,
  permission: ACCOUNT_PERMISSION,
  input: accountListQuerySchema,
  output: pagedSchema(accountRowSchema).extend({
    /** Sums over every member the filters match, not only this page. */
    Totals: z.object({ BalanceFen: z.number(), Points: z.number(), Growth: z.number() }),
  }),
});

export const accountListResource: ListResource = {
  resource: 'accounts',
  list: getAccountList,
  filters: [{ name: 'keyword', kind: 'text', params: ['keyword'] }],
  sortFields: ['balance', 'points', 'growth'],
  defaultSort: '-balance',
};

export const LEDGER_KINDS = MEMBER_ADJUST_KINDS;
export const LEDGER_TABS = ['all', ...LEDGER_KINDS] as const;
/** Every reason a ledger row may carry, wallets' and growth's. */
export const LEDGER_REASONS = [...new Set([...WALLET_REASONS, ...GROWTH_REASONS])] as [string, ...string[]];

export const ledgerEntrySchema = z.object({
  Id: z.number().int(),
  Kind: z.enum(LEDGER_KINDS),
  MemberId: z.number().int(),
  MemberNo: z.string(),
  Nickname: z.string(),
  Delta: z.number().int(),
  After: z.number().int(),
  Reason: z.string(),
  Note: z.string(),
  OrderNo: z.string(),
  ActorName: z.string(),
  CreatedAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

const ledgerFilterFields = {
  kind: z.enum(LEDGER_TABS).default('all'),
  /** One member, by member number. */
  memberNo: z.string().trim().max(20).optional(),
  reason: z.enum(LEDGER_REASONS).optional(),
  from: queryDate.optional(),
  to: queryDate.optional(),
};

function refineLedger(value: Record<string, unknown>, context: z.RefinementCtx) {
  for (const problem of rangeProblems(value, [['from', 'to']])) {
    context.addIssue({ code: 'custom', path: [problem.field], message: 'from after to' });
  }
}

export const ledgerQuerySchema = listQuerySchema
  .extend({ ...ledgerFilterFields, sort: sortParam(['createdAt']).default('-createdAt') })
  .superRefine(refineLedger);
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;

export const getAccountLedger = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetAccountLedger`,
  permission: ACCOUNT_PERMISSION,
  input: ledgerQuerySchema,
  output: pagedSchema(ledgerEntrySchema).extend({
    Counts: z.object({
      all: z.number().int(),
      balance: z.number().int(),
      points: z.number().int(),
      growth: z.number().int(),
    }),
  }),
});

/** The ledger rows of the same filters as a file, oldest first; at most EXPORT_MAX_ROWS rows. */
export const exportAccountLedger = defineEndpoint({
  method: 'GET',
  path: `${BASE}/ExportAccountLedger`,
  permission: ACCOUNT_PERMISSION,
  input: z
    .strictObject({
      ...ledgerFilterFields,
      sort: sortParam(['createdAt']).default('-createdAt'),
      format: exportFormat,
    })
    .superRefine(refineLedger),
  output: z.object({}),
  binary: true,
});

export const ledgerResource: ListResource = {
  resource: 'ledger',
  list: getAccountLedger,
  filters: [
    { name: 'memberNo', kind: 'text', params: ['memberNo'] },
    { name: 'reason', kind: 'select', params: ['reason'], options: LEDGER_REASONS },
    { name: 'date', kind: 'dateRange', params: ['from', 'to'] },
  ],
  tabs: { param: 'kind', values: LEDGER_TABS, default: 'all' },
  sortFields: ['createdAt'],
  defaultSort: '-createdAt',
  export: exportAccountLedger,
};
