import { asc } from 'drizzle-orm';
import type { MenuItem } from '../../contract/endpoints/user';
import type { Database } from '../db/client';
import { menus } from '../db/schema';

type MenuRow = typeof menus.$inferSelect;

// The menus table only changes when a release syncs it at start, so each process reads it once
// per database and every request maps granted menu ids through this copy instead of joining.
const menuTables = new WeakMap<Database, Promise<Map<number, MenuRow>>>();

export function menuTable(db: Database): Promise<Map<number, MenuRow>> {
  let table = menuTables.get(db);
  if (!table) {
    table = db
      .select()
      .from(menus)
      .orderBy(asc(menus.sort))
      .then((rows) => new Map(rows.map((row) => [row.id, row])));
    table.catch(() => menuTables.delete(db));
    menuTables.set(db, table);
  }
  return table;
}

/** Forgets the cached menus (after a sync rewrites them). */
export function forgetMenuTable(db: Database): void {
  menuTables.delete(db);
}

export async function grantedPathsOf(db: Database, menuIds: readonly number[]): Promise<Set<string>> {
  const table = await menuTable(db);
  const paths = new Set<string>();
  for (const id of menuIds) {
    const menu = table.get(id);
    if (menu) paths.add(menu.path);
  }
  return paths;
}

/** The granted menus as the nested MenuList of SPEC §3, in tree order. */
export async function menuListFor(db: Database, menuIds: readonly number[]): Promise<MenuItem[]> {
  const table = await menuTable(db);
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
