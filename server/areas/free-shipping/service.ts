import { sql } from 'drizzle-orm';
import type { FreeShippingActivity } from '../../../contract/free-shipping';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
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
  const at = sql`${now.toISOString()}::timestamptz`;
  const records = await queryRows<ActivityRecord>(
    db,
    sql`select ${ACTIVITY_COLUMNS} from free_shipping_activities a
         where a.site_id = ${siteId} and not a.deleted and a.status = 'on' and a.starts_at <= ${at} and a.ends_at > ${at}
         order by a.id`,
  );
  return records.map(activityOf);
}
