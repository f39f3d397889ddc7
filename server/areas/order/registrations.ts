import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/query';
import { shopDateSql } from '../../db/shop-time-sql';
import { dashboardFigureProviders, salesReportProviders } from '../dashboard/service';
import { registerUnfinishedOrderReferences } from '../product/service';
import { idList } from './lifecycle';
import { storeCondition } from './store-scope';

/**
 * What the orders area tells other areas. Sales count orders by their payment time (walk-in orders
 * included); "to ship" counts orders waiting to ship or to be picked up. A store account's figures
 * count its store's orders, by the order list's own store rule.
 */

dashboardFigureProviders.push(async ({ db, siteId, viewer, todayStart, weekStart }) => {
  const store = storeCondition(viewer, sql`store_id`);
  const [row] = await queryRows<{
    today_orders: number;
    today_sales: number;
    week_orders: number;
    week_sales: number;
  }>(
    db,
    sql`select (count(*) filter (where paid_at >= ${todayStart.toISOString()}::timestamptz))::int as today_orders,
               coalesce(sum(paid_fen) filter (where paid_at >= ${todayStart.toISOString()}::timestamptz), 0)::float8 as today_sales,
               count(*)::int as week_orders, coalesce(sum(paid_fen), 0)::float8 as week_sales
          from orders where site_id = ${siteId} and ${store} and paid_at >= ${weekStart.toISOString()}::timestamptz`,
  );
  const [toShip] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from orders where site_id = ${siteId} and ${store} and state = 'toShip'`,
  );
  return {
    TodayOrders: row?.today_orders ?? 0,
    TodaySales: Number(row?.today_sales ?? 0),
    WeekOrders: row?.week_orders ?? 0,
    WeekSales: Number(row?.week_sales ?? 0),
    OrdersToShip: toShip?.count ?? 0,
  };
});

salesReportProviders.push(async ({ db, siteId, viewer, from, to }) => {
  const rows = await queryRows<{ day: string; orders: number; sales: number }>(
    db,
    sql`select to_char(${shopDateSql('paid_at')}, 'YYYY-MM-DD') as day,
               count(*)::int as orders, sum(paid_fen)::float8 as sales
          from orders where site_id = ${siteId} and ${storeCondition(viewer, sql`store_id`)}
           and paid_at >= ${from.toISOString()}::timestamptz and paid_at < ${to.toISOString()}::timestamptz
         group by 1`,
  );
  return rows.map((row) => ({ Date: row.day, OrderCount: row.orders, Sales: Number(row.sales) }));
});

/** Goods in orders still under way cannot be purged. */
registerUnfinishedOrderReferences(async (db, siteId, productIds) => {
  if (productIds.length === 0) return new Map();
  const rows = await queryRows<{ product_id: number; count: number }>(
    db,
    sql`select l.product_id, count(distinct l.order_id)::int as count
          from order_lines l join orders o on o.id = l.order_id
         where l.site_id = ${siteId} and l.product_id in ${idList(productIds)}
           and (o.state in ('toPay', 'toShip', 'shipped', 'received') or o.refund_state in ('requested', 'approved'))
         group by l.product_id`,
  );
  return new Map(rows.map((row) => [row.product_id, row.count]));
});
