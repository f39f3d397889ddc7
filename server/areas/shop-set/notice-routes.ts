import { and, asc, count, desc, eq, gt, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import {
  bindNoticeInfo,
  bindNoticeState,
  delNotice,
  getNoticeInfo,
  getNoticeList,
  getRunningNotices,
  NOTICE_TABS,
  type NoticeRow,
} from '../../../contract/endpoints/shop-notices';
import { parseSort } from '../../../contract/list-query';
import { type NoticeState, noticeState } from '../../../contract/notice-state';
import { audit } from '../../audit';
import { containsPattern } from '../../db/query';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import './messages';
import { staleVersion } from './shop-info-routes';
import { shopNotices } from './tables';

type NoticeRecord = typeof shopNotices.$inferSelect;

function noticeRow(row: NoticeRecord, now: Date): NoticeRow {
  return {
    Id: row.id,
    Title: row.title,
    Content: row.content,
    Mode: row.mode,
    StartsAt: row.startsAt.toISOString(),
    EndsAt: row.endsAt.toISOString(),
    Sort: row.sort,
    Status: row.status,
    State: noticeState(row, now),
    Version: row.version,
    CreatedAt: row.createdAt.toISOString(),
  };
}

/** The SQL of a state, the same cut as contract/notice-state.ts. */
function stateCondition(state: NoticeState, now: Date): SQL {
  const on = eq(shopNotices.status, 'on');
  switch (state) {
    case 'off':
      return eq(shopNotices.status, 'off');
    case 'notStarted':
      return and(on, gt(shopNotices.startsAt, now))!;
    case 'running':
      return and(on, lte(shopNotices.startsAt, now), gt(shopNotices.endsAt, now))!;
    case 'ended':
      return and(on, lte(shopNotices.endsAt, now))!;
  }
}

const live = (siteId: number) => and(eq(shopNotices.siteId, siteId), eq(shopNotices.deleted, false))!;
const target = (id: number) => `notice:${id}`;

export const noticeRoutes = [
  defineRoute(getNoticeList, async ({ db, session, input }) => {
    const now = new Date();
    const filters: SQL[] = [live(session.siteId)];
    if (input.keyword) {
      const pattern = containsPattern(input.keyword);
      filters.push(or(ilike(shopNotices.title, pattern), ilike(shopNotices.content, pattern))!);
    }
    if (input.mode) filters.push(eq(shopNotices.mode, input.mode));
    const where = input.state === 'all' ? and(...filters) : and(...filters, stateCondition(input.state, now));
    const order = parseSort(input.sort);
    const column = {
      sort: shopNotices.sort,
      startsAt: shopNotices.startsAt,
      createdAt: shopNotices.createdAt,
    }[order.field];
    const rows = await db
      .select()
      .from(shopNotices)
      .where(where)
      .orderBy(order.descending ? desc(column) : asc(column), desc(shopNotices.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
    const tallies = Object.fromEntries(
      NOTICE_TABS.map((tab) => [
        tab,
        tab === 'all'
          ? count()
          : sql<number>`count(*) filter (where ${stateCondition(tab, now)})`.mapWith(Number),
      ]),
    );
    const [counts] = await db
      .select(tallies as Record<(typeof NOTICE_TABS)[number], SQL<number>>)
      .from(shopNotices)
      .where(and(...filters));
    const Counts = counts as Record<(typeof NOTICE_TABS)[number], number>;
    return { Data: rows.map((row) => noticeRow(row, now)), Total: Counts[input.state], Counts };
  }),

  defineRoute(getNoticeInfo, async ({ db, session, input }) => {
    const [row] = await db
      .select()
      .from(shopNotices)
      .where(and(live(session.siteId), eq(shopNotices.id, input.Id)));
    if (!row) throw new AppError('notice.notFound', { id: input.Id }, { field: 'Id' });
    return noticeRow(row, new Date());
  }),

  defineRoute(bindNoticeInfo, async ({ db, session, input }) => {
    const { Id, Version, ...fields } = input;
    const columns = {
      title: fields.Title,
      content: fields.Content,
      mode: fields.Mode,
      startsAt: new Date(fields.StartsAt),
      endsAt: new Date(fields.EndsAt),
      sort: fields.Sort,
      status: fields.Status,
    };
    return db.transaction(async (tx) => {
      if (Id === undefined) {
        const [created] = await tx
          .insert(shopNotices)
          .values({ siteId: session.siteId, ...columns })
          .returning();
        await audit(tx, session, 'notice.add', target(created!.id), { after: fields });
        return { Id: created!.id, Version: created!.version };
      }
      if (Version === undefined) throw new AppError('notice.versionRequired', {}, { field: 'Version' });
      const [before] = await tx
        .select()
        .from(shopNotices)
        .where(and(live(session.siteId), eq(shopNotices.id, Id)));
      if (!before) throw new AppError('notice.notFound', { id: Id }, { field: 'Id' });
      const [saved] = await tx
        .update(shopNotices)
        .set({ ...columns, version: sql`${shopNotices.version} + 1`, updatedAt: new Date() })
        .where(and(live(session.siteId), eq(shopNotices.id, Id), eq(shopNotices.version, Version)))
        .returning();
      if (!saved) throw staleVersion();
      await audit(tx, session, 'notice.edit', target(Id), {
        before: { Title: before.title, Status: before.status },
        after: fields,
      });
      return { Id, Version: saved.version };
    });
  }),

  defineRoute(bindNoticeState, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      const ids = [...new Set(input.Ids)];
      const changed = await tx
        .update(shopNotices)
        .set({ status: input.Status, version: sql`${shopNotices.version} + 1`, updatedAt: new Date() })
        .where(
          and(
            live(session.siteId),
            inArray(shopNotices.id, ids),
            sql`${shopNotices.status} <> ${input.Status}`,
          ),
        )
        .returning({ id: shopNotices.id });
      for (const row of changed) {
        await audit(tx, session, 'notice.state', target(row.id), { after: input.Status });
      }
      return { Changed: changed.length };
    }),
  ),

  defineRoute(delNotice, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      const ids = [...new Set(input.Ids)];
      const deleted = await tx
        .update(shopNotices)
        .set({ deleted: true, version: sql`${shopNotices.version} + 1`, updatedAt: new Date() })
        .where(and(live(session.siteId), inArray(shopNotices.id, ids)))
        .returning({ id: shopNotices.id, title: shopNotices.title });
      if (deleted.length === 0)
        throw new AppError('notice.notFound', { id: ids.join(',') }, { field: 'Ids' });
      for (const row of deleted)
        await audit(tx, session, 'notice.delete', target(row.id), { title: row.title });
      return { Deleted: deleted.length };
    }),
  ),

  defineRoute(getRunningNotices, async ({ db, session, input }) => {
    const now = new Date();
    const rows = await db
      .select()
      .from(shopNotices)
      .where(and(live(session.siteId), stateCondition('running', now)))
      .orderBy(asc(shopNotices.sort), desc(shopNotices.id))
      .limit(input.limit);
    return {
      Data: rows.map((row) => ({
        Id: row.id,
        Title: row.title,
        Content: row.content,
        Mode: row.mode,
        EndsAt: row.endsAt.toISOString(),
      })),
    };
  }),
];
