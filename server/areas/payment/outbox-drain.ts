import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { queryRows } from '../../db/query';

/** Attempts before a row is left as failed for an operator to look at. */
export const MAX_ATTEMPTS = 8;
/** Rows sent per sweep and kind list by default, so one run stays short. */
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
  /** Attempts so far, this one included. */
  attempts: number;
};

/** A refusal no retry can change (a wrong number, an unknown template): the row fails at once. */
export class OutboxRefusal extends Error {}

/** How one kind of outbox row reaches its service, and what its area does with the outcome. */
export interface OutboxHandler {
  /** Calls the outside service; no transaction is open. Throws to retry, or OutboxRefusal to give up. */
  send(row: OutboxRow, now: Date): Promise<Record<string, unknown>>;
  /** In the transaction that marks the row sent. */
  sent?(tx: Executor, row: OutboxRow, result: Record<string, unknown>, now: Date): Promise<void>;
  /** In the transaction that marks the row failed: after the last attempt, or a refusal. */
  failed?(tx: Executor, row: OutboxRow, error: string, now: Date): Promise<void>;
}

export type DrainCounts = {
  sent: number;
  failed: number;
  retried: number;
};

function failureText(error: unknown): string {
  if (error instanceof Error && typeof (error as { code?: unknown }).code === 'string')
    return `${(error as Error & { code: string }).code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Sends what is due of the given kinds (each area drains its own). A row is claimed by pushing its
 * next attempt ahead in one statement with SKIP LOCKED, so another instance draining at the same
 * moment takes other rows, and a process that dies mid-send leaves the row to be tried again after
 * the delay; the service sees the same idempotency key each time. No transaction is open while a
 * service is called.
 */
export async function drainOutboxKinds(
  db: Database,
  now: Date,
  handlers: Readonly<Record<string, OutboxHandler>>,
  batch = BATCH,
  /** Only the row of this idempotency key (sent at once for an operator waiting on its answer). */
  idempotencyKey?: string,
): Promise<DrainCounts> {
  const counts = { sent: 0, failed: 0, retried: 0 };
  const kinds = Object.keys(handlers);
  for (let index = 0; index < batch; index += 1) {
    const [row] = await queryRows<OutboxRow>(
      db,
      sql`update outbox set attempts = attempts + 1,
                 next_attempt_at = ${now}::timestamptz + make_interval(secs => ${retryDelaySeconds(1)})
           where id = (select id from outbox
                        where state = 'pending' and next_attempt_at <= ${now}
                          and ${idempotencyKey === undefined ? sql`true` : sql`idempotency_key = ${idempotencyKey}`}
                          and kind in (${sql.join(
                            kinds.map((kind) => sql`${kind}`),
                            sql`, `,
                          )})
                        order by id limit 1 for update skip locked)
       returning id, site_id, kind, idempotency_key, payload, attempts`,
    );
    if (!row) break;
    const handler = handlers[row.kind]!;
    let result: Record<string, unknown>;
    try {
      result = await handler.send(row, now);
    } catch (error) {
      const message = failureText(error).slice(0, 500);
      const last = error instanceof OutboxRefusal || row.attempts >= MAX_ATTEMPTS;
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`update outbox set last_error = ${message}, state = ${last ? 'failed' : 'pending'},
                     next_attempt_at = ${now}::timestamptz + make_interval(secs => ${retryDelaySeconds(row.attempts + 1)})
               where id = ${row.id}`,
        );
        if (last) await handler.failed?.(tx, row, message, now);
      });
      if (last) counts.failed += 1;
      else counts.retried += 1;
      continue;
    }
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`update outbox set state = 'sent', sent_at = ${now}, last_error = '', result = ${JSON.stringify(result)}::jsonb
             where id = ${row.id}`,
      );
      await handler.sent?.(tx, row, result, now);
    });
    counts.sent += 1;
  }
  return counts;
}
