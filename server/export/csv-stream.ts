import { Readable } from 'node:stream';
import { csvLine, UTF8_BOM } from './csv';
import type { ExportColumn } from './xlsx';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** A CSV file (BOM, header line, rows) produced batch by batch. */
export function csvStream<Row>(
  columns: readonly ExportColumn<Row>[],
  batches: AsyncIterable<readonly Row[]>,
): Readable {
  async function* lines() {
    yield UTF8_BOM + csvLine(columns.map((column) => column.header));
    for await (const batch of batches) {
      yield batch.map((row) => csvLine(columns.map((column) => column.value(row)))).join('');
    }
  }
  return Readable.from(lines());
}
