import type { DashboardFigures, SalesDay } from '../../../contract/endpoints/dashboard';
import { shopDate, shopDayStart, shopWeekStart } from '../../../contract/shop-time';
import type { Database } from '../../db/client';

export interface FigurePeriods {
  /** Start of today in the business day (an instant). */
  todayStart: Date;
  /** Start of this week (Monday) in the business day. */
  weekStart: Date;
  now: Date;
}

export function figurePeriods(now: Date): FigurePeriods {
  const today = shopDate(now);
  return { todayStart: shopDayStart(today), weekStart: shopDayStart(shopWeekStart(today)), now };
}

/**
 * Whose figures: a store account's dashboard counts its store's orders only, as its order list
 * does; other accounts see the whole site.
 */
export interface FigureViewer {
  isStore: boolean;
  storeId: number | null;
}

export interface FigureContext extends FigurePeriods {
  db: Database;
  siteId: number;
  viewer: FigureViewer;
}

/**
 * A module that owns some of the dashboard's figures (orders, goods, customers) registers a provider
 * here; each returns the figures it knows, scoped to `siteId`, and the dashboard adds them up. A
 * figure nobody provides is 0, never an invented number.
 */
export type FigureProvider = (context: FigureContext) => Promise<Partial<DashboardFigures>>;
export const dashboardFigureProviders: FigureProvider[] = [];

export interface SalesReportContext {
  db: Database;
  siteId: number;
  viewer: FigureViewer;
  /** First instant of the range, included. */
  from: Date;
  /** First instant after the range, excluded. */
  to: Date;
}

/** Order modules register their sales per business date; days nobody reports count as zero. */
export type SalesReportProvider = (context: SalesReportContext) => Promise<SalesDay[]>;
export const salesReportProviders: SalesReportProvider[] = [];

export const ZERO_FIGURES: DashboardFigures = {
  TodayOrders: 0,
  TodaySales: 0,
  WeekOrders: 0,
  WeekSales: 0,
  TodayNewCustomers: 0,
  WeekNewCustomers: 0,
  GoodsOnSale: 0,
  OrdersToShip: 0,
};

export function sumFigures(parts: readonly Partial<DashboardFigures>[]): DashboardFigures {
  const total = { ...ZERO_FIGURES };
  for (const part of parts) {
    for (const key of Object.keys(total) as (keyof DashboardFigures)[]) total[key] += part[key] ?? 0;
  }
  return total;
}

/** One row per date of the range, in order, with every provider's rows added in. */
export function mergeSalesDays(dates: readonly string[], reports: readonly SalesDay[][]): SalesDay[] {
  const byDate = new Map(dates.map((date) => [date, { Date: date, OrderCount: 0, Sales: 0 }]));
  for (const report of reports) {
    for (const day of report) {
      const row = byDate.get(day.Date);
      if (!row) continue;
      row.OrderCount += day.OrderCount;
      row.Sales += day.Sales;
    }
  }
  return [...byDate.values()];
}
