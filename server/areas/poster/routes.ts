import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import * as posters from '../../../contract/endpoints/posters';
import { blankPosterDocument, type PosterKind } from '../../../contract/poster-document';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { Database } from '../../db/client';
import { containsPattern } from '../../db/query';
import { AppError } from '../../http/errors';
import { defineRoute, hasPermission } from '../../http/route';
import { refuseStale } from '../../http/stale';
import './messages';
import { type PosterRow, readPosterData, summaryOf } from './poster-data';
import { certificateRecords, posterDocuments, sharePosters } from './tables';

function minePoster(session: Session, id: number) {
  return and(eq(posterDocuments.id, id), eq(posterDocuments.siteId, session.siteId));
}

function mineShare(session: Session, id: number) {
  return and(eq(sharePosters.id, id), eq(sharePosters.siteId, session.siteId));
}

async function findPoster(
  db: Database,
  session: Session,
  id: number,
  field: string,
  kind?: PosterKind,
): Promise<PosterRow> {
  const [row] = await db.select().from(posterDocuments).where(minePoster(session, id));
  if (!row) throw new AppError('poster.notFound', { id }, { field });
  if (kind && row.kind !== kind) throw new AppError('poster.wrongKind', { id }, { field });
  return row;
}

async function findShare(db: Database, session: Session, id: number) {
  const [row] = await db.select().from(sharePosters).where(mineShare(session, id));
  if (!row) throw new AppError('poster.shareNotFound', { id }, { field: 'Id' });
  return row;
}

/** Share-poster state of the shop's posters: in the list, and whether in use. */
async function sharedPosters(db: Database, siteId: number): Promise<Map<number, boolean>> {
  const rows = await db
    .select({ posterId: sharePosters.posterId, inUse: sharePosters.inUse })
    .from(sharePosters)
    .where(eq(sharePosters.siteId, siteId));
  return new Map(rows.map((row) => [row.posterId, row.inUse]));
}

/** Only one share poster in use per shop: clears the others before setting one. */
async function makeShareCurrent(db: Database, session: Session, id: number) {
  await db
    .update(sharePosters)
    .set({ inUse: false })
    .where(and(eq(sharePosters.siteId, session.siteId), eq(sharePosters.inUse, true)));
  await db.update(sharePosters).set({ inUse: true }).where(mineShare(session, id));
}

export const posterRoutes = [
  defineRoute(posters.getPosterList, async ({ input, db, session }) => {
    const conditions = [eq(posterDocuments.siteId, session.siteId), eq(posterDocuments.kind, input.Kind)];
    if (input.Name) conditions.push(ilike(posterDocuments.name, containsPattern(input.Name)));
    const where = and(...conditions);
    const rows = await db
      .select()
      .from(posterDocuments)
      .where(where)
      .orderBy(desc(posterDocuments.updatedAt), desc(posterDocuments.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
    const [total] = await db.select({ value: count() }).from(posterDocuments).where(where);
    const shared = await sharedPosters(db, session.siteId);
    return { Data: rows.map((row) => summaryOf(row, shared)), Total: total?.value ?? 0 };
  }),

  defineRoute(posters.getPosterData, async ({ input, db, session }) => {
    const row = await findPoster(db, session, input.Id, 'Id');
    return { ...summaryOf(row, await sharedPosters(db, session.siteId)), Data: row.data };
  }),

  defineRoute(posters.addPoster, async ({ input, db, session }) => {
    let data: string;
    let size: { width: number; height: number };
    if (input.CopyFromId !== undefined) {
      const source = await findPoster(db, session, input.CopyFromId, 'CopyFromId', input.Kind);
      data = source.data;
      size = { width: source.width, height: source.height };
    } else {
      const blank = blankPosterDocument(
        input.Kind,
        input.Width && input.Height ? { width: input.Width, height: input.Height } : undefined,
      );
      data = JSON.stringify(blank);
      size = { width: blank.width, height: blank.height };
    }
    const created = await db.transaction(async (tx) => {
      // One shop adding designs at once must not slip past the limit.
      await tx.execute(sql`select pg_advisory_xact_lock(4302, ${session.siteId}::int)`);
      const [existing] = await tx
        .select({ total: count() })
        .from(posterDocuments)
        .where(eq(posterDocuments.siteId, session.siteId));
      if ((existing?.total ?? 0) >= posters.MAX_POSTERS_PER_SITE)
        throw new AppError('poster.tooMany', { max: posters.MAX_POSTERS_PER_SITE });
      const [row] = await tx
        .insert(posterDocuments)
        .values({
          siteId: session.siteId,
          kind: input.Kind,
          name: input.Name,
          data,
          ...size,
          createdBy: session.accountId,
          updatedBy: session.accountId,
        })
        .returning();
      await audit(tx, session, 'poster.add', `poster:${row!.id}`, {
        kind: input.Kind,
        name: input.Name,
        copyOf: input.CopyFromId ?? null,
      });
      return row!;
    });
    return { Id: created.id, Version: created.version };
  }),

  defineRoute(posters.setPoster, async ({ input, db, session, locale, reply }) => {
    const row = await findPoster(db, session, input.Id, 'Id');
    if (row.kind === 'certificate' && !hasPermission(session, posters.EDIT_CERTIFICATE_PERMISSION))
      throw new AppError('poster.certificateEditDenied', {}, { field: 'Id' });
    const read = input.Data === undefined ? null : readPosterData(input.Data, locale);
    // Guarded write: only the version the editor started from may be replaced.
    const [saved] = await db
      .update(posterDocuments)
      .set({
        ...(read ? { data: read.json, width: read.document.width, height: read.document.height } : {}),
        ...(input.Name !== undefined ? { name: input.Name } : {}),
        version: sql`${posterDocuments.version} + 1`,
        updatedAt: new Date(),
        updatedBy: session.accountId,
      })
      .where(and(minePoster(session, input.Id), eq(posterDocuments.version, input.Version)))
      .returning({ version: posterDocuments.version });
    if (!saved) {
      const current = await findPoster(db, session, input.Id, 'Id');
      return refuseStale(reply, {
        locale,
        message: 'poster.staleSave',
        yours: input.Version,
        current: current.version,
      });
    }
    await audit(db, session, 'poster.save', `poster:${input.Id}`, {
      from: input.Version,
      to: saved.version,
      name: input.Name ?? null,
      elements: read?.document.elements.length ?? null,
    });
    return { Version: saved.version };
  }),

  defineRoute(posters.delPoster, async ({ input, db, session }) => {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(posterDocuments)
        .where(minePoster(session, input.Id))
        .for('update');
      if (!row) throw new AppError('poster.notFound', { id: input.Id }, { field: 'Id' });
      if (row.inUse) throw new AppError('poster.deleteCertificateInUse', {}, { field: 'Id' });
      const [share] = await tx
        .select({ inUse: sharePosters.inUse })
        .from(sharePosters)
        .where(and(eq(sharePosters.siteId, session.siteId), eq(sharePosters.posterId, input.Id)));
      if (share?.inUse) throw new AppError('poster.deleteInUse', {}, { field: 'Id' });
      const [issued] = await tx
        .select({ value: count() })
        .from(certificateRecords)
        .where(
          and(eq(certificateRecords.siteId, session.siteId), eq(certificateRecords.certificateId, input.Id)),
        );
      if ((issued?.value ?? 0) > 0)
        throw new AppError('poster.deleteIssued', { count: issued!.value }, { field: 'Id' });
      await tx.delete(posterDocuments).where(minePoster(session, input.Id));
      await audit(tx, session, 'poster.delete', `poster:${input.Id}`, { kind: row.kind, name: row.name });
    });
    return {};
  }),

  defineRoute(posters.getSharePosterList, async ({ input, db, session }) => {
    const where = eq(sharePosters.siteId, session.siteId);
    const rows = await db
      .select({ share: sharePosters, posterName: posterDocuments.name })
      .from(sharePosters)
      .innerJoin(posterDocuments, eq(posterDocuments.id, sharePosters.posterId))
      .where(where)
      .orderBy(desc(sharePosters.inUse), desc(sharePosters.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
    const [total] = await db.select({ value: count() }).from(sharePosters).where(where);
    return {
      Data: rows.map(({ share, posterName }) => ({
        Id: share.id,
        PosterId: share.posterId,
        PosterName: posterName,
        Title: share.title,
        InUse: share.inUse,
        CreatedAt: share.createdAt.toISOString(),
      })),
      Total: total?.value ?? 0,
    };
  }),

  defineRoute(posters.addMySharePoster, async ({ input, db, session }) => {
    await findPoster(db, session, input.PosterId, 'PosterId', 'poster');
    const id = await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: sharePosters.id })
        .from(sharePosters)
        .where(and(eq(sharePosters.siteId, session.siteId), eq(sharePosters.posterId, input.PosterId)));
      if (existing) throw new AppError('poster.alreadyShared', {}, { field: 'PosterId' });
      const [row] = await tx
        .insert(sharePosters)
        .values({ siteId: session.siteId, posterId: input.PosterId, title: input.Title ?? '' })
        .returning({ id: sharePosters.id });
      if (input.Use) await makeShareCurrent(tx, session, row!.id);
      await audit(tx, session, 'poster.shareAdd', `share:${row!.id}`, {
        posterId: input.PosterId,
        use: input.Use ?? false,
      });
      return row!.id;
    });
    return { Id: id };
  }),

  defineRoute(posters.useMySharePoster, async ({ input, db, session }) => {
    await findShare(db, session, input.Id);
    await db.transaction(async (tx) => {
      await makeShareCurrent(tx, session, input.Id);
      await audit(tx, session, 'poster.shareUse', `share:${input.Id}`);
    });
    return {};
  }),

  defineRoute(posters.delMySharePoster, async ({ input, db, session }) => {
    const share = await findShare(db, session, input.Id);
    if (share.inUse) throw new AppError('poster.shareInUseDelete', {}, { field: 'Id' });
    await db.delete(sharePosters).where(mineShare(session, input.Id));
    await audit(db, session, 'poster.shareDelete', `share:${input.Id}`, { posterId: share.posterId });
    return {};
  }),

  defineRoute(posters.updateAccountSharePoster, async ({ input, db, session }) => {
    const share = await findShare(db, session, input.Id);
    if (input.PosterId !== undefined && input.PosterId !== share.posterId) {
      await findPoster(db, session, input.PosterId, 'PosterId', 'poster');
      const [taken] = await db
        .select({ id: sharePosters.id })
        .from(sharePosters)
        .where(and(eq(sharePosters.siteId, session.siteId), eq(sharePosters.posterId, input.PosterId)));
      if (taken) throw new AppError('poster.alreadyShared', {}, { field: 'PosterId' });
    }
    await db
      .update(sharePosters)
      .set({
        ...(input.Title !== undefined ? { title: input.Title } : {}),
        ...(input.PosterId !== undefined ? { posterId: input.PosterId } : {}),
      })
      .where(mineShare(session, input.Id));
    await audit(db, session, 'poster.shareUpdate', `share:${input.Id}`, {
      before: { title: share.title, posterId: share.posterId },
      after: { title: input.Title ?? share.title, posterId: input.PosterId ?? share.posterId },
    });
    return {};
  }),

  defineRoute(posters.getCertificateDataList, async ({ input, db, session }) => {
    const conditions = [eq(certificateRecords.siteId, session.siteId)];
    if (input.CertificateId !== undefined)
      conditions.push(eq(certificateRecords.certificateId, input.CertificateId));
    if (input.HolderName)
      conditions.push(ilike(certificateRecords.holderName, containsPattern(input.HolderName)));
    const where = and(...conditions);
    const rows = await db
      .select({ record: certificateRecords, certificateName: posterDocuments.name })
      .from(certificateRecords)
      .innerJoin(posterDocuments, eq(posterDocuments.id, certificateRecords.certificateId))
      .where(where)
      .orderBy(desc(certificateRecords.issueDate), desc(certificateRecords.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
    const [total] = await db.select({ value: count() }).from(certificateRecords).where(where);
    return {
      Data: rows.map(({ record, certificateName }) => ({
        Id: record.id,
        CertificateId: record.certificateId,
        CertificateName: certificateName,
        HolderName: record.holderName,
        Number: record.number,
        IssueDate: record.issueDate,
        UpdatedAt: record.updatedAt.toISOString(),
      })),
      Total: total?.value ?? 0,
    };
  }),

  defineRoute(posters.setCertificateData, async ({ input, db, session }) => {
    await findPoster(db, session, input.CertificateId, 'CertificateId', 'certificate');
    const values = {
      certificateId: input.CertificateId,
      holderName: input.HolderName,
      number: input.Number,
      issueDate: input.IssueDate,
    };
    const id = await db.transaction(async (tx) => {
      const [clash] = await tx
        .select({ id: certificateRecords.id })
        .from(certificateRecords)
        .where(
          and(eq(certificateRecords.siteId, session.siteId), eq(certificateRecords.number, input.Number)),
        );
      if (clash && clash.id !== input.Id)
        throw new AppError('poster.numberTaken', { number: input.Number }, { field: 'Number' });
      if (input.Id === undefined) {
        const [row] = await tx
          .insert(certificateRecords)
          .values({ siteId: session.siteId, ...values })
          .returning({ id: certificateRecords.id });
        await audit(tx, session, 'poster.certificateIssue', `certificate:${row!.id}`, values);
        return row!.id;
      }
      const [row] = await tx
        .update(certificateRecords)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(certificateRecords.id, input.Id), eq(certificateRecords.siteId, session.siteId)))
        .returning({ id: certificateRecords.id });
      if (!row) throw new AppError('poster.certificateDataNotFound', { id: input.Id }, { field: 'Id' });
      await audit(tx, session, 'poster.certificateUpdate', `certificate:${row.id}`, values);
      return row.id;
    });
    return { Id: id };
  }),

  defineRoute(posters.updateAccountCertificate, async ({ input, db, session }) => {
    await findPoster(db, session, input.CertificateId, 'CertificateId', 'certificate');
    await db.transaction(async (tx) => {
      await tx
        .update(posterDocuments)
        .set({ inUse: false })
        .where(
          and(
            eq(posterDocuments.siteId, session.siteId),
            eq(posterDocuments.kind, 'certificate'),
            eq(posterDocuments.inUse, true),
          ),
        );
      await tx.update(posterDocuments).set({ inUse: true }).where(minePoster(session, input.CertificateId));
      await audit(tx, session, 'poster.certificateUse', `poster:${input.CertificateId}`);
    });
    return {};
  }),
];
