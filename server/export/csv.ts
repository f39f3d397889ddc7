import { type CellValue, exportCell } from './escape';

/** Excel reads a CSV as UTF-8 (and keeps Chinese intact) only when it starts with a byte-order mark. */
export const UTF8_BOM = '\uFEFF';

export function csvField(value: CellValue): string {
  const text = String(exportCell(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly CellValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
