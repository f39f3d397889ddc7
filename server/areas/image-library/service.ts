import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { imageFolders } from './tables';

/** Checks that a folder id (0: the root) is one of the shop's; returns what uploads.folder_id gets. */
export async function folderOfSite(
  db: Database,
  siteId: number,
  folderId: number | undefined,
): Promise<number | null> {
  if (!folderId) return null;
  const [folder] = await db
    .select({ id: imageFolders.id })
    .from(imageFolders)
    .where(and(eq(imageFolders.id, folderId), eq(imageFolders.siteId, siteId)));
  if (!folder) throw new AppError('imageLibrary.folderNotFound', { id: folderId }, { field: 'FolderId' });
  return folder.id;
}
