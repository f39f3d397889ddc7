import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvStream } from './csv-stream';
import { pagedBatches } from './send-export';
import { type ExportColumn, xlsxStream } from './xlsx';

interface Item {
  name: string;
  priceFen: number;
}

const columns: ExportColumn<Item>[] = [
  { header: '名称', value: (item) => item.name },
  { header: '价格（元）', numberFormat: '0.00', value: (item) => item.priceFen / 100 },
];

async function* batches(): AsyncGenerator<Item[]> {
  yield [{ name: '纯棉T恤', priceFen: 5990 }];
  yield [
    { name: '=1+1', priceFen: 100 },
    { name: '@SUM', priceFen: 0 },
  ];
}

describe('xlsxStream', () => {
  it('writes every batch to a workbook Excel can read back, Chinese intact and text as text', async () => {
    const file = await buffer(xlsxStream('商品', columns, batches()));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('商品')!;
    const rows = sheet
      .getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    expect(rows).toEqual([
      ['名称', '价格（元）'],
      ['纯棉T恤', 59.9],
      ['=1+1', 1],
      ['@SUM', 0],
    ]);
    expect(sheet.getCell('A3').formula).toBeUndefined();
    expect(sheet.getCell('B2').numFmt).toBe('0.00');
  });
});

describe('csvStream', () => {
  it('starts with a BOM, quotes every text and escapes formulas', async () => {
    const text = (await buffer(csvStream(columns, batches()))).toString('utf8');
    expect(text).toBe('\uFEFF"名称","价格（元）"\r\n"纯棉T恤",59.9\r\n"\'=1+1",1\r\n"\'@SUM",0\r\n');
  });
});

/** Names a hostile or careless operator may give goods, read back through both formats. */
const awkward = [
  '=1+1',
  '+86 138',
  '-5',
  '@SUM(A1)',
  '\t=tab',
  '\r=return',
  'x;=1+1',
  'a,b',
  'say "hi"',
  '两\n行',
];
const nameColumn: ExportColumn<string>[] = [{ header: 'name', value: (name) => name }];

async function* names(): AsyncGenerator<string[]> {
  yield awkward;
}

describe('exports keep data intact and inert', () => {
  it('xlsx: every name reads back exactly, as text, never as a formula', async () => {
    const file = await buffer(xlsxStream('s', nameColumn, names()));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('s')!;
    const read = awkward.map((_, index) => sheet.getCell(`A${index + 2}`));
    // XML reads a carriage return as a line feed (its end-of-line rule): still one cell of text.
    expect(read.map((cell) => cell.value)).toEqual(awkward.map((name) => name.replace('\r', '\n')));
    expect(read.map((cell) => cell.type)).toEqual(awkward.map(() => ExcelJS.ValueType.String));
  });

  it('csv: every name reads back as one field, formulas behind the guard', async () => {
    const text = (await buffer(csvStream(nameColumn, names()))).toString('utf8');
    for (const delimiter of [',', ';']) {
      const workbook = new ExcelJS.Workbook();
      const { Readable } = await import('node:stream');
      const sheet = await workbook.csv.read(Readable.from([text.slice(1)]), {
        parserOptions: { delimiter },
      });
      const values = awkward.map((_, index) => sheet.getCell(`A${index + 2}`).value);
      expect(values, `delimiter ${delimiter}`).toEqual(
        awkward.map((name) => (/^[=+\-@\t\r]/.test(name) ? `'${name}` : name)),
      );
      expect(sheet.getCell(`B${awkward.indexOf('x;=1+1') + 2}`).value, `delimiter ${delimiter}`).toBeNull();
    }
  });
});

describe('pagedBatches', () => {
  it('reads pages until a short one and never past the cap', async () => {
    const source = Array.from({ length: 25 }, (_, index) => index);
    const reads: [number, number][] = [];
    const read = async (offset: number, limit: number) => {
      reads.push([offset, limit]);
      return source.slice(offset, offset + limit);
    };
    const all: number[] = [];
    for await (const batch of pagedBatches(read, 100, 10)) all.push(...batch);
    expect(all).toEqual(source);
    expect(reads).toEqual([
      [0, 10],
      [10, 10],
      [20, 10],
    ]);
    const capped: number[] = [];
    for await (const batch of pagedBatches(read, 15, 10)) capped.push(...batch);
    expect(capped).toEqual(source.slice(0, 15));
  });
});
