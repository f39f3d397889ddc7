import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export const S3_BUCKET = 'shop-files';

/** s3rver's fixed credentials: it checks signatures against these. */
const S3_KEY = 'S3RVER';

export interface LocalS3 {
  /** The environment that points a server at this bucket. */
  env: Record<string, string>;
  /** Folder where s3rver keeps the objects. */
  directory: string;
  close(): Promise<void>;
}

/** An S3-compatible server on a free loopback port, with one empty bucket, in a temp folder. */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'shop-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: S3_BUCKET }],
  });
  const { port } = await server.run();
  return {
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET,
      S3_ACCESS_KEY_ID: S3_KEY,
      S3_SECRET_ACCESS_KEY: S3_KEY,
      S3_PREFIX: 'uploads/',
    },
    directory,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
