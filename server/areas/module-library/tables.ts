import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sites } from '../../db/schema';

/**
 * The shop's decoration templates ("my templates"). `data` is the wire JSON of SPEC §3 exactly as the
 * codec wrote it; `published_data` the copy the mini-program reads, taken when the check passed.
 */
export const moduleTemplates = pgTable(
  'module_templates',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    shopType: integer('shop_type').notNull(),
    name: text('name').notNull(),
    data: text('data').notNull(),
    /** Bumped by every save of `data`; saves must name the version they were based on. */
    version: integer('version').notNull().default(1),
    isCurrent: boolean('is_current').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedData: text('published_data'),
    publishedVersion: integer('published_version'),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('module_templates_site').on(table.siteId, table.updatedAt),
    // One current template per shop.
    uniqueIndex('module_templates_current').on(table.siteId).where(sql`${table.isCurrent}`),
  ],
);
