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
import { businessDates, businessDayStart } from '../dashboard/figures';

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
  return [...new Set(businessDates(range.start, range.end).map((date) => periodOf(date, granularity, range.start)))];
}

/** The business date of a timestamp column, as text. */
function localDay(column: SQL): SQL {
  return sql`to_char((${column} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
}

function between(column: SQL, range: ReportRange): SQL {
  return sql`${column} >= ${range.from.toISOString()}::timestamptz and ${column} < ${range.to.toISOString()}::timestamptz`;
}

/** Average order value, rounded to the fen. */
export function averageFen(salesFen: number, orders: number): number {
  return orders === 0 ? 0 : Math.round(salesFen / orders);
}

interface DayFigures {
  day: string;
  created: number;
  paid: number;
  sales: number;
  refunds: number;
}

async function dailyFigures(db: Executor, siteId: number, range: ReportRange): Promise<DayFigures[]> {
  const [created, paid, refunds] = await Promise.all([
    queryRows<{ day: string; count: number }>(
      db,
      sql`select ${localDay(sql`o.created_at`)} as day, count(*)::int as count from orders o
           where o.site_id = ${siteId} and ${between(sql`o.created_at`, range)} group by 1`,
    ),
    queryRows<{ day: string; count: number; sales: number }>(
      db,
      sql`select ${localDay(sql`o.paid_at`)} as day, count(*)::int as count, sum(o.paid_fen)::float8 as sales
            from orders o where o.site_id = ${siteId} and ${between(sql`o.paid_at`, range)} group by 1`,
    ),
    queryRows<{ day: string; refunds: number }>(
      db,
      sql`select ${localDay(sql`r.refunded_at`)} as day, sum(r.amount_fen)::float8 as refunds
            from order_refunds r where r.site_id = ${siteId} and ${between(sql`r.refunded_at`, range)} group by 1`,
    ),
  ]);
  const byDay = new Map<string, DayFigures>();
  const entry = (day: string) => {
    const existing = byDay.get(day) ?? { day, created: 0, paid: 0, sales: 0, refunds: 0 };
    byDay.set(day, existing);
    return existing;
  };
  for (const row of created) entry(row.day).created += row.count;
  for (const row of paid) {
    entry(row.day).paid += row.count;
    entry(row.day).sales += Number(row.sales);
  }
  for (const row of refunds) entry(row.day).refunds += Number(row.refunds);
  return [...byDay.values()];
}

/** Distinct paying buyers per period (walk-in customers without a phone count once per order). */
async function payingBuyers(
  db: Executor,
  siteId: number,
  range: ReportRange,
  granularity: Granularity | 'all',
): Promise<Map<string, number>> {
  const bucket =
    granularity === 'all'
      ? sql`'all'`
      : sql`to_char(date_trunc(${granularity}::text, (o.paid_at at time zone 'UTC') + interval '8 hours'), 'YYYY-MM-DD')`;
  const rows = await queryRows<{ bucket: string; buyers: number }>(
    db,
    sql`select ${bucket} as bucket,
               count(distinct case when o.buyer_id = '' then 'order:' || o.id else o.buyer_id end)::int as buyers
          from orders o where o.site_id = ${siteId} and ${between(sql`o.paid_at`, range)} group by 1`,
  );
  return new Map(rows.map((row) => [row.bucket, row.buyers]));
}

export async function salesReport(
  db: Executor,
  siteId: number,
  range: ReportRange,
  granularity: Granularity,
): Promise<{ Data: SalesPeriod[]; Totals: SalesFigures }> {
  const [days, buyers, allBuyers] = await Promise.all([
    dailyFigures(db, siteId, range),
    payingBuyers(db, siteId, range, granularity),
    payingBuyers(db, siteId, range, 'all'),
  ]);
  const periods = new Map(
    periodsOf(range, granularity).map((period) => [
      period,
      { Period: period, CreatedOrders: 0, PaidOrders: 0, PayingBuyers: 0, SalesFen: 0, RefundFen: 0, AverageOrderFen: 0 },
    ]),
  );
  for (const day of days) {
    const period = periods.get(periodOf(day.day, granularity, range.start));
    if (!period) continue;
    period.CreatedOrders += day.created;
    period.PaidOrders += day.paid;
    period.SalesFen += day.sales;
    period.RefundFen += day.refunds;
  }
  for (const [bucket, count] of buyers) {
    const period = periods.get(bucket < range.start ? range.start : bucket);
    if (period) period.PayingBuyers += count;
  }
  const Data = [...periods.values()].map((period) => ({
    ...period,
    AverageOrderFen: averageFen(period.SalesFen, period.PaidOrders),
  }));
  const Totals = Data.reduce(
    (sum, period) => ({
      CreatedOrders: sum.CreatedOrders + period.CreatedOrders,
      PaidOrders: sum.PaidOrders + period.PaidOrders,
      PayingBuyers: 0,
      SalesFen: sum.SalesFen + period.SalesFen,
      RefundFen: sum.RefundFen + period.RefundFen,
      AverageOrderFen: 0,
    }),
    { CreatedOrders: 0, PaidOrders: 0, PayingBuyers: 0, SalesFen: 0, RefundFen: 0, AverageOrderFen: 0 },
  );
  Totals.PayingBuyers = allBuyers.get('all') ?? 0;
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
  options: { by: VolumeGroup; metric: 'quantity' | 'sales'; descending: boolean; limit: number; offset: number },
): Promise<{ rows: VolumeRow[]; total: number; totals: { Quantity: number; SalesFen: number } }> {
  const name =
    options.by === 'goods'
      ? sql`coalesce((select p.name from products p where p.id = r.id), '')`
      : sql`coalesce((select c.name from product_categories c where c.id = r.id), '')`;
  const metric = options.metric === 'quantity' ? sql`g.quantity` : sql`g.sales`;
  const direction = options.descending ? sql`asc` : sql`desc`;
  const [rows, [totals]] = await Promise.all([
    queryRows<{ rank: number; id: number | null; name: string; quantity: number; sales: number; orders: number }>(
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
