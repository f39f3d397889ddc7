import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';

/** `(1, 2, 3)` for an IN list; callers never pass an empty list. */
export function inList(ids: readonly number[]): SQL {
  return sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** The ids among `ids` that are not rows of `table` in the site (extra conditions narrow it further). */
export async function missingIds(
  db: Executor,
  table: string,
  siteId: number,
  ids: readonly number[],
  extra: SQL = sql`true`,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from ${sql.identifier(table)} where site_id = ${siteId} and id in ${inList(ids)} and ${extra}`,
  );
  const found = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !found.has(id));
}

/** Serialises one kind of change per site for the rest of the transaction (e.g. tree moves). */
export async function lockSiteScope(db: Executor, scope: number, siteId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${scope}::int, ${siteId}::int)`);
}

export const LockScope = { categoryTree: 4101 } as const;
