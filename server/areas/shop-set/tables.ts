import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { NOTICE_MODES } from '../../../contract/endpoints/shop-notices';
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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A shop's info (SPEC §3 "Site settings"), one row per site once saved; a site without one reads the
 * empty form at version 0. The comment flags act on news comments (service.ts `shopCommentFlags`).
 */
export const shopInfos = pgTable('shop_infos', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id),
  shopName: text('shop_name').notNull(),
  logo: text('logo').notNull().default(''),
  copyright: text('copyright').notNull().default(''),
  technicalSupport: text('technical_support').notNull().default(''),
  publicAccountQr: text('public_account_qr').notNull().default(''),
  promotionTitle: text('promotion_title').notNull().default(''),
  description: text('description').notNull().default(''),
  promotionWord1: text('promotion_word1').notNull().default(''),
  promotionWord2: text('promotion_word2').notNull().default(''),
  email: text('email').notNull().default(''),
  phone: text('phone').notNull().default(''),
  fax: text('fax').notNull().default(''),
  showIdOnProfile: boolean('show_id_on_profile').notNull().default(false),
  closingPoster: boolean('closing_poster').notNull().default(false),
  newsComments: boolean('news_comments').notNull().default(true),
  commentAudit: boolean('comment_audit').notNull().default(false),
  provinceCode: text('province_code').notNull().default(''),
  cityCode: text('city_code').notNull().default(''),
  districtCode: text('district_code').notNull().default(''),
  address: text('address').notNull().default(''),
  lng: doublePrecision('lng'),
  lat: doublePrecision('lat'),
  servicePhone: text('service_phone').notNull().default(''),
  details: text('details').notNull().default(''),
  version: integer('version').notNull().default(1),
  updatedAt: updatedAt(),
});

/** Shop notices (noticeSupervise): shown as a popup or a scrolling line between start and end. */
export const shopNotices = pgTable(
  'shop_notices',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    title: text('title').notNull(),
    content: text('content').notNull(),
    mode: text('mode', { enum: NOTICE_MODES }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    sort: integer('sort').notNull().default(0),
    status: text('status', { enum: ['on', 'off'] })
      .notNull()
      .default('on'),
    deleted: boolean('deleted').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('shop_notices_site_live').on(table.siteId, table.deleted, table.sort, table.id)],
);
