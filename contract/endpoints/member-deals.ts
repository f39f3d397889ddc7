import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { type ListResource, queryDate, rangeProblems, sortParam } from '../list-query';
import { exportFormat, queryId } from '../scalars';
import { MemberPermission } from './members';

/**
 * A member's deals (SPEC §7 /DistributorsShopAccount/ deals): every money movement of one member in
 * one list, read from the ledgers that already hold them. The list is opened from the member's
 * details (`view=deals` on that route, since the menu has no route of its own for it).
 *
 * Amounts are fen, signed from the member's side: positive when money or stored value comes to the
 * member (a stored-value recharge, a refund, settled commission, a credit), negative when it leaves
 * them (an order's payment, a data top-up, a withdrawal, a reversal, a debit).
 */

/**
 * - order: a paid order, by what was paid;
 * - recharge: a paid stored-value or data recharge order;
 * - refund: money given back for an order or a recharge;
 * - withdrawal: commission the member took out to withdraw it, and given back when the withdrawal was
 *   refused or its payout failed;
 * - commission: commission settled to the member as promoter, or taken back after a refund;
 * - balance: the other stored-value changes (the shop's adjustments, recharge bonuses, prizes,
 *   commission withdrawn to stored value).
 */
export const MEMBER_DEAL_KINDS = [
  'order',
  'recharge',
  'refund',
  'withdrawal',
  'commission',
  'balance',
] as const;
export type MemberDealKind = (typeof MEMBER_DEAL_KINDS)[number];

export const DEAL_DIRECTIONS = ['in', 'out'] as const;
export type DealDirection = (typeof DEAL_DIRECTIONS)[number];

export const memberDealSchema = z.object({
  Kind: z.enum(MEMBER_DEAL_KINDS),
  /** The source row's id, unique within its kind (order, refund, recharge order, withdrawal, ledger row). */
  Id: z.number().int(),
  /** Signed fen: see above. */
  AmountFen: z.number().int(),
  /** The stored value after the movement, when it moved stored value; the withdrawable commission for commission rows. */
  BalanceAfterFen: z.number().int().nullable(),
  /** The number a person reads: order, recharge order or withdrawal number; empty when there is none. */
  Reference: z.string(),
  /** The record the reference opens: the order for orders, refunds and commissions, else the recharge or withdrawal. */
  SourceId: z.number().int().nullable(),
  /**
   * What kind of movement within its kind, as a code the catalogues name: the payment method of an
   * order, `storedValue` or `data` of a recharge, `order` or `recharge` of a refund, `withdraw` or
   * `withdrawReturn` of a withdrawal, `settle` or `reversal` of a commission, the wallet reason of a
   * balance change.
   */
  Detail: z.string(),
  At: z.string(),
});
export type MemberDeal = z.infer<typeof memberDealSchema>;

const dealFilterFields = {
  /** The member, as on the details page. */
  id: queryId,
  kind: z.enum(MEMBER_DEAL_KINDS).optional(),
  direction: z.enum(DEAL_DIRECTIONS).optional(),
  from: queryDate.optional(),
  to: queryDate.optional(),
  sort: sortParam(['at']).default('-at'),
};

function refineDealRange(value: Record<string, unknown>, context: z.RefinementCtx) {
  for (const problem of rangeProblems(value, [['from', 'to']])) {
    context.addIssue({ code: 'custom', path: [problem.field], message: 'from after to' });
  }
}

export const memberDealQuerySchema = listQuerySchema.extend(dealFilterFields).superRefine(refineDealRange);
export type MemberDealQuery = z.infer<typeof memberDealQuerySchema>;

const BASE = '/DistributorsShopAccount';

export const getMemberDealList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetMemberDealList`,
  permission: MemberPermission.details,
  input: memberDealQuerySchema,
  output: pagedSchema(memberDealSchema).extend({
    /** Sums over every row the filters match, not only this page. */
    Totals: z.object({ InFen: z.number(), OutFen: z.number() }),
  }),
});

/** The same rows as a file, in the list's order; at most EXPORT_MAX_ROWS rows. */
export const exportMemberDealList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/ExportMemberDealList`,
  permission: MemberPermission.details,
  input: z.strictObject({ ...dealFilterFields, format: exportFormat }).superRefine(refineDealRange),
  output: z.object({}),
  binary: true,
});

export const memberDealResource: ListResource = {
  resource: 'memberDeals',
  list: getMemberDealList,
  filters: [
    { name: 'kind', kind: 'select', params: ['kind'], options: MEMBER_DEAL_KINDS },
    { name: 'direction', kind: 'select', params: ['direction'], options: DEAL_DIRECTIONS },
    { name: 'date', kind: 'dateRange', params: ['from', 'to'] },
  ],
  sortFields: ['at'],
  defaultSort: '-at',
  export: exportMemberDealList,
};
