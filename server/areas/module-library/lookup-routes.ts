import { and, asc, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { EndpointDefinition } from '../../../contract/endpoint';
import {
  type LookupPage,
  type LookupRow,
  lookupEndpoints,
  type lookupQuerySchema,
} from '../../../contract/endpoints/link-entities';
import { ENTITY_LINK_KINDS } from '../../../contract/link-targets';
import { containsPattern } from '../../db/query';
import { defineRoute, type RouteDefinition } from '../../http/route';
import { endedCouponIds } from '../marketing/service';
import { productCategories, products } from '../product/tables';
import { registerEntityEnded, registerEntityExistence } from './entity-existence';
import {
  endedIds,
  type LinkTableKind,
  LOOKUP_SOURCES,
  type LookupSource,
  liveIds,
  lookupRows,
  parseIds,
} from './lookup-sources';

const page = (input: { page: number; pageSize: number }) => ({
  limit: input.pageSize,
  offset: (input.page - 1) * input.pageSize,
});

/** Goods not in the recycle bin, on the shelf or not (a link may point at goods about to go on sale). */
const productLookup = defineRoute(lookupEndpoints.product, async ({ input, db, session }) => {
  const conditions: SQL[] = [eq(products.siteId, session.siteId), eq(products.recycleState, 'active')];
  if (input.Keyword) conditions.push(ilike(products.name, containsPattern(input.Keyword)));
  const ids = parseIds(input.Ids);
  if (ids.length > 0) conditions.push(inArray(products.id, ids));
  const where = and(...conditions);
  const { limit, offset } = page(input);
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(desc(products.sort), desc(products.id))
    .limit(limit)
    .offset(offset);
  const Data: LookupRow<'product'>[] = rows.map((row) => ({
    Id: row.id,
    Title: row.name,
    Image: row.gallery[0] ?? '',
    Status: row.shelfState,
    CreatedAt: row.createdAt.toISOString(),
    Subtitle: row.subtitle,
    PriceFen: row.priceFen,
    MarketPriceFen: row.marketPriceFen,
    Sales: row.salesBase + row.soldCount,
  }));
  return { Data, Total: await db.$count(products, where) };
});

const categoryLookup = defineRoute(lookupEndpoints.category, async ({ input, db, session }) => {
  const conditions: SQL[] = [eq(productCategories.siteId, session.siteId)];
  if (input.Keyword) conditions.push(ilike(productCategories.name, containsPattern(input.Keyword)));
  const ids = parseIds(input.Ids);
  if (ids.length > 0) conditions.push(inArray(productCategories.id, ids));
  const where = and(...conditions);
  const { limit, offset } = page(input);
  const rows = await db
    .select()
    .from(productCategories)
    .where(where)
    .orderBy(asc(productCategories.sort), asc(productCategories.id))
    .limit(limit)
    .offset(offset);
  const Data: LookupRow<'category'>[] = rows.map((row) => ({
    Id: row.id,
    Title: row.name,
    Image: row.image,
    Status: 'on',
    CreatedAt: row.createdAt.toISOString(),
    ParentId: row.parentId,
  }));
  return { Data, Total: await db.$count(productCategories, where) };
});

const tableKinds = ENTITY_LINK_KINDS.filter(
  (kind): kind is LinkTableKind => kind !== 'product' && kind !== 'category',
);

for (const kind of tableKinds) {
  // A deleted row stays for the links that name it; the publish check reports them.
  registerEntityExistence(kind, (db, siteId, ids) => liveIds(db, siteId, LOOKUP_SOURCES[kind].table, ids));
  if (LOOKUP_SOURCES[kind].ended) {
    registerEntityEnded(kind, (db, siteId, ids) =>
      endedIds(db, siteId, LOOKUP_SOURCES[kind] as LookupSource, ids),
    );
  }
}
registerEntityEnded('coupon', endedCouponIds);

function tableLookup<K extends LinkTableKind>(kind: K): RouteDefinition {
  const endpoint = lookupEndpoints[kind] as EndpointDefinition<
    typeof lookupQuerySchema,
    z.ZodType<LookupPage<K>, LookupPage<K>>
  >;
  return defineRoute(endpoint, ({ input, db, session }) =>
    lookupRows(db, session.siteId, LOOKUP_SOURCES[kind] as LookupSource<K>, input),
  );
}

/** The ModuleLibrary lookups of every entity link kind. */
export const lookupRoutes: RouteDefinition[] = [
  productLookup,
  categoryLookup,
  ...tableKinds.map(tableLookup),
];
