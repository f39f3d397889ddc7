import { type SQL, sql } from 'drizzle-orm';
import { parseSort } from '../../contract/list-query';
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

/** A timed table as its list reads it. */
export interface TimedList<Sort extends string> {
  /** The selected columns. */
  columns: SQL;
  /** The table under `alias`, with what it joins. */
  from: SQL;
  /** What the counts read, when less than `from` will do. */
  countFrom?: SQL;
  alias: string;
  /** The columns a list sorts on, by the sort's name; the id breaks ties in the same direction. */
  sorts: Record<Sort, SQL>;
  /** Rows without an end never end. */
  openEnd?: boolean;
}

export interface TimedListInput<Sort extends string> {
  state: TimedTab;
  sort: Sort | `-${Sort}`;
  page: number;
  pageSize: number;
}

/**
 * A page of one shop's live rows on the tab, with the count of every tab for the same search
 * (`filters`, besides the shop and live rows).
 */
export async function timedPage<R extends Record<string, unknown>, Sort extends string>(
  db: Database,
  list: TimedList<Sort>,
  search: { siteId: number; filters: readonly SQL[]; now: Date },
  input: TimedListInput<Sort>,
): Promise<{ records: R[]; counts: Record<TimedTab, number> }> {
  const alias = (name: string) => sql.raw(`${list.alias}.${name}`);
  const state = timedStateSql(list.alias, search.now, { openEnd: list.openEnd });
  const where = sql.join(
    [sql`${alias('site_id')} = ${search.siteId}`, sql`not ${alias('deleted')}`, ...search.filters],
    sql` and `,
  );
  const tab = input.state === 'all' ? sql`true` : sql`${state} = ${input.state}`;
  const order = parseSort(input.sort);
  const direction = order.descending ? sql`desc` : sql`asc`;
  const [records, [counts]] = await Promise.all([
    queryRows<R>(
      db,
      sql`select ${list.columns} from ${list.from} where ${where} and ${tab}
           order by ${list.sorts[order.field]} ${direction}, ${alias('id')} ${direction}
           limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
    ),
    queryRows<Record<TimedTab, number>>(
      db,
      sql`select count(*)::int as "all",
                 (count(*) filter (where ${state} = 'running'))::int as running,
                 (count(*) filter (where ${state} = 'notStarted'))::int as "notStarted",
                 (count(*) filter (where ${state} = 'ended'))::int as ended,
                 (count(*) filter (where ${state} = 'off'))::int as off
            from ${list.countFrom ?? list.from} where ${where}`,
    ),
  ]);
  return { records, counts: counts! };
}
