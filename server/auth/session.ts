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
  /** Frozen: the same array serves every call of the session. */
  roles: readonly string[];
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

// Written into the statements as constants: a bound value costs the driver and the server on
// every call, and these never change while the process runs.
const IDLE_SECONDS = sql.raw(String(SESSION_IDLE_MS / 1000));
const TOUCH_SECONDS = sql.raw(String(SESSION_TOUCH_MS / 1000));

/** One row of the session lookup, as its single JSON column gives it. */
interface LookupRow {
  sessionId: number;
  accountId: number;
  siteId: number;
  homeSiteId: number;
  userName: string;
  kind: Session['kind'];
  roles: readonly string[];
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
        sql`not ${accounts.disabled}`,
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
 * Lookup rows already parsed, by their text. A session's row comes back the same call after call
 * (it changes only when the account, the site or the minute's touch does), so the same text gives
 * the same frozen object, and the answers built from it can be kept (server/http/serialised-json.ts).
 * Only parsing is saved: the row itself is still read from the database on every call.
 */
const parsedRows = new Map<string, LookupRow>();
const MAX_PARSED_ROWS = 1000;

export function parsedLookupRow(text: string): LookupRow {
  let row = parsedRows.get(text);
  if (row === undefined) {
    row = JSON.parse(text) as LookupRow;
    Object.freeze(row.roles);
    Object.freeze(row);
    if (parsedRows.size >= MAX_PARSED_ROWS) parsedRows.delete(parsedRows.keys().next().value!);
    parsedRows.set(text, row);
  }
  return row;
}

/**
 * Finds a live session for a bearer token: not revoked, within absolute and idle expiry. Read from
 * the database on every call (never kept in memory), so a logout on any instance ends it everywhere
 * at once.
 */
export async function findSession(db: Database, token: string, ip: string): Promise<Session | null> {
  const [found] = await sessionLookup(db, { tokenHash: hashToken(token) });
  if (!found) return null;
  const row = parsedLookupRow(found.row);
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
