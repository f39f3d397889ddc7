import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { POINTS_GOODS_KINDS } from '../../../contract/points';
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
