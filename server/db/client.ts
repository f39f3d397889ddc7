import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { trackCommits } from './after-commit';
import { PGliteThread } from './pglite-thread';
import { PipelinedClient } from './pipelined-client';

/** The drizzle database, whichever driver is behind it (PGlite or a PostgreSQL server). */
export type Database = PgDatabase<PgQueryResultHKT>;
/** A transaction handle; accepted wherever a Database is. */
export type Executor = Database;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the data directory as a tar, for tests to clone a migrated database. */
  dumpDataDir?(): Promise<Uint8Array>;
  pool?: pg.Pool;
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir?: string;
  /**
   * PGlite in memory instead of in dataDir, empty or from a dumped data directory (tests clone one
   * per file).
   */
  memory?: { loadDataDir?: Uint8Array };
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      Client: PipelinedClient,
    });
    // An idle client can lose its connection (server restart, a test dropping its database);
    // without a listener that error would end the process.
    pool.on('error', (error) => console.error(`PostgreSQL pool: ${error.message}`));
    await pool.query('select 1');
    const db = trackCommits(drizzlePostgres({ client: pool }) as unknown as Database);
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  let dataDir = 'memory://';
  if (!options.memory) {
    dataDir = path.resolve(options.dataDir ?? './data', 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  // PGlite runs in its own thread: the HTTP thread never waits on the database's work.
  const thread = await PGliteThread.open({ dataDir, ...options.memory });
  const db = trackCommits(drizzlePglite({ client: thread as never }) as unknown as Database);
  return {
    db,
    kind: 'pglite',
    dumpDataDir: () => thread.dumpDataDir(),
    close: () => thread.close(),
  };
}

/** Key of the advisory lock that serialises migrations when several instances start at once. */
const MIGRATION_LOCK = 7_346_201;

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  // The lock belongs to a connection, so lock, migrate and unlock on one client of the pool.
  const client = await handle.pool!.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
