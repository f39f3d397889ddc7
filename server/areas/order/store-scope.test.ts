import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { orderScope, storeCondition } from './store-scope';

const dialect = new PgDialect();
function render(condition: ReturnType<typeof storeCondition>) {
  const { sql: text, params } = dialect.sqlToQuery(condition);
  return { sql: text, params };
}

describe('the store condition of order queries', () => {
  it.each([
    ['a main account', { isStore: false, storeId: null }, { sql: 'true', params: [] }],
    ['a sub-account (no store fields)', {}, { sql: 'true', params: [] }],
    ['a store account of store 7', { isStore: true, storeId: 7 }, { sql: 'o.store_id = $1', params: [7] }],
    ['a store account without a store', { isStore: true, storeId: null }, { sql: 'false', params: [] }],
  ])('for %s', (_who, viewer, expected) => {
    expect(render(storeCondition(viewer))).toEqual(expected);
  });

  it('names the column the query uses', () => {
    expect(render(storeCondition({ isStore: true, storeId: 3 }, sql`w.store_id`)).sql).toBe(
      'w.store_id = $1',
    );
  });

  it('always carries the site', () => {
    const [site, store] = orderScope({ siteId: 2, isStore: true, storeId: 5 }).map(render);
    expect(site).toEqual({ sql: 'o.site_id = $1', params: [2] });
    expect(store).toEqual({ sql: 'o.store_id = $1', params: [5] });
  });
});
