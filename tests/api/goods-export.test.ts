import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract/endpoint';
import { exportProductList, getProductList } from '../../contract/endpoints/goods';
import { createGoods } from './goods-helpers';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin');
  await createGoods(server, token, { Name: '=HYPERLINK("http://evil.example","点我")', Code: '+86-123' });
  await createGoods(server, token, { Name: '@导出测试 纯棉T恤', Code: '-EXPORT-' });
});
afterAll(() => server.close());

async function download(query: Record<string, string>, locale = 'zh-CN') {
  return server.app.inject({
    method: 'GET',
    url: `${API_BASE}${exportProductList.path}`,
    query,
    headers: { authorization: `Bearer ${token}`, 'accept-language': locale },
  });
}

async function readSheet(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows = sheet
    .getSheetValues()
    .slice(1)
    .map((row) => (row as unknown[]).slice(1));
  return { sheet, rows };
}

describe('ExportProductList', () => {
  it('streams an .xlsx of the filtered list with a Chinese file name, Chinese intact and text kept as typed', async () => {
    const response = await download({ keyword: '导出测试', format: 'xlsx' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="goods-\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toMatch(
      /^商品列表-\d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    const { sheet, rows } = await readSheet(response.rawPayload);
    expect(sheet.name).toBe('商品');
    expect(rows[0]).toEqual([
      '商品ID',
      '商品名称',
      '商品编码',
      '分类',
      '价格（元）',
      '最高价（元）',
      '市场价（元）',
      '库存',
      '销量',
      'SKU 数',
      '上架状态',
      '审核状态',
      '排序',
      '创建时间',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual([
      expect.any(Number),
      '@导出测试 纯棉T恤',
      '-EXPORT-',
      expect.any(String),
      59.9,
      64.9,
      99,
      60,
      0,
      6,
      '已下架',
      '待审核',
      0,
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    ]);
    expect(sheet.getCell('E2').numFmt).toBe('0.00');
  });

  it('writes a name that looks like a formula as text, exactly as the shop typed it', async () => {
    const response = await download({ keyword: 'HYPERLINK', format: 'xlsx' }, 'en');
    const { sheet, rows } = await readSheet(response.rawPayload);
    expect(rows[0]![1]).toBe('Name');
    expect(rows[1]![1]).toBe(`=HYPERLINK("http://evil.example","点我")`);
    expect(rows[1]![2]).toBe('+86-123');
    expect(sheet.getCell('B2').formula).toBeUndefined();
    expect(sheet.getCell('B2').type).toBe(ExcelJS.ValueType.String);
    expect(rows[1]![10]).toBe('off the shelf');
  });

  it('exports every row of the same filters and tab as the list, in the list order', async () => {
    const list = await server.call(
      getProductList,
      { tab: 'onShelf', sort: 'price', pageSize: 100 },
      { token },
    );
    const response = await download({ tab: 'onShelf', sort: 'price', format: 'xlsx' });
    const { rows } = await readSheet(response.rawPayload);
    expect(rows).toHaveLength(list.body.Total + 1);
    expect(rows.slice(1, 101).map((row) => row[0])).toEqual(list.body.Data.map((row) => row.Id));
  });

  it('writes CSV with a byte-order mark, escaped formulas and quoted fields', async () => {
    const response = await download({ keyword: 'HYPERLINK', format: 'csv' });
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(response.headers['content-disposition'])).toMatch(/filename="goods-[\d-]+\.csv"/);
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe(
      '"商品ID","商品名称","商品编码","分类","价格（元）","最高价（元）","市场价（元）","库存","销量","SKU 数","上架状态","审核状态","排序","创建时间"',
    );
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.example"",""点我"")","'+86-123",`);
    expect(lines).toHaveLength(3);
  });

  it('answers bad filters with the envelope, not a broken file', async () => {
    const response = await download({ priceMin: '900', priceMax: '100' }, 'en');
    expect(response.headers['content-type']).toMatch(/json/);
    expect(response.json()).toMatchObject({
      Errcode: -1,
      Errmsg: 'priceMin must not be greater than priceMax',
    });
    const format = await download({ format: 'pdf' }, 'en');
    expect(format.json().Errmsg).toMatch(/format: must be one of xlsx, csv/);
  });

  it('needs the goods list permission', async () => {
    const response = await server.app.inject({ method: 'GET', url: `${API_BASE}${exportProductList.path}` });
    expect(response.statusCode).toBe(401);
  });
});
