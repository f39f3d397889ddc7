import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { lookupEndpoints } from '../../contract/endpoints/link-entities';
import { ENTITY_LINK_KINDS, type EntityLinkKind } from '../../contract/link-targets';
import { LOOKUP_SOURCES } from '../../server/areas/module-library/lookup-sources';
import type { ApiResponse } from './harness';
import { defineIsolationCase, type IsolationContext, runIsolationCases } from './tenant-isolation';

const TITLE = '乙店专属条目';

/** A live row of site B of the kind, with a title no row of site A has. */
async function rowOfB(kind: EntityLinkKind, { server, siteB }: IsolationContext): Promise<{ id: number }> {
  const now = new Date();
  if (kind === 'product') {
    const [row] = await server.query<{ id: number }>(
      sql`insert into products (site_id, name) values (${siteB}, ${TITLE}) returning id`,
    );
    return row!;
  }
  if (kind === 'category') {
    const [row] = await server.query<{ id: number }>(
      sql`insert into product_categories (site_id, name) values (${siteB}, ${TITLE}) returning id`,
    );
    return row!;
  }
  // One set of values fills every kind's required columns; each table takes the ones it has.
  const [row] = (await server.database.db
    .insert(LOOKUP_SOURCES[kind].table)
    .values({
      siteId: siteB,
      title: TITLE,
      discountType: 'amount',
      value: 100,
      priceFen: 100,
      originalPriceFen: 200,
      points: 10,
      startsAt: now,
      endsAt: new Date(now.getTime() + 86_400_000),
    } as never)
    .returning()) as { id: number }[];
  return row!;
}

runIsolationCases(
  'ModuleLibrary lookups',
  ENTITY_LINK_KINDS.map((kind) =>
    defineIsolationCase({
      name: `${lookupEndpoints[kind].path} naming a row of site B`,
      endpoint: lookupEndpoints[kind],
      setup: (context) => rowOfB(kind, context),
      input: (_context, { id }) => ({ Ids: String(id), Keyword: TITLE }),
      verify: (response: ApiResponse) => {
        expect(response.body).toMatchObject({ Errcode: 0, Data: [], Total: 0 });
      },
    }),
  ),
);
