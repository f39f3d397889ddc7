import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { AppError } from '../http/errors';
import { readSheetRows } from './spreadsheet';

async function workbook(rows: (string | number | null)[][], useSharedStrings = true): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('发货');
  for (const row of rows) sheet.addRow(row);
  book.addWorksheet('其他').addRow(['not read', 'not read']);
  return Buffer.from(await book.xlsx.writeBuffer({ useSharedStrings } as ExcelJS.XlsxWriteOptions));
}

async function zip(parts: Record<string, string | Buffer>): Promise<Buffer> {
  const file = new yazl.ZipFile();
  for (const [name, content] of Object.entries(parts)) file.addBuffer(Buffer.from(content), name);
  file.end();
  const chunks: Buffer[] = [];
  for await (const chunk of file.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const WORKBOOK_XML = `<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="a" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const RELATIONS_XML = `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;

/** A workbook whose one sheet is the given XML between <sheetData> tags. */
function sheetXml(rows: string): string {
  return `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;
}

async function refusal(promise: Promise<unknown>): Promise<{ key: string; params: unknown; field?: string }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  return { key: appError.key, params: appError.params, field: appError.options.field };
}

describe('readSheetRows', () => {
  it.each([true, false])('reads the first sheet below its header (shared strings %s)', async (shared) => {
    const bytes = await workbook(
      [
        ['订单号', '快递单号', '快递公司'],
        ['A1', 73100000000100, '中通快递'],
        [],
        [null, null, null],
        ['B2', 'x', null],
      ],
      shared,
    );
    expect(await readSheetRows(bytes, { maxRows: 10 })).toEqual([
      { row: 2, cells: ['A1', '73100000000100', '中通快递'] },
      { row: 5, cells: ['B2', 'x'] },
    ]);
  });

  it('keeps the column of a cell after gaps and reads inline strings and booleans', async () => {
    const bytes = await zip({
      'xl/workbook.xml': WORKBOOK_XML,
      'xl/_rels/workbook.xml.rels': RELATIONS_XML,
      'xl/worksheets/sheet1.xml': sheetXml(
        '<row r="1"><c r="A1" t="inlineStr"><is><t>h</t></is></c></row>' +
          '<row r="3"><c r="C3" t="inlineStr"><is><t> far </t></is></c><c r="D3" t="b"><v>1</v></c><c r="E3"><v>7.31E+13</v></c></row>',
      ),
    });
    expect(await readSheetRows(bytes, { maxRows: 10 })).toEqual([
      { row: 3, cells: ['', '', 'far', 'TRUE', '73100000000000'] },
    ]);
  });

  it('refuses one data row past the limit, naming the field', async () => {
    const rows = [['header'], ...Array.from({ length: 4 }, (_, index) => [`row ${index}`])];
    expect(await readSheetRows(await workbook(rows), { maxRows: 4 })).toHaveLength(4);
    expect(await refusal(readSheetRows(await workbook([...rows, ['one more']]), { maxRows: 4 }))).toEqual({
      key: 'import.tooManyRows',
      params: { max: 4 },
      field: 'file',
    });
  });

  it('stops inflating at the byte cap: a small zip of a huge sheet is refused quickly', async () => {
    const hugeCell = `<row r="2"><c r="A2" t="inlineStr"><is><t>${'x'.repeat(4 * 1024 * 1024)}</t></is></c></row>`;
    const bytes = await zip({
      'xl/workbook.xml': WORKBOOK_XML,
      'xl/_rels/workbook.xml.rels': RELATIONS_XML,
      'xl/worksheets/sheet1.xml': sheetXml(hugeCell),
    });
    expect(bytes.length).toBeLessThan(64 * 1024);
    expect(
      await refusal(readSheetRows(bytes, { maxRows: 10, maxUnzippedBytes: 1024 * 1024, field: 'upload' })),
    ).toEqual({ key: 'import.tooLarge', params: { limit: '1 MB' }, field: 'upload' });
  });

  it.each([
    ['not a zip', async () => Buffer.from('order,tracking\n1,2\n')],
    ['a zip without a workbook', () => zip({ 'hello.txt': 'hi' })],
  ])('refuses %s as not a workbook', async (_, bytes) => {
    expect((await refusal(readSheetRows(await bytes(), { maxRows: 10 }))).key).toBe('import.notXlsx');
  });

  it('refuses a sheet with only its header', async () => {
    expect((await refusal(readSheetRows(await workbook([['h']]), { maxRows: 10 }))).key).toBe('import.empty');
  });
});
