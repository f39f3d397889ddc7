import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_BASE, defineEndpoint, type Permission } from '../../contract/endpoint';
import { buildApp } from '../../server/app';
import { allRoutes } from '../../server/area-list';
import { loadConfig } from '../../server/config';
import { defineRoute } from '../../server/http/route';
import { startTestServer, type TestServer } from './harness';
import { TEST_ENV } from './test-env';

let server: TestServer;
let app: FastifyInstance;

function probe(path: string, permission: Permission) {
  const endpoint = defineEndpoint({
    method: 'GET',
    path,
    permission,
    input: z.strictObject({}),
    output: z.object({ SiteId: z.number().int() }),
  });
  return defineRoute(endpoint, async ({ session }) => ({ SiteId: session.siteId }));
}

const services = () => ({ db: server.database.db, config: loadConfig({ ...TEST_ENV }) });

beforeAll(async () => {
  server = await startTestServer();
  // The real routes plus probes that need menus sub and store accounts do and do not hold.
  app = await buildApp({
    services: services(),
    logger: false,
    routes: [
      ...allRoutes,
      probe('/Test/Coupons', '/marketing/couponActivity'),
      probe('/Test/GoodsList', '/goods/goodsList'),
    ],
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await server.close();
});

async function get(path: string, token: string | null, locale?: string) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (locale) headers['accept-language'] = locale;
  const response = await app.inject({ method: 'GET', url: `${API_BASE}${path}`, headers });
  return { status: response.statusCode, body: response.json() };
}

describe('fail closed at start', () => {
  it('refuses to build an app with a route that declares no permission', async () => {
    const careless = probe('/Test/Careless', undefined as unknown as Permission);
    await expect(buildApp({ services: services(), logger: false, routes: [careless] })).rejects.toThrow(
      'Route GET /api/Test/Careless declares no permission; refusing to start',
    );
  });

  it('refuses a menu permission that is not in the route tree, such as a typo', async () => {
    const typo = probe('/Test/Typo', '/goods/goodList');
    await expect(buildApp({ services: services(), logger: false, routes: [typo] })).rejects.toThrow(
      /needs unknown menu \/goods\/goodList/,
    );
  });
});

describe('menu permissions on every call', () => {
  it('lets the main account call a route of any menu', async () => {
    const response = await get('/Test/Coupons', await server.login('admin'));
    expect(response).toEqual({ status: 200, body: { Errcode: 0, Errmsg: '', ErrShowType: 0, SiteId: 1 } });
  });

  it('answers 403 with the envelope to a sub-account without that menu', async () => {
    const token = await server.login('sub', { siteId: 1 });
    const response = await get('/Test/Coupons', token);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      Errcode: -1,
      Errmsg: 'You do not have permission for this action',
    });
    expect((await get('/Test/Coupons', token, 'zh')).body.Errmsg).toBe('您没有操作权限！');
  });

  it('lets the sub-account call a route of a menu it was granted', async () => {
    const response = await get('/Test/GoodsList', await server.login('sub', { siteId: 1 }));
    expect(response.body).toMatchObject({ Errcode: 0, SiteId: 1 });
  });

  it('holds a store account to its store menus', async () => {
    const token = await server.login('store');
    expect((await get('/Test/GoodsList', token)).body.Errcode).toBe(0);
    expect((await get('/Test/Coupons', token)).status).toBe(403);
  });

  it('answers 401 before looking at menus when there is no session', async () => {
    const response = await get('/Test/Coupons', null);
    expect(response.status).toBe(401);
    expect(response.body.Errcode).toBe(-1);
  });

  it('follows grants as they change, without a new login', async () => {
    const token = await server.login('sub', { siteId: 1 });
    await server.query(
      sql`
        insert into grants (site_id, account_id, menu_id)
        select 1, a.id, m.id from accounts a, menus m
         where a.user_name = 'sub' and m.path = '/marketing/couponActivity'`,
    );
    expect((await get('/Test/Coupons', token)).body.Errcode).toBe(0);
  });
});
