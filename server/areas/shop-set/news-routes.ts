import { and, asc, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import * as news from '../../../contract/endpoints/news';
import { dateBound, parseSort } from '../../../contract/list-query';
import { type ArticleState, articleState } from '../../../contract/machines/news';
import { audit } from '../../audit';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/query';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { sanitizeRichText } from '../../rich-text/sanitize';
import './news-messages';
import { requireAll, requireVersion, staleVersion, uniqueIds } from './news-rules';
import { newsArticles, newsColumns, newsComments } from './tables';

type ArticleRecord = typeof newsArticles.$inferSelect;

const target = (id: number) => `news:${id}`;

/** The SQL of articleState (contract/machines/news.ts) for list filters and tab counts. */
function stateCondition(state: ArticleState, now: Date): SQL {
  if (state === 'off') return eq(newsArticles.status, 'off');
  return and(
    eq(newsArticles.status, 'on'),
    state === 'published'
      ? sql`${newsArticles.publishedAt} <= ${now}`
      : sql`${newsArticles.publishedAt} > ${now}`,
  )!;
}

function filtersOf(siteId: number, input: typeof news.articleListQuerySchema._output): SQL[] {
  const conditions: SQL[] = [eq(newsArticles.siteId, siteId), eq(newsArticles.deleted, false)];
  if (input.keyword) {
    const pattern = containsPattern(input.keyword);
    conditions.push(or(ilike(newsArticles.title, pattern), ilike(newsArticles.author, pattern))!);
  }
  if (input.ColumnId !== undefined) conditions.push(eq(newsArticles.columnId, input.ColumnId));
  if (input.publishedFrom)
    conditions.push(gte(newsArticles.publishedAt, dateBound(input.publishedFrom, false)));
  if (input.publishedTo) conditions.push(lt(newsArticles.publishedAt, dateBound(input.publishedTo, true)));
  return conditions;
}

export function articleRow(
  row: ArticleRecord,
  extra: { columnTitle: string; comments: number },
  now: Date,
): news.ArticleRow {
  return {
    Id: row.id,
    Title: row.title,
    Author: row.author,
    Image: row.image,
    ColumnId: row.columnId,
    ColumnTitle: extra.columnTitle,
    Summary: row.summary,
    Hot: row.hot,
    Banner: row.banner,
    Sort: row.sort,
    Status: row.status,
    State: articleState(row, now),
    PublishedAt: row.publishedAt.toISOString(),
    Views: row.views,
    CommentCount: extra.comments,
    Version: row.version,
  };
}

const SORT_COLUMNS = {
  sort: newsArticles.sort,
  publishedAt: newsArticles.publishedAt,
  views: newsArticles.views,
} as const;

async function withExtras(db: Executor, rows: ArticleRecord[], now: Date) {
  if (rows.length === 0) return [];
  const columnIds = [...new Set(rows.flatMap((row) => (row.columnId === null ? [] : [row.columnId])))];
  const columns =
    columnIds.length === 0
      ? []
      : await db
          .select({ id: newsColumns.id, title: newsColumns.title })
          .from(newsColumns)
          .where(inArray(newsColumns.id, columnIds));
  const titles = new Map(columns.map((column) => [column.id, column.title]));
  const counts = await db
    .select({ articleId: newsComments.articleId, total: sql<number>`count(*)::int` })
    .from(newsComments)
    .where(
      and(
        inArray(
          newsComments.articleId,
          rows.map((row) => row.id),
        ),
        sql`${newsComments.parentId} is null`,
      ),
    )
    .groupBy(newsComments.articleId);
  const comments = new Map(counts.map((entry) => [entry.articleId, entry.total]));
  return rows.map((row) =>
    articleRow(
      row,
      {
        columnTitle: row.columnId === null ? '' : (titles.get(row.columnId) ?? ''),
        comments: comments.get(row.id) ?? 0,
      },
      now,
    ),
  );
}

async function findArticle(db: Executor, siteId: number, id: number, field: string): Promise<ArticleRecord> {
  const [row] = await db
    .select()
    .from(newsArticles)
    .where(and(eq(newsArticles.siteId, siteId), eq(newsArticles.deleted, false), eq(newsArticles.id, id)));
  if (!row) throw new AppError('news.articleNotFound', { id }, { field });
  return row;
}

async function checkColumn(db: Executor, siteId: number, columnId: number | null) {
  if (columnId === null) return;
  const found = await db.$count(
    newsColumns,
    and(eq(newsColumns.siteId, siteId), eq(newsColumns.deleted, false), eq(newsColumns.id, columnId)),
  );
  if (found === 0) throw new AppError('news.columnNotFound', { id: columnId }, { field: 'ColumnId' });
}

async function liveArticles(db: Executor, siteId: number, ids: number[]) {
  const rows = await db
    .select({ id: newsArticles.id, status: newsArticles.status })
    .from(newsArticles)
    .where(
      and(eq(newsArticles.siteId, siteId), eq(newsArticles.deleted, false), inArray(newsArticles.id, ids)),
    );
  requireAll(
    ids,
    rows.map((row) => row.id),
    'news.articlesNotFound',
  );
  return rows;
}

export const newsRoutes = [
  defineRoute(news.getArticleList, async ({ input, db, session }) => {
    const now = new Date();
    const filters = filtersOf(session.siteId, input);
    const where = input.state === 'all' ? and(...filters) : and(...filters, stateCondition(input.state, now));
    const order = parseSort(input.sort);
    const column = SORT_COLUMNS[order.field];
    const rows = await db
      .select()
      .from(newsArticles)
      .where(where)
      .orderBy(order.descending ? desc(column) : asc(column), desc(newsArticles.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
    const tally = (state: ArticleState) =>
      sql<number>`count(*) filter (where ${stateCondition(state, now)})`.mapWith(Number);
    const [counts] = await db
      .select({
        all: sql<number>`count(*)`.mapWith(Number),
        published: tally('published'),
        scheduled: tally('scheduled'),
        off: tally('off'),
      })
      .from(newsArticles)
      .where(and(...filters));
    const Counts = counts ?? { all: 0, published: 0, scheduled: 0, off: 0 };
    return { Data: await withExtras(db, rows, now), Total: Counts[input.state], Counts };
  }),

  defineRoute(news.getArticleInfo, async ({ input, db, session }) => {
    const row = await findArticle(db, session.siteId, input.id, 'id');
    const [view] = await withExtras(db, [row], new Date());
    return { ...view!, Body: row.body };
  }),

  defineRoute(news.saveArticle, async ({ input, db, session }) =>
    db.transaction(async (tx) => {
      await checkColumn(tx, session.siteId, input.ColumnId);
      const values = {
        columnId: input.ColumnId,
        title: input.Title,
        author: input.Author,
        image: input.Image,
        summary: input.Summary,
        body: sanitizeRichText(input.Body),
        hot: input.Hot,
        banner: input.Banner,
        sort: input.Sort,
        status: input.Status,
        publishedAt: new Date(input.PublishedAt),
      };
      if (input.Id === undefined) {
        const [row] = await tx
          .insert(newsArticles)
          .values({ ...values, siteId: session.siteId })
          .returning();
        await audit(tx, session, 'news.create', target(row!.id), { title: row!.title });
        return { Id: row!.id, Version: row!.version };
      }
      const version = requireVersion(input.Version);
      const current = await findArticle(tx, session.siteId, input.Id, 'Id');
      const [row] = await tx
        .update(newsArticles)
        .set({ ...values, version: sql`${newsArticles.version} + 1` })
        .where(and(eq(newsArticles.id, current.id), eq(newsArticles.version, version)))
        .returning();
      if (!row) throw staleVersion();
      await audit(tx, session, 'news.update', target(row.id), { title: row.title });
      return { Id: row.id, Version: row.version };
    }),
  ),

  defineRoute(news.setArticleStatus, async ({ input, db, session }) =>
    db.transaction(async (tx) => {
      const ids = uniqueIds(input.Ids);
      const rows = await liveArticles(tx, session.siteId, ids);
      const changed = rows.filter((row) => row.status !== input.Status).map((row) => row.id);
      if (changed.length > 0) {
        await tx
          .update(newsArticles)
          .set({ status: input.Status, version: sql`${newsArticles.version} + 1` })
          .where(inArray(newsArticles.id, changed));
        for (const id of changed)
          await audit(tx, session, 'news.status', target(id), { status: input.Status });
      }
      return { Changed: changed };
    }),
  ),

  defineRoute(news.delArticles, async ({ input, db, session }) =>
    db.transaction(async (tx) => {
      const ids = uniqueIds(input.Ids);
      await liveArticles(tx, session.siteId, ids);
      await tx.update(newsArticles).set({ deleted: true }).where(inArray(newsArticles.id, ids));
      for (const id of ids) await audit(tx, session, 'news.delete', target(id));
      return { Deleted: ids.length };
    }),
  ),
];
