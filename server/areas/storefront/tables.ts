import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, sites } from '../../db/schema';

/**
 * Keys a shop's mini-program server sends as X-Storefront-Key. Only a SHA-256 of the key is kept
 * (the key is random, so no slow hash is needed); `prefix` lets operators tell keys apart.
 */
export const storefrontKeys = pgTable(
  'storefront_keys',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    createdBy: integer('created_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('storefront_keys_hash').on(table.keyHash),
    index('storefront_keys_site').on(table.siteId),
  ],
);
