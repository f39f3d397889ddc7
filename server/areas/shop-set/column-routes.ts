import { and, count, eq, inArray, sql } from 'drizzle-orm';
import * as news from '../../../contract/endpoints/news';
import { columnParentProblem } from '../../../contract/machines/news';
import { audit } from '../../audit';
import type { Executor } from '../../db/client';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { sanitizeRichText } from '../../rich-text/sanitize';
import './news-messages';
import { requireAll, requireVersion, staleVersion, uniqueIds } from './news-rules';
import { newsArticles, newsColumns } from './tables';

type ColumnRecord = typeof newsColumns.$inferSelect;

const target = (id: number) => `newsColumn:${id}`;

function liveColumns(siteId: number) {
  return and(eq(newsColumns.siteId, siteId), eq(newsColumns.deleted, false));
}

/** Each top-level column followed by its children, both by sort (highest first) then newest. */
export function treeOrder<T extends { id: number; parentId: number | null; sort: number }>(rows: T[]): T[] {
  const bySort = (a: T, b: T) => b.sort - a.sort || b.id - a.id;
  const ids = new Set(rows.map((row) => row.id));
  // A child whose parent was filtered out (a keyword search) stands on its own.
  const tops = rows.filter((row) => row.parentId === null || !ids.has(row.parentId)).sort(bySort);
  return tops.flatMap((top) => [top, ...rows.filter((row) => row.parentId === top.id).sort(bySort)]);
}

async function articleCounts(db: Executor, siteId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ columnId: newsArticles.columnId, total: count() })
    .from(newsArticles)
    .where(and(eq(newsArticles.siteId, siteId), eq(newsArticles.deleted, false)))
    .groupBy(newsArticles.columnId);
  return new Map(rows.flatMap((row) => (row.columnId === null ? [] : [[row.columnId, row.total]])));
}

function columnRow(row: ColumnRecord, titles: Map<number, string>, articles: Map<number, number>) {
  return {
    Id: row.id,
    Title: row.title,
    ParentId: row.parentId,
    ParentTitle: row.parentId === null ? '' : (titles.get(row.parentId) ?? ''),
    Level: row.parentId === null ? 1 : 2,
    Image: row.image,
    Summary: row.summary,
    Visible: row.status === 'on',
    Sort: row.sort,
    ArticleCount: articles.get(row.id) ?? 0,
    Version: row.version,
    CreatedAt: row.createdAt.toISOString(),
  };
}

async function findColumn(db: Executor, siteId: number, id: number, field: string): Promise<ColumnRecord> {
  const [row] = await db
    .select()
    .from(newsColumns)
    .where(and(liveColumns(siteId), eq(newsColumns.id, id)));
  if (!row) throw new AppError('news.columnNotFound', { id }, { field });
  return row;
}

async function checkParent(db: Executor, siteId: number, id: number | null, parentId: number | null) {
  if (parentId === null) return;
  const parent = await findColumn(db, siteId, parentId, 'ParentId');
  const childCount =
    id === null ? 0 : await db.$count(newsColumns, and(liveColumns(siteId), eq(newsColumns.parentId, id)));
  const problem = columnParentProblem({ id, childCount }, parent);
  if (problem === 'self') throw new AppError('news.columnParentSelf', {}, { field: 'ParentId' });
  if (problem === 'parentNotTop') throw new AppError('news.columnParentNotTop', {}, { field: 'ParentId' });
  if (problem === 'hasChildren') throw new AppError('news.columnHasChildren', {}, { field: 'ParentId' });
}

export const columnRoutes = [
  defineRoute(news.getColumnList, async ({ input, db, session }) => {
    const all = await db.select().from(newsColumns).where(liveColumns(session.siteId));
    const titles = new Map(all.map((row) => [row.id, row.title]));
    const keyword = input.keyword?.toLowerCase();
    const matching = keyword ? all.filter((row) => row.title.toLowerCase().includes(keyword)) : all;
    const ordered = treeOrder(matching);
    const articles = await articleCounts(db, session.siteId);
    const start = (input.page - 1) * input.pageSize;
    return {
      Data: ordered.slice(start, start + input.pageSize).map((row) => columnRow(row, titles, articles)),
      Total: ordered.length,
    };
  }),

  defineRoute(news.getColumnInfo, async ({ input, db, session }) => {
    const row = await findColumn(db, session.siteId, input.id, 'id');
    const titles = new Map<number, string>();
    if (row.parentId !== null) {
      const [parent] = await db
        .select({ title: newsColumns.title })
        .from(newsColumns)
        .where(eq(newsColumns.id, row.parentId));
      titles.set(row.parentId, parent?.title ?? '');
    }
    return { ...columnRow(row, titles, await articleCounts(db, session.siteId)), Body: row.body };
  }),

  defineRoute(news.saveColumn, async ({ input, db, session }) =>
    db.transaction(async (tx) => {
      const values = {
        title: input.Title,
        parentId: input.ParentId,
        image: input.Image,
        summary: input.Summary,
        status: input.Visible ? ('on' as const) : ('off' as const),
        sort: input.Sort,
      };
      if (input.Id === undefined) {
        // Serialises column creation per shop, so parallel saves cannot pass the limit together.
        await tx.execute(sql`select id from sites where id = ${session.siteId} for update`);
        const total = await tx.$count(newsColumns, liveColumns(session.siteId));
        if (total >= news.MAX_COLUMNS_PER_SITE) {
          throw new AppError('news.tooManyColumns', { max: news.MAX_COLUMNS_PER_SITE }, { field: 'Title' });
        }
        await checkParent(tx, session.siteId, null, input.ParentId);
        const [row] = await tx
          .insert(newsColumns)
          .values({ ...values, siteId: session.siteId })
          .returning();
        await audit(tx, session, 'newsColumn.create', target(row!.id), { title: row!.title });
        return { Id: row!.id, Version: row!.version };
      }
      const version = requireVersion(input.Version);
      const current = await findColumn(tx, session.siteId, input.Id, 'Id');
      await checkParent(tx, session.siteId, current.id, input.ParentId);
      const [row] = await tx
        .update(newsColumns)
        .set({ ...values, version: sql`${newsColumns.version} + 1` })
        .where(and(eq(newsColumns.id, current.id), eq(newsColumns.version, version)))
        .returning();
      if (!row) throw staleVersion();
      await audit(tx, session, 'newsColumn.update', target(row.id), { title: row.title });
      return { Id: row.id, Version: row.version };
    }),
  ),

  defineRoute(news.saveColumnText, async ({ input, db, session }) =>
    db.transaction(async (tx) => {
      const current = await findColumn(tx, session.siteId, input.Id, 'Id');
      const [row] = await tx
        .update(newsColumns)
        .set({ body: sanitizeRichText(input.Body), version: sql`${newsColumns.version} + 1` })
        .where(and(eq(newsColumns.id, current.id), eq(newsColumns.version, input.Version)))
        .returning();
      if (!row) throw staleVersion();
      await audit(tx, session, 'newsColumn.text', target(row.id), { length: row.body.length });
      return { Version: row.version };
    }),
  ),

  defineRoute(news.setColumnVisible, async ({ input, db, session }) =>
    db.transaction(async (tx) => {
      const ids = uniqueIds(input.Ids);
      const status = input.Visible ? ('on' as const) : ('off' as const);
      const rows = await tx
        .select({ id: newsColumns.id, status: newsColumns.status })
        .from(newsColumns)
        .where(and(liveColumns(session.siteId), inArray(newsColumns.id, ids)));
      requireAll(
        ids,
        rows.map((row) => row.id),
        'news.columnsNotFound',
      );
      const changed = rows.filter((row) => row.status !== status).map((row) => row.id);
      if (changed.length > 0) {
        await tx
          .update(newsColumns)
          .set({ status, version: sql`${newsColumns.version} + 1` })
          .where(inArray(newsColumns.id, changed));
        await audit(tx, session, 'newsColumn.visible', target(changed[0]!), { ids: changed, status });
      }
      return { Changed: changed };
    }),
  ),

  defineRoute(news.delColumns, async ({ input, db, session }) =>
    db.transaction(async (tx) => {
      const ids = uniqueIds(input.Ids);
      const rows = await tx
        .select()
        .from(newsColumns)
        .where(and(liveColumns(session.siteId), inArray(newsColumns.id, ids)))
        .for('update');
      requireAll(
        ids,
        rows.map((row) => row.id),
        'news.columnsNotFound',
      );
      const deleting = new Set(ids);
      for (const row of rows) {
        // Children deleted in the same call do not hold their parent back.
        const children = await tx.$count(
          newsColumns,
          and(liveColumns(session.siteId), eq(newsColumns.parentId, row.id)),
        );
        const childrenKept =
          children - rows.filter((other) => other.parentId === row.id && deleting.has(other.id)).length;
        const articles = await tx.$count(
          newsArticles,
          and(
            eq(newsArticles.siteId, session.siteId),
            eq(newsArticles.deleted, false),
            eq(newsArticles.columnId, row.id),
          ),
        );
        if (childrenKept > 0 || articles > 0) {
          throw new AppError(
            'news.columnInUse',
            { title: row.title, children: childrenKept, articles },
            { field: 'Ids' },
          );
        }
      }
      await tx.update(newsColumns).set({ deleted: true }).where(inArray(newsColumns.id, ids));
      for (const id of ids) await audit(tx, session, 'newsColumn.delete', target(id));
      return { Deleted: ids.length };
    }),
  ),
];
