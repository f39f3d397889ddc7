import { createReadStream } from 'node:fs';
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertFileKey, type FileStore, type StoredFile } from './file-store';

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** Files in a folder (DATA_DIR/uploads); the app serves that folder itself, with ranges and ETags. */
export class LocalFileStore implements FileStore {
  readonly kind = 'local';

  constructor(readonly directory: string) {}

  async put(key: string, bytes: Buffer): Promise<void> {
    assertFileKey(key);
    const target = path.join(this.directory, key);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes, { flag: 'wx' });
  }

  async get(key: string): Promise<StoredFile | null> {
    assertFileKey(key);
    const target = path.join(this.directory, key);
    const info = await stat(target).catch(() => null);
    if (!info?.isFile()) return null;
    const extension = path.extname(key).slice(1).toLowerCase();
    return {
      body: createReadStream(target),
      contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
      size: info.size,
    };
  }

  async remove(key: string): Promise<void> {
    assertFileKey(key);
    await unlink(path.join(this.directory, key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
}
