import { sql } from 'drizzle-orm';
import type { Session } from '../../auth/session';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { notFound } from './errors';
import { inList } from './sql-helpers';
import { stockLog } from './tables';

/**
 * Stock changes only here: a guarded UPDATE per SKU, a stock-log row per change and the goods'
 * total moved by the same delta, all in the caller's transaction.
 *
 * Lock order, to keep concurrent writers from deadlocking: the goods row first (lockProduct), then
 * its SKU rows. Every writer of stock or SKUs (goods edit, stock edit, orders) must follow it.
 */

export type StockKind = 'set' | 'add' | 'edit' | 'initial' | 'order';

export type StockActor = Pick<Session, 'siteId' | 'accountId' | 'userName'>;

export interface LockedProduct extends Record<string, unknown> {
  id: number;
  name: string;
  version: number;
  recycle_state: 'active' | 'recycled' | 'purged';
  shelf_state: 'on' | 'off';
  audit_state: 'pending' | 'approved' | 'rejected';
  auto_shelf: boolean;
  total_stock: number;
  sku_count: number;
  price_fen: number;
}

const LOCKED_COLUMNS = sql.raw(
  'id, name, version, recycle_state, shelf_state, audit_state, auto_shelf, total_stock, sku_count, price_fen',
);

/** Locks one goods row of the site (purged goods do not exist any more); null when there is none. */
export async function lockProduct(
  tx: Executor,
  siteId: number,
  productId: number,
): Promise<LockedProduct | null> {
  const [row] = await queryRows<LockedProduct>(
    tx,
    sql`select ${LOCKED_COLUMNS}
          from products where id = ${productId} and site_id = ${siteId} and recycle_state <> 'purged'
          for update`,
  );
  return row ?? null;
}

/** Locks goods rows in id order (the order every bulk writer uses); fails naming the first missing id. */
export async function lockProducts(
  tx: Executor,
  siteId: number,
  ids: readonly number[],
): Promise<LockedProduct[]> {
  const sorted = [...ids].sort((left, right) => left - right);
  const rows = await queryRows<LockedProduct>(
    tx,
    sql`select ${LOCKED_COLUMNS}
          from products
         where site_id = ${siteId} and recycle_state <> 'purged'
           and id in ${inList(sorted)}
         order by id for update`,
  );
  const found = new Set(rows.map((row) => row.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound('product.notFound', missing, 'Ids');
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)!);
}

export interface StockChange {
  skuId: number;
  /** `set`: the stock becomes quantity; otherwise quantity is added (negative takes away). */
  mode: 'set' | 'add';
  quantity: number;
  kind: StockKind;
  reason: string;
}

export interface StockResult {
  skuId: number;
  stock: number;
  delta: number;
}

/**
 * Applies one change to a SKU of a locked goods row. Refuses (AppError) a change that would leave
 * the SKU below zero; a change of zero writes nothing.
 */
export async function changeSkuStock(
  tx: Executor,
  actor: StockActor,
  product: Pick<LockedProduct, 'id' | 'name'>,
  change: StockChange,
): Promise<StockResult> {
  const scope = sql`id = ${change.skuId} and product_id = ${product.id} and site_id = ${actor.siteId}`;
  const [current] = await queryRows<{ stock: number; spec_text: string }>(
    tx,
    sql`select stock, spec_text from skus where ${scope} for update`,
  );
  if (!current) throw notFound('product.skuNotFound', change.skuId, 'SkuId');
  if (change.mode === 'set' && change.quantity < 0) {
    throw new AppError('product.stockSetNegative', {}, { field: 'Quantity' });
  }
  const delta = change.mode === 'set' ? change.quantity - current.stock : change.quantity;
  if (delta === 0) return { skuId: change.skuId, stock: current.stock, delta: 0 };
  // Guarded even under the row lock: the statement itself can never take stock below zero.
  const [updated] = await queryRows<{ stock: number }>(
    tx,
    sql`update skus set stock = stock + ${delta} where ${scope} and stock + ${delta} >= 0 returning stock`,
  );
  if (!updated) {
    const label = current.spec_text ? `${product.name} ${current.spec_text}` : product.name;
    throw new AppError(
      'product.stockBelowZero',
      { sku: label, stock: current.stock, delta },
      { field: 'Quantity' },
    );
  }
  await tx.insert(stockLog).values({
    siteId: actor.siteId,
    productId: product.id,
    skuId: change.skuId,
    kind: change.kind,
    delta,
    after: updated.stock,
    reason: change.reason,
    accountId: actor.accountId,
    accountName: actor.userName,
  });
  await tx.execute(sql`update products set total_stock = total_stock + ${delta} where id = ${product.id}`);
  return { skuId: change.skuId, stock: updated.stock, delta };
}
