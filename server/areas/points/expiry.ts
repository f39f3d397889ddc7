import { sql } from 'drizzle-orm';
import { expiredEarningCutoff, pointsToExpire, shopYear } from '../../../contract/points';
import type { Database, Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { holding, takeUpTo } from '../customer/service';
import { type FlowRecord, flowRecord, flowSums, pointsDue } from './flows';

/**
 * The expiry sweep (DESIGN §3, §11): under the `yearEnd` rule, points earned before the cutoff and
 * not consumed since go, one ledger row per member. Each member is taken in a transaction of its
 * own under the wallet's lock and what is due is counted again there, with what earlier sweeps took
 * already subtracted: running it twice, or on several instances at once, takes each point once.
 * A site is looked at until a sweep finished it for the current cutoff.
 */

const SYSTEM = { kind: 'system' as const, accountId: null, name: '' };

/** Expires what is due of one member's points; returns how many went. */
export async function expireMemberPoints(
  tx: Executor,
  key: { siteId: number; buyerId: string },
  cutoff: Date,
  now: Date,
): Promise<number> {
  const balance = await holding(tx, { ...key, currency: 'points' }, true);
  if (balance === 0) return 0;
  const due = await pointsDue(tx, key, cutoff, balance);
  if (due === 0) return 0;
  return takeUpTo(tx, {
    ...key,
    currency: 'points',
    amount: due,
    reason: 'points_expiry',
    orderNo: '',
    // The year whose points went, for the ledger's reader.
    note: String(shopYear(cutoff) - 1),
    actor: SYSTEM,
    now,
  });
}

/** Members of a site who hold points due to expire by the cutoff, in one order. */
async function membersDue(db: Executor, siteId: number, cutoff: Date): Promise<string[]> {
  const rows = await queryRows<FlowRecord & { buyer_id: string; balance: number }>(
    db,
    sql`select l.buyer_id, w.points as balance, ${flowSums(cutoff, 'l.')}
          from wallet_ledger l join buyer_wallets w on w.site_id = l.site_id and w.buyer_id = l.buyer_id
         where l.site_id = ${siteId} and l.currency = 'points' and w.points > 0
         group by l.buyer_id, w.points
         order by l.buyer_id`,
  );
  return rows.filter((row) => pointsToExpire(flowRecord(row, row.balance)) > 0).map((row) => row.buyer_id);
}

export async function expirePoints(db: Database, now: Date): Promise<number> {
  const cutoff = expiredEarningCutoff(now);
  const sites = await queryRows<{ site_id: number }>(
    db,
    sql`select site_id from points_settings
         where expiry = 'yearEnd' and (expired_through is null or expired_through < ${cutoff.toISOString()}::timestamptz)
         order by site_id`,
  );
  let expired = 0;
  for (const { site_id: siteId } of sites) {
    for (const buyerId of await membersDue(db, siteId, cutoff)) {
      expired += await db.transaction((tx) => expireMemberPoints(tx, { siteId, buyerId }, cutoff, now));
    }
    await db.execute(
      sql`update points_settings set expired_through = ${cutoff.toISOString()}::timestamptz
           where site_id = ${siteId} and expiry = 'yearEnd'
             and (expired_through is null or expired_through < ${cutoff.toISOString()}::timestamptz)`,
    );
  }
  return expired;
}
