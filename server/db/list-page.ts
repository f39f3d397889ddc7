import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from './client';
import { queryRows } from './query';

/** The statement's parts; `alias` names the table in `page`, `counts`, `rows` and `order` alike. */
export interface ListPageParts {
  alias: string;
  /** The page's ids: `select <alias>.id from … order by … limit … offset …`. */
  page: SQL;
  /** One row of counts (and any other figure the list shows once) over the list's filters. */
  counts: SQL;
  /** The page's rows in full: `select <columns> from page join <table> <alias> …`. */
  rows: SQL;
  /** The ORDER BY of the list, on `alias`. */
  order: SQL;
  /** The name its shapes are prepared under (see namedShape). */
  prepareAs: string;
}

/** One `count(*) filter (…)` column per tab, named by the tab: a `counts` part giving rows per tab. */
export function tabCounters(tabs: Record<string, SQL>): SQL {
  return sql.join(
    Object.entries(tabs).map(
      ([tab, condition]) => sql`(count(*) filter (where ${condition}))::int as ${sql.identifier(tab)}`,
    ),
    sql`, `,
  );
}

export interface ListPage<Row, Counts> {
  /** The page's rows as JSON gave them: timestamps as ISO text with an offset, numbers as numbers. */
  rows: Row[];
  counts: Counts;
}

/**
 * A list's page and its counts in one statement that answers one row of two JSON texts. The page is
 * chosen on ids first: with a LIMIT parameter in the outer query PostgreSQL re-plans the statement
 * on every call, with the page apart it keeps one plan. Packing the rows as JSON costs the database
 * little and spares the driver its work per column (a string and a parse for each field, a Date for
 * each timestamp): on PGlite the order list's statement took 3.2 ms as rows and takes 2.15 ms so.
 */
export async function readListPage<Row, Counts>(
  db: Executor,
  parts: ListPageParts,
): Promise<ListPage<Row, Counts>> {
  const alias = sql.identifier(parts.alias);
  const [packed] = await queryRows<{ counts: string; rows: string }>(
    db,
    sql`with page as materialized (${parts.page}), counts as (${parts.counts})
        select row_to_json(counts)::text as counts,
               (select coalesce(json_agg(${alias} order by ${parts.order}), '[]')::text
                  from (${parts.rows}) ${alias}) as rows
          from counts`,
    { prepareAs: parts.prepareAs },
  );
  return { rows: JSON.parse(packed!.rows) as Row[], counts: JSON.parse(packed!.counts) as Counts };
}
