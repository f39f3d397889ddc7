import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { type StateMachine, stateLabelKey } from '../../contract/state-machine';
import { EnumLabel } from '../../src/lib/enum-values';
import { fenToYuan, parseTime } from '../../src/lib/format';
import type { ResourceColumn } from './resource-list';
import { CellBadge } from './row-parts';
import type { CellStyles, RowPalette } from './row-styles';

/**
 * Columns by kind. Each draws plain elements styled once per table (cellStyles), never Chakra
 * components: long lists mount rows while they scroll, and a recipe per cell cost a frame a step.
 */

export interface ColumnOptions {
  /** The list's sort field this column sorts by. */
  sort?: string;
  width?: string;
}

/**
 * One badge of a state column: the row's state on one axis, its label and its colour. The label is
 * a catalogue key, or the state's label in GetEnumForType's list of `enumType`.
 */
export type StateBadge<Row> = {
  state(row: Row): string;
  palette: Readonly<Record<string, RowPalette>>;
  /** States that show no badge (e.g. an audit that passed). */
  quiet?: readonly string[];
} & ({ label(state: string): string } | { enumType: string });

/** The badge of a machine's state, labelled by the machine's own keys. */
export function machineBadge<Row>(
  machine: StateMachine,
  state: (row: Row) => string,
  palette: Readonly<Record<string, RowPalette>>,
  quiet?: readonly string[],
): StateBadge<Row> {
  return { state, label: (value) => stateLabelKey(machine, value), palette, quiet };
}

/** The badge of a machine's state, labelled by the machine's short labels through GetEnumForType. */
export function enumBadge<Row>(
  machine: StateMachine,
  state: (row: Row) => string,
  palette: Readonly<Record<string, RowPalette>>,
  quiet?: readonly string[],
): StateBadge<Row> {
  return { state, enumType: machine.id, palette, quiet };
}

export interface Picture<Row> {
  image(row: Row): string | null | undefined;
  title(row: Row): ReactNode;
  muted?(row: Row): ReactNode;
}

const TWO_LINES: CellStyles = {
  '& [data-main]': { maxWidth: '72', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& [data-muted]': { fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' },
};

const PICTURE: CellStyles = {
  ...TWO_LINES,
  '& [data-picture]': { display: 'flex', alignItems: 'center', gap: '3', minWidth: '56' },
  '& [data-thumb]': {
    width: 'var(--row-thumb)',
    height: 'var(--row-thumb)',
    flexShrink: 0,
    borderRadius: 'md',
    objectFit: 'cover',
    bg: 'bg.muted',
  },
  '& [data-main]': { ...(TWO_LINES['& [data-main]'] as object), fontWeight: 'medium' },
};

const NO_WRAP: CellStyles = { whiteSpace: 'nowrap' };
const TAGS: CellStyles = { '& [data-tags]': { display: 'flex', flexWrap: 'wrap', gap: '1' } };

function money(fen: number): string {
  return `¥${fenToYuan(fen)}`;
}

/** Column builders whose headers are `<prefix>.<id>` catalogue keys. */
export function columnKinds<Row>(prefix: string) {
  const base = (id: string, options: ColumnOptions) => ({
    id,
    header: `${prefix}.${id}`,
    sortField: options.sort,
    width: options.width,
  });
  return {
    text: (id: string, value: (row: Row) => ReactNode, options: ColumnOptions = {}): ResourceColumn<Row> => ({
      ...base(id, options),
      cell: value,
    }),
    /** A main line and a muted one under it. */
    twoLines: (
      id: string,
      main: (row: Row) => ReactNode,
      muted: (row: Row) => ReactNode,
      options: ColumnOptions = {},
    ): ResourceColumn<Row> => ({
      ...base(id, options),
      cellStyles: TWO_LINES,
      cell: (row) => (
        <>
          <p data-main="">{main(row)}</p>
          <p data-muted="">{muted(row)}</p>
        </>
      ),
    }),
    /** A thumbnail (sized by the list's density) beside a title and a muted line. */
    picture: (id: string, picture: Picture<Row>, options: ColumnOptions = {}): ResourceColumn<Row> => ({
      ...base(id, options),
      cellStyles: PICTURE,
      cell: (row) => {
        const image = picture.image(row);
        return (
          <div data-picture="">
            {/* Decoded off the main thread: a scroll step does not wait for a new row's picture. */}
            {image ? <img data-thumb="" src={image} alt="" decoding="async" /> : <span data-thumb="" />}
            <div>
              <p data-main="">{picture.title(row)}</p>
              {picture.muted && <p data-muted="">{picture.muted(row)}</p>}
            </div>
          </div>
        );
      },
    }),
    /** An amount in fen shown in yuan; with `upTo`, a range when the two differ. */
    money: (
      id: string,
      fen: (row: Row) => number,
      options: ColumnOptions & { upTo?: (row: Row) => number } = {},
    ): ResourceColumn<Row> => ({
      ...base(id, options),
      align: 'end',
      cellStyles: NO_WRAP,
      cell: (row) => {
        const low = fen(row);
        const high = options.upTo?.(row) ?? low;
        return high > low ? `${money(low)} – ${fenToYuan(high)}` : money(low);
      },
    }),
    number: (id: string, value: (row: Row) => number, options: ColumnOptions = {}): ResourceColumn<Row> => ({
      ...base(id, options),
      align: 'end',
      cell: value,
    }),
    /** A moment, to the minute. */
    time: (
      id: string,
      value: (row: Row) => string | null | undefined,
      options: ColumnOptions = {},
    ): ResourceColumn<Row> => ({
      ...base(id, options),
      cellStyles: NO_WRAP,
      cell: (row) => parseTime(value(row), '{y}-{m}-{d} {h}:{i}'),
    }),
    /** One badge per state axis. */
    state: (id: string, badges: StateBadge<Row>[], options: ColumnOptions = {}): ResourceColumn<Row> => ({
      ...base(id, options),
      cellStyles: TAGS,
      enumTypes: badges.flatMap((badge) => ('enumType' in badge ? [badge.enumType] : [])),
      cell: (row) => {
        const shown = badges.flatMap((badge) => {
          const state = badge.state(row);
          return badge.quiet?.includes(state) ? [] : [{ badge, state }];
        });
        // A cell with no badge (most goods are physical) mounts no element while the list scrolls.
        if (shown.length === 0) return null;
        return (
          <div data-tags="">
            {shown.map(({ badge, state }) =>
              'enumType' in badge ? (
                <CellBadge key={`${badge.enumType}.${state}`} palette={badge.palette[state] ?? 'gray'}>
                  <EnumLabel type={badge.enumType} value={state} />
                </CellBadge>
              ) : (
                <CellBadge key={badge.label(state)} palette={badge.palette[state] ?? 'gray'}>
                  <FormattedMessage id={badge.label(state)} />
                </CellBadge>
              ),
            )}
          </div>
        );
      },
    }),
    tags: (
      id: string,
      tags: (row: Row) => readonly string[],
      options: ColumnOptions = {},
    ): ResourceColumn<Row> => ({
      ...base(id, options),
      cellStyles: TAGS,
      cell: (row) => (
        <div data-tags="">
          {tags(row).map((tag) => (
            <CellBadge key={tag} palette="gray">
              {tag}
            </CellBadge>
          ))}
        </div>
      ),
    }),
    /** Text that opens a route (a detail page with the row's id); plain text for a row with nothing to open. */
    link: (
      id: string,
      text: (row: Row) => ReactNode,
      to: (row: Row) => string | null,
      options: ColumnOptions = {},
    ): ResourceColumn<Row> => ({
      ...base(id, options),
      cell: (row) => {
        const target = to(row);
        if (target === null) return text(row);
        return (
          <Link data-row-link="" data-palette="brand" to={target}>
            {text(row)}
          </Link>
        );
      },
    }),
  };
}
