import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  FaceConfigForm,
  faceConfigDetailSchema,
  faceConfigRowSchema,
} from '../../../contract/endpoints/orders';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../http/errors';
import { staleVersion } from './errors';
import { faceConfigs, type Kuaidi100Record, type SenderRecord } from './tables';

/** Carrier accounts and face-sheet templates (faceConfig, editFaceConfig). */

export type FaceConfigRecord = typeof faceConfigs.$inferSelect;

export function senderAddress(sender: SenderRecord): string {
  return `${sender.Province}${sender.City}${sender.District}${sender.Detail}`;
}

function toRow(record: FaceConfigRecord): z.infer<typeof faceConfigRowSchema> {
  return {
    Id: record.id,
    Name: record.name,
    Carrier: record.carrier as z.infer<typeof faceConfigRowSchema>['Carrier'],
    Paper: record.paper,
    SenderName: record.sender.Name,
    SenderPhone: record.sender.Phone,
    SenderAddress: senderAddress(record.sender),
    IsDefault: record.isDefault,
    Provider: record.provider,
    Version: record.version,
  };
}

export async function listFaceConfigs(db: Executor, siteId: number) {
  const rows = await db
    .select()
    .from(faceConfigs)
    .where(and(eq(faceConfigs.siteId, siteId), isNull(faceConfigs.deletedAt)))
    .orderBy(desc(faceConfigs.isDefault), asc(faceConfigs.id));
  return rows.map(toRow);
}

/** A live carrier account of the site; locked when `lock`. */
export async function findFaceConfig(
  db: Executor,
  siteId: number,
  id: number,
  lock = false,
): Promise<FaceConfigRecord> {
  const query = db
    .select()
    .from(faceConfigs)
    .where(and(eq(faceConfigs.id, id), eq(faceConfigs.siteId, siteId), isNull(faceConfigs.deletedAt)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('order.faceConfigNotFound', { id }, { field: 'Id' });
  return row;
}

export function faceConfigDetail(record: FaceConfigRecord): z.infer<typeof faceConfigDetailSchema> {
  const account = record.kuaidi100;
  return {
    ...toRow(record),
    Sender: record.sender,
    Kuaidi100: account
      ? {
          Key: account.Key,
          PartnerId: account.PartnerId,
          PartnerName: account.PartnerName,
          Net: account.Net,
          Code: account.Code,
          TempId: account.TempId,
          ExpType: account.ExpType,
          HasSecret: account.Secret !== '',
          HasPartnerKey: account.PartnerKey !== '',
          HasPartnerSecret: account.PartnerSecret !== '',
        }
      : null,
  };
}

/** The stored account after a save: write-only fields left out keep their stored value. */
export function mergeKuaidi100(
  form: NonNullable<FaceConfigForm['Kuaidi100']>,
  stored: Kuaidi100Record | null,
): Kuaidi100Record {
  const keep = (given: string | undefined, previous: string | undefined) =>
    given !== undefined && given !== '' ? given : (previous ?? '');
  return {
    Key: form.Key,
    Secret: keep(form.Secret, stored?.Secret),
    PartnerId: form.PartnerId,
    PartnerKey: keep(form.PartnerKey, stored?.PartnerKey),
    PartnerSecret: keep(form.PartnerSecret, stored?.PartnerSecret),
    PartnerName: form.PartnerName,
    Net: form.Net,
    Code: form.Code,
    TempId: form.TempId,
    ExpType: form.ExpType,
  };
}

async function clearDefault(tx: Executor, siteId: number, except: number): Promise<void> {
  await tx
    .update(faceConfigs)
    .set({ isDefault: false, version: sql`${faceConfigs.version} + 1`, updatedAt: new Date() })
    .where(and(eq(faceConfigs.siteId, siteId), eq(faceConfigs.isDefault, true), ne(faceConfigs.id, except)));
}

export function saveFaceConfig(db: Database, session: Session, form: FaceConfigForm) {
  return db.transaction(async (tx) => {
    // One writer of a site's carrier accounts at a time keeps "exactly one default" true.
    await tx.execute(sql`select id from sites where id = ${session.siteId} for update`);
    const stored = form.Id === undefined ? null : await findFaceConfig(tx, session.siteId, form.Id, true);
    if (stored) {
      if (form.Version === undefined) throw new AppError('order.versionRequired', {}, { field: 'Version' });
      if (stored.version !== form.Version) throw staleVersion();
    }
    let kuaidi100: Kuaidi100Record | null = stored?.kuaidi100 ?? null;
    if (form.Provider === 'kuaidi100') {
      if (!form.Kuaidi100) throw new AppError('order.faceProviderAccount', {}, { field: 'Kuaidi100' });
      kuaidi100 = mergeKuaidi100(form.Kuaidi100, stored?.kuaidi100 ?? null);
      if (kuaidi100.Secret === '')
        throw new AppError('order.faceSecretRequired', {}, { field: 'Kuaidi100.Secret' });
    }
    const [live] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(faceConfigs)
      .where(and(eq(faceConfigs.siteId, session.siteId), isNull(faceConfigs.deletedAt)));
    // The first account of a site is its default.
    const isDefault =
      form.IsDefault || (stored === null && (live?.count ?? 0) === 0) || (stored?.isDefault ?? false);
    const values = {
      name: form.Name,
      carrier: form.Carrier,
      paper: form.Paper,
      sender: { ...form.Sender },
      isDefault,
      provider: form.Provider,
      kuaidi100,
    };
    let saved: FaceConfigRecord;
    if (stored) {
      if (isDefault) await clearDefault(tx, session.siteId, stored.id);
      [saved] = (await tx
        .update(faceConfigs)
        .set({ ...values, version: sql`${faceConfigs.version} + 1`, updatedAt: new Date() })
        .where(eq(faceConfigs.id, stored.id))
        .returning()) as [FaceConfigRecord];
    } else {
      if (isDefault) await clearDefault(tx, session.siteId, 0);
      [saved] = (await tx
        .insert(faceConfigs)
        .values({ siteId: session.siteId, ...values })
        .returning()) as [FaceConfigRecord];
    }
    await audit(
      tx,
      session,
      stored ? 'order.faceConfig.update' : 'order.faceConfig.create',
      `faceConfig:${saved.id}`,
      {
        name: saved.name,
        carrier: saved.carrier,
        provider: saved.provider,
        isDefault: saved.isDefault,
      },
    );
    return { Id: saved.id, Version: saved.version };
  });
}

export function deleteFaceConfig(db: Database, session: Session, id: number, version: number) {
  return db.transaction(async (tx) => {
    const stored = await findFaceConfig(tx, session.siteId, id, true);
    if (stored.version !== version) throw staleVersion();
    await tx
      .update(faceConfigs)
      .set({ deletedAt: new Date(), isDefault: false, version: sql`${faceConfigs.version} + 1` })
      .where(eq(faceConfigs.id, id));
    await audit(tx, session, 'order.faceConfig.delete', `faceConfig:${id}`, { name: stored.name });
  });
}

export function setDefaultFaceConfig(db: Database, session: Session, id: number) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from sites where id = ${session.siteId} for update`);
    const stored = await findFaceConfig(tx, session.siteId, id, true);
    if (stored.isDefault) return;
    await clearDefault(tx, session.siteId, id);
    await tx
      .update(faceConfigs)
      .set({ isDefault: true, version: sql`${faceConfigs.version} + 1`, updatedAt: new Date() })
      .where(eq(faceConfigs.id, id));
    await audit(tx, session, 'order.faceConfig.default', `faceConfig:${id}`, { name: stored.name });
  });
}
