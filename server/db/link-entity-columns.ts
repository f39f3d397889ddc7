import { boolean, index, integer, type PgColumn, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sites } from './schema';

/**
 * The columns every entity a decorated block links to shares: its shop, title, picture, on/off state
 * and a soft-delete flag. A link keeps pointing at a deleted row's id, so rows are flagged rather than
 * removed and the publish check can name what was deleted.
 */
export function linkEntityColumns() {
  return {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    title: text('title').notNull(),
    image: text('image').notNull().default(''),
    status: text('status', { enum: ['on', 'off'] })
      .notNull()
      .default('on'),
    sort: integer('sort').notNull().default(0),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

/** The lookups' order: a shop's live rows by sort, newest first. */
export function linkEntityIndex(
  name: string,
  table: { siteId: PgColumn; deleted: PgColumn; sort: PgColumn; id: PgColumn },
) {
  return index(`${name}_site_live`).on(table.siteId, table.deleted, table.sort, table.id);
}
