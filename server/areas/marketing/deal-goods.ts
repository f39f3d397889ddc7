import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';

/**
 * The shop's goods and SKUs as the activity modules read them: what an operator may put in an
 * activity (its own goods, not in the recycle bin) and their SKUs' prices and stock now.
 */

export interface GoodsSku {
  id: number;
  productId: number;
  specText: string;
  priceFen: number;
  stock: number;
}

export interface Goods {
  id: number;
  name: string;
  image: string;
  kind: 'physical' | 'virtual';
  skus: GoodsSku[];
}

/** Goods of the shop by id, with their SKUs in display order. */
export async function readGoods(
  db: Executor,
  siteId: number,
  productIds: readonly number[],
): Promise<Map<number, Goods>> {
  const goods = new Map<number, Goods>();
  if (productIds.length === 0) return goods;
  const ids = sql.join(
    [...new Set(productIds)].map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{
    id: number;
    name: string;
    image: string | null;
    kind: 'physical' | 'virtual';
    recycle_state: string;
    sku_id: number | null;
    spec_text: string | null;
    price_fen: number | null;
    stock: number | null;
  }>(
    db,
    sql`select p.id, p.name, p.gallery->>0 as image, p.kind, p.recycle_state, s.id as sku_id, s.spec_text,
               s.price_fen, s.stock
          from products p left join skus s on s.product_id = p.id
         where p.site_id = ${siteId} and p.id in (${ids})
         order by p.id, s.position, s.id`,
  );
  for (const row of rows) {
    if (row.recycle_state !== 'active') continue;
    let entry = goods.get(row.id);
    if (!entry) {
      entry = { id: row.id, name: row.name, image: row.image ?? '', kind: row.kind, skus: [] };
      goods.set(row.id, entry);
    }
    if (row.sku_id !== null)
      entry.skus.push({
        id: row.sku_id,
        productId: row.id,
        specText: row.spec_text ?? '',
        priceFen: row.price_fen ?? 0,
        stock: row.stock ?? 0,
      });
  }
  return goods;
}

/** One good of the shop, refused (naming `field`) when it is not the shop's or is in the recycle bin. */
export async function requireGoods(db: Executor, siteId: number, productId: number, field: string) {
  const goods = (await readGoods(db, siteId, [productId])).get(productId);
  if (!goods) throw new AppError('deals.goodsNotFound', { id: productId }, { field });
  return goods;
}

/** The good of a SKU of the shop, refused (naming `field`) when there is none. */
export async function requireSkuGoods(db: Executor, siteId: number, skuId: number, field: string) {
  const [row] = await queryRows<{ product_id: number }>(
    db,
    sql`select product_id from skus where id = ${skuId} and site_id = ${siteId}`,
  );
  if (!row) throw new AppError('deals.skuNotFound', { id: skuId }, { field });
  const goods = await requireGoods(db, siteId, row.product_id, field);
  return { goods, sku: goods.skus.find((sku) => sku.id === skuId)! };
}

/**
 * Each SKU named must be one of the good's, and its activity price below the SKU's own price (the
 * pricing function only ever lowers a price). `at(index)` names the field of the index-th entry.
 */
export function checkActivityPrices(
  goods: Goods,
  entries: readonly { skuId: number; priceFen: number }[],
  at: (index: number, field: 'SkuId' | 'Price') => string,
): void {
  entries.forEach((entry, index) => {
    const sku = goods.skus.find((candidate) => candidate.id === entry.skuId);
    if (!sku)
      throw new AppError(
        'deals.skuNotOfGoods',
        { id: entry.skuId, name: goods.name },
        { field: at(index, 'SkuId') },
      );
    if (entry.priceFen >= sku.priceFen)
      throw new AppError(
        'deals.priceNotBelow',
        { price: (entry.priceFen / 100).toFixed(2), listPrice: (sku.priceFen / 100).toFixed(2) },
        { field: at(index, 'Price') },
      );
  });
}
