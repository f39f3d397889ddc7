import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { Database } from '../../db/client';
import { uploads } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { FileStore } from '../../storage/file-store';
import { type ImageFormat, imageSize } from './image-size';

/** Formats accepted, keyed by what file-type detects from the content (an APNG is still a PNG). */
const ACCEPTED: Record<string, { format: ImageFormat; extension: string }> = {
  'image/png': { format: 'png', extension: 'png' },
  'image/apng': { format: 'png', extension: 'png' },
  'image/jpeg': { format: 'jpg', extension: 'jpg' },
  'image/gif': { format: 'gif', extension: 'gif' },
  'image/webp': { format: 'webp', extension: 'webp' },
};

export interface StoredImage {
  Id: number;
  Url: string;
  Width: number;
  Height: number;
}

/** Keeps the name the browser sent for display only: no folders, no control characters, bounded. */
export function displayName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);
}

/**
 * Checks that the bytes are an image by their content, not their name, reads its size from the
 * header, stores it as <site>/<random name> (DATA_DIR/uploads or the bucket) and records it for the site.
 */
export async function storeImage(
  db: Database,
  session: Session,
  files: FileStore,
  file: { bytes: Buffer; filename: string; folderId?: number | null },
): Promise<StoredImage> {
  const detected = await fileTypeFromBuffer(file.bytes);
  const accepted = detected ? ACCEPTED[detected.mime] : undefined;
  const size = accepted ? imageSize(file.bytes, accepted.format) : null;
  if (!detected || !accepted || !size) throw new AppError('upload.notImage', {}, { field: 'file' });

  const storedName = `${randomBytes(12).toString('hex')}.${accepted.extension}`;
  const relative = `${session.siteId}/${storedName}`;
  await files.put(relative, file.bytes, detected.mime);
  const url = `/uploads/${relative}`;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(uploads)
        .values({
          siteId: session.siteId,
          folderId: file.folderId ?? null,
          name: displayName(file.filename),
          storedPath: relative,
          url,
          mime: detected.mime,
          size: file.bytes.length,
          width: size.width,
          height: size.height,
          createdBy: session.accountId,
        })
        .returning({ id: uploads.id });
      await audit(tx, session, 'upload.image', `upload:${row!.id}`, {
        url,
        mime: detected.mime,
        size: file.bytes.length,
      });
      return { Id: row!.id, Url: url, Width: size.width, Height: size.height };
    });
  } catch (error) {
    await files.remove(relative).catch(() => undefined);
    throw error;
  }
}
