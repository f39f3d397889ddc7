import { asc, eq, sql } from 'drizzle-orm';
import type { MenuItem } from '../../contract/endpoints/user';
import type { Database } from '../db/client';
import { preparedStatement } from '../db/query';
import { accounts, menus } from '../db/schema';
import { SerialisedJson } from '../http/serialised-json';

type MenuRow = typeof menus.$inferSelect;

/** What a set of granted menus gives a session: its paths and GetUserInfo's MenuList, serialised. */
export interface GrantSet {
  paths: ReadonlySet<string>;
  menuList: SerialisedJson;
}

/**
 * Grant sets are kept by their sorted ids, read fresh with every session, so a changed grant is a
 * different key and shows on the very next call on every instance. Only the menus table itself can
 * make a kept entry wrong, and it only changes when a release syncs it (menus-sync.ts), which
 * forgets everything here. Sub-accounts may each have their own set, hence the bound.
 */
const MAX_GRANT_SETS = 500;

/** Accounts whose current grants are kept; each entry is small (its key and a shared GrantSet). */
const MAX_ACCOUNT_GRANTS = 5000;

interface MenuCache {
  table: Promise<Map<number, MenuRow>>;
  grantSets: Map<string, Promise<GrantSet>>;
  /** `accountId:grantsVersion` → that account's grant set at that version. */
  accountGrants: Map<string, Promise<GrantSet>>;
}

// The menus table only changes when a release syncs it at start, so each process reads it once
// per database and every request maps granted menu ids through this copy instead of joining.
const menuCaches = new WeakMap<Database, MenuCache>();

function menuCache(db: Database): MenuCache {
  let cache = menuCaches.get(db);
  if (!cache) {
    const table = db
      .select()
      .from(menus)
      .orderBy(asc(menus.sort))
      .then((rows) => new Map(rows.map((row) => [row.id, row])));
    table.catch(() => menuCaches.delete(db));
    cache = { table, grantSets: new Map(), accountGrants: new Map() };
    menuCaches.set(db, cache);
  }
  return cache;
}

/** Forgets the cached menus and every grant set made of them (after a sync rewrites them). */
export function forgetMenuTable(db: Database): void {
  menuCaches.delete(db);
}

/** The grant set of comma-separated sorted menu ids (`''` for none), made once and then kept. */
export function grantSetOf(db: Database, key: string): Promise<GrantSet> {
  const cache = menuCache(db);
  let grantSet = cache.grantSets.get(key);
  if (!grantSet) {
    const menuIds = key === '' ? [] : key.split(',').map(Number);
    grantSet = cache.table.then((table) => ({
      paths: grantedPaths(table, menuIds),
      menuList: new SerialisedJson(JSON.stringify(menuList(table, menuIds))),
    }));
    grantSet.catch(() => cache.grantSets.delete(key));
    if (cache.grantSets.size >= MAX_GRANT_SETS) {
      cache.grantSets.delete(cache.grantSets.keys().next().value!);
    }
    cache.grantSets.set(key, grantSet);
  }
  return grantSet;
}

/** The account's grant key (sorted menu ids) and the version it belongs to, from one snapshot. */
const accountGrantKey = preparedStatement('account_grant_key', (db, name) =>
  db
    .select({
      version: accounts.grantsVersion,
      key: sql<string>`(select coalesce(string_agg(g.menu_id::text, ',' order by g.menu_id), '')
        from grants g where g.account_id = ${accounts.id})`,
    })
    .from(accounts)
    .where(eq(accounts.id, sql.placeholder('accountId')))
    .prepare(name),
);

/**
 * The grant set of an account at the grants version its session lookup saw. The version is raised
 * by a trigger on every write to grants, so a kept entry is never wrong: a changed grant has a new
 * key, read fresh on the next call on every instance.
 */
export function grantSetOfAccount(db: Database, accountId: number, version: number): Promise<GrantSet> {
  const cache = menuCache(db);
  const key = `${accountId}:${version}`;
  let grantSet = cache.accountGrants.get(key);
  if (!grantSet) {
    grantSet = accountGrantKey(db)
      .execute({ accountId })
      .then(([row]) => grantSetOf(db, row?.key ?? ''));
    grantSet.catch(() => cache.accountGrants.delete(key));
    if (cache.accountGrants.size >= MAX_ACCOUNT_GRANTS) {
      cache.accountGrants.delete(cache.accountGrants.keys().next().value!);
    }
    cache.accountGrants.set(key, grantSet);
  }
  return grantSet;
}

function grantedPaths(table: Map<number, MenuRow>, menuIds: readonly number[]): Set<string> {
  const paths = new Set<string>();
  for (const id of menuIds) {
    const menu = table.get(id);
    if (menu) paths.add(menu.path);
  }
  return paths;
}

/** The granted menus as the nested MenuList of SPEC §3, in tree order. */
function menuList(table: Map<number, MenuRow>, menuIds: readonly number[]): MenuItem[] {
  const granted = new Set(menuIds);
  const items = new Map<number, MenuItem>();
  const roots: MenuItem[] = [];
  // The table is in tree order (depth first), so a parent is always met before its children.
  for (const menu of table.values()) {
    if (!granted.has(menu.id)) continue;
    const item: MenuItem = {
      Id: menu.id,
      Path: menu.path,
      PathName: menu.name,
      Title: menu.titleKey,
      Icon: menu.icon,
      IsHidden: menu.hidden,
      Roles: menu.roles,
      NoCache: menu.noCache,
      Redirect: menu.redirect,
      ChildrenList: [],
    };
    items.set(menu.id, item);
    const parent = menu.parentId === null ? undefined : items.get(menu.parentId);
    if (parent) parent.ChildrenList.push(item);
    else if (menu.parentId === null) roots.push(item);
  }
  return roots;
}
