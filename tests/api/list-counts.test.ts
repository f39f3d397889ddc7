import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProductList, PRODUCT_TABS } from '../../contract/endpoints/goods';
import { getOfflineOrders, getOrderList, OFFLINE_TABS, ORDER_TABS } from '../../contract/endpoints/orders';
import { startTestServer, type TestServer } from './harness';

/**
 * The goods, order and offline-order lists read a page and the rows per tab in one statement: the
 * counts must be exactly the rows the pages hold, for every tab and filter, page past the end
 * included.
 */

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin');
});

afterAll(async () => {
  await server.close();
});

interface ListAnswer {
  Errmsg: string;
  Data: { Id: number }[];
  Total: number;
  Counts: Record<string, number>;
}

/** Every page of a list for the filters, small pages so that the demo data spans several. */
async function allPages(
  endpoint: typeof getProductList | typeof getOrderList | typeof getOfflineOrders,
  filters: Record<string, unknown>,
): Promise<{ ids: number[]; first: ListAnswer; pastEnd: ListAnswer }> {
  const pageSize = 7;
  const ids: number[] = [];
  let first: ListAnswer | undefined;
  for (let page = 1; ; page += 1) {
    const response = await server.call(endpoint, { ...filters, page, pageSize }, { token });
    const body = response.body as unknown as ListAnswer;
    expect(body.Errmsg).toBe('');
    first ??= body;
    expect(body.Total).toBe(first.Total);
    expect(body.Counts).toEqual(first.Counts);
    ids.push(...body.Data.map((row) => row.Id));
    if (body.Data.length < pageSize) {
      const past = await server.call(endpoint, { ...filters, page: page + 5, pageSize }, { token });
      return { ids, first, pastEnd: past.body as unknown as ListAnswer };
    }
  }
}

async function expectCountsMatchRows(
  endpoint: typeof getProductList | typeof getOrderList | typeof getOfflineOrders,
  tabs: readonly string[],
  filters: Record<string, unknown>,
) {
  const totals: Record<string, number> = {};
  for (const tab of tabs) {
    const { ids, first, pastEnd } = await allPages(endpoint, { ...filters, tab });
    expect(new Set(ids).size).toBe(ids.length);
    expect(first.Total).toBe(ids.length);
    expect(first.Counts[tab]).toBe(ids.length);
    expect(pastEnd.Data).toEqual([]);
    expect(pastEnd.Total).toBe(ids.length);
    expect(pastEnd.Counts).toEqual(first.Counts);
    totals[tab] = ids.length;
  }
  return totals;
}

describe('goods list counts', () => {
  it('match the rows of every tab, unfiltered and filtered, in every sort', async () => {
    const all = await expectCountsMatchRows(getProductList, PRODUCT_TABS, {});
    expect(all.all).toBeGreaterThan(7);
    const [row] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from products where site_id = 1 and recycle_state = 'active'`,
    );
    expect(all.all).toBe(row!.count);
    await expectCountsMatchRows(getProductList, PRODUCT_TABS, { priceMin: 1000, sort: '-price' });
    await expectCountsMatchRows(getProductList, PRODUCT_TABS, { keyword: 'zz-no-such-goods' });
  });
});

describe('order list counts', () => {
  it('match the rows of every tab, unfiltered and filtered, in every sort', async () => {
    const all = await expectCountsMatchRows(getOrderList, ORDER_TABS, {});
    expect(all.all).toBeGreaterThan(7);
    const [row] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from orders where site_id = 1`,
    );
    expect(all.all).toBe(row!.count);
    await expectCountsMatchRows(getOrderList, ORDER_TABS, { deliveryType: 'express', sort: 'total' });
    await expectCountsMatchRows(getOrderList, ORDER_TABS, { orderNo: 'no-such-order' });
  });

  it('of offline orders match their rows too', async () => {
    await expectCountsMatchRows(getOfflineOrders, OFFLINE_TABS, {});
    await expectCountsMatchRows(getOfflineOrders, OFFLINE_TABS, { sort: '-total' });
  });
});
