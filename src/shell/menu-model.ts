import type { PermittedRoute } from '../app/route-model';

/** What the sidebar draws for a route: a link, or a group of entries. */
export type SidebarEntry =
  | { kind: 'link'; path: string; titleKey: string; icon: string }
  | { kind: 'group'; path: string; titleKey: string; icon: string; children: SidebarEntry[] };

/**
 * vue-element-admin's rule: hidden routes are left out; a parent with exactly one visible child and
 * no grandchildren shows that child in its place (keeping the parent's icon when the child has none).
 */
export function sidebarEntries(routes: readonly PermittedRoute[]): SidebarEntry[] {
  const entries: SidebarEntry[] = [];
  for (const route of routes) {
    if (route.hidden) continue;
    const visible = route.children.filter((child) => !child.hidden);
    if (route.children.length === 0) {
      entries.push({ kind: 'link', path: route.path, titleKey: route.titleKey, icon: route.icon });
      continue;
    }
    if (visible.length === 0) continue;
    const only = visible[0]!;
    if (visible.length === 1 && only.children.every((child) => child.hidden)) {
      entries.push({ kind: 'link', path: only.path, titleKey: only.titleKey, icon: only.icon || route.icon });
      continue;
    }
    entries.push({
      kind: 'group',
      path: route.path,
      titleKey: route.titleKey,
      icon: route.icon,
      children: sidebarEntries(visible),
    });
  }
  return entries;
}

/** Group paths that contain `activePath`, so they start opened. */
export function openGroupsFor(activePath: string, entries: readonly SidebarEntry[]): string[] {
  const open: string[] = [];
  const walk = (list: readonly SidebarEntry[]): boolean => {
    for (const entry of list) {
      if (entry.kind === 'link') {
        if (entry.path === activePath) return true;
      } else if (entry.path === activePath || walk(entry.children)) {
        open.push(entry.path);
        return true;
      }
    }
    return false;
  };
  walk(entries);
  return open;
}

/** Links under a group, depth first (the collapsed sidebar's popup lists them). */
export function groupLinks(entry: SidebarEntry): { path: string; titleKey: string; depth: number }[] {
  if (entry.kind === 'link') return [{ path: entry.path, titleKey: entry.titleKey, depth: 0 }];
  return entry.children.flatMap((child) =>
    child.kind === 'link'
      ? [{ path: child.path, titleKey: child.titleKey, depth: 0 }]
      : groupLinks(child).map((link) => ({ ...link, depth: link.depth + 1 })),
  );
}

/** SPEC §9 back-to-top: steps start at 10 px and grow by 10 px each 10 ms tick until the top. */
export const BACK_TO_TOP_FIRST_STEP = 10;
export const BACK_TO_TOP_TICK_MS = 10;

export function backToTopPositions(start: number): number[] {
  const positions: number[] = [];
  let position = start;
  let step = BACK_TO_TOP_FIRST_STEP;
  while (position > 0) {
    position = Math.max(0, position - step);
    positions.push(position);
    step += BACK_TO_TOP_FIRST_STEP;
  }
  return positions;
}
