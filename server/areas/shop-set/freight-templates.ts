import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { NamedRegion, saveFreightTemplateSchema } from '../../../contract/endpoints/freight-templates';
import type { FreightRules } from '../../../contract/freight';
import type { Executor } from '../../db/client';
import { AppError } from '../../http/errors';
import { regionName } from '../comm/service';
import { freightTemplates } from '../product/tables';
import './freight-messages';

/**
 * Writing freight templates: the shop-set routes and the demo seed go through these, so every
 * template in the database passed the same checks (the contract's schema, known regions, a name of
 * its own in the shop).
 */

export type FreightTemplateRecord = typeof freightTemplates.$inferSelect;
export type FreightTemplateFields = Omit<z.output<typeof saveFreightTemplateSchema>, 'Id' | 'Version'>;

/**
 * Serialises template writes of one shop, so a name checked free stays free until the insert and
 * the one-default rule holds; other shops' writes go on.
 */
export async function lockShopTemplates(tx: Executor, siteId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('freight_templates'), ${siteId}::int)`);
}

export function rulesOf(record: Pick<FreightTemplateRecord, 'chargeMode' | 'rules'>): FreightRules {
  return { ChargeMode: record.chargeMode, ...record.rules };
}

/** Codes with their names from the area tree. */
export function namedRegions(codes: readonly string[]): NamedRegion[] {
  return codes.map((code) => ({ Code: code, Name: regionName(code) ?? code }));
}

/** Every region must be a province or a city of the area calls; the first that is not is named. */
function checkRegions(fields: FreightTemplateFields): void {
  const lists = [
    ...fields.Rules.map((rule, index) => ({ field: `Rules.${index}.Regions`, codes: rule.Regions })),
    { field: 'Undeliverable', codes: fields.Undeliverable },
  ];
  for (const list of lists) {
    const unknown = list.codes.find((code) => regionName(code) === null);
    if (unknown !== undefined)
      throw new AppError('freight.unknownRegion', { code: unknown }, { field: list.field });
  }
}

async function checkNameFree(tx: Executor, siteId: number, name: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: freightTemplates.id })
    .from(freightTemplates)
    .where(
      and(
        eq(freightTemplates.siteId, siteId),
        eq(freightTemplates.name, name),
        exceptId === undefined ? undefined : ne(freightTemplates.id, exceptId),
      ),
    );
  if (taken) throw new AppError('freight.nameTaken', { name }, { field: 'Name' });
}

function columnsOf(fields: FreightTemplateFields) {
  return {
    name: fields.Name,
    chargeMode: fields.ChargeMode,
    rules: { DefaultRule: fields.DefaultRule, Rules: fields.Rules, Undeliverable: fields.Undeliverable },
  };
}

/** Adds a template to the shop (the caller holds lockShopTemplates). */
export async function insertFreightTemplate(
  tx: Executor,
  siteId: number,
  fields: FreightTemplateFields,
  options: { isDefault?: boolean } = {},
): Promise<FreightTemplateRecord> {
  checkRegions(fields);
  await checkNameFree(tx, siteId, fields.Name);
  const [row] = await tx
    .insert(freightTemplates)
    .values({ siteId, ...columnsOf(fields), isDefault: options.isDefault ?? false })
    .returning();
  return row!;
}

/**
 * Saves a template read at `version` (the caller holds lockShopTemplates). Null when someone saved
 * it meanwhile; a template of another shop, or none, is "not found".
 */
export async function updateFreightTemplate(
  tx: Executor,
  siteId: number,
  id: number,
  version: number,
  fields: FreightTemplateFields,
): Promise<{ saved: FreightTemplateRecord } | { stale: number }> {
  const current = await findFreightTemplate(tx, siteId, id, 'Id');
  checkRegions(fields);
  await checkNameFree(tx, siteId, fields.Name, id);
  const [saved] = await tx
    .update(freightTemplates)
    .set({ ...columnsOf(fields), version: sql`${freightTemplates.version} + 1`, updatedAt: new Date() })
    .where(and(eq(freightTemplates.id, id), eq(freightTemplates.version, version)))
    .returning();
  return saved ? { saved } : { stale: current.version };
}

/** The shop's template `id`, locked for the change; another shop's is "not found" on `field`. */
export async function findFreightTemplate(
  tx: Executor,
  siteId: number,
  id: number,
  field: string,
): Promise<FreightTemplateRecord> {
  const [row] = await tx
    .select()
    .from(freightTemplates)
    .where(and(eq(freightTemplates.siteId, siteId), eq(freightTemplates.id, id)))
    .for('update');
  if (!row) throw new AppError('freight.notFound', { id }, { field });
  return row;
}

/** Makes `id` the shop's one default template (the caller holds lockShopTemplates). */
export async function makeDefault(tx: Executor, siteId: number, id: number): Promise<void> {
  // Two statements: the one-default index is checked row by row, so the old default goes first.
  await tx
    .update(freightTemplates)
    .set({ isDefault: false })
    .where(
      and(
        eq(freightTemplates.siteId, siteId),
        eq(freightTemplates.isDefault, true),
        ne(freightTemplates.id, id),
      ),
    );
  await tx
    .update(freightTemplates)
    .set({ isDefault: true })
    .where(and(eq(freightTemplates.siteId, siteId), eq(freightTemplates.id, id)));
}
