import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { directStatement, packedRow, preparedStatement } from '../db/query';
import { accounts, sessions, sites } from '../db/schema';
import type { SerialisedJson } from '../http/serialised-json';
import { grantSetOfAccount } from './menus';
import { hashToken, SESSION_IDLE_MS, SESSION_TOUCH_MS } from './tokens';

/** Who is calling: the account, the site the session acts on, and what it was granted. */
export interface Session {
  sessionId: number;
  accountId: number;
  /** The site this session acts on; every tenant query is scoped to it. */
  siteId: number;
  homeSiteId: number;
  userName: string;
  kind: 'main' | 'sub' | 'store';
  roles: string[];
  isStore: boolean;
  /** The store a store account works for; null when none is linked (it then sees no store's orders). */
  storeId: number | null;
  siteExpired: boolean;
  /** The shop type of the site the session acts on. */
  shopType: number;
  avatar: string;
  introduction: string;
  grantedPaths: ReadonlySet<string>;
  /** The caller's address, for the audit rows the request's writes append. */
  ip: string;
  /** The granted menus as GetUserInfo's MenuList, serialised once per grant set. */
  menuList: SerialisedJson;
}

const IDLE_SECONDS = SESSION_IDLE_MS / 1000;
const TOUCH_SECONDS = SESSION_TOUCH_MS / 1000;

/** One row of the session lookup, as its single JSON column gives it. */
interface LookupRow {
  sessionId: number;
  accountId: number;
  siteId: number;
  homeSiteId: number;
  userName: string;
  kind: Session['kind'];
  roles: string[];
  isStore: boolean;
  storeId: number | null;
  avatar: string;
  introduction: string;
  shopType: number;
  siteExpired: boolean;
  touchDue: boolean;
  grantsVersion: number;
}

/**
 * Everything an authenticated call needs of its session, account and site in one round trip. The
 * grants come as the account's grants version, the key of the grant-set cache: aggregating 148 ids
 * on every call cost the database as much as the rest of the lookup. The row comes as one JSON
 * column: the driver describes and decodes fifteen columns on every call, which cost more than
 * parsing the JSON.
 */
const sessionLookup = directStatement<{ row: string }, { tokenHash: string }>('session_lookup', (db) =>
  db
    .select({
      row: packedRow({
        sessionId: sessions.id,
        accountId: sessions.accountId,
        siteId: sessions.siteId,
        homeSiteId: accounts.siteId,
        userName: accounts.userName,
        kind: accounts.kind,
        roles: sessions.roles,
        isStore: accounts.isStore,
        storeId: accounts.storeId,
        avatar: accounts.avatar,
        introduction: accounts.introduction,
        shopType: sites.shopType,
        siteExpired: sql`(${sites.expiresAt} is not null and ${sites.expiresAt} <= now())`,
        touchDue: sql`(${sessions.lastSeenAt} < now() - make_interval(secs => ${TOUCH_SECONDS}))`,
        grantsVersion: accounts.grantsVersion,
      }).as('row'),
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .innerJoin(sites, eq(sites.id, sessions.siteId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${IDLE_SECONDS})`),
        eq(accounts.disabled, false),
      ),
    ),
);

/**
 * Keeps an idle session alive. The condition is checked again by the database, so of all the
 * requests in flight that read a stale time only the first updates the row; the rest match nothing.
 */
const sessionTouch = preparedStatement('session_touch', (db, name) =>
  db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        lt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${TOUCH_SECONDS})`),
      ),
    )
    .prepare(name),
);

/**
 * Finds a live session for a bearer token: not revoked, within absolute and idle expiry. Read from
 * the database on every call (never kept in memory), so a logout on any instance ends it everywhere
 * at once.
 */
export async function findSession(db: Database, token: string, ip: string): Promise<Session | null> {
  const [found] = await sessionLookup(db, { tokenHash: hashToken(token) });
  if (!found) return null;
  const row = JSON.parse(found.row) as LookupRow;
  if (row.touchDue) await sessionTouch(db).execute({ sessionId: row.sessionId });
  const grants = await grantSetOfAccount(db, row.accountId, row.grantsVersion);
  return {
    sessionId: row.sessionId,
    accountId: row.accountId,
    siteId: row.siteId,
    homeSiteId: row.homeSiteId,
    userName: row.userName,
    kind: row.kind,
    roles: row.roles,
    isStore: row.isStore,
    storeId: row.storeId,
    siteExpired: row.siteExpired,
    shopType: row.shopType,
    avatar: row.avatar,
    introduction: row.introduction,
    grantedPaths: grants.paths,
    menuList: grants.menuList,
    ip,
  };
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1]! : null;
}
