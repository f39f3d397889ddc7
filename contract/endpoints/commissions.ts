import { z } from 'zod';
import { COMMISSION_LEVELS } from '../commission';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema, tabCountsSchema } from '../envelope';
import { type ListResource, queryDate, rangeProblems, sortParam } from '../list-query';
import { DistributionPermission } from '../machines/distribution';
import { ORDER_STATES, REFUND_STATES } from '../machines/order';
import { exportFormat, queryId } from '../scalars';
import { DISTRIBUTION_BASE } from './distribution';

/**
 * Commission and its settlement (SPEC §2 /distribution/settlementReport, settlementOrderDetails):
 * the rows each paid order line wrote per level, their totals by promoter and by period, each
 * order's breakdown, and settling what is due now. A row's amount is what was written at payment;
 * its void part is what refunds took back; what is left is pending until it settles.
 */
const BASE = DISTRIBUTION_BASE;

export const COMMISSION_STATES = ['pending', 'settled', 'void'] as const;
export type CommissionState = (typeof COMMISSION_STATES)[number];

const totals = {
  Orders: z.number().int(),
  /** Written and not settled yet (what refunds took aside). */
  PendingFen: z.number().int(),
  /** Settled, net of reversals. */
  SettledFen: z.number().int(),
  /** Taken back by refunds, before or after settling. */
  VoidFen: z.number().int(),
};
const totalsSchema = z.object(totals);
export type CommissionTotals = z.infer<typeof totalsSchema>;

/** Commission is counted by the day its order was paid, in shop time. */
const periodFields = {
  from: queryDate.optional(),
  to: queryDate.optional(),
};

function refinePeriod(value: Record<string, unknown>, context: z.RefinementCtx) {
  for (const problem of rangeProblems(value, [['from', 'to']])) {
    context.addIssue({ code: 'custom', path: [problem.field], message: 'from after to' });
  }
}

// ---------------------------------------------------------------------------------------------
// By promoter

export const REPORT_SORTS = ['pending', 'settled', 'void', 'orders'] as const;

export const promoterReportRowSchema = z.object({
  PromoterId: z.number().int(),
  MemberNo: z.string(),
  Nickname: z.string(),
  Mobile: z.string(),
  ...totals,
});
export type PromoterReportRow = z.infer<typeof promoterReportRowSchema>;

const promoterReportFields = {
  ...periodFields,
  keyword: z.string().trim().max(64).optional(),
  sort: sortParam(REPORT_SORTS).default('-settled'),
};

export const getPromoterReport = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetSettlementReport`,
  permission: DistributionPermission.report,
  input: listQuerySchema.extend(promoterReportFields).superRefine(refinePeriod),
  output: pagedSchema(promoterReportRowSchema).extend({ Totals: totalsSchema }),
});

export const exportPromoterReport = defineEndpoint({
  method: 'GET',
  path: `${BASE}/ExportSettlementReport`,
  permission: DistributionPermission.report,
  input: z.strictObject({ ...promoterReportFields, format: exportFormat }).superRefine(refinePeriod),
  output: z.object({}),
  binary: true,
});

export const promoterReportResource: ListResource = {
  resource: 'promoterReport',
  list: getPromoterReport,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'period', kind: 'dateRange', params: ['from', 'to'] },
  ],
  sortFields: REPORT_SORTS,
  defaultSort: '-settled',
  export: exportPromoterReport,
};

// ---------------------------------------------------------------------------------------------
// By period

export const PERIOD_UNITS = ['day', 'month'] as const;

export const periodReportRowSchema = z.object({
  /** `2026-05-25` or `2026-05`, in shop time. */
  Period: z.string(),
  ...totals,
});
export type PeriodReportRow = z.infer<typeof periodReportRowSchema>;

const periodReportFields = {
  ...periodFields,
  unit: z.enum(PERIOD_UNITS).default('day'),
  sort: sortParam(['period']).default('-period'),
};

export const getPeriodReport = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetSettlementPeriodReport`,
  permission: DistributionPermission.report,
  input: listQuerySchema.extend(periodReportFields).superRefine(refinePeriod),
  output: pagedSchema(periodReportRowSchema).extend({ Totals: totalsSchema }),
});

export const exportPeriodReport = defineEndpoint({
  method: 'GET',
  path: `${BASE}/ExportSettlementPeriodReport`,
  permission: DistributionPermission.report,
  input: z.strictObject({ ...periodReportFields, format: exportFormat }).superRefine(refinePeriod),
  output: z.object({}),
  binary: true,
});

export const periodReportResource: ListResource = {
  resource: 'periodReport',
  list: getPeriodReport,
  filters: [
    { name: 'unit', kind: 'select', params: ['unit'], options: PERIOD_UNITS },
    { name: 'period', kind: 'dateRange', params: ['from', 'to'] },
  ],
  sortFields: ['period'],
  defaultSort: '-period',
  export: exportPeriodReport,
};

// ---------------------------------------------------------------------------------------------
// Orders with commission

export const COMMISSION_ORDER_TABS = ['all', ...COMMISSION_STATES] as const;

export const commissionOrderRowSchema = z.object({
  OrderId: z.number().int(),
  OrderNo: z.string(),
  BuyerName: z.string(),
  BuyerMemberNo: z.string(),
  OrderState: z.enum(ORDER_STATES),
  PaidFen: z.number().int(),
  RefundedFen: z.number().int(),
  /** Who earned each level and how much (net of voids); empty name where no one did. */
  Level1Name: z.string(),
  Level1Fen: z.number().int(),
  Level2Name: z.string(),
  Level2Fen: z.number().int(),
  PendingFen: z.number().int(),
  SettledFen: z.number().int(),
  VoidFen: z.number().int(),
  PaidAt: z.string(),
});
export type CommissionOrderRow = z.infer<typeof commissionOrderRowSchema>;

const orderFilterFields = {
  ...periodFields,
  /** Orders with a row in this state. */
  state: z.enum(COMMISSION_ORDER_TABS).default('all'),
  /** One promoter's orders (opened from the report by promoter). */
  promoterId: queryId.optional(),
  /** Order number, buyer or earner contains it. */
  keyword: z.string().trim().max(64).optional(),
  sort: sortParam(['paidAt']).default('-paidAt'),
};

export const getCommissionOrderList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetCommissionOrderList`,
  permission: DistributionPermission.report,
  input: listQuerySchema.extend(orderFilterFields).superRefine(refinePeriod),
  output: pagedSchema(commissionOrderRowSchema).extend({
    Counts: tabCountsSchema(COMMISSION_ORDER_TABS),
    /** The promoter the list is narrowed to, by name. */
    PromoterName: z.string(),
  }),
});

export const exportCommissionOrderList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/ExportCommissionOrderList`,
  permission: DistributionPermission.report,
  input: z.strictObject({ ...orderFilterFields, format: exportFormat }).superRefine(refinePeriod),
  output: z.object({}),
  binary: true,
});

export const commissionOrderResource: ListResource = {
  resource: 'commissionOrders',
  list: getCommissionOrderList,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'period', kind: 'dateRange', params: ['from', 'to'] },
  ],
  tabs: { param: 'state', values: COMMISSION_ORDER_TABS, default: 'all' },
  sortFields: ['paidAt'],
  defaultSort: '-paidAt',
  export: exportCommissionOrderList,
};

// ---------------------------------------------------------------------------------------------
// One order's breakdown, also shown in the order's details

export const commissionRowSchema = z.object({
  Id: z.number().int(),
  LineName: z.string(),
  SpecText: z.string(),
  Quantity: z.number().int(),
  Level: z.union([z.literal(COMMISSION_LEVELS[0]), z.literal(COMMISSION_LEVELS[1])]),
  PromoterId: z.number().int(),
  PromoterName: z.string(),
  PromoterMemberNo: z.string(),
  /** The line's share of the base at payment. */
  BaseFen: z.number().int(),
  Mode: z.enum(['ratio', 'fixed']),
  /** The rate (parts of ten thousand) or fen per unit applied. */
  Value: z.number().int(),
  AmountFen: z.number().int(),
  VoidFen: z.number().int(),
  State: z.enum(COMMISSION_STATES),
  CreatedAt: z.string(),
  SettledAt: z.string().nullable(),
});
export type CommissionRow = z.infer<typeof commissionRowSchema>;

export const orderCommissionSchema = z.object({
  /** The order's base now: paid less freight and refunds. */
  BaseFen: z.number().int(),
  Rows: z.array(commissionRowSchema),
  PendingFen: z.number().int(),
  SettledFen: z.number().int(),
  VoidFen: z.number().int(),
  /** When the pending rows fall due under the settings, null when not yet known (not received). */
  DueAt: z.string().nullable(),
});
export type OrderCommission = z.infer<typeof orderCommissionSchema>;

export const getSettlementOrderDetails = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetSettlementOrderDetails`,
  permission: DistributionPermission.orderDetails,
  input: z.strictObject({ id: queryId }),
  output: z.object({
    Order: z.object({
      Id: z.number().int(),
      OrderNo: z.string(),
      State: z.enum(ORDER_STATES),
      RefundState: z.enum(REFUND_STATES),
      BuyerName: z.string(),
      BuyerMemberNo: z.string(),
      GoodsFen: z.number().int(),
      FreightFen: z.number().int(),
      PaidFen: z.number().int(),
      RefundedFen: z.number().int(),
      PaidAt: z.string().nullable(),
      ReceivedAt: z.string().nullable(),
      CompletedAt: z.string().nullable(),
    }),
    Commission: orderCommissionSchema,
  }),
});

/** Settles every pending row of the shop that is due now, as the sweep would; safe to repeat. */
export const settleDueCommission = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SettleDueCommission`,
  permission: DistributionPermission.report,
  input: z.strictObject({}),
  output: z.object({ Settled: z.number().int(), SettledFen: z.number().int() }),
});
