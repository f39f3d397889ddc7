import { type SystemStyleObject, useRecipe, useSlotRecipe } from '@chakra-ui/react';
import { useMemo } from 'react';

/** Colour palettes a row part (button, badge) can take. */
export const ROW_PALETTES = ['brand', 'gray', 'green', 'orange', 'red', 'blue'] as const;
export type RowPalette = (typeof ROW_PALETTES)[number];

/** Static styles of one column's body cells; the cells render plain elements these rules style. */
export type CellStyles = SystemStyleObject;

/**
 * The table body's rows and cells are plain elements: a Chakra component per cell resolves its
 * recipe on every mount, which made each scroll step of a long list cost a frame or more. Their
 * look comes from Chakra's own recipes (table sm, checkbox sm, button xs ghost, badge), resolved
 * once here into one style object for the table, so the rows look exactly like Chakra's.
 */
export function useRowStyles(columns: { id: string; cellStyles?: CellStyles }[], virtual: boolean) {
  const table = useSlotRecipe({ key: 'table' });
  const checkbox = useSlotRecipe({ key: 'checkbox' });
  const button = useRecipe({ key: 'button' });
  const badge = useRecipe({ key: 'badge' });
  return useMemo((): SystemStyleObject => {
    const tableSlots = table({ size: 'sm' });
    const checkboxSlots = checkbox({ size: 'sm' });
    const cell: SystemStyleObject = {
      ...tableSlots.cell,
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
      '& [data-row-actions]': {
        display: 'flex',
        gap: '1',
        justifyContent: 'flex-end',
        flexWrap: virtual ? 'nowrap' : 'wrap',
      },
      '& [data-row-button]': button({ size: 'xs', variant: 'ghost' }),
      '& [data-cell-badge]': badge({}),
      ...Object.fromEntries(
        ROW_PALETTES.map((palette) => [`& [data-palette=${palette}]`, { colorPalette: palette }]),
      ),
    };
  }, [table, checkbox, button, badge, columns, virtual]);
}
