import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query';
import { runDealSweeps } from './deal-sweeps';
import { remindExpiringCoupons } from './expiry-reminders';
import { runCouponRules } from './rules';
import { runCouponSends } from './send-jobs';

/**
 * The marketing area's time-based work, each a guarded UPDATE safe from several instances: coupons
 * whose claim window closed end; unused copies (no order holding them) and offline codes past their
 * validity expire, and copies about to expire have their member told (expiry-reminders.ts); then the issuing rules answer their events and the send jobs carry on; then the
 * deals' teams and bargain launches whose time ran out end (deal-sweeps.ts).
 */

export async function endCoupons(db: Database, now: Date): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update coupons set state = 'ended', ended_at = ends_at, version = version + 1, updated_at = now()
         where state in ('active', 'paused') and ends_at <= ${now.toISOString()}::timestamptz
         returning id`,
  );
  return rows.length;
}

export async function expireCopies(db: Database, now: Date): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update member_coupons set state = 'expired', end_reason = 'expired', ended_at = valid_until,
               version = version + 1, updated_at = now()
         where state = 'unused' and order_id is null and valid_until <= ${now.toISOString()}::timestamptz
         returning id`,
  );
  return rows.length;
}

export async function expireCodes(db: Database, now: Date): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update offline_coupon_codes set state = 'expired', ended_at = valid_until, version = version + 1
         where state = 'unused' and valid_until <= ${now.toISOString()}::timestamptz
         returning id`,
  );
  return rows.length;
}

export async function marketingSweep(db: Database, now: Date): Promise<Record<string, number>> {
  return {
    endedCoupons: await endCoupons(db, now),
    expiredCopies: await expireCopies(db, now),
    expiredCodes: await expireCodes(db, now),
    expiringCouponReminders: await remindExpiringCoupons(db, now),
    ...(await runCouponRules(db, now)),
    ...(await runCouponSends(db, now)),
    ...(await runDealSweeps(db, now)),
  };
}
