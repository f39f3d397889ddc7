import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { EXCHANGE_EVENTS } from '../../../contract/endpoints/points-exchange';
import { type Address, CARRIERS, ONLINE_PAYMENT_METHODS } from '../../../contract/machines/order';
import { EXCHANGE_STATES } from '../../../contract/machines/points-exchange';
import { POINTS_EXPIRY_RULES, POINTS_GOODS_KINDS } from '../../../contract/points';
import { accounts, sites } from '../../db/schema';
import { members } from '../customer/tables';
import { pointsProducts } from '../marketing/tables';

const at = (name: string) => timestamp(name, { withTimezone: true });
const siteId = () =>
  integer('site_id')
    .notNull()
    .references(() => sites.id);

/**
 * A site's points rules (integralSetting); no row: DEFAULT_POINTS_SETTING. How many points an order
 * earns, and when, stay in order_parameter_settings.
 */
export const pointsSettings = pgTable(
  'points_settings',
  {
    siteId: integer('site_id')
      .primaryKey()
      .references(() => sites.id),
    deductionEnabled: boolean('deduction_enabled').notNull(),
    deductPointsPerYuan: integer('deduct_points_per_yuan').notNull(),
    maxDeductPercent: integer('max_deduct_percent').notNull(),
    minOrderFen: integer('min_order_fen').notNull(),
    expiry: text('expiry', { enum: POINTS_EXPIRY_RULES }).notNull(),
    signInPoints: integer('sign_in_points').notNull(),
    /**
     * The earning cutoff (contract/points.ts) the expiry sweep last finished for every member of the
     * site: the sweep looks at the site again only when the cutoff moves (each new year) or the rule
     * changes.
     */
    expiredThrough: at('expired_through'),
    version: integer('version').notNull().default(1),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check(
      'points_settings_ranges',
      sql`${table.deductPointsPerYuan} > 0 and ${table.maxDeductPercent} between 1 and 100
      and ${table.minOrderFen} >= 0 and ${table.signInPoints} >= 0`,
    ),
  ],
);

/**
 * Exchange orders of the points mall. The points (and any cash) and the goods' stock were taken
 * when the row was made; a cancel gives them back once, guarded by the state it leaves. Goods are
 * snapshotted, as order lines are.
 */
export const pointsExchanges = pgTable(
  'points_exchanges',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    exchangeNo: text('exchange_no').notNull(),
    state: text('state', { enum: EXCHANGE_STATES }).notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** The storefront's buyer id: the wallet the points came from. */
    buyerId: text('buyer_id').notNull(),
    buyerName: text('buyer_name').notNull().default(''),
    buyerPhone: text('buyer_phone').notNull().default(''),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => pointsProducts.id),
    kind: text('kind', { enum: POINTS_GOODS_KINDS }).notNull(),
    productId: integer('product_id'),
    title: text('title').notNull(),
    image: text('image').notNull().default(''),
    quantity: integer('quantity').notNull(),
    unitPoints: integer('unit_points').notNull(),
    points: integer('points').notNull(),
    unitCashFen: integer('unit_cash_fen').notNull().default(0),
    cashFen: integer('cash_fen').notNull().default(0),
    address: jsonb('address').$type<Address>(),
    receiverName: text('receiver_name').notNull().default(''),
    receiverPhone: text('receiver_phone').notNull().default(''),
    buyerRemark: text('buyer_remark').notNull().default(''),
    carrier: text('carrier', { enum: CARRIERS }),
    trackingNo: text('tracking_no').notNull().default(''),
    paymentMethod: text('payment_method', { enum: ONLINE_PAYMENT_METHODS }),
    transactionNo: text('transaction_no').notNull().default(''),
    cancelReason: text('cancel_reason').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    payDueAt: at('pay_due_at'),
    paidAt: at('paid_at'),
    shippedAt: at('shipped_at'),
    confirmDueAt: at('confirm_due_at'),
    completedAt: at('completed_at'),
    cancelledAt: at('cancelled_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    uniqueIndex('points_exchanges_site_no').on(table.siteId, table.exchangeNo),
    index('points_exchanges_site_created').on(table.siteId, table.createdAt, table.id),
    index('points_exchanges_site_state').on(table.siteId, table.state, table.createdAt, table.id),
    // A member's units of one good, for the per-member limit.
    index('points_exchanges_member_goods').on(table.siteId, table.memberId, table.goodsId),
    index('points_exchanges_buyer').on(table.siteId, table.buyerId, table.id),
    index('points_exchanges_pay_due').on(table.payDueAt).where(sql`state = 'toPay'`),
    index('points_exchanges_confirm_due').on(table.confirmDueAt).where(sql`state = 'shipped'`),
    check(
      'points_exchanges_amounts',
      sql`${table.quantity} > 0 and ${table.points} = ${table.unitPoints} * ${table.quantity}
      and ${table.cashFen} = ${table.unitCashFen} * ${table.quantity} and ${table.cashFen} >= 0`,
    ),
  ],
);

/** An exchange order's timeline: one row per change, by the buyer, an operator or the system. */
export const pointsExchangeLog = pgTable(
  'points_exchange_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteId(),
    exchangeId: integer('exchange_id')
      .notNull()
      .references(() => pointsExchanges.id),
    event: text('event', { enum: EXCHANGE_EVENTS }).notNull(),
    actor: text('actor', { enum: ['buyer', 'operator', 'system'] }).notNull(),
    accountId: integer('account_id').references(() => accounts.id),
    actorName: text('actor_name').notNull().default(''),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: at('at').notNull().defaultNow(),
  },
  (table) => [index('points_exchange_log_exchange').on(table.exchangeId, table.id)],
);

/** Every change of a points good's stock: an operator's save, an exchange, a cancel. */
export const pointsGoodsStockLog = pgTable(
  'points_goods_stock_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteId(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => pointsProducts.id),
    delta: integer('delta').notNull(),
    after: integer('after').notNull(),
    reason: text('reason', { enum: ['set', 'exchange', 'cancel'] }).notNull(),
    exchangeNo: text('exchange_no').notNull().default(''),
    accountId: integer('account_id').references(() => accounts.id),
    actorName: text('actor_name').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    check('points_goods_stock_log_change', sql`${table.delta} <> 0 and ${table.after} >= 0`),
    index('points_goods_stock_log_goods').on(table.goodsId, table.id),
  ],
);
