import { asc, eq } from 'drizzle-orm';
import type { MenuItem } from '../../contract/endpoints/user';
import type { Database } from '../db/client';
import { grants, menus } from '../db/schema';

/** The account's granted menus as the nested MenuList of SPEC §3, in tree order. */
export async function menuListFor(db: Database, accountId: number): Promise<MenuItem[]> {
  const rows = await db
    .select({ menu: menus })
    .from(grants)
    .innerJoin(menus, eq(menus.id, grants.menuId))
    .where(eq(grants.accountId, accountId))
    .orderBy(asc(menus.sort));
  const items = new Map<number, MenuItem & { parentId: number | null }>();
  for (const { menu } of rows) {
    items.set(menu.id, {
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
      parentId: menu.parentId,
    });
  }
  const roots: MenuItem[] = [];
  for (const item of items.values()) {
    const { parentId, ...menuItem } = item;
    const parent = parentId === null ? undefined : items.get(parentId);
    if (parent) parent.ChildrenList.push(menuItem);
    else if (parentId === null) roots.push(menuItem);
  }
  return roots;
}
