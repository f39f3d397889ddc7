import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { CellValue } from './escape';

export interface ExportColumn<Row> {
  header: string;
  /** Column width in characters. */
  width?: number;
  /** Excel number format, e.g. '0.00' for yuan. */
  numberFormat?: string;
  value(row: Row): CellValue;
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Writes rows to an .xlsx as they arrive (exceljs streaming writer: each row is committed and
 * released), so a large export never holds the whole sheet in memory.
 */
export function xlsxStream<Row>(
  sheetName: string,
  columns: readonly ExportColumn<Row>[],
  batches: AsyncIterable<readonly Row[]>,
): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column, index) => ({
    key: String(index),
    width: column.width ?? 14,
    ...(column.numberFormat ? { style: { numFmt: column.numberFormat } } : {}),
  }));
  const write = async () => {
    const header = sheet.addRow(columns.map((column) => column.header));
    header.font = { bold: true };
    header.commit();
    for await (const batch of batches) {
      // A string cell is text, never a formula (exceljs writes formulas only from `{ formula }`), so
      // text is written as the shop's data is: no guard character to show up in Excel.
      for (const row of batch) sheet.addRow(columns.map((column) => column.value(row))).commit();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) =>
    output.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return output;
}
