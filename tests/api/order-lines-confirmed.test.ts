import { type SQL, sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmLines, priceLines } from '../../server/areas/order/pricing';
import { runStatements } from '../../server/db/query';
import { AppError } from '../../server/http/errors';
import { startTestServer, type TestServer } from './harness';
import { MALL_SITE, prepareSku, type TestSku } from './order-helpers';

/**
 * An order prices its lines without a lock and confirms them under the goods rows' lock just before
 * it takes stock (placeOrder): whatever changed in between either still holds or refuses the order.
 * Each case changes the goods between the two reads, inside one transaction rolled back after it.
 */

let server: TestServer;
let sku: TestSku;

beforeAll(async () => {
  server = await startTestServer();
  sku = await prepareSku(server, MALL_SITE, 5, { skip: 0 });
});
afterAll(() => server.close());

/** The outcome of confirming 2 units priced before `change`: 'confirmed' or the refusal's key. */
async function confirmAfter(change: (target: TestSku) => SQL | null): Promise<string> {
  let outcome = 'confirmed';
  await server.database.db
    .transaction(async (tx) => {
      const priced = await priceLines(tx, MALL_SITE, [{ SkuId: sku.skuId, Quantity: 2 }], { lock: false });
      const statement = change(sku);
      if (statement) await tx.execute(statement);
      try {
        await runStatements(tx, [confirmLines(MALL_SITE, priced)]);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcome = error.key;
      }
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return outcome;
}

describe('lines confirmed under the lock', () => {
  it.each([
    ['nothing changed', () => null, 'confirmed'],
    [
      'stock lower, still enough (2 of 2)',
      (t: TestSku) => sql`update skus set stock = 2 where id = ${t.skuId}`,
      'confirmed',
    ],
    [
      'a sibling SKU’s price',
      (t: TestSku) =>
        sql`update skus set price_fen = price_fen + 1 where product_id = ${t.productId} and id <> ${t.skuId}`,
      'confirmed',
    ],
    [
      'stock one short (1 of 2)',
      (t: TestSku) => sql`update skus set stock = 1 where id = ${t.skuId}`,
      'order.outOfStock',
    ],
    [
      'price one fen up',
      (t: TestSku) => sql`update skus set price_fen = price_fen + 1 where id = ${t.skuId}`,
      'order.goodsChanged',
    ],
    [
      'price one fen down',
      (t: TestSku) => sql`update skus set price_fen = price_fen - 1 where id = ${t.skuId}`,
      'order.goodsChanged',
    ],
    [
      'goods renamed',
      (t: TestSku) => sql`update products set name = name || ' 新' where id = ${t.productId}`,
      'order.goodsChanged',
    ],
    [
      'weight',
      (t: TestSku) => sql`update skus set weight_g = weight_g + 1 where id = ${t.skuId}`,
      'order.goodsChanged',
    ],
    [
      'off the shelf',
      (t: TestSku) => sql`update products set shelf_state = 'off' where id = ${t.productId}`,
      'order.goodsUnavailable',
    ],
    [
      'recycled',
      (t: TestSku) => sql`update products set recycle_state = 'recycled' where id = ${t.productId}`,
      'order.goodsUnavailable',
    ],
  ] as const)('%s', async (_, change, expected) => {
    expect(await confirmAfter(change)).toBe(expected);
  });

  it('left the goods as they were (every case rolled back)', async () => {
    const [row] = await server.query<{ stock: number; price_fen: number }>(
      sql`select stock, price_fen from skus where id = ${sku.skuId}`,
    );
    expect(row).toEqual({ stock: 5, price_fen: sku.priceFen });
  });
});
