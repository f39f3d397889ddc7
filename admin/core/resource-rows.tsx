import { type Range, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { memo, type ReactNode, useCallback, useLayoutEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { ResourceColumn } from './resource-list';

/** A row's height until the first rendered row is measured. */
const ESTIMATED_ROW_HEIGHT = 56;
/**
 * Rows drawn beyond the view. Every row in the document is laid out and painted on each step, and
 * rows the scroll has passed are never seen again, so while scrolling only the side the list moves
 * towards keeps a few; at rest both sides do, for a scroll either way (and for the keyboard). A
 * step that leaps more than a screen (a flick) would leap past the overscan too: it draws the view,
 * and its rows without their actions (an empty box as wide, so no column moves) until the scroll
 * rests. A row's action links were half the cost of mounting it, and nobody reads them mid-flick:
 * in the bench's 900 px a frame scroll, the work p95 went from 11.2–12.4 ms to 9.9–10.9 ms.
 */
const OVERSCAN_AHEAD = 3;
const OVERSCAN_BEHIND = 1;

/**
 * The indexes to draw: the rows in view and the overscan, more of it ahead of the scroll, none
 * while the scroll leaps (`leaping`: it moved more than a screen since the last range).
 */
export function rowsToDraw(
  range: Range,
  direction: 'forward' | 'backward' | null,
  leaping = false,
): number[] {
  const moving = direction !== null;
  const ahead = moving && leaping ? 0 : OVERSCAN_AHEAD;
  const behind = moving ? (leaping ? 0 : OVERSCAN_BEHIND) : OVERSCAN_AHEAD;
  const before = direction === 'forward' ? behind : ahead;
  const after = direction === 'backward' ? behind : ahead;
  const start = Math.max(range.startIndex - before, 0);
  const end = Math.min(range.endIndex + after, range.count - 1);
  return Array.from({ length: Math.max(end - start + 1, 0) }, (_, offset) => start + offset);
}

/**
 * Whether a scroll step leaps: the list moves and its first row in view is more than a screen of
 * rows away from the last range's (`previousStart`, null before the first).
 */
export function isLeap(
  previousStart: number | null,
  range: Range,
  direction: 'forward' | 'backward' | null,
): boolean {
  if (direction === null || previousStart === null) return false;
  const inView = range.endIndex - range.startIndex + 1;
  return Math.abs(range.startIndex - previousStart) > inView;
}

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
  scroller: HTMLDivElement | null;
}

/**
 * The table body. It owns the virtualiser so that scrolling re-renders only the body, and rows are
 * memoised so that a scroll step mounts just the rows coming into view. Virtual rows keep one line
 * (row-styles.ts), so they share one height: the first rendered row is measured once per change of
 * rows or columns, instead of observing every row as it mounts.
 */
export function ResourceRows<Row>(props: RowsProps<Row>) {
  const { rows, virtual, scroller } = props;
  const rowHeight = useRef(ESTIMATED_ROW_HEIGHT);
  const instance = useRef<Virtualizer<HTMLDivElement, Element> | null>(null);
  const lastStart = useRef<number | null>(null);
  const leaping = useRef(false);
  /** The action cell's inner width at the last measure; 0 before (rows are then drawn whole). */
  const actionsWidth = useRef(0);
  // The virtualiser re-renders the body when a scroll stops: a new extractor then draws the
  // overscan back, since it keeps its last range while the rows in view stay the same.
  const scrolling = instance.current?.isScrolling ?? false;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new extractor when scrolling starts or stops
  const rangeExtractor = useCallback(
    (range: Range) => {
      const direction = instance.current?.scrollDirection ?? null;
      leaping.current = isLeap(lastStart.current, range, direction);
      lastStart.current = range.startIndex;
      return rowsToDraw(range, direction, leaping.current);
    },
    [scrolling],
  );
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scroller,
    estimateSize: () => rowHeight.current,
    rangeExtractor,
    // Before layout (and in tests without layout) the viewport is assumed to be a screen's height.
    initialRect: { width: 1200, height: 800 },
  });
  instance.current = virtualizer;
  // biome-ignore lint/correctness/useExhaustiveDependencies: other rows or columns change the row height and the actions' width
  useLayoutEffect(() => {
    if (!virtual) return;
    const first = scroller?.querySelector<HTMLElement>('tbody > tr[data-index]');
    // A row drawn mid-flick has an empty box; the actions' box fills the cell, so any row tells.
    const actions = first?.querySelector<HTMLElement>('[data-row-actions]:not(:empty)');
    if (actions) actionsWidth.current = actions.offsetWidth;
    const height = first?.offsetHeight;
    if (!height || height === rowHeight.current) return;
    rowHeight.current = height;
    virtualizer.measure();
  }, [virtual, rows, props.columns, scroller, virtualizer]);

  const items = virtual ? virtualizer.getVirtualItems() : [];
  const actionsOmitted = virtual && leaping.current && actionsWidth.current > 0;
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
            columns={props.columns}
            selected={selected.has(key)}
            onToggle={props.onToggle}
            rowActions={props.rowActions}
            omittedActionsWidth={actionsOmitted ? actionsWidth.current : undefined}
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
  columns: ResourceColumn<Row>[];
  selected: boolean;
  onToggle: ((key: number, checked: boolean) => void) | null;
  rowActions?: (row: Row) => ReactNode;
  /** Set while the list leaps: draw an empty box this wide instead of the row's actions. */
  omittedActionsWidth?: number;
}

/** Plain elements styled by the table (row-styles.ts): no recipe is resolved per row. */
function RowView<Row>(props: RowProps<Row>) {
  const { row, rowId, onToggle } = props;
  return (
    <tr
      data-row=""
      data-selected={props.selected ? '' : undefined}
      {...(props.index === undefined ? {} : { 'data-index': props.index, 'aria-rowindex': props.index + 2 })}
    >
      {onToggle && (
        <td>
          <RowCheckbox rowId={rowId} checked={props.selected} onToggle={onToggle} />
        </td>
      )}
      {props.columns.map((column) => (
        <td key={column.id} data-column={column.id} data-align={column.align}>
          {column.cell(row)}
        </td>
      ))}
      {props.rowActions && (
        <td data-align="end">
          {props.omittedActionsWidth === undefined ? (
            <div data-row-actions="">{props.rowActions(row)}</div>
          ) : (
            <div data-row-actions="" style={{ width: props.omittedActionsWidth }} />
          )}
        </td>
      )}
    </tr>
  );
}

const ResourceRow = memo(RowView) as typeof RowView;

/** Chakra's sm checkbox drawn over a native one, which keeps the keyboard and the accessible name. */
function RowCheckbox(props: {
  rowId: number;
  checked: boolean;
  onToggle(key: number, checked: boolean): void;
}) {
  const intl = useIntl();
  const state = props.checked ? 'checked' : 'unchecked';
  return (
    <label data-row-check="" data-state={state}>
      <input
        type="checkbox"
        checked={props.checked}
        aria-label={intl.formatMessage({ id: 'engine.selectRow' }, { id: props.rowId })}
        onChange={(event) => props.onToggle(props.rowId, event.target.checked)}
      />
      <span data-part="control" data-state={state} aria-hidden="true">
        {props.checked && (
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="3px"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <polyline points="20 6 9 17 4 12" />
          </svg>
        )}
      </span>
    </label>
  );
}
