import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { BOOKING_PRICES, type BookingSlot, CAPACITY_MODES } from '../../../contract/booking';
import { POINTS_GOODS_KINDS } from '../../../contract/points';
import type { FormDefinition } from '../../../contract/smart-form';
import { linkEntityColumns, linkEntityIndex } from '../../db/link-entity-columns';
import { sites } from '../../db/schema';
import { products, skus } from '../product/tables';

/**
 * Marketing entities, kept to what the decoration studio links to and its blocks draw. The marketing
 * module extends these tables with its rules (limits per customer, audiences, stock ledgers…).
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const coupons = pgTable(
  'coupons',
  {
    ...linkEntityColumns(),
    /** `amount`: `value` is fen off; `discount`: `value` is tenths (85 = 8.5折). */
    discountType: text('discount_type', { enum: ['amount', 'discount'] }).notNull(),
    value: integer('value').notNull(),
    /** Minimum spend in fen; 0 for none. */
    thresholdFen: integer('threshold_fen').notNull().default(0),
    startsAt: at('starts_at').notNull().defaultNow(),
    endsAt: at('ends_at').notNull(),
  },
  (table) => [
    linkEntityIndex('coupons', table),
    check('coupons_value_positive', sql`${table.value} > 0 and ${table.thresholdFen} >= 0`),
  ],
);

/** Seckill, group-buy and bargain offers: one product at an offer price for a time window. */
const offerColumns = () => ({
  ...linkEntityColumns(),
  productId: integer('product_id').references(() => products.id),
  priceFen: integer('price_fen').notNull(),
  originalPriceFen: integer('original_price_fen').notNull(),
  startsAt: at('starts_at').notNull(),
  endsAt: at('ends_at').notNull(),
});

export const seckillActivities = pgTable(
  'seckill_activities',
  { ...offerColumns(), stock: integer('stock').notNull().default(0) },
  (table) => [linkEntityIndex('seckill_activities', table)],
);

export const groupBuyActivities = pgTable(
  'group_buy_activities',
  { ...offerColumns(), groupSize: integer('group_size').notNull().default(2) },
  (table) => [linkEntityIndex('group_buy_activities', table)],
);

export const bargainEvents = pgTable(
  'bargain_events',
  /** `price_fen` is the floor price a customer can bargain down to. */
  offerColumns(),
  (table) => [linkEntityIndex('bargain_events', table)],
);

/**
 * Points goods of the points mall (server/areas/points). Stock and `exchanged` change only through
 * the points area's guarded UPDATEs, each with a points_goods_stock_log row; exchanges bump the
 * version, so an operator's save over them is refused for a reload.
 */
export const pointsProducts = pgTable(
  'points_products',
  {
    ...linkEntityColumns(),
    /** What it gives (contract/points.ts); the coupon work adds its kind with its own reference column. */
    kind: text('kind', { enum: POINTS_GOODS_KINDS }).notNull().default('physical'),
    /** The catalogue good given; null only on rows made before points goods named one (switched off). */
    productId: integer('product_id').references(() => products.id),
    /** Points for one unit. */
    points: integer('points').notNull(),
    /** Cash paid on top of the points, in fen. */
    priceFen: integer('price_fen').notNull().default(0),
    stock: integer('stock').notNull().default(0),
    /** Units exchanged and not cancelled. */
    exchanged: integer('exchanged').notNull().default(0),
    /** Units one member may exchange in all; 0 for no limit. */
    perMemberLimit: integer('per_member_limit').notNull().default(0),
    startsAt: at('starts_at').notNull().defaultNow(),
    /** null: no end. */
    endsAt: at('ends_at'),
    description: text('description').notNull().default(''),
    version: integer('version').notNull().default(1),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    linkEntityIndex('points_products', table),
    check(
      'points_products_amounts',
      sql`${table.points} > 0 and ${table.priceFen} >= 0 and ${table.stock} >= 0
      and ${table.exchanged} >= 0 and ${table.perMemberLimit} >= 0`,
    ),
  ],
);

/** Lotteries and other campaign pages the `activity` link opens. */
export const marketingActivities = pgTable(
  'marketing_activities',
  {
    ...linkEntityColumns(),
    summary: text('summary').notNull().default(''),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
  },
  (table) => [linkEntityIndex('marketing_activities', table)],
);

/** Categories of booking forms (formClassify); a category holding forms is not deleted. */
export const bookingCategories = pgTable(
  'booking_categories',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('booking_categories_site_name').on(table.siteId, table.name)],
);

/**
 * Booking forms (bespeakForm, server/areas/booking): smart-form fields a buyer fills in to book a
 * slot, with its seats, the stores where it may be booked, a window and a price. Seats are taken in
 * booking_seats, one row per form, store, day and slot (or whole day).
 */
export const bookingForms = pgTable(
  'booking_forms',
  {
    ...linkEntityColumns(),
    summary: text('summary').notNull().default(''),
    categoryId: integer('category_id').references(() => bookingCategories.id),
    /** The smart-form fields the buyer fills in (contract/smart-form.ts). */
    fields: jsonb('fields').$type<FormDefinition>().notNull().default(sql`'{"fields":[]}'::jsonb`),
    capacityMode: text('capacity_mode', { enum: CAPACITY_MODES }).notNull().default('perSlot'),
    /** Seats of a day at one store, with `perDay`. */
    dayCapacity: integer('day_capacity').notNull().default(0),
    slots: jsonb('slots').$type<BookingSlot[]>().notNull().default(sql`'[]'::jsonb`),
    /** ISO weekdays open to booking. */
    weekdays: integer('weekdays').array().notNull().default(sql`'{1,2,3,4,5,6,7}'::int[]`),
    daysAhead: integer('days_ahead').notNull().default(14),
    price: text('price', { enum: BOOKING_PRICES }).notNull().default('free'),
    /** With a deposit: the SKU of a virtual good whose price it is. */
    depositSkuId: integer('deposit_sku_id').references(() => skus.id),
    /** Stores where it may be booked; empty: it books no store. */
    storeIds: integer('store_ids').array().notNull().default(sql`'{}'::int[]`),
    startsAt: at('starts_at').notNull().defaultNow(),
    endsAt: at('ends_at').notNull().default(sql`now() + interval '1 year'`),
    version: integer('version').notNull().default(1),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    linkEntityIndex('booking_forms', table),
    check(
      'booking_forms_rules',
      sql`${table.dayCapacity} >= 0 and ${table.daysAhead} >= 1 and ${table.endsAt} > ${table.startsAt}`,
    ),
  ],
);

export const votes = pgTable(
  'votes',
  {
    ...linkEntityColumns(),
    options: text('options').array().notNull().default(sql`'{}'::text[]`),
    /** Ballots cast for each option, in the order of `options`; the vote module keeps them counted. */
    optionVotes: integer('option_votes').array().notNull().default(sql`'{}'::integer[]`),
    endsAt: at('ends_at').notNull(),
  },
  (table) => [
    linkEntityIndex('votes', table),
    check(
      'votes_counts_match_options',
      sql`cardinality(${table.optionVotes}) in (0, cardinality(${table.options}))`,
    ),
  ],
);
