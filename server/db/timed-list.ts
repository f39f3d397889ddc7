import { type SQL, sql } from 'drizzle-orm';
import type { TimedState } from '../../contract/timed-state';
import type { Database } from './client';
import { queryRows } from './query';

/**
 * Lists of rows that run for a window and have an on/off switch (draws, booking forms, free
 * shipping, points goods), by state tab, in raw SQL over a table alias.
 */

export type TimedTab = 'all' | TimedState;

/**
 * The state of a row in SQL, as timedState decides it, over `<alias>.status`, `starts_at` and
 * `ends_at`; with `openEnd`, a row without an end never ends.
 */
export function timedStateSql(alias: string, now: Date, options: { openEnd?: boolean } = {}): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  const ended = options.openEnd
    ? sql`${column('ends_at')} is not null and ${column('ends_at')} <= ${at}`
    : sql`${column('ends_at')} <= ${at}`;
  return sql`(case when ${column('status')} = 'off' then 'off' when ${column('starts_at')} > ${at} then 'notStarted'
                   when ${ended} then 'ended' else 'running' end)`;
}

export interface TimedPageQuery {
  /** The selected columns. */
  columns: SQL;
  /** The table under its alias, with what it joins. */
  from: SQL;
  /** What the counts read, when less than `from` will do. */
  countFrom?: SQL;
  /** The search (shop, live rows, filters), the same for the page and the counts. */
  where: SQL;
  /** The row's state (timedStateSql). */
  state: SQL;
  tab: TimedTab;
  /** The sort column, then the id column breaking ties in the same direction. */
  sort: SQL;
  id: SQL;
  descending: boolean;
  page: number;
  pageSize: number;
}

/** A page of the tab's rows and the count of every tab for the same search. */
export async function timedPage<R extends Record<string, unknown>>(
  db: Database,
  query: TimedPageQuery,
): Promise<{ records: R[]; counts: Record<TimedTab, number> }> {
  const { state, where } = query;
  const tab = query.tab === 'all' ? sql`true` : sql`${state} = ${query.tab}`;
  const direction = query.descending ? sql`desc` : sql`asc`;
  const [records, [counts]] = await Promise.all([
    queryRows<R>(
      db,
      sql`select ${query.columns} from ${query.from} where ${where} and ${tab}
           order by ${query.sort} ${direction}, ${query.id} ${direction}
           limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    ),
    queryRows<Record<TimedTab, number>>(
      db,
      sql`select count(*)::int as "all",
                 (count(*) filter (where ${state} = 'running'))::int as running,
                 (count(*) filter (where ${state} = 'notStarted'))::int as "notStarted",
                 (count(*) filter (where ${state} = 'ended'))::int as ended,
                 (count(*) filter (where ${state} = 'off'))::int as off
            from ${query.countFrom ?? query.from} where ${where}`,
    ),
  ]);
  return { records, counts: counts! };
}
