import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { linkEntityColumns, linkEntityIndex } from '../../db/link-entity-columns';
import { sites } from '../../db/schema';

/**
 * Shop-settings content the decoration studio links to: news and columns, cases, the verticals'
 * courses, rooms and halls, dish menus and quick-pay entries (stores sit in db/schema.ts with the
 * accounts). Kept to what a link card and the blocks show; the shop-settings screens extend them.
 */

/** Columns form a tree of two levels; `status` on means visible to buyers. */
export const newsColumns = pgTable(
  'news_columns',
  {
    ...linkEntityColumns(),
    summary: text('summary').notNull().default(''),
    parentId: integer('parent_id').references((): AnyPgColumn => newsColumns.id),
    /** The column's own page (sanitised rich text). */
    body: text('body').notNull().default(''),
    version: integer('version').notNull().default(1),
  },
  (table) => [linkEntityIndex('news_columns', table)],
);

export const newsArticles = pgTable(
  'news_articles',
  {
    ...linkEntityColumns(),
    columnId: integer('column_id').references(() => newsColumns.id),
    summary: text('summary').notNull().default(''),
    views: integer('views').notNull().default(0),
    /** A time in the future schedules the article: buyers see it from then on. */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    author: text('author').notNull().default(''),
    /** Sanitised rich text. */
    body: text('body').notNull().default(''),
    hot: boolean('hot').notNull().default(false),
    banner: boolean('banner').notNull().default(false),
    version: integer('version').notNull().default(1),
  },
  (table) => [linkEntityIndex('news_articles', table)],
);

/**
 * Buyers' comments on articles, and replies under them (`parentId`), the shop's included. State:
 * pending (held for audit), approved, rejected, hidden (contract/machines/news.ts).
 */
export const newsComments = pgTable(
  'news_comments',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    articleId: integer('article_id')
      .notNull()
      .references(() => newsArticles.id),
    parentId: integer('parent_id').references((): AnyPgColumn => newsComments.id),
    author: text('author', { enum: ['member', 'shop'] }).notNull(),
    buyerId: text('buyer_id').notNull().default(''),
    authorName: text('author_name').notNull(),
    content: text('content').notNull(),
    state: text('state', { enum: ['pending', 'approved', 'rejected', 'hidden'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('news_comments_site_state').on(table.siteId, table.state, table.createdAt),
    index('news_comments_parent').on(table.parentId),
    index('news_comments_article').on(table.articleId, table.state),
  ],
);

/**
 * The shop's comment switches (SPEC §3 site settings: news comments on, comment audit on). A
 * stand-in until the shop-info screen stores them; read only through service.ts shopCommentFlags.
 */
export const newsCommentFlags = pgTable('news_comment_flags', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id),
  commentsOn: boolean('comments_on').notNull().default(true),
  auditOn: boolean('audit_on').notNull().default(false),
});

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
