import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

/** Longest range the sales report accepts, in days (a year, leap years included). */
export const SALES_REPORT_MAX_DAYS = 366;
/** Days the sales report covers when no range is given (today and the six days before). */
export const SALES_REPORT_DEFAULT_DAYS = 7;

/** The dashboard's headline figures. Money is integer fen. */
export const dashboardFiguresSchema = z.object({
  TodayOrders: z.number().int(),
  TodaySales: z.number().int(),
  WeekOrders: z.number().int(),
  WeekSales: z.number().int(),
  TodayNewCustomers: z.number().int(),
  WeekNewCustomers: z.number().int(),
  GoodsOnSale: z.number().int(),
  OrdersToShip: z.number().int(),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

export const getIndexDataInfo = defineEndpoint({
  method: 'GET',
  path: '/Comm/GetIndexDataInfo',
  permission: 'session',
  input: z.strictObject({}),
  output: z.object({ Data: dashboardFiguresSchema }),
});

export const salesDaySchema = z.object({
  Date: isoDate,
  OrderCount: z.number().int(),
  Sales: z.number().int(),
});
export type SalesDay = z.infer<typeof salesDaySchema>;

export const getIndexOrderSaleReport = defineEndpoint({
  method: 'GET',
  path: '/Comm/GetIndexOrderSaleReport',
  permission: 'session',
  /** Both ends inclusive, in the shop's business day; default the last SALES_REPORT_DEFAULT_DAYS days. */
  input: z.strictObject({ startDate: isoDate.optional(), endDate: isoDate.optional() }),
  output: z.object({ Data: z.array(salesDaySchema) }),
});

export const noticeSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Content: z.string(),
  CreatedAt: z.string(),
});

export const getNewNews = defineEndpoint({
  method: 'GET',
  path: '/Comm/GetNewNews',
  permission: 'session',
  input: z.strictObject({ limit: z.coerce.number().int().min(1).max(50).default(10) }),
  output: z.object({ Data: z.array(noticeSchema) }),
});

export const getQcodeImg = defineEndpoint({
  method: 'GET',
  path: '/Comm/GetQcodeImg',
  permission: 'session',
  input: z.strictObject({}),
  /** Url: the mini-program preview address; Image: a PNG data URL of its QR code. */
  output: z.object({ Url: z.string(), Image: z.string() }),
});

/** Path of the phone-sized preview of a site's mini-program home page, which the dashboard QR encodes. */
export function miniProgramPreviewPath(siteId: number): string {
  return `/preview/${siteId}`;
}
