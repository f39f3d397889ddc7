import { sql } from 'drizzle-orm';
import { withdrawalFee, withdrawalProblem } from '../../../contract/commission';
import {
  MANUAL_PAYOUT_CHANNELS,
  type WithdrawalAction,
  type WithdrawalChannel,
  type WithdrawalState,
  withdrawalMachine,
} from '../../../contract/machines/distribution';
import { shopDate, shopDayStart } from '../../../contract/shop-time';
import { can } from '../../../contract/state-machine';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { type Locale, translate } from '../../i18n/messages';
import { credit } from '../customer/service';
import { enqueueTransfer } from '../payment/service';
import { changeBalances } from './commissions';
import { type Actor, buyerMember, illegal, promoterOfMember, yuan } from './promoters';
import { readDistributionSetting } from './settings';
import type { withdrawals } from './tables';

/**
 * Withdrawals, as functions over the caller's transaction, each transition an UPDATE guarded by the
 * state it leaves (contract/machines/distribution.ts) with a withdrawal_log row. Money moves only
 * through changeBalances: applying freezes the amount out of the withdrawable balance (guarded);
 * rejecting and failing give it back; paying again freezes it again (guarded); paid takes it out
 * for good. Locks: the withdrawal row, then the promoter's row, then the member's wallet.
 */

export type WithdrawalRecord = typeof withdrawals.$inferSelect;

export interface WithdrawalContext {
  tx: Executor;
  siteId: number;
  actor: Actor;
  locale: Locale;
  now: Date;
}

export interface BankAccount {
  BankName: string;
  AccountName: string;
  AccountNo: string;
}

/** The shop day's total a promoter applied for (rejected ones aside). */
async function appliedToday(tx: Executor, siteId: number, promoterId: number, now: Date): Promise<number> {
  const [row] = await queryRows<{ total: string | number }>(
    tx,
    sql`select coalesce(sum(amount_fen), 0) as total from withdrawals
         where site_id = ${siteId} and promoter_id = ${promoterId} and state <> 'rejected'
           and applied_at >= ${shopDayStart(shopDate(now)).toISOString()}::timestamptz`,
  );
  return Number(row?.total ?? 0);
}

async function logWithdrawal(
  context: WithdrawalContext,
  withdrawal: Pick<WithdrawalRecord, 'id'>,
  entry: {
    action: string;
    from: WithdrawalState | null;
    to: WithdrawalState;
    detail?: Record<string, unknown>;
  },
): Promise<void> {
  await context.tx.execute(
    sql`insert into withdrawal_log (site_id, withdrawal_id, action, from_state, to_state, actor, account_id,
                                    actor_name, detail, at)
        values (${context.siteId}, ${withdrawal.id}, ${entry.action}, ${entry.from}, ${entry.to}, ${context.actor.kind},
                ${context.actor.accountId}, ${context.actor.name}, ${JSON.stringify(entry.detail ?? {})}::jsonb,
                ${context.now.toISOString()}::timestamptz)`,
  );
}

const ROW = sql`id, site_id as "siteId", withdrawal_no as "withdrawalNo", promoter_id as "promoterId",
  member_id as "memberId", amount_fen as "amountFen", fee_fen as "feeFen", payout_fen as "payoutFen", channel, state,
  wechat_account_id as "wechatAccountId", wechat_open_id as "wechatOpenId", wechat_real_name as "wechatRealName",
  bank_name as "bankName", bank_account_name as "bankAccountName", bank_account_no as "bankAccountNo", reason, voucher,
  pay_attempt as "payAttempt", out_batch_no as "outBatchNo", payout_no as "payoutNo", checked_at as "checkedAt",
  applied_at as "appliedAt", approved_at as "approvedAt", paying_at as "payingAt", paid_at as "paidAt",
  failed_at as "failedAt", rejected_at as "rejectedAt", version, updated_at as "updatedAt"`;

/**
 * A promoter applies to withdraw: the shop's rules (channel, minimum, fee, daily limit) and then the
 * guarded freeze of the amount, under the promoter row's lock, so parallel applications never take
 * more than the withdrawable balance.
 */
export async function applyForWithdrawal(
  context: WithdrawalContext,
  input: { BuyerId: string; AmountFen: number; Channel: WithdrawalChannel; Bank?: BankAccount },
): Promise<WithdrawalRecord> {
  const { tx, siteId, now } = context;
  const { setting } = await readDistributionSetting(tx, siteId);
  if (!setting.WithdrawChannels.includes(input.Channel)) {
    throw new AppError(
      'distribution.withdraw.channelOff',
      { channel: translate(context.locale, `distribution.channel.${input.Channel}`) },
      { field: 'Channel' },
    );
  }
  const member = await buyerMember(tx, siteId, input.BuyerId, 'BuyerId');
  const promoter = await promoterOfMember(tx, siteId, member.id, true);
  if (!promoter) throw new AppError('distribution.notPromoter', {}, { field: 'BuyerId' });
  if (promoter.status === 'frozen')
    throw new AppError('distribution.promoterFrozen', {}, { field: 'BuyerId' });
  const [wechat] =
    input.Channel === 'wechat'
      ? await queryRows<{ id: number; open_id: string; real_name: string }>(
          tx,
          sql`select id, open_id, real_name from promoter_wechat_accounts
               where site_id = ${siteId} and promoter_id = ${promoter.id} and state = 'bound'`,
        )
      : [];
  if (input.Channel === 'wechat' && !wechat)
    throw new AppError('distribution.withdraw.noWechat', {}, { field: 'Channel' });
  const problem = withdrawalProblem({
    amountFen: input.AmountFen,
    minimumFen: setting.WithdrawMinFen,
    feeRate: setting.WithdrawFeeRate,
    withdrawableFen: promoter.withdrawable_fen,
    dailyLimitFen: setting.DailyLimitFen,
    appliedTodayFen: await appliedToday(tx, siteId, promoter.id, now),
  });
  if (problem) {
    const params = Object.fromEntries(Object.entries(problem.params).map(([key, fen]) => [key, yuan(fen)]));
    throw new AppError(`distribution.withdraw.${problem.key}`, params, { field: 'AmountFen' });
  }
  const feeFen = withdrawalFee(input.AmountFen, setting.WithdrawFeeRate);
  const [withdrawal] = await queryRows<WithdrawalRecord>(
    tx,
    sql`insert into withdrawals (site_id, withdrawal_no, promoter_id, member_id, amount_fen, fee_fen, payout_fen, channel,
                                 wechat_account_id, wechat_open_id, wechat_real_name, bank_name, bank_account_name,
                                 bank_account_no, applied_at, updated_at)
        values (${siteId}, ${`W${shopDate(now).replace(/-/g, '')}`} || lpad(nextval('withdrawal_numbers')::text, 6, '0'),
                ${promoter.id}, ${member.id}, ${input.AmountFen}, ${feeFen}, ${input.AmountFen - feeFen}, ${input.Channel},
                ${wechat?.id ?? null}, ${wechat?.open_id ?? ''}, ${wechat?.real_name ?? ''},
                ${input.Bank?.BankName ?? ''}, ${input.Bank?.AccountName ?? ''}, ${input.Bank?.AccountNo ?? ''},
                ${now.toISOString()}::timestamptz, now())
        returning ${ROW}`,
  );
  const frozen = await changeBalances(tx, {
    siteId,
    promoterId: promoter.id,
    reason: 'withdraw',
    withdrawable: -input.AmountFen,
    frozen: input.AmountFen,
    withdrawalId: withdrawal!.id,
    actor: context.actor,
    now,
    guarded: true,
  });
  if (!frozen) {
    throw new AppError(
      'distribution.withdraw.overWithdrawable',
      { available: yuan(Math.max(0, promoter.withdrawable_fen)) },
      { field: 'AmountFen' },
    );
  }
  await logWithdrawal(context, withdrawal!, {
    action: 'apply',
    from: null,
    to: 'applied',
    detail: { AmountFen: input.AmountFen, FeeFen: feeFen, Channel: input.Channel },
  });
  return withdrawal!;
}

/** Locks a withdrawal of the site; another shop's is "not found". */
export async function lockWithdrawal(
  tx: Executor,
  siteId: number,
  key: { id: number } | { outBatchNo: string },
  field = 'Id',
): Promise<WithdrawalRecord> {
  const match = 'id' in key ? sql`id = ${key.id}` : sql`out_batch_no = ${key.outBatchNo}`;
  const [row] = await queryRows<WithdrawalRecord>(
    tx,
    sql`select ${ROW} from withdrawals where site_id = ${siteId} and ${match} for update`,
  );
  if (!row)
    throw new AppError(
      'distribution.withdrawal.notFound',
      { id: 'id' in key ? key.id : key.outBatchNo },
      { field },
    );
  return row;
}

function requireAction(context: WithdrawalContext, withdrawal: WithdrawalRecord, action: WithdrawalAction) {
  if (!can(withdrawalMachine, withdrawal.state, action))
    throw illegal(context.locale, withdrawalMachine, withdrawal.withdrawalNo, withdrawal.state, action);
}

/** Moves the withdrawal if it is still in `from`; the lock makes a miss impossible, the guard a double move. */
async function moveTo(
  context: WithdrawalContext,
  withdrawal: WithdrawalRecord,
  action: WithdrawalAction,
  to: WithdrawalState,
  set: ReturnType<typeof sql>,
  detail: Record<string, unknown> = {},
): Promise<void> {
  const [moved] = await queryRows<{ id: number }>(
    context.tx,
    sql`update withdrawals set state = ${to}, ${set}, version = version + 1, updated_at = now()
         where id = ${withdrawal.id} and state = ${withdrawal.state} returning id`,
  );
  if (!moved) throw new AppError('distribution.changedMeanwhile', { subject: withdrawal.withdrawalNo });
  await logWithdrawal(context, withdrawal, { action, from: withdrawal.state, to, detail });
}

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

export async function approveWithdrawal(
  context: WithdrawalContext,
  withdrawal: WithdrawalRecord,
): Promise<void> {
  requireAction(context, withdrawal, 'approve');
  await moveTo(context, withdrawal, 'approve', 'approved', sql`approved_at = ${at(context.now)}`);
}

/** The payout is done: the frozen amount leaves for good; stored value is credited to the member's wallet. */
async function finishPayout(
  context: WithdrawalContext,
  withdrawal: WithdrawalRecord,
  action: 'markPaid' | 'settle',
  set: { voucher?: string; payoutNo?: string },
): Promise<void> {
  await moveTo(
    context,
    { ...withdrawal, state: 'paying' },
    action,
    'paid',
    sql`paid_at = ${at(context.now)}, voucher = ${set.voucher ?? withdrawal.voucher},
        payout_no = ${set.payoutNo ?? withdrawal.payoutNo}`,
    set.payoutNo ? { PayoutNo: set.payoutNo } : {},
  );
  await changeBalances(context.tx, {
    siteId: context.siteId,
    promoterId: withdrawal.promoterId,
    reason: 'withdrawPaid',
    withdrawable: 0,
    frozen: -withdrawal.amountFen,
    withdrawn: withdrawal.amountFen,
    withdrawalId: withdrawal.id,
    actor: context.actor,
    now: context.now,
  });
}

/** The payout did not happen: the amount goes back to what the promoter may withdraw. */
async function failPayout(
  context: WithdrawalContext,
  withdrawal: WithdrawalRecord,
  action: 'markFailed' | 'fail',
  reason: string,
  payoutNo = withdrawal.payoutNo,
): Promise<void> {
  await moveTo(
    context,
    withdrawal,
    action,
    'failed',
    sql`failed_at = ${at(context.now)}, reason = ${reason}, payout_no = ${payoutNo}`,
    { Reason: reason },
  );
  await changeBalances(context.tx, {
    siteId: context.siteId,
    promoterId: withdrawal.promoterId,
    reason: 'withdrawReturn',
    withdrawable: withdrawal.amountFen,
    frozen: -withdrawal.amountFen,
    withdrawalId: withdrawal.id,
    actor: context.actor,
    now: context.now,
  });
}

/** Where a payout to WeChat change goes in the outbox: one key per attempt. */
export function transferKey(
  siteId: number,
  withdrawal: Pick<WithdrawalRecord, 'outBatchNo' | 'payAttempt'>,
): string {
  return `transfer:${siteId}:${withdrawal.outBatchNo}:${withdrawal.payAttempt}`;
}

export interface PayoutStart {
  /** The outbox key of a WeChat change payout to send after the transaction commits. */
  transferKey: string | null;
}

/**
 * Starts a payout by the channel, from approved (pay) or failed (retry, the amount frozen again
 * first, guarded). Stored value is credited at once, so the withdrawal is paid in this transaction;
 * WeChat change is queued in the outbox under a batch number; a bank card waits for the operator.
 * A batch WeChat Pay never accepted is sent again under the same number, as it asks; a batch it
 * accepted and then failed gets a new one, numbered by the send it starts at. Each send has its own
 * outbox key.
 */
export async function startPayout(
  context: WithdrawalContext,
  withdrawal: WithdrawalRecord,
  action: 'pay' | 'retry',
  notifyUrl: string,
): Promise<PayoutStart> {
  requireAction(context, withdrawal, action);
  if (action === 'retry') {
    const frozen = await changeBalances(context.tx, {
      siteId: context.siteId,
      promoterId: withdrawal.promoterId,
      reason: 'withdraw',
      withdrawable: -withdrawal.amountFen,
      frozen: withdrawal.amountFen,
      withdrawalId: withdrawal.id,
      actor: context.actor,
      now: context.now,
      guarded: true,
    });
    if (!frozen) {
      throw new AppError(
        'distribution.withdraw.retryShort',
        { subject: withdrawal.withdrawalNo },
        { field: 'Id' },
      );
    }
  }
  const wechat = withdrawal.channel === 'wechat';
  const renumber = wechat && (withdrawal.outBatchNo === '' || withdrawal.payoutNo !== '');
  const keyAttempt = wechat ? withdrawal.payAttempt + 1 : withdrawal.payAttempt;
  const outBatchNo = renumber ? `${withdrawal.withdrawalNo}P${keyAttempt}` : withdrawal.outBatchNo;
  await moveTo(
    context,
    withdrawal,
    action,
    'paying',
    sql`paying_at = ${at(context.now)}, reason = '', pay_attempt = ${keyAttempt}, out_batch_no = ${outBatchNo},
        payout_no = ${renumber ? '' : withdrawal.payoutNo}, checked_at = null`,
  );
  const paying: WithdrawalRecord = {
    ...withdrawal,
    state: 'paying',
    payAttempt: keyAttempt,
    outBatchNo,
    payoutNo: renumber ? '' : withdrawal.payoutNo,
  };
  if (withdrawal.channel === 'balance') {
    const [member] = await queryRows<{ open_id: string }>(
      context.tx,
      sql`select open_id from members where id = ${withdrawal.memberId}`,
    );
    await finishPayout(context, paying, 'settle', {});
    await credit(context.tx, {
      siteId: context.siteId,
      buyerId: member!.open_id,
      currency: 'balance',
      amount: withdrawal.payoutFen,
      reason: 'commission_withdrawal',
      orderNo: withdrawal.withdrawalNo,
      actor: context.actor,
      now: context.now,
    });
    return { transferKey: null };
  }
  if (withdrawal.channel === 'bank') return { transferKey: null };
  const key = transferKey(context.siteId, paying);
  await enqueueTransfer(
    context.tx,
    {
      siteId: context.siteId,
      idempotencyKey: key,
      request: {
        outBatchNo,
        outDetailNo: `${outBatchNo}D`,
        amountFen: withdrawal.payoutFen,
        openId: withdrawal.wechatOpenId,
        realName: withdrawal.wechatRealName,
        remark: translate('zh', 'distribution.transferRemark'),
        notifyUrl,
      },
    },
    context.now,
  );
  return { transferKey: key };
}

/** The operator finishes a bank payout: paid with the bank's voucher (an image of the shop's library). */
export async function markPaid(
  context: WithdrawalContext,
  withdrawal: WithdrawalRecord,
  voucher: string,
): Promise<void> {
  requireAction(context, withdrawal, 'markPaid');
  requireManual(context, withdrawal);
  const [image] = await queryRows<{ id: number }>(
    context.tx,
    sql`select id from uploads where site_id = ${context.siteId} and url = ${voucher} limit 1`,
  );
  if (!image) throw new AppError('distribution.withdraw.voucherUnknown', {}, { field: 'Voucher' });
  await finishPayout(context, withdrawal, 'markPaid', { voucher });
}

export async function markFailed(
  context: WithdrawalContext,
  withdrawal: WithdrawalRecord,
  reason: string,
): Promise<void> {
  requireAction(context, withdrawal, 'markFailed');
  requireManual(context, withdrawal);
  await failPayout(context, withdrawal, 'markFailed', reason);
}

function requireManual(context: WithdrawalContext, withdrawal: WithdrawalRecord) {
  if (!MANUAL_PAYOUT_CHANNELS.includes(withdrawal.channel)) {
    throw new AppError(
      'distribution.withdraw.manualOnly',
      { channel: translate(context.locale, `distribution.channel.${withdrawal.channel}`) },
      { field: 'Id' },
    );
  }
}

/**
 * The payment adapter's answer about a WeChat change payout (the outbox's result, a query, or a
 * notification): acted on only while the withdrawal is paying under that batch number, so an answer
 * heard twice, or about an earlier attempt, changes nothing. Returns whether it changed the withdrawal.
 */
export async function applyPayoutAnswer(
  context: WithdrawalContext,
  withdrawal: WithdrawalRecord,
  answer: { outBatchNo: string; status: 'SUCCESS' | 'FAIL' | 'PROCESSING'; batchId: string; reason: string },
): Promise<boolean> {
  if (
    withdrawal.state !== 'paying' ||
    withdrawal.channel !== 'wechat' ||
    withdrawal.outBatchNo !== answer.outBatchNo
  )
    return false;
  if (answer.status === 'SUCCESS') {
    await finishPayout(context, withdrawal, 'settle', { payoutNo: answer.batchId || withdrawal.payoutNo });
    return true;
  }
  if (answer.status === 'FAIL') {
    await failPayout(context, withdrawal, 'fail', answer.reason.slice(0, 200), answer.batchId);
    return true;
  }
  await context.tx.execute(
    sql`update withdrawals set payout_no = ${answer.batchId || withdrawal.payoutNo}, checked_at = ${at(context.now)}
         where id = ${withdrawal.id}`,
  );
  return false;
}

export async function rejectWithdrawal(
  context: WithdrawalContext,
  withdrawal: WithdrawalRecord,
  reason: string,
): Promise<void> {
  requireAction(context, withdrawal, 'reject');
  await moveTo(
    context,
    withdrawal,
    'reject',
    'rejected',
    sql`rejected_at = ${at(context.now)}, reason = ${reason}`,
    {
      Reason: reason,
    },
  );
  // A failed payout gave the amount back already.
  if (withdrawal.state === 'failed') return;
  await changeBalances(context.tx, {
    siteId: context.siteId,
    promoterId: withdrawal.promoterId,
    reason: 'withdrawReturn',
    withdrawable: withdrawal.amountFen,
    frozen: -withdrawal.amountFen,
    withdrawalId: withdrawal.id,
    actor: context.actor,
    now: context.now,
  });
}
