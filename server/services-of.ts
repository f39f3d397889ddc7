import type { FastifyBaseLogger } from 'fastify';
import type { Services } from './app';
import type { Database } from './db/client';

/**
 * The services and log of the server built on a database, found from the database: for work that
 * starts after a transaction commits (db/after-commit) and so has only the database in hand. A
 * database no server was built on (a sweep's own process) has none; such work reads the process
 * environment instead.
 */
export interface ServerServices extends Services {
  log: FastifyBaseLogger;
}

const byDatabase = new WeakMap<Database, ServerServices>();

export function registerServices(services: Services, log: FastifyBaseLogger): void {
  byDatabase.set(services.db, { ...services, log });
}

export function servicesOf(db: Database): ServerServices | null {
  return byDatabase.get(db) ?? null;
}
