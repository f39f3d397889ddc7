import { and, eq, inArray } from 'drizzle-orm';
import { productCategories, products } from '../product/tables';
import { registerEntityExistence } from './entity-existence';

// Goods in the recycle bin are gone from the shop: a link to them is a link to deleted goods.
registerEntityExistence('product', async (db, siteId, ids) => {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(eq(products.siteId, siteId), inArray(products.id, [...ids]), eq(products.recycleState, 'active')),
    );
  return new Set(rows.map((row) => row.id));
});

registerEntityExistence('category', async (db, siteId, ids) => {
  const rows = await db
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(and(eq(productCategories.siteId, siteId), inArray(productCategories.id, [...ids])));
  return new Set(rows.map((row) => row.id));
});
