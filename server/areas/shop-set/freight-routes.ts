import { and, asc, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import * as api from '../../../contract/endpoints/freight-templates';
import { ShowType } from '../../../contract/envelope';
import { FREIGHT_NAME_MAX } from '../../../contract/freight';
import { parseSort } from '../../../contract/list-query';
import { audit } from '../../audit';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/query';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { refuseStale } from '../../http/stale';
import { translate } from '../../i18n/messages';
import { freightTemplates, products } from '../product/tables';
import {
  type FreightTemplateRecord,
  findFreightTemplate,
  insertFreightTemplate,
  lockShopTemplates,
  makeDefault,
  namedRegions,
  updateFreightTemplate,
} from './freight-templates';

const target = (id: number) => `freight:${id}`;

/** Goods that use a template: on or off the shelf or recycled (they may come back), not purged. */
// Written out: drizzle names a lone table's columns without it, which inside the subquery would mean p's.
const goodsUsing = sql<number>`(select count(*)::int from products p
   where p.site_id = freight_templates.site_id and p.freight_template_id = freight_templates.id
     and p.recycle_state <> 'purged')`.mapWith(Number);

function listRow(row: FreightTemplateRecord & { goods: number }): api.FreightRow {
  const rules = [row.rules.DefaultRule, ...row.rules.Rules];
  return {
    Id: row.id,
    Name: row.name,
    ChargeMode: row.chargeMode,
    IsDefault: row.isDefault,
    GoodsCount: row.goods,
    DefaultRule: row.rules.DefaultRule,
    RuleCount: row.rules.Rules.length,
    UndeliverableCount: row.rules.Undeliverable.length,
    FreeShipping: rules.some((rule) => rule.FreeWhen !== 'never'),
    Version: row.version,
    UpdatedAt: row.updatedAt.toISOString(),
  };
}

async function goodsCount(db: Executor, siteId: number, id: number): Promise<number> {
  const [row] = await db
    .select({ goods: goodsUsing })
    .from(freightTemplates)
    .where(and(eq(freightTemplates.siteId, siteId), eq(freightTemplates.id, id)));
  return row?.goods ?? 0;
}

/** "Name (copy)", then "Name (copy) 2"…, cut so that it fits, and free in the shop. */
async function copyName(db: Executor, siteId: number, name: string, suffix: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .select({ name: freightTemplates.name })
        .from(freightTemplates)
        .where(eq(freightTemplates.siteId, siteId))
    ).map((row) => row.name),
  );
  for (let number = 1; ; number += 1) {
    const ending = number === 1 ? suffix : `${suffix} ${number}`;
    const candidate = `${[...name].slice(0, FREIGHT_NAME_MAX - [...ending].length).join('')}${ending}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export const freightRoutes = [
  defineRoute(api.getFreightTemplateList, async ({ db, session, input }) => {
    const filters: SQL[] = [eq(freightTemplates.siteId, session.siteId)];
    if (input.keyword) filters.push(ilike(freightTemplates.name, containsPattern(input.keyword)));
    const where =
      input.chargeMode === 'all'
        ? and(...filters)
        : and(...filters, eq(freightTemplates.chargeMode, input.chargeMode));
    const order = parseSort(input.sort);
    const column = order.field === 'goods' ? goodsUsing : freightTemplates.updatedAt;
    const rows = await db
      .select({ template: freightTemplates, goods: goodsUsing })
      .from(freightTemplates)
      .where(where)
      .orderBy(
        ...(order.descending
          ? [desc(column), desc(freightTemplates.id)]
          : [asc(column), asc(freightTemplates.id)]),
      )
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
    const [tally] = await db
      .select({
        all: count(),
        piece: sql<number>`count(*) filter (where ${freightTemplates.chargeMode} = 'piece')`.mapWith(Number),
        weight: sql<number>`count(*) filter (where ${freightTemplates.chargeMode} = 'weight')`.mapWith(
          Number,
        ),
        volume: sql<number>`count(*) filter (where ${freightTemplates.chargeMode} = 'volume')`.mapWith(
          Number,
        ),
      })
      .from(freightTemplates)
      .where(and(...filters));
    const Counts = tally ?? { all: 0, piece: 0, weight: 0, volume: 0 };
    return {
      Data: rows.map((row) => listRow({ ...row.template, goods: row.goods })),
      Total: Counts[input.chargeMode],
      Counts,
    };
  }),

  defineRoute(api.getFreightTemplateInfo, async ({ db, session, input }) => {
    const [row] = await db
      .select({ template: freightTemplates, goods: goodsUsing })
      .from(freightTemplates)
      .where(and(eq(freightTemplates.siteId, session.siteId), eq(freightTemplates.id, input.id)));
    if (!row) throw new AppError('freight.notFound', { id: input.id }, { field: 'id' });
    const { template } = row;
    return {
      Id: template.id,
      Name: template.name,
      ChargeMode: template.chargeMode,
      IsDefault: template.isDefault,
      GoodsCount: row.goods,
      DefaultRule: template.rules.DefaultRule,
      Rules: template.rules.Rules.map((rule) => ({ ...rule, Regions: namedRegions(rule.Regions) })),
      Undeliverable: namedRegions(template.rules.Undeliverable),
      Version: template.version,
    };
  }),

  defineRoute(api.saveFreightTemplate, async ({ db, session, input, locale, reply }) => {
    const { Id, Version, ...fields } = input;
    const outcome = await db.transaction(async (tx) => {
      await lockShopTemplates(tx, session.siteId);
      if (Id === undefined) {
        const row = await insertFreightTemplate(tx, session.siteId, fields);
        await audit(tx, session, 'freight.add', target(row.id), {
          name: row.name,
          chargeMode: row.chargeMode,
        });
        return { row };
      }
      const result = await updateFreightTemplate(tx, session.siteId, Id, Version!, fields);
      if ('stale' in result) return { stale: result.stale };
      await audit(tx, session, 'freight.edit', target(Id), {
        version: result.saved.version,
        name: result.saved.name,
        chargeMode: result.saved.chargeMode,
        rules: fields.Rules.length,
      });
      return { row: result.saved };
    });
    if (!outcome.row) {
      return refuseStale(reply, {
        locale,
        message: 'freight.stale',
        yours: Version!,
        current: outcome.stale,
        // A toast: the form's own reload dialog follows, and two dialogs at once would stack.
        showType: ShowType.toast,
      });
    }
    return { Id: outcome.row.id, Version: outcome.row.version };
  }),

  defineRoute(api.delFreightTemplate, async ({ db, session, input }) => {
    await db.transaction(async (tx) => {
      await lockShopTemplates(tx, session.siteId);
      // Locked: a goods save naming this template waits for the delete and then finds it gone.
      const row = await findFreightTemplate(tx, session.siteId, input.Id, 'Id');
      const goods = await goodsCount(tx, session.siteId, row.id);
      if (goods > 0) throw new AppError('freight.inUse', { name: row.name, count: goods }, { field: 'Id' });
      // Purged goods never sell again; they only keep the reference.
      await tx
        .update(products)
        .set({ freightTemplateId: null })
        .where(and(eq(products.siteId, session.siteId), eq(products.freightTemplateId, row.id)));
      await tx.delete(freightTemplates).where(eq(freightTemplates.id, row.id));
      await audit(tx, session, 'freight.delete', target(row.id), { name: row.name });
    });
    return {};
  }),

  defineRoute(api.setDefaultFreightTemplate, async ({ db, session, input }) => {
    await db.transaction(async (tx) => {
      await lockShopTemplates(tx, session.siteId);
      const row = await findFreightTemplate(tx, session.siteId, input.Id, 'Id');
      await makeDefault(tx, session.siteId, row.id);
      await audit(tx, session, 'freight.default', target(row.id), { name: row.name });
    });
    return {};
  }),

  defineRoute(api.copyFreightTemplate, async ({ db, session, input, locale }) => {
    return db.transaction(async (tx) => {
      await lockShopTemplates(tx, session.siteId);
      const original = await findFreightTemplate(tx, session.siteId, input.Id, 'Id');
      const name = await copyName(tx, session.siteId, original.name, translate(locale, 'freight.copySuffix'));
      const [row] = await tx
        .insert(freightTemplates)
        .values({ siteId: session.siteId, name, chargeMode: original.chargeMode, rules: original.rules })
        .returning();
      await audit(tx, session, 'freight.copy', target(row!.id), { from: original.id, name });
      return { Id: row!.id, Name: name };
    });
  }),
];
