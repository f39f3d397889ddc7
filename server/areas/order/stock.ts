import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { queryRows, runStatements, type Statement } from '../../db/query';
import { AppError } from '../../http/errors';
import { type StockLine, shortMove, stockMoves } from './stock-rules';

/**
 * Stock taken by orders and given back, in the caller's transaction, with the goods area's rules:
 * the goods rows are locked first, in id order (the order every stock writer follows), then one
 * guarded UPDATE per direction moves every SKU at once (`stock >= n` for taking, so stock can never
 * go below zero however many buyers race for it), one stock-log row per SKU and the goods' totals
 * follow by the same deltas.
 */

/** Whose action moved the stock: an operator (account) or the buyer / the system (no account). */
export interface StockActor {
  accountId: number | null;
  name: string;
}

function valuesList(rows: readonly (readonly number[])[]): SQL {
  return sql.join(
    rows.map(
      (row) =>
        sql`(${sql.join(
          row.map((value) => sql`${value}::int`),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );
}

/** Locks the goods rows of the lines, in id order. */
export async function lockGoods(tx: Executor, siteId: number, productIds: readonly number[]): Promise<void> {
  const ids = [...new Set(productIds)].sort((left, right) => left - right);
  if (ids.length === 0) return;
  await tx.execute(
    sql`select id from products where site_id = ${siteId} and id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) order by id for update`,
  );
}

/**
 * One statement moves the SKUs, writes their log rows and the goods' totals: the goods rows stay
 * locked from here to the commit, so each round trip saved shortens every buyer's wait behind them.
 * Null when the lines move nothing.
 */
function stockMove(
  siteId: number,
  lines: readonly StockLine[],
  direction: -1 | 1,
  reason: string,
  actor: StockActor,
  at: Date,
): Statement | null {
  const moves = stockMoves(lines);
  if (moves.length === 0) return null;
  const guard = direction === -1 ? sql`and s.stock >= d.quantity` : sql``;
  return {
    query: sql`with moved as (
                 update skus s set stock = s.stock + ${direction}::int * d.quantity
                   from (values ${valuesList(moves.map((line) => [line.skuId, line.quantity]))}) as d(sku_id, quantity)
                  where s.id = d.sku_id and s.site_id = ${siteId} ${guard}
                 returning s.id, s.stock, s.product_id, d.quantity),
               logged as (
                 insert into stock_log (site_id, product_id, sku_id, kind, delta, after, reason, account_id, account_name, at)
                 select ${siteId}, product_id, id, 'order', ${direction}::int * quantity, stock, ${reason},
                        ${actor.accountId}::int, ${actor.name}, ${at.toISOString()}::timestamptz
                   from moved),
               totals as (
                 update products p set total_stock = p.total_stock + ${direction}::int * t.quantity
                   from (select product_id, sum(quantity)::int as quantity from moved group by product_id) t
                  where p.id = t.product_id and p.site_id = ${siteId})
               select id from moved`,
    read: (rows) => {
      if (direction === 1) return;
      const short = shortMove(moves, new Set(rows.map((row) => row.id as number)));
      // The statement already moved the other SKUs; throwing rolls them back with the transaction.
      if (short) throw new AppError('order.outOfStock', { name: short.label }, { field: 'Lines' });
    },
  };
}

/** Locks the goods rows of the lines, then makes the move (nothing when it moves nothing). */
async function lockAndMove(
  tx: Executor,
  siteId: number,
  lines: readonly StockLine[],
  move: Statement | null,
): Promise<void> {
  if (!move) return;
  await lockGoods(
    tx,
    siteId,
    stockMoves(lines).map((line) => line.productId),
  );
  await runStatements(tx, [move]);
}

/**
 * The statement taking the lines' stock, for a caller that locked the goods rows already and sends
 * it with others (runStatements); refused (order.outOfStock) as takeStock is. Null when nothing moves.
 */
export function stockTaking(
  siteId: number,
  lines: readonly StockLine[],
  reason: string,
  actor: StockActor,
  at: Date,
): Statement | null {
  return stockMove(siteId, lines, -1, reason, actor, at);
}

/** Takes the lines' stock; refuses (order.outOfStock) when any SKU has less than its line needs. */
export function takeStock(
  tx: Executor,
  siteId: number,
  lines: readonly StockLine[],
  reason: string,
  actor: StockActor,
  at: Date,
): Promise<void> {
  return lockAndMove(tx, siteId, lines, stockTaking(siteId, lines, reason, actor, at));
}

export function returnStock(
  tx: Executor,
  siteId: number,
  lines: readonly StockLine[],
  reason: string,
  actor: StockActor,
  at: Date,
): Promise<void> {
  return lockAndMove(tx, siteId, lines, stockMove(siteId, lines, 1, reason, actor, at));
}

/** Units sold, shown as the goods' sales: added at payment, taken back when a refund closes the order. */
export async function addSold(
  tx: Executor,
  siteId: number,
  orderId: number,
  direction: -1 | 1,
): Promise<void> {
  await tx.execute(
    sql`update products p set sold_count = greatest(0, p.sold_count + ${direction}::int * l.quantity)
          from (select product_id, sum(quantity)::int as quantity from order_lines
                 where order_id = ${orderId} group by product_id) l
         where p.id = l.product_id and p.site_id = ${siteId}`,
  );
}

export interface OrderLineStock extends Record<string, unknown> {
  product_id: number;
  sku_id: number;
  quantity: number;
  name: string;
  spec_text: string;
}

/** The stock lines of orders, keyed by order id. */
export async function orderStockLines(
  tx: Executor,
  orderIds: readonly number[],
): Promise<Map<number, StockLine[]>> {
  const byOrder = new Map<number, StockLine[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await queryRows<OrderLineStock & { order_id: number }>(
    tx,
    sql`select order_id, product_id, sku_id, quantity, name, spec_text from order_lines
         where order_id in (${sql.join(
           orderIds.map((id) => sql`${id}`),
           sql`, `,
         )}) order by order_id, position`,
  );
  for (const row of rows) {
    const lines = byOrder.get(row.order_id) ?? [];
    lines.push({
      productId: row.product_id,
      skuId: row.sku_id,
      quantity: row.quantity,
      label: row.spec_text ? `${row.name} ${row.spec_text}` : row.name,
    });
    byOrder.set(row.order_id, lines);
  }
  return byOrder;
}
