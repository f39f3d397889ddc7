import { Checkbox, HStack, Table } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, type ReactNode, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import type { ResourceColumn } from './resource-list';

/** A first guess of a row's height; rendered rows are measured. */
const ESTIMATED_ROW_HEIGHT = 56;

interface RowsProps<Row> {
  rows: Row[];
  rowKey(row: Row): number;
  columns: ResourceColumn<Row>[];
  selected: number[];
  /** Null when the list has no bulk actions (no selection column). */
  onToggle: ((key: number, checked: boolean) => void) | null;
  rowActions?: (row: Row) => ReactNode;
  /** Render only the rows in view of `scroller`. */
  virtual: boolean;
  scroller: RefObject<HTMLDivElement | null>;
}

/**
 * The table body. It owns the virtualiser so that scrolling re-renders only the body, and rows are
 * memoised so that a scroll step mounts just the rows coming into view.
 */
export function ResourceRows<Row>(props: RowsProps<Row>) {
  const { rows, virtual } = props;
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => props.scroller.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    overscan: 8,
    // Before layout (and in tests without layout) the viewport is assumed to be a screen's height.
    initialRect: { width: 1200, height: 800 },
  });
  const items = virtual ? virtualizer.getVirtualItems() : [];
  const columnCount = props.columns.length + (props.onToggle ? 1 : 0) + (props.rowActions ? 1 : 0);
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtual ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;
  const visible = virtual ? items.map((item) => item.index) : rows.map((_, index) => index);
  const selected = new Set(props.selected);

  return (
    <>
      {padTop > 0 && <Spacer height={padTop} columns={columnCount} />}
      {visible.map((index) => {
        const row = rows[index]!;
        const key = props.rowKey(row);
        return (
          <ResourceRow
            key={key}
            row={row}
            rowId={key}
            index={virtual ? index : undefined}
            measure={virtual ? virtualizer.measureElement : undefined}
            columns={props.columns}
            selected={selected.has(key)}
            onToggle={props.onToggle}
            rowActions={props.rowActions}
          />
        );
      })}
      {padBottom > 0 && <Spacer height={padBottom} columns={columnCount} />}
    </>
  );
}

function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row holds nothing focusable
    <tr aria-hidden="true">
      <td colSpan={columns} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

interface RowProps<Row> {
  row: Row;
  rowId: number;
  /** Set when virtualised: the row's place in the whole list. */
  index: number | undefined;
  measure: ((element: Element | null) => void) | undefined;
  columns: ResourceColumn<Row>[];
  selected: boolean;
  onToggle: ((key: number, checked: boolean) => void) | null;
  rowActions?: (row: Row) => ReactNode;
}

function RowView<Row>(props: RowProps<Row>) {
  const intl = useIntl();
  const { row, rowId } = props;
  return (
    <Table.Row
      data-selected={props.selected ? '' : undefined}
      {...(props.index === undefined
        ? {}
        : { 'data-index': props.index, ref: props.measure, 'aria-rowindex': props.index + 2 })}
    >
      {props.onToggle && (
        <Table.Cell>
          <Checkbox.Root
            size="sm"
            checked={props.selected}
            onCheckedChange={(event) => props.onToggle?.(rowId, event.checked === true)}
          >
            <Checkbox.HiddenInput
              aria-label={intl.formatMessage({ id: 'engine.selectRow' }, { id: rowId })}
            />
            <Checkbox.Control />
          </Checkbox.Root>
        </Table.Cell>
      )}
      {props.columns.map((column) => (
        <Table.Cell key={column.id} textAlign={column.align}>
          {column.cell(row)}
        </Table.Cell>
      ))}
      {props.rowActions && (
        <Table.Cell textAlign="end">
          <HStack gap="1" justify="end" wrap="wrap">
            {props.rowActions(row)}
          </HStack>
        </Table.Cell>
      )}
    </Table.Row>
  );
}

const ResourceRow = memo(RowView) as typeof RowView;
