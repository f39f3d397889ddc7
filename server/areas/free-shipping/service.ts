import { sql } from 'drizzle-orm';
import type { FreeShippingActivity } from '../../../contract/free-shipping';
import type { Executor } from '../../db/client';
import { runStatements, type Statement } from '../../db/query';
import { ACTIVITY_COLUMNS, type ActivityRecord, activityOf } from './activities';

/**
 * The free-shipping area's public service: the activities running now, which the order area's
 * pricing reads (contract/free-shipping.ts decides which of them covers a cart).
 */
export async function runningFreeShipping(
  db: Executor,
  siteId: number,
  now: Date,
): Promise<FreeShippingActivity[]> {
  const [running] = await runStatements(db, [runningFreeShippingRead(siteId, now)]);
  return running;
}

/** runningFreeShipping as a statement, for an order to read it with its other reads (runStatements). */
export function runningFreeShippingRead(siteId: number, now: Date): Statement<FreeShippingActivity[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return {
    query: sql`select ${ACTIVITY_COLUMNS} from free_shipping_activities a
                where a.site_id = ${siteId} and not a.deleted and a.status = 'on' and a.starts_at <= ${at} and a.ends_at > ${at}
                order by a.id`,
    read: (rows) => (rows as ActivityRecord[]).map(activityOf),
  };
}
