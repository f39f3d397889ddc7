import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/query';
import { loginAttempts } from '../db/schema';
import { AppError } from '../http/errors';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

/** Refuses a login while the account or the address has too many recent failures. */
export async function assertNotThrottled(db: Database, accountKey: string, address: string): Promise<void> {
  const windowSeconds = THROTTLE_WINDOW_MS / 1000;
  const [counts] = await queryRows<{
    by_account: number;
    account_oldest: number | null;
    by_address: number;
    address_oldest: number | null;
  }>(
    db,
    sql`select
          count(*) filter (where account_key = ${accountKey})::int as by_account,
          (extract(epoch from min(at) filter (where account_key = ${accountKey})) * 1000)::float8 as account_oldest,
          count(*) filter (where address = ${address})::int as by_address,
          (extract(epoch from min(at) filter (where address = ${address})) * 1000)::float8 as address_oldest
        from login_attempts
       where success = false and at > now() - make_interval(secs => ${windowSeconds})
         and (account_key = ${accountKey} or address = ${address})`,
  );
  const minutesLeft = (oldest: number | null) =>
    Math.max(1, Math.ceil(((oldest ?? Date.now()) + THROTTLE_WINDOW_MS - Date.now()) / 60000));
  if (counts && counts.by_account >= MAX_FAILURES_PER_ACCOUNT) {
    throw new AppError(
      'auth.throttledAccount',
      { minutes: minutesLeft(counts.account_oldest) },
      { showType: 1 },
    );
  }
  if (counts && counts.by_address >= MAX_FAILURES_PER_ADDRESS) {
    throw new AppError(
      'auth.throttledAddress',
      { minutes: minutesLeft(counts.address_oldest) },
      { showType: 1 },
    );
  }
}

export async function recordAttempt(db: Database, accountKey: string, address: string, success: boolean) {
  await db.insert(loginAttempts).values({ accountKey, address, success });
  if (success) {
    // A good login forgives the account's earlier failures, not the address's.
    await db.execute(sql`delete from login_attempts where account_key = ${accountKey} and success = false`);
  }
}
