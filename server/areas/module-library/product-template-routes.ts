import { and, asc, count, desc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { ProductTemplate } from '../../../contract/endpoints/enterprise';
import * as enterprise from '../../../contract/endpoints/enterprise';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { Database } from '../../db/client';
import { containsPattern } from '../../db/query';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { productCategories, products } from '../product/tables';
import './library-messages';
import { makeDefaultProductTemplate } from './page-templates';
import {
  type ProductLayout,
  productTemplateCategories,
  productTemplateProducts,
  productTemplates,
} from './tables';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const target = (id: number) => `productTemplate:${id}`;

function mine(session: Session, id: number) {
  return and(eq(productTemplates.id, id), eq(productTemplates.siteId, session.siteId));
}

async function lockTemplate(tx: Transaction, session: Session, id: number) {
  const [row] = await tx.select().from(productTemplates).where(mine(session, id)).for('update');
  if (!row) throw new AppError('library.productTemplateNotFound', { id }, { field: 'Id' });
  return row;
}

function layoutOf(input: {
  Sections: { Key: enterprise.ProductSection; Visible: boolean }[];
  BuyButtonText: string;
  CartButtonText: string;
}): ProductLayout {
  const problem = enterprise.sectionsProblem(input.Sections);
  if (problem?.kind === 'repeated')
    throw new AppError('library.sectionRepeated', problem, { field: `Sections.${problem.index}.Key` });
  if (problem?.kind === 'required')
    throw new AppError('library.sectionRequired', problem, { field: `Sections.${problem.index}.Visible` });
  return {
    sections: input.Sections.map((section) => ({ key: section.Key, visible: section.Visible })),
    buyButtonText: input.BuyButtonText,
    cartButtonText: input.CartButtonText,
  };
}

/** The first wanted id not found among the shop's own rows. */
function firstMissing(wanted: readonly number[], found: readonly { id: number }[]): number | undefined {
  const ids = new Set(found.map((row) => row.id));
  return wanted.find((id) => !ids.has(id));
}

/**
 * What a template is bound to: categories (every goods of them) or single goods. Each names the
 * input field and message of an unknown id, finds which wanted ids are the shop's own, and writes
 * the binding rows.
 */
const BINDINGS = {
  categories: {
    field: 'CategoryIds',
    notFound: 'library.categoryNotFound',
    table: productTemplateCategories,
    bound: productTemplateCategories.categoryId,
    owned: (tx: Transaction, siteId: number, ids: number[]) =>
      tx
        .select({ id: productCategories.id })
        .from(productCategories)
        .where(and(eq(productCategories.siteId, siteId), inArray(productCategories.id, ids))),
    insert: (tx: Transaction, siteId: number, templateId: number, ids: number[]) =>
      tx
        .insert(productTemplateCategories)
        .values(ids.map((categoryId) => ({ siteId, categoryId, templateId }))),
  },
  products: {
    field: 'ProductIds',
    notFound: 'library.productNotFound',
    table: productTemplateProducts,
    bound: productTemplateProducts.productId,
    owned: (tx: Transaction, siteId: number, ids: number[]) =>
      tx
        .select({ id: products.id })
        .from(products)
        .where(
          and(eq(products.siteId, siteId), ne(products.recycleState, 'purged'), inArray(products.id, ids)),
        ),
    insert: (tx: Transaction, siteId: number, templateId: number, ids: number[]) =>
      tx.insert(productTemplateProducts).values(ids.map((productId) => ({ siteId, productId, templateId }))),
  },
} as const;

/**
 * Binds the template to exactly these ids of the shop. An id has one template: binding it here
 * takes it away from its old one.
 */
async function bindTemplate(
  db: Database,
  session: Session,
  templateId: number,
  kind: keyof typeof BINDINGS,
  ids: readonly number[],
) {
  const binding = BINDINGS[kind];
  const wanted = [...new Set(ids)];
  await db.transaction(async (tx) => {
    await lockTemplate(tx, session, templateId);
    const found = wanted.length === 0 ? [] : await binding.owned(tx, session.siteId, wanted);
    const missing = firstMissing(wanted, found);
    if (missing !== undefined)
      throw new AppError(binding.notFound, { id: missing }, { field: binding.field });
    const site = eq(binding.table.siteId, session.siteId);
    await tx.delete(binding.table).where(and(site, eq(binding.table.templateId, templateId)));
    if (wanted.length > 0) {
      await tx.delete(binding.table).where(and(site, inArray(binding.bound, wanted)));
      await binding.insert(tx, session.siteId, templateId, wanted);
    }
    await audit(tx, session, `productTemplate.${kind}`, target(templateId), { [kind]: wanted });
  });
}

export const productTemplateRoutes = [
  defineRoute(enterprise.getProductTemplateList, async ({ input, db, session }) => {
    const conditions = [eq(productTemplates.siteId, session.siteId)];
    if (input.Name) conditions.push(ilike(productTemplates.name, containsPattern(input.Name)));
    const where = and(...conditions);
    const rows = await db
      .select()
      .from(productTemplates)
      .where(where)
      .orderBy(desc(productTemplates.isDefault), asc(productTemplates.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
    const [total] = await db.select({ value: count() }).from(productTemplates).where(where);
    const ids = rows.map((row) => row.id);
    const categories =
      ids.length === 0
        ? []
        : await db
            .select({
              templateId: productTemplateCategories.templateId,
              id: productCategories.id,
              name: productCategories.name,
            })
            .from(productTemplateCategories)
            .innerJoin(productCategories, eq(productCategories.id, productTemplateCategories.categoryId))
            .where(
              and(
                eq(productTemplateCategories.siteId, session.siteId),
                inArray(productTemplateCategories.templateId, ids),
              ),
            )
            .orderBy(asc(productCategories.sort), asc(productCategories.id));
    const goods =
      ids.length === 0
        ? []
        : await db
            .select({ templateId: productTemplateProducts.templateId, id: products.id, name: products.name })
            .from(productTemplateProducts)
            .innerJoin(products, eq(products.id, productTemplateProducts.productId))
            .where(
              and(
                eq(productTemplateProducts.siteId, session.siteId),
                inArray(productTemplateProducts.templateId, ids),
              ),
            )
            .orderBy(asc(products.id));
    const data: ProductTemplate[] = rows.map((row) => ({
      Id: row.id,
      Name: row.name,
      Sections: row.layout.sections.map((section) => ({ Key: section.key, Visible: section.visible })),
      BuyButtonText: row.layout.buyButtonText,
      CartButtonText: row.layout.cartButtonText,
      IsDefault: row.isDefault,
      Categories: categories
        .filter((entry) => entry.templateId === row.id)
        .map(({ id, name }) => ({ Id: id, Name: name })),
      Products: goods
        .filter((entry) => entry.templateId === row.id)
        .map(({ id, name }) => ({ Id: id, Name: name })),
      UpdatedAt: row.updatedAt.toISOString(),
    }));
    return { Data: data, Total: total?.value ?? 0 };
  }),

  defineRoute(enterprise.saveProductTemplate, async ({ input, db, session }) => {
    const layout = layoutOf(input);
    const id = await db.transaction(async (tx) => {
      if (input.Id !== undefined) {
        const before = await lockTemplate(tx, session, input.Id);
        await tx
          .update(productTemplates)
          .set({ name: input.Name, layout, updatedBy: session.accountId, updatedAt: new Date() })
          .where(mine(session, input.Id));
        await audit(tx, session, 'productTemplate.save', target(input.Id), {
          before: { name: before.name, layout: before.layout },
          after: { name: input.Name, layout },
        });
        return input.Id;
      }
      // Counted under a lock so two adds at once cannot pass the limit or both become the default.
      await tx.execute(sql`select pg_advisory_xact_lock(4302, ${session.siteId}::int)`);
      const [existing] = await tx
        .select({ value: count() })
        .from(productTemplates)
        .where(eq(productTemplates.siteId, session.siteId));
      const total = existing?.value ?? 0;
      if (total >= enterprise.MAX_PRODUCT_TEMPLATES)
        throw new AppError('library.productTemplatesTooMany', { max: enterprise.MAX_PRODUCT_TEMPLATES });
      const [row] = await tx
        .insert(productTemplates)
        .values({
          siteId: session.siteId,
          name: input.Name,
          layout,
          isDefault: total === 0,
          updatedBy: session.accountId,
        })
        .returning({ id: productTemplates.id });
      await audit(tx, session, 'productTemplate.add', target(row!.id), { name: input.Name });
      return row!.id;
    });
    return { Id: id };
  }),

  defineRoute(enterprise.delProductTemplate, async ({ input, db, session }) => {
    await db.transaction(async (tx) => {
      const row = await lockTemplate(tx, session, input.Id);
      if (row.isDefault) throw new AppError('library.productTemplateDeleteDefault', {}, { field: 'Id' });
      await tx.delete(productTemplates).where(mine(session, input.Id));
      await audit(tx, session, 'productTemplate.delete', target(input.Id), { name: row.name });
    });
    return {};
  }),

  defineRoute(enterprise.setProductTemplateDefault, async ({ input, db, session }) => {
    await db.transaction((tx) => makeDefaultProductTemplate(tx, session, input.Id));
    return {};
  }),

  defineRoute(enterprise.setProductTypeTemplate, async ({ input, db, session }) => {
    await bindTemplate(db, session, input.Id, 'categories', input.CategoryIds);
    return {};
  }),

  defineRoute(enterprise.setProductTemplate, async ({ input, db, session }) => {
    await bindTemplate(db, session, input.Id, 'products', input.ProductIds);
    return {};
  }),
];
