import { type SQL, sql } from 'drizzle-orm';
import * as lotteries from '../../../contract/endpoints/lotteries';
import { audit } from '../../audit';
import type { Executor } from '../../db/client';
import { containsPattern, queryRows } from '../../db/query';
import { type TimedList, timedPage } from '../../db/timed-list';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { refuseStale } from '../../http/stale';
import { LOTTERY_COLUMNS, type LotteryRecord, lotteryRow, readLottery, saveLottery } from './lotteries';
import './messages';

/** Lucky draws (lotteryActivity, editLotteryActivity): listed by their time-and-switch state, saved, switched, deleted. */

const SORT_COLUMNS: Record<(typeof lotteries.LOTTERY_SORTS)[number], SQL> = {
  sort: sql`a.sort`,
  createdAt: sql`a.created_at`,
  startsAt: sql`a.starts_at`,
  draws: sql`draws`,
};

const LOTTERY_LIST: TimedList<keyof typeof SORT_COLUMNS> = {
  columns: LOTTERY_COLUMNS,
  from: sql`marketing_activities a`,
  alias: 'a',
  sorts: SORT_COLUMNS,
};

const target = (id: number) => `lottery:${id}`;

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The ids among `ids` that are the site's live draws; refuses naming the others. */
async function requireOwnLotteries(db: Executor, siteId: number, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from marketing_activities where site_id = ${siteId} and not deleted and id in (${idList(unique)})`,
  );
  const found = new Set(rows.map((row) => row.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0)
    throw new AppError('lottery.notFound', { id: missing.join(', ') }, { field: 'Ids' });
  return unique;
}

export const lotteryRoutes = [
  defineRoute(lotteries.getLotteryList, async ({ db, session, input }) => {
    const now = new Date();
    const filters: SQL[] = [];
    if (input.keyword) filters.push(sql`a.title ilike ${containsPattern(input.keyword)}`);
    if (input.entryMode) filters.push(sql`a.entry_mode = ${input.entryMode}`);
    const { records, counts } = await timedPage<LotteryRecord, keyof typeof SORT_COLUMNS>(
      db,
      LOTTERY_LIST,
      { siteId: session.siteId, filters, now },
      input,
    );
    return {
      Data: records.map((record) => lotteryRow(record, now)),
      Total: counts[input.state],
      Counts: counts,
    };
  }),

  defineRoute(lotteries.getLotteryInfo, async ({ db, session, input }) =>
    readLottery(db, session.siteId, input.id, new Date()),
  ),

  defineRoute(lotteries.bindLottery, async ({ db, session, input, locale, reply }) => {
    const outcome = await db.transaction(async (tx) => {
      const saved = await saveLottery(
        tx,
        { siteId: session.siteId, accountId: session.accountId, name: session.userName },
        input,
        new Date(),
      );
      if ('stale' in saved) return saved;
      await audit(tx, session, input.Id === undefined ? 'lottery.create' : 'lottery.save', target(saved.id), {
        title: input.Title,
        entryMode: input.EntryMode,
        prizes: input.Prizes.map((prize) => `${prize.Name} ${prize.ChanceBp}bp ×${prize.Stock}`),
      });
      return saved;
    });
    if ('stale' in outcome) {
      return refuseStale(reply, {
        locale,
        message: 'lottery.stale',
        yours: input.Version ?? 0,
        current: outcome.stale,
      });
    }
    return { Id: outcome.id, Version: outcome.version };
  }),

  defineRoute(lotteries.setLotteryStatus, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      const ids = await requireOwnLotteries(tx, session.siteId, input.Ids);
      const changed = await queryRows<{ id: number }>(
        tx,
        sql`update marketing_activities set status = ${input.Status}, version = version + 1, updated_at = now()
             where site_id = ${session.siteId} and not deleted and status <> ${input.Status} and id in (${idList(ids)})
             returning id`,
      );
      for (const row of changed)
        await audit(tx, session, 'lottery.status', target(row.id), { after: input.Status });
      return { Changed: changed.map((row) => row.id) };
    }),
  ),

  defineRoute(lotteries.deleteLotteries, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      const ids = await requireOwnLotteries(tx, session.siteId, input.Ids);
      const deleted = await queryRows<{ id: number; title: string }>(
        tx,
        sql`update marketing_activities set deleted = true, version = version + 1, updated_at = now()
             where site_id = ${session.siteId} and not deleted and id in (${idList(ids)})
             returning id, title`,
      );
      for (const row of deleted)
        await audit(tx, session, 'lottery.delete', target(row.id), { title: row.title });
      return { Changed: deleted.map((row) => row.id) };
    }),
  ),
];
