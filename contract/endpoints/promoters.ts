import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema, tabCountsSchema } from '../envelope';
import { type ListResource, queryDate, rangeProblems, sortParam } from '../list-query';
import {
  APPLICATION_STATES,
  DistributionPermission,
  PROMOTER_STATES,
  rejectApplicationForm,
} from '../machines/distribution';
import { exportFormat, id, queryId } from '../scalars';
import { DISTRIBUTION_BASE } from './distribution';

/**
 * Promoters (SPEC §2 /distribution/accountList, /customer/umbrellaPerformance, wechartList): members
 * who promote the shop, their applications, their teams and the WeChat accounts their change is paid
 * to. A promoter's parent is the promoter who invited them, fixed when they join.
 */
const BASE = DISTRIBUTION_BASE;

export const PROMOTER_TABS = ['all', ...PROMOTER_STATES] as const;
export const PROMOTER_SORTS = ['joinedAt', 'earned', 'withdrawable', 'team'] as const;

const memberParts = {
  MemberId: z.number().int(),
  MemberNo: z.string(),
  Nickname: z.string(),
  Avatar: z.string(),
  Mobile: z.string(),
};

export const promoterRowSchema = z.object({
  Id: z.number().int(),
  ...memberParts,
  GradeId: z.number().int().nullable(),
  /** Empty for the default grade (the settings' rates). */
  GradeName: z.string(),
  ParentId: z.number().int().nullable(),
  ParentName: z.string(),
  Status: z.enum(PROMOTER_STATES),
  /** Members they invited, and members their direct sub-promoters invited. */
  TeamSize: z.number().int(),
  /** Settled commission, net of reversals. */
  EarnedFen: z.number().int(),
  /** May go below zero when a refund takes back commission already withdrawn. */
  WithdrawableFen: z.number().int(),
  /** In withdrawals not paid yet. */
  FrozenFen: z.number().int(),
  /** Commission written and not settled yet. */
  PendingFen: z.number().int(),
  JoinedAt: z.string(),
  Version: z.number().int(),
});
export type PromoterRow = z.infer<typeof promoterRowSchema>;

const promoterFilterFields = {
  status: z.enum(PROMOTER_TABS).default('all'),
  /** Nickname, mobile or member number contains it. */
  keyword: z.string().trim().max(64).optional(),
  /** 0: the default grade. */
  gradeId: z.coerce.number().int().min(0).optional(),
  joinedFrom: queryDate.optional(),
  joinedTo: queryDate.optional(),
  sort: sortParam(PROMOTER_SORTS).default('-joinedAt'),
};

function refineJoined(value: Record<string, unknown>, context: z.RefinementCtx) {
  for (const problem of rangeProblems(value, [['joinedFrom', 'joinedTo']])) {
    context.addIssue({ code: 'custom', path: [problem.field], message: 'joinedFrom after joinedTo' });
  }
}

export const getPromoterList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetPromoterList`,
  permission: DistributionPermission.promoters,
  input: listQuerySchema.extend(promoterFilterFields).superRefine(refineJoined),
  output: pagedSchema(promoterRowSchema).extend({
    Counts: tabCountsSchema(PROMOTER_TABS),
  }),
});

export const exportPromoterList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/ExportPromoterList`,
  permission: DistributionPermission.promoters,
  input: z.strictObject({ ...promoterFilterFields, format: exportFormat }).superRefine(refineJoined),
  output: z.object({}),
  binary: true,
});

export const promoterListResource: ListResource = {
  resource: 'promoters',
  list: getPromoterList,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'grade', kind: 'select', params: ['gradeId'] },
    { name: 'joined', kind: 'dateRange', params: ['joinedFrom', 'joinedTo'] },
  ],
  tabs: { param: 'status', values: PROMOTER_TABS, default: 'all' },
  sortFields: PROMOTER_SORTS,
  defaultSort: '-joinedAt',
  export: exportPromoterList,
};

export const freezePromoters = defineEndpoint({
  method: 'POST',
  path: `${BASE}/FreezePromoters`,
  permission: DistributionPermission.promoters,
  input: z.strictObject({ Ids: z.array(id).min(1).max(100) }),
  output: z.object({ Changed: z.number().int() }),
});

export const unfreezePromoters = defineEndpoint({
  method: 'POST',
  path: `${BASE}/UnfreezePromoters`,
  permission: DistributionPermission.promoters,
  input: z.strictObject({ Ids: z.array(id).min(1).max(100) }),
  output: z.object({ Changed: z.number().int() }),
});

/** Moves promoters to a grade; null: the default grade. */
export const setPromoterGrade = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetPromoterGrade`,
  permission: DistributionPermission.promoters,
  input: z.strictObject({ Ids: z.array(id).min(1).max(100), GradeId: id.nullable() }),
  output: z.object({ Changed: z.number().int() }),
});

/**
 * The promoter's shop link (SPEC §7 GetStoreDistributorsShopUrl): the mini-program page that binds a
 * new member to them, the web address of its phone preview with the same invite, and its QR code.
 */
export const getStoreDistributorsShopUrl = defineEndpoint({
  method: 'GET',
  path: '/Comm/GetStoreDistributorsShopUrl',
  permission: DistributionPermission.promoters,
  input: z.strictObject({ promoterId: queryId }),
  output: z.object({ MemberNo: z.string(), Path: z.string(), Url: z.string(), Image: z.string() }),
});

// ---------------------------------------------------------------------------------------------
// Applications

export const APPLICATION_TABS = ['all', ...APPLICATION_STATES] as const;

export const applicationRowSchema = z.object({
  Id: z.number().int(),
  ...memberParts,
  /** The member who invited them, who becomes their parent when a promoter. */
  InviterName: z.string(),
  State: z.enum(APPLICATION_STATES),
  /** What the member has paid for so far, to judge the application. */
  PaidOrders: z.number().int(),
  PaidFen: z.number().int(),
  Reason: z.string(),
  DeciderName: z.string(),
  AppliedAt: z.string(),
  DecidedAt: z.string().nullable(),
});
export type ApplicationRow = z.infer<typeof applicationRowSchema>;

const applicationFilterFields = {
  state: z.enum(APPLICATION_TABS).default('pending'),
  keyword: z.string().trim().max(64).optional(),
  appliedFrom: queryDate.optional(),
  appliedTo: queryDate.optional(),
  sort: sortParam(['appliedAt']).default('-appliedAt'),
};

function refineApplied(value: Record<string, unknown>, context: z.RefinementCtx) {
  for (const problem of rangeProblems(value, [['appliedFrom', 'appliedTo']])) {
    context.addIssue({ code: 'custom', path: [problem.field], message: 'appliedFrom after appliedTo' });
  }
}

export const getApplicationList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetPromoterApplicationList`,
  permission: DistributionPermission.promoters,
  input: listQuerySchema.extend(applicationFilterFields).superRefine(refineApplied),
  output: pagedSchema(applicationRowSchema).extend({
    Counts: tabCountsSchema(APPLICATION_TABS),
  }),
});

export const applicationListResource: ListResource = {
  resource: 'applications',
  list: getApplicationList,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'applied', kind: 'dateRange', params: ['appliedFrom', 'appliedTo'] },
  ],
  tabs: { param: 'state', values: APPLICATION_TABS, default: 'pending' },
  sortFields: ['appliedAt'],
  defaultSort: '-appliedAt',
};

export const approveApplications = defineEndpoint({
  method: 'POST',
  path: `${BASE}/ApprovePromoterApplications`,
  permission: DistributionPermission.promoters,
  input: z.strictObject({ Ids: z.array(id).min(1).max(100) }),
  output: z.object({ Changed: z.number().int() }),
});

export const rejectApplication = defineEndpoint({
  method: 'POST',
  path: `${BASE}/RejectPromoterApplication`,
  permission: DistributionPermission.promoters,
  input: rejectApplicationForm.extend({ Id: id }),
  output: z.object({}),
});

// ---------------------------------------------------------------------------------------------
// A promoter's team (umbrellaPerformance)

export const TEAM_LEVELS = ['1', '2'] as const;

export const teamRowSchema = z.object({
  ...memberParts,
  /** Level 2: the sub-promoter who invited them. */
  ViaName: z.string(),
  /** They promote too. */
  IsPromoter: z.boolean(),
  RegisteredAt: z.string(),
  /** Their paid orders that earned this promoter commission, what was paid, and the commission (net of voids). */
  Orders: z.number().int(),
  PaidFen: z.number().int(),
  CommissionFen: z.number().int(),
});
export type TeamRow = z.infer<typeof teamRowSchema>;

const teamFilterFields = {
  promoterId: queryId,
  level: z.enum(TEAM_LEVELS).default('1'),
  keyword: z.string().trim().max(64).optional(),
  sort: sortParam(['registeredAt', 'commission']).default('-registeredAt'),
};

export const getPromoterTeam = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetPromoterTeam`,
  permission: DistributionPermission.team,
  input: listQuerySchema.extend(teamFilterFields),
  output: pagedSchema(teamRowSchema).extend({
    Promoter: promoterRowSchema,
    Counts: tabCountsSchema(TEAM_LEVELS),
    /** Over both levels. */
    Totals: z.object({
      Orders: z.number().int(),
      PaidFen: z.number().int(),
      CommissionFen: z.number().int(),
    }),
  }),
});

export const teamListResource: ListResource = {
  resource: 'team',
  list: getPromoterTeam,
  filters: [{ name: 'keyword', kind: 'text', params: ['keyword'] }],
  tabs: { param: 'level', values: TEAM_LEVELS, default: '1' },
  sortFields: ['registeredAt', 'commission'],
  defaultSort: '-registeredAt',
};

// ---------------------------------------------------------------------------------------------
// WeChat accounts for change payouts (wechartList)

export const WECHAT_ACCOUNT_STATES = ['bound', 'unbound'] as const;
export const WECHAT_TABS = ['all', ...WECHAT_ACCOUNT_STATES] as const;

export const wechatAccountRowSchema = z.object({
  Id: z.number().int(),
  PromoterId: z.number().int(),
  ...memberParts,
  /** Masked: the middle hidden. */
  OpenId: z.string(),
  /** Masked: the family name only. */
  RealName: z.string(),
  State: z.enum(WECHAT_ACCOUNT_STATES),
  BoundAt: z.string(),
  UnboundAt: z.string().nullable(),
  /** WeChat change withdrawals paid to it, and their sum. */
  Payouts: z.number().int(),
  PaidFen: z.number().int(),
});
export type WechatAccountRow = z.infer<typeof wechatAccountRowSchema>;

export const getWechatAccountList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetPromoterWechatList`,
  permission: DistributionPermission.wechat,
  input: listQuerySchema.extend({
    state: z.enum(WECHAT_TABS).default('bound'),
    /** One promoter's accounts (opened from the promoters list). */
    promoterId: queryId.optional(),
    keyword: z.string().trim().max(64).optional(),
    sort: sortParam(['boundAt']).default('-boundAt'),
  }),
  output: pagedSchema(wechatAccountRowSchema).extend({
    /** The promoter the list is narrowed to. */
    Promoter: promoterRowSchema.nullable(),
    Counts: tabCountsSchema(WECHAT_TABS),
  }),
});

export const wechatAccountListResource: ListResource = {
  resource: 'wechatAccounts',
  list: getWechatAccountList,
  filters: [{ name: 'keyword', kind: 'text', params: ['keyword'] }],
  tabs: { param: 'state', values: WECHAT_TABS, default: 'bound' },
  sortFields: ['boundAt'],
  defaultSort: '-boundAt',
};

/** The promoter must bind another account before WeChat change can pay them again. */
export const unbindWechatAccounts = defineEndpoint({
  method: 'POST',
  path: `${BASE}/UnbindPromoterWechat`,
  permission: DistributionPermission.wechat,
  input: z.strictObject({ Ids: z.array(id).min(1).max(100) }),
  output: z.object({ Changed: z.number().int() }),
});
