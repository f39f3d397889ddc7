import { useMemo } from 'react';
import { useSessionStore } from '../stores/session-store';
import { buildPermittedRoutes, flattenRoutes, type PermittedRoute } from './route-model';

export interface PermittedRoutes {
  tree: PermittedRoute[];
  byPath: Map<string, PermittedRoute>;
}

/** The account's routes from MenuList and roles, rebuilt only when either changes. */
export function usePermittedRoutes(): PermittedRoutes {
  const menus = useSessionStore((state) => state.menus);
  const roles = useSessionStore((state) => state.roles);
  return useMemo(() => {
    const tree = buildPermittedRoutes(menus, roles);
    return { tree, byPath: flattenRoutes(tree) };
  }, [menus, roles]);
}
