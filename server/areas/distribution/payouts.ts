import { type SQL, sql } from 'drizzle-orm';
import type { PaymentEnvironment } from '../../config';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query';
import { queryTransfer, type TransferResult } from '../payment/service';
import { applyPayoutAnswer, lockWithdrawal, transferKey } from './withdrawals';

/**
 * What became of payouts to WeChat change (DESIGN §11): the outbox keeps the provider's answer to
 * each send; this applies it to the withdrawal. A transfer the provider accepted but has not
 * finished is asked about again now and then (WeChat Pay also notifies, see the notify route). No
 * transaction is open while the provider is asked; each answer is applied in a transaction of its
 * own, guarded by the withdrawal's state and batch number, so it acts once.
 */

/** An accepted transfer is asked about at most this often. */
export const QUERY_INTERVAL_MS = 10 * 60 * 1000;

const SYSTEM = { kind: 'system' as const, accountId: null, name: '' };

interface PayingRecord extends Record<string, unknown> {
  id: number;
  site_id: number;
  out_batch_no: string;
  pay_attempt: number;
  checked_at: Date | string | null;
  outbox_state: string;
  result: { BatchId?: string; Status?: TransferResult['status']; Reason?: string } | null;
  last_error: string;
}

/** Applies the answers about paying WeChat payouts (of one site, or some withdrawals, when given). */
export async function reconcilePayouts(
  db: Database,
  now: Date,
  environment: PaymentEnvironment,
  only: { siteId?: number; ids?: readonly number[] } = {},
): Promise<{ paid: number; failed: number }> {
  const narrow: SQL[] = [];
  if (only.siteId !== undefined) narrow.push(sql`and w.site_id = ${only.siteId}`);
  if (only.ids?.length)
    narrow.push(
      sql`and w.id in (${sql.join(
        only.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  const rows = await queryRows<PayingRecord>(
    db,
    sql`select w.id, w.site_id, w.out_batch_no, w.pay_attempt, w.checked_at, o.state as outbox_state, o.result,
               o.last_error
          from withdrawals w
          join outbox o on o.idempotency_key = 'transfer:' || w.site_id || ':' || w.out_batch_no || ':' || w.pay_attempt
         where w.state = 'paying' and w.channel = 'wechat' and o.state in ('sent', 'failed') ${sql.join(narrow, sql` `)}
         order by w.id limit 200`,
  );
  const counts = { paid: 0, failed: 0 };
  for (const row of rows) {
    const answer = await answerOf(db, row, now, environment);
    if (!answer) continue;
    const changed = await db.transaction(async (tx) => {
      const withdrawal = await lockWithdrawal(tx, row.site_id, { id: row.id });
      const context = { tx, siteId: row.site_id, actor: SYSTEM, locale: 'zh' as const, now };
      return applyPayoutAnswer(context, withdrawal, { ...answer, outBatchNo: row.out_batch_no });
    });
    if (changed && answer.status === 'SUCCESS') counts.paid += 1;
    if (changed && answer.status === 'FAIL') counts.failed += 1;
  }
  return counts;
}

/** The answer to apply now: the send's, or a fresh one from the provider; null to wait. */
async function answerOf(
  db: Database,
  row: PayingRecord,
  now: Date,
  environment: PaymentEnvironment,
): Promise<TransferResult | null> {
  if (row.outbox_state === 'failed') return { batchId: '', status: 'FAIL', reason: row.last_error };
  const sent: TransferResult = {
    batchId: row.result?.BatchId ?? '',
    status: row.result?.Status ?? 'PROCESSING',
    reason: row.result?.Reason ?? '',
  };
  if (sent.status !== 'PROCESSING') return sent;
  // Just accepted: record the batch id now, ask how it went later.
  if (row.checked_at === null) return sent;
  if (now.getTime() - new Date(row.checked_at).getTime() < QUERY_INTERVAL_MS) return null;
  try {
    // Signed with the wall clock: WeChat Pay refuses a request dated more than five minutes off.
    return await queryTransfer(
      db,
      row.site_id,
      transferKey(row.site_id, { outBatchNo: row.out_batch_no, payAttempt: row.pay_attempt }),
      new Date(),
      environment,
    );
  } catch {
    // The provider did not answer: the next sweep asks again.
    return null;
  }
}
