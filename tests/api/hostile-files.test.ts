import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { API_BASE } from '../../contract/endpoint';
import { uploadImage } from '../../contract/endpoints/comm';
import { checkSendMobiles } from '../../contract/endpoints/coupons';
import {
  getShipImportTemplate,
  importShipments,
  SHIP_IMPORT_MAX_ROWS,
} from '../../contract/endpoints/orders';
import { startTestServer, type TestServer } from './harness';
import { multipartBody, solidPng } from './images';

/**
 * Files an attacker with upload rights might send: each multipart endpoint answers them with an
 * envelope error naming the file field, never HTTP 500, and stores nothing.
 */

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin');
});
afterAll(() => server.close());

async function send(
  path: string,
  file: { field?: string; filename: string; bytes: Buffer },
  fields: Record<string, string> = {},
) {
  const body = multipartBody({ contentType: 'application/octet-stream', ...file }, fields);
  const raw = await server.app.inject({
    method: 'POST',
    url: `${API_BASE}${path}`,
    headers: { authorization: `Bearer ${token}`, ...body.headers },
    payload: body.payload,
  });
  return { status: raw.statusCode, body: raw.json() };
}

/** A PNG whose header claims the given size over a 1×1 image's pixels: only the header is read. */
function pngClaiming(width: number, height: number): Buffer {
  const png = Buffer.from(solidPng(1, 1));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  return png;
}

async function zip(parts: Record<string, string>): Promise<Buffer> {
  const file = new yazl.ZipFile();
  for (const [name, content] of Object.entries(parts)) file.addBuffer(Buffer.from(content), name);
  file.end();
  const chunks: Buffer[] = [];
  for await (const chunk of file.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A valid workbook whose one sheet holds a single cell of the given size: tiny zipped, large unzipped. */
function inflatingWorkbook(cellBytes: number): Promise<Buffer> {
  return zip({
    'xl/workbook.xml':
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="a" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    'xl/worksheets/sheet1.xml': `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="2"><c r="A2" t="inlineStr"><is><t>${'9'.repeat(cellBytes)}</t></is></c></row></sheetData></worksheet>`,
  });
}

async function shipWorkbook(dataRows: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('发货');
  sheet.addRow(['订单号', '快递单号', '快递公司']);
  // A tracking number of one character fails its row before any database work, which keeps this fast.
  for (let index = 0; index < dataRows; index += 1) sheet.addRow([`2099${index}`, '!', 'ZTO']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function uploadCount() {
  const [row] = await server.query<{ count: number }>(sql`select count(*)::int as count from uploads`);
  return row!.count;
}

function expectFileRefused(
  response: { status: number; body: Record<string, unknown> },
  message: string | RegExp,
) {
  expect(response.status).toBe(200);
  expect(response.body.Errcode).toBe(-1);
  expect(response.body.Errors).toEqual([{ Field: 'file', Message: expect.stringMatching(message) }]);
}

describe('hostile files on every multipart endpoint', () => {
  const bomb = inflatingWorkbook(9 * 1024 * 1024);
  const variants: [string, () => Promise<Buffer> | Buffer][] = [
    ['an empty file', () => Buffer.alloc(0)],
    ['random bytes', () => Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256))],
    ['a PNG header claiming 2^31 × 2^31 pixels', () => pngClaiming(2 ** 31, 2 ** 31)],
    ['a zip that unzips to 9 MB', () => bomb],
    [
      'a workbook with nested XML entities',
      () =>
        zip({
          'xl/workbook.xml': `<!DOCTYPE w [<!ENTITY a "${'a'.repeat(1000)}"><!ENTITY b "${'&a;'.repeat(1000)}">]><workbook>&b;</workbook>`,
          'xl/_rels/workbook.xml.rels': '<Relationships/>',
        }),
    ],
    [
      'an SVG with a script',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
  ];
  const endpoints: { name: string; path: string; fields: Record<string, string> }[] = [
    { name: 'UploadImage1', path: uploadImage.path, fields: {} },
    { name: 'ImportShipments', path: importShipments.path, fields: { Carrier: 'ZTO' } },
    { name: 'CheckSendMobiles', path: checkSendMobiles.path, fields: {} },
  ];

  for (const endpoint of endpoints) {
    it.each(variants)(`${endpoint.name} refuses %s with the file field named`, async (_, bytes) => {
      const before = await uploadCount();
      const response = await send(
        endpoint.path,
        { filename: '../../\u0000evil.png', bytes: await bytes() },
        endpoint.fields,
      );
      expectFileRefused(response, /./);
      expect(await uploadCount()).toBe(before);
    });

    it(`${endpoint.name} refuses a file sent under another field name`, async () => {
      const response = await send(endpoint.path, {
        field: 'image',
        filename: 'a.png',
        bytes: solidPng(1, 1),
      });
      expectFileRefused(response, /field "file"/);
    });
  }
});

describe('image dimensions', () => {
  it('refuses a width that overflows the integer column (was HTTP 500)', async () => {
    const response = await send(uploadImage.path, { filename: 'wide.png', bytes: pngClaiming(2 ** 31, 1) });
    expectFileRefused(response, 'The image is 2147483648 × 1 pixels; at most 40 megapixels are accepted');
  });

  it('refuses 20,000 × 20,000 px and accepts 40 megapixels exactly', async () => {
    const huge = await send(uploadImage.path, { filename: 'huge.png', bytes: pngClaiming(20_000, 20_000) });
    expectFileRefused(huge, 'The image is 20000 × 20000 pixels; at most 40 megapixels are accepted');
    const over = await send(uploadImage.path, { filename: 'over.png', bytes: pngClaiming(8000, 5001) });
    expectFileRefused(over, /at most 40 megapixels/);
    const limit = await send(uploadImage.path, { filename: 'limit.png', bytes: pngClaiming(8000, 5000) });
    expect(limit.body).toMatchObject({ Errcode: 0, Width: 8000, Height: 5000 });
  });
});

describe('spreadsheet import limits', () => {
  it(`reads ${SHIP_IMPORT_MAX_ROWS} rows and refuses one more`, async () => {
    const atLimit = await send(
      importShipments.path,
      { filename: 'ship.xlsx', bytes: await shipWorkbook(SHIP_IMPORT_MAX_ROWS) },
      { Carrier: 'ZTO' },
    );
    expect(atLimit.body).toMatchObject({ Errcode: 0, Total: SHIP_IMPORT_MAX_ROWS });
    const over = await send(
      importShipments.path,
      { filename: 'ship.xlsx', bytes: await shipWorkbook(SHIP_IMPORT_MAX_ROWS + 1) },
      { Carrier: 'ZTO' },
    );
    expectFileRefused(over, `At most ${SHIP_IMPORT_MAX_ROWS} rows can be imported at once`);
  });

  it('refuses a workbook that unzips past the cap, while other calls keep answering', async () => {
    const bytes = await inflatingWorkbook(9 * 1024 * 1024);
    expect(bytes.length).toBeLessThan(64 * 1024);
    const [refused, other] = await Promise.all([
      send(importShipments.path, { filename: 'bomb.xlsx', bytes }, { Carrier: 'ZTO' }),
      server.app.inject({
        method: 'GET',
        url: `${API_BASE}${getShipImportTemplate.path}`,
        headers: { authorization: `Bearer ${token}` },
      }),
    ]);
    expectFileRefused(refused, 'The workbook unpacks to more than 8 MB; split it into smaller files');
    expect(other.statusCode).toBe(200);
  });
});
