import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import {
  FREE_SHIPPING_GOODS_SCOPES,
  FREE_SHIPPING_REGION_SCOPES,
  FREE_SHIPPING_THRESHOLDS,
} from '../../../contract/free-shipping';
import { sites } from '../../db/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Free-shipping activities (deliveryActivities). An order names the one that waived its freight in
 * its price breakdown, so activities are flagged deleted rather than removed.
 */
export const freeShippingActivities = pgTable(
  'free_shipping_activities',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    threshold: text('threshold', { enum: FREE_SHIPPING_THRESHOLDS }).notNull(),
    minimumFen: integer('minimum_fen').notNull().default(0),
    minimumQuantity: integer('minimum_quantity').notNull().default(0),
    regionScope: text('region_scope', { enum: FREE_SHIPPING_REGION_SCOPES }).notNull(),
    /** Province and city codes of the area tree (with `chosen` regions). */
    regions: text('regions').array().notNull().default(sql`'{}'::text[]`),
    goodsScope: text('goods_scope', { enum: FREE_SHIPPING_GOODS_SCOPES }).notNull(),
    /** Goods chosen or excepted (with a goods scope other than `all`). */
    productIds: integer('product_ids').array().notNull().default(sql`'{}'::int[]`),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    status: text('status', { enum: ['on', 'off'] })
      .notNull()
      .default('on'),
    deleted: boolean('deleted').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('free_shipping_activities_site').on(table.siteId, table.deleted, table.id),
    check(
      'free_shipping_activities_rules',
      sql`${table.minimumFen} >= 0 and ${table.minimumQuantity} >= 0 and ${table.endsAt} > ${table.startsAt}`,
    ),
  ],
);
