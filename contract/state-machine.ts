import type { Permission } from './endpoint';

/**
 * One transition of a state machine, declared as data so that the server enforces it and the
 * client draws its buttons from the same declaration.
 */
export interface MachineAction<State extends string = string, Name extends string = string> {
  name: Name;
  from: readonly State[];
  to: State;
  /** Menu path the caller must be granted (or 'session' for any logged-in account). */
  permission: Permission;
  /** Ask before doing it. */
  confirm?: boolean;
  /** Loses or hides data: the confirmation is styled as dangerous. */
  destructive?: boolean;
  /** Name of a small form (a zod schema exported beside the machine) the action needs, e.g. a reason. */
  form?: string;
  /** Done by the server as a side effect of another write, never offered as a button. */
  automatic?: boolean;
}

/** A value's short label in each interface language. */
export interface DisplayLabel {
  zh: string;
  en: string;
}

export interface StateMachine<State extends string = string, Name extends string = string> {
  /** Stable id; also the prefix of the i18n keys of its states and actions (`<id>.state.<s>`). */
  id: string;
  states: readonly State[];
  initial: State;
  /**
   * Each state's short label, fit for a badge, a filter or a tab ("Draft"), served by
   * GetEnumForType; a machine that call answers must have them. The server's catalogue keys
   * (`<id>.state.<s>`) keep the form that reads inside its messages ("… is a draft").
   */
  labels?: Readonly<Partial<Record<string, DisplayLabel>>>;
  actions: readonly MachineAction<State, Name>[];
}

/** A machine as declared: when it has labels, every state has one. */
export function defineMachine<const State extends string, const Name extends string>(
  machine: StateMachine<State, Name> & { labels?: Readonly<Record<State, DisplayLabel>> },
): StateMachine<State, Name> {
  return machine;
}

export function findAction<State extends string, Name extends string>(
  machine: StateMachine<State, Name>,
  action: string,
): MachineAction<State, Name> | undefined {
  return machine.actions.find((candidate) => candidate.name === action);
}

/** Whether `action` may be taken from `state` (permissions aside). Unknown states and actions: no. */
export function can<State extends string, Name extends string>(
  machine: StateMachine<State, Name>,
  state: string,
  action: string,
): boolean {
  const found = findAction(machine, action);
  return found !== undefined && (found.from as readonly string[]).includes(state);
}

/** The state after `action`, or null when the action is not legal from `state`. */
export function nextState<State extends string, Name extends string>(
  machine: StateMachine<State, Name>,
  state: string,
  action: string,
): State | null {
  return can(machine, state, action) ? findAction(machine, action)!.to : null;
}

/**
 * What a bulk action does to one row: `change` when legal, `unchanged` when the row is already in
 * the action's target state (bulk calls skip it), `illegal` otherwise.
 */
export function transitionOutcome<State extends string, Name extends string>(
  machine: StateMachine<State, Name>,
  state: string,
  action: string,
): 'change' | 'unchanged' | 'illegal' {
  if (can(machine, state, action)) return 'change';
  return findAction(machine, action)?.to === state ? 'unchanged' : 'illegal';
}

export function permitted(permission: Permission, grantedPaths: ReadonlySet<string>): boolean {
  if (permission === 'public' || permission === 'session') return true;
  return grantedPaths.has(permission);
}

/** Actions a caller with `grantedPaths` may offer as buttons in `state` (automatic ones excluded). */
export function legalActions<State extends string, Name extends string>(
  machine: StateMachine<State, Name>,
  state: string,
  grantedPaths: ReadonlySet<string>,
): MachineAction<State, Name>[] {
  return machine.actions.filter(
    (action) =>
      !action.automatic &&
      (action.from as readonly string[]).includes(state) &&
      permitted(action.permission, grantedPaths),
  );
}

/** i18n keys for a machine's state and action names (shared by the server's messages and the client). */
export function stateLabelKey(machine: StateMachine, state: string): string {
  return `${machine.id}.state.${state}`;
}

export function actionLabelKey(machine: StateMachine, action: string): string {
  return `${machine.id}.action.${action}`;
}
