import { type SQL, sql } from 'drizzle-orm';
import * as goods from '../../../contract/endpoints/goods';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import {
  buildTree,
  type CategoryRecord,
  depthOf,
  heightOf,
  isInSubtree,
  pathNames,
  resortSiblings,
} from './category-tree';
import { notFound, requireVersion, staleVersion, uniqueIds } from './errors';
import { contains, isoTime, where } from './product-list';
import { inList, LockScope, lockSiteScope, missingIds } from './sql-helpers';
import { customTypes, productCategories } from './tables';

interface CategoryRow extends CategoryRecord, Record<string, unknown> {
  image: string;
  version: number;
}

async function siteCategories(db: Executor, siteId: number): Promise<CategoryRow[]> {
  return queryRows<CategoryRow>(
    db,
    sql`select id, parent_id as "parentId", name, image, sort, version
          from product_categories where site_id = ${siteId} order by sort, id`,
  );
}

const categoryTarget = (id: number) => `category:${id}`;

/** A store is a store account of the site (SPEC §1 isStore). */
async function checkStore(db: Executor, siteId: number, storeId: number): Promise<void> {
  const [store] = await queryRows<{ id: number }>(
    db,
    sql`select id from accounts where id = ${storeId} and site_id = ${siteId} and kind = 'store'`,
  );
  if (!store) throw notFound('product.storeNotFound', storeId, 'StoreId');
}

async function moveCategory(
  tx: Executor,
  session: Session,
  category: CategoryRow,
  rows: readonly CategoryRow[],
  parentId: number | null,
  index: number,
): Promise<void> {
  if (parentId !== null) {
    if (!rows.some((row) => row.id === parentId))
      throw notFound('product.categoryNotFound', parentId, 'ParentId');
    if (isInSubtree(rows, category.id, parentId))
      throw new AppError('product.categoryCycle', {}, { field: 'ParentId' });
  }
  const parentDepth = parentId === null ? 0 : depthOf(rows, parentId);
  if (parentDepth + heightOf(rows, category.id) > goods.MAX_CATEGORY_DEPTH) {
    throw new AppError('product.categoryTooDeep', { max: goods.MAX_CATEGORY_DEPTH }, { field: 'ParentId' });
  }
  const siblings = rows.filter((row) => row.parentId === parentId);
  for (const entry of resortSiblings(siblings, category.id, index)) {
    await tx.execute(sql`update product_categories
        set sort = ${entry.sort}, version = version + 1, updated_at = now(),
            parent_id = case when id = ${category.id} then ${parentId}::int else parent_id end
      where id = ${entry.id}`);
  }
  await audit(tx, session, 'category.move', categoryTarget(category.id), {
    from: category.parentId,
    to: parentId,
    index,
  });
}

async function changeCategory(tx: Executor, session: Session, input: goods.CategoryChange) {
  await lockSiteScope(tx, LockScope.categoryTree, session.siteId);
  const rows = await siteCategories(tx, session.siteId);
  if (input.Action === 'save' && input.Id === undefined) {
    const parentId = input.ParentId ?? null;
    if (parentId !== null && !rows.some((row) => row.id === parentId)) {
      throw notFound('product.categoryNotFound', parentId, 'ParentId');
    }
    if ((parentId === null ? 0 : depthOf(rows, parentId)) + 1 > goods.MAX_CATEGORY_DEPTH) {
      throw new AppError('product.categoryTooDeep', { max: goods.MAX_CATEGORY_DEPTH }, { field: 'ParentId' });
    }
    const [created] = await tx
      .insert(productCategories)
      .values({ siteId: session.siteId, parentId, name: input.Name, image: input.Image, sort: input.Sort })
      .returning({ id: productCategories.id, version: productCategories.version });
    await audit(tx, session, 'category.create', categoryTarget(created!.id), { name: input.Name, parentId });
    return { Id: created!.id, Version: created!.version };
  }
  const id = input.Id!;
  const category = rows.find((row) => row.id === id);
  if (!category) throw notFound('product.categoryNotFound', id);
  if (category.version !== requireVersion(input.Version)) throw staleVersion();

  if (input.Action === 'delete') {
    const [usage] = await queryRows<{ children: number; goods: number }>(
      tx,
      sql`select (select count(*)::int from product_categories where parent_id = ${id}) as children,
                 (select count(*)::int from products where category_id = ${id} and recycle_state <> 'purged') as goods`,
    );
    if (usage!.children > 0 || usage!.goods > 0)
      throw new AppError('product.categoryNotEmpty', { name: category.name });
    // Purged goods are tombstones for old orders; they no longer need their category.
    await tx.execute(sql`update products set category_id = null where category_id = ${id}`);
    await tx.execute(sql`delete from product_categories where id = ${id}`);
    await audit(tx, session, 'category.delete', categoryTarget(id), { name: category.name });
    return { Id: id, Version: category.version };
  }
  if (input.Action === 'move') {
    await moveCategory(tx, session, category, rows, input.ParentId, input.Index);
  } else {
    if (input.ParentId !== undefined && input.ParentId !== category.parentId) {
      const siblingCount = rows.filter((row) => row.parentId === input.ParentId).length;
      await moveCategory(tx, session, category, rows, input.ParentId, siblingCount);
    }
    await tx.execute(sql`update product_categories
        set name = ${input.Name}, image = ${input.Image}, sort = ${input.Sort}, version = version + 1, updated_at = now()
      where id = ${id}`);
    await audit(tx, session, 'category.update', categoryTarget(id), {
      before: { name: category.name, image: category.image, sort: category.sort },
      after: { name: input.Name, image: input.Image, sort: input.Sort },
    });
  }
  const [after] = await queryRows<{ version: number }>(
    tx,
    sql`select version from product_categories where id = ${id}`,
  );
  return { Id: id, Version: after!.version };
}

interface CustomTypeRecord extends Record<string, unknown> {
  id: number;
  name: string;
  image: string;
  sort: number;
  goods_count: number;
  created_at: Date | string;
  version: number;
}

const CUSTOM_TYPE_COLUMNS = sql`t.id, t.name, t.image, t.sort, t.created_at, t.version,
  (select count(*)::int from product_custom_type_links l join products p on p.id = l.product_id
    where l.custom_type_id = t.id and p.recycle_state = 'active') as goods_count`;

function toCustomType(record: CustomTypeRecord) {
  return {
    Id: record.id,
    Name: record.name,
    Image: record.image,
    Sort: record.sort,
    GoodsCount: record.goods_count,
    CreatedAt: isoTime(record.created_at),
    Version: record.version,
  };
}

const customTypeTarget = (id: number) => `customType:${id}`;

export const categoryRoutes = [
  defineRoute(goods.getCategoryTree, async ({ db, session, input }) => {
    let bound: Set<number> | undefined;
    if (input.storeId !== undefined) {
      await checkStore(db, session.siteId, input.storeId);
      const links = await queryRows<{ category_id: number }>(
        db,
        sql`select category_id from store_product_types where site_id = ${session.siteId} and store_id = ${input.storeId}`,
      );
      bound = new Set(links.map((link) => link.category_id));
    }
    const rows = await queryRows<CategoryRow & { goods_count: number }>(
      db,
      sql`select c.id, c.parent_id as "parentId", c.name, c.image, c.sort, c.version,
            (select count(*)::int from products p
              where p.site_id = c.site_id and p.category_id = c.id and p.recycle_state = 'active') as goods_count
          from product_categories c where c.site_id = ${session.siteId}`,
    );
    return {
      Data: buildTree(rows, (row) => ({
        Id: row.id,
        ParentId: row.parentId,
        Name: row.name,
        Image: row.image,
        Sort: row.sort,
        Version: row.version,
        GoodsCount: row.goods_count,
        ...(bound ? { StoreBound: bound.has(row.id) } : {}),
      })),
    };
  }),

  defineRoute(goods.searchCategories, async ({ db, session, input }) => {
    const rows = await siteCategories(db, session.siteId);
    const keyword = input.keyword?.toLowerCase();
    const matches = rows
      .filter((row) => !keyword || row.name.toLowerCase().includes(keyword))
      .map((row) => {
        const names = pathNames(rows, row.id);
        return {
          Id: row.id,
          ParentId: row.parentId,
          Name: row.name,
          Path: names.join(' / '),
          Depth: names.length,
        };
      })
      .sort((left, right) => left.Path.localeCompare(right.Path, 'zh'));
    const start = (input.page - 1) * input.pageSize;
    return { Data: matches.slice(start, start + input.pageSize), Total: matches.length };
  }),

  defineRoute(goods.bindCategory, async ({ db, session, input }) =>
    db.transaction((tx) => changeCategory(tx, session, input)),
  ),

  defineRoute(goods.bindStoreCategories, async ({ db, session, input }) => {
    const typeIds = uniqueIds(input.TypeIds, 'TypeIds');
    return db.transaction(async (tx) => {
      await checkStore(tx, session.siteId, input.StoreId);
      const [missing] = await missingIds(tx, 'product_categories', session.siteId, typeIds);
      if (missing !== undefined) throw notFound('product.categoryNotFound', missing, 'TypeIds');
      await tx.execute(
        sql`delete from store_product_types where store_id = ${input.StoreId} and site_id = ${session.siteId}`,
      );
      if (typeIds.length > 0) {
        await tx.execute(sql`insert into store_product_types (site_id, store_id, category_id)
          select ${session.siteId}, ${input.StoreId}, id from product_categories where id in ${inList(typeIds)}`);
      }
      await audit(tx, session, 'store.categories', `store:${input.StoreId}`, { categoryIds: typeIds });
      return { Count: typeIds.length };
    });
  }),

  defineRoute(goods.getCustomList, async ({ db, session, input }) => {
    const conditions: SQL[] = [sql`t.site_id = ${session.siteId}`];
    if (input.keyword) conditions.push(contains(sql`t.name`, input.keyword));
    const [count] = await queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from product_custom_types t where ${where(conditions)}`,
    );
    const records = await queryRows<CustomTypeRecord>(
      db,
      sql`select ${CUSTOM_TYPE_COLUMNS} from product_custom_types t where ${where(conditions)}
           order by t.sort, t.id limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
    );
    return { Data: records.map(toCustomType), Total: count!.total };
  }),

  defineRoute(goods.getCustomInfo, async ({ db, session, input }) => {
    const [record] = await queryRows<CustomTypeRecord>(
      db,
      sql`select ${CUSTOM_TYPE_COLUMNS} from product_custom_types t where t.id = ${input.id} and t.site_id = ${session.siteId}`,
    );
    if (!record) throw notFound('product.customTypeNotFound', input.id, 'id');
    const links = await queryRows<{ product_id: number }>(
      db,
      sql`select l.product_id from product_custom_type_links l join products p on p.id = l.product_id
           where l.custom_type_id = ${input.id} and p.recycle_state = 'active' order by l.product_id`,
    );
    return { ...toCustomType(record), ProductIds: links.map((link) => link.product_id) };
  }),

  defineRoute(goods.saveCustomType, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      if (input.Id === undefined) {
        const [created] = await tx
          .insert(customTypes)
          .values({ siteId: session.siteId, name: input.Name, image: input.Image, sort: input.Sort })
          .returning({ id: customTypes.id, version: customTypes.version });
        await audit(tx, session, 'customType.create', customTypeTarget(created!.id), { name: input.Name });
        return { Id: created!.id, Version: created!.version };
      }
      const expected = requireVersion(input.Version);
      const [current] = await queryRows<{ name: string; version: number }>(
        tx,
        sql`select name, version from product_custom_types where id = ${input.Id} and site_id = ${session.siteId} for update`,
      );
      if (!current) throw notFound('product.customTypeNotFound', input.Id);
      if (current.version !== expected) throw staleVersion();
      const [updated] = await queryRows<{ version: number }>(
        tx,
        sql`update product_custom_types
              set name = ${input.Name}, image = ${input.Image}, sort = ${input.Sort}, version = version + 1, updated_at = now()
            where id = ${input.Id} returning version`,
      );
      await audit(tx, session, 'customType.update', customTypeTarget(input.Id), {
        before: current.name,
        after: input.Name,
      });
      return { Id: input.Id, Version: updated!.version };
    }),
  ),

  defineRoute(goods.deleteCustomTypes, async ({ db, session, input }) => {
    const ids = uniqueIds(input.Ids);
    return db.transaction(async (tx) => {
      const [missing] = await missingIds(tx, 'product_custom_types', session.siteId, ids);
      if (missing !== undefined) throw notFound('product.customTypeNotFound', missing, 'Ids');
      await tx.execute(
        sql`delete from product_custom_types where site_id = ${session.siteId} and id in ${inList(ids)}`,
      );
      for (const id of ids) await audit(tx, session, 'customType.delete', customTypeTarget(id));
      return { Deleted: ids.length };
    });
  }),

  defineRoute(goods.bindProductCustomTypes, async ({ db, session, input }) => {
    const productIds = uniqueIds(input.ProductIds, 'ProductIds');
    const typeIds = uniqueIds(input.CustomTypeIds, 'CustomTypeIds');
    return db.transaction(async (tx) => {
      const [missingProduct] = await missingIds(
        tx,
        'products',
        session.siteId,
        productIds,
        sql`recycle_state = 'active'`,
      );
      if (missingProduct !== undefined) throw notFound('product.notFound', missingProduct, 'ProductIds');
      const [missingType] = await missingIds(tx, 'product_custom_types', session.siteId, typeIds);
      if (missingType !== undefined)
        throw notFound('product.customTypeNotFound', missingType, 'CustomTypeIds');
      if (input.Mode === 'set') {
        await tx.execute(
          sql`delete from product_custom_type_links where product_id in ${inList(productIds)}`,
        );
      }
      if (input.Mode === 'remove' && typeIds.length > 0) {
        await tx.execute(sql`delete from product_custom_type_links
          where product_id in ${inList(productIds)} and custom_type_id in ${inList(typeIds)}`);
      }
      if (input.Mode !== 'remove' && typeIds.length > 0) {
        await tx.execute(sql`insert into product_custom_type_links (site_id, product_id, custom_type_id)
          select ${session.siteId}, p.id, t.id from products p cross join product_custom_types t
           where p.id in ${inList(productIds)} and t.id in ${inList(typeIds)}
          on conflict do nothing`);
      }
      for (const id of productIds) {
        await audit(tx, session, 'product.customTypes', `product:${id}`, {
          mode: input.Mode,
          customTypeIds: typeIds,
        });
      }
      return { Count: productIds.length };
    });
  }),

  defineRoute(goods.getFreightTemplates, async ({ db, session }) => {
    const rows = await queryRows<{ id: number; name: string; is_default: boolean }>(
      db,
      sql`select id, name, is_default from freight_templates where site_id = ${session.siteId} order by is_default desc, id`,
    );
    return { Data: rows.map((row) => ({ Id: row.id, Name: row.name, IsDefault: row.is_default })) };
  }),
];
