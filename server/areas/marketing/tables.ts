import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
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
import { BOOKING_PRICES, type BookingSlot, CAPACITY_MODES } from '../../../contract/booking';
import {
  COUPON_AUDIENCES,
  COUPON_CHANNELS,
  COUPON_KINDS,
  COUPON_SCOPES,
  VALIDITY_KINDS,
} from '../../../contract/coupon-rules';
import { COPY_SOURCES, RULE_EVENTS, SEND_STATES, SEND_TARGETS } from '../../../contract/endpoints/coupons';
import { ENTRY_MODES } from '../../../contract/lottery';
import { COUPON_STATES, MEMBER_COUPON_STATES, OFFLINE_CODE_STATES } from '../../../contract/machines/coupon';
import { BUY_MODES, LAUNCH_STATES, MEMBER_STATES, TEAM_STATES } from '../../../contract/machines/deals';
import { POINTS_GOODS_KINDS } from '../../../contract/points';
import type { SeckillSession } from '../../../contract/seckill-sessions';
import type { FormDefinition } from '../../../contract/smart-form';
import { linkEntityColumns, linkEntityIndex } from '../../db/link-entity-columns';
import { accounts, sites, stores } from '../../db/schema';
import { members } from '../customer/tables';
import { orders } from '../order/tables';
import { products, skus } from '../product/tables';

/**
 * Marketing entities: what the decoration studio links to and its blocks draw, the coupons with
 * everything that hangs off them (members' copies, issuing rules, sends, offline codes), and the
 * deals (seckill, group buying, bargains) with their goods, stocks, teams and launches.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });
const siteId = () =>
  integer('site_id')
    .notNull()
    .references(() => sites.id);
const intList = (name: string) => integer(name).array().notNull().default(sql`'{}'::int[]`);

/**
 * A coupon (contract/coupon-rules.ts): its kind and value, threshold, scope, quantity and limits,
 * claim window (`starts_at` to `ends_at`), the validity of its copies, audience and stacking. Its
 * `state` moves only by contract/machines/coupon.ts. `issued` counts every copy claimed, sent or
 * built as an offline code; it only grows, through a guarded UPDATE that keeps it within
 * `total_quantity`, and each unit has its row (a member_coupons or offline_coupon_codes row).
 */
/** The link entity's columns without its on/off switch: a coupon's `state` says whether it is on offer. */
const { status: _switch, ...couponEntityColumns } = linkEntityColumns();

export const coupons = pgTable(
  'coupons',
  {
    ...couponEntityColumns,
    /** `amount`: `value` is fen off; `discount`: `value` is the percent paid (85 = 8.5折); `freeShipping`: 0. */
    discountType: text('discount_type', { enum: COUPON_KINDS }).notNull(),
    value: integer('value').notNull(),
    /** Most a discount takes off, in fen; null: no cap. */
    capFen: integer('cap_fen'),
    /** Minimum spend in fen; 0 for none. */
    thresholdFen: integer('threshold_fen').notNull().default(0),
    startsAt: at('starts_at').notNull().defaultNow(),
    endsAt: at('ends_at').notNull(),
    description: text('description').notNull().default(''),
    channel: text('channel', { enum: COUPON_CHANNELS }).notNull().default('online'),
    state: text('state', { enum: COUPON_STATES }).notNull().default('draft'),
    scope: text('scope', { enum: COUPON_SCOPES }).notNull().default('all'),
    scopeIds: intList('scope_ids'),
    withActivity: boolean('with_activity').notNull().default(false),
    /** null: unlimited. */
    totalQuantity: integer('total_quantity'),
    issued: integer('issued').notNull().default(0),
    /** Claims per member, and per member per shop day; null: no limit. */
    perMemberLimit: integer('per_member_limit'),
    perDayLimit: integer('per_day_limit'),
    /** A coupon made without saying (another area's row) lasts 30 days from each claim. */
    validityKind: text('validity_kind', { enum: VALIDITY_KINDS }).notNull().default('relative'),
    /** Fixed validity: first and last shop day. */
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    /** Relative validity: days from the claim, counting today or from tomorrow. */
    validDays: integer('valid_days').default(30),
    validFromTomorrow: boolean('valid_from_tomorrow').notNull().default(false),
    audience: text('audience', { enum: COUPON_AUDIENCES }).notNull().default('all'),
    audienceGradeIds: intList('audience_grade_ids'),
    /** Offline coupons: stores where codes are written off; empty: any. */
    storeIds: intList('store_ids'),
    endedAt: at('ended_at'),
    version: integer('version').notNull().default(1),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    linkEntityIndex('coupons', table),
    check(
      'coupons_value_positive',
      sql`(${table.discountType} = 'freeShipping' or ${table.value} > 0) and ${table.thresholdFen} >= 0`,
    ),
    check(
      'coupons_issued_within_total',
      sql`${table.issued} >= 0 and (${table.totalQuantity} is null or ${table.issued} <= ${table.totalQuantity})`,
    ),
    check(
      'coupons_validity',
      sql`(${table.validityKind} = 'fixed' and ${table.validFrom} is not null and ${table.validUntil} is not null)
       or (${table.validityKind} = 'relative' and ${table.validDays} between 1 and 365)`,
    ),
    // The end-by-time sweep reads the coupons on offer whose window closed.
    index('coupons_open_due').on(table.endsAt).where(sql`state in ('active', 'paused')`),
  ],
);

/**
 * A member's copy of a coupon. Its state moves only by contract/machines/coupon.ts, through UPDATEs
 * guarded by the state they start from. `order_id` is the order holding an unused copy (placed,
 * stock taken at payment) or the order that used it.
 */
export const memberCoupons = pgTable(
  'member_coupons',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    state: text('state', { enum: MEMBER_COUPON_STATES }).notNull().default('unused'),
    source: text('source', { enum: COPY_SOURCES }).notNull(),
    /** The shop day it was issued, for the per-day claim limit. */
    claimDay: date('claim_day', { mode: 'string' }).notNull(),
    sendItemId: integer('send_item_id').references(() => couponSendItems.id),
    ruleGrantId: integer('rule_grant_id').references(() => couponRuleGrants.id),
    validFrom: at('valid_from').notNull(),
    validUntil: at('valid_until').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    /** What it took off its order, in fen. */
    discountFen: integer('discount_fen').notNull().default(0),
    usedAt: at('used_at'),
    endedAt: at('ended_at'),
    /** An operator's reason for revoking it; `expired` for the sweep. */
    endReason: text('end_reason').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    index('member_coupons_member').on(table.siteId, table.memberId, table.state, table.id),
    index('member_coupons_coupon_member').on(table.couponId, table.memberId, table.claimDay),
    index('member_coupons_coupon_created').on(table.siteId, table.couponId, table.createdAt, table.id),
    index('member_coupons_order').on(table.orderId).where(sql`order_id is not null`),
    index('member_coupons_send_item').on(table.sendItemId).where(sql`send_item_id is not null`),
    // The expiry sweep reads only unused copies no order holds.
    index('member_coupons_unused_due').on(table.validUntil).where(sql`state = 'unused' and order_id is null`),
    check('member_coupons_used_order', sql`${table.state} <> 'used' or ${table.orderId} is not null`),
  ],
);

/** Rules that send coupons on events (sendSetting); events from `since` on earn them. */
export const couponRules = pgTable(
  'coupon_rules',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    event: text('event', { enum: RULE_EVENTS }).notNull(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    copies: integer('copies').notNull().default(1),
    gradeIds: intList('grade_ids'),
    minRechargeFen: integer('min_recharge_fen').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    since: at('since').notNull().defaultNow(),
    deleted: boolean('deleted').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('coupon_rules_site').on(table.siteId, table.createdAt, table.id),
    check('coupon_rules_copies', sql`${table.copies} between 1 and 10 and ${table.minRechargeFen} >= 0`),
  ],
);

/**
 * One row per event a rule answered: the unique key (rule, member, event key) makes a rule send
 * once per member and event however often the sweep runs, from however many instances.
 */
export const couponRuleGrants = pgTable(
  'coupon_rule_grants',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => couponRules.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** '' for once-per-member events; the year (birthday), order or grade change otherwise. */
    eventKey: text('event_key').notNull().default(''),
    state: text('state', { enum: ['sent', 'failed'] }).notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('coupon_rule_grants_once').on(table.ruleId, table.memberId, table.eventKey),
    index('coupon_rule_grants_rule').on(table.ruleId, table.state, table.id),
  ],
);

/**
 * A manual send (couponSend, /customer/sendCoupon): its target resolved into items when it is made,
 * then sent item by item by the background job (sweeps and a kick after the send is made).
 */
export const couponSends = pgTable(
  'coupon_sends',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    copies: integer('copies').notNull().default(1),
    target: text('target', { enum: SEND_TARGETS }).notNull(),
    targetLabel: text('target_label').notNull().default(''),
    /** The form's key: a second submit of the same form finds this send. */
    requestKey: text('request_key').notNull(),
    total: integer('total').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    state: text('state', { enum: SEND_STATES }).notNull().default('queued'),
    /** The job working on it holds it until then; a job that died leaves it to the next one. */
    leaseUntil: at('lease_until'),
    attempts: integer('attempts').notNull().default(0),
    createdBy: integer('created_by').references(() => accounts.id),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
  },
  (table) => [
    uniqueIndex('coupon_sends_request').on(table.siteId, table.requestKey),
    index('coupon_sends_site_created').on(table.siteId, table.createdAt, table.id),
    index('coupon_sends_open').on(table.id).where(sql`state <> 'done'`),
    check('coupon_sends_counts', sql`${table.sent} + ${table.failed} <= ${table.total}`),
  ],
);

/** One member (or an uploaded mobile no member has) of a send; sent or failed exactly once. */
export const couponSendItems = pgTable(
  'coupon_send_items',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    sendId: integer('send_id')
      .notNull()
      .references(() => couponSends.id),
    memberId: integer('member_id').references(() => members.id),
    mobile: text('mobile').notNull().default(''),
    /** The spreadsheet row of an uploaded mobile. */
    row: integer('row'),
    state: text('state', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    reason: text('reason').notNull().default(''),
    doneAt: at('done_at'),
  },
  (table) => [
    uniqueIndex('coupon_send_items_member')
      .on(table.sendId, table.memberId)
      .where(sql`member_id is not null`),
    index('coupon_send_items_send').on(table.sendId, table.state, table.id),
  ],
);

/** A batch of offline codes built for a coupon (underLineBuild). */
export const offlineCouponBatches = pgTable(
  'offline_coupon_batches',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    quantity: integer('quantity').notNull(),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').references(() => accounts.id),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('offline_coupon_batches_coupon').on(table.siteId, table.couponId, table.id)],
);

/**
 * One offline code (contract/coupon-code.ts): unique in its shop, written off once at a store by a
 * guarded UPDATE (… where state = 'unused'), with its write_offs row in the same transaction.
 */
export const offlineCouponCodes = pgTable(
  'offline_coupon_codes',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    batchId: integer('batch_id')
      .notNull()
      .references(() => offlineCouponBatches.id),
    code: text('code').notNull(),
    state: text('state', { enum: OFFLINE_CODE_STATES }).notNull().default('unused'),
    validFrom: at('valid_from').notNull(),
    validUntil: at('valid_until').notNull(),
    usedAt: at('used_at'),
    usedStoreId: integer('used_store_id').references(() => stores.id),
    endedAt: at('ended_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    uniqueIndex('offline_coupon_codes_site_code').on(table.siteId, table.code),
    index('offline_coupon_codes_coupon').on(table.couponId, table.batchId, table.id),
    index('offline_coupon_codes_unused_due').on(table.validUntil).where(sql`state = 'unused'`),
    check('offline_coupon_codes_used_store', sql`(${table.state} = 'used') = (${table.usedAt} is not null)`),
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

/**
 * Seckill units taken for an order about to be placed (placeSeckillOrder): held until the order's
 * transaction marks them placed, or given back (returned) when the order fails, or by the sweep
 * when the server stopped between the two. No foreign key to orders: the order may never exist.
 */
export const seckillReservations = pgTable(
  'seckill_reservations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteId(),
    /** The id and number the order takes when it is placed. */
    orderId: integer('order_id').notNull(),
    orderNo: text('order_no').notNull(),
    seckillSkuId: integer('seckill_sku_id').notNull(),
    seckillGoodsId: integer('seckill_goods_id').notNull(),
    buyerId: text('buyer_id').notNull(),
    quantity: integer('quantity').notNull(),
    state: text('state', { enum: ['held', 'placed', 'returned'] })
      .notNull()
      .default('held'),
    reservedAt: at('reserved_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('seckill_reservations_order').on(table.orderId),
    index('seckill_reservations_held').on(table.reservedAt).where(sql`${table.state} = 'held'`),
  ],
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

/**
 * Lucky draws (lotteryActivity, server/areas/lottery), the pages the `activity` link opens. Their
 * prizes, the members' draw counters and the records live in the lottery area's tables.
 */
export const marketingActivities = pgTable(
  'marketing_activities',
  {
    ...linkEntityColumns(),
    summary: text('summary').notNull().default(''),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    entryMode: text('entry_mode', { enum: ENTRY_MODES }).notNull().default('free'),
    /** Points one draw costs, with `points` entry. */
    pointsCost: integer('points_cost').notNull().default(0),
    /** Draws per member per shop day, and in all; 0: no limit. */
    dailyLimit: integer('daily_limit').notNull().default(0),
    totalLimit: integer('total_limit').notNull().default(0),
    rules: text('rules').notNull().default(''),
    /** What a draw that wins nothing says. */
    nothingText: text('nothing_text').notNull().default(''),
    version: integer('version').notNull().default(1),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    linkEntityIndex('marketing_activities', table),
    check(
      'marketing_activities_lottery_rules',
      sql`${table.pointsCost} >= 0 and ${table.dailyLimit} >= 0 and ${table.totalLimit} >= 0`,
    ),
  ],
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
