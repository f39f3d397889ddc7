import { type CellValue, exportCell } from './escape';

/** Excel reads a CSV as UTF-8 (and keeps Chinese intact) only when it starts with a byte-order mark. */
export const UTF8_BOM = '\uFEFF';

/**
 * Numbers as they are; every text quoted, whatever it holds: Excel in locales whose list separator
 * is `;` splits an unquoted `x;=1+1` and runs its second half. Text keeps the apostrophe guard,
 * since a CSV cell has no type to say it is text.
 */
export function csvField(value: CellValue): string {
  if (typeof value === 'number') return String(value);
  return `"${String(exportCell(value)).replaceAll('"', '""')}"`;
}

export function csvLine(values: readonly CellValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
