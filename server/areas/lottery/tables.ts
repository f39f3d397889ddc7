import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { OUTCOME_KINDS, PRIZE_KINDS } from '../../../contract/lottery';
import { RECORD_STATES } from '../../../contract/machines/lottery';
import { type Address, CARRIERS } from '../../../contract/machines/order';
import { accounts, sites } from '../../db/schema';
import { members } from '../customer/tables';
import { coupons, marketingActivities } from '../marketing/tables';
import { products } from '../product/tables';

const at = (name: string) => timestamp(name, { withTimezone: true });
const siteId = () =>
  integer('site_id')
    .notNull()
    .references(() => sites.id);

/**
 * A draw's prizes. Stock and `won` change only through the guarded UPDATEs of the lottery area,
 * each with a lottery_prize_log row. A prize removed from the draw is flagged, as records name it.
 */
export const lotteryPrizes = pgTable(
  'lottery_prizes',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    lotteryId: integer('lottery_id')
      .notNull()
      .references(() => marketingActivities.id),
    kind: text('kind', { enum: PRIZE_KINDS }).notNull(),
    name: text('name').notNull(),
    image: text('image').notNull().default(''),
    /** Basis points of 10,000. */
    chanceBp: integer('chance_bp').notNull(),
    stock: integer('stock').notNull(),
    won: integer('won').notNull().default(0),
    points: integer('points').notNull().default(0),
    balanceFen: integer('balance_fen').notNull().default(0),
    couponId: integer('coupon_id').references(() => coupons.id),
    productId: integer('product_id').references(() => products.id),
    sort: integer('sort').notNull().default(0),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('lottery_prizes_lottery').on(table.lotteryId, table.deleted, table.sort),
    check(
      'lottery_prizes_counts',
      sql`${table.stock} >= 0 and ${table.won} >= 0 and ${table.chanceBp} between 1 and 10000
      and ${table.points} >= 0 and ${table.balanceFen} >= 0`,
    ),
  ],
);

/**
 * A member's draws of one lottery: one row per shop day and one for all time (`day` = 'all'),
 * each raised by a guarded upsert that refuses to pass the draw's limit.
 */
export const lotteryEntries = pgTable(
  'lottery_entries',
  {
    siteId: siteId(),
    lotteryId: integer('lottery_id')
      .notNull()
      .references(() => marketingActivities.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    day: text('day').notNull(),
    used: integer('used').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.lotteryId, table.memberId, table.day] }),
    check('lottery_entries_used', sql`${table.used} >= 0`),
  ],
);

/** Every draw, with what it won and how the prize is delivered. */
export const lotteryRecords = pgTable(
  'lottery_records',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    recordNo: text('record_no').notNull(),
    lotteryId: integer('lottery_id')
      .notNull()
      .references(() => marketingActivities.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** The storefront's buyer id: the wallet points came from and prizes went to. */
    buyerId: text('buyer_id').notNull(),
    outcome: text('outcome', { enum: OUTCOME_KINDS }).notNull(),
    prizeId: integer('prize_id').references(() => lotteryPrizes.id),
    prizeName: text('prize_name').notNull(),
    prizeImage: text('prize_image').notNull().default(''),
    state: text('state', { enum: RECORD_STATES }).notNull(),
    pointsSpent: integer('points_spent').notNull().default(0),
    /** The member's coupon copy a coupon prize gave. */
    couponCopyId: integer('coupon_copy_id'),
    productId: integer('product_id').references(() => products.id),
    address: jsonb('address').$type<Address>(),
    receiverName: text('receiver_name').notNull().default(''),
    receiverPhone: text('receiver_phone').notNull().default(''),
    carrier: text('carrier', { enum: CARRIERS }),
    trackingNo: text('tracking_no').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    shippedAt: at('shipped_at'),
    receivedAt: at('received_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    uniqueIndex('lottery_records_site_no').on(table.siteId, table.recordNo),
    index('lottery_records_lottery').on(table.siteId, table.lotteryId, table.createdAt, table.id),
    index('lottery_records_site_created').on(table.siteId, table.createdAt, table.id),
    index('lottery_records_buyer').on(table.siteId, table.buyerId, table.id),
    check('lottery_records_points', sql`${table.pointsSpent} >= 0`),
  ],
);

/** Every change of a prize's stock: an operator's save or a draw (and a draw's undo when delivery failed). */
export const lotteryPrizeLog = pgTable(
  'lottery_prize_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteId(),
    prizeId: integer('prize_id')
      .notNull()
      .references(() => lotteryPrizes.id),
    delta: integer('delta').notNull(),
    after: integer('after').notNull(),
    reason: text('reason', { enum: ['set', 'draw', 'undeliverable'] }).notNull(),
    recordNo: text('record_no').notNull().default(''),
    accountId: integer('account_id').references(() => accounts.id),
    actorName: text('actor_name').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    check('lottery_prize_log_change', sql`${table.delta} <> 0 and ${table.after} >= 0`),
    index('lottery_prize_log_prize').on(table.prizeId, table.id),
  ],
);
