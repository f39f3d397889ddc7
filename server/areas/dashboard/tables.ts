import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sites } from '../../db/schema';

/**
 * Announcements shown on the dashboard (GetNewNews). A null site_id is a platform-wide notice seen by
 * every shop; otherwise the notice belongs to that one site. Named apart from the shop's own
 * mini-program notices (noticeSupervise), which are a different thing. Title and content are the
 * Chinese text; the _en columns hold the English one, empty when the notice has not been translated
 * (readers then see the Chinese).
 */
export const platformNotices = pgTable(
  'platform_notices',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id').references(() => sites.id),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    titleEn: text('title_en').notNull().default(''),
    contentEn: text('content_en').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('platform_notices_site').on(table.siteId, table.createdAt)],
);
