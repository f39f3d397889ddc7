import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { STOREFRONT_KEY_HEADER } from '../../../contract/endpoints/storefront';
import type { Executor } from '../../db/client';
import { preparedStatement } from '../../db/query';
import { sites } from '../../db/schema';
import { AppError } from '../../http/errors';
import { LapsingMap } from '../../memory/lapsing-map';
import { storefrontKeys } from './tables';

/** Storefront keys: random, shown once, kept as a SHA-256 hash. Other areas call `storefrontSite`. */

const KEY_PATTERN = /^sf_[A-Za-z0-9_-]{32}$/;
const PREFIX_LENGTH = 10;
/** Last-use times are refreshed at most this often, so busy keys do not write on every call. */
const TOUCH_MS = 60_000;

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function newKey(): { key: string; hash: string; prefix: string } {
  const key = `sf_${randomBytes(24).toString('base64url')}`;
  return { key, hash: hashKey(key), prefix: key.slice(0, PREFIX_LENGTH) };
}

/** Every storefront call starts here: one prepared statement, when the key is not known already. */
const keyLookup = preparedStatement('storefront_key', (db, name) =>
  db
    .select({
      id: storefrontKeys.id,
      siteId: storefrontKeys.siteId,
      expiresAt: sites.expiresAt,
      lastUsedAt: storefrontKeys.lastUsedAt,
    })
    .from(storefrontKeys)
    .innerJoin(sites, eq(sites.id, storefrontKeys.siteId))
    .where(and(eq(storefrontKeys.keyHash, sql.placeholder('keyHash')), isNull(storefrontKeys.revokedAt)))
    .prepare(name),
);

interface KnownKey {
  id: number;
  siteId: number;
  expiresAt: number | null;
  lastUsedAt: number | null;
}

/**
 * How long a key read is trusted without reading it again. A storefront call comes with every page
 * a buyer opens, and a flash sale brings thousands a second: each would otherwise query for the
 * key first. A key revoked through this server is forgotten at once; through another one, it stops
 * working here within this time (README, "Several instances").
 */
export const KEY_TRUSTED_MILLISECONDS = 1000;

/** Keys read lately, by hash: only keys that exist, so unknown keys never fill it. */
const knownKeys = new LapsingMap<KnownKey>(KEY_TRUSTED_MILLISECONDS);

/** The key was revoked: no call through this server is answered with it from now on. */
export function forgetStorefrontKey(id: number): void {
  knownKeys.forget((known) => known.id === id);
}

export async function storefrontSite(db: Executor, request: FastifyRequest): Promise<number> {
  const header = request.headers[STOREFRONT_KEY_HEADER.toLowerCase()];
  const key = typeof header === 'string' ? header.trim() : '';
  if (!KEY_PATTERN.test(key)) throw new AppError('storefront.keyInvalid', {}, { status: 401 });
  const keyHash = hashKey(key);
  let known = knownKeys.get(keyHash);
  if (!known) {
    const [row] = await keyLookup(db).execute({ keyHash });
    if (!row) throw new AppError('storefront.keyInvalid', {}, { status: 401 });
    known = {
      id: row.id,
      siteId: row.siteId,
      expiresAt: row.expiresAt?.getTime() ?? null,
      lastUsedAt: row.lastUsedAt?.getTime() ?? null,
    };
    knownKeys.set(keyHash, known);
  }
  const now = Date.now();
  if (known.expiresAt !== null && known.expiresAt <= now)
    throw new AppError('storefront.siteExpired', {}, { status: 403 });
  if (known.lastUsedAt === null || known.lastUsedAt < now - TOUCH_MS) {
    known.lastUsedAt = now;
    await db.execute(sql`update storefront_keys set last_used_at = now() where id = ${known.id}`);
  }
  return known.siteId;
}
