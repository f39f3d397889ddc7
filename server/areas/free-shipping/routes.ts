import { type SQL, sql } from 'drizzle-orm';
import * as api from '../../../contract/endpoints/free-shipping';
import { audit } from '../../audit';
import { containsPattern } from '../../db/query';
import { type TimedList, timedPage } from '../../db/timed-list';
import { defineRoute } from '../../http/route';
import { refuseStale } from '../../http/stale';
import {
  ACTIVITY_COLUMNS,
  type ActivityRecord,
  deleteActivities,
  readActivity,
  rowOf,
  saveActivity,
  switchActivities,
  waivedOrders,
} from './activities';
import './messages';

/** Free-shipping activities (deliveryActivities): listed by state, saved, switched and deleted. */

const SORT_COLUMNS: Record<(typeof api.FREE_SHIPPING_SORTS)[number], SQL> = {
  startsAt: sql`a.starts_at`,
  createdAt: sql`a.created_at`,
};

const FREE_SHIPPING_LIST: TimedList<keyof typeof SORT_COLUMNS> = {
  columns: ACTIVITY_COLUMNS,
  from: sql`free_shipping_activities a`,
  alias: 'a',
  sorts: SORT_COLUMNS,
};

const target = (id: number) => `freeShipping:${id}`;

export const freeShippingRoutes = [
  defineRoute(api.getFreeShippingList, async ({ db, session, input }) => {
    const now = new Date();
    const filters: SQL[] = [];
    if (input.keyword) filters.push(sql`a.name ilike ${containsPattern(input.keyword)}`);
    const { records, counts } = await timedPage<ActivityRecord, keyof typeof SORT_COLUMNS>(
      db,
      FREE_SHIPPING_LIST,
      { siteId: session.siteId, filters, now },
      input,
    );
    const orders = await waivedOrders(
      db,
      session.siteId,
      records.map((record) => record.id),
    );
    return {
      Data: records.map((record) => rowOf(record, orders.get(record.id) ?? 0, now)),
      Total: counts[input.state],
      Counts: counts,
    };
  }),

  defineRoute(api.getFreeShippingInfo, async ({ db, session, input }) =>
    readActivity(db, session.siteId, input.id, new Date()),
  ),

  defineRoute(api.bindFreeShipping, async ({ db, session, input, locale, reply }) => {
    const outcome = await db.transaction(async (tx) => {
      const saved = await saveActivity(tx, session.siteId, input, new Date(), locale);
      if ('stale' in saved) return saved;
      await audit(
        tx,
        session,
        input.Id === undefined ? 'freeShipping.create' : 'freeShipping.save',
        target(saved.id),
        {
          name: input.Name,
          threshold: input.Threshold,
          minimumFen: input.MinimumFen,
          minimumQuantity: input.MinimumQuantity,
          regions: input.RegionScope === 'all' ? 'all' : input.Regions.join(','),
          goods: input.GoodsScope === 'all' ? 'all' : `${input.GoodsScope}:${input.ProductIds.join(',')}`,
          status: input.Status,
        },
      );
      return saved;
    });
    if ('stale' in outcome)
      return refuseStale(reply, {
        locale,
        message: 'freeShipping.stale',
        yours: input.Version ?? 0,
        current: outcome.stale,
      });
    return { Id: outcome.id, Version: outcome.version };
  }),

  defineRoute(api.setFreeShippingStatus, async ({ db, session, input, locale }) =>
    db.transaction(async (tx) => {
      const changed = await switchActivities(tx, session.siteId, input.Ids, input.Status, locale);
      for (const id of changed)
        await audit(tx, session, 'freeShipping.status', target(id), { after: input.Status });
      return { Changed: changed };
    }),
  ),

  defineRoute(api.deleteFreeShipping, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      const deleted = await deleteActivities(tx, session.siteId, input.Ids);
      for (const row of deleted)
        await audit(tx, session, 'freeShipping.delete', target(row.id), { name: row.name });
      return { Changed: deleted.map((row) => row.id) };
    }),
  ),
];
