import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { queryRows } from './query';

/**
 * Planner statistics for the embedded database. PostgreSQL's autovacuum analyzes a table once
 * enough of it changed; PGlite runs no autovacuum, so without this its plans would keep the row
 * counts and value spreads of the day it was seeded while the shop's goods and orders grow. Each
 * call analyzes one table, in name order round the schema, so a sweep holds PGlite's one
 * connection for one table's sample at most (30,000 rows at the default statistics target). At
 * one sweep a minute, each of about 170 tables is analyzed about every 3 hours.
 */
export class PlannerStatistics {
  private next = 0;

  /** Analyzes the next table; the table's name, or undefined when the schema has none. */
  async refreshNext(db: Database): Promise<string | undefined> {
    const tables = await queryRows<{ name: string }>(
      db,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
    );
    if (tables.length === 0) return undefined;
    const { name } = tables[this.next % tables.length]!;
    this.next = (this.next + 1) % tables.length;
    await db.execute(sql`analyze ${sql.identifier(name)}`);
    return name;
  }
}
