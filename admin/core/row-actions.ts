import type { MenuItem } from '../../contract/endpoints/user';
import {
  type MachineAction,
  permitted,
  type StateMachine,
  transitionOutcome,
} from '../../contract/state-machine';

/** The menu paths an account was granted, from the MenuList the server sent at login. */
export function grantedPathsFromMenus(menus: readonly MenuItem[]): Set<string> {
  const paths = new Set<string>();
  const walk = (items: readonly MenuItem[], parent: string) => {
    for (const item of items) {
      const path = item.Path.startsWith('/') ? item.Path : `${parent}/${item.Path}`;
      paths.add(path);
      walk(item.ChildrenList, path);
    }
  };
  walk(menus, '');
  return paths;
}

/**
 * The actions a bulk toolbar offers for the selected rows' states: permitted, never automatic,
 * legal or already done for every row, and a change for at least one.
 */
export function bulkActions(
  machine: StateMachine,
  states: readonly string[],
  grantedPaths: ReadonlySet<string>,
): MachineAction[] {
  if (states.length === 0) return [];
  return machine.actions.filter((action) => {
    if (action.automatic || !permitted(action.permission, grantedPaths)) return false;
    const outcomes = states.map((state) => transitionOutcome(machine, state, action.name));
    return !outcomes.includes('illegal') && outcomes.includes('change');
  });
}
