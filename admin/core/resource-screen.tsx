import { Button, Heading, Stack } from '@chakra-ui/react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { EndpointDefinition, EndpointInput } from '../../contract/endpoint';
import { flattenMenuTree } from '../../contract/menu-tree';
import { permitted } from '../../contract/state-machine';
import { callEndpoint } from '../../src/lib/http';
import { confirmDialog, showToast } from '../../src/lib/notify';
import { endpointQuery, invalidateAreas } from '../../src/lib/query-options';
import type {
  ActionCall,
  ActionDialog,
  OfferedAction,
  OptionSource,
  ResourceDefinition,
} from './resource-definition';
import { offeredActions } from './resource-definition';
import { type FilterOption, ResourceList } from './resource-list';
import type { ActionItem } from './row-action-layout';
import { type ListPage, useGrantedPaths, useResourceList } from './use-resource-list';

const ROUTE_TITLES = new Map(flattenMenuTree().map((entry) => [entry.path, `route.${entry.titleKey}`]));

/** The title of a route of SPEC §2, as the menu, the tags and the browser tab show it. */
export function useRouteTitle(path: string): string {
  const intl = useIntl();
  const key = ROUTE_TITLES.get(path);
  return key ? intl.formatMessage({ id: key }) : path;
}

/** Every filter's options, each fetched from its endpoint (empty until it answers). */
export function useFilterOptions(sources: Record<string, OptionSource> = {}): Record<string, FilterOption[]> {
  const entries = Object.entries(sources);
  const results = useQueries({
    queries: entries.map(([, source]) =>
      endpointQuery(source.endpoint, source.input as EndpointInput<EndpointDefinition>),
    ),
  });
  const data = results.map((result) => result.data);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the answers, not the result objects, decide the options
  return useMemo(
    () =>
      Object.fromEntries(
        entries.map(([name, source], index) => [name, data[index] ? source.options(data[index]) : []]),
      ),
    [...data],
  );
}

/**
 * Runs a call the screen's actions ask for: the confirmation first when there is one, a toast when
 * done, then every read of the areas of the call and of the list refetches. False when the person
 * cancelled or the server refused (the HTTP layer has shown why).
 */
export function useRunCall(listEndpoint: EndpointDefinition) {
  const intl = useIntl();
  const client = useQueryClient();
  return async (call: ActionCall, confirm?: { key: string; count: number; destructive: boolean }) => {
    if (confirm) {
      const confirmed = await confirmDialog({
        title: intl.formatMessage({ id: 'engine.confirmTitle' }),
        message: intl.formatMessage({ id: confirm.key }, { count: confirm.count }),
        confirmText: intl.formatMessage({
          id: confirm.destructive ? 'engine.confirmDestructive' : 'engine.confirm',
        }),
        cancelText: intl.formatMessage({ id: 'engine.cancel' }),
      });
      if (!confirmed) return false;
    }
    try {
      await callEndpoint(call.endpoint, call.input as EndpointInput<EndpointDefinition>);
    } catch {
      return false;
    }
    showToast('success', intl.formatMessage({ id: 'engine.actionDone' }));
    await invalidateAreas(client, call.endpoint, listEndpoint);
    return true;
  };
}

/**
 * A definition's actions bound to clicks: the row buttons of a row, the bulk buttons of a
 * selection, and the dialog an action opened. Bespoke screens use it with their own ResourceList.
 */
export function useResourceActions<Row>(
  definition: ResourceDefinition<Row>,
  page: ListPage<Row> | undefined,
) {
  const intl = useIntl();
  const navigate = useNavigate();
  const granted = useGrantedPaths();
  const runCall = useRunCall(definition.list.list);
  const [open, setOpen] = useState<{ Dialog: ActionDialog<Row>; rows: Row[] } | null>(null);

  const perform = async (offer: OfferedAction<Row>, rows: Row[]): Promise<boolean> => {
    const { spec, action } = offer;
    if (spec.kind === 'link') {
      navigate(rows.length === 1 || !spec.bulkTo ? spec.to(rows[0]!) : spec.bulkTo(rows));
      return false;
    }
    const Dialog = spec.kind === 'machine' ? action?.form && spec.dialogs?.[action.form] : spec.dialog;
    if (Dialog) {
      setOpen({ Dialog, rows });
      return false;
    }
    const ids = rows.map(definition.rowKey);
    const call = spec.kind === 'machine' ? spec.call(action!, ids) : spec.call?.(ids);
    if (!call) return false;
    const confirm = offer.confirm
      ? { key: offer.confirm, count: ids.length, destructive: offer.destructive }
      : undefined;
    return runCall(call, confirm);
  };

  const label = (offer: OfferedAction<Row>) => intl.formatMessage({ id: offer.label });
  return {
    row: (row: Row): ActionItem[] =>
      offeredActions(definition, [row], granted, page).map((offer) => ({
        id: offer.id,
        label: label(offer),
        name: intl.formatMessage(
          { id: offer.named ?? definition.actionNamed ?? 'engine.actionNamed' },
          { action: label(offer), name: definition.rowName(row), id: definition.rowKey(row) },
        ),
        destructive: offer.destructive,
        run: () => void perform(offer, [row]),
      })),
    bulk: (rows: Row[], clear: () => void): ActionItem[] =>
      offeredActions(definition, rows, granted, page).map((offer) => ({
        id: offer.id,
        label: label(offer),
        name: label(offer),
        destructive: offer.destructive,
        run: async () => {
          if (await perform(offer, rows)) clear();
        },
      })),
    dialog: open && <open.Dialog rows={open.rows} onClose={() => setOpen(null)} />,
  };
}

/** The bulk toolbar's buttons. */
export function BulkButtons({ items }: { items: ActionItem[] }) {
  return items.map((item) => (
    <Button
      key={item.id}
      size="xs"
      variant="outline"
      colorPalette={item.destructive ? 'red' : 'brand'}
      aria-label={item.name}
      onClick={item.run}
    >
      {item.label}
    </Button>
  ));
}

/** A list screen drawn from its definition; `children` go under the list (e.g. a bespoke dialog). */
export function ResourceScreen<Row>({
  definition,
  keep,
  scope,
  header,
  children,
}: {
  definition: ResourceDefinition<Row>;
  /** URL parameters that are not the list's own but must survive its changes. */
  keep?: Readonly<Record<string, string>>;
  /** URL parameters that narrow the list's calls (the record a hidden list page is about). */
  scope?: Readonly<Record<string, string>>;
  /** Shown between the heading and the list (figures over the rows, say). */
  header?: ReactNode;
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  const granted = useGrantedPaths();
  const list = useResourceList<Row>(definition.list, keep, scope, definition.refreshWhile);
  const filterOptions = useFilterOptions(definition.options);
  const actions = useResourceActions(definition, list.result.data);
  const hasBulk =
    definition.actions?.some((spec) =>
      spec.kind === 'machine'
        ? spec.bulk !== false
        : spec.kind === 'command' && spec.on !== undefined && spec.on !== 'row',
    ) ?? false;
  const toolbar = (definition.toolbar ?? []).filter((link) => permitted(link.permission, granted));
  return (
    <Stack gap="4" padding="5">
      <Heading as="h1" size="lg">
        {useRouteTitle(definition.path)}
      </Heading>
      {header}
      <ResourceList<Row>
        resource={definition.list}
        columns={definition.columns}
        rowKey={definition.rowKey}
        rowName={definition.rowName}
        {...list}
        scope={scope}
        filterOptions={filterOptions}
        toolbar={toolbar.map((link) => (
          <Button
            key={link.to}
            size="sm"
            variant={link.primary ? 'solid' : 'outline'}
            colorPalette={link.primary ? 'brand' : undefined}
            onClick={() => navigate(link.to)}
          >
            <FormattedMessage id={link.label} />
          </Button>
        ))}
        actions={definition.actions ? actions.row : undefined}
        bulkActions={hasBulk ? (rows, clear) => <BulkButtons items={actions.bulk(rows, clear)} /> : undefined}
      />
      {actions.dialog}
      {children}
    </Stack>
  );
}
