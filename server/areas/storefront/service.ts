import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { STOREFRONT_KEY_HEADER } from '../../../contract/endpoints/storefront';
import type { Executor } from '../../db/client';
import { preparedStatement } from '../../db/query';
import { sites } from '../../db/schema';
import { AppError } from '../../http/errors';
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

/** Every storefront call starts here: one prepared statement. */
const keyLookup = preparedStatement('storefront_key', (db, name) =>
  db
    .select({
      id: storefrontKeys.id,
      siteId: storefrontKeys.siteId,
      expired: sql<boolean>`(${sites.expiresAt} is not null and ${sites.expiresAt} <= now())`,
      stale: sql<boolean>`(${storefrontKeys.lastUsedAt} is null
        or ${storefrontKeys.lastUsedAt} < now() - make_interval(secs => ${TOUCH_MS / 1000}))`,
    })
    .from(storefrontKeys)
    .innerJoin(sites, eq(sites.id, storefrontKeys.siteId))
    .where(and(eq(storefrontKeys.keyHash, sql.placeholder('keyHash')), isNull(storefrontKeys.revokedAt)))
    .prepare(name),
);

/**
 * The site of the request's storefront key. Fails closed: a missing, malformed, unknown or
 * revoked key is HTTP 401; a key of an expired site is HTTP 403.
 */
export async function storefrontSite(db: Executor, request: FastifyRequest): Promise<number> {
  const header = request.headers[STOREFRONT_KEY_HEADER.toLowerCase()];
  const key = typeof header === 'string' ? header.trim() : '';
  if (!KEY_PATTERN.test(key)) throw new AppError('storefront.keyInvalid', {}, { status: 401 });
  const [row] = await keyLookup(db).execute({ keyHash: hashKey(key) });
  if (!row) throw new AppError('storefront.keyInvalid', {}, { status: 401 });
  if (row.expired) throw new AppError('storefront.siteExpired', {}, { status: 403 });
  if (row.stale) await db.execute(sql`update storefront_keys set last_used_at = now() where id = ${row.id}`);
  return row.siteId;
}
