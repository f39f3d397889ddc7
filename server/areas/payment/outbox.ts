import { type SQL, sql } from 'drizzle-orm';
import type { PaymentEnvironment } from '../../config';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query';
import { PaymentProviderError } from './adapter';
import { REFUND_KIND, TRANSFER_KIND } from './outbox-kinds';
import { queuedAdapter, readSettings } from './settings';
import { sendTransfer } from './transfers';

/** Attempts before a row is left as failed for an operator to look at. */
export const MAX_ATTEMPTS = 8;
/** Rows sent per sweep, so one run stays short. */
const BATCH = 20;

/** Waits 1, 2, 4… minutes between attempts, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(60 * 2 ** Math.max(attempts - 1, 0), 3600);
}

type OutboxRow = {
  id: number;
  site_id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
};

/** Claims the first due row matching `which`: its next attempt is pushed ahead in the same statement. */
async function claim(db: Database, now: Date, which: SQL): Promise<OutboxRow | undefined> {
  const [row] = await queryRows<OutboxRow>(
    db,
    sql`update outbox set attempts = attempts + 1,
               next_attempt_at = ${now}::timestamptz + make_interval(secs => ${retryDelaySeconds(1)})
         where id = (select id from outbox where state = 'pending' and next_attempt_at <= ${now} and ${which}
                      order by id limit 1 for update skip locked)
     returning id, site_id, kind, payload, attempts`,
  );
  return row;
}

/** Sends a claimed row and records the answer, or the failure and when to try again. */
async function sendClaimed(
  db: Database,
  row: OutboxRow,
  now: Date,
  environment: PaymentEnvironment,
): Promise<'sent' | 'failed' | 'retried'> {
  try {
    const result = await send(db, row, now, environment);
    await db.execute(
      sql`update outbox set state = 'sent', sent_at = ${now}, last_error = '', result = ${JSON.stringify(result)}::jsonb where id = ${row.id}`,
    );
    return 'sent';
  } catch (error) {
    const message = error instanceof PaymentProviderError ? `${error.code}: ${error.message}` : String(error);
    const last = row.attempts >= MAX_ATTEMPTS;
    await db.execute(
      sql`update outbox set last_error = ${message.slice(0, 500)},
                 state = ${last ? 'failed' : 'pending'},
                 next_attempt_at = ${now}::timestamptz + make_interval(secs => ${retryDelaySeconds(row.attempts + 1)})
           where id = ${row.id}`,
    );
    return last ? 'failed' : 'retried';
  }
}

/**
 * Sends what is due. A row is claimed by pushing its next attempt ahead in one statement with
 * SKIP LOCKED, so another instance draining at the same moment takes other rows, and a process that
 * dies mid-send leaves the row to be tried again after the delay; the provider sees the same
 * idempotency key each time. No transaction is open while a provider is called.
 */
export async function drainOutbox(
  db: Database,
  now: Date,
  environment: PaymentEnvironment,
): Promise<{ sent: number; failed: number; retried: number }> {
  const counts = { sent: 0, failed: 0, retried: 0 };
  for (let index = 0; index < BATCH; index += 1) {
    const row = await claim(db, now, sql`true`);
    if (!row) break;
    counts[await sendClaimed(db, row, now, environment)] += 1;
  }
  return counts;
}

/**
 * Sends one row now, when it is due and no one else holds it (an operator waiting on its answer);
 * otherwise the sweep sends it. False when nothing was sent.
 */
export async function sendOutboxRow(
  db: Database,
  idempotencyKey: string,
  now: Date,
  environment: PaymentEnvironment,
): Promise<boolean> {
  const row = await claim(db, now, sql`idempotency_key = ${idempotencyKey}`);
  return row ? (await sendClaimed(db, row, now, environment)) === 'sent' : false;
}

async function send(
  db: Database,
  row: OutboxRow,
  now: Date,
  environment: PaymentEnvironment,
): Promise<Record<string, unknown>> {
  if (row.kind === TRANSFER_KIND) return sendTransfer(db, row.site_id, row.payload, now, environment);
  if (row.kind !== REFUND_KIND) throw new Error(`unknown outbox kind ${row.kind}`);
  const payload = row.payload as {
    orderNo: string;
    outRefundNo: string;
    refundFen: number;
    totalFen: number;
    reason: string;
    provider: string;
  };
  const adapter = queuedAdapter(await readSettings(db, row.site_id), payload.provider, environment);
  const refund = await adapter.refund(payload, now);
  return { RefundId: refund.refundId, Status: refund.status, Provider: adapter.provider };
}
