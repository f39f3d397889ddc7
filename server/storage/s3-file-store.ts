import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { StorageConfig } from '../config';
import { assertFileKey, type FileStore, type StoredFile } from './file-store';

type S3Config = Extract<StorageConfig, { kind: 's3' }>;

/**
 * Files in a bucket of any S3-compatible service (AWS S3, MinIO, Aliyun OSS, Tencent COS…) through
 * its REST API with Signature V4: three calls, so a signing library (aws4fetch) is enough and the
 * full AWS SDK stays out. Server-only; the browser asks /uploads/… and the server answers.
 */
export class S3FileStore implements FileStore {
  readonly kind = 's3';
  private readonly client: AwsClient;

  constructor(private readonly config: S3Config) {
    this.client = new AwsClient({
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      region: config.region,
      service: 's3',
    });
  }

  /** The object's URL, path-style (`host/bucket/key`) or virtual-hosted (`bucket.host/key`). */
  objectUrl(key: string): string {
    const endpoint = new URL(this.config.endpoint);
    const objectPath = `${this.config.prefix}${key}`.split('/').map(encodeURIComponent).join('/');
    if (this.config.urlStyle === 'virtual-hosted') {
      return `${endpoint.protocol}//${this.config.bucket}.${endpoint.host}/${objectPath}`;
    }
    return `${endpoint.protocol}//${endpoint.host}/${this.config.bucket}/${objectPath}`;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertFileKey(key);
    const response = await this.client.fetch(this.objectUrl(key), {
      method: 'PUT',
      // A copy typed on a plain ArrayBuffer, as fetch's body type asks; images are a few MB at most.
      body: new Uint8Array(bytes),
      headers: { 'content-type': contentType, 'content-length': String(bytes.length) },
    });
    await expectOk(response, 'PUT', key);
  }

  async get(key: string): Promise<StoredFile | null> {
    assertFileKey(key);
    const response = await this.client.fetch(this.objectUrl(key));
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    await expectOk(response, 'GET', key);
    if (!response.body) return null;
    return {
      body: Readable.fromWeb(response.body as WebReadableStream),
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      size: Number(response.headers.get('content-length') ?? 0),
      etag: response.headers.get('etag') ?? undefined,
    };
  }

  async remove(key: string): Promise<void> {
    assertFileKey(key);
    const response = await this.client.fetch(this.objectUrl(key), { method: 'DELETE' });
    if (response.status === 404) return;
    await expectOk(response, 'DELETE', key);
  }
}

async function expectOk(response: Response, method: string, key: string): Promise<void> {
  if (response.ok) {
    if (method !== 'GET') await response.body?.cancel();
    return;
  }
  const detail = (await response.text()).slice(0, 300);
  throw new Error(`S3 ${method} ${key}: HTTP ${response.status} ${detail}`);
}
