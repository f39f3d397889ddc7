import { type SQL, sql } from 'drizzle-orm';
import * as goods from '../../../contract/endpoints/goods';
import { parseSort } from '../../../contract/list-query';
import { auditMachine, recycleMachine, shelfOnBlockers } from '../../../contract/machines/goods';
import { transitionOutcome } from '../../../contract/state-machine';
import { audit } from '../../audit';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { illegalTransition, productTarget, uniqueIds } from './errors';
import { auditRequired } from './product-detail';
import { categorySubtree, contains, countRows, isoTime, readProductRows, where } from './product-list';
import { unfinishedOrderReferences } from './service';
import { inList } from './sql-helpers';
import { lockProducts } from './stock';

interface RecycledRecord extends Record<string, unknown> {
  id: number;
  name: string;
  code: string;
  image: string | null;
  category_name: string | null;
  price_fen: number;
  total_stock: number;
  recycled_at: Date | string | null;
  version: number;
}

function searchConditions(
  siteId: number,
  keyword: string | undefined,
  categoryId: number | undefined,
): SQL[] {
  const conditions: SQL[] = [sql`p.site_id = ${siteId}`];
  if (keyword) {
    conditions.push(sql`(${contains(sql`p.name`, keyword)} or ${contains(sql`p.code`, keyword)})`);
  }
  if (categoryId !== undefined) conditions.push(sql`p.category_id in ${categorySubtree(siteId, categoryId)}`);
  return conditions;
}

export const recycleAuditRoutes = [
  defineRoute(goods.getRecycledProducts, async ({ db, session, input }) => {
    const conditions = [
      ...searchConditions(session.siteId, input.keyword, input.categoryId),
      sql`p.recycle_state = 'recycled'`,
    ];
    const { field, descending } = parseSort(input.sort);
    const direction = descending ? sql`desc` : sql`asc`;
    const column = field === 'name' ? sql`p.name` : sql`p.recycled_at`;
    const total = await countRows(db, sql`products p`, conditions);
    const records = await queryRows<RecycledRecord>(
      db,
      sql`select p.id, p.name, p.code, p.gallery->>0 as image, c.name as category_name, p.price_fen, p.total_stock,
                 p.recycled_at, p.version
            from products p left join product_categories c on c.id = p.category_id
           where ${where(conditions)} order by ${column} ${direction}, p.id ${direction}
           limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
    );
    return {
      Data: records.map((record) => ({
        Id: record.id,
        Name: record.name,
        Code: record.code,
        Image: record.image ?? '',
        CategoryName: record.category_name ?? '',
        PriceFen: record.price_fen,
        TotalStock: record.total_stock,
        RecycledAt: isoTime(record.recycled_at),
        Version: record.version,
      })),
      Total: total,
    };
  }),

  defineRoute(goods.changeRecycledState, async ({ db, session, locale, input }) => {
    const ids = uniqueIds(input.Ids);
    return db.transaction(async (tx) => {
      const rows = await lockProducts(tx, session.siteId, ids);
      const changed: number[] = [];
      const unchanged: number[] = [];
      for (const row of rows) {
        const outcome = transitionOutcome(recycleMachine, row.recycle_state, input.Action);
        if (outcome === 'illegal') {
          throw illegalTransition(
            locale,
            row.name,
            { machine: recycleMachine, value: row.recycle_state },
            { machine: recycleMachine, name: input.Action },
          );
        }
        (outcome === 'change' ? changed : unchanged).push(row.id);
      }
      if (changed.length === 0) return { Changed: changed, Unchanged: unchanged };
      if (input.Action === 'purge') {
        const references = await unfinishedOrderReferences(tx, session.siteId, changed);
        const blocked = rows.find((row) => (references.get(row.id) ?? 0) > 0);
        if (blocked) {
          throw new AppError('product.purgeReferenced', {
            name: blocked.name,
            count: references.get(blocked.id)!,
          });
        }
        await tx.execute(
          sql`update products set recycle_state = 'purged', updated_at = now() where id in ${inList(changed)}`,
        );
        // A tombstone keeps old orders readable; nothing may link to it any more.
        await tx.execute(sql`delete from related_products
          where product_id in ${inList(changed)} or related_id in ${inList(changed)}`);
        await tx.execute(sql`delete from product_custom_type_links where product_id in ${inList(changed)}`);
      } else {
        await tx.execute(sql`update products set recycle_state = 'active', recycled_at = null, updated_at = now()
          where id in ${inList(changed)}`);
      }
      for (const id of changed) await audit(tx, session, `product.${input.Action}`, productTarget(id));
      return { Changed: changed, Unchanged: unchanged };
    });
  }),

  defineRoute(goods.getWaitAuditProducts, async ({ db, session, input }) => {
    const conditions = [
      ...searchConditions(session.siteId, input.keyword, input.categoryId),
      sql`p.recycle_state = 'active'`,
      sql`p.audit_state = ${input.auditState}`,
    ];
    const [total, rows, required] = await Promise.all([
      countRows(db, sql`products p`, conditions),
      readProductRows(
        db,
        conditions,
        sql`p.updated_at desc, p.id desc`,
        input.pageSize,
        (input.page - 1) * input.pageSize,
      ),
      auditRequired(db, session.siteId),
    ]);
    return { Data: rows, Total: total, AuditRequired: required };
  }),

  defineRoute(goods.auditProducts, async ({ db, session, locale, input }) => {
    const ids = uniqueIds(
      input.List.map((decision) => decision.Id),
      'List',
    );
    return db.transaction(async (tx) => {
      const rows = await lockProducts(tx, session.siteId, ids);
      const required = await auditRequired(tx, session.siteId);
      const changed: number[] = [];
      const shelved: number[] = [];
      for (const [index, decision] of input.List.entries()) {
        const row = rows[index]!;
        if (row.recycle_state !== 'active') {
          throw illegalTransition(
            locale,
            row.name,
            { machine: recycleMachine, value: row.recycle_state },
            { machine: auditMachine, name: decision.Action },
          );
        }
        const outcome = transitionOutcome(auditMachine, row.audit_state, decision.Action);
        if (outcome === 'illegal') {
          throw illegalTransition(
            locale,
            row.name,
            { machine: auditMachine, value: row.audit_state },
            { machine: auditMachine, name: decision.Action },
          );
        }
        if (outcome === 'unchanged') continue;
        if (decision.Action === 'reject') {
          if (!decision.Reason) {
            throw new AppError(
              'product.rejectReasonRequired',
              { name: row.name },
              { field: `List.${index}.Reason` },
            );
          }
          await tx.execute(sql`update products set audit_state = 'rejected', reject_reason = ${decision.Reason},
              shelf_state = 'off', auto_shelf = false, updated_at = now() where id = ${row.id}`);
        } else {
          const goOnShelf =
            row.auto_shelf &&
            shelfOnBlockers({
              recycleState: row.recycle_state,
              auditState: 'approved',
              auditRequired: required,
              skuCount: row.sku_count,
              priceFen: row.price_fen,
            }).length === 0;
          await tx.execute(sql`update products set audit_state = 'approved', reject_reason = '',
              shelf_state = ${goOnShelf ? 'on' : sql`shelf_state`}, auto_shelf = false,
              updated_at = now() where id = ${row.id}`);
          if (goOnShelf) shelved.push(row.id);
        }
        await audit(tx, session, `product.${decision.Action}`, productTarget(row.id), {
          reason: decision.Reason,
        });
        changed.push(row.id);
      }
      return { Changed: changed, ShelvedIds: shelved };
    });
  }),
];
