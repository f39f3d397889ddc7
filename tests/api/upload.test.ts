import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract/endpoint';
import { uploadImage } from '../../contract/endpoints/comm';
import { UPLOAD_LIMIT } from '../../server/http/limits';
import { startTestServer, type TestServer } from './harness';
import { multipartBody, solidPng, tinyGif } from './images';
import { TEST_ENV } from './test-env';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin');
});
afterAll(() => server.close());

const url = `${API_BASE}${uploadImage.path}`;

async function upload(
  file: Parameters<typeof multipartBody>[0],
  options: { token?: string | null; fields?: Record<string, string>; locale?: string } = {},
) {
  const body = multipartBody(file, options.fields);
  const headers: Record<string, string> = { ...body.headers };
  const bearer = options.token === undefined ? token : options.token;
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (options.locale) headers['accept-language'] = options.locale;
  const raw = await server.app.inject({ method: 'POST', url, headers, payload: body.payload });
  return { status: raw.statusCode, body: raw.json() };
}

async function uploadCount() {
  const [row] = await server.query<{ count: number }>(sql`select count(*)::int as count from uploads`);
  return row!.count;
}

describe('UploadImage1', () => {
  it('stores a real PNG under the site’s folder, records it and serves it back by URL', async () => {
    const png = solidPng(3, 2);
    const response = await upload({ filename: 'logo.png', contentType: 'image/png', bytes: png });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ Errcode: 0, Width: 3, Height: 2 });
    expect(response.body.Url).toMatch(/^\/uploads\/1\/[0-9a-f]{24}\.png$/);

    const served = await server.app.inject({ method: 'GET', url: response.body.Url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(served.rawPayload, png)).toBe(0);
    expect(existsSync(path.resolve(TEST_ENV.DATA_DIR, response.body.Url.slice(1)))).toBe(true);

    const [row] = await server.query<Record<string, unknown>>(
      sql`select * from uploads where id = ${response.body.Id}`,
    );
    expect(row).toMatchObject({
      site_id: 1,
      name: 'logo.png',
      mime: 'image/png',
      size: png.length,
      width: 3,
      height: 2,
    });
    const [entry] = await server.query<{ action: string; site_id: number }>(
      sql`select action, site_id from audit_log where target = ${`upload:${response.body.Id}`}`,
    );
    expect(entry).toEqual({ action: 'upload.image', site_id: 1 });
  });

  it('goes by content, not by name: a GIF called .png is stored as the GIF it is', async () => {
    const response = await upload({
      filename: 'photo.png',
      contentType: 'image/png',
      bytes: tinyGif(40, 30),
    });
    expect(response.body).toMatchObject({ Errcode: 0, Width: 40, Height: 30 });
    expect(response.body.Url).toMatch(/\.gif$/);
  });

  it('refuses text dressed up as a PNG and stores nothing', async () => {
    const before = await uploadCount();
    const response = await upload({
      filename: 'evil.png',
      contentType: 'image/png',
      bytes: Buffer.from('<script>alert(1)</script> this is not an image'),
    });
    expect(response.body.Errcode).toBe(-1);
    expect(response.body.Errmsg).toBe(
      'The file is not an image (PNG, JPEG, GIF or WebP); its content was checked, not its name',
    );
    expect(await uploadCount()).toBe(before);
  });

  it('refuses an SVG, which could carry script', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const response = await upload(
      { filename: 'icon.svg', contentType: 'image/svg+xml', bytes: svg },
      { locale: 'zh' },
    );
    expect(response.body.Errcode).toBe(-1);
    expect(response.body.Errmsg).toMatch(/^文件不是图片/);
  });

  it('refuses a PNG whose header is cut short', async () => {
    const response = await upload({
      filename: 'cut.png',
      contentType: 'image/png',
      bytes: solidPng(4, 4).subarray(0, 20),
    });
    expect(response.body.Errcode).toBe(-1);
  });

  it('refuses a file over the size limit with a clear message, not a 500', async () => {
    const before = await uploadCount();
    const big = Buffer.concat([solidPng(1, 1), Buffer.alloc(UPLOAD_LIMIT + 1)]);
    const response = await upload({ filename: 'big.png', contentType: 'image/png', bytes: big });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ Errcode: -1, Errmsg: 'The image is larger than 5 MB' });
    expect(await uploadCount()).toBe(before);
  });

  it('asks for the file when the field is named otherwise or the body is not multipart', async () => {
    const misnamed = await upload({
      field: 'image',
      filename: 'a.png',
      contentType: 'image/png',
      bytes: solidPng(1, 1),
    });
    expect(misnamed.body).toMatchObject({ Errcode: -1, Errmsg: 'No file was uploaded (field "file")' });
    const json = await server.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}` },
      payload: { file: 'iVBORw0KGgo=' },
    });
    expect(json.json()).toMatchObject({ Errcode: -1, Errmsg: 'No file was uploaded (field "file")' });
  });

  it('refuses unknown text fields sent beside the file', async () => {
    const response = await upload(
      { filename: 'a.png', contentType: 'image/png', bytes: solidPng(1, 1) },
      { fields: { folderId: '7' } },
    );
    expect(response.body).toMatchObject({ Errcode: -1, Errmsg: 'folderId: unknown field' });
  });

  it('needs a login', async () => {
    const response = await upload(
      { filename: 'a.png', contentType: 'image/png', bytes: solidPng(1, 1) },
      { token: null },
    );
    expect(response.status).toBe(401);
    expect(response.body.Errcode).toBe(-1);
  });

  it('keeps each site’s files in its own folder', async () => {
    const response = await upload(
      { filename: 'b.png', contentType: 'image/png', bytes: solidPng(2, 2) },
      { token: await server.login('site2') },
    );
    expect(response.body.Url).toMatch(/^\/uploads\/2\//);
    const [row] = await server.query<{ site_id: number }>(
      sql`select site_id from uploads where id = ${response.body.Id}`,
    );
    expect(row?.site_id).toBe(2);
  });

  it('answers an unknown upload path with the 404 envelope, not the app', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/uploads/1/missing.png' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ Errcode: -1 });
  });
});
