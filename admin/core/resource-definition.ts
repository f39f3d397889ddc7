import type { ComponentType } from 'react';
import type { EndpointDefinition, EndpointInput, Permission } from '../../contract/endpoint';
import type { ListResource } from '../../contract/list-query';
import {
  actionLabelKey,
  type MachineAction,
  permitted,
  type StateMachine,
} from '../../contract/state-machine';
import type { EndpointResponse } from '../../src/lib/http';
import type { FilterOption, ResourceColumn } from './resource-list';
import { bulkActions } from './row-actions';
import type { ListPage } from './use-resource-list';

/**
 * A list screen declared as data (DESIGN §9): the contract's list resource, columns by kind
 * (column-kinds.tsx), filter options fetched from endpoints, and actions bound to the machines of
 * contract/machines. ResourceScreen draws it; bespoke screens use its hooks.
 */
export interface ResourceDefinition<Row> {
  list: ListResource;
  /** The screen's route (SPEC §2): its title is the page's heading. */
  path: string;
  rowKey(row: Row): number;
  /** How a row is named in the accessible names of its actions. */
  rowName(row: Row): string;
  columns: ResourceColumn<Row>[];
  /** Options of select, category and entity filters, by filter name. */
  options?: Record<string, OptionSource>;
  /** In display order; destructive ones are drawn last whatever their place. */
  actions?: ActionSpec<Row>[];
  /**
   * Catalogue key of a row action's accessible name, with `{action}`, `{name}` (rowName) and `{id}`
   * (rowKey); default "{action}: {name}". An action may name itself otherwise (`named`).
   */
  actionNamed?: string;
  /** Catalogue prefix of confirmations: `<prefix>.<action>`, with `{count}` rows. */
  confirmPrefix?: string;
  /** Buttons beside the export that open other routes. */
  toolbar?: ToolbarLink[];
  /** Milliseconds after which the page reads again while it shows work under way (a send's progress). */
  refreshWhile?(page: ListPage<Row>): number | false;
}

export interface ToolbarLink {
  /** Catalogue key. */
  label: string;
  to: string;
  permission: Permission;
  primary?: boolean;
}

/** Where a filter's options come from: an endpoint, its input, and how its answer becomes options. */
export interface OptionSource {
  endpoint: EndpointDefinition;
  input: unknown;
  options(data: unknown): FilterOption[];
}

/** An option source checked against its endpoint's types. */
export function optionsFrom<E extends EndpointDefinition>(
  endpoint: E,
  input: EndpointInput<E>,
  options: (data: EndpointResponse<E>) => FilterOption[],
): OptionSource {
  return { endpoint, input, options: options as (data: unknown) => FilterOption[] };
}

/** The call that performs an action on rows. */
export interface ActionCall {
  endpoint: EndpointDefinition;
  input: unknown;
}

/** A bespoke dialog an action opens instead of a call (a reason, a small form). */
export type ActionDialog<Row> = ComponentType<{ rows: Row[]; onClose(): void }>;

/**
 * Opens a route with the row (an edit or detail page with `?id=`): a row button, and a bulk button
 * too when it says where the selection goes (a page taking several ids).
 */
export interface LinkSpec<Row> {
  kind: 'link';
  id: string;
  /** Catalogue key of the text. */
  label: string;
  /** Catalogue key of its accessible name, as ResourceDefinition.actionNamed. */
  named?: string;
  permission: Permission;
  to(row: Row): string;
  bulkTo?(rows: Row[]): string;
  /** Whether the route is any use for the row (an ended coupon has nothing left to edit). */
  offer?(row: Row): boolean;
}

/**
 * The legal, permitted, non-automatic actions of a machine. An action that declares a form is
 * offered only when `dialogs` has a dialog for that form.
 */
export interface MachineSpec<Row> {
  kind: 'machine';
  machine: StateMachine;
  state(row: Row): string;
  call(action: MachineAction, ids: number[]): ActionCall | null;
  /** Further conditions on each row (e.g. nothing blocks the shelf). */
  offer?(action: MachineAction, row: Row, page: ListPage<Row> | undefined): boolean;
  dialogs?: Record<string, ActionDialog<Row>>;
  /** Offered on the selection too (default true). */
  bulk?: boolean;
}

/** A call or dialog that is not a machine's transition (copy, mark handled, a remark). */
export interface CommandSpec<Row> {
  kind: 'command';
  id: string;
  /** Catalogue key of the text. */
  label: string;
  /** Catalogue key of its accessible name, as ResourceDefinition.actionNamed. */
  named?: string;
  permission: Permission;
  destructive?: boolean;
  /** Catalogue key of a confirmation, with `{count}` rows. */
  confirm?: string;
  /** Whether it changes a row; on a selection it is offered when it changes one row at least. */
  offer?(row: Row, page: ListPage<Row> | undefined): boolean;
  call?(ids: number[]): ActionCall;
  dialog?: ActionDialog<Row>;
  /** Row buttons, bulk buttons or both (default the row's). */
  on?: 'row' | 'bulk' | 'both';
}

export type ActionSpec<Row> = LinkSpec<Row> | MachineSpec<Row> | CommandSpec<Row>;

/** One action offered on some rows, before the screen binds it to a click. */
export interface OfferedAction<Row> {
  /** Unique among the offers (`<machine>.<action>` or the spec's id). */
  id: string;
  /** Catalogue key of the text. */
  label: string;
  destructive: boolean;
  /** Catalogue key of the confirmation, when asked first. */
  confirm?: string;
  /** Catalogue key of its accessible name on a row, when it has its own. */
  named?: string;
  spec: ActionSpec<Row>;
  action?: MachineAction;
}

/**
 * The actions offered on `rows`: one row gives its row buttons, several the bulk toolbar, from the
 * same rules (legal for every row and a change for one, permitted, not automatic, offered).
 */
export function offeredActions<Row>(
  definition: Pick<ResourceDefinition<Row>, 'actions' | 'confirmPrefix' | 'list'>,
  rows: readonly Row[],
  granted: ReadonlySet<string>,
  page?: ListPage<Row>,
): OfferedAction<Row>[] {
  if (rows.length === 0) return [];
  const single = rows.length === 1;
  const confirmPrefix = definition.confirmPrefix ?? `${definition.list.resource}.confirm`;
  return (definition.actions ?? []).flatMap((spec): OfferedAction<Row>[] => {
    if (spec.kind === 'link')
      return (single || spec.bulkTo) &&
        permitted(spec.permission, granted) &&
        (!spec.offer || rows.every((row) => spec.offer!(row)))
        ? [{ id: spec.id, label: spec.label, destructive: false, named: spec.named, spec }]
        : [];
    if (spec.kind === 'command') {
      const on = spec.on ?? 'row';
      if (!permitted(spec.permission, granted) || on === (single ? 'bulk' : 'row')) return [];
      if (spec.offer && !rows.some((row) => spec.offer!(row, page))) return [];
      const { id, label, confirm, named } = spec;
      return [{ id, label, destructive: spec.destructive ?? false, confirm, named, spec }];
    }
    if (!single && spec.bulk === false) return [];
    return bulkActions(spec.machine, rows.map(spec.state), granted)
      .filter((action) => !action.form || spec.dialogs?.[action.form])
      .filter((action) => !spec.offer || rows.every((row) => spec.offer!(action, row, page)))
      .map((action) => ({
        id: `${spec.machine.id}.${action.name}`,
        label: actionLabelKey(spec.machine, action.name),
        destructive: action.destructive ?? false,
        confirm: action.confirm && !action.form ? `${confirmPrefix}.${action.name}` : undefined,
        spec,
        action,
      }));
  });
}
