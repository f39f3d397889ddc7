import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  REPORT_MAX_DAYS,
  type salesFiguresSchema,
  type salesPeriodSchema,
  type volumeRowSchema,
} from '../../../contract/endpoints/orders';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { businessDates, businessDayStart } from '../../time/business-date';

/**
 * Sales figures computed in SQL over China business days: orders placed (by creation time), orders
 * paid, paying buyers and sales (by payment time), refunds (by the time the money went back).
 */

export type Granularity = 'day' | 'week' | 'month';
type SalesFigures = z.infer<typeof salesFiguresSchema>;
type SalesPeriod = z.infer<typeof salesPeriodSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReportRange {
  start: string;
  end: string;
  from: Date;
  to: Date;
}

/** Both ends inclusive; refuses a reversed or too long range. */
export function reportRange(startDate: string, endDate: string): ReportRange {
  if (startDate > endDate) throw new AppError('order.rangeReversed', {}, { field: 'startDate' });
  const days = businessDates(startDate, endDate).length;
  if (days > REPORT_MAX_DAYS) {
    throw new AppError('order.reportTooLong', { days: REPORT_MAX_DAYS }, { field: 'startDate' });
  }
  return {
    start: startDate,
    end: endDate,
    from: businessDayStart(startDate),
    to: new Date(businessDayStart(endDate).getTime() + DAY_MS),
  };
}

/** The first day of the period holding `date` (weeks start on Monday), not before the range start. */
export function periodOf(date: string, granularity: Granularity, rangeStart: string): string {
  let start = date;
  if (granularity === 'week') {
    const day = new Date(`${date}T00:00:00Z`);
    const sinceMonday = (day.getUTCDay() + 6) % 7;
    start = new Date(day.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
  } else if (granularity === 'month') {
    start = `${date.slice(0, 8)}01`;
  }
  return start < rangeStart ? rangeStart : start;
}

/** The periods of a range, in order. */
export function periodsOf(range: Pick<ReportRange, 'start' | 'end'>, granularity: Granularity): string[] {
  return [
    ...new Set(businessDates(range.start, range.end).map((date) => periodOf(date, granularity, range.start))),
  ];
}

function between(column: SQL, range: ReportRange): SQL {
  return sql`${column} >= ${range.from.toISOString()}::timestamptz and ${column} < ${range.to.toISOString()}::timestamptz`;
}

/** Average order value, rounded to the fen. */
export function averageFen(salesFen: number, orders: number): number {
  return orders === 0 ? 0 : Math.round(salesFen / orders);
}

/**
 * Reads the per-day summaries the order commands keep (order_sales_days), so a range costs one
 * row per day whatever the number of orders. Paying buyers are distinct per period and over the
 * whole range, not the sum of the days': a buyer counts in a period on their first paying day in
 * it, the row of order_buyer_days whose previous paying day falls before the period's start.
 */
export async function salesReport(
  db: Executor,
  siteId: number,
  range: ReportRange,
  granularity: Granularity,
): Promise<{ Data: SalesPeriod[]; Totals: SalesFigures }> {
  const periodStarts = periodsOf(range, granularity);
  const days = sql`site_id = ${siteId} and day between ${range.start}::date and ${range.end}::date`;
  const starts = sql`array[${sql.join(
    periodStarts.map((period) => sql`${period}::date`),
    sql`, `,
  )}]`;
  const firstIn = (start: SQL) =>
    sql`count(*) filter (where previous_day is null or previous_day < ${start})`;
  const [figures, buyers] = await Promise.all([
    queryRows<{ day: string; created: number; paid: number; sales: number; refunds: number }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, created_orders as created, paid_orders as paid,
                 sales_fen::float8 as sales, refund_fen::float8 as refunds
            from order_sales_days where ${days}`,
    ),
    queryRows<{ period: number; buyers: number; new_in_range: number }>(
      db,
      sql`select period, ${firstIn(sql`(${starts})[period]`)}::int as buyers,
                 ${firstIn(sql`${range.start}::date`)}::int as new_in_range
            from (select width_bucket(day, ${starts}) as period, previous_day
                    from order_buyer_days where ${days}) b
           group by period`,
    ),
  ]);
  const periods = periodStarts.map((period) => ({
    Period: period,
    CreatedOrders: 0,
    PaidOrders: 0,
    PayingBuyers: 0,
    SalesFen: 0,
    RefundFen: 0,
    AverageOrderFen: 0,
  }));
  const indexOf = new Map(periodStarts.map((period, index) => [period, index]));
  for (const row of figures) {
    const period = periods[indexOf.get(periodOf(row.day, granularity, range.start)) ?? -1];
    if (!period) continue;
    period.CreatedOrders += row.created;
    period.PaidOrders += row.paid;
    period.SalesFen += Number(row.sales);
    period.RefundFen += Number(row.refunds);
  }
  for (const row of buyers) {
    const period = periods[row.period - 1];
    if (period) period.PayingBuyers = row.buyers;
  }
  const Data = periods.map((period) => ({
    ...period,
    AverageOrderFen: averageFen(period.SalesFen, period.PaidOrders),
  }));
  const sum = (pick: (period: SalesPeriod) => number) =>
    Data.reduce((total, period) => total + pick(period), 0);
  const Totals: SalesFigures = {
    CreatedOrders: sum((period) => period.CreatedOrders),
    PaidOrders: sum((period) => period.PaidOrders),
    PayingBuyers: buyers.reduce((total, row) => total + row.new_in_range, 0),
    SalesFen: sum((period) => period.SalesFen),
    RefundFen: sum((period) => period.RefundFen),
    AverageOrderFen: 0,
  };
  Totals.AverageOrderFen = averageFen(Totals.SalesFen, Totals.PaidOrders);
  return { Data, Totals };
}

export type VolumeGroup = 'goods' | 'category';
type VolumeRow = z.infer<typeof volumeRowSchema>;

const GROUP_KEYS: Record<VolumeGroup, SQL> = { goods: sql`l.product_id`, category: sql`l.category_id` };

function groupedLines(siteId: number, range: ReportRange, by: VolumeGroup): SQL {
  return sql`select ${GROUP_KEYS[by]} as id, sum(l.quantity)::int as quantity, sum(l.amount_fen)::float8 as sales,
                    count(distinct l.order_id)::int as orders
               from order_lines l join orders o on o.id = l.order_id
              where o.site_id = ${siteId} and ${between(sql`o.paid_at`, range)}
              group by ${GROUP_KEYS[by]}`;
}

/**
 * Units and goods amount (line amounts, before freight and price changes) of orders paid in the
 * range, per goods or per category (the category the goods had when sold), ranked by `metric`.
 */
export async function volumeReport(
  db: Executor,
  siteId: number,
  range: ReportRange,
  options: {
    by: VolumeGroup;
    metric: 'quantity' | 'sales';
    descending: boolean;
    limit: number;
    offset: number;
  },
): Promise<{ rows: VolumeRow[]; total: number; totals: { Quantity: number; SalesFen: number } }> {
  const name =
    options.by === 'goods'
      ? sql`coalesce((select p.name from products p where p.id = r.id), '')`
      : sql`coalesce((select c.name from product_categories c where c.id = r.id), '')`;
  const metric = options.metric === 'quantity' ? sql`g.quantity` : sql`g.sales`;
  const direction = options.descending ? sql`asc` : sql`desc`;
  const [rows, [totals]] = await Promise.all([
    queryRows<{
      rank: number;
      id: number | null;
      name: string;
      quantity: number;
      sales: number;
      orders: number;
    }>(
      db,
      sql`with grouped as (${groupedLines(siteId, range, options.by)}),
               ranked as (select g.*, row_number() over (order by ${metric} desc, g.id asc nulls last)::int as rank
                            from grouped g)
          select r.rank, r.id, ${name} as name, r.quantity, r.sales, r.orders from ranked r
           order by r.rank ${direction} limit ${options.limit} offset ${options.offset}`,
    ),
    queryRows<{ groups: number; quantity: number; sales: number }>(
      db,
      sql`select count(*)::int as groups, coalesce(sum(quantity), 0)::int as quantity, coalesce(sum(sales), 0)::float8 as sales
            from (${groupedLines(siteId, range, options.by)}) g`,
    ),
  ]);
  return {
    rows: rows.map((row) => ({
      Rank: row.rank,
      Id: row.id,
      Name: row.name,
      Quantity: row.quantity,
      SalesFen: Number(row.sales),
      Orders: row.orders,
    })),
    total: totals?.groups ?? 0,
    totals: { Quantity: totals?.quantity ?? 0, SalesFen: Number(totals?.sales ?? 0) },
  };
}
