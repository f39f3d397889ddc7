import { sql } from 'drizzle-orm';
import { flattenMenuTree, MENU_TREE, type MenuNode } from '../../contract/menu-tree';
import { forgetMenuTable } from '../auth/menus';
import type { Database } from './client';
import { menus } from './schema';

/**
 * Brings the menus table in line with the route tree: inserts new paths, updates changed ones.
 * Ids stay stable by path, so grants survive new releases. Runs at every start.
 */
export async function syncMenus(
  db: Database,
  tree: readonly MenuNode[] = MENU_TREE,
): Promise<Map<string, number>> {
  const flat = flattenMenuTree(tree);
  const values = flat.map((entry, index) => ({
    path: entry.path,
    name: entry.name,
    titleKey: entry.titleKey,
    icon: entry.node.icon ?? '',
    hidden: entry.node.hidden ?? false,
    roles: [...(entry.node.roles ?? [])],
    noCache: entry.node.noCache ?? false,
    redirect: entry.node.redirect ? `${entry.path}/${entry.node.redirect}` : '',
    sort: index,
  }));
  const rows = await db
    .insert(menus)
    .values(values)
    .onConflictDoUpdate({
      target: menus.path,
      set: {
        name: sql`excluded.name`,
        titleKey: sql`excluded.title_key`,
        icon: sql`excluded.icon`,
        hidden: sql`excluded.hidden`,
        roles: sql`excluded.roles`,
        noCache: sql`excluded.no_cache`,
        redirect: sql`excluded.redirect`,
        sort: sql`excluded.sort`,
      },
    })
    .returning({ id: menus.id, path: menus.path });
  const ids = new Map(rows.map((row) => [row.path, row.id]));
  // A menu's parent is the menu whose path is its own minus the last segment.
  await db.execute(sql`
    update menus m set parent_id = p.id
      from menus p
     where p.path = regexp_replace(m.path, '/[^/]+$', '')
       and m.parent_id is distinct from p.id`);
  forgetMenuTable(db);
  return ids;
}

/** Menu paths covered by a list of grant prefixes, with their ancestors so the tree nests. */
export function pathsForPrefixes(allPaths: readonly string[], prefixes: readonly string[]): string[] {
  const covered = new Set<string>();
  for (const path of allPaths) {
    const matches = prefixes.some(
      (prefix) => prefix === '/' || path === prefix || path.startsWith(`${prefix}/`),
    );
    if (!matches) continue;
    const segments = path.split('/').filter(Boolean);
    for (let depth = 1; depth <= segments.length; depth += 1)
      covered.add(`/${segments.slice(0, depth).join('/')}`);
  }
  return allPaths.filter((path) => covered.has(path));
}
