import { z } from 'zod';
import { defineMachine } from '../state-machine';
import { REASON_MAX } from './order';

/** Menu paths of the distribution screens (SPEC §2 /distribution, and the team under /customer). */
export const DistributionPermission = {
  setting: '/distribution/promotionSetting',
  report: '/distribution/settlementReport',
  withdrawals: '/distribution/withdrawList',
  promoters: '/distribution/accountList',
  orderDetails: '/distribution/settlementOrderDetails',
  wechat: '/distribution/wechartList',
  team: '/customer/umbrellaPerformance',
} as const;

/**
 * A member's application to promote. Under the "by application" rule it waits for an operator;
 * under the other rules the server approves it at once when the member qualifies. Approval makes
 * the member a promoter, their parent fixed there and then.
 */
export const APPLICATION_STATES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

export const applicationMachine = defineMachine({
  id: 'distribution.application',
  states: APPLICATION_STATES,
  initial: 'pending',
  actions: [
    { name: 'approve', from: ['pending'], to: 'approved', permission: DistributionPermission.promoters },
    {
      name: 'reject',
      from: ['pending'],
      to: 'rejected',
      permission: DistributionPermission.promoters,
      form: 'rejectApplicationForm',
      destructive: true,
    },
    /** A member who qualifies under the shop's rule is approved when they apply. */
    { name: 'autoApprove', from: ['pending'], to: 'approved', permission: 'public', automatic: true },
  ],
});
export type ApplicationAction = (typeof applicationMachine.actions)[number]['name'];

export const rejectApplicationForm = z.strictObject({ Reason: z.string().trim().min(1).max(REASON_MAX) });

/** A frozen promoter earns no new commission and cannot withdraw; what they hold stays theirs. */
export const PROMOTER_STATES = ['active', 'frozen'] as const;
export type PromoterState = (typeof PROMOTER_STATES)[number];

export const promoterMachine = defineMachine({
  id: 'distribution.promoter',
  states: PROMOTER_STATES,
  initial: 'active',
  actions: [
    {
      name: 'freeze',
      from: ['active'],
      to: 'frozen',
      permission: DistributionPermission.promoters,
      confirm: true,
      destructive: true,
    },
    {
      name: 'unfreeze',
      from: ['frozen'],
      to: 'active',
      permission: DistributionPermission.promoters,
      confirm: true,
    },
  ],
});
export type PromoterAction = (typeof promoterMachine.actions)[number]['name'];

/**
 * A withdrawal of commission. Applying freezes the amount out of what the promoter may withdraw;
 * rejecting gives it back, and so does a failed payout, each in the transaction of the change.
 * Paying starts the payout by the channel: credited to the member's stored value at once, sent to
 * WeChat change through the payment adapter (which answers paid or failed), or transferred to a
 * bank card by the shop, who then marks it paid with the bank's voucher or failed. A failed payout
 * is paid again (the amount frozen again) or rejected.
 */
export const WITHDRAWAL_STATES = ['applied', 'approved', 'paying', 'paid', 'failed', 'rejected'] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];

export const WITHDRAWAL_CHANNELS = ['balance', 'wechat', 'bank'] as const;
export type WithdrawalChannel = (typeof WITHDRAWAL_CHANNELS)[number];

export const withdrawalMachine = defineMachine({
  id: 'distribution.withdrawal',
  states: WITHDRAWAL_STATES,
  initial: 'applied',
  actions: [
    { name: 'approve', from: ['applied'], to: 'approved', permission: DistributionPermission.withdrawals },
    {
      name: 'pay',
      from: ['approved'],
      to: 'paying',
      permission: DistributionPermission.withdrawals,
      confirm: true,
    },
    /** The bank transfer went through: the operator attaches the voucher. */
    {
      name: 'markPaid',
      from: ['paying'],
      to: 'paid',
      permission: DistributionPermission.withdrawals,
      form: 'markPaidForm',
    },
    /** The bank transfer came back: the operator says why. */
    {
      name: 'markFailed',
      from: ['paying'],
      to: 'failed',
      permission: DistributionPermission.withdrawals,
      form: 'markFailedForm',
      destructive: true,
    },
    /** The payment adapter answered: paid, or failed. */
    { name: 'settle', from: ['paying'], to: 'paid', permission: 'public', automatic: true },
    { name: 'fail', from: ['paying'], to: 'failed', permission: 'public', automatic: true },
    {
      name: 'retry',
      from: ['failed'],
      to: 'paying',
      permission: DistributionPermission.withdrawals,
      confirm: true,
    },
    {
      name: 'reject',
      from: ['applied', 'failed'],
      to: 'rejected',
      permission: DistributionPermission.withdrawals,
      form: 'rejectWithdrawalForm',
      destructive: true,
    },
  ],
});
export type WithdrawalAction = (typeof withdrawalMachine.actions)[number]['name'];

/** Channels whose payout the operator finishes by hand (the others are answered by the system). */
export const MANUAL_PAYOUT_CHANNELS: readonly WithdrawalChannel[] = ['bank'];

export const rejectWithdrawalForm = z.strictObject({ Reason: z.string().trim().min(1).max(REASON_MAX) });
export const markFailedForm = z.strictObject({ Reason: z.string().trim().min(1).max(REASON_MAX) });
/** The bank's voucher, an image of the shop's image library. */
export const markPaidForm = z.strictObject({ Voucher: z.string().trim().min(1).max(500) });
