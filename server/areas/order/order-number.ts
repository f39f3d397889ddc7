import { randomInt } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { shopDate } from '../../../contract/shop-time';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';

/**
 * Order numbers are the China business date and the row id reserved from the table's sequence
 * (`2024050100001234`): unique without a retry loop, sortable by date, and readable over the phone.
 */
export function orderNumber(at: Date, id: number): string {
  return `${shopDate(at).replaceAll('-', '')}${String(id).padStart(8, '0')}`;
}

/** orderNumber in SQL, for a statement that reserves the id itself; `id` is an int expression. */
export function orderNumberSql(at: Date, id: SQL): SQL {
  return sql`(${shopDate(at).replaceAll('-', '')}::text || lpad(${id}::text, greatest(8, length(${id}::text)), '0'))`;
}

/** Reserves the next id of `table` (orders or recharge_orders), to insert the row with its number. */
export async function reserveId(tx: Executor, table: 'orders' | 'recharge_orders'): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id`,
  );
  return row!.id;
}

/** An 8-digit pickup code not in use by another order of the site. */
export async function freshPickupCode(tx: Executor, siteId: number): Promise<string> {
  for (;;) {
    const code = String(randomInt(10_000_000, 100_000_000));
    const [taken] = await queryRows(
      tx,
      sql`select 1 from orders where site_id = ${siteId} and pickup_code = ${code}`,
    );
    if (!taken) return code;
  }
}
