import type { ReactNode } from 'react';
import type { RowPalette } from './row-styles';

/**
 * Parts for a list's cells and row actions. They render plain elements that the table's styles
 * (row-styles.ts) draw as Chakra's xs ghost button and badge, so a row mounts without resolving a
 * recipe per part. Outside a ResourceList table they are unstyled: use Chakra's components there.
 */

export function RowButton(props: {
  /** The accessible name, naming the row (e.g. "Edit: Cotton T-shirt"). */
  label: string;
  palette?: RowPalette;
  onClick?(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      data-row-button=""
      data-palette={props.palette ?? 'brand'}
      aria-label={props.label}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  );
}

export function CellBadge(props: { palette: RowPalette; children: ReactNode }) {
  return (
    <span data-cell-badge="" data-palette={props.palette}>
      {props.children}
    </span>
  );
}
