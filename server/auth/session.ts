import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/query';
import { grantedPathsOf } from './menus';
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
  grantedMenuIds: readonly number[];
  grantedPaths: ReadonlySet<string>;
}

interface SessionRow extends Record<string, unknown> {
  session_id: number;
  account_id: number;
  site_id: number;
  home_site_id: number;
  user_name: string;
  kind: 'main' | 'sub' | 'store';
  roles: string[];
  is_store: boolean;
  store_id: number | null;
  site_expired: boolean;
  last_seen_ms: string | number;
  menu_ids: number[] | null;
}

/** Finds a live session for a bearer token: not revoked, within absolute and idle expiry. */
export async function findSession(db: Database, token: string): Promise<Session | null> {
  const [row] = await queryRows<SessionRow>(
    db,
    sql`
    select s.id as session_id, s.account_id, s.site_id, a.site_id as home_site_id, a.user_name, a.kind,
           s.roles, a.is_store, a.store_id,
           (st.expires_at is not null and st.expires_at <= now()) as site_expired,
           (extract(epoch from s.last_seen_at) * 1000)::bigint as last_seen_ms,
           array(select g.menu_id from grants g where g.account_id = a.id) as menu_ids
      from sessions s
      join accounts a on a.id = s.account_id
      join sites st on st.id = s.site_id
     where s.token_hash = ${hashToken(token)}
       and s.revoked_at is null
       and s.expires_at > now()
       and s.last_seen_at > now() - make_interval(secs => ${SESSION_IDLE_MS / 1000})
       and a.disabled = false`,
  );
  if (!row) return null;
  if (Date.now() - Number(row.last_seen_ms) > SESSION_TOUCH_MS) {
    await db.execute(sql`update sessions set last_seen_at = now() where id = ${row.session_id}`);
  }
  return {
    sessionId: row.session_id,
    accountId: row.account_id,
    siteId: row.site_id,
    homeSiteId: row.home_site_id,
    userName: row.user_name,
    kind: row.kind,
    roles: row.roles,
    isStore: row.is_store,
    storeId: row.store_id,
    siteExpired: row.site_expired,
    grantedMenuIds: row.menu_ids ?? [],
    grantedPaths: await grantedPathsOf(db, row.menu_ids ?? []),
  };
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1]! : null;
}
