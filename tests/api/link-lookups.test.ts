import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockDefinition } from '../../components-catalog/registry';
import { lookupEndpoints } from '../../contract/endpoints/link-entities';
import * as library from '../../contract/endpoints/module-library';
import { ENTITY_LINK_KINDS, type EntityLinkKind } from '../../contract/link-targets';
import { LinkType } from '../../contract/link-value';
import { parseTemplate, serializeTemplate } from '../../contract/template/codec';
import { insertBlock, type Outcome, setProp } from '../../contract/template/operations';
import type { TemplateDocument } from '../../contract/template-document';
import { LOOKUP_SOURCES } from '../../server/areas/module-library/lookup-sources';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
});
afterAll(() => server.close());

const MALL = 1;

/** The table behind each lookup and the condition of its live rows. */
function tableOf(kind: EntityLinkKind): { table: string; live: string; title: string } {
  if (kind === 'product') return { table: 'products', live: "recycle_state = 'active'", title: 'name' };
  if (kind === 'category') return { table: 'product_categories', live: 'true', title: 'name' };
  // Points goods past their window cannot be exchanged: the picker and the block leave them out.
  if (kind === 'pointsProduct')
    return {
      table: 'points_products',
      live: 'not deleted and (ends_at is null or ends_at > now())',
      title: 'title',
    };
  // Lucky draws that have ended cannot be drawn: the picker leaves them out too.
  if (kind === 'activity')
    return { table: 'marketing_activities', live: 'not deleted and ends_at > now()', title: 'title' };
  return { table: getTableName(LOOKUP_SOURCES[kind].table), live: 'not deleted', title: 'title' };
}

async function liveRows(kind: EntityLinkKind, siteId: number) {
  const { table, live, title } = tableOf(kind);
  return server.query<{ id: number; title: string }>(
    sql`select id, ${sql.identifier(title)} as title from ${sql.identifier(table)}
         where site_id = ${siteId} and ${sql.raw(live)} order by id`,
  );
}

async function lookup(kind: EntityLinkKind, input: Record<string, unknown>, token = admin) {
  return server.call(lookupEndpoints[kind], input, { token });
}

describe.each(ENTITY_LINK_KINDS.map((kind) => ({ kind })))('lookup of $kind', ({ kind }) => {
  it("lists exactly the shop's live rows, with their titles", async () => {
    const expected = await liveRows(kind, MALL);
    expect(expected.length).toBeGreaterThan(1);
    const response = await lookup(kind, { pageSize: 100 });
    expect(response.body.Errcode).toBe(0);
    expect(response.body.Total).toBe(expected.length);
    const rows = response.body.Data as { Id: number; Title: string; Status: string }[];
    // The demo catalogue has more goods than a page holds: the first page is then a part of them.
    const ids = rows.map((row) => row.Id).sort((a, b) => a - b);
    if (expected.length <= 100) expect(ids).toEqual(expected.map((row) => row.id));
    else expect(ids.every((id) => expected.some((row) => row.id === id))).toBe(true);
    expect(rows.length).toBe(Math.min(expected.length, 100));
    for (const row of rows) {
      expect(row.Title).toBe(expected.find((entry) => entry.id === row.Id)!.title);
      expect(['on', 'off']).toContain(row.Status);
    }
  });

  it('searches titles and fetches chosen ids', async () => {
    const [first, second] = await liveRows(kind, MALL);
    const found = await lookup(kind, { Keyword: first!.title });
    const titles = (found.body.Data as { Title: string }[]).map((row) => row.Title);
    expect(titles).toContain(first!.title);
    expect(titles.every((title) => title.includes(first!.title))).toBe(true);
    const chosen = await lookup(kind, { Ids: `${second!.id},${first!.id}` });
    expect((chosen.body.Data as { Id: number }[]).map((row) => row.Id).sort((a, b) => a - b)).toEqual([
      first!.id,
      second!.id,
    ]);
    const none = await lookup(kind, { Keyword: '没有这样的名字%_' });
    expect(none.body).toMatchObject({ Errcode: 0, Data: [], Total: 0 });
  });

  it('pages', async () => {
    const all = await lookup(kind, { pageSize: 2 });
    const second = await lookup(kind, { page: 2, pageSize: 1 });
    expect(second.body.Total).toBe(all.body.Total);
    expect(second.body.Data).toEqual([all.body.Data[1]]);
  });

  it('refuses bad input with the field named', async () => {
    const tooBig = await lookup(kind, { pageSize: 101 });
    expect(tooBig.body.Errcode).toBe(-1);
    expect(tooBig.body.Errmsg).toContain('pageSize');
    const badIds = await lookup(kind, { Ids: '1,abc' });
    expect(badIds.body.Errcode).toBe(-1);
    expect(badIds.body.Errmsg).toContain('Ids');
    const unknown = await lookup(kind, { sort: '-id' });
    expect(unknown.body.Errcode).toBe(-1);
  });
});

describe('lookup permissions', () => {
  it('serves accounts that may edit templates and no one else', async () => {
    const store = await server.login('store');
    expect((await lookup('coupon', {}, store)).status).toBe(403);
    expect((await server.call(lookupEndpoints.coupon, {}, { token: null })).status).toBe(401);
    const editor = await server.login('editor');
    expect((await lookup('coupon', {}, editor)).body.Errcode).toBe(0);
  });

  it('lists news by column', async () => {
    const [column] = await server.query<{ id: number }>(
      sql`select column_id as id from news_articles where site_id = ${MALL} and column_id is not null limit 1`,
    );
    const response = await lookup('news', { ColumnId: column!.id, pageSize: 100 });
    const rows = response.body.Data as { ColumnId: number | null }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.ColumnId === column!.id)).toBe(true);
  });
});

function ok(outcome: Outcome): TemplateDocument {
  if (!outcome.ok) throw new Error(outcome.problem.key);
  return outcome.document;
}

describe('vote lookup', () => {
  it('gives each option its ballot count, as stored', async () => {
    const stored = await server.query<{ id: number; options: string[]; option_votes: number[] }>(
      sql`select id, options, option_votes from votes where site_id = ${MALL} and not deleted order by id`,
    );
    const response = await lookup('vote', { pageSize: 100 });
    const rows = response.body.Data as { Id: number; Options: string[]; Votes: number[] }[];
    for (const vote of stored) {
      const row = rows.find((entry) => entry.Id === vote.id)!;
      expect(row.Options).toEqual(vote.options);
      expect(row.Votes).toEqual(vote.option_votes);
    }
    expect(rows.some((row) => row.Votes.some((count) => count > 0))).toBe(true);
  });
});

describe('publish check', () => {
  it('catches a link to a deleted coupon', async () => {
    const added = await server.call(library.addMyTemplate, { Name: '领券页' }, { token: admin });
    const read = await server.call(library.getTemplateData, { Id: added.body.Id }, { token: admin });
    const parsed = parseTemplate(read.body.Data, blockDefinition);
    if (!parsed.ok) throw new Error('template');
    const pageId = parsed.document.homePageId;
    const listed = await lookup('coupon', { Keyword: '满199减30' });
    const coupon = (listed.body.Data as { Id: number; Title: string }[])[0]!;
    let document = ok(
      insertBlock(parsed.document, {
        rules: blockDefinition,
        pageId,
        type: 'title',
        index: 0,
        id: 'heading',
      }),
    );
    document = ok(setProp(document, 'heading', ['text'], '领券中心'));
    document = ok(setProp(document, 'heading', ['showMore'], true));
    document = ok(
      setProp(document, 'heading', ['moreLink'], {
        linkType: LinkType.coupon,
        id: coupon.Id,
        linkTitle: coupon.Title,
      }),
    );
    const saved = await server.call(
      library.saveModule,
      { Id: added.body.Id, Data: serializeTemplate(document), Version: read.body.Version },
      { token: admin },
    );
    expect(saved.body.Errcode).toBe(0);
    await server.query(sql`update coupons set deleted = true where id = ${coupon.Id}`);

    const refused = await server.call(
      library.publishModule,
      { Id: added.body.Id, Version: saved.body.Version },
      { token: admin },
    );
    const body = refused.body as unknown as { Errcode: number; Problems: library.PublishProblemRow[] };
    expect(body.Errcode).toBe(-1);
    expect(body.Problems).toEqual([
      expect.objectContaining({
        PageId: pageId,
        BlockId: 'heading',
        Kind: 'linkToDeleted',
        Message: expect.stringContaining('满199减30'),
      }),
    ]);
    expect((await lookup('coupon', { Keyword: '满199减30' })).body.Total).toBe(0);
  });
});
