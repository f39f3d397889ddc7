import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeCommentState,
  getCommentInfo,
  getCommentReplies,
  getComments,
  replyToComment,
  saveComment,
} from '../../contract/endpoints/goods';
import { auditActions, createGoods, MALL_SITE, SECOND_SITE } from './goods-helpers';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin');
});
afterAll(() => server.close());

async function comments(input: Record<string, unknown> = {}) {
  const response = await server.call(getComments, input, { token });
  expect(response.body.Errmsg).toBe('');
  return response.body;
}

async function count(condition = sql`true`): Promise<number> {
  const [row] = await server.query<{ n: number }>(
    sql`select count(*)::int as n from product_comments where site_id = ${MALL_SITE} and state <> 'deleted' and ${condition}`,
  );
  return row!.n;
}

async function someComment(condition = sql`true`): Promise<number> {
  const [row] = await server.query<{ id: number }>(
    sql`select id from product_comments where site_id = ${MALL_SITE} and state <> 'deleted' and ${condition} order by id limit 1`,
  );
  return row!.id;
}

describe('GetProductCommentList', () => {
  it('lists the site’s comments newest first with goods names', async () => {
    const body = await comments();
    expect(body.Total).toBe(await count());
    expect(body.Total).toBeGreaterThan(100);
    const times = body.Data.map((row) => row.CreatedAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(body.Data.every((row) => row.ProductName.length > 0)).toBe(true);
  });

  it.each([
    [{ score: 5 }, sql`score = 5`, (row: { Score: number }) => row.Score === 5],
    [
      { hasImages: 'true' },
      sql`jsonb_array_length(images) > 0`,
      (row: { Images: string[] }) => row.Images.length > 0,
    ],
    [
      { hasImages: 'false' },
      sql`jsonb_array_length(images) = 0`,
      (row: { Images: string[] }) => row.Images.length === 0,
    ],
    [{ replied: 'true' }, sql`shop_replied`, (row: { Replied: boolean }) => row.Replied],
    [{ replied: '0' }, sql`not shop_replied`, (row: { Replied: boolean }) => !row.Replied],
    [{ state: 'hidden' }, sql`state = 'hidden'`, (row: { State: string }) => row.State === 'hidden'],
  ])('filters by %j', async (input, condition, matches) => {
    const body = await comments({ ...input, pageSize: 100 });
    expect(body.Total).toBe(await count(condition));
    expect(body.Total).toBeGreaterThan(0);
    expect(body.Data.every(matches as (row: unknown) => boolean)).toBe(true);
  });

  it('filters by goods and sorts by score', async () => {
    const [goods] = await server.query<{ product_id: number; n: number }>(
      sql`select product_id, count(*)::int as n from product_comments where site_id = ${MALL_SITE} and state <> 'deleted'
           group by product_id order by n desc, product_id limit 1`,
    );
    const body = await comments({ productId: goods!.product_id, sort: 'score' });
    expect(body.Total).toBe(goods!.n);
    const scores = body.Data.map((row) => row.Score);
    expect(scores).toEqual([...scores].sort());
  });

  it.each([
    [{ score: 6 }, /score: must be at most 5/],
    [{ hasImages: 'yes' }, /hasImages: must be one of/],
    [{ state: 'deleted' }, /state: must be one of visible, hidden/],
  ])('refuses %j', async (input, message) => {
    const response = await server.call(getComments, input, { token });
    expect(response.body.Errcode).toBe(-1);
    expect(response.body.Errmsg).toMatch(message);
  });
});

describe('comment details and replies', () => {
  it('shows a comment with its replies, and adds the shop’s reply', async () => {
    const id = await someComment(sql`not shop_replied`);
    const before = (await server.call(getCommentInfo, { id }, { token })).body;
    expect(before).toMatchObject({ Errcode: 0, Id: id, Replied: false, ReplyCount: 0, Replies: [] });
    const reply = await server.call(
      replyToComment,
      { CommentId: id, Content: '感谢您的评价，欢迎再来！' },
      { token },
    );
    expect(reply.body.Errcode).toBe(0);
    const replies = await server.call(getCommentReplies, { commentId: id }, { token });
    expect(replies.body.Data).toEqual([
      expect.objectContaining({
        Id: reply.body.Id,
        Author: 'shop',
        AuthorName: 'admin',
        Content: '感谢您的评价，欢迎再来！',
      }),
    ]);
    const after = (await server.call(getCommentInfo, { id }, { token })).body;
    expect(after).toMatchObject({ Replied: true, ReplyCount: 1 });
    expect(await auditActions(server, `comment:${id}`)).toEqual(['comment.reply']);
    const empty = await server.call(replyToComment, { CommentId: id, Content: '   ' }, { token });
    expect(empty.body.Errmsg).toMatch(/Content: is required/);
  });

  it('keeps seeded replies in order, the shop’s first and the buyer’s follow-up after', async () => {
    const id = await someComment(sql`reply_count = 2`);
    const replies = (await server.call(getCommentReplies, { commentId: id }, { token })).body.Data;
    expect(replies.map((row) => row.Author)).toEqual(['shop', 'buyer']);
  });

  it('does not show or answer another site’s comments', async () => {
    const [foreign] = await server.query<{ id: number }>(
      sql`select id from product_comments where site_id = ${SECOND_SITE} limit 1`,
    );
    expect((await server.call(getCommentInfo, { id: foreign!.id }, { token })).body.Errmsg).toBe(
      `Comment ${foreign!.id} does not exist`,
    );
    expect((await server.call(getCommentReplies, { commentId: foreign!.id }, { token })).body.Errcode).toBe(
      -1,
    );
    const reply = await server.call(
      replyToComment,
      { CommentId: foreign!.id, Content: '越权回复' },
      { token },
    );
    expect(reply.body.Errcode).toBe(-1);
    const [replies] = await server.query<{ n: number }>(
      sql`select count(*)::int as n from product_comment_replies where content = '越权回复'`,
    );
    expect(replies!.n).toBe(0);
  });
});

describe('BindCommentUpdateStateAndDel', () => {
  it('hides, shows and deletes comments, skipping ones already in the state', async () => {
    const visible = await someComment(
      sql`state = 'visible' and not exists (select 1 from audit_log l where l.target = 'comment:' || product_comments.id)`,
    );
    const hidden = await someComment(sql`state = 'hidden'`);
    const hide = await server.call(changeCommentState, { Ids: [visible, hidden], Action: 'hide' }, { token });
    expect(hide.body).toMatchObject({ Errcode: 0, Changed: [visible], Unchanged: [hidden] });
    const show = await server.call(changeCommentState, { Ids: [visible], Action: 'show' }, { token });
    expect(show.body.Changed).toEqual([visible]);
    const total = await count();
    const deleted = await server.call(changeCommentState, { Ids: [visible], Action: 'delete' }, { token });
    expect(deleted.body.Changed).toEqual([visible]);
    expect((await comments()).Total).toBe(total - 1);
    const again = await server.call(changeCommentState, { Ids: [visible], Action: 'show' }, { token });
    expect(again.body.Errmsg).toBe(`Comment ${visible} does not exist`);
    expect(await auditActions(server, `comment:${visible}`)).toEqual([
      'comment.hide',
      'comment.show',
      'comment.delete',
    ]);
  });

  it('needs the comment permission', async () => {
    const store = await server.login('store');
    const response = await server.call(
      changeCommentState,
      { Ids: [await someComment()], Action: 'hide' },
      { token: store },
    );
    expect(response.status).toBe(403);
    expect((await server.call(getComments, {}, { token: store })).status).toBe(403);
  });
});

describe('BindProductCommentInfo', () => {
  it('adds a comment for goods and edits it with a version check', async () => {
    const goods = await createGoods(server, token, { Name: '评价商品' });
    const created = await server.call(
      saveComment,
      {
        ProductId: goods.Id,
        BuyerName: '线下顾客',
        Score: 4,
        Content: '门店试穿很合身',
        Images: ['/uploads/1/p.png'],
      },
      { token },
    );
    expect(created.body).toMatchObject({ Errcode: 0, Version: 1 });
    const listed = await comments({ productId: goods.Id });
    expect(listed.Data).toEqual([
      expect.objectContaining({
        BuyerName: '线下顾客',
        Score: 4,
        Images: ['/uploads/1/p.png'],
        State: 'visible',
      }),
    ]);
    const edited = await server.call(
      saveComment,
      {
        Id: created.body.Id,
        Version: 1,
        ProductId: goods.Id,
        BuyerName: '线下顾客',
        Score: 5,
        Content: '改为五星',
        Visible: false,
      },
      { token },
    );
    expect(edited.body.Version).toBe(2);
    expect((await comments({ productId: goods.Id })).Data[0]).toMatchObject({ Score: 5, State: 'hidden' });
    const stale = await server.call(
      saveComment,
      { Id: created.body.Id, Version: 1, ProductId: goods.Id, BuyerName: 'x', Score: 1, Content: 'x' },
      { token },
    );
    expect(stale.body.Errcode).toBe(-1);
  });

  it('does not let the shop rewrite a buyer’s comment', async () => {
    const id = await someComment();
    const [row] = await server.query<{ product_id: number; version: number; content: string }>(
      sql`select product_id, version, content from product_comments where id = ${id}`,
    );
    const response = await server.call(
      saveComment,
      {
        Id: id,
        Version: row!.version,
        ProductId: row!.product_id,
        BuyerName: '改名',
        Score: 5,
        Content: '改成好评',
      },
      { token },
    );
    expect(response.body.Errmsg).toBe('Comments written by buyers cannot be edited; hide or reply instead');
    const [after] = await server.query<{ content: string }>(
      sql`select content from product_comments where id = ${id}`,
    );
    expect(after!.content).toBe(row!.content);
  });

  it.each([
    [{ Score: 0 }, /Score: must be at least 1/],
    [{ Score: 6 }, /Score: must be at most 5/],
    [{ Content: '' }, /Content: is required/],
    [{ Images: Array.from({ length: 10 }, () => '/uploads/1/p.png') }, /Images: must have at most 9 items/],
  ])('refuses %j', async (overrides, message) => {
    const goods = await createGoods(server, token);
    const response = await server.call(
      saveComment,
      { ProductId: goods.Id, BuyerName: '顾客', Score: 5, Content: '好', ...overrides },
      { token },
    );
    expect(response.body.Errcode).toBe(-1);
    expect(response.body.Errmsg).toMatch(message);
  });
});
