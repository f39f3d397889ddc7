import type { MenuItem } from '../../contract/endpoints/user';
import { flattenMenuTree } from '../../contract/menu-tree';
import type { MessageKey } from '../lib/i18n/en';

/** A route the account may open, built from GetUserInfo's MenuList. */
export interface PermittedRoute {
  path: string;
  name: string;
  titleKey: string;
  icon: string;
  hidden: boolean;
  noCache: boolean;
  redirect: string;
  parentPath: string | null;
  children: PermittedRoute[];
}

export const DASHBOARD_PATH = '/dashboard';

export const DASHBOARD_ROUTE: PermittedRoute = {
  path: DASHBOARD_PATH,
  name: 'Dashboard',
  titleKey: 'dashboard',
  icon: 'dashboard',
  hidden: false,
  noCache: false,
  redirect: '',
  parentPath: null,
  children: [],
};

/** Every path of the whole route tree: a known path the account lacks is 401, anything else 404. */
const KNOWN_MENU_PATHS: ReadonlySet<string> = new Set(flattenMenuTree().map((entry) => entry.path));

const FULL_WINDOW_PATHS: ReadonlySet<string> = new Set(
  flattenMenuTree()
    .filter((entry) => entry.node.fullWindow)
    .map((entry) => entry.path),
);

/** Whether the page at a path takes the whole window, its sidebar folded away (the studio). */
export function isFullWindowPath(path: string): boolean {
  return FULL_WINDOW_PATHS.has(normalise(path));
}

/** SPEC §6: a route without roles is open to all; one with roles needs one of them. */
export function rolesAllow(required: readonly string[], held: readonly string[]): boolean {
  return required.length === 0 || required.some((role) => held.includes(role));
}

/** The MenuList filtered by roles; a node the roles exclude takes its children with it. */
export function buildPermittedRoutes(
  menus: readonly MenuItem[],
  roles: readonly string[],
  parentPath: string | null = null,
): PermittedRoute[] {
  return menus
    .filter((menu) => rolesAllow(menu.Roles, roles))
    .map((menu) => ({
      path: menu.Path,
      name: menu.PathName,
      titleKey: menu.Title,
      icon: menu.Icon,
      hidden: menu.IsHidden,
      noCache: menu.NoCache,
      redirect: menu.Redirect,
      parentPath,
      children: buildPermittedRoutes(menu.ChildrenList, roles, menu.Path),
    }));
}

export function flattenRoutes(routes: readonly PermittedRoute[]): Map<string, PermittedRoute> {
  const map = new Map<string, PermittedRoute>();
  const walk = (list: readonly PermittedRoute[]) => {
    for (const route of list) {
      map.set(route.path, route);
      walk(route.children);
    }
  };
  walk(routes);
  return map;
}

/** First visible descendant without children: where a group node leads. */
export function firstLeaf(route: PermittedRoute): PermittedRoute | null {
  for (const child of route.children) {
    if (child.hidden) continue;
    if (child.children.length === 0) return child;
    const leaf = firstLeaf(child);
    if (leaf) return leaf;
  }
  return null;
}

export type Resolution =
  | { kind: 'view'; route: PermittedRoute }
  | { kind: 'redirect'; to: string }
  | { kind: 'forbidden' }
  | { kind: 'notFound' };

function normalise(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** What the layout shows for a path: a view, a group's redirect, 401 or 404. */
export function resolvePath(rawPath: string, permitted: ReadonlyMap<string, PermittedRoute>): Resolution {
  const path = normalise(rawPath);
  if (path === '/') return { kind: 'redirect', to: DASHBOARD_PATH };
  if (path === DASHBOARD_PATH) return { kind: 'view', route: DASHBOARD_ROUTE };
  const route = permitted.get(path);
  if (route) {
    if (route.children.length === 0) return { kind: 'view', route };
    const target = route.redirect ? permitted.get(route.redirect) : undefined;
    const leaf =
      target && target.children.length === 0 ? target : target ? firstLeaf(target) : firstLeaf(route);
    return leaf ? { kind: 'redirect', to: leaf.path } : { kind: 'forbidden' };
  }
  return KNOWN_MENU_PATHS.has(path) ? { kind: 'forbidden' } : { kind: 'notFound' };
}

/** The sidebar item a path lights up: itself, or for a hidden route its nearest visible ancestor. */
export function activeMenuPath(path: string, permitted: ReadonlyMap<string, PermittedRoute>): string {
  let route = permitted.get(normalise(path));
  while (route?.hidden && route.parentPath) route = permitted.get(route.parentPath);
  return route?.path ?? path;
}

/** Breadcrumb trail: Dashboard first, then the route's ancestors and the route itself. */
export function breadcrumbTrail(
  path: string,
  permitted: ReadonlyMap<string, PermittedRoute>,
): { path: string; titleKey: string; redirect: string }[] {
  const trail: { path: string; titleKey: string; redirect: string }[] = [];
  let route = permitted.get(normalise(path));
  while (route) {
    trail.unshift({ path: route.path, titleKey: route.titleKey, redirect: route.redirect });
    route = route.parentPath ? permitted.get(route.parentPath) : undefined;
  }
  const dashboard = { path: DASHBOARD_PATH, titleKey: DASHBOARD_ROUTE.titleKey, redirect: '' };
  return trail[0]?.path === DASHBOARD_PATH ? trail : [dashboard, ...trail];
}

/** SPEC §2: the scroll flag is on for the studio's template and form-data editors. */
export const SCROLL_FLAG_ROUTE_NAMES: ReadonlySet<string> = new Set([
  'ShopDecorateShopEditTemplate',
  'ShopDecorateShopCustomFormDataEdit',
]);

export function routeTitleKey(titleKey: string): MessageKey {
  return `route.${titleKey}` as MessageKey;
}
