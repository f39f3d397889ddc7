import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { WALLET_CURRENCIES, WALLET_REASONS } from '../../../contract/endpoints/wallet';
import { accounts, sites } from '../../db/schema';

/**
 * A buyer's stored value (fen) and points, per site. Buyers are the storefront's buyer ids; the row
 * appears with their first credit. Amounts only move through server/areas/customer/service.ts, which
 * guards every decrease in SQL and writes a wallet_ledger row for each change.
 */
export const buyerWallets = pgTable(
  'buyer_wallets',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    buyerId: text('buyer_id').notNull(),
    balanceFen: integer('balance_fen').notNull().default(0),
    points: integer('points').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('buyer_wallets_site_buyer').on(table.siteId, table.buyerId),
    check('buyer_wallets_balance', sql`${table.balanceFen} >= 0`),
    check('buyer_wallets_points', sql`${table.points} >= 0`),
  ],
);

/** Every change of a wallet: the signed amount, the amount after it, why, and for which order. */
export const walletLedger = pgTable(
  'wallet_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    buyerId: text('buyer_id').notNull(),
    currency: text('currency', { enum: WALLET_CURRENCIES }).notNull(),
    delta: integer('delta').notNull(),
    after: integer('after').notNull(),
    reason: text('reason', { enum: WALLET_REASONS }).notNull(),
    orderNo: text('order_no').notNull().default(''),
    actor: text('actor', { enum: ['buyer', 'operator', 'system'] }).notNull(),
    accountId: integer('account_id').references(() => accounts.id),
    actorName: text('actor_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('wallet_ledger_change', sql`${table.delta} <> 0 and ${table.after} >= 0`),
    index('wallet_ledger_buyer').on(table.siteId, table.buyerId, table.id),
    // An order earns its points once, whichever moment (payment or completion) grants them.
    uniqueIndex('wallet_ledger_one_grant')
      .on(table.siteId, table.orderNo)
      .where(sql`reason = 'points_grant'`),
  ],
);
