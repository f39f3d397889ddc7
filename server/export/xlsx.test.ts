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
  it('writes every batch to a workbook Excel can read back, Chinese intact and formulas escaped', async () => {
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
      ["'=1+1", 1],
      ["'@SUM", 0],
    ]);
    expect(sheet.getCell('A3').formula).toBeUndefined();
    expect(sheet.getCell('B2').numFmt).toBe('0.00');
  });
});

describe('csvStream', () => {
  it('starts with a BOM and escapes formulas', async () => {
    const text = (await buffer(csvStream(columns, batches()))).toString('utf8');
    expect(text).toBe("\uFEFF名称,价格（元）\r\n纯棉T恤,59.9\r\n'=1+1,1\r\n'@SUM,0\r\n");
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
