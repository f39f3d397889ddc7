import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getIndexDataInfo } from '../../contract/endpoints/dashboard';
import { queryRows } from '../../server/db/query';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it('counts the caller’s on-shelf, not recycled goods as goods on sale', async () => {
  const [expected] = await queryRows<{ site1: number; site2: number }>(
    server.database.db,
    sql`select count(*) filter (where site_id = 1)::int as site1, count(*) filter (where site_id = 2)::int as site2
          from products where recycle_state = 'active' and shelf_state = 'on'`,
  );
  expect(expected!.site1).toBeGreaterThan(0);
  const response = await server.call(getIndexDataInfo, {}, { token: await server.login('admin') });
  expect(response.body.Data.GoodsOnSale).toBe(expected!.site1);
});
