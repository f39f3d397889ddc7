import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
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
    await admin.query('drop database if exists api_template with (force)');
    await admin.query('create database api_template');
    await admin.end();
    const handle = await openDatabase({ databaseUrl: withDatabase(adminUrl, 'api_template') });
    await migrateDatabase(handle);
    await seedDatabase(handle.db, config);
    await handle.close();
    return;
  }
  const client = await PGlite.create('memory://');
  const handle = await openDatabase({ pglite: client });
  await migrateDatabase(handle);
  await seedDatabase(handle.db, config);
  const dump = await client.dumpDataDir('none');
  mkdirSync(path.dirname(SNAPSHOT_PATH), { recursive: true });
  writeFileSync(SNAPSHOT_PATH, Buffer.from(await dump.arrayBuffer()));
  await client.close();
}

export const SNAPSHOT_PATH = path.resolve('.tmp/api-snapshot.tar');

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
