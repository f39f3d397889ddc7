import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { OfflinePaymentMethod, PayCheck } from '../../../contract/endpoints/payment';
import { accounts, sites } from '../../db/schema';

/**
 * One row per site that has changed its payment settings; a site without one pays through the
 * sandbox and takes every offline method. The `*_sealed` columns hold secrets sealed with
 * SECRETS_KEY (server/secret-box.ts), never the secret itself.
 */
export const paymentSettings = pgTable('payment_settings', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id),
  version: integer('version').notNull().default(1),
  wechatEnabled: boolean('wechat_enabled').notNull().default(false),
  mchId: text('mch_id').notNull().default(''),
  appId: text('app_id').notNull().default(''),
  serialNo: text('serial_no').notNull().default(''),
  apiV3KeySealed: text('api_v3_key_sealed'),
  /** Last 4 characters of the API v3 key, for the mask. */
  apiV3KeyHint: text('api_v3_key_hint').notNull().default(''),
  privateKeySealed: text('private_key_sealed'),
  privateKeyHint: text('private_key_hint').notNull().default(''),
  /** The platform certificate is public: kept in clear, with its serial and expiry for the screen. */
  platformCertificate: text('platform_certificate'),
  platformSerial: text('platform_serial').notNull().default(''),
  platformExpiresAt: timestamp('platform_expires_at', { withTimezone: true }),
  offlineMethods: jsonb('offline_methods')
    .$type<OfflinePaymentMethod[]>()
    .notNull()
    .default(sql`'["cash","card","transfer"]'::jsonb`),
  sandboxRefuses: boolean('sandbox_refuses').notNull().default(false),
  lastCheck: jsonb('last_check').$type<PayCheck>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
  updatedBy: integer('updated_by').references(() => accounts.id),
});

/**
 * WeChat Pay transactions that paid an order, one row each: a notification sent again (WeChat Pay
 * retries until it is answered) or twice at once finds the row and changes nothing.
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    provider: text('provider').notNull(),
    transactionId: text('transaction_id').notNull(),
    notificationId: text('notification_id').notNull(),
    orderNo: text('order_no').notNull(),
    amountFen: integer('amount_fen').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_notifications_transaction').on(table.siteId, table.provider, table.transactionId),
  ],
);

/**
 * What must reach an outside service (DESIGN §11): written in the transaction of the change that
 * needs it, sent by the sweep afterwards, never from inside a transaction. `idempotencyKey` is unique
 * and is what the provider sees too (out_refund_no for refunds), so a retry after a lost answer is
 * not a second refund. Rows are claimed with SKIP LOCKED, so several instances drain side by side.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** pending → sent, or failed after the last attempt. */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error').notNull().default(''),
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('outbox_idempotency_key').on(table.idempotencyKey),
    index('outbox_due').on(table.state, table.nextAttemptAt),
  ],
);
