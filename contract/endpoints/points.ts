import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { type ListResource, queryCount, queryDate, rangeProblems, sortParam } from '../list-query';
import { PointsPermission } from '../machines/points-exchange';
import { POINTS_EXPIRY_RULES } from '../points';
import { exportFormat, fen, queryId, version } from '../scalars';
import { WALLET_REASONS } from './wallet';

/**
 * Points rules and the points inquiry (SPEC §2 /marketing/integralExchange: integralSetting,
 * integralInquiry, integralDetails). Points live in the buyers' wallets; how many an order earns
 * and when stay the order settings' (`PointsPerYuan`, `PointsGrant`), shown here read-only. These
 * rules add what points pay for and when they end.
 */
const BASE = '/DistributorsShopMarketing';

export const MAX_DEDUCT_RATE = 10_000;
export const MAX_SIGN_IN_POINTS = 10_000;

export const pointsSettingSchema = z.strictObject({
  /** Buyers may pay part of an order with points. */
  DeductionEnabled: z.boolean(),
  /** This many points pay ¥1. */
  DeductPointsPerYuan: z.number().int().min(1).max(MAX_DEDUCT_RATE),
  /** At most this percent of an order's goods (after discounts and the coupon) is paid with points. */
  MaxDeductPercent: z.number().int().min(1).max(100),
  /** Points pay only on goods worth at least this, in fen; 0 for any order. */
  MinOrderFen: fen,
  Expiry: z.enum(POINTS_EXPIRY_RULES),
  /** Points the daily check-in gives; 0 for none. */
  SignInPoints: z.number().int().min(0).max(MAX_SIGN_IN_POINTS),
});
export type PointsSetting = z.infer<typeof pointsSettingSchema>;

/** A shop that never saved its rules: points pay for nothing (the stricter choice) and never expire. */
export const DEFAULT_POINTS_SETTING: PointsSetting = {
  DeductionEnabled: false,
  DeductPointsPerYuan: 100,
  MaxDeductPercent: 50,
  MinOrderFen: 0,
  Expiry: 'never',
  SignInPoints: 0,
};

export const getPointsSetting = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetIntegralSetting`,
  permission: PointsPermission.setting,
  input: z.strictObject({}),
  output: pointsSettingSchema.extend({
    Version: z.number().int(),
    /** The order settings' earning rules, edited on /order/parameterSetting. */
    Earning: z.object({ PointsPerYuan: z.number().int(), PointsGrant: z.enum(['payment', 'completion']) }),
  }),
});

export const setPointsSetting = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetIntegralSetting`,
  permission: PointsPermission.setting,
  input: pointsSettingSchema.extend({ Version: version }),
  output: z.object({ Version: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------
// The inquiry: members' points, their ledger, and the totals per month

/** Ledger rows of points by what they did: earned, spent (net of what came back), expired. */
export const POINTS_FLOWS = ['issued', 'used', 'returned', 'expired'] as const;
export type PointsFlowKind = (typeof POINTS_FLOWS)[number];
export const POINTS_LEDGER_TABS = ['all', ...POINTS_FLOWS] as const;

/** The wallet reasons a points row may carry (stored-value ones never do). */
export const POINTS_REASONS = WALLET_REASONS.filter(
  (reason) =>
    !['recharge', 'recharge_refund', 'order_payment', 'order_refund', 'commission_withdrawal'].includes(
      reason,
    ),
) as [(typeof WALLET_REASONS)[number], ...(typeof WALLET_REASONS)[number][]];

export const pointsMemberRowSchema = z.object({
  Id: z.number().int(),
  MemberNo: z.string(),
  Nickname: z.string(),
  Mobile: z.string(),
  Points: z.number().int(),
  Issued: z.number().int(),
  Used: z.number().int(),
  Expired: z.number().int(),
  /** Points that go at the next expiry (0 under the never rule). */
  Expiring: z.number().int(),
  LastChangeAt: z.string().nullable(),
});
export type PointsMemberRow = z.infer<typeof pointsMemberRowSchema>;

export const POINTS_MEMBER_SORTS = ['points', 'issued', 'used', 'lastChangeAt'] as const;

const memberFilterFields = {
  /** Nickname, mobile or member number contains it. */
  keyword: z.string().trim().max(64).optional(),
  /** Members holding from–to this many points. */
  pointsMin: queryCount.optional(),
  pointsMax: queryCount.optional(),
  sort: sortParam(POINTS_MEMBER_SORTS).default('-points'),
};

function refineMembers(value: Record<string, unknown>, context: z.RefinementCtx) {
  for (const problem of rangeProblems(value, [['pointsMin', 'pointsMax']])) {
    context.addIssue({ code: 'custom', path: [problem.field], message: 'pointsMin above pointsMax' });
  }
}

export const getPointsMemberList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetIntegralMemberList`,
  permission: PointsPermission.inquiry,
  input: listQuerySchema.extend(memberFilterFields).superRefine(refineMembers),
  output: pagedSchema(pointsMemberRowSchema).extend({
    /** Over every member the filters match. */
    Totals: z.object({ Points: z.number(), Expiring: z.number() }),
    ExpiringAt: z.string().nullable(),
  }),
});

export const exportPointsMemberList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/ExportIntegralMemberList`,
  permission: PointsPermission.inquiry,
  input: z.strictObject({ ...memberFilterFields, format: exportFormat }).superRefine(refineMembers),
  output: z.object({}),
  binary: true,
});

export const pointsMemberListResource: ListResource = {
  resource: 'pointsMembers',
  list: getPointsMemberList,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'points', kind: 'numberRange', params: ['pointsMin', 'pointsMax'] },
  ],
  sortFields: POINTS_MEMBER_SORTS,
  defaultSort: '-points',
  export: exportPointsMemberList,
};

export const pointsLedgerRowSchema = z.object({
  Id: z.number().int(),
  MemberId: z.number().int(),
  MemberNo: z.string(),
  Nickname: z.string(),
  Flow: z.enum(POINTS_FLOWS),
  Delta: z.number().int(),
  After: z.number().int(),
  Reason: z.enum(WALLET_REASONS),
  /** The order or exchange order the change belongs to. */
  OrderNo: z.string(),
  Note: z.string(),
  ActorName: z.string(),
  CreatedAt: z.string(),
});
export type PointsLedgerRow = z.infer<typeof pointsLedgerRowSchema>;

const ledgerFilterFields = {
  flow: z.enum(POINTS_LEDGER_TABS).default('all'),
  /** One member's rows (the details screen). */
  memberId: queryId.optional(),
  /** Member (nickname, number, mobile) or order number contains it. */
  keyword: z.string().trim().max(64).optional(),
  reason: z.enum(POINTS_REASONS).optional(),
  from: queryDate.optional(),
  to: queryDate.optional(),
  sort: sortParam(['createdAt']).default('-createdAt'),
};

function refineLedger(value: Record<string, unknown>, context: z.RefinementCtx) {
  for (const problem of rangeProblems(value, [['from', 'to']])) {
    context.addIssue({ code: 'custom', path: [problem.field], message: 'from after to' });
  }
}

const flowCounts = z.object({
  all: z.number().int(),
  issued: z.number().int(),
  used: z.number().int(),
  returned: z.number().int(),
  expired: z.number().int(),
});

export const getPointsLedger = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetIntegralLedger`,
  permission: PointsPermission.inquiry,
  input: listQuerySchema.extend(ledgerFilterFields).superRefine(refineLedger),
  output: pagedSchema(pointsLedgerRowSchema).extend({ Counts: flowCounts }),
});

export const exportPointsLedger = defineEndpoint({
  method: 'GET',
  path: `${BASE}/ExportIntegralLedger`,
  permission: PointsPermission.inquiry,
  input: z.strictObject({ ...ledgerFilterFields, format: exportFormat }).superRefine(refineLedger),
  output: z.object({}),
  binary: true,
});

export const pointsLedgerResource: ListResource = {
  resource: 'pointsLedger',
  list: getPointsLedger,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'reason', kind: 'select', params: ['reason'], options: POINTS_REASONS },
    { name: 'at', kind: 'dateRange', params: ['from', 'to'] },
  ],
  tabs: { param: 'flow', values: POINTS_LEDGER_TABS, default: 'all' },
  sortFields: ['createdAt'],
  defaultSort: '-createdAt',
  export: exportPointsLedger,
};

/** At most this many months in one totals answer. */
export const MAX_TOTAL_MONTHS = 36;

export const pointsMonthRowSchema = z.object({
  /** `2026-05`, in shop time. */
  Month: z.string(),
  Issued: z.number().int(),
  /** Spent less what came back from closed orders and cancelled exchanges. */
  Used: z.number().int(),
  Expired: z.number().int(),
});
export type PointsMonthRow = z.infer<typeof pointsMonthRowSchema>;

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

export const getPointsMonthlyTotals = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetIntegralMonthlyTotals`,
  permission: PointsPermission.inquiry,
  input: z
    .strictObject({
      /** First and last month, both included; default the last twelve months. */
      from: month.optional(),
      to: month.optional(),
      memberId: queryId.optional(),
    })
    .superRefine((value, context) => {
      if (value.from && value.to && value.from > value.to)
        context.addIssue({ code: 'custom', path: ['from'], message: 'from after to' });
    }),
  output: z.object({ Data: z.array(pointsMonthRowSchema) }),
});

export const pointsMemberDetailSchema = pointsMemberRowSchema.extend({
  Avatar: z.string(),
  GradeName: z.string(),
  Status: z.enum(['active', 'disabled']),
  ExpiringAt: z.string().nullable(),
  /** The rule in force, for the explanation beside the figures. */
  Expiry: z.enum(POINTS_EXPIRY_RULES),
});
export type PointsMemberDetail = z.infer<typeof pointsMemberDetailSchema>;

export const getPointsMemberInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetIntegralMemberInfo`,
  permission: PointsPermission.details,
  input: z.strictObject({ id: queryId }),
  output: pointsMemberDetailSchema,
});
