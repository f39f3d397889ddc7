import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockDefinition } from '../../components-catalog/registry';
import { lookupEndpoints } from '../../contract/endpoints/link-entities';
import * as library from '../../contract/endpoints/module-library';
import * as news from '../../contract/endpoints/news';
import { addStorefrontKey } from '../../contract/endpoints/orders';
import { STOREFRONT_KEY_HEADER } from '../../contract/endpoints/storefront';
import { LinkType } from '../../contract/link-value';
import { parseTemplate, serializeTemplate } from '../../contract/template/codec';
import { insertBlock, type Outcome, setProp } from '../../contract/template/operations';
import type { TemplateDocument } from '../../contract/template-document';
import { type ApiResponse, startTestServer, type TestServer } from './harness';
import { defineIsolationCase, type IsolationContext, runIsolationCases } from './tenant-isolation';

let server: TestServer;
let admin: string;
let mallKey: string;
let officialKey: string;
const MALL = 1;
const OFFICIAL = 2;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  mallKey = ok(await server.call(addStorefrontKey, { Name: 'news test' }, { token: admin })).Key;
  const site2 = await server.login('site2');
  officialKey = ok(await server.call(addStorefrontKey, { Name: 'news test' }, { token: site2 })).Key;
});
afterAll(() => server.close());

function ok<T>(response: ApiResponse<T>) {
  expect(response.body.Errmsg).toBe('');
  expect(response.body.Errcode).toBe(0);
  return response.body;
}

/** Errcode -1 with the error on `field`, as forms show it. */
function refused(response: ApiResponse, field: string) {
  expect(response.body.Errcode).toBe(-1);
  const errors = (response.body as { Errors?: { Field: string }[] }).Errors ?? [];
  expect(errors.map((error) => error.Field)).toContain(field);
}

function shop<E extends Parameters<TestServer['call']>[0]>(
  endpoint: E,
  input: unknown,
  options: { key?: string; address?: string } = {},
) {
  return server.call(endpoint, input, {
    headers: {
      [STOREFRONT_KEY_HEADER]: options.key ?? mallKey,
      'x-forwarded-for': options.address ?? '10.1.0.1',
    },
  });
}

function draft(changes: Record<string, unknown> = {}) {
  return {
    ColumnId: null,
    Title: '测试图文',
    Author: '编辑部',
    Image: '',
    Summary: '摘要',
    Body: '<p>正文</p>',
    Hot: false,
    Banner: false,
    Sort: 0,
    Status: 'on',
    PublishedAt: new Date(Date.now() - 60_000).toISOString(),
    ...changes,
  };
}

async function columnId(title: string, siteId = MALL) {
  const [row] = await server.query<{ id: number }>(
    sql`select id from news_columns where site_id = ${siteId} and title = ${title} and not deleted`,
  );
  return row!.id;
}

describe('columns', () => {
  it('lists the tree: each top-level column followed by its children', async () => {
    const list = ok(await server.call(news.getColumnList, { pageSize: 100 }, { token: admin }));
    const titles = list.Data.map((row) => `${row.Level}:${row.Title}`);
    const notices = titles.indexOf('1:店铺公告');
    expect(titles.slice(notices, notices + 3).sort()).toEqual(['1:店铺公告', '2:优惠活动', '2:闭店通知']);
    expect(list.Data.find((row) => row.Title === '闭店通知')).toMatchObject({
      Visible: false,
      ParentTitle: '店铺公告',
    });
    expect(list.Data.find((row) => row.Title === '店铺公告')!.ArticleCount).toBe(3);
    expect(titles).not.toContain('1:公司动态');
    expect(list.Total).toBe(list.Data.length);
  });

  it('keeps two levels: no parent of a child, not itself, not a column that has children', async () => {
    const top = await columnId('店铺公告');
    const child = await columnId('优惠活动');
    const base = { Image: '', Summary: '', Visible: true, Sort: 0 };
    refused(
      await server.call(news.saveColumn, { ...base, Title: '三级', ParentId: child }, { token: admin }),
      'ParentId',
    );
    const info = ok(await server.call(news.getColumnInfo, { id: top }, { token: admin }));
    const self = await server.call(
      news.saveColumn,
      { ...base, Id: top, Version: info.Version, Title: '店铺公告', ParentId: top },
      { token: admin },
    );
    expect(self.body.Errmsg).toBe('A column cannot be placed under itself');
    const other = await columnId('生活指南');
    const nested = await server.call(
      news.saveColumn,
      { ...base, Id: top, Version: info.Version, Title: '店铺公告', ParentId: other },
      { token: admin },
    );
    expect(nested.body.Errmsg).toContain('has columns under it');
    const created = ok(
      await server.call(news.saveColumn, { ...base, Title: ' 新栏目 ', ParentId: other }, { token: admin }),
    );
    const read = ok(await server.call(news.getColumnInfo, { id: created.Id }, { token: admin }));
    expect(read).toMatchObject({ Title: '新栏目', ParentId: other, Level: 2, Version: 1 });
  });

  it('refuses bad input naming the field, and a stale version', async () => {
    const base = { Image: '', Summary: '', Visible: true, Sort: 0, ParentId: null };
    refused(await server.call(news.saveColumn, { ...base, Title: '  ' }, { token: admin }), 'Title');
    refused(
      await server.call(news.saveColumn, { ...base, Title: 'x'.repeat(31) }, { token: admin }),
      'Title',
    );
    ok(await server.call(news.saveColumn, { ...base, Title: 'x'.repeat(30) }, { token: admin }));
    refused(await server.call(news.saveColumn, { ...base, Title: 'ok', Sort: -1 }, { token: admin }), 'Sort');
    refused(
      await server.call(news.saveColumn, { ...base, Title: 'ok', ParentId: 999999 }, { token: admin }),
      'ParentId',
    );
    const id = await columnId('生活指南');
    const info = ok(await server.call(news.getColumnInfo, { id }, { token: admin }));
    const input = { ...base, Id: id, Title: '生活指南', Summary: 'v2' };
    ok(await server.call(news.saveColumn, { ...input, Version: info.Version }, { token: admin }));
    const stale = await server.call(news.saveColumn, { ...input, Version: info.Version }, { token: admin });
    expect(stale.body).toMatchObject({
      Errcode: -1,
      Errors: [expect.objectContaining({ Field: 'Version' })],
    });
  });

  it('saves the column text sanitised, versioned', async () => {
    const id = await columnId('生活指南');
    const info = ok(await server.call(news.getColumnInfo, { id }, { token: admin }));
    const saved = ok(
      await server.call(
        news.saveColumnText,
        { Id: id, Version: info.Version, Body: '<p onclick="x()">好物<script>alert(1)</script></p>' },
        { token: admin },
      ),
    );
    expect(saved.Version).toBe(info.Version + 1);
    const read = ok(await server.call(news.getColumnInfo, { id }, { token: admin }));
    expect(read.Body).toBe('<p>好物</p>');
    const stale = await server.call(
      news.saveColumnText,
      { Id: id, Version: info.Version, Body: '' },
      { token: admin },
    );
    expect(stale.body.Errcode).toBe(-1);
  });

  it('hides and shows several; refuses to delete a column in use, naming what it holds', async () => {
    const top = await columnId('店铺公告');
    const hidden = ok(
      await server.call(news.setColumnVisible, { Ids: [top], Visible: false }, { token: admin }),
    );
    expect(hidden.Changed).toEqual([top]);
    expect(
      ok(await server.call(news.setColumnVisible, { Ids: [top], Visible: false }, { token: admin })).Changed,
    ).toEqual([]);
    ok(await server.call(news.setColumnVisible, { Ids: [top], Visible: true }, { token: admin }));
    const inUse = await server.call(news.delColumns, { Ids: [top] }, { token: admin });
    expect(inUse.body.Errmsg).toBe(
      'Column “店铺公告” still has 2 columns under it and 3 articles; move or delete them first',
    );
    const closing = await columnId('闭店通知');
    expect(ok(await server.call(news.delColumns, { Ids: [closing] }, { token: admin })).Deleted).toBe(1);
    refused(await server.call(news.delColumns, { Ids: [closing] }, { token: admin }), 'Ids');
    refused(await server.call(news.delColumns, { Ids: [] }, { token: admin }), 'Ids');
    const [row] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from audit_log where action = 'newsColumn.delete' and target = ${`newsColumn:${closing}`}`,
    );
    expect(row!.count).toBe(1);
  });
});

describe('articles', () => {
  it('derives published, scheduled and off from the time, with counts per tab', async () => {
    const all = ok(await server.call(news.getArticleList, { pageSize: 100 }, { token: admin }));
    expect(all.Counts.all).toBe(all.Counts.published + all.Counts.scheduled + all.Counts.off);
    expect(all.Data.find((row) => row.Title === '双十一预告：全场五折起')).toMatchObject({
      State: 'scheduled',
      Banner: true,
    });
    expect(all.Data.find((row) => row.Title.startsWith('门店装修'))).toMatchObject({ State: 'off' });
    expect(all.Data.find((row) => row.Title === '春季新品上市，全场包邮')).toMatchObject({
      State: 'published',
      ColumnTitle: '店铺公告',
      CommentCount: 4,
      Hot: true,
    });
    expect(all.Data.some((row) => row.Title === '旧版会员规则说明')).toBe(false);
    const scheduled = ok(await server.call(news.getArticleList, { state: 'scheduled' }, { token: admin }));
    expect(scheduled.Data.map((row) => row.Title)).toEqual(['双十一预告：全场五折起']);
    const column = await columnId('优惠活动');
    const inColumn = ok(await server.call(news.getArticleList, { ColumnId: column }, { token: admin }));
    expect(inColumn.Data.every((row) => row.ColumnId === column)).toBe(true);
    expect(inColumn.Total).toBe(2);
    const byViews = ok(await server.call(news.getArticleList, { sort: '-views' }, { token: admin }));
    const views = byViews.Data.map((row) => row.Views);
    expect([...views].sort((a, b) => b - a)).toEqual(views);
    refused(await server.call(news.getArticleList, { state: 'draft' }, { token: admin }), 'state');
    refused(
      await server.call(
        news.getArticleList,
        { publishedFrom: '2025-02-02', publishedTo: '2025-02-01' },
        { token: admin },
      ),
      'publishedFrom',
    );
  });

  it('saves a scheduled article with a sanitised body, then refuses a stale save', async () => {
    const column = await columnId('生活指南');
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const created = ok(
      await server.call(
        news.saveArticle,
        draft({
          ColumnId: column,
          PublishedAt: later,
          Body: '<p>好<img src="x" onerror="alert(1)"></p><iframe src="//evil"></iframe>',
        }),
        { token: admin },
      ),
    );
    const read = ok(await server.call(news.getArticleInfo, { id: created.Id }, { token: admin }));
    expect(read).toMatchObject({ State: 'scheduled', ColumnTitle: '生活指南', Version: 1 });
    expect(read.Body).toBe('<p>好<img src="x" /></p>');
    const updated = ok(
      await server.call(news.saveArticle, draft({ Id: created.Id, Version: 1, Title: '改名' }), {
        token: admin,
      }),
    );
    expect(updated.Version).toBe(2);
    const stale = await server.call(news.saveArticle, draft({ Id: created.Id, Version: 1 }), {
      token: admin,
    });
    expect(stale.body).toMatchObject({
      Errcode: -1,
      Errors: [expect.objectContaining({ Field: 'Version' })],
    });
    refused(await server.call(news.saveArticle, draft({ Id: created.Id }), { token: admin }), 'Version');
  });

  it('refuses bad input naming the field', async () => {
    refused(await server.call(news.saveArticle, draft({ Title: '' }), { token: admin }), 'Title');
    refused(await server.call(news.saveArticle, draft({ Title: 'x'.repeat(61) }), { token: admin }), 'Title');
    refused(
      await server.call(news.saveArticle, draft({ PublishedAt: '明天' }), { token: admin }),
      'PublishedAt',
    );
    refused(await server.call(news.saveArticle, draft({ Status: 'draft' }), { token: admin }), 'Status');
    refused(await server.call(news.saveArticle, draft({ ColumnId: 999999 }), { token: admin }), 'ColumnId');
    refused(
      await server.call(news.saveArticle, draft({ Body: 'x'.repeat(news.BODY_MAX + 1) }), { token: admin }),
      'Body',
    );
    refused(await server.call(news.getArticleInfo, { id: 999999 }, { token: admin }), 'id');
  });

  it('switches several off and on, and deletes softly', async () => {
    const ids = [
      ok(await server.call(news.saveArticle, draft({ Title: '甲' }), { token: admin })).Id,
      ok(await server.call(news.saveArticle, draft({ Title: '乙' }), { token: admin })).Id,
    ];
    expect(
      ok(await server.call(news.setArticleStatus, { Ids: ids, Status: 'off' }, { token: admin })).Changed,
    ).toEqual(ids);
    expect(
      ok(await server.call(news.setArticleStatus, { Ids: ids, Status: 'off' }, { token: admin })).Changed,
    ).toEqual([]);
    refused(
      await server.call(news.setArticleStatus, { Ids: [ids[0], ids[0]], Status: 'on' }, { token: admin }),
      'Ids',
    );
    expect(ok(await server.call(news.delArticles, { Ids: ids }, { token: admin })).Deleted).toBe(2);
    const rows = await server.query<{ deleted: boolean }>(
      sql`select deleted from news_articles where id in (${ids[0]}, ${ids[1]})`,
    );
    expect(rows.every((row) => row.deleted)).toBe(true);
    refused(await server.call(news.delArticles, { Ids: ids }, { token: admin }), 'Ids');
  });
});

describe('comments', () => {
  it('lists the audit queue with counts and the shop’s flags', async () => {
    const pending = ok(await server.call(news.getCommentList, { state: 'pending' }, { token: admin }));
    expect(pending).toMatchObject({ CommentsOn: true, AuditOn: true });
    expect(pending.Data.length).toBeGreaterThanOrEqual(3);
    expect(pending.Data.every((row) => row.State === 'pending')).toBe(true);
    expect(pending.Total).toBe(pending.Counts.pending);
    const keyword = ok(await server.call(news.getCommentList, { keyword: '大码' }, { token: admin }));
    expect(keyword.Data.map((row) => row.MemberName)).toEqual(['张先生']);
  });

  it('approves several at once, skips those already approved, and refuses an illegal move', async () => {
    const pending = ok(
      await server.call(news.getCommentList, { state: 'pending', pageSize: 2 }, { token: admin }),
    );
    const ids = pending.Data.map((row) => row.Id);
    const approved = ok(
      await server.call(news.setCommentState, { Ids: ids, Action: 'approve' }, { token: admin }),
    );
    expect(approved).toMatchObject({ Changed: ids, Unchanged: [] });
    expect(
      ok(await server.call(news.setCommentState, { Ids: ids, Action: 'approve' }, { token: admin })),
    ).toMatchObject({
      Changed: [],
      Unchanged: ids,
    });
    const illegal = await server.call(news.setCommentState, { Ids: ids, Action: 'reject' }, { token: admin });
    expect(illegal.body.Errmsg).toMatch(/cannot be rejected: it is approved/);
    ok(await server.call(news.setCommentState, { Ids: [ids[0]], Action: 'hide' }, { token: admin }));
    ok(await server.call(news.setCommentState, { Ids: [ids[0]], Action: 'show' }, { token: admin }));
    refused(
      await server.call(news.setCommentState, { Ids: ids, Action: 'delete' }, { token: admin }),
      'Action',
    );
    refused(
      await server.call(news.setCommentState, { Ids: [999999], Action: 'approve' }, { token: admin }),
      'Ids',
    );
  });

  it('replies as the shop; the details show the reply', async () => {
    const list = ok(await server.call(news.getCommentList, { keyword: '大码' }, { token: admin }));
    const id = list.Data[0]!.Id;
    const reply = ok(
      await server.call(
        news.replyToComment,
        { CommentId: id, Content: ' 有的，XL 到 3XL ' },
        { token: admin },
      ),
    );
    const info = ok(await server.call(news.getCommentInfo, { id }, { token: admin }));
    expect(info.Replies).toEqual([
      expect.objectContaining({
        Id: reply.Id,
        Author: 'shop',
        AuthorName: 'admin',
        Content: '有的，XL 到 3XL',
        State: 'approved',
      }),
    ]);
    expect(
      ok(await server.call(news.getCommentList, { keyword: '大码' }, { token: admin })).Data[0]!.ReplyCount,
    ).toBe(1);
    refused(
      await server.call(news.replyToComment, { CommentId: id, Content: ' ' }, { token: admin }),
      'Content',
    );
    refused(
      await server.call(news.replyToComment, { CommentId: reply.Id, Content: 'x' }, { token: admin }),
      'CommentId',
    );
  });
});

describe('storefront', () => {
  it('lists only published articles of visible columns, by column and paged', async () => {
    const listed = ok(await shop(news.getStorefrontNews, { pageSize: 100 }));
    const titles = listed.Data.map((row) => row.Title);
    expect(titles).toContain('春季新品上市，全场包邮');
    expect(titles).not.toContain('双十一预告：全场五折起');
    expect(titles.some((title) => title.startsWith('门店装修'))).toBe(false);
    expect(titles).not.toContain('旧版会员规则说明');
    expect(titles).not.toContain('公司荣获年度创新企业称号');
    const top = await columnId('店铺公告');
    ok(await server.call(news.setColumnVisible, { Ids: [top], Visible: false }, { token: admin }));
    const hiddenColumn = ok(await shop(news.getStorefrontNews, { ColumnId: top }));
    expect(hiddenColumn.Total).toBe(0);
    ok(await server.call(news.setColumnVisible, { Ids: [top], Visible: true }, { token: admin }));
    const paged = ok(await shop(news.getStorefrontNews, { ColumnId: top, pageSize: 1 }));
    expect(paged.Data).toHaveLength(1);
    expect(paged.Total).toBe(2);
    const official = ok(await shop(news.getStorefrontNews, {}, { key: officialKey }));
    expect(official.Data.map((row) => row.Title)).toContain('公司荣获年度创新企业称号');
    expect((await shop(news.getStorefrontNews, {}, { key: `sf_${'x'.repeat(32)}` })).status).toBe(401);
  });

  it('counts every view of parallel reads, and will not read a scheduled article', async () => {
    const [spring] = await server.query<{ id: number; views: number }>(
      sql`select id, views from news_articles where title = '春季新品上市，全场包邮'`,
    );
    const reads = await Promise.all(
      Array.from({ length: 20 }, () => shop(news.readStorefrontNews, { Id: spring!.id })),
    );
    for (const read of reads) ok(read);
    expect(reads[0]!.body.Body).toContain('包邮');
    const [after] = await server.query<{ views: number }>(
      sql`select views from news_articles where id = ${spring!.id}`,
    );
    expect(after!.views).toBe(spring!.views + 20);
    const [scheduled] = await server.query<{ id: number }>(
      sql`select id from news_articles where title = '双十一预告：全场五折起'`,
    );
    refused(await shop(news.readStorefrontNews, { Id: scheduled!.id }), 'Id');
    refused(await shop(news.readStorefrontNews, { Id: spring!.id }, { key: officialKey }), 'Id');
  });

  it('holds comments for audit when the shop audits them, and shows them once approved', async () => {
    const [spring] = await server.query<{ id: number }>(
      sql`select id from news_articles where title = '春季新品上市，全场包邮'`,
    );
    const posted = ok(
      await shop(
        news.postStorefrontComment,
        { ArticleId: spring!.id, BuyerId: 'b-9', MemberName: '新读者', Content: '写得好' },
        { address: '10.1.0.2' },
      ),
    );
    expect(posted.State).toBe('pending');
    const before = ok(await shop(news.getStorefrontComments, { ArticleId: spring!.id, pageSize: 100 }));
    expect(before.Data.some((row) => row.Id === posted.Id)).toBe(false);
    ok(await server.call(news.setCommentState, { Ids: [posted.Id], Action: 'approve' }, { token: admin }));
    ok(await server.call(news.replyToComment, { CommentId: posted.Id, Content: '谢谢' }, { token: admin }));
    const after = ok(await shop(news.getStorefrontComments, { ArticleId: spring!.id, pageSize: 100 }));
    expect(after.Data.find((row) => row.Id === posted.Id)).toMatchObject({
      MemberName: '新读者',
      Replies: [expect.objectContaining({ Author: 'shop', Content: '谢谢' })],
    });
    const reply = ok(
      await shop(
        news.postStorefrontComment,
        { ArticleId: spring!.id, ParentId: posted.Id, BuyerId: 'b-10', MemberName: '路人', Content: '同感' },
        { address: '10.1.0.2' },
      ),
    );
    expect(reply.State).toBe('pending');
    ok(await server.call(news.setCommentState, { Ids: [reply.Id], Action: 'approve' }, { token: admin }));
    const withReply = ok(await shop(news.getStorefrontComments, { ArticleId: spring!.id, pageSize: 100 }));
    expect(withReply.Data.find((row) => row.Id === posted.Id)!.Replies.map((entry) => entry.Content)).toEqual(
      ['谢谢', '同感'],
    );
    refused(
      await shop(
        news.postStorefrontComment,
        { ArticleId: spring!.id, BuyerId: 'b', MemberName: '', Content: 'x' },
        { address: '10.1.0.3' },
      ),
      'MemberName',
    );
    refused(
      await shop(
        news.postStorefrontComment,
        { ArticleId: spring!.id, ParentId: 999999, BuyerId: 'b', MemberName: 'm', Content: 'x' },
        { address: '10.1.0.3' },
      ),
      'ParentId',
    );
  });

  it('approves at once without audit, and refuses when comments are off', async () => {
    const [award] = await server.query<{ id: number }>(
      sql`select id from news_articles where title = '公司荣获年度创新企业称号'`,
    );
    const input = { ArticleId: award!.id, BuyerId: 'g', MemberName: '访客', Content: '赞' };
    const posted = ok(
      await shop(news.postStorefrontComment, input, { key: officialKey, address: '10.1.0.4' }),
    );
    expect(posted.State).toBe('approved');
    refused(await shop(news.postStorefrontComment, input, { address: '10.1.0.4' }), 'ArticleId');
    await server.query(sql`update shop_infos set news_comments = false where site_id = ${OFFICIAL}`);
    const off = await shop(news.postStorefrontComment, input, { key: officialKey, address: '10.1.0.4' });
    expect(off.body.Errmsg).toBe('This shop does not take comments on its news');
    expect(ok(await shop(news.readStorefrontNews, { Id: award!.id }, { key: officialKey })).CommentsOn).toBe(
      false,
    );
    await server.query(sql`update shop_infos set news_comments = true where site_id = ${OFFICIAL}`);
  });

  it(`lets one address comment ${news.COMMENT_RATE_LIMIT} times a minute, then answers 429, counting parallel posts`, async () => {
    const [spring] = await server.query<{ id: number }>(
      sql`select id from news_articles where title = '春季新品上市，全场包邮'`,
    );
    const input = { ArticleId: spring!.id, BuyerId: 'flood', MemberName: '刷屏', Content: '顶' };
    const posts = await Promise.all(
      Array.from({ length: news.COMMENT_RATE_LIMIT + 3 }, () =>
        shop(news.postStorefrontComment, input, { address: '10.1.0.9' }),
      ),
    );
    expect(posts.filter((post) => post.body.Errcode === 0)).toHaveLength(news.COMMENT_RATE_LIMIT);
    const limited = posts.filter((post) => post.status === 429);
    expect(limited).toHaveLength(3);
    expect(limited[0]!.raw.headers['retry-after']).toBeDefined();
    ok(await shop(news.postStorefrontComment, input, { address: '10.1.0.10' }));
  });
});

describe('permissions', () => {
  const calls = [
    [news.getArticleList, {}],
    [news.saveArticle, draft()],
    [news.getColumnList, {}],
    [news.saveColumn, { Title: 'x', ParentId: null, Image: '', Summary: '', Visible: true, Sort: 0 }],
    [news.getCommentList, {}],
    [news.setCommentState, { Ids: [1], Action: 'approve' }],
  ] as const;

  it('refuses the sub-account and the store account, which hold none of these menus', async () => {
    for (const token of [await server.login('sub', { siteId: MALL }), await server.login('store')]) {
      for (const [endpoint, input] of calls) {
        expect((await server.call(endpoint, input, { token })).status).toBe(403);
      }
    }
    expect((await server.call(news.getArticleList, {}, { token: null })).status).toBe(401);
  });

  it('lets a sub-account granted the comments menu moderate comments, and nothing else', async () => {
    await server.query(sql`
      insert into grants (site_id, account_id, menu_id)
      select ${MALL}, a.id, m.id from accounts a, menus m
       where a.user_name = 'sub' and m.path = '/shop/commentTable'`);
    const token = await server.login('sub', { siteId: MALL });
    const pending = ok(await server.call(news.getCommentList, { state: 'pending' }, { token }));
    ok(await server.call(news.setCommentState, { Ids: [pending.Data[0]!.Id], Action: 'approve' }, { token }));
    expect((await server.call(news.saveArticle, draft(), { token })).status).toBe(403);
    expect((await server.call(news.getColumnList, {}, { token })).status).toBe(403);
  });
});

describe('studio links', () => {
  function done(outcome: Outcome): TemplateDocument {
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.problem));
    return outcome.document;
  }

  it('lists live news and columns, and the publish check flags a link to a deleted article', async () => {
    const id = ok(await server.call(news.saveArticle, draft({ Title: '链接目标' }), { token: admin })).Id;
    const listed = ok(await server.call(lookupEndpoints.news, { Keyword: '链接目标' }, { token: admin }));
    expect(listed.Data.map((row) => row.Id)).toEqual([id]);
    const columns = ok(await server.call(lookupEndpoints.column, { pageSize: 100 }, { token: admin }));
    expect(columns.Data.map((row) => row.Title)).toContain('优惠活动');

    const added = ok(await server.call(library.addMyTemplate, { Name: '资讯页' }, { token: admin }));
    const read = ok(await server.call(library.getTemplateData, { Id: added.Id }, { token: admin }));
    const parsed = parseTemplate(read.Data, blockDefinition);
    if (!parsed.ok) throw new Error('template');
    let document = done(
      insertBlock(parsed.document, {
        rules: blockDefinition,
        pageId: parsed.document.homePageId,
        type: 'title',
        index: 0,
        id: 'heading',
      }),
    );
    document = done(setProp(document, 'heading', ['text'], '最新资讯'));
    document = done(setProp(document, 'heading', ['showMore'], true));
    document = done(
      setProp(document, 'heading', ['moreLink'], { linkType: LinkType.news, id, linkTitle: '链接目标' }),
    );
    const saved = ok(
      await server.call(
        library.saveModule,
        { Id: added.Id, Data: serializeTemplate(document), Version: read.Version },
        { token: admin },
      ),
    );
    const published = ok(
      await server.call(library.publishModule, { Id: added.Id, Version: saved.Version }, { token: admin }),
    );

    ok(await server.call(news.delArticles, { Ids: [id] }, { token: admin }));
    expect(ok(await server.call(lookupEndpoints.news, { Keyword: '链接目标' }, { token: admin })).Total).toBe(
      0,
    );
    const again = await server.call(
      library.publishModule,
      { Id: added.Id, Version: published.Version },
      { token: admin },
    );
    const body = again.body as unknown as { Errcode: number; Problems: library.PublishProblemRow[] };
    expect(body.Errcode).toBe(-1);
    expect(body.Problems).toEqual([
      expect.objectContaining({
        BlockId: 'heading',
        Kind: 'linkToDeleted',
        Message: expect.stringContaining('链接目标'),
      }),
    ]);
  });
});

async function rowsOfB({ server, siteB }: IsolationContext) {
  const [column] = await server.query<{ id: number; version: number }>(
    sql`select id, version from news_columns where site_id = ${siteB} and not deleted order by id limit 1`,
  );
  const [row] = await server.query<{ id: number; version: number }>(
    sql`select id, version from news_articles where site_id = ${siteB} and not deleted order by id limit 1`,
  );
  const [comment] = await server.query<{ id: number }>(
    sql`select id from news_comments where site_id = ${siteB} and parent_id is null order by id limit 1`,
  );
  return {
    columnId: column!.id,
    columnVersion: column!.version,
    articleId: row!.id,
    articleVersion: row!.version,
    commentId: comment!.id,
  };
}

type Prepared = Awaited<ReturnType<typeof rowsOfB>>;
const listsNothingOf =
  (table: string) =>
  async (response: ApiResponse, { server, siteB }: IsolationContext) => {
    expect(response.body.Errcode).toBe(0);
    const rows = await server.query<{ id: number }>(
      sql`select id from ${sql.identifier(table)} where site_id = ${siteB}`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const listed = JSON.stringify(response.body);
    for (const row of rows) expect(listed).not.toContain(`"Id":${row.id},`);
  };

runIsolationCases('news', [
  defineIsolationCase<Prepared>({
    name: 'GetNewsColumnList lists only the caller’s shop',
    endpoint: news.getColumnList,
    setup: rowsOfB,
    input: () => ({ pageSize: 100 }),
    verify: listsNothingOf('news_columns'),
  }),
  defineIsolationCase<Prepared>({
    name: 'GetNewsColumnInfo of site B',
    endpoint: news.getColumnInfo,
    setup: rowsOfB,
    input: (_c, { columnId }) => ({ id: columnId }),
    message: /There is no column \d+ in this shop/,
  }),
  defineIsolationCase<Prepared>({
    name: 'SaveNewsColumn over a column of site B',
    endpoint: news.saveColumn,
    setup: rowsOfB,
    input: (_c, { columnId, columnVersion }) => ({
      Id: columnId,
      Version: columnVersion,
      Title: 'hijack',
      ParentId: null,
      Image: '',
      Summary: '',
      Visible: true,
      Sort: 0,
    }),
  }),
  defineIsolationCase<Prepared>({
    name: 'SaveNewsColumn under a parent of site B',
    endpoint: news.saveColumn,
    setup: rowsOfB,
    input: (_c, { columnId }) => ({
      Title: 'x',
      ParentId: columnId,
      Image: '',
      Summary: '',
      Visible: true,
      Sort: 0,
    }),
  }),
  defineIsolationCase<Prepared>({
    name: 'SaveNewsColumnText of site B',
    endpoint: news.saveColumnText,
    setup: rowsOfB,
    input: (_c, { columnId, columnVersion }) => ({ Id: columnId, Version: columnVersion, Body: 'x' }),
  }),
  defineIsolationCase<Prepared>({
    name: 'SetNewsColumnVisible with a column of site B',
    endpoint: news.setColumnVisible,
    setup: rowsOfB,
    input: (_c, { columnId }) => ({ Ids: [columnId], Visible: false }),
  }),
  defineIsolationCase<Prepared>({
    name: 'DelNewsColumn with a column of site B',
    endpoint: news.delColumns,
    setup: rowsOfB,
    input: (_c, { columnId }) => ({ Ids: [columnId] }),
  }),
  defineIsolationCase<Prepared>({
    name: 'GetNewsList lists only the caller’s shop',
    endpoint: news.getArticleList,
    setup: rowsOfB,
    input: () => ({ pageSize: 100 }),
    verify: listsNothingOf('news_articles'),
  }),
  defineIsolationCase<Prepared>({
    name: 'GetNewsInfo of site B',
    endpoint: news.getArticleInfo,
    setup: rowsOfB,
    input: (_c, { articleId }) => ({ id: articleId }),
    message: /There is no article \d+ in this shop/,
  }),
  defineIsolationCase<Prepared>({
    name: 'SaveNews over an article of site B',
    endpoint: news.saveArticle,
    setup: rowsOfB,
    input: (_c, { articleId, articleVersion }) =>
      draft({ Id: articleId, Version: articleVersion, Title: 'hijack' }),
  }),
  defineIsolationCase<Prepared>({
    name: 'SaveNews into a column of site B',
    endpoint: news.saveArticle,
    setup: rowsOfB,
    input: (_c, { columnId }) => draft({ ColumnId: columnId }),
  }),
  defineIsolationCase<Prepared>({
    name: 'SetNewsStatus with an article of site B',
    endpoint: news.setArticleStatus,
    setup: rowsOfB,
    input: (_c, { articleId }) => ({ Ids: [articleId], Status: 'off' }),
  }),
  defineIsolationCase<Prepared>({
    name: 'DelNews with an article of site B',
    endpoint: news.delArticles,
    setup: rowsOfB,
    input: (_c, { articleId }) => ({ Ids: [articleId] }),
  }),
  defineIsolationCase<Prepared>({
    name: 'GetNewsCommentList lists only the caller’s shop',
    endpoint: news.getCommentList,
    setup: rowsOfB,
    input: () => ({ pageSize: 100 }),
    verify: listsNothingOf('news_comments'),
  }),
  defineIsolationCase<Prepared>({
    name: 'GetNewsCommentInfo of site B',
    endpoint: news.getCommentInfo,
    setup: rowsOfB,
    input: (_c, { commentId }) => ({ id: commentId }),
    message: /There is no comment \d+ in this shop/,
  }),
  defineIsolationCase<Prepared>({
    name: 'SetNewsCommentState with a comment of site B',
    endpoint: news.setCommentState,
    setup: rowsOfB,
    input: (_c, { commentId }) => ({ Ids: [commentId], Action: 'hide' }),
  }),
  defineIsolationCase<Prepared>({
    name: 'ReplyNewsComment under a comment of site B',
    endpoint: news.replyToComment,
    setup: rowsOfB,
    input: (_c, { commentId }) => ({ CommentId: commentId, Content: 'hijack' }),
  }),
]);
