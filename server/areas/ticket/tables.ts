import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { VERIFIER_KINDS, WRITE_OFF_KINDS } from '../../../contract/endpoints/tickets';
import { TICKET_STATES } from '../../../contract/machines/ticket';
import { accounts, sites, stores } from '../../db/schema';
import { members } from '../customer/tables';
import { orderLines, orders } from '../order/tables';
import { pointsExchanges } from '../points/tables';

const at = (name: string) => timestamp(name, { withTimezone: true });
const siteId = () =>
  integer('site_id')
    .notNull()
    .references(() => sites.id);

/**
 * Electronic tickets (DESIGN §11): one per unit of a paid order line of a virtual good (or of a
 * points mall exchange of one), owned by the member who paid. The state only leaves `unused`
 * through a guarded UPDATE (… where state = 'unused'), so a ticket is written off, expired or
 * refunded exactly once.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    code: text('code').notNull(),
    state: text('state', { enum: TICKET_STATES }).notNull().default('unused'),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** The paid order line it came from, or (`exchange_id`) the points mall's exchange order. */
    orderId: integer('order_id').references(() => orders.id),
    orderLineId: integer('order_line_id').references(() => orderLines.id),
    exchangeId: integer('exchange_id').references(() => pointsExchanges.id),
    productId: integer('product_id').notNull(),
    goodsName: text('goods_name').notNull(),
    unitFen: integer('unit_fen').notNull(),
    validFrom: at('valid_from').notNull(),
    validUntil: at('valid_until').notNull(),
    /** Stores where it may be used; empty: any store of the site. */
    storeIds: integer('store_ids').array().notNull().default(sql`'{}'::int[]`),
    usedAt: at('used_at'),
    usedStoreId: integer('used_store_id').references(() => stores.id),
    /** Why it ended early (an operator's invalidation) or how (expiry, refund). */
    endReason: text('end_reason').notNull().default(''),
    endedAt: at('ended_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    uniqueIndex('tickets_site_code').on(table.siteId, table.code),
    index('tickets_site_created').on(table.siteId, table.createdAt, table.id),
    index('tickets_order').on(table.orderId),
    index('tickets_member').on(table.siteId, table.memberId, table.id),
    // The expiry sweep reads only the unused tickets that are due.
    index('tickets_unused_due').on(table.validUntil).where(sql`state = 'unused'`),
    check('tickets_used_store', sql`(${table.state} = 'used') = (${table.usedAt} is not null)`),
    check(
      'tickets_one_source',
      sql`(${table.orderId} is not null and ${table.orderLineId} is not null and ${table.exchangeId} is null)
       or (${table.orderId} is null and ${table.orderLineId} is null and ${table.exchangeId} is not null)`,
    ),
    index('tickets_exchange').on(table.exchangeId).where(sql`exchange_id is not null`),
  ],
);

/**
 * Who may write off at a store: a member (through the storefront) or a store account (from the
 * screen). Main and sub-accounts with the write-off screen write off anywhere and need no row.
 */
export const ticketVerifiers = pgTable(
  'ticket_verifiers',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    kind: text('kind', { enum: VERIFIER_KINDS }).notNull(),
    memberId: integer('member_id').references(() => members.id),
    accountId: integer('account_id').references(() => accounts.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    createdBy: integer('created_by').references(() => accounts.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    check(
      'ticket_verifiers_who',
      sql`(${table.kind} = 'member' and ${table.memberId} is not null and ${table.accountId} is null)
       or (${table.kind} = 'account' and ${table.accountId} is not null and ${table.memberId} is null)`,
    ),
    uniqueIndex('ticket_verifiers_member_store')
      .on(table.storeId, table.memberId)
      .where(sql`member_id is not null`),
    uniqueIndex('ticket_verifiers_account_store')
      .on(table.storeId, table.accountId)
      .where(sql`account_id is not null`),
    index('ticket_verifiers_site').on(table.siteId, table.createdAt, table.id),
  ],
);

/**
 * Every write-off, whatever was written off: a ticket today, pickup orders and offline coupons
 * later (`kind`, with `reference` the code shown to people and `reference_id` the row). Append-only.
 */
export const writeOffs = pgTable(
  'write_offs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteId(),
    kind: text('kind', { enum: WRITE_OFF_KINDS }).notNull(),
    referenceId: integer('reference_id').notNull(),
    reference: text('reference').notNull(),
    title: text('title').notNull().default(''),
    memberName: text('member_name').notNull().default(''),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    verifierKind: text('verifier_kind', { enum: VERIFIER_KINDS }).notNull(),
    verifierMemberId: integer('verifier_member_id').references(() => members.id),
    accountId: integer('account_id').references(() => accounts.id),
    verifierName: text('verifier_name').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('write_offs_site_created').on(table.siteId, table.createdAt, table.id),
    index('write_offs_site_store_created').on(table.siteId, table.storeId, table.createdAt, table.id),
    // One write-off per thing written off.
    uniqueIndex('write_offs_reference').on(table.siteId, table.kind, table.referenceId),
  ],
);
