import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract/endpoint';
import { uploadImage } from '../../contract/endpoints/comm';
import { delImage } from '../../contract/endpoints/image-library';
import { startTestServer, type TestServer } from './harness';
import { multipartBody, solidPng } from './images';
import { type LocalS3, S3_BUCKET, startLocalS3 } from './s3-server';

let s3: LocalS3;
let server: TestServer;
let token: string;
/** Its own data folder: other test files upload into the shared one while this one runs. */
let dataDir: string;
beforeAll(async () => {
  s3 = await startLocalS3();
  dataDir = mkdtempSync(path.join(tmpdir(), 'object-storage-'));
  server = await startTestServer({ env: { ...s3.env, DATA_DIR: dataDir } });
  token = await server.login('admin');
});
afterAll(async () => {
  await server.close();
  await s3.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every file under a folder, as paths relative to it. */
function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

async function upload(bytes: Buffer) {
  const body = multipartBody({ filename: 'banner.png', contentType: 'image/png', bytes });
  const raw = await server.app.inject({
    method: 'POST',
    url: `${API_BASE}${uploadImage.path}`,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
  return raw.json() as { Errcode: number; Id: number; Url: string };
}

describe('uploads with STORAGE=s3', () => {
  it('puts an uploaded image in the bucket, under the prefix, and none in DATA_DIR', async () => {
    const localBefore = filesUnder(path.join(dataDir, 'uploads'));
    const bytes = solidPng(3, 2);
    const uploaded = await upload(bytes);
    expect(uploaded.Errcode).toBe(0);
    const key = uploaded.Url.replace(/^\/uploads\//, '');
    expect(filesUnder(s3.directory).some((file) => file.startsWith(`${S3_BUCKET}/uploads/${key}`))).toBe(
      true,
    );
    expect(filesUnder(path.join(dataDir, 'uploads'))).toEqual(localBefore);

    const served = await server.app.inject({ method: 'GET', url: uploaded.Url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=604800');
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('removes the object when the image library deletes the image', async () => {
    const uploaded = await upload(solidPng(4, 4));
    const deleted = await server.call(delImage, { Ids: [uploaded.Id] }, { token });
    expect(deleted.body).toMatchObject({ Errcode: 0, Deleted: 1 });
    const served = await server.app.inject({ method: 'GET', url: uploaded.Url });
    expect(served.statusCode).toBe(404);
    expect(served.json()).toMatchObject({ Errcode: -1 });
  });

  it.each(['/uploads/1/missing.png', '/uploads/..%2f..%2fetc/passwd', '/uploads/1/.hidden'])(
    'answers %s with a 404 envelope',
    async (url) => {
      const served = await server.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(404);
      expect(served.json()).toMatchObject({ Errcode: -1 });
    },
  );
});
