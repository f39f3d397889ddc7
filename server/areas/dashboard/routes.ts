import { desc, eq, isNull, or } from 'drizzle-orm';
import * as dashboard from '../../../contract/endpoints/dashboard';
import { addDays, shopDate, shopDates, shopDayEnd, shopDayStart } from '../../../contract/shop-time';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import type { Locale } from '../../i18n/messages';
import { qrCodeImage } from '../comm/service';
import {
  dashboardFigureProviders,
  figurePeriods,
  mergeSalesDays,
  salesReportProviders,
  sumFigures,
} from './service';
import './messages';
import { platformNotices } from './tables';

/** The report's range: both ends inclusive, defaulting to the last week ending today. */
export function salesReportRange(input: { startDate?: string; endDate?: string }, now: Date) {
  const end = input.endDate ?? shopDate(now);
  const start = input.startDate ?? addDays(end, 1 - dashboard.SALES_REPORT_DEFAULT_DAYS);
  if (start > end) throw new AppError('dashboard.rangeInverted', {}, { field: 'startDate' });
  const days = shopDates(start, end).length;
  if (days > dashboard.SALES_REPORT_MAX_DAYS) {
    throw new AppError(
      'dashboard.rangeTooLong',
      { days: dashboard.SALES_REPORT_MAX_DAYS },
      { field: 'startDate' },
    );
  }
  return { start, end };
}

/** A notice's text in the caller's language; an untranslated English text falls back to the Chinese. */
function noticeText(locale: Locale, chinese: string, english: string): string {
  return locale === 'en' && english !== '' ? english : chinese;
}

export const dashboardRoutes = [
  defineRoute(dashboard.getIndexDataInfo, async ({ db, session }) => {
    const viewer = { isStore: session.isStore, storeId: session.storeId };
    const context = { db, siteId: session.siteId, viewer, ...figurePeriods(new Date()) };
    const parts = await Promise.all(dashboardFigureProviders.map((provider) => provider(context)));
    return { Data: sumFigures(parts) };
  }),

  defineRoute(dashboard.getIndexOrderSaleReport, async ({ db, session, input }) => {
    const { start, end } = salesReportRange(input, new Date());
    const from = shopDayStart(start);
    const to = shopDayEnd(end);
    const viewer = { isStore: session.isStore, storeId: session.storeId };
    const reports = await Promise.all(
      salesReportProviders.map((provider) => provider({ db, siteId: session.siteId, viewer, from, to })),
    );
    return { Data: mergeSalesDays(shopDates(start, end), reports) };
  }),

  defineRoute(dashboard.getNewNews, async ({ db, session, input, locale }) => {
    const rows = await db
      .select()
      .from(platformNotices)
      .where(or(isNull(platformNotices.siteId), eq(platformNotices.siteId, session.siteId)))
      .orderBy(desc(platformNotices.createdAt), desc(platformNotices.id))
      .limit(input.limit);
    return {
      Data: rows.map((row) => ({
        Id: row.id,
        Title: noticeText(locale, row.title, row.titleEn),
        Content: noticeText(locale, row.content, row.contentEn),
        CreatedAt: row.createdAt.toISOString(),
      })),
    };
  }),

  defineRoute(dashboard.getQcodeImg, async ({ session, request }) => {
    const url = `${request.protocol}://${request.host}${dashboard.miniProgramPreviewPath(session.siteId)}`;
    return { Url: url, Image: await qrCodeImage(url) };
  }),
];
