import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import * as news from '../../../contract/endpoints/news';
import { dateBound, parseSort } from '../../../contract/list-query';
import { type NewsCommentState, newsCommentMachine } from '../../../contract/machines/news';
import { actionLabelKey, stateLabelKey, transitionOutcome } from '../../../contract/state-machine';
import { audit } from '../../audit';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/query';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { translate } from '../../i18n/messages';
import './news-messages';
import { requireAll, uniqueIds } from './news-rules';
import { shopCommentFlags } from './service';
import { newsArticles, newsComments } from './tables';

type CommentRecord = typeof newsComments.$inferSelect;

const target = (id: number) => `newsComment:${id}`;

function filtersOf(siteId: number, input: typeof news.commentListQuerySchema._output): SQL[] {
  const conditions: SQL[] = [eq(newsComments.siteId, siteId), isNull(newsComments.parentId)];
  if (input.keyword) {
    const pattern = containsPattern(input.keyword);
    conditions.push(or(ilike(newsComments.authorName, pattern), ilike(newsComments.content, pattern))!);
  }
  if (input.ArticleId !== undefined) conditions.push(eq(newsComments.articleId, input.ArticleId));
  if (input.createdFrom) conditions.push(gte(newsComments.createdAt, dateBound(input.createdFrom, false)));
  if (input.createdTo) conditions.push(lt(newsComments.createdAt, dateBound(input.createdTo, true)));
  return conditions;
}

async function withExtras(db: Executor, rows: CommentRecord[]): Promise<news.CommentRow[]> {
  if (rows.length === 0) return [];
  const articles = await db
    .select({ id: newsArticles.id, title: newsArticles.title })
    .from(newsArticles)
    .where(inArray(newsArticles.id, [...new Set(rows.map((row) => row.articleId))]));
  const titles = new Map(articles.map((article) => [article.id, article.title]));
  const replies = await db
    .select({ parentId: newsComments.parentId, total: sql<number>`count(*)::int` })
    .from(newsComments)
    .where(
      inArray(
        newsComments.parentId,
        rows.map((row) => row.id),
      ),
    )
    .groupBy(newsComments.parentId);
  const replyCounts = new Map(replies.map((entry) => [entry.parentId, entry.total]));
  return rows.map((row) => ({
    Id: row.id,
    ArticleId: row.articleId,
    ArticleTitle: titles.get(row.articleId) ?? '',
    MemberName: row.authorName,
    Content: row.content,
    State: row.state,
    ReplyCount: replyCounts.get(row.id) ?? 0,
    CreatedAt: row.createdAt.toISOString(),
  }));
}

async function findComment(db: Executor, siteId: number, id: number, field: string): Promise<CommentRecord> {
  const [row] = await db
    .select()
    .from(newsComments)
    .where(and(eq(newsComments.siteId, siteId), isNull(newsComments.parentId), eq(newsComments.id, id)));
  if (!row) throw new AppError('news.commentNotFound', { id }, { field });
  return row;
}

export const commentRoutes = [
  defineRoute(news.getCommentList, async ({ input, db, session }) => {
    const filters = filtersOf(session.siteId, input);
    const where =
      input.state === 'all' ? and(...filters) : and(...filters, eq(newsComments.state, input.state));
    const order = parseSort(input.sort);
    const rows = await db
      .select()
      .from(newsComments)
      .where(where)
      .orderBy(
        order.descending ? desc(newsComments.createdAt) : asc(newsComments.createdAt),
        desc(newsComments.id),
      )
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
    const tally = (state: NewsCommentState) =>
      sql<number>`count(*) filter (where ${newsComments.state} = ${state})`.mapWith(Number);
    const [counts] = await db
      .select({
        all: sql<number>`count(*)`.mapWith(Number),
        pending: tally('pending'),
        approved: tally('approved'),
        rejected: tally('rejected'),
        hidden: tally('hidden'),
      })
      .from(newsComments)
      .where(and(...filters));
    const Counts = counts ?? { all: 0, pending: 0, approved: 0, rejected: 0, hidden: 0 };
    const flags = await shopCommentFlags(db, session.siteId);
    return {
      Data: await withExtras(db, rows),
      Total: Counts[input.state],
      Counts,
      CommentsOn: flags.commentsOn,
      AuditOn: flags.auditOn,
    };
  }),

  defineRoute(news.getCommentInfo, async ({ input, db, session }) => {
    const row = await findComment(db, session.siteId, input.id, 'id');
    const [view] = await withExtras(db, [row]);
    const replies = await db
      .select()
      .from(newsComments)
      .where(eq(newsComments.parentId, row.id))
      .orderBy(asc(newsComments.createdAt), asc(newsComments.id));
    return {
      ...view!,
      Replies: replies.map((reply) => ({
        Id: reply.id,
        Author: reply.author,
        AuthorName: reply.authorName,
        Content: reply.content,
        State: reply.state,
        CreatedAt: reply.createdAt.toISOString(),
      })),
    };
  }),

  defineRoute(news.setCommentState, async ({ input, db, session, locale }) =>
    db.transaction(async (tx) => {
      const ids = uniqueIds(input.Ids);
      // Replies are moderated with their comment's actions too, so the ids may name either.
      const rows = await tx
        .select({ id: newsComments.id, state: newsComments.state, name: newsComments.authorName })
        .from(newsComments)
        .where(and(eq(newsComments.siteId, session.siteId), inArray(newsComments.id, ids)))
        .orderBy(asc(newsComments.id))
        .for('update');
      requireAll(
        ids,
        rows.map((row) => row.id),
        'news.commentsNotFound',
      );
      const changed: number[] = [];
      const unchanged: number[] = [];
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const id of ids) {
        const row = byId.get(id)!;
        const outcome = transitionOutcome(newsCommentMachine, row.state, input.Action);
        if (outcome === 'illegal') {
          throw new AppError(
            'news.illegalTransition',
            {
              name: row.name,
              state: translate(locale, stateLabelKey(newsCommentMachine, row.state)),
              action: translate(locale, actionLabelKey(newsCommentMachine, input.Action)),
            },
            { field: 'Ids' },
          );
        }
        (outcome === 'change' ? changed : unchanged).push(row.id);
      }
      if (changed.length > 0) {
        const to = newsCommentMachine.actions.find((action) => action.name === input.Action)!.to;
        await tx.update(newsComments).set({ state: to }).where(inArray(newsComments.id, changed));
        for (const id of changed) await audit(tx, session, `newsComment.${input.Action}`, target(id));
      }
      return { Changed: changed, Unchanged: unchanged };
    }),
  ),

  defineRoute(news.replyToComment, async ({ input, db, session }) =>
    db.transaction(async (tx) => {
      const comment = await findComment(tx, session.siteId, input.CommentId, 'CommentId');
      const [row] = await tx
        .insert(newsComments)
        .values({
          siteId: session.siteId,
          articleId: comment.articleId,
          parentId: comment.id,
          author: 'shop',
          authorName: session.userName,
          content: input.Content,
          state: 'approved',
        })
        .returning({ id: newsComments.id });
      await audit(tx, session, 'newsComment.reply', target(comment.id), { reply: row!.id });
      return { Id: row!.id };
    }),
  ),
];
