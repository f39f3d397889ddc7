import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../server/config';
import { migrateDatabase, openDatabase } from '../../server/db/client';
import { seedDatabase } from '../../server/db/seed';
import { TEST_ENV } from './test-env';

/**
 * Builds one migrated and seeded database before the API tests: a dumped PGlite data directory,
 * or, when TEST_DATABASE_URL points at a PostgreSQL server, a template database that each test
 * file clones. Seeding (Argon2 hashes, demo rows) then happens once, not per file.
 */
export default async function globalSetup() {
  const config = loadConfig({ ...TEST_ENV });
  // Uploaded test images from earlier runs.
  rmSync(config.dataDir, { recursive: true, force: true });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    await admin.end();
    const handle = await openDatabase({ databaseUrl: withDatabase(adminUrl, TEMPLATE_DATABASE) });
    await migrateDatabase(handle);
    await seedDatabase(handle.db, config);
    await handle.close();
    return;
  }
  const handle = await openDatabase({ memory: {} });
  await migrateDatabase(handle);
  await seedDatabase(handle.db, config);
  const dump = await handle.dumpDataDir!();
  mkdirSync(path.dirname(SNAPSHOT_PATH), { recursive: true });
  writeFileSync(SNAPSHOT_PATH, dump);
  await handle.close();
}

/**
 * The seeded database each test file clones on PostgreSQL. Named per checkout when several run
 * against one server at once (parallel worktrees), so one run's setup never drops another's.
 */
export const TEMPLATE_DATABASE =
  process.env.API_TEMPLATE_DATABASE?.match(/^[a-z_][a-z0-9_]{0,62}$/)?.[0] ?? 'api_template';

export const SNAPSHOT_PATH = path.resolve('.tmp/api-snapshot.tar');

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
