import { sql } from 'drizzle-orm';
import {
  bigint,
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
import type { DeliverySetting, PickupPoint, ReceiptSetting } from '../../../contract/endpoints/orders';
import {
  type Address,
  CARRIERS,
  DELIVERY_TYPES,
  ORDER_SOURCES,
  ORDER_STATES,
  ORDER_TYPES,
  PAYMENT_METHODS,
  RECHARGE_KINDS,
  RECHARGE_STATES,
  REFUND_STATES,
  WAYBILL_STATES,
} from '../../../contract/machines/order';
import type { PriceBreakdown } from '../../../contract/pricing';
import { accounts, sites, stores } from '../../db/schema';
import { liveRooms } from '../live-rooms/tables';

/** An order's price breakdown, with the coupon copy it took (which goes back if the order closes). */
export interface StoredBreakdown extends PriceBreakdown {
  coupon?: { copyId: number; title: string };
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });
const siteId = () =>
  integer('site_id')
    .notNull()
    .references(() => sites.id);
const version = () => integer('version').notNull().default(1);
const money = (name: string) => integer(name).notNull().default(0);

/**
 * One row per order, online or walk-in. Amounts: total = goods + freight − discount + adjust;
 * paid is the total at payment; refunded never exceeds paid. Due times are set when a state is
 * entered, so the sweeps pick due rows through small partial indexes and record the due moment as
 * the time of the transition.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    orderNo: text('order_no').notNull(),
    type: text('type', { enum: ORDER_TYPES }).notNull().default('normal'),
    source: text('source', { enum: ORDER_SOURCES }).notNull(),
    state: text('state', { enum: ORDER_STATES }).notNull().default('toPay'),
    refundState: text('refund_state', { enum: REFUND_STATES }).notNull().default('none'),
    deliveryType: text('delivery_type', { enum: DELIVERY_TYPES }).notNull(),
    buyerId: text('buyer_id').notNull().default(''),
    buyerName: text('buyer_name').notNull().default(''),
    buyerPhone: text('buyer_phone').notNull().default(''),
    address: jsonb('address').$type<Address>(),
    receiverName: text('receiver_name').notNull().default(''),
    receiverPhone: text('receiver_phone').notNull().default(''),
    pickupPoint: jsonb('pickup_point').$type<PickupPoint>(),
    pickupCode: text('pickup_code'),
    /** First line's snapshot and counts, so the list needs no join. */
    goodsName: text('goods_name').notNull().default(''),
    image: text('image').notNull().default(''),
    lineCount: integer('line_count').notNull().default(0),
    itemCount: integer('item_count').notNull().default(0),
    goodsFen: money('goods_fen'),
    freightFen: money('freight_fen'),
    discountFen: money('discount_fen'),
    /** What each pricing stage took (contract/pricing.ts), as priced when the order was placed. */
    breakdown: jsonb('breakdown').$type<StoredBreakdown>(),
    adjustFen: money('adjust_fen'),
    totalFen: money('total_fen'),
    paidFen: money('paid_fen'),
    refundedFen: money('refunded_fen'),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }),
    transactionNo: text('transaction_no').notNull().default(''),
    /** The stock setting when the order was placed, and whether its stock is taken now. */
    stockMode: text('stock_mode', { enum: ['creation', 'payment'] }).notNull(),
    stockDeducted: boolean('stock_deducted').notNull().default(false),
    buyerRemark: text('buyer_remark').notNull().default(''),
    sellerRemark: text('seller_remark').notNull().default(''),
    closeReason: text('close_reason').notNull().default(''),
    invoice: jsonb('invoice').$type<{ Title: string; TaxNumber: string }>(),
    cashierId: integer('cashier_id').references(() => accounts.id),
    cashierName: text('cashier_name').notNull().default(''),
    /** The store that serves the order (pickup point's store, walk-in counter); store accounts see only theirs. */
    storeId: integer('store_id').references(() => stores.id),
    /** The live room the buyer ordered from (the storefront's LiveRoomId), for the live sales reports. */
    liveRoomId: integer('live_room_id').references(() => liveRooms.id),
    createdAt: createdAt(),
    payDueAt: at('pay_due_at'),
    paidAt: at('paid_at'),
    shippedAt: at('shipped_at'),
    confirmDueAt: at('confirm_due_at'),
    receivedAt: at('received_at'),
    completeDueAt: at('complete_due_at'),
    completedAt: at('completed_at'),
    closedAt: at('closed_at'),
    reviewDueAt: at('review_due_at'),
    reviewedAt: at('reviewed_at'),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [
    check(
      'orders_amounts',
      sql`${table.totalFen} >= 0 and ${table.goodsFen} >= 0 and ${table.freightFen} >= 0
      and ${table.discountFen} >= 0 and ${table.refundedFen} >= 0 and ${table.refundedFen} <= ${table.paidFen}`,
    ),
    uniqueIndex('orders_site_no').on(table.siteId, table.orderNo),
    // The list: newest first, per tab; the sweeps: due rows of one state each. The created index
    // carries the filtered columns after its unique prefix (site, created, id), so the tab counts
    // of a filtered list read the index alone instead of every order of the range.
    index('orders_site_created').on(
      table.siteId,
      table.createdAt,
      table.id,
      table.state,
      table.refundState,
      table.deliveryType,
      table.type,
      table.source,
      table.paymentMethod,
      table.totalFen,
      table.paidAt,
    ),
    index('orders_site_state_created').on(table.siteId, table.state, table.createdAt, table.id),
    // A store account's list: its store's orders newest first.
    index('orders_site_store_created')
      .on(table.siteId, table.storeId, table.createdAt, table.id)
      .where(sql`store_id is not null`),
    // Buyer and amount in the key let the sales report read payments from the index alone.
    index('orders_site_paid_buyer')
      .on(table.siteId, table.paidAt, table.buyerId, table.paidFen, table.id)
      .where(sql`paid_at is not null`),
    index('orders_site_refunding')
      .on(table.siteId, table.createdAt)
      .where(sql`refund_state in ('requested', 'approved')`),
    index('orders_pay_due').on(table.payDueAt).where(sql`state = 'toPay'`),
    index('orders_confirm_due').on(table.confirmDueAt).where(sql`state = 'shipped'`),
    index('orders_complete_due').on(table.completeDueAt).where(sql`state = 'received'`),
    index('orders_review_due')
      .on(table.reviewDueAt)
      .where(sql`reviewed_at is null and review_due_at is not null`),
    uniqueIndex('orders_site_pickup_code')
      .on(table.siteId, table.pickupCode)
      .where(sql`pickup_code is not null`),
  ],
);

/**
 * The sales report's figures per site and China business day, added to in the transaction of the
 * change they count: orders placed (by creation day), payments (by payment day), refunds (by the
 * day the money went back). Paid orders keep counting after a refund or close.
 */
export const orderSalesDays = pgTable(
  'order_sales_days',
  {
    siteId: siteId(),
    day: date('day', { mode: 'string' }).notNull(),
    createdOrders: integer('created_orders').notNull().default(0),
    paidOrders: integer('paid_orders').notNull().default(0),
    salesFen: bigint('sales_fen', { mode: 'number' }).notNull().default(0),
    refundFen: bigint('refund_fen', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.day] })],
);

/**
 * Who paid on which day: paying buyers of several days are distinct over them, not the sum of the
 * days'. A walk-in customer without a buyer id is `order:<id>`, one buyer per order. Each row
 * knows the buyer's previous paying day, so the distinct buyers of a range are the rows in it
 * whose previous day falls before it: a count, with no set of buyers to build.
 */
export const orderBuyerDays = pgTable(
  'order_buyer_days',
  {
    siteId: siteId(),
    day: date('day', { mode: 'string' }).notNull(),
    buyer: text('buyer').notNull(),
    previousDay: date('previous_day', { mode: 'string' }),
  },
  (table) => [
    primaryKey({ columns: [table.siteId, table.day, table.buyer] }),
    index('order_buyer_days_buyer').on(table.siteId, table.buyer, table.day),
  ],
);

/** Lines with snapshots of the goods as sold; goods and SKUs may change or go later. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    position: integer('position').notNull(),
    productId: integer('product_id').notNull(),
    skuId: integer('sku_id').notNull(),
    categoryId: integer('category_id'),
    name: text('name').notNull(),
    specText: text('spec_text').notNull().default(''),
    image: text('image').notNull().default(''),
    skuCode: text('sku_code').notNull().default(''),
    freightTemplateId: integer('freight_template_id'),
    unitFen: integer('unit_fen').notNull(),
    quantity: integer('quantity').notNull(),
    amountFen: integer('amount_fen').notNull(),
    shipmentId: integer('shipment_id'),
  },
  (table) => [
    check('order_lines_quantity', sql`${table.quantity} > 0 and ${table.unitFen} >= 0`),
    index('order_lines_order').on(table.orderId, table.position),
    index('order_lines_site_product').on(table.siteId, table.productId),
  ],
);

export const orderShipments = pgTable(
  'order_shipments',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    carrier: text('carrier', { enum: CARRIERS }).notNull(),
    trackingNo: text('tracking_no').notNull().default(''),
    accountId: integer('account_id').references(() => accounts.id),
    shippedAt: at('shipped_at').notNull().defaultNow(),
  },
  (table) => [
    index('order_shipments_order').on(table.orderId),
    index('order_shipments_tracking').on(table.siteId, table.trackingNo),
  ],
);

export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    state: text('state', { enum: ['requested', 'approved', 'rejected', 'refunded'] }).notNull(),
    requestedFen: integer('requested_fen').notNull(),
    amountFen: integer('amount_fen').notNull().default(0),
    reason: text('reason').notNull(),
    reply: text('reply').notNull().default(''),
    requestedAt: at('requested_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
    decidedBy: integer('decided_by').references(() => accounts.id),
    refundedAt: at('refunded_at'),
  },
  (table) => [
    index('order_refunds_order').on(table.orderId, table.id),
    index('order_refunds_site_refunded')
      .on(table.siteId, table.refundedAt)
      .where(sql`refunded_at is not null`),
  ],
);

/** The order's timeline: one row per change, by the buyer, an operator or the system. */
export const orderLog = pgTable(
  'order_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state'),
    actor: text('actor', { enum: ['buyer', 'operator', 'system'] }).notNull(),
    accountId: integer('account_id').references(() => accounts.id),
    actorName: text('actor_name').notNull().default(''),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: at('at').notNull().defaultNow(),
  },
  (table) => [index('order_log_order').on(table.orderId, table.id)],
);

export const orderParameterSettings = pgTable('order_parameter_settings', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id),
  unpaidCloseMinutes: integer('unpaid_close_minutes').notNull(),
  seckillCloseMinutes: integer('seckill_close_minutes').notNull(),
  groupBuyCloseMinutes: integer('group_buy_close_minutes').notNull(),
  bargainCloseMinutes: integer('bargain_close_minutes').notNull(),
  autoConfirmDays: integer('auto_confirm_days').notNull(),
  afterSaleDays: integer('after_sale_days').notNull(),
  autoGoodReviewDays: integer('auto_good_review_days').notNull(),
  stockDeduction: text('stock_deduction', { enum: ['creation', 'payment'] }).notNull(),
  pointsGrant: text('points_grant', { enum: ['payment', 'completion'] }).notNull(),
  pointsPerYuan: integer('points_per_yuan').notNull().default(1),
  invoiceEnabled: boolean('invoice_enabled').notNull(),
  updatedAt: updatedAt(),
  version: version(),
});

export const orderDeliverySettings = pgTable('order_delivery_settings', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id),
  setting: jsonb('setting').$type<DeliverySetting>().notNull(),
  updatedAt: updatedAt(),
  version: version(),
});

export const receiptSettings = pgTable('receipt_settings', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id),
  setting: jsonb('setting').$type<ReceiptSetting>().notNull(),
  updatedAt: updatedAt(),
  version: version(),
});

export const rechargeOrders = pgTable(
  'recharge_orders',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    orderNo: text('order_no').notNull(),
    kind: text('kind', { enum: RECHARGE_KINDS }).notNull(),
    state: text('state', { enum: RECHARGE_STATES }).notNull().default('toPay'),
    buyerId: text('buyer_id').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerPhone: text('buyer_phone').notNull(),
    /** The number topped up (data); the buyer's own for stored value. */
    phone: text('phone').notNull(),
    packageCode: text('package_code').notNull().default(''),
    packageName: text('package_name').notNull().default(''),
    amountFen: integer('amount_fen').notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }),
    transactionNo: text('transaction_no').notNull().default(''),
    refundReason: text('refund_reason').notNull().default(''),
    createdAt: createdAt(),
    payDueAt: at('pay_due_at'),
    paidAt: at('paid_at'),
    completedAt: at('completed_at'),
    refundedAt: at('refunded_at'),
    closedAt: at('closed_at'),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [
    check('recharge_orders_amount', sql`${table.amountFen} > 0`),
    uniqueIndex('recharge_orders_site_no').on(table.siteId, table.orderNo),
    index('recharge_orders_site_created').on(table.siteId, table.createdAt, table.id),
    index('recharge_orders_site_state').on(table.siteId, table.state, table.createdAt, table.id),
    index('recharge_orders_pay_due').on(table.payDueAt).where(sql`state = 'toPay'`),
  ],
);

export interface SenderRecord {
  Name: string;
  Phone: string;
  Province: string;
  City: string;
  District: string;
  Detail: string;
}

/** A Kuaidi100 account as stored; the secrets never leave the server. */
export interface Kuaidi100Record {
  Key: string;
  Secret: string;
  PartnerId: string;
  PartnerKey: string;
  PartnerSecret: string;
  PartnerName: string;
  Net: string;
  Code: string;
  TempId: string;
  ExpType: string;
}

/** Carrier accounts and their face-sheet template; deleted ones stay for the waybills printed with them. */
export const faceConfigs = pgTable(
  'face_configs',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    name: text('name').notNull(),
    carrier: text('carrier', { enum: CARRIERS }).notNull(),
    paper: text('paper', { enum: ['100x180', '76x130'] }).notNull(),
    sender: jsonb('sender').$type<SenderRecord>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    provider: text('provider', { enum: ['none', 'kuaidi100'] })
      .notNull()
      .default('none'),
    kuaidi100: jsonb('kuaidi100').$type<Kuaidi100Record>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: at('deleted_at'),
    version: version(),
  },
  (table) => [
    index('face_configs_site').on(table.siteId),
    uniqueIndex('face_configs_site_default').on(table.siteId).where(sql`is_default and deleted_at is null`),
  ],
);

export interface WaybillParty {
  Name: string;
  Phone: string;
  Address: string;
}

/** Printed face sheets; a sheet keeps what was printed so a reprint shows the same. */
export const waybills = pgTable(
  'waybills',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    faceConfigId: integer('face_config_id')
      .notNull()
      .references(() => faceConfigs.id),
    batchNo: text('batch_no').notNull(),
    carrier: text('carrier', { enum: CARRIERS }).notNull(),
    trackingNo: text('tracking_no').notNull(),
    state: text('state', { enum: WAYBILL_STATES }).notNull().default('printed'),
    printCount: integer('print_count').notNull().default(1),
    fromProvider: boolean('from_provider').notNull().default(false),
    providerTaskId: text('provider_task_id').notNull().default(''),
    sortingCode: text('sorting_code').notNull().default(''),
    paper: text('paper', { enum: ['100x180', '76x130'] }).notNull(),
    sender: jsonb('sender').$type<WaybillParty>().notNull(),
    receiver: jsonb('receiver').$type<WaybillParty>().notNull(),
    items: jsonb('items').$type<string[]>().notNull(),
    itemCount: integer('item_count').notNull(),
    buyerRemark: text('buyer_remark').notNull().default(''),
    accountId: integer('account_id').references(() => accounts.id),
    createdAt: createdAt(),
    confirmedAt: at('confirmed_at'),
    voidedAt: at('voided_at'),
  },
  (table) => [
    index('waybills_site_created').on(table.siteId, table.createdAt, table.id),
    index('waybills_site_batch').on(table.siteId, table.batchNo),
    index('waybills_order').on(table.orderId),
    // One sheet waiting for confirmation per order: print again through reprint, or void it first.
    uniqueIndex('waybills_order_printed').on(table.orderId).where(sql`state = 'printed'`),
  ],
);
