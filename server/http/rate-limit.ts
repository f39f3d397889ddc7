import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/query';

/**
 * A fixed-window counter per key (client address + form), kept in the database so that every
 * instance behind a load balancer counts into the same window. One upsert counts and reads at
 * once: PostgreSQL locks the key's row for the update, so concurrent attempts are never lost.
 */
export interface RateDecision {
  allowed: boolean;
  /** Attempts in the current window, this one included. */
  count: number;
  /** Milliseconds until another attempt is allowed; 0 when allowed. */
  retryAfterMs: number;
}

export async function countAttempt(
  db: Database,
  key: string,
  limit: number,
  windowMs: number,
): Promise<RateDecision> {
  const windowSeconds = windowMs / 1000;
  const [row] = await queryRows<{ count: number; left_ms: number }>(
    db,
    sql`insert into rate_limit_windows as w (key, count, ends_at)
        values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
        on conflict (key) do update set
          count = case when w.ends_at <= now() then 1 else w.count + 1 end,
          ends_at = case when w.ends_at <= now() then excluded.ends_at else w.ends_at end
        returning count, (extract(epoch from ends_at - now()) * 1000)::float8 as left_ms`,
  );
  if (!row) throw new Error('rate_limit_windows: the upsert returned no row');
  if (row.count === 1) {
    // A new window: a moment to forget the windows of keys that have gone quiet.
    await db.execute(sql`delete from rate_limit_windows where ends_at < now()`);
  }
  const allowed = row.count <= limit;
  return { allowed, count: row.count, retryAfterMs: allowed ? 0 : Math.max(0, Math.ceil(row.left_ms)) };
}
