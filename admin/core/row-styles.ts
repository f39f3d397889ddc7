import { type SystemStyleObject, useRecipe, useSlotRecipe } from '@chakra-ui/react';
import { useMemo } from 'react';

/** Colour palettes a row part (button, badge) can take. */
export const ROW_PALETTES = ['brand', 'gray', 'green', 'orange', 'red', 'blue'] as const;
export type RowPalette = (typeof ROW_PALETTES)[number];

/** Static styles of one column's body cells; the cells render plain elements these rules style. */
export type CellStyles = SystemStyleObject;

/** The Chakra sizes of the navbar's size switch (SPEC §2: default, medium, small, mini). */
export type ControlSize = 'md' | 'sm' | 'xs' | '2xs';

/**
 * How dense a list's rows are at each size of the switch: the table's recipe size, the padding of
 * its cells and the side of a row's thumbnail. At the default (medium) a row with a thumbnail is
 * about 56 px tall, as on Youzan's, Weimob's and Ant Design Pro's lists.
 */
export const ROW_DENSITY: Record<ControlSize, { table: 'sm' | 'md'; paddingBlock: string; thumb: string }> = {
  md: { table: 'md', paddingBlock: '2.5', thumb: '40px' },
  sm: { table: 'sm', paddingBlock: '2', thumb: '40px' },
  xs: { table: 'sm', paddingBlock: '1.5', thumb: '32px' },
  '2xs': { table: 'sm', paddingBlock: '1', thumb: '28px' },
};

/**
 * The table body's rows and cells are plain elements: a Chakra component per cell resolves its
 * recipe on every mount, which made each scroll step of a long list cost a frame or more. Their
 * look comes from Chakra's own recipes (table sm, checkbox sm, button xs ghost, badge), resolved
 * once here into one style object for the table, so the rows look exactly like Chakra's.
 */
export function useRowStyles(
  columns: { id: string; cellStyles?: CellStyles }[],
  virtual: boolean,
  size: ControlSize = 'sm',
) {
  const table = useSlotRecipe({ key: 'table' });
  const checkbox = useSlotRecipe({ key: 'checkbox' });
  const button = useRecipe({ key: 'button' });
  const badge = useRecipe({ key: 'badge' });
  return useMemo((): SystemStyleObject => {
    const density = ROW_DENSITY[size];
    const tableSlots = table({ size: density.table });
    const checkboxSlots = checkbox({ size: 'sm' });
    const cell: SystemStyleObject = {
      ...tableSlots.cell,
      paddingBlock: density.paddingBlock,
      // Column kinds size their thumbnails from this (column-kinds.tsx).
      '--row-thumb': density.thumb,
      '&[data-align=end]': { textAlign: 'end', whiteSpace: 'nowrap' },
      // Chinese words stay whole ("粮油干货", not "粮油干/货"): lines break at spaces and
      // punctuation only, and a table wider than the page scrolls.
      wordBreak: 'keep-all',
      // A row of the long list keeps one line, so every row has the measured height.
      ...(virtual ? { whiteSpace: 'nowrap' } : {}),
    };
    return {
      '& tbody > tr[data-row]': tableSlots.row,
      '& tbody > tr[data-row] > td': cell,
      ...Object.fromEntries(
        columns
          .filter((column) => column.cellStyles)
          .map((column) => [`& tbody > tr[data-row] > td[data-column="${column.id}"]`, column.cellStyles]),
      ),
      '& [data-row-check]': checkboxSlots.root,
      '& [data-row-check] > input': { srOnly: true },
      '& [data-row-check] > [data-part=control]': checkboxSlots.control,
      // The hidden input has the focus: its control shows the ring Chakra's checkbox shows.
      '& [data-row-check] > input:focus-visible + [data-part=control]': {
        outlineWidth: 'var(--focus-ring-width, 2px)',
        outlineOffset: 'var(--focus-ring-offset, 2px)',
        outlineStyle: 'var(--focus-ring-style, solid)',
        outlineColor: 'var(--focus-ring-color)',
      },
      // One line of text links, whatever the list: a row stays one thumbnail tall.
      '& [data-row-actions]': {
        display: 'flex',
        gap: '3',
        alignItems: 'center',
        justifyContent: 'flex-end',
        flexWrap: 'nowrap',
        whiteSpace: 'nowrap',
      },
      '& [data-row-button]': button({ size: 'xs', variant: 'ghost' }),
      '& [data-row-link]': {
        ...button({ size: 'xs', variant: 'plain' }),
        paddingInline: '0',
        height: 'auto',
        minWidth: '0',
        color: 'colorPalette.fg',
        _hover: { textDecoration: 'underline' },
      },
      '& [data-cell-badge]': badge({}),
      ...Object.fromEntries(
        ROW_PALETTES.map((palette) => [`& [data-palette=${palette}]`, { colorPalette: palette }]),
      ),
    };
  }, [table, checkbox, button, badge, columns, virtual, size]);
}
