import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { linkEntityColumns, linkEntityIndex } from '../../db/link-entity-columns';
import { products } from '../product/tables';

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

export const pointsProducts = pgTable(
  'points_products',
  {
    ...linkEntityColumns(),
    points: integer('points').notNull(),
    /** Cash paid on top of the points, in fen. */
    priceFen: integer('price_fen').notNull().default(0),
    stock: integer('stock').notNull().default(0),
  },
  (table) => [linkEntityIndex('points_products', table)],
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

/** Booking forms (bespeakForm); their fields belong to the form designer. */
export const bookingForms = pgTable(
  'booking_forms',
  { ...linkEntityColumns(), summary: text('summary').notNull().default('') },
  (table) => [linkEntityIndex('booking_forms', table)],
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
