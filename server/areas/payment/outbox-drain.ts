import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query';
import { PaymentProviderError } from './adapter';

/** Attempts before a row is left as failed for an operator to look at. */
export const MAX_ATTEMPTS = 8;
/** Rows sent per sweep, so one run stays short. */
const BATCH = 20;

/** Waits 1, 2, 4… minutes between attempts, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(60 * 2 ** Math.max(attempts - 1, 0), 3600);
}

export type OutboxRow = {
  id: number;
  site_id: number;
  kind: string;
  idempotency_key: string;
  payload: Record<string, unknown>;
  attempts: number;
};

/**
 * Sends one claimed row. Returns what to keep as the row's result; throws to try again later.
 * `last` is true on the final attempt, so the sender can record the failure where its users look.
 */
export type OutboxSender = (row: OutboxRow, last: boolean) => Promise<Record<string, unknown>>;

/**
 * Sends what is due of the given kinds, each area draining its own. A row is claimed by pushing its
 * next attempt ahead in one statement with SKIP LOCKED, so another instance draining at the same
 * moment takes other rows, and a process that dies mid-send leaves the row to be tried again after
 * the delay; the provider sees the same idempotency key each time. No transaction is open while a
 * provider is called.
 */
export async function drainOutboxKinds(
  db: Database,
  now: Date,
  senders: Readonly<Record<string, OutboxSender>>,
): Promise<{ sent: number; failed: number; retried: number }> {
  const counts = { sent: 0, failed: 0, retried: 0 };
  const kinds = Object.keys(senders);
  if (kinds.length === 0) return counts;
  for (let index = 0; index < BATCH; index += 1) {
    const [row] = await queryRows<OutboxRow>(
      db,
      sql`update outbox set attempts = attempts + 1,
                 next_attempt_at = ${now}::timestamptz + make_interval(secs => ${retryDelaySeconds(1)})
           where id = (select id from outbox where state = 'pending' and next_attempt_at <= ${now}
                          and kind in (${sql.join(
                            kinds.map((kind) => sql`${kind}`),
                            sql`, `,
                          )})
                        order by id limit 1 for update skip locked)
       returning id, site_id, kind, idempotency_key, payload, attempts`,
    );
    if (!row) break;
    const last = row.attempts >= MAX_ATTEMPTS;
    try {
      const result = await senders[row.kind]!(row, last);
      await db.execute(
        sql`update outbox set state = 'sent', sent_at = ${now}, last_error = '', result = ${JSON.stringify(result)}::jsonb where id = ${row.id}`,
      );
      counts.sent += 1;
    } catch (error) {
      const message =
        error instanceof PaymentProviderError ? `${error.code}: ${error.message}` : String(error);
      await db.execute(
        sql`update outbox set last_error = ${message.slice(0, 500)},
                   state = ${last ? 'failed' : 'pending'},
                   next_attempt_at = ${now}::timestamptz + make_interval(secs => ${retryDelaySeconds(row.attempts + 1)})
             where id = ${row.id}`,
      );
      if (last) counts.failed += 1;
      else counts.retried += 1;
    }
  }
  return counts;
}
