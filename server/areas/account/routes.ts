import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import * as account from '../../../contract/endpoints/account-feedback';
import { dateBound, parseSort } from '../../../contract/list-query';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import { containsPattern } from '../../db/query';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { feedbackRow, statusCode } from './feedback-rows';
import './messages';
import { feedback } from './tables';

function filtersOf(session: Session, input: typeof account.feedbackListQuerySchema._output): SQL[] {
  const conditions: SQL[] = [eq(feedback.siteId, session.siteId)];
  if (input.keyword) {
    const pattern = containsPattern(input.keyword);
    conditions.push(
      or(
        ilike(feedback.memberName, pattern),
        ilike(feedback.phone, pattern),
        ilike(feedback.content, pattern),
      )!,
    );
  }
  if (input.createdFrom) conditions.push(gte(feedback.createdAt, dateBound(input.createdFrom, false)));
  if (input.createdTo) conditions.push(lt(feedback.createdAt, dateBound(input.createdTo, true)));
  return conditions;
}

const target = (id: number) => `feedback:${id}`;

export const accountFeedbackRoutes = [
  defineRoute(account.getFeedbackList, async ({ input, db, session }) => {
    const filters = filtersOf(session, input);
    const where =
      input.status === 'all'
        ? and(...filters)
        : and(...filters, eq(feedback.status, statusCode(input.status)));
    const order = parseSort(input.sort);
    const rows = await db
      .select()
      .from(feedback)
      .where(where)
      .orderBy(order.descending ? desc(feedback.createdAt) : asc(feedback.createdAt), desc(feedback.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
    const [counts] = await db
      .select({
        all: count(),
        new: sql<number>`count(*) filter (where ${feedback.status} = ${statusCode('new')})`.mapWith(Number),
        handled: sql<number>`count(*) filter (where ${feedback.status} = ${statusCode('handled')})`.mapWith(
          Number,
        ),
      })
      .from(feedback)
      .where(and(...filters));
    const tally = counts ?? { all: 0, new: 0, handled: 0 };
    return { Data: rows.map(feedbackRow), Total: tally[input.status], Counts: tally };
  }),

  defineRoute(account.getFeedbackInfo, async ({ input, db, session }) => {
    const [row] = await db
      .select()
      .from(feedback)
      .where(and(eq(feedback.id, input.id), eq(feedback.siteId, session.siteId)));
    if (!row) throw new AppError('feedback.notFound', { id: input.id }, { field: 'id' });
    return feedbackRow(row);
  }),

  defineRoute(account.setFeedbackReply, async ({ input, db, session }) => {
    return db.transaction(async (tx) => {
      const handled = input.MarkHandled
        ? {
            status: statusCode('handled'),
            handledBy: session.accountId,
            handledByName: session.userName,
            handledAt: new Date(),
          }
        : {};
      const [row] = await tx
        .update(feedback)
        .set({ reply: input.Reply, ...handled })
        .where(and(eq(feedback.id, input.Id), eq(feedback.siteId, session.siteId)))
        .returning();
      if (!row) throw new AppError('feedback.notFound', { id: input.Id }, { field: 'Id' });
      await audit(tx, session, 'feedback.reply', target(row.id), { handled: input.MarkHandled });
      return feedbackRow(row);
    });
  }),

  defineRoute(account.setFeedbackState, async ({ input, db, session }) => {
    return db.transaction(async (tx) => {
      const ids = [...new Set(input.Ids)];
      const rows = await tx
        .select({ id: feedback.id, status: feedback.status })
        .from(feedback)
        .where(and(eq(feedback.siteId, session.siteId), inArray(feedback.id, ids)));
      const found = new Set(rows.map((row) => row.id));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length > 0) {
        throw new AppError('feedback.someNotFound', { ids: missing.join(', ') }, { field: 'Ids' });
      }
      const code = statusCode(input.Status);
      const changed = rows.filter((row) => row.status !== code).map((row) => row.id);
      if (changed.length > 0) {
        const handled =
          input.Status === 'handled'
            ? { handledBy: session.accountId, handledByName: session.userName, handledAt: new Date() }
            : { handledBy: null, handledByName: '', handledAt: null };
        await tx
          .update(feedback)
          .set({ status: code, ...handled })
          .where(and(eq(feedback.siteId, session.siteId), inArray(feedback.id, changed)));
        await audit(tx, session, 'feedback.state', `feedback:${changed.join(',')}`, { status: input.Status });
      }
      return { Changed: changed, Unchanged: ids.filter((id) => !changed.includes(id)) };
    });
  }),
];
