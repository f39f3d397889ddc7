import { type SQL, sql } from 'drizzle-orm';
import { POINTS_RETURN_REASONS } from '../../../contract/endpoints/wallet';
import { type PointsFlow, pointsToExpire } from '../../../contract/points';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';

/**
 * How points ledger rows count (contract POINTS_FLOWS): positive rows earn (`issued`) unless they
 * give back points spent (`returned`); negative rows spend (`used`) unless they are an expiry.
 * `column` prefixes the ledger's columns (an alias with its dot, or '').
 */
export function flowOf(column = ''): SQL {
  const reason = sql.raw(`${column}reason`);
  const delta = sql.raw(`${column}delta`);
  return sql`(case when ${reason} = 'points_expiry' then 'expired'
                   when ${reason} in (${returnReasons()}) then 'returned'
                   when ${delta} > 0 then 'issued' else 'used' end)`;
}

function returnReasons(): SQL {
  return sql.join(
    POINTS_RETURN_REASONS.map((reason) => sql`${reason}`),
    sql`, `,
  );
}

/**
 * The sums of a points flow over ledger rows: earned (before `cutoff` when given), consumed net of
 * returns, expired. For a SELECT over `wallet_ledger` rows of points.
 */
export function flowSums(cutoff: Date | null, column = ''): SQL {
  const delta = sql.raw(`${column}delta`);
  const createdAt = sql.raw(`${column}created_at`);
  const flow = flowOf(column);
  const before = cutoff ? sql` and ${createdAt} < ${cutoff.toISOString()}::timestamptz` : sql``;
  return sql`coalesce(sum(${delta}) filter (where ${flow} = 'issued'${before}), 0)::bigint as earned_before,
             coalesce(-sum(${delta}) filter (where ${flow} in ('used', 'returned')), 0)::bigint as consumed,
             coalesce(-sum(${delta}) filter (where ${flow} = 'expired'), 0)::bigint as expired`;
}

export interface FlowRecord extends Record<string, unknown> {
  earned_before: string | number;
  consumed: string | number;
  expired: string | number;
}

/** A member's points that have expired by `cutoff` and are still held (0 when none). */
export async function pointsDue(
  db: Executor,
  key: { siteId: number; buyerId: string },
  cutoff: Date,
  balance: number,
): Promise<number> {
  const [row] = await queryRows<FlowRecord>(
    db,
    sql`select ${flowSums(cutoff)} from wallet_ledger
         where site_id = ${key.siteId} and buyer_id = ${key.buyerId} and currency = 'points'`,
  );
  return pointsToExpire(flowRecord(row, balance));
}

/** The flow of a row of flowSums, with the balance held. */
export function flowRecord(row: FlowRecord | undefined, balance: number): PointsFlow {
  return {
    earnedBefore: Number(row?.earned_before ?? 0),
    consumed: Number(row?.consumed ?? 0),
    expired: Number(row?.expired ?? 0),
    balance,
  };
}
