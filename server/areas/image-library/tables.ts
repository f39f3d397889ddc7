import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sites } from '../../db/schema';

/** Folders of the shop's image library; images point at them through uploads.folder_id. */
export const imageFolders = pgTable(
  'image_folders',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('image_folders_site_name').on(table.siteId, table.name),
    index('image_folders_site').on(table.siteId, table.id),
  ],
);
