import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { linkEntityColumns, linkEntityIndex } from '../../db/link-entity-columns';

/**
 * Shop-settings content the decoration studio links to: news and columns, cases, the verticals'
 * courses, rooms and halls, dish menus and quick-pay entries (stores sit in db/schema.ts with the
 * accounts). Kept to what a link card and the blocks show; the shop-settings screens extend them.
 */

export const newsColumns = pgTable(
  'news_columns',
  { ...linkEntityColumns(), summary: text('summary').notNull().default('') },
  (table) => [linkEntityIndex('news_columns', table)],
);

export const newsArticles = pgTable(
  'news_articles',
  {
    ...linkEntityColumns(),
    columnId: integer('column_id').references(() => newsColumns.id),
    summary: text('summary').notNull().default(''),
    views: integer('views').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [linkEntityIndex('news_articles', table)],
);

export const cases = pgTable(
  'cases',
  { ...linkEntityColumns(), summary: text('summary').notNull().default('') },
  (table) => [linkEntityIndex('cases', table)],
);

export const courses = pgTable(
  'courses',
  {
    ...linkEntityColumns(),
    priceFen: integer('price_fen').notNull().default(0),
    lessons: integer('lessons').notNull().default(1),
    students: integer('students').notNull().default(0),
    teacher: text('teacher').notNull().default(''),
  },
  (table) => [linkEntityIndex('courses', table)],
);

/** Hotel room types: what a `hotel` link opens and the room list draws. */
export const hotelRooms = pgTable(
  'hotel_rooms',
  {
    ...linkEntityColumns(),
    /** Price per night. */
    priceFen: integer('price_fen').notNull().default(0),
    area: text('area').notNull().default(''),
    bed: text('bed').notNull().default(''),
  },
  (table) => [linkEntityIndex('hotel_rooms', table)],
);

export const banquetHalls = pgTable(
  'banquet_halls',
  {
    ...linkEntityColumns(),
    /** Price per table. */
    priceFen: integer('price_fen').notNull().default(0),
    tables: integer('tables').notNull().default(0),
  },
  (table) => [linkEntityIndex('banquet_halls', table)],
);

/** Dish menus of food shops (catering dishes). */
export const dishMenus = pgTable(
  'dish_menus',
  { ...linkEntityColumns(), summary: text('summary').notNull().default('') },
  (table) => [linkEntityIndex('dish_menus', table)],
);

/** Quick-pay entries: pay the shop an amount the customer types, e.g. at the counter. */
export const quickPayEntries = pgTable(
  'quick_pay_entries',
  { ...linkEntityColumns(), summary: text('summary').notNull().default('') },
  (table) => [linkEntityIndex('quick_pay_entries', table)],
);
