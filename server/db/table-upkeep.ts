import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { queryRows } from './query';

/**
 * The embedded database's upkeep, which PostgreSQL's autovacuum does on a server and PGlite never
 * does. Without it PGlite's plans would keep the row counts and value spreads of the day it was
 * seeded, dead rows would pile up in every table written, and no page would ever be marked
 * all-visible, so no index-only scan could skip the table: the goods list's tab counts read every
 * goods row (2.6 ms a page of the list on the demo data, 1.2 ms once vacuumed). Each call vacuums
 * and analyzes one table, in name order round the schema, so a sweep holds PGlite's one connection
 * for one table at most; a vacuum skips the pages still all-visible since the last one. At one
 * sweep a minute, each of about 170 tables comes round about every 3 hours.
 */
export class TableUpkeep {
  private next = 0;

  /** Vacuums and analyzes the next table; the table's name, or undefined when the schema has none. */
  async vacuumNext(db: Database): Promise<string | undefined> {
    const tables = await queryRows<{ name: string }>(
      db,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
    );
    if (tables.length === 0) return undefined;
    const { name } = tables[this.next % tables.length]!;
    this.next = (this.next + 1) % tables.length;
    await db.execute(sql`vacuum (analyze) ${sql.identifier(name)}`);
    return name;
  }
}

/**
 * A whole database vacuumed and analyzed at once, after the demo data is written: its lists then
 * start with the plans and index-only scans they will have once the upkeep (PGlite) or autovacuum
 * (PostgreSQL, a minute or more later, possibly under a shop's first load) has come round. Under a
 * second on the demo data.
 */
export async function vacuumAll(db: Database): Promise<void> {
  await db.execute(sql`vacuum (analyze)`);
}
