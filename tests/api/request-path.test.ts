import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getChangeSiteList } from '../../contract/endpoints/comm';
import { productListQuerySchema } from '../../contract/endpoints/goods';
import { getUserInfo, type MenuItem } from '../../contract/endpoints/user';
import { switchableSites } from '../../server/areas/comm/sites';
import { findSession } from '../../server/auth/session';
import { hashToken } from '../../server/auth/tokens';
import type { Database } from '../../server/db/client';
import { startTestServer, type TestServer } from './harness';
import { MALL_SITE } from './order-helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Counts the writes that really change a session row: a conditional UPDATE that matches nothing
  // fires no row trigger.
  await server.query(sql`create table session_touches (session_id int not null)`);
  await server.query(sql`create function count_session_touch() returns trigger language plpgsql as $$
    begin insert into session_touches values (new.id); return new; end $$`);
  await server.query(sql`create trigger session_touched after update of last_seen_at on sessions
    for each row execute function count_session_touch()`);
});
afterAll(() => server.close());

const PARALLEL_CALLS = 20;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

function allPaths(menus: MenuItem[]): string[] {
  return menus.flatMap((menu) => [menu.Path, ...allPaths(menu.ChildrenList)]);
}

async function sessionOf(token: string): Promise<{ id: number; idleSeconds: number }> {
  const [row] = await server.query<{ id: number; idle_seconds: number }>(
    sql`select id, extract(epoch from now() - last_seen_at)::float8 as idle_seconds from sessions
         where token_hash = ${hashToken(token)}`,
  );
  return { id: row!.id, idleSeconds: row!.idle_seconds };
}

async function touchesOf(sessionId: number): Promise<number> {
  const [row] = await server.query<{ count: number }>(
    sql`select count(*)::int as count from session_touches where session_id = ${sessionId}`,
  );
  return row!.count;
}

describe('the session touch', () => {
  it('writes last_seen_at once for parallel calls that all read it stale, and not again within the minute', async () => {
    const token = await server.login('admin');
    const session = await sessionOf(token);
    await server.query(
      sql`update sessions set last_seen_at = now() - interval '5 minutes' where id = ${session.id}`,
    );
    await server.query(sql`delete from session_touches`);

    const answers = await Promise.all(
      Array.from({ length: PARALLEL_CALLS }, () => server.call(getUserInfo, {}, { token })),
    );
    expect(answers.map((answer) => answer.body.Errcode)).toEqual(Array(PARALLEL_CALLS).fill(0));
    expect(await touchesOf(session.id)).toBe(1);
    expect((await sessionOf(token)).idleSeconds).toBeLessThan(60);

    await Promise.all(Array.from({ length: PARALLEL_CALLS }, () => server.call(getUserInfo, {}, { token })));
    expect(await touchesOf(session.id)).toBe(1);
  });

  it('does not write a session seen less than a minute ago', async () => {
    const token = await server.login('admin');
    const session = await sessionOf(token);
    await server.query(
      sql`update sessions set last_seen_at = now() - interval '59 seconds' where id = ${session.id}`,
    );
    await server.query(sql`delete from session_touches`);
    await Promise.all(Array.from({ length: PARALLEL_CALLS }, () => server.call(getUserInfo, {}, { token })));
    expect(await touchesOf(session.id)).toBe(0);
  });
});

describe('GetUserInfo menus after a grant changes', () => {
  const grantOf = (path: string) => sql`
    insert into grants (site_id, account_id, menu_id)
    select a.site_id, a.id, m.id from accounts a, menus m where a.user_name = 'sub' and m.path = ${path}`;
  const revokeOf = (path: string) => sql`
    delete from grants where account_id = (select id from accounts where user_name = 'sub')
       and menu_id = (select id from menus where path = ${path})`;

  it('shows a grant given or taken on the very next call, the answer the same as a fresh login', async () => {
    const [menu] = await server.query<{ path: string }>(sql`
      select m.path from menus m where m.parent_id is not null and not exists (
        select 1 from grants g join accounts a on a.id = g.account_id
         where a.user_name = 'sub' and g.menu_id = m.id)
       and exists (select 1 from grants g join accounts a on a.id = g.account_id
         where a.user_name = 'sub' and g.menu_id = m.parent_id)
       order by m.sort limit 1`);
    expect(menu).toBeDefined();
    const token = await server.login('sub', { siteId: MALL_SITE });
    const before = await server.call(getUserInfo, {}, { token });
    expect(allPaths(before.body.MenuList)).not.toContain(menu!.path);

    await server.query(grantOf(menu!.path));
    const granted = await server.call(getUserInfo, {}, { token });
    expect(allPaths(granted.body.MenuList)).toContain(menu!.path);
    const freshLogin = await server.call(
      getUserInfo,
      {},
      { token: await server.login('sub', { siteId: MALL_SITE }) },
    );
    expect(granted.body.MenuList).toEqual(freshLogin.body.MenuList);

    await server.query(revokeOf(menu!.path));
    const revoked = await server.call(getUserInfo, {}, { token });
    expect(allPaths(revoked.body.MenuList)).not.toContain(menu!.path);
    expect(revoked.body.MenuList).toEqual(before.body.MenuList);
  });

  it('raises the grants version of each account a statement touches, once per statement', async () => {
    const versions = async () =>
      new Map(
        (
          await server.query<{ user_name: string; grants_version: number }>(
            sql`select user_name, grants_version from accounts where user_name in ('sub', 'admin', 'editor')`,
          )
        ).map((row) => [row.user_name, row.grants_version]),
      );
    const start = await versions();
    const kept = await server.query<{ menu_id: number }>(sql`
      select menu_id from grants where account_id = (select id from accounts where user_name = 'sub')`);
    expect(kept.length).toBeGreaterThan(1);

    await server.query(
      sql`delete from grants where account_id = (select id from accounts where user_name = 'sub')`,
    );
    const afterDelete = await versions();
    expect(afterDelete.get('sub')).toBe(start.get('sub')! + 1);

    await server.query(sql`insert into grants (site_id, account_id, menu_id)
      select a.site_id, a.id, m.menu_id from accounts a,
        unnest(${`{${kept.map((row) => row.menu_id).join(',')}}`}::int[]) as m(menu_id)
       where a.user_name = 'sub'`);
    const afterInsert = await versions();
    expect(afterInsert.get('sub')).toBe(start.get('sub')! + 2);

    await server.query(sql`update grants set site_id = site_id
      where account_id in (select id from accounts where user_name in ('sub', 'editor'))`);
    const afterUpdate = await versions();
    expect(afterUpdate.get('sub')).toBe(start.get('sub')! + 3);
    expect(afterUpdate.get('editor')).toBe(start.get('editor')! + 1);
    expect(afterUpdate.get('admin')).toBe(start.get('admin'));

    await server.query(sql`delete from grants where false`);
    expect(await versions()).toEqual(afterUpdate);
  });

  it('answers GetUserInfo as JSON with the account and site of the session', async () => {
    const token = await server.login('sub', { siteId: MALL_SITE });
    const answer = await server.call(getUserInfo, {}, { token });
    expect(answer.raw.headers['content-type']).toBe('application/json; charset=utf-8');
    const [account] = await server.query<{ user_name: string; introduction: string; shop_type: number }>(sql`
      select a.user_name, a.introduction, s.shop_type from accounts a join sites s on s.id = a.site_id
       where a.user_name = 'sub'`);
    expect(answer.body).toMatchObject({
      Errcode: 0,
      UserName: account!.user_name,
      Introduction: account!.introduction,
      ShopType: account!.shop_type,
      IsStore: false,
    });
  });
});

describe.runIf(onPostgres)('named prepared statements on PostgreSQL', () => {
  it('leaves the session lookup, site list and list queries prepared on the connection that ran them', async () => {
    const token = await server.login('admin');
    const client = await server.database.pool!.connect();
    try {
      const db = drizzle({ client }) as unknown as Database;
      const session = await findSession(db, token, '127.0.0.1');
      expect(session?.userName).toBe('admin');
      expect((await switchableSites(db, session!.accountId)).length).toBeGreaterThan(0);
      // A list's shapes are named first come, first served, a bounded number per list, in a register
      // of the process (server/db/query.ts); files before this one in the worker may have filled it.
      // The lists are loaded afresh, so the register starts empty as in a new server process.
      vi.resetModules();
      const { readProductList } = await import('../../server/areas/product/product-list');
      const { readOrderRows } = await import('../../server/areas/order/order-list');
      const { page: _page, pageSize: _pageSize, ...filters } = productListQuerySchema.parse({});
      await readProductList(db, session!.siteId, filters, 0, 20);
      await readOrderRows(db, [sql`o.site_id = ${session!.siteId}`], sql`o.id desc`, 20, 0);
      const { rows } = await client.query<{ name: string }>('select name from pg_prepared_statements');
      const names = rows.map((row) => row.name);
      expect(names).toEqual(expect.arrayContaining(['session_lookup', 'switchable_sites']));
      expect(names.some((name) => name.startsWith('goods_list_'))).toBe(true);
      expect(names.some((name) => name.startsWith('order_rows_'))).toBe(true);
    } finally {
      client.release();
    }
  });

  it('answers GetChangeSiteList the same however many times a connection has run it', async () => {
    const token = await server.login('admin');
    const answers = await Promise.all(
      Array.from({ length: PARALLEL_CALLS }, () => server.call(getChangeSiteList, {}, { token })),
    );
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body.Data))).size).toBe(1);
    expect(answers[0]!.body.Data.length).toBeGreaterThan(0);
  });
});
