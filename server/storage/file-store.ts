import type { Readable } from 'node:stream';
import type { StorageConfig } from '../config';
import { LocalFileStore } from './local-file-store';
import { S3FileStore } from './s3-file-store';

export interface StoredFile {
  body: Readable;
  contentType: string;
  size: number;
  etag?: string;
}

/**
 * Where uploaded files live, by key (`<site>/<random>.<ext>`, the part of the URL after /uploads/).
 * The embedded default is a folder under DATA_DIR; several instances share one S3 bucket instead.
 */
export interface FileStore {
  readonly kind: StorageConfig['kind'];
  /** Writes a file under a new key; keys are random, so an existing one is an error, never replaced. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file, or null when no file has that key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes a file; a key already gone is not an error. */
  remove(key: string): Promise<void>;
}

const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Whether a key is one the stores accept: folder names and a file name, nothing that climbs out. */
export function isFileKey(key: string): boolean {
  return key.length <= 512 && KEY_PATTERN.test(key);
}

export function assertFileKey(key: string): void {
  if (!isFileKey(key)) throw new Error(`Not a file key: ${JSON.stringify(key)}`);
}

export function createFileStore(config: StorageConfig): FileStore {
  return config.kind === 'local' ? new LocalFileStore(config.directory) : new S3FileStore(config);
}
