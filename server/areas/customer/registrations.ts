import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/query';
import { dashboardFigureProviders } from '../dashboard/service';

/**
 * The dashboard's "new customers" are members by their registration time (first sign-in, order or
 * recharge). Members belong to the shop rather than to a store, so a store account's dashboard,
 * which counts its own store's business only, reports none.
 */
dashboardFigureProviders.push(async ({ db, siteId, viewer, todayStart, weekStart }) => {
  if (viewer.isStore) return {};
  const [row] = await queryRows<{ today: number; week: number }>(
    db,
    sql`select (count(*) filter (where registered_at >= ${todayStart.toISOString()}::timestamptz))::int as today,
               count(*)::int as week
          from members where site_id = ${siteId} and registered_at >= ${weekStart.toISOString()}::timestamptz`,
  );
  return { TodayNewCustomers: row?.today ?? 0, WeekNewCustomers: row?.week ?? 0 };
});
