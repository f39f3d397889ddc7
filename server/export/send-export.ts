import type { FastifyReply } from 'fastify';
import type { ExportFormat } from '../../contract/scalars';
import { attachmentDisposition } from './content-disposition';
import { CSV_CONTENT_TYPE, csvStream } from './csv-stream';
import { type ExportColumn, XLSX_CONTENT_TYPE, xlsxStream } from './xlsx';

export interface ExportFile<Row> {
  format: ExportFormat;
  /** File name without extension, in the caller's language (may be Chinese). */
  fileName: string;
  /** ASCII stand-in for clients that ignore `filename*`. */
  asciiName: string;
  sheetName: string;
  columns: readonly ExportColumn<Row>[];
  batches: AsyncIterable<readonly Row[]>;
}

/** Streams an export as a download with the right content type and file name. */
export function sendExport<Row>(reply: FastifyReply, file: ExportFile<Row>): void {
  const stream =
    file.format === 'xlsx'
      ? xlsxStream(file.sheetName, file.columns, file.batches)
      : csvStream(file.columns, file.batches);
  reply
    .header('content-type', file.format === 'xlsx' ? XLSX_CONTENT_TYPE : CSV_CONTENT_TYPE)
    .header(
      'content-disposition',
      attachmentDisposition(`${file.fileName}.${file.format}`, `${file.asciiName}.${file.format}`),
    )
    .header('cache-control', 'no-store')
    .send(stream);
}

/** Pages of rows from a paged reader, until a short page or `maxRows`. */
export async function* pagedBatches<Row>(
  readPage: (offset: number, limit: number) => Promise<Row[]>,
  maxRows: number,
  pageSize = 1000,
): AsyncGenerator<Row[]> {
  for (let offset = 0; offset < maxRows; offset += pageSize) {
    const rows = await readPage(offset, Math.min(pageSize, maxRows - offset));
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
  }
}
