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
import { CUT_MODES } from '../../../contract/bargain-cut';
import { BUY_MODES, LAUNCH_STATES, MEMBER_STATES, TEAM_STATES } from '../../../contract/machines/deals';
import type { SeckillSession } from '../../../contract/seckill-sessions';
import { linkEntityColumns, linkEntityIndex } from '../../db/link-entity-columns';
import { sites } from '../../db/schema';
import { orders } from '../order/tables';
import { products } from '../product/tables';

/**
 * Marketing entities, kept to what the decoration studio links to and its blocks draw. The marketing
 * module extends these tables with its rules (limits per customer, audiences, stock ledgers…).
 */

const at = (name: string) => timestamp(name, { withTimezone: true });
const siteId = () =>
  integer('site_id')
    .notNull()
    .references(() => sites.id);

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

/**
 * Seckill, group-buy and bargain activities: what the studio links to and draws (through the
 * ModuleLibrary lookups) and what buyers order from. Their goods, prices and stocks live in the
 * tables below; the activity rows keep the window, the switch and the rules text.
 */
const dealColumns = () => ({
  ...linkEntityColumns(),
  startsAt: at('starts_at').notNull(),
  endsAt: at('ends_at').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const seckillActivities = pgTable(
  'seckill_activities',
  {
    ...dealColumns(),
    /** Daily sessions on the shop's clock; empty: all day. */
    sessions: jsonb('sessions').$type<SeckillSession[]>().notNull().default([]),
    /** Sanitised rich text of the rules page (secKillGoodsText). */
    rules: text('rules').notNull().default(''),
  },
  (table) => [linkEntityIndex('seckill_activities', table)],
);

/** A good of a seckill activity; removing it from the activity flags it, as orders may name it. */
export const seckillGoods = pgTable(
  'seckill_goods',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => seckillActivities.id),
    productId: integer('product_id').notNull(),
    /** Units one member may buy at the seckill price; 0: no limit. */
    limitPerMember: integer('limit_per_member').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    deleted: boolean('deleted').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('seckill_goods_activity').on(table.activityId, table.deleted, table.sort),
    uniqueIndex('seckill_goods_live_product').on(table.activityId, table.productId).where(sql`not deleted`),
  ],
);

/**
 * A SKU's seckill price and its own stock, taken with the goods' stock by the guarded statement of
 * an order and given back when the order closes; `sold` counts units of orders not closed.
 */
export const seckillSkus = pgTable(
  'seckill_skus',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    activityId: integer('activity_id').notNull(),
    seckillGoodsId: integer('seckill_goods_id')
      .notNull()
      .references(() => seckillGoods.id),
    productId: integer('product_id').notNull(),
    skuId: integer('sku_id').notNull(),
    priceFen: integer('price_fen').notNull(),
    stock: integer('stock').notNull().default(0),
    sold: integer('sold').notNull().default(0),
  },
  (table) => [
    check('seckill_skus_counts', sql`${table.stock} >= 0 and ${table.sold} >= 0 and ${table.priceFen} > 0`),
    uniqueIndex('seckill_skus_goods_sku').on(table.seckillGoodsId, table.skuId),
    index('seckill_skus_activity').on(table.activityId),
  ],
);

/** The seckill stock ledger: one row per change, by an order or an operator. */
export const seckillStockLog = pgTable(
  'seckill_stock_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteId(),
    seckillSkuId: integer('seckill_sku_id').notNull(),
    kind: text('kind', { enum: ['set', 'order', 'return'] }).notNull(),
    delta: integer('delta').notNull(),
    after: integer('after').notNull(),
    /** The order number, or what the operator did. */
    reason: text('reason').notNull(),
    accountId: integer('account_id'),
    at: at('at').notNull().defaultNow(),
  },
  (table) => [index('seckill_stock_log_sku').on(table.seckillSkuId, table.id)],
);

/** What an order took at the seckill price, given back once when the order closes. */
export const seckillOrderLines = pgTable(
  'seckill_order_lines',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    seckillSkuId: integer('seckill_sku_id').notNull(),
    seckillGoodsId: integer('seckill_goods_id').notNull(),
    buyerId: text('buyer_id').notNull(),
    quantity: integer('quantity').notNull(),
    released: boolean('released').notNull().default(false),
  },
  (table) => [uniqueIndex('seckill_order_lines_order').on(table.orderId, table.seckillSkuId)],
);

/**
 * What a member has used of a per-member limit (seckill units of a good, group-buy seats of an
 * activity, bargain launches of a good): a guarded counter, taken and given back with its orders.
 */
export const dealMemberQuotas = pgTable(
  'deal_member_quotas',
  {
    siteId: siteId(),
    kind: text('kind', { enum: ['seckill', 'groupBuy', 'bargain'] }).notNull(),
    refId: integer('ref_id').notNull(),
    buyerId: text('buyer_id').notNull(),
    used: integer('used').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.refId, table.buyerId] }),
    check('deal_member_quotas_used', sql`${table.used} >= 0`),
  ],
);

export const groupBuyActivities = pgTable(
  'group_buy_activities',
  {
    ...dealColumns(),
    /** The good on offer; its SKUs' group prices are in group_buy_skus. */
    productId: integer('product_id').references(() => products.id),
    groupSize: integer('group_size').notNull().default(2),
    /** Hours a team has to fill its seats. */
    fillHours: integer('fill_hours').notNull().default(24),
    /** A team whose time ran out succeeds with virtual members when someone paid. */
    virtualFill: boolean('virtual_fill').notNull().default(false),
    /** Teams one member may open or join in the activity; 0: no limit. */
    limitPerMember: integer('limit_per_member').notNull().default(0),
  },
  (table) => [linkEntityIndex('group_buy_activities', table)],
);

/** The group price of each SKU of the activity's good that takes part. */
export const groupBuySkus = pgTable(
  'group_buy_skus',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => groupBuyActivities.id),
    skuId: integer('sku_id').notNull(),
    priceFen: integer('price_fen').notNull(),
  },
  (table) => [
    check('group_buy_skus_price', sql`${table.priceFen} > 0`),
    uniqueIndex('group_buy_skus_activity_sku').on(table.activityId, table.skuId),
  ],
);

/**
 * A team: seats taken by orders (`joined`, a guarded counter that never passes `size`) and paid
 * ones; `virtual_filled` seats were filled by the system when the team succeeded at expiry.
 */
export const groupBuyTeams = pgTable(
  'group_buy_teams',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => groupBuyActivities.id),
    leaderBuyerId: text('leader_buyer_id').notNull(),
    leaderName: text('leader_name').notNull(),
    state: text('state', { enum: TEAM_STATES }).notNull().default('forming'),
    size: integer('size').notNull(),
    joined: integer('joined').notNull().default(0),
    paid: integer('paid').notNull().default(0),
    virtualFilled: integer('virtual_filled').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    endedAt: at('ended_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    check(
      'group_buy_teams_seats',
      sql`${table.joined} >= 0 and ${table.joined} <= ${table.size} and ${table.paid} >= 0 and ${table.paid} <= ${table.joined}`,
    ),
    index('group_buy_teams_site_created').on(table.siteId, table.createdAt),
    index('group_buy_teams_activity').on(table.activityId, table.state),
    index('group_buy_teams_due').on(table.expiresAt).where(sql`state = 'forming'`),
  ],
);

/** A seat: the member, their order, and where the seat stands (see contract/machines/deals.ts). */
export const groupBuyMembers = pgTable(
  'group_buy_members',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    teamId: integer('team_id')
      .notNull()
      .references(() => groupBuyTeams.id),
    activityId: integer('activity_id').notNull(),
    buyerId: text('buyer_id').notNull(),
    buyerName: text('buyer_name').notNull(),
    leader: boolean('leader').notNull().default(false),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    state: text('state', { enum: MEMBER_STATES }).notNull().default('joined'),
    joinedAt: at('joined_at').notNull().defaultNow(),
  },
  (table) => [
    index('group_buy_members_team').on(table.teamId, table.id),
    uniqueIndex('group_buy_members_order').on(table.orderId),
    // One live seat per member in a team.
    uniqueIndex('group_buy_members_live_seat')
      .on(table.teamId, table.buyerId)
      .where(sql`state in ('joined', 'paid')`),
  ],
);

export const bargainEvents = pgTable(
  'bargain_events',
  {
    ...dealColumns(),
    /** Sanitised rich text of the rules page (bargainText). */
    rules: text('rules').notNull().default(''),
  },
  (table) => [linkEntityIndex('bargain_events', table)],
);

/** A good of a bargain event: one SKU and how its price is cut. */
export const bargainGoods = pgTable(
  'bargain_goods',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    eventId: integer('event_id')
      .notNull()
      .references(() => bargainEvents.id),
    productId: integer('product_id').notNull(),
    skuId: integer('sku_id').notNull(),
    floorPriceFen: integer('floor_price_fen').notNull(),
    firstCutFen: integer('first_cut_fen').notNull().default(0),
    cutMode: text('cut_mode', { enum: CUT_MODES }).notNull().default('random'),
    helpersNeeded: integer('helpers_needed').notNull(),
    hours: integer('hours').notNull().default(24),
    buyMode: text('buy_mode', { enum: BUY_MODES }).notNull().default('floor'),
    /** Launches one member may start on this good; 0: no limit. */
    launchLimit: integer('launch_limit').notNull().default(1),
    status: text('status', { enum: ['on', 'off'] })
      .notNull()
      .default('on'),
    sort: integer('sort').notNull().default(0),
    deleted: boolean('deleted').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    check(
      'bargain_goods_rules',
      sql`${table.floorPriceFen} >= 0 and ${table.firstCutFen} >= 0 and ${table.helpersNeeded} > 0`,
    ),
    index('bargain_goods_event').on(table.eventId, table.deleted, table.sort),
  ],
);

/**
 * A buyer's bargain: the price it started at and has reached, never below the floor (a check the
 * guarded help statement relies on), the helps counted, and the order that bought it.
 */
export const bargainLaunches = pgTable(
  'bargain_launches',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    eventId: integer('event_id').notNull(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => bargainGoods.id),
    productId: integer('product_id').notNull(),
    skuId: integer('sku_id').notNull(),
    buyerId: text('buyer_id').notNull(),
    buyerName: text('buyer_name').notNull(),
    state: text('state', { enum: LAUNCH_STATES }).notNull().default('cutting'),
    cutMode: text('cut_mode', { enum: CUT_MODES }).notNull(),
    buyMode: text('buy_mode', { enum: BUY_MODES }).notNull(),
    startFen: integer('start_fen').notNull(),
    floorFen: integer('floor_fen').notNull(),
    currentFen: integer('current_fen').notNull(),
    helpsNeeded: integer('helps_needed').notNull(),
    helps: integer('helps').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    endedAt: at('ended_at'),
    orderId: integer('order_id').references(() => orders.id),
    createdAt: at('created_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    check(
      'bargain_launches_floor',
      sql`${table.currentFen} >= ${table.floorFen} and ${table.currentFen} <= ${table.startFen} and ${table.helps} <= ${table.helpsNeeded}`,
    ),
    index('bargain_launches_site_created').on(table.siteId, table.createdAt),
    index('bargain_launches_goods').on(table.goodsId, table.state),
    index('bargain_launches_due').on(table.expiresAt).where(sql`state = 'cutting'`),
  ],
);

/** One help per helper per launch, with the cut drawn for it. */
export const bargainHelps = pgTable(
  'bargain_helps',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    launchId: integer('launch_id')
      .notNull()
      .references(() => bargainLaunches.id),
    helperId: text('helper_id').notNull(),
    helperName: text('helper_name').notNull(),
    cutFen: integer('cut_fen').notNull(),
    afterFen: integer('after_fen').notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (table) => [
    check('bargain_helps_cut', sql`${table.cutFen} >= 0`),
    uniqueIndex('bargain_helps_once').on(table.launchId, table.helperId),
  ],
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
