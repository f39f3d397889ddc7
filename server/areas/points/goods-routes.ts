import { type SQL, sql } from 'drizzle-orm';
import * as goods from '../../../contract/endpoints/points-goods';
import { audit } from '../../audit';
import type { Executor } from '../../db/client';
import { containsPattern, queryRows } from '../../db/query';
import { type TimedList, timedPage } from '../../db/timed-list';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { refuseStale } from '../../http/stale';
import {
  GOODS_COLUMNS,
  GOODS_FROM,
  type GoodsRecord,
  goodsDetail,
  readGoods,
  savePointsGoods,
} from './goods';
import './messages';

/** Points goods (issueIntegral, integralList): listed by their time-and-switch state, saved, switched, deleted. */

const SORT_COLUMNS: Record<(typeof goods.POINTS_GOODS_SORTS)[number], SQL> = {
  sort: sql`g.sort`,
  createdAt: sql`g.created_at`,
  exchanged: sql`g.exchanged`,
  points: sql`g.points`,
};

const GOODS_LIST: TimedList<keyof typeof SORT_COLUMNS> = {
  columns: GOODS_COLUMNS,
  from: GOODS_FROM,
  alias: 'g',
  sorts: SORT_COLUMNS,
  openEnd: true,
};

const target = (id: number) => `pointsGoods:${id}`;

/** The ids among `ids` that are the site's live goods; refuses naming the others. */
async function requireOwnGoods(db: Executor, siteId: number, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from points_products where site_id = ${siteId} and not deleted
         and id in (${sql.join(
           unique.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
  const found = new Set(rows.map((row) => row.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0)
    throw new AppError('points.goods.notFound', { id: missing.join(', ') }, { field: 'Ids' });
  return unique;
}

export const goodsRoutes = [
  defineRoute(goods.getPointsGoodsList, async ({ db, session, input }) => {
    const now = new Date();
    const filters: SQL[] = [];
    if (input.keyword) {
      const pattern = containsPattern(input.keyword);
      filters.push(sql`(g.title ilike ${pattern} or coalesce(p.name, '') ilike ${pattern})`);
    }
    if (input.kind) filters.push(sql`g.kind = ${input.kind}`);
    const { records, counts } = await timedPage<GoodsRecord, keyof typeof SORT_COLUMNS>(
      db,
      GOODS_LIST,
      { siteId: session.siteId, filters, now },
      input,
    );
    return {
      Data: records.map((record) => {
        const { Description: _description, ...row } = goodsDetail(record, now);
        return row;
      }),
      Total: counts[input.state],
      Counts: counts,
    };
  }),

  defineRoute(goods.getPointsGoodsInfo, async ({ db, session, input }) =>
    readGoods(db, session.siteId, input.id, new Date()),
  ),

  defineRoute(goods.bindPointsGoods, async ({ db, session, input, locale, reply }) => {
    const now = new Date();
    const outcome = await db.transaction(async (tx) => {
      const saved = await savePointsGoods(
        tx,
        { siteId: session.siteId, accountId: session.accountId, name: session.userName },
        input,
        now,
      );
      if ('stale' in saved) return saved;
      await audit(
        tx,
        session,
        input.Id === undefined ? 'pointsGoods.create' : 'pointsGoods.save',
        target(saved.id),
        {
          title: input.Title,
          points: input.Points,
          priceFen: input.PriceFen,
          stock: input.Stock,
          ...(saved.stockDelta !== 0 ? { stockChange: saved.stockDelta } : {}),
        },
      );
      return saved;
    });
    if ('stale' in outcome) {
      return refuseStale(reply, {
        locale,
        message: 'points.goods.stale',
        yours: input.Version ?? 0,
        current: outcome.stale,
      });
    }
    return { Id: outcome.id, Version: outcome.version };
  }),

  defineRoute(goods.setPointsGoodsStatus, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      const ids = await requireOwnGoods(tx, session.siteId, input.Ids);
      const changed = await queryRows<{ id: number }>(
        tx,
        sql`update points_products set status = ${input.Status}, version = version + 1, updated_at = now()
             where site_id = ${session.siteId} and not deleted and status <> ${input.Status}
               and id in (${sql.join(
                 ids.map((id) => sql`${id}`),
                 sql`, `,
               )})
             returning id`,
      );
      for (const row of changed)
        await audit(tx, session, 'pointsGoods.status', target(row.id), { after: input.Status });
      return { Changed: changed.map((row) => row.id) };
    }),
  ),

  defineRoute(goods.deletePointsGoods, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      const ids = await requireOwnGoods(tx, session.siteId, input.Ids);
      const deleted = await queryRows<{ id: number; title: string }>(
        tx,
        sql`update points_products set deleted = true, version = version + 1, updated_at = now()
             where site_id = ${session.siteId} and not deleted
               and id in (${sql.join(
                 ids.map((id) => sql`${id}`),
                 sql`, `,
               )})
             returning id, title`,
      );
      for (const row of deleted)
        await audit(tx, session, 'pointsGoods.delete', target(row.id), { title: row.title });
      return { Changed: deleted.map((row) => row.id) };
    }),
  ),
];
