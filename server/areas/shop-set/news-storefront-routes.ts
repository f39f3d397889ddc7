import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import * as news from '../../../contract/endpoints/news';
import type { Executor } from '../../db/client';
import { AppError } from '../../http/errors';
import { countAttempt } from '../../http/rate-limit';
import { defineRoute } from '../../http/route';
import { storefrontSite } from '../storefront/service';
import './news-messages';
import { shopCommentFlags } from './service';
import { newsArticles, newsColumns, newsComments } from './tables';

type ArticleRecord = typeof newsArticles.$inferSelect;

/**
 * What buyers may read: switched on, not deleted, its publish time come, and in a visible column
 * (or in none).
 */
function publishedArticles(siteId: number): SQL {
  return and(
    eq(newsArticles.siteId, siteId),
    eq(newsArticles.deleted, false),
    eq(newsArticles.status, 'on'),
    sql`${newsArticles.publishedAt} <= now()`,
    or(
      isNull(newsArticles.columnId),
      sql`exists (select 1 from ${newsColumns} c where c.id = ${newsArticles.columnId}
                   and c.status = 'on' and not c.deleted)`,
    ),
  )!;
}

function storefrontArticle(row: ArticleRecord) {
  return {
    Id: row.id,
    Title: row.title,
    Author: row.author,
    Image: row.image,
    ColumnId: row.columnId,
    Summary: row.summary,
    Hot: row.hot,
    Banner: row.banner,
    Views: row.views,
    PublishedAt: row.publishedAt.toISOString(),
  };
}

async function requirePublished(db: Executor, siteId: number, id: number, field: string) {
  const found = await db.$count(newsArticles, and(publishedArticles(siteId), eq(newsArticles.id, id)));
  if (found === 0) throw new AppError('news.articleNotFound', { id }, { field });
}

export const newsStorefrontRoutes = [
  defineRoute(news.getStorefrontNews, async ({ input, db, request }) => {
    const siteId = await storefrontSite(db, request);
    const where =
      input.ColumnId === undefined
        ? publishedArticles(siteId)
        : and(publishedArticles(siteId), eq(newsArticles.columnId, input.ColumnId));
    const rows = await db
      .select()
      .from(newsArticles)
      .where(where)
      .orderBy(desc(newsArticles.sort), desc(newsArticles.publishedAt), desc(newsArticles.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
    return { Data: rows.map(storefrontArticle), Total: await db.$count(newsArticles, where) };
  }),

  defineRoute(news.readStorefrontNews, async ({ input, db, request }) => {
    const siteId = await storefrontSite(db, request);
    // One guarded statement counts the view, so parallel reads never lose one.
    const [row] = await db
      .update(newsArticles)
      .set({ views: sql`${newsArticles.views} + 1` })
      .where(and(publishedArticles(siteId), eq(newsArticles.id, input.Id)))
      .returning();
    if (!row) throw new AppError('news.articleNotFound', { id: input.Id }, { field: 'Id' });
    const flags = await shopCommentFlags(db, siteId);
    return { ...storefrontArticle(row), Body: row.body, CommentsOn: flags.commentsOn };
  }),

  defineRoute(news.getStorefrontComments, async ({ input, db, request }) => {
    const siteId = await storefrontSite(db, request);
    await requirePublished(db, siteId, input.ArticleId, 'ArticleId');
    const where = and(
      eq(newsComments.siteId, siteId),
      eq(newsComments.articleId, input.ArticleId),
      isNull(newsComments.parentId),
      eq(newsComments.state, 'approved'),
    );
    const rows = await db
      .select()
      .from(newsComments)
      .where(where)
      .orderBy(desc(newsComments.createdAt), desc(newsComments.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
    const replies =
      rows.length === 0
        ? []
        : await db
            .select()
            .from(newsComments)
            .where(
              and(
                inArray(
                  newsComments.parentId,
                  rows.map((row) => row.id),
                ),
                eq(newsComments.state, 'approved'),
              ),
            )
            .orderBy(asc(newsComments.createdAt), asc(newsComments.id));
    return {
      Data: rows.map((row) => ({
        Id: row.id,
        MemberName: row.authorName,
        Content: row.content,
        CreatedAt: row.createdAt.toISOString(),
        Replies: replies
          .filter((reply) => reply.parentId === row.id)
          .map((reply) => ({
            Id: reply.id,
            Author: reply.author,
            AuthorName: reply.authorName,
            Content: reply.content,
            CreatedAt: reply.createdAt.toISOString(),
          })),
      })),
      Total: await db.$count(newsComments, where),
    };
  }),

  defineRoute(news.postStorefrontComment, async ({ input, db, request, reply }) => {
    const siteId = await storefrontSite(db, request);
    const flags = await shopCommentFlags(db, siteId);
    if (!flags.commentsOn) throw new AppError('news.commentsOff', {}, { field: 'ArticleId' });
    const decision = await countAttempt(
      db,
      `news-comment|${request.ip}|${siteId}`,
      news.COMMENT_RATE_LIMIT,
      news.COMMENT_RATE_WINDOW_MS,
    );
    if (!decision.allowed) {
      const seconds = Math.ceil(decision.retryAfterMs / 1000);
      reply.header('retry-after', String(seconds));
      throw new AppError('news.rateLimited', { seconds }, { status: 429 });
    }
    await requirePublished(db, siteId, input.ArticleId, 'ArticleId');
    if (input.ParentId !== undefined) {
      const parent = await db.$count(
        newsComments,
        and(
          eq(newsComments.siteId, siteId),
          eq(newsComments.articleId, input.ArticleId),
          isNull(newsComments.parentId),
          eq(newsComments.state, 'approved'),
          eq(newsComments.id, input.ParentId),
        ),
      );
      if (parent === 0)
        throw new AppError('news.replyParentNotFound', { id: input.ParentId }, { field: 'ParentId' });
    }
    const state = flags.auditOn ? ('pending' as const) : ('approved' as const);
    const [row] = await db
      .insert(newsComments)
      .values({
        siteId,
        articleId: input.ArticleId,
        parentId: input.ParentId ?? null,
        author: 'member',
        buyerId: input.BuyerId,
        authorName: input.MemberName,
        content: input.Content,
        state,
      })
      .returning({ id: newsComments.id });
    return { Id: row!.id, State: state };
  }),
];
