import {
  Badge,
  Box,
  Button,
  Checkbox,
  EmptyState,
  Flex,
  HStack,
  IconButton,
  Input,
  Menu,
  NativeSelect,
  Portal,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { EndpointDefinition, EndpointInput } from '../../contract/endpoint';
import type { ListFilter, ListResource } from '../../contract/list-query';
import { useControlSize } from '../../src/lib/control-size';
import { type EnumLabels, useEnumLabels, useEnumsPending } from '../../src/lib/enum-values';
import { downloadFile } from '../../src/lib/file-download';
import { readHiddenColumns, toggleColumn, writeHiddenColumns } from './column-prefs';
import { DateRangeField } from './date-range-field';
import { exportQuery, type ListState, nextSort, PAGE_SIZES, sameFilters } from './list-state';
import { ResourceRows } from './resource-rows';
import type { ActionItem } from './row-action-layout';
import { renderActionLine, useRowMoreMenu } from './row-action-line';
import { type CellStyles, ROW_DENSITY, useRowStyles } from './row-styles';
import type { ListPage } from './use-resource-list';

/** Pages with more rows than this render only the rows in view (SPEC: virtualised above 200). */
export const VIRTUAL_ROWS_ABOVE = 200;

export interface ResourceColumn<Row> {
  id: string;
  /** Catalogue key of the header. */
  header: string;
  /** The list's sort field this column sorts by. */
  sortField?: string;
  cell(row: Row): ReactNode;
  align?: 'start' | 'end';
  width?: string;
  /**
   * Rules for this column's body cells. Cells of long lists should render plain elements styled
   * from here (and row-parts.tsx) rather than Chakra components, which cost a recipe per mount.
   */
  cellStyles?: CellStyles;
  /**
   * GetEnumForType types this column's cells take labels from: the list draws its placeholder rows
   * until they answer, so a first load never shows raw codes.
   */
  enumTypes?: readonly string[];
}

export interface FilterOption {
  value: string;
  label: string;
}

export interface ResourceListProps<Row> {
  resource: ListResource;
  columns: ResourceColumn<Row>[];
  rowKey(row: Row): number;
  state: ListState;
  setState(state: ListState): void;
  change(change: Partial<Omit<ListState, 'page'>>): void;
  setPage(page: number): void;
  result: {
    data?: ListPage<Row>;
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    refetch(): unknown;
  };
  /** Options of select, category and entity filters, by filter name. */
  filterOptions?: Record<string, FilterOption[]>;
  /** A row's actions, drawn on one line as text links with the overflow under "more". */
  actions?(row: Row): ActionItem[];
  /** How a row is named in the accessible names of its actions (default: its key). */
  rowName?(row: Row): string;
  /** Bespoke row actions, for lists whose actions are not ActionItems; `actions` wins. */
  rowActions?(row: Row): ReactNode;
  /** The toolbar shown while rows are selected. */
  bulkActions?(rows: Row[], clear: () => void): ReactNode;
  /** Buttons beside the export (e.g. "add"). */
  toolbar?: ReactNode;
  /** Row count above which only the rows in view are rendered. */
  virtualizeAbove?: number;
  /** Parameters narrowing every call of the list, its export included (useResourceList's scope). */
  scope?: Readonly<Record<string, string>>;
}

function FilterControl({
  filter,
  prefix,
  values,
  setValue,
  options,
}: {
  filter: ListFilter;
  prefix: string;
  values: Record<string, string>;
  setValue(param: string, value: string): void;
  options?: FilterOption[];
}) {
  const intl = useIntl();
  const enumLabels = useEnumLabels(filter.enumType);
  const label = intl.formatMessage({ id: `${prefix}.filter.${filter.name}` });
  const [first, second] = filter.params;
  if (filter.kind === 'text')
    return (
      <Input
        size="sm"
        width="56"
        bg="bg"
        aria-label={label}
        placeholder={label}
        value={values[first!] ?? ''}
        onChange={(event) => setValue(first!, event.target.value)}
      />
    );
  if (filter.kind === 'dateRange')
    return (
      <DateRangeField
        label={label}
        showLabel
        value={{ from: values[first!] ?? '', to: values[second!] ?? '' }}
        onChange={(range) => {
          setValue(first!, range.from);
          setValue(second!, range.to);
        }}
      />
    );
  if (filter.kind === 'numberRange' || filter.kind === 'moneyRange') {
    const inputMode = filter.kind === 'moneyRange' ? 'decimal' : 'numeric';
    return (
      <HStack gap="1">
        <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap">
          {label}
        </Text>
        {[first!, second!].map((param, index) => (
          <Input
            key={param}
            size="sm"
            width="24"
            bg="bg"
            inputMode={inputMode}
            aria-label={intl.formatMessage(
              { id: index === 0 ? 'engine.rangeFrom' : 'engine.rangeTo' },
              { label },
            )}
            placeholder={intl.formatMessage({ id: index === 0 ? 'engine.min' : 'engine.max' })}
            value={values[param] ?? ''}
            onChange={(event) => setValue(param, event.target.value)}
          />
        ))}
      </HStack>
    );
  }
  const choices: FilterOption[] =
    filter.kind === 'boolean'
      ? [
          { value: 'true', label: intl.formatMessage({ id: 'engine.yes' }) },
          { value: 'false', label: intl.formatMessage({ id: 'engine.no' }) },
        ]
      : filter.enumType
        ? enumLabels.values
            .filter((entry) => !filter.options || filter.options.includes(String(entry.Value)))
            .map((entry) => ({ value: String(entry.Value), label: enumLabels.label(entry.Value) }))
        : (options ??
          (filter.options ?? []).map((option) => ({
            value: option,
            label: intl.formatMessage({ id: `${prefix}.filter.${filter.name}.${option}` }),
          })));
  return (
    <NativeSelect.Root size="sm" width="44">
      <NativeSelect.Field
        bg="bg"
        aria-label={label}
        value={values[first!] ?? ''}
        onChange={(event) => setValue(first!, event.target.value)}
      >
        <option value="">{intl.formatMessage({ id: 'engine.anyOf' }, { label })}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

const NO_ROWS: never[] = [];

/**
 * A status tab's name: a value of the tabs' enum type takes its label, `all` and tabs that are no
 * value of it (e.g. "refunding") their catalogue key. Until the labels answer, a placeholder.
 */
function TabLabel({
  tab,
  prefix,
  enumLabels,
}: {
  tab: string;
  prefix: string;
  enumLabels: EnumLabels | null;
}) {
  if (!enumLabels || tab === 'all') return <FormattedMessage id={`${prefix}.tab.${tab}`} />;
  if (enumLabels.pending) return <Skeleton as="span" display="inline-block" height="1em" width="3em" />;
  return enumLabels.values.some((entry) => String(entry.Value) === tab) ? (
    enumLabels.label(tab)
  ) : (
    <FormattedMessage id={`${prefix}.tab.${tab}`} />
  );
}

/**
 * A list screen driven by a resource descriptor: filter bar, status tabs with counts, sortable
 * columns with a persisted chooser, selection with bulk actions, paging, export, and the loading,
 * empty and error states.
 */
export function ResourceList<Row>(props: ResourceListProps<Row>) {
  const { resource, columns, state, result } = props;
  const intl = useIntl();
  const prefix = resource.resource;
  const [draft, setDraft] = useState(state.filters);
  const [chosen, setSelected] = useState<number[]>([]);
  const [hidden, setHidden] = useState(() =>
    readHiddenColumns(
      localStorage,
      prefix,
      columns.map((column) => column.id),
    ),
  );
  const [exporting, setExporting] = useState(false);
  const [shownFilters, setShownFilters] = useState(state.filters);
  // The URL is the truth: back/forward brings its filters back into the inputs. Only a change of
  // their values does: a re-render with the same filters must not wipe what is being typed.
  if (!sameFilters(shownFilters, state.filters)) {
    setShownFilters(state.filters);
    setDraft(state.filters);
  }
  const tabLabels = useEnumLabels(resource.tabs?.enumType);
  const enumTypes = useMemo(
    () => [...new Set(columns.flatMap((column) => column.enumTypes ?? []))],
    [columns],
  );
  const labelsPending = useEnumsPending(enumTypes);
  // Rows wait for their labels as they wait for themselves: placeholders, then the whole row.
  const waiting = result.isPending || labelsPending;
  const rows = labelsPending ? NO_ROWS : (result.data?.Data ?? NO_ROWS);
  const rowIds = rows.map(props.rowKey);
  // Rows that left the page (another page, a filter, a delete) are no longer selected.
  const selected = chosen.filter((id) => rowIds.includes(id));
  // Stable between renders of the list, so the memoised rows are not drawn again.
  const shown = useMemo(() => columns.filter((column) => !hidden.includes(column.id)), [columns, hidden]);
  const total = result.data?.Total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / state.pageSize));
  const selectedRows = rows.filter((row) => selected.includes(props.rowKey(row)));
  const allSelected = rows.length > 0 && selected.length === rows.length;
  const virtual = rows.length > (props.virtualizeAbove ?? VIRTUAL_ROWS_ABOVE);
  // State, not a ref: the body's virtualiser reads it before a parent's ref would be attached.
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const more = useRowMoreMenu();
  const size = useControlSize();
  const rowStyles = useRowStyles(columns, virtual, size);
  const { actions, rowName, rowKey } = props;
  const { line } = more;
  const rowActions = useMemo(
    () =>
      actions
        ? (row: Row) => {
            const key = rowKey(row);
            return renderActionLine(actions(row), { key, name: rowName?.(row) ?? String(key) }, line);
          }
        : props.rowActions,
    [actions, rowName, rowKey, line, props.rowActions],
  );
  const toggleRow = useCallback(
    (key: number, checked: boolean) =>
      setSelected((current) => (checked ? [...current, key] : current.filter((id) => id !== key))),
    [],
  );

  const setColumns = (next: string[]) => {
    setHidden(next);
    writeHiddenColumns(localStorage, prefix, next);
  };
  const exportAs = async (format: 'xlsx' | 'csv') => {
    if (!resource.export) return;
    setExporting(true);
    try {
      await downloadFile(resource.export, {
        ...exportQuery(state, resource),
        ...props.scope,
        format,
      } as EndpointInput<EndpointDefinition>);
    } catch {
      // The HTTP layer already showed the server's message.
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="3">
      {/* A list without filters (a short list inside another page) has no search to offer. */}
      {resource.filters.length > 0 && (
        <Box
          as="form"
          bg="bg"
          borderRadius="md"
          borderWidth="1px"
          padding="3"
          role="search"
          aria-label={intl.formatMessage({ id: 'engine.filters' })}
          onSubmit={(event) => {
            event.preventDefault();
            props.change({ filters: draft });
          }}
        >
          <Flex gap="3" wrap="wrap" align="center">
            {resource.filters.map((filter) => (
              <FilterControl
                key={filter.name}
                filter={filter}
                prefix={prefix}
                values={draft}
                options={props.filterOptions?.[filter.name]}
                setValue={(param, value) => setDraft((current) => ({ ...current, [param]: value }))}
              />
            ))}
            <HStack gap="2">
              <Button size="sm" type="submit" colorPalette="brand">
                <FormattedMessage id="engine.search" />
              </Button>
              <Button size="sm" variant="outline" onClick={() => props.change({ filters: {} })}>
                <FormattedMessage id="engine.reset" />
              </Button>
            </HStack>
          </Flex>
        </Box>
      )}

      <Box bg="bg" borderRadius="md" borderWidth="1px" padding="3">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap" marginBottom="2">
          {resource.tabs ? (
            <Tabs.Root
              size="sm"
              variant="line"
              value={state.tab}
              onValueChange={(event) => props.change({ tab: event.value })}
            >
              <Tabs.List>
                {resource.tabs.values.map((tab) => (
                  <Tabs.Trigger key={tab} value={tab}>
                    <TabLabel
                      tab={tab}
                      prefix={prefix}
                      enumLabels={resource.tabs?.enumType ? tabLabels : null}
                    />
                    {/* Lists without counts per tab show none once loaded. */}
                    {(!result.data || result.data.Counts) && (
                      <Badge size="sm" variant="subtle" colorPalette={tab === state.tab ? 'brand' : 'gray'}>
                        {result.data?.Counts?.[tab] ?? '–'}
                      </Badge>
                    )}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
              {/* The rows below are every tab's panel; these give the triggers' aria-controls a target. */}
              {resource.tabs.values.map((tab) => (
                <Tabs.Content key={tab} value={tab} padding="0" />
              ))}
            </Tabs.Root>
          ) : (
            <span />
          )}
          <HStack gap="2">
            {props.toolbar}
            {resource.export && (
              <Menu.Root>
                <Menu.Trigger asChild>
                  <Button size="sm" variant="outline" loading={exporting}>
                    <FormattedMessage id="engine.export" />
                  </Button>
                </Menu.Trigger>
                <Portal>
                  <Menu.Positioner>
                    <Menu.Content>
                      <Menu.Item value="xlsx" onSelect={() => void exportAs('xlsx')}>
                        <FormattedMessage id="engine.exportXlsx" />
                      </Menu.Item>
                      <Menu.Item value="csv" onSelect={() => void exportAs('csv')}>
                        <FormattedMessage id="engine.exportCsv" />
                      </Menu.Item>
                    </Menu.Content>
                  </Menu.Positioner>
                </Portal>
              </Menu.Root>
            )}
            <Menu.Root closeOnSelect={false}>
              <Menu.Trigger asChild>
                <Button size="sm" variant="outline">
                  <FormattedMessage id="engine.columns" />
                </Button>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content>
                    {columns.map((column) => (
                      <Menu.CheckboxItem
                        key={column.id}
                        value={column.id}
                        checked={!hidden.includes(column.id)}
                        onCheckedChange={() =>
                          setColumns(
                            toggleColumn(
                              hidden,
                              column.id,
                              columns.map((entry) => entry.id),
                            ),
                          )
                        }
                      >
                        <FormattedMessage id={column.header} />
                        <Menu.ItemIndicator />
                      </Menu.CheckboxItem>
                    ))}
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          </HStack>
        </Flex>

        {selectedRows.length > 0 && props.bulkActions && (
          <HStack
            gap="2"
            padding="2"
            marginBottom="2"
            bg="brand.subtle"
            borderRadius="md"
            role="toolbar"
            aria-label={intl.formatMessage({ id: 'engine.bulkActions' })}
          >
            <Text fontSize="sm">
              <FormattedMessage id="engine.selected" values={{ count: selectedRows.length }} />
            </Text>
            {props.bulkActions(selectedRows, () => setSelected([]))}
          </HStack>
        )}

        <Box
          ref={setScroller}
          overflowX="auto"
          aria-busy={result.isFetching}
          // A long list always fills its box: a fixed size lets the box contain its layout and paint,
          // so a scroll step lays out and paints the table alone, not the page.
          {...(virtual ? { overflowY: 'auto', height: '70vh', contain: 'strict' } : {})}
        >
          <Table.Root
            size={ROW_DENSITY[size].table}
            interactive
            stickyHeader={virtual}
            css={rowStyles}
            // Only some rows are in the document: the counts tell assistive technology the real size.
            aria-rowcount={virtual ? rows.length + 1 : undefined}
          >
            <Table.Header>
              <Table.Row bg="bg.muted" aria-rowindex={virtual ? 1 : undefined}>
                {props.bulkActions && (
                  <Table.ColumnHeader width="10">
                    <Checkbox.Root
                      size="sm"
                      checked={allSelected ? true : selected.length > 0 ? 'indeterminate' : false}
                      onCheckedChange={(event) => setSelected(event.checked === true ? rowIds : [])}
                    >
                      <Checkbox.HiddenInput aria-label={intl.formatMessage({ id: 'engine.selectAll' })} />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.ColumnHeader>
                )}
                {shown.map((column) => {
                  const field = column.sortField;
                  const direction =
                    field && state.sort === field
                      ? 'ascending'
                      : field && state.sort === `-${field}`
                        ? 'descending'
                        : undefined;
                  return (
                    <Table.ColumnHeader
                      key={column.id}
                      textAlign={column.align}
                      width={column.width}
                      aria-sort={field ? (direction ?? 'none') : undefined}
                    >
                      {field ? (
                        <Button
                          size="xs"
                          variant="ghost"
                          fontWeight="semibold"
                          onClick={() =>
                            props.change({ sort: nextSort(state.sort, field, resource.defaultSort) })
                          }
                        >
                          <FormattedMessage id={column.header} />
                          <span aria-hidden="true">
                            {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
                          </span>
                        </Button>
                      ) : (
                        <FormattedMessage id={column.header} />
                      )}
                    </Table.ColumnHeader>
                  );
                })}
                {rowActions && (
                  <Table.ColumnHeader textAlign="end">
                    <FormattedMessage id="engine.actions" />
                  </Table.ColumnHeader>
                )}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {waiting &&
                Array.from({ length: 5 }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <Table.Row key={index}>
                    <Table.Cell colSpan={shown.length + 2}>
                      <Skeleton height="6" />
                    </Table.Cell>
                  </Table.Row>
                ))}
              <ResourceRows
                rows={rows}
                rowKey={props.rowKey}
                columns={shown}
                selected={selected}
                onToggle={props.bulkActions ? toggleRow : null}
                rowActions={rowActions}
                virtual={virtual}
                scroller={scroller}
              />
            </Table.Body>
          </Table.Root>
          {more.menu}
        </Box>

        {result.isError && (
          <EmptyState.Root size="sm">
            <EmptyState.Content>
              <EmptyState.Title>
                <FormattedMessage id="engine.loadFailed" />
              </EmptyState.Title>
              <Button size="sm" variant="outline" onClick={() => void result.refetch()}>
                <FormattedMessage id="engine.retry" />
              </Button>
            </EmptyState.Content>
          </EmptyState.Root>
        )}
        {!waiting && !result.isError && rows.length === 0 && (
          <EmptyState.Root size="sm">
            <EmptyState.Content>
              <EmptyState.Title>
                <FormattedMessage id="engine.empty" />
              </EmptyState.Title>
            </EmptyState.Content>
          </EmptyState.Root>
        )}

        <Flex justify="flex-end" align="center" gap="3" marginTop="3" wrap="wrap">
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage id="engine.total" values={{ total }} />
          </Text>
          <NativeSelect.Root size="sm" width="28">
            <NativeSelect.Field
              aria-label={intl.formatMessage({ id: 'engine.pageSize' })}
              value={String(state.pageSize)}
              onChange={(event) => props.change({ pageSize: Number(event.target.value) })}
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {intl.formatMessage({ id: 'engine.perPage' }, { size })}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <nav aria-label={intl.formatMessage({ id: 'engine.pagination' })}>
            <HStack gap="1">
              <IconButton
                size="sm"
                variant="outline"
                aria-label={intl.formatMessage({ id: 'engine.previousPage' })}
                disabled={state.page <= 1}
                onClick={() => props.setPage(state.page - 1)}
              >
                <span aria-hidden="true">‹</span>
              </IconButton>
              <Text fontSize="sm" minWidth="16" textAlign="center" aria-live="polite">
                <FormattedMessage id="engine.pageOf" values={{ page: state.page, pages: pageCount }} />
              </Text>
              <IconButton
                size="sm"
                variant="outline"
                aria-label={intl.formatMessage({ id: 'engine.nextPage' })}
                disabled={state.page >= pageCount}
                onClick={() => props.setPage(state.page + 1)}
              >
                <span aria-hidden="true">›</span>
              </IconButton>
            </HStack>
          </nav>
        </Flex>
      </Box>
    </Stack>
  );
}
