import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { type ListResource, queryDate, rangeProblems, sortParam } from '../list-query';
import {
  DistributionPermission,
  markFailedForm,
  markPaidForm,
  rejectWithdrawalForm,
  WITHDRAWAL_CHANNELS,
  WITHDRAWAL_STATES,
} from '../machines/distribution';
import { exportFormat, id } from '../scalars';
import { DISTRIBUTION_BASE } from './distribution';

/**
 * Withdrawals of commission (SPEC §2 /distribution/withdrawList), moved by
 * contract/machines/distribution.ts withdrawalMachine. Bank details are masked in lists.
 */
const BASE = DISTRIBUTION_BASE;

export const WITHDRAWAL_TABS = ['all', ...WITHDRAWAL_STATES] as const;

export const withdrawalRowSchema = z.object({
  Id: z.number().int(),
  WithdrawalNo: z.string(),
  PromoterId: z.number().int(),
  MemberNo: z.string(),
  Nickname: z.string(),
  Mobile: z.string(),
  AmountFen: z.number().int(),
  FeeFen: z.number().int(),
  /** What reaches the promoter: the amount less the fee. */
  PayoutFen: z.number().int(),
  Channel: z.enum(WITHDRAWAL_CHANNELS),
  /** Where it goes, masked: the WeChat account's name, or the bank and the card's last digits. */
  Account: z.string(),
  State: z.enum(WITHDRAWAL_STATES),
  /** Why it was rejected or failed. */
  Reason: z.string(),
  Voucher: z.string(),
  /** The payment adapter's number of the payout (WeChat change). */
  PayoutNo: z.string(),
  AppliedAt: z.string(),
  PaidAt: z.string().nullable(),
  Version: z.number().int(),
});
export type WithdrawalRow = z.infer<typeof withdrawalRowSchema>;

const listFilterFields = {
  state: z.enum(WITHDRAWAL_TABS).default('all'),
  /** Withdrawal number, or the promoter's nickname, mobile or member number contains it. */
  keyword: z.string().trim().max(64).optional(),
  channel: z.enum(WITHDRAWAL_CHANNELS).optional(),
  appliedFrom: queryDate.optional(),
  appliedTo: queryDate.optional(),
  sort: sortParam(['appliedAt']).default('-appliedAt'),
};

function refineList(value: Record<string, unknown>, context: z.RefinementCtx) {
  for (const problem of rangeProblems(value, [['appliedFrom', 'appliedTo']])) {
    context.addIssue({ code: 'custom', path: [problem.field], message: 'appliedFrom after appliedTo' });
  }
}

export const getWithdrawalList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetWithdrawalList`,
  permission: DistributionPermission.withdrawals,
  input: listQuerySchema.extend(listFilterFields).superRefine(refineList),
  output: pagedSchema(withdrawalRowSchema).extend({
    Counts: z.object(Object.fromEntries(WITHDRAWAL_TABS.map((tab) => [tab, z.number().int()]))),
  }),
});

export const exportWithdrawalList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/ExportWithdrawalList`,
  permission: DistributionPermission.withdrawals,
  input: z.strictObject({ ...listFilterFields, format: exportFormat }).superRefine(refineList),
  output: z.object({}),
  binary: true,
});

export const withdrawalListResource: ListResource = {
  resource: 'withdrawals',
  list: getWithdrawalList,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'channel', kind: 'select', params: ['channel'], options: WITHDRAWAL_CHANNELS },
    { name: 'applied', kind: 'dateRange', params: ['appliedFrom', 'appliedTo'] },
  ],
  tabs: { param: 'state', values: WITHDRAWAL_TABS, default: 'all' },
  sortFields: ['appliedAt'],
  defaultSort: '-appliedAt',
  export: exportWithdrawalList,
};

const ids = z.strictObject({ Ids: z.array(id).min(1).max(100) });
const changed = z.object({ Changed: z.number().int() });

/** Approves applied withdrawals; those already approved are skipped. */
export const approveWithdrawals = defineEndpoint({
  method: 'POST',
  path: `${BASE}/ApproveWithdrawals`,
  permission: DistributionPermission.withdrawals,
  input: ids,
  output: changed,
});

/**
 * Starts paying approved withdrawals: stored value is credited at once, WeChat change is sent
 * through the payment adapter (its answer marks it paid or failed), a bank card waits for the
 * operator's voucher.
 */
export const payWithdrawals = defineEndpoint({
  method: 'POST',
  path: `${BASE}/PayWithdrawals`,
  permission: DistributionPermission.withdrawals,
  input: ids,
  output: changed,
});

/** Pays a failed withdrawal again: its amount is frozen again first. */
export const retryWithdrawal = defineEndpoint({
  method: 'POST',
  path: `${BASE}/RetryWithdrawal`,
  permission: DistributionPermission.withdrawals,
  input: z.strictObject({ Id: id }),
  output: z.object({}),
});

export const rejectWithdrawal = defineEndpoint({
  method: 'POST',
  path: `${BASE}/RejectWithdrawal`,
  permission: DistributionPermission.withdrawals,
  input: rejectWithdrawalForm.extend({ Id: id }),
  output: z.object({}),
});

/** A bank payout went through: the bank's voucher from the image library. */
export const markWithdrawalPaid = defineEndpoint({
  method: 'POST',
  path: `${BASE}/MarkWithdrawalPaid`,
  permission: DistributionPermission.withdrawals,
  input: markPaidForm.extend({ Id: id }),
  output: z.object({}),
});

/** A bank payout came back; the amount returns to what the promoter may withdraw. */
export const markWithdrawalFailed = defineEndpoint({
  method: 'POST',
  path: `${BASE}/MarkWithdrawalFailed`,
  permission: DistributionPermission.withdrawals,
  input: markFailedForm.extend({ Id: id }),
  output: z.object({}),
});
