import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { changeBalances } from './commissions';

/**
 * The settlement sweep (DESIGN §3, §11): pending commission rows whose order reached the shop's
 * settlement moment, plus its freeze days, turn settled, and each credits its promoter's balance with
 * what refunds left of it, through a ledger row. Rows are taken in batches with FOR UPDATE SKIP
 * LOCKED and changed by an UPDATE guarded by `state = 'pending'`, and the ledger takes one settle
 * row per commission: running it twice, or on several instances at once, credits each row once.
 */

const BATCH = 200;
const SYSTEM = { kind: 'system' as const, accountId: null, name: '' };

/** Rows due at `now` under their site's settings (see SETTLE_MOMENTS). */
function dueCondition(now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`c.state = 'pending' and (
      (s.settle_moment = 'afterSale' and o.state = 'completed'
        and o.completed_at + make_interval(days => s.freeze_days) <= ${at})
      or (s.settle_moment = 'completion' and o.state in ('received', 'completed')
        and o.refund_state not in ('requested', 'approved')
        and o.received_at + make_interval(days => s.freeze_days) <= ${at}))`;
}

async function settleBatch(
  tx: Executor,
  now: Date,
  siteId: number | null,
): Promise<{ locked: number; settled: number; settledFen: number }> {
  const site = siteId === null ? sql`` : sql`and c.site_id = ${siteId}`;
  const due = await queryRows<{ id: number }>(
    tx,
    sql`select c.id from commissions c join orders o on o.id = c.order_id
          join distribution_settings s on s.site_id = c.site_id
         where ${dueCondition(now)} ${site}
         order by c.id limit ${BATCH} for update of c skip locked`,
  );
  if (due.length === 0) return { locked: 0, settled: 0, settledFen: 0 };
  const changed = await queryRows<{
    id: number;
    site_id: number;
    promoter_id: number;
    order_no: string;
    net: number;
    state: 'settled' | 'void';
  }>(
    tx,
    sql`update commissions
           set state = case when void_fen >= amount_fen then 'void' else 'settled' end,
               settled_at = case when void_fen >= amount_fen then null else ${now.toISOString()}::timestamptz end,
               updated_at = now()
         where id in (${sql.join(
           due.map((row) => sql`${row.id}`),
           sql`, `,
         )}) and state = 'pending'
        returning id, site_id, promoter_id, order_no, amount_fen - void_fen as net, state`,
  );
  // Promoters' rows in one order, so two sweeps never wait on each other's.
  const credited = changed
    .filter((row) => row.state === 'settled')
    .sort((a, b) => a.promoter_id - b.promoter_id || a.id - b.id);
  for (const row of credited) {
    await changeBalances(tx, {
      siteId: row.site_id,
      promoterId: row.promoter_id,
      reason: 'settle',
      withdrawable: row.net,
      frozen: 0,
      earned: row.net,
      commissionId: row.id,
      orderNo: row.order_no,
      actor: SYSTEM,
      now,
    });
  }
  return {
    locked: due.length,
    settled: credited.length,
    settledFen: credited.reduce((sum, row) => sum + row.net, 0),
  };
}

/** Settles every row due at `now` (of one site when given); returns how many rows and fen settled. */
export async function settleDueCommission(
  db: Database,
  now: Date,
  siteId: number | null = null,
): Promise<{ settled: number; settledFen: number }> {
  const total = { settled: 0, settledFen: 0 };
  for (;;) {
    const batch = await db.transaction((tx) => settleBatch(tx, now, siteId));
    total.settled += batch.settled;
    total.settledFen += batch.settledFen;
    if (batch.locked < BATCH) return total;
  }
}
