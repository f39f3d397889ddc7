import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  type SQL,
  sql,
} from 'drizzle-orm';
import * as library from '../../../contract/endpoints/image-library';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { Database } from '../../db/client';
import { containsPattern } from '../../db/query';
import { uploads } from '../../db/schema';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { moduleTemplates } from '../module-library/tables';
import { posterDocuments } from '../poster/tables';
import { products } from '../product/tables';
import './messages';
import { folderOfSite } from './service';
import { imageFolders } from './tables';
import { findImageUses, type UsageSource } from './usage';

/** The shop's images among `ids`; refuses the call when any is missing or another shop's. */
async function imagesOfSite(db: Database, session: Session, ids: readonly number[]) {
  const rows = await db
    .select({ id: uploads.id, url: uploads.url, storedPath: uploads.storedPath, name: uploads.name })
    .from(uploads)
    .where(and(eq(uploads.siteId, session.siteId), inArray(uploads.id, [...ids])));
  const found = new Set(rows.map((row) => row.id));
  const missing = [...new Set(ids)].filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new AppError('imageLibrary.imagesNotFound', { ids: missing.join(', ') }, { field: 'Ids' });
  }
  return rows;
}

function anyMentions(column: SQL | AnyColumn, urls: readonly string[]): SQL {
  return sql.join(
    urls.map((url) => sql`strpos(${column}, ${url}) > 0`),
    sql` or `,
  );
}

/** What in the shop still shows these images: templates (saved or published), posters, goods. */
async function usageSources(db: Database, siteId: number, urls: readonly string[]): Promise<UsageSource[]> {
  const templates = await db
    .select({
      id: moduleTemplates.id,
      name: moduleTemplates.name,
      data: moduleTemplates.data,
      published: moduleTemplates.publishedData,
    })
    .from(moduleTemplates)
    .where(
      and(
        eq(moduleTemplates.siteId, siteId),
        sql`(${anyMentions(moduleTemplates.data, urls)} or ${anyMentions(sql`coalesce(${moduleTemplates.publishedData}, '')`, urls)})`,
      ),
    );
  const posters = await db
    .select({ id: posterDocuments.id, name: posterDocuments.name, data: posterDocuments.data })
    .from(posterDocuments)
    .where(and(eq(posterDocuments.siteId, siteId), sql`(${anyMentions(posterDocuments.data, urls)})`));
  const goods = await db
    .select({
      id: products.id,
      name: products.name,
      gallery: sql<string>`${products.gallery}::text`,
      description: products.description,
    })
    .from(products)
    .where(
      and(
        eq(products.siteId, siteId),
        sql`(${anyMentions(sql`${products.gallery}::text`, urls)} or ${anyMentions(products.description, urls)})`,
      ),
    );
  return [
    ...templates.map((row) => ({
      kind: 'template' as const,
      id: row.id,
      name: row.name,
      texts: [row.data, row.published ?? ''],
    })),
    ...posters.map((row) => ({ kind: 'poster' as const, id: row.id, name: row.name, texts: [row.data] })),
    ...goods.map((row) => ({
      kind: 'goods' as const,
      id: row.id,
      name: row.name,
      texts: [row.gallery, row.description],
    })),
  ];
}

async function assertFreeFolderName(db: Database, siteId: number, name: string, exceptId?: number) {
  const [same] = await db
    .select({ id: imageFolders.id })
    .from(imageFolders)
    .where(and(eq(imageFolders.siteId, siteId), eq(imageFolders.name, name)));
  if (same && same.id !== exceptId)
    throw new AppError('imageLibrary.folderNameTaken', { name }, { field: 'Name' });
}

const folderTarget = (id: number) => `imageFolder:${id}`;

export const imageLibraryRoutes = [
  defineRoute(library.getImageFolderList, async ({ db, session }) => {
    const folders = await db
      .select({ Id: imageFolders.id, Name: imageFolders.name, ImageCount: count(uploads.id) })
      .from(imageFolders)
      .leftJoin(uploads, and(eq(uploads.folderId, imageFolders.id), eq(uploads.siteId, session.siteId)))
      .where(eq(imageFolders.siteId, session.siteId))
      .groupBy(imageFolders.id, imageFolders.name)
      .orderBy(asc(imageFolders.name), asc(imageFolders.id));
    const [totals] = await db
      .select({
        total: count(),
        root: sql<number>`count(*) filter (where ${uploads.folderId} is null)`.mapWith(Number),
      })
      .from(uploads)
      .where(eq(uploads.siteId, session.siteId));
    return { Data: folders, RootCount: totals?.root ?? 0, TotalCount: totals?.total ?? 0 };
  }),

  defineRoute(library.setImageFolder, async ({ input, db, session }) => {
    return db.transaction(async (tx) => {
      if (input.Id !== undefined) {
        const id = input.Id;
        await folderOfSite(tx, session.siteId, id).catch(() => {
          throw new AppError('imageLibrary.folderNotFound', { id }, { field: 'Id' });
        });
        await assertFreeFolderName(tx, session.siteId, input.Name, input.Id);
        await tx
          .update(imageFolders)
          .set({ name: input.Name })
          .where(and(eq(imageFolders.id, input.Id), eq(imageFolders.siteId, session.siteId)));
        await audit(tx, session, 'imageFolder.rename', folderTarget(input.Id), { name: input.Name });
        return { Id: input.Id };
      }
      const [existing] = await tx
        .select({ value: count() })
        .from(imageFolders)
        .where(eq(imageFolders.siteId, session.siteId));
      if ((existing?.value ?? 0) >= library.MAX_IMAGE_FOLDERS) {
        throw new AppError(
          'imageLibrary.tooManyFolders',
          { max: library.MAX_IMAGE_FOLDERS },
          { field: 'Name' },
        );
      }
      await assertFreeFolderName(tx, session.siteId, input.Name);
      const [row] = await tx
        .insert(imageFolders)
        .values({ siteId: session.siteId, name: input.Name, createdBy: session.accountId })
        .returning({ id: imageFolders.id });
      await audit(tx, session, 'imageFolder.add', folderTarget(row!.id), { name: input.Name });
      return { Id: row!.id };
    });
  }),

  defineRoute(library.delImageFolder, async ({ input, db, session }) => {
    return db.transaction(async (tx) => {
      const [folder] = await tx
        .select()
        .from(imageFolders)
        .where(and(eq(imageFolders.id, input.Id), eq(imageFolders.siteId, session.siteId)));
      if (!folder) throw new AppError('imageLibrary.folderNotFound', { id: input.Id }, { field: 'Id' });
      const moved = await tx
        .update(uploads)
        .set({ folderId: null })
        .where(and(eq(uploads.siteId, session.siteId), eq(uploads.folderId, folder.id)))
        .returning({ id: uploads.id });
      await tx.delete(imageFolders).where(eq(imageFolders.id, folder.id));
      await audit(tx, session, 'imageFolder.delete', folderTarget(folder.id), {
        name: folder.name,
        movedToRoot: moved.length,
      });
      return { MovedImages: moved.length };
    });
  }),

  defineRoute(library.getImageList, async ({ input, db, session }) => {
    const conditions = [eq(uploads.siteId, session.siteId)];
    if (input.FolderId === 0) conditions.push(isNull(uploads.folderId));
    else if (input.FolderId !== undefined) conditions.push(eq(uploads.folderId, input.FolderId));
    if (input.Name) conditions.push(ilike(uploads.name, containsPattern(input.Name)));
    const where = and(...conditions);
    const rows = await db
      .select()
      .from(uploads)
      .where(where)
      .orderBy(desc(uploads.createdAt), desc(uploads.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
    const [total] = await db.select({ value: count() }).from(uploads).where(where);
    return {
      Data: rows.map((row) => ({
        Id: row.id,
        Name: row.name,
        Url: row.url,
        Width: row.width,
        Height: row.height,
        Size: row.size,
        FolderId: row.folderId ?? 0,
        CreatedAt: row.createdAt.toISOString(),
      })),
      Total: total?.value ?? 0,
    };
  }),

  defineRoute(library.setImage, async ({ input, db, session }) => {
    return db.transaction(async (tx) => {
      const images = await imagesOfSite(tx, session, input.Ids);
      const change: { name?: string; folderId?: number | null } = {};
      if (input.Name !== undefined) change.name = input.Name;
      if (input.FolderId !== undefined)
        change.folderId = await folderOfSite(tx, session.siteId, input.FolderId);
      const ids = images.map((image) => image.id);
      await tx
        .update(uploads)
        .set(change)
        .where(and(eq(uploads.siteId, session.siteId), inArray(uploads.id, ids)));
      await audit(tx, session, 'image.update', `uploads:${ids.join(',')}`, {
        name: input.Name,
        folderId: input.FolderId,
      });
      return { Updated: ids.length };
    });
  }),

  defineRoute(library.delImage, async ({ input, db, session, files }) => {
    const { deleted, usages } = await db.transaction(async (tx) => {
      const images = await imagesOfSite(tx, session, input.Ids);
      const uses = findImageUses(
        images.map((image) => image.url),
        await usageSources(
          tx,
          session.siteId,
          images.map((image) => image.url),
        ),
      );
      const usages = images
        .filter((image) => uses.has(image.url))
        .map((image) => ({ Id: image.id, Url: image.url, Uses: uses.get(image.url)! }));
      if (usages.length > 0 && input.Force !== true) return { deleted: [], usages };
      await tx.delete(uploads).where(
        and(
          eq(uploads.siteId, session.siteId),
          inArray(
            uploads.id,
            images.map((image) => image.id),
          ),
        ),
      );
      await audit(tx, session, 'image.delete', `uploads:${images.map((image) => image.id).join(',')}`, {
        urls: images.map((image) => image.url),
        forcedInUse: usages.map((usage) => usage.Id),
      });
      return { deleted: images, usages };
    });
    // Files go after the rows are gone for good; a file left behind is harmless, a row without one is not.
    for (const image of deleted) {
      await files.remove(image.storedPath).catch(() => undefined);
    }
    return { Deleted: deleted.length, Usages: usages };
  }),
];
