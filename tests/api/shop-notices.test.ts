import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as notices from '../../contract/endpoints/shop-notices';
import { type ApiResponse, startTestServer, type TestServer } from './harness';
import { expectError, MALL_SITE } from './order-helpers';
import { defineIsolationCase, runIsolationCases } from './tenant-isolation';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
});
afterAll(() => server.close());

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const draft = {
  Title: '新品到店',
  Content: '本周新品陆续到店。',
  Mode: 'scroll' as const,
  StartsAt: inDays(-1),
  EndsAt: inDays(3),
  Sort: 0,
  Status: 'on' as const,
};

function fieldOf(response: ApiResponse): string | undefined {
  return (response.body as unknown as { Errors?: { Field: string }[] }).Errors?.[0]?.Field;
}

async function list(input: Record<string, unknown> = {}, token = admin) {
  const response = await server.call(notices.getNoticeList, { pageSize: 100, ...input }, { token });
  expect(response.body.Errcode).toBe(0);
  return response.body;
}

describe('notice list', () => {
  it('lists the shop’s seeded notices by sort with their time-derived states and counts', async () => {
    const page = await list();
    expect(page.Data.map((row) => [row.Title, row.State])).toEqual([
      ['春季上新全场包邮', 'running'],
      ['五一营业时间调整', 'running'],
      ['618 大促预告', 'notStarted'],
      ['春节物流暂停通知', 'ended'],
      ['系统维护（已暂停）', 'off'],
    ]);
    expect(page.Counts).toEqual({ all: 5, notStarted: 1, running: 2, ended: 1, off: 1 });
  });

  it('filters by state tab, keyword and mode', async () => {
    expect((await list({ state: 'running' })).Data.map((row) => row.Title)).toEqual([
      '春季上新全场包邮',
      '五一营业时间调整',
    ]);
    expect((await list({ keyword: '快递' })).Data.map((row) => row.Title)).toEqual(['春节物流暂停通知']);
    expect((await list({ mode: 'popup' })).Data.map((row) => row.Title)).toEqual([
      '五一营业时间调整',
      '618 大促预告',
    ]);
    expect((await list({ state: 'ended', keyword: '快递' })).Total).toBe(1);
  });

  it('refuses bad filters by name', async () => {
    expectError(await server.call(notices.getNoticeList, { state: 'live' }, { token: admin }), /state/);
    expectError(await server.call(notices.getNoticeList, { sort: 'title' }, { token: admin }), /sort/);
  });
});

describe('add, edit, switch and delete', () => {
  it('adds a notice, reads it, edits it with its version and refuses a stale edit', async () => {
    const added = await server.call(notices.bindNoticeInfo, draft, { token: admin });
    expect(added.body).toMatchObject({ Errcode: 0, Version: 1 });
    const id = added.body.Id;
    const read = await server.call(notices.getNoticeInfo, { Id: id }, { token: admin });
    expect(read.body).toMatchObject({ Title: '新品到店', State: 'running', Mode: 'scroll', Version: 1 });

    const edited = await server.call(
      notices.bindNoticeInfo,
      { ...draft, Id: id, Version: 1, Title: '新品到店（更新）', StartsAt: inDays(2), EndsAt: inDays(4) },
      { token: admin },
    );
    expect(edited.body.Version).toBe(2);
    expect((await server.call(notices.getNoticeInfo, { Id: id }, { token: admin })).body.State).toBe(
      'notStarted',
    );

    const stale = await server.call(
      notices.bindNoticeInfo,
      { ...draft, Id: id, Version: 1 },
      { token: admin },
    );
    expectError(stale, /changed by someone else/);
    expect(fieldOf(stale)).toBe('Version');
    const [audited] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from audit_log where target = ${`notice:${id}`}`,
    );
    expect(audited!.count).toBe(2);
  });

  it.each([
    [{ Title: '' }, 'Title'],
    [{ Title: '标'.repeat(notices.NOTICE_TITLE_MAX + 1) }, 'Title'],
    [{ Content: '' }, 'Content'],
    [{ Content: '字'.repeat(notices.NOTICE_CONTENT_MAX + 1) }, 'Content'],
    [{ Mode: 'banner' }, 'Mode'],
    [{ StartsAt: 'tomorrow' }, 'StartsAt'],
    [{ EndsAt: draft.StartsAt }, 'EndsAt'],
    [{ Sort: -1 }, 'Sort'],
    [{ Sort: notices.NOTICE_SORT_MAX + 1 }, 'Sort'],
    [{ Status: 'paused' }, 'Status'],
  ])('refuses %j naming %s', async (change, field) => {
    const before = (await list()).Total;
    const response = await server.call(notices.bindNoticeInfo, { ...draft, ...change }, { token: admin });
    expectError(response, new RegExp(field));
    expect(fieldOf(response)).toBe(field);
    expect((await list()).Total).toBe(before);
  });

  it('says why the end is refused in the caller’s language', async () => {
    const body = { ...draft, EndsAt: draft.StartsAt };
    expectError(
      await server.call(notices.bindNoticeInfo, body, { token: admin }),
      'EndsAt: must be after the start',
    );
    expectError(
      await server.call(notices.bindNoticeInfo, body, { token: admin, locale: 'zh-CN' }),
      '必须晚于开始时间',
    );
  });

  it('takes the limits themselves', async () => {
    const response = await server.call(
      notices.bindNoticeInfo,
      {
        ...draft,
        Title: '标'.repeat(notices.NOTICE_TITLE_MAX),
        Content: '字'.repeat(notices.NOTICE_CONTENT_MAX),
        Sort: notices.NOTICE_SORT_MAX,
      },
      { token: admin },
    );
    expect(response.body.Errcode).toBe(0);
  });

  it('switches notices off and on, several at once, counting only those that changed', async () => {
    const running = (await list({ state: 'running' })).Data.map((row) => row.Id);
    const off = await server.call(notices.bindNoticeState, { Ids: running, Status: 'off' }, { token: admin });
    expect(off.body.Changed).toBe(running.length);
    expect((await list({ state: 'running' })).Total).toBe(0);
    const again = await server.call(
      notices.bindNoticeState,
      { Ids: running, Status: 'off' },
      { token: admin },
    );
    expect(again.body.Changed).toBe(0);
    await server.call(notices.bindNoticeState, { Ids: running, Status: 'on' }, { token: admin });
    expect((await list({ state: 'running' })).Total).toBe(running.length);
    expectError(
      await server.call(notices.bindNoticeState, { Ids: [], Status: 'off' }, { token: admin }),
      /Ids/,
    );
  });

  it('deletes notices, which then leave the list, the details and the studio', async () => {
    const added = await server.call(notices.bindNoticeInfo, { ...draft, Title: '待删除' }, { token: admin });
    const id = added.body.Id;
    const deleted = await server.call(notices.delNotice, { Ids: [id] }, { token: admin });
    expect(deleted.body.Deleted).toBe(1);
    expect((await list({ keyword: '待删除' })).Total).toBe(0);
    expectError(
      await server.call(notices.getNoticeInfo, { Id: id }, { token: admin }),
      `Notice ${id} was not found`,
    );
    const running = await server.call(notices.getRunningNotices, { limit: 20 }, { token: admin });
    expect(running.body.Data.map((row) => row.Id)).not.toContain(id);
    expectError(await server.call(notices.delNotice, { Ids: [id] }, { token: admin }), /not found/);
  });
});

describe('running notices for the studio', () => {
  it('gives the running, switched-on notices by sort, up to the limit', async () => {
    const response = await server.call(notices.getRunningNotices, { limit: 20 }, { token: admin });
    const running = (await list({ state: 'running', sort: 'sort' })).Data.map((row) => row.Title);
    expect(response.body.Data.map((row) => row.Title)).toEqual(running);
    expect(response.body.Data.map((row) => row.Title)).not.toContain('系统维护（已暂停）');
    const one = await server.call(notices.getRunningNotices, { limit: 1 }, { token: admin });
    expect(one.body.Data).toHaveLength(1);
    expectError(await server.call(notices.getRunningNotices, { limit: 21 }, { token: admin }), /limit/);
  });

  it('is open to a sub-account that decorates but not the notice screen', async () => {
    const sub = await server.login('sub', { siteId: MALL_SITE });
    expect((await server.call(notices.getRunningNotices, {}, { token: sub })).body.Errcode).toBe(0);
    expect((await server.call(notices.getNoticeList, {}, { token: sub })).status).toBe(403);
    expect((await server.call(notices.bindNoticeInfo, draft, { token: sub })).status).toBe(403);
    const store = await server.login('store');
    expect((await server.call(notices.getRunningNotices, {}, { token: store })).status).toBe(403);
    expect((await server.call(notices.delNotice, { Ids: [1] }, { token: store })).status).toBe(403);
  });

  it('shows each shop its own notices only', async () => {
    const site2 = await server.login('site2');
    const titles = (await list({}, site2)).Data.map((row) => row.Title);
    expect(titles).toEqual(['官网改版上线', '年度客户答谢会报名']);
    const running = await server.call(notices.getRunningNotices, {}, { token: site2 });
    expect(running.body.Data.map((row) => row.Title)).toEqual(['官网改版上线']);
  });
});

async function noticeOf(server: TestServer, siteId: number): Promise<number> {
  const [row] = await server.query<{ id: number }>(
    sql`select id from shop_notices where site_id = ${siteId} and not deleted order by id limit 1`,
  );
  return row!.id;
}

runIsolationCases('notices', [
  defineIsolationCase({
    name: 'GetNoticeInfo of a notice of site B',
    endpoint: notices.getNoticeInfo,
    setup: async ({ server, siteB }) => ({ id: await noticeOf(server, siteB) }),
    input: (_context, { id }) => ({ Id: id }),
    message: /not found/,
  }),
  defineIsolationCase({
    name: 'BindNoticeInfo editing a notice of site B',
    endpoint: notices.bindNoticeInfo,
    setup: async ({ server, siteB }) => ({ id: await noticeOf(server, siteB) }),
    input: (_context, { id }) => ({ ...draft, Id: id, Version: 1 }),
    message: /not found/,
  }),
  defineIsolationCase({
    name: 'BindNoticeState on a notice of site B',
    endpoint: notices.bindNoticeState,
    setup: async ({ server, siteB }) => ({ id: await noticeOf(server, siteB) }),
    input: (_context, { id }) => ({ Ids: [id], Status: 'off' }),
    verify: (response) => expect(response.body).toMatchObject({ Errcode: 0, Changed: 0 }),
  }),
  defineIsolationCase({
    name: 'DelNotice of a notice of site B',
    endpoint: notices.delNotice,
    setup: async ({ server, siteB }) => ({ id: await noticeOf(server, siteB) }),
    input: (_context, { id }) => ({ Ids: [id] }),
    message: /not found/,
  }),
  defineIsolationCase({
    name: 'GetNoticeList never lists site B',
    endpoint: notices.getNoticeList,
    input: () => ({ pageSize: 100 }),
    verify: async (response, { server, siteB }) => {
      const theirs = await server.query<{ id: number }>(
        sql`select id from shop_notices where site_id = ${siteB}`,
      );
      const ids = (response.body as unknown as { Data: { Id: number }[] }).Data.map((row) => row.Id);
      for (const row of theirs) expect(ids).not.toContain(row.id);
    },
  }),
]);
