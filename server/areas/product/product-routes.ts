import { type SQL, sql } from 'drizzle-orm';
import * as goods from '../../../contract/endpoints/goods';
import {
  GoodsPermission,
  recycleMachine,
  shelfMachine,
  shelfOnBlockers,
} from '../../../contract/machines/goods';
import { EXPORT_MAX_ROWS } from '../../../contract/scalars';
import { shopDate, shopDateTime } from '../../../contract/shop-time';
import { stateLabelKey, transitionOutcome } from '../../../contract/state-machine';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { pagedBatches, sendExport } from '../../export/send-export';
import type { ExportColumn } from '../../export/xlsx';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { type Locale, translate } from '../../i18n/messages';
import {
  illegalTransition,
  notFound,
  productTarget,
  requireGranted,
  staleVersion,
  uniqueIds,
} from './errors';
import { auditRequired, readProductDetail } from './product-detail';
import {
  categorySubtree,
  contains,
  productFilterConditions,
  readProductList,
  readProductPage,
  where,
} from './product-list';
import { copyProduct, saveProduct, shelfBlockedError } from './product-save';
import { inList, missingIds } from './sql-helpers';
import { changeSkuStock, type LockedProduct, lockProduct, lockProducts } from './stock';

type StateAction = (typeof goods.PRODUCT_STATE_ACTIONS)[number];

/** Shelf moves and recycling of locked rows; bulk is all-or-nothing, rows already there are skipped. */
async function changeStates(
  tx: Executor,
  session: Session,
  locale: Locale,
  rows: readonly LockedProduct[],
  action: Exclude<StateAction, 'copy'>,
) {
  const required = await auditRequired(tx, session.siteId);
  const machine = action === 'recycle' ? recycleMachine : shelfMachine;
  const changed: number[] = [];
  const unchanged: number[] = [];
  for (const row of rows) {
    if (machine === shelfMachine && row.recycle_state !== 'active') {
      throw illegalTransition(
        locale,
        row.name,
        { machine: recycleMachine, value: row.recycle_state },
        { machine, name: action },
      );
    }
    const state = machine === shelfMachine ? row.shelf_state : row.recycle_state;
    const outcome = transitionOutcome(machine, state, action);
    if (outcome === 'illegal')
      throw illegalTransition(locale, row.name, { machine, value: state }, { machine, name: action });
    if (outcome === 'unchanged') {
      unchanged.push(row.id);
      continue;
    }
    if (action === 'putOn') {
      const blockers = shelfOnBlockers({
        recycleState: row.recycle_state,
        auditState: row.audit_state,
        auditRequired: required,
        skuCount: row.sku_count,
        priceFen: row.price_fen,
      });
      if (blockers.length > 0) throw shelfBlockedError(locale, row.name, blockers);
    }
    changed.push(row.id);
  }
  if (changed.length > 0) {
    const set: Record<Exclude<StateAction, 'copy'>, SQL> = {
      putOn: sql`shelf_state = 'on', auto_shelf = false`,
      takeOff: sql`shelf_state = 'off', auto_shelf = false`,
      recycle: sql`recycle_state = 'recycled', shelf_state = 'off', auto_shelf = false, recycled_at = now()`,
    };
    await tx.execute(
      sql`update products set ${set[action]}, updated_at = now() where id in ${inList(changed)}`,
    );
    for (const id of changed) await audit(tx, session, `product.${action}`, productTarget(id));
  }
  return { Changed: changed, Unchanged: unchanged, CreatedIds: [] };
}

function yuan(fen: number): number {
  return fen / 100;
}

function exportColumns(locale: Locale): ExportColumn<goods.ProductRow>[] {
  const say = (key: string) => translate(locale, key);
  return [
    { header: say('product.export.id'), width: 10, value: (row) => row.Id },
    { header: say('product.export.name'), width: 36, value: (row) => row.Name },
    { header: say('product.export.code'), width: 16, value: (row) => row.Code },
    { header: say('product.export.category'), width: 14, value: (row) => row.CategoryName },
    { header: say('product.export.price'), numberFormat: '0.00', value: (row) => yuan(row.PriceFen) },
    { header: say('product.export.maxPrice'), numberFormat: '0.00', value: (row) => yuan(row.MaxPriceFen) },
    {
      header: say('product.export.marketPrice'),
      numberFormat: '0.00',
      value: (row) => yuan(row.MarketPriceFen),
    },
    { header: say('product.export.stock'), width: 10, value: (row) => row.TotalStock },
    { header: say('product.export.sales'), width: 10, value: (row) => row.Sales },
    { header: say('product.export.skuCount'), width: 8, value: (row) => row.SkuCount },
    { header: say('product.export.shelf'), value: (row) => say(stateLabelKey(shelfMachine, row.ShelfState)) },
    { header: say('product.export.audit'), value: (row) => say(`goods.audit.state.${row.AuditState}`) },
    { header: say('product.export.sort'), width: 8, value: (row) => row.Sort },
    {
      header: say('product.export.created'),
      width: 20,
      value: (row) => shopDateTime(new Date(row.CreatedAt)),
    },
  ];
}

interface PickRecord extends Record<string, unknown> {
  id: number;
  name: string;
  image: string | null;
  price_fen: number;
  total_stock: number;
  shelf_state: 'on' | 'off';
}

const PICK_COLUMNS = sql`p.id, p.name, p.gallery->>0 as image, p.price_fen, p.total_stock, p.shelf_state`;

function toPickRow(record: PickRecord) {
  return {
    Id: record.id,
    Name: record.name,
    Image: record.image ?? '',
    PriceFen: record.price_fen,
    TotalStock: record.total_stock,
    ShelfState: record.shelf_state,
  };
}

export const productRoutes = [
  defineRoute(goods.getProductList, async ({ db, session, input }) => {
    const list = await readProductList(
      db,
      session.siteId,
      input,
      (input.page - 1) * input.pageSize,
      input.pageSize,
    );
    return {
      Data: list.rows,
      Total: list.counts[input.tab],
      Counts: list.counts,
      AuditRequired: list.auditRequired,
    };
  }),

  defineRoute(goods.exportProductList, async ({ db, session, input, locale, reply }) => {
    // Bad filters are refused as an envelope before the download starts.
    productFilterConditions(session.siteId, input);
    const stamp = shopDate(new Date());
    sendExport(reply, {
      format: input.format,
      fileName: `${translate(locale, 'product.export.fileName')}-${stamp}`,
      asciiName: `goods-${stamp}`,
      sheetName: translate(locale, 'product.export.sheet'),
      columns: exportColumns(locale),
      batches: pagedBatches(
        (offset, limit) => readProductPage(db, session.siteId, input, offset, limit),
        EXPORT_MAX_ROWS,
      ),
    });
    return undefined;
  }),

  defineRoute(goods.getProductInfo, async ({ db, session, input }) =>
    readProductDetail(db, session.siteId, input.id),
  ),

  defineRoute(goods.saveProduct, async ({ db, session, locale, input }) => {
    if (input.Id === undefined) requireGranted(session, GoodsPermission.issue);
    return saveProduct(db, session, locale, input);
  }),

  defineRoute(goods.changeProductState, async ({ db, session, locale, input }) => {
    const ids = uniqueIds(input.Ids);
    if (input.Action === 'copy') requireGranted(session, GoodsPermission.issue);
    return db.transaction(async (tx) => {
      const rows = await lockProducts(tx, session.siteId, ids);
      if (input.Action !== 'copy') return changeStates(tx, session, locale, rows, input.Action);
      const created: number[] = [];
      for (const row of rows) {
        if (row.recycle_state !== 'active')
          throw new AppError('product.recycledReadOnly', { name: row.name });
        created.push(await copyProduct(tx, session, locale, row.id));
      }
      return { Changed: [], Unchanged: [], CreatedIds: created };
    });
  }),

  defineRoute(goods.setProductSort, async ({ db, session, input }) => {
    const ids = uniqueIds(input.Items.map((item) => item.Id));
    return db.transaction(async (tx) => {
      const rows = await lockProducts(tx, session.siteId, ids);
      const versions = new Map(rows.map((row) => [row.id, row.version]));
      for (const item of input.Items) {
        if (item.Version !== undefined && item.Version !== versions.get(item.Id)) throw staleVersion();
      }
      const result: { Id: number; Version: number }[] = [];
      for (const item of input.Items) {
        const [updated] = await queryRows<{ version: number; before: number }>(
          tx,
          sql`update products p set sort = ${item.Sort}, version = p.version + 1, updated_at = now()
                from (select id, sort as before from products where id = ${item.Id}) old
               where p.id = old.id returning p.version, old.before`,
        );
        await audit(tx, session, 'product.sort', productTarget(item.Id), {
          before: updated!.before,
          after: item.Sort,
        });
        result.push({ Id: item.Id, Version: updated!.version });
      }
      return { Versions: result };
    });
  }),

  defineRoute(goods.setSalesBase, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      const row = await lockProduct(tx, session.siteId, input.Id);
      if (!row) throw notFound('product.notFound', input.Id);
      if (input.Version !== undefined && input.Version !== row.version) throw staleVersion();
      const [updated] = await queryRows<{ version: number }>(
        tx,
        sql`update products set sales_base = ${input.SalesBase}, version = version + 1, updated_at = now()
             where id = ${input.Id} returning version`,
      );
      await audit(tx, session, 'product.salesBase', productTarget(input.Id), { salesBase: input.SalesBase });
      return { Version: updated!.version };
    }),
  ),

  defineRoute(goods.changeStock, async ({ db, session, input }) => {
    uniqueIds(
      input.Items.map((item) => item.SkuId),
      'Items',
    );
    return db.transaction(async (tx) => {
      const product = await lockProduct(tx, session.siteId, input.ProductId);
      if (!product) throw notFound('product.notFound', input.ProductId, 'ProductId');
      if (product.recycle_state !== 'active')
        throw new AppError('product.recycledReadOnly', { name: product.name });
      const results = [];
      for (const item of input.Items) {
        results.push(
          await changeSkuStock(tx, session, product, {
            skuId: item.SkuId,
            mode: input.Mode,
            quantity: item.Quantity,
            kind: input.Mode,
            reason: input.Reason,
          }),
        );
      }
      const [totals] = await queryRows<{ total_stock: number }>(
        tx,
        sql`select total_stock from products where id = ${product.id}`,
      );
      await audit(tx, session, 'product.stock', productTarget(product.id), {
        mode: input.Mode,
        reason: input.Reason,
        changes: results.filter((result) => result.delta !== 0).map((result) => [result.skuId, result.delta]),
      });
      return {
        Skus: results.map((result) => ({ SkuId: result.skuId, Stock: result.stock })),
        TotalStock: totals!.total_stock,
      };
    });
  }),

  defineRoute(goods.getRelatedProducts, async ({ db, session, input }) => {
    const [missing] = await missingIds(
      db,
      'products',
      session.siteId,
      [input.productId],
      sql`recycle_state <> 'purged'`,
    );
    if (missing !== undefined) throw notFound('product.notFound', missing, 'productId');
    const records = await queryRows<PickRecord>(
      db,
      sql`select ${PICK_COLUMNS} from related_products r join products p on p.id = r.related_id
           where r.product_id = ${input.productId} and r.site_id = ${session.siteId} and p.recycle_state = 'active'
           order by r.position`,
    );
    return { Data: records.map(toPickRow) };
  }),

  defineRoute(goods.bindRelatedProducts, async ({ db, session, input }) => {
    const relatedIds = uniqueIds(input.RelatedIds, 'RelatedIds');
    if (relatedIds.includes(input.ProductId))
      throw new AppError('product.relatedSelf', {}, { field: 'RelatedIds' });
    return db.transaction(async (tx) => {
      const product = await lockProduct(tx, session.siteId, input.ProductId);
      if (!product) throw notFound('product.notFound', input.ProductId, 'ProductId');
      const [missing] = await missingIds(
        tx,
        'products',
        session.siteId,
        relatedIds,
        sql`recycle_state = 'active'`,
      );
      if (missing !== undefined) throw notFound('product.notFound', missing, 'RelatedIds');
      await tx.execute(sql`delete from related_products where product_id = ${input.ProductId}`);
      if (relatedIds.length > 0) {
        const values = relatedIds.map(
          (relatedId, position) => sql`(${session.siteId}, ${input.ProductId}, ${relatedId}, ${position})`,
        );
        await tx.execute(sql`insert into related_products (site_id, product_id, related_id, position)
          values ${sql.join(values, sql`, `)}`);
      }
      await audit(tx, session, 'product.related', productTarget(input.ProductId), { relatedIds });
      return { RelatedIds: relatedIds };
    });
  }),

  defineRoute(goods.getSelectProducts, async ({ db, session, input }) => {
    const conditions: SQL[] = [sql`p.site_id = ${session.siteId}`, sql`p.recycle_state = 'active'`];
    if (input.keyword) {
      conditions.push(
        sql`(${contains(sql`p.name`, input.keyword)} or ${contains(sql`p.code`, input.keyword)})`,
      );
    }
    if (input.categoryId !== undefined)
      conditions.push(sql`p.category_id in ${categorySubtree(session.siteId, input.categoryId)}`);
    if (input.onShelfOnly) conditions.push(sql`p.shelf_state = 'on'`);
    if (input.excludeId !== undefined) conditions.push(sql`p.id <> ${input.excludeId}`);
    if (input.kind) conditions.push(sql`p.kind = ${input.kind}`);
    const [count] = await queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from products p where ${where(conditions)}`,
    );
    const records = await queryRows<PickRecord>(
      db,
      sql`select ${PICK_COLUMNS} from products p where ${where(conditions)}
           order by p.sort desc, p.id desc limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
    );
    return { Data: records.map(toPickRow), Total: count!.total };
  }),
];
