/**
 * Spreadsheet formula injection: a cell whose text starts with = + - @ (or a tab or carriage return,
 * which some programs skip before reading a formula) would run as a formula when the file is opened.
 * Prefixing a single quote makes spreadsheet programs show it as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export type CellValue = string | number;

export function escapeCellText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Numbers stay numbers (a negative number is not a formula); text is escaped. */
export function exportCell(value: CellValue): CellValue {
  return typeof value === 'number' ? value : escapeCellText(value);
}
