import { type SQL, sql } from 'drizzle-orm';
import { SHOP_UTC_OFFSET_HOURS } from '../../contract/shop-time';

/**
 * The business day of a timestamptz column, computed in SQL the way `shopDate` of
 * contract/shop-time.ts computes it in TypeScript, so grouping by day agrees with the browser.
 * `column` is trusted SQL (a column name of ours), never user input.
 */
export function shopDateSql(column: string): SQL {
  return sql.raw(`((${column} at time zone 'UTC') + interval '${SHOP_UTC_OFFSET_HOURS} hours')::date`);
}
