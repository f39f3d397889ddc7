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
import { DATA_CARRIERS } from '../../../contract/endpoints/data-recharge';
import { PLATFORM_PAY_PROVIDERS, PURCHASE_KINDS } from '../../../contract/endpoints/recharge-records';
import { SMS_LEDGER_REASONS } from '../../../contract/endpoints/sms';
import {
  INVOICE_STATES,
  PURCHASE_STATES,
  REVIEW_STATES,
  SEND_STATES,
} from '../../../contract/machines/added-value';
import { SMS_SCENES } from '../../../contract/sms';
import { accounts, sites } from '../../db/schema';

const at = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => at('created_at').notNull().defaultNow();
const siteId = () =>
  integer('site_id')
    .notNull()
    .references(() => sites.id);

// ---------------------------------------------------------------------------------------------
// The platform's catalogues: rows the platform keeps for every shop (no site).

/** SMS packages the platform sells: a count of messages (billed parts) for a price. */
export const smsPackages = pgTable(
  'sms_packages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    count: integer('count').notNull(),
    priceFen: integer('price_fen').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [check('sms_packages_positive', sql`${table.count} > 0 and ${table.priceFen} > 0`)],
);

/** Mobile data the platform tops numbers up with: a carrier's size, at the platform's price per unit. */
export const dataProducts = pgTable(
  'data_products',
  {
    id: serial('id').primaryKey(),
    carrier: text('carrier', { enum: DATA_CARRIERS }).notNull(),
    sizeMb: integer('size_mb').notNull(),
    costFen: integer('cost_fen').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('data_products_carrier_size').on(table.carrier, table.sizeMb),
    check('data_products_positive', sql`${table.sizeMb} > 0 and ${table.costFen} > 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// What shops buy from the platform

/**
 * A shop's purchase from the platform, paid through the platform's merchant (DESIGN §11). The
 * transaction id is unique, so a payment notification sent again, or twice at once, pays once.
 */
export const platformPurchases = pgTable(
  'platform_purchases',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    purchaseNo: text('purchase_no').notNull(),
    kind: text('kind', { enum: PURCHASE_KINDS }).notNull(),
    smsPackageId: integer('sms_package_id').references(() => smsPackages.id),
    dataPackageId: integer('data_package_id').references(() => dataPackages.id),
    /** Messages, or units of data stock. */
    quantity: integer('quantity').notNull(),
    itemName: text('item_name').notNull(),
    amountFen: integer('amount_fen').notNull(),
    state: text('state', { enum: PURCHASE_STATES }).notNull().default('toPay'),
    provider: text('provider', { enum: PLATFORM_PAY_PROVIDERS }).notNull(),
    codeUrl: text('code_url'),
    transactionId: text('transaction_id'),
    payDueAt: at('pay_due_at'),
    paidAt: at('paid_at'),
    closedAt: at('closed_at'),
    createdBy: integer('created_by').references(() => accounts.id),
    createdAt: createdAt(),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    uniqueIndex('platform_purchases_no').on(table.purchaseNo),
    uniqueIndex('platform_purchases_transaction').on(table.transactionId),
    index('platform_purchases_site_created').on(table.siteId, table.createdAt, table.id),
    index('platform_purchases_pay_due').on(table.payDueAt).where(sql`state = 'toPay'`),
    check('platform_purchases_positive', sql`${table.quantity} > 0 and ${table.amountFen} > 0`),
  ],
);

/** An invoice asked of the platform for a paid purchase; one not withdrawn per purchase. */
export const platformInvoices = pgTable(
  'platform_invoices',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => platformPurchases.id),
    title: text('title').notNull(),
    taxNo: text('tax_no').notNull(),
    email: text('email').notNull(),
    state: text('state', { enum: INVOICE_STATES }).notNull().default('requested'),
    invoiceNo: text('invoice_no').notNull().default(''),
    requestedBy: integer('requested_by').references(() => accounts.id),
    requestedAt: at('requested_at').notNull().defaultNow(),
    issuedAt: at('issued_at'),
    withdrawnAt: at('withdrawn_at'),
  },
  (table) => [
    uniqueIndex('platform_invoices_live').on(table.purchaseId).where(sql`state <> 'withdrawn'`),
    index('platform_invoices_requested').on(table.requestedAt).where(sql`state = 'requested'`),
  ],
);

// ---------------------------------------------------------------------------------------------
// SMS

/** A shop's SMS balance in billed parts: changed only by guarded statements with a ledger row. */
export const smsAccounts = pgTable(
  'sms_accounts',
  {
    siteId: integer('site_id')
      .primaryKey()
      .references(() => sites.id),
    balance: integer('balance').notNull().default(0),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [check('sms_accounts_balance', sql`${table.balance} >= 0`)],
);

/** Every change of a balance, signed, with the balance after it. */
export const smsLedger = pgTable(
  'sms_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteId(),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason', { enum: SMS_LEDGER_REASONS }).notNull(),
    purchaseId: integer('purchase_id').references(() => platformPurchases.id),
    sendId: integer('send_id').references(() => smsSends.id),
    createdAt: createdAt(),
  },
  (table) => [
    index('sms_ledger_site_created').on(table.siteId, table.createdAt, table.id),
    uniqueIndex('sms_ledger_purchase').on(table.purchaseId),
    uniqueIndex('sms_ledger_send_reason').on(table.sendId, table.reason),
  ],
);

/** A shop's signature (one per shop), reviewed by the provider like a template. */
export const smsSignatures = pgTable('sms_signatures', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id),
  name: text('name').notNull(),
  proofImage: text('proof_image').notNull(),
  state: text('state', { enum: REVIEW_STATES }).notNull().default('applied'),
  /** The provider's id once submitted. */
  providerId: text('provider_id'),
  reason: text('reason').notNull().default(''),
  appliedAt: at('applied_at').notNull().defaultNow(),
  reviewedAt: at('reviewed_at'),
  version: integer('version').notNull().default(1),
});

export const smsTemplates = pgTable(
  'sms_templates',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    name: text('name').notNull(),
    scene: text('scene', { enum: SMS_SCENES }).notNull(),
    content: text('content').notNull(),
    state: text('state', { enum: REVIEW_STATES }).notNull().default('applied'),
    providerId: text('provider_id'),
    reason: text('reason').notNull().default(''),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: createdAt(),
    appliedAt: at('applied_at').notNull().defaultNow(),
    reviewedAt: at('reviewed_at'),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    index('sms_templates_site_scene').on(table.siteId, table.scene, table.state).where(sql`not deleted`),
    index('sms_templates_applied').on(table.providerId).where(sql`state = 'applied' and not deleted`),
  ],
);

/**
 * One message to one mobile. What the provider needs is kept on the row (signature, template id,
 * values) so a retry sends the same message; a verification code's values are cleared once it is
 * sent or failed, and its content shows the code masked.
 */
export const smsSends = pgTable(
  'sms_sends',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    mobile: text('mobile').notNull(),
    scene: text('scene', { enum: SMS_SCENES }).notNull(),
    templateId: integer('template_id').references(() => smsTemplates.id),
    signName: text('sign_name').notNull(),
    providerTemplateId: text('provider_template_id').notNull(),
    params: jsonb('params').$type<string[]>().notNull(),
    content: text('content').notNull(),
    parts: integer('parts').notNull(),
    state: text('state', { enum: SEND_STATES }).notNull().default('queued'),
    providerMessageId: text('provider_message_id').notNull().default(''),
    error: text('error').notNull().default(''),
    reference: text('reference').notNull().default(''),
    createdBy: integer('created_by').references(() => accounts.id),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
    failedAt: at('failed_at'),
  },
  (table) => [
    index('sms_sends_site_created').on(table.siteId, table.createdAt, table.id),
    index('sms_sends_site_state').on(table.siteId, table.state, table.createdAt),
  ],
);

/** Storefront verification codes, kept as hashes; used once, within their minutes and tries. */
export const smsVerifyCodes = pgTable(
  'sms_verify_codes',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (table) => [index('sms_verify_codes_site_mobile').on(table.siteId, table.mobile, table.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Data packages

/** What a shop offers its members: a platform product at the shop's price, with the stock it bought. */
export const dataPackages = pgTable(
  'data_packages',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    productId: integer('product_id')
      .notNull()
      .references(() => dataProducts.id),
    code: text('code').notNull(),
    priceFen: integer('price_fen').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    stock: integer('stock').notNull().default(0),
    sold: integer('sold').notNull().default(0),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    uniqueIndex('data_packages_site_code').on(table.siteId, table.code).where(sql`not deleted`),
    index('data_packages_site_sort').on(table.siteId, table.sort, table.id),
    check('data_packages_counts', sql`${table.stock} >= 0 and ${table.sold} >= 0 and ${table.priceFen} > 0`),
  ],
);

export const DATA_STOCK_REASONS = ['purchase', 'sale', 'giveBack'] as const;

/** Every change of a package's stock, signed, with the stock after it. */
export const dataStockLedger = pgTable(
  'data_stock_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteId(),
    packageId: integer('package_id')
      .notNull()
      .references(() => dataPackages.id),
    delta: integer('delta').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason', { enum: DATA_STOCK_REASONS }).notNull(),
    purchaseId: integer('purchase_id').references(() => platformPurchases.id),
    /** The member's recharge order the unit went to or came back from. */
    orderNo: text('order_no').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    index('data_stock_ledger_package').on(table.packageId, table.createdAt),
    uniqueIndex('data_stock_ledger_purchase').on(table.purchaseId),
    uniqueIndex('data_stock_ledger_order_reason')
      .on(table.siteId, table.orderNo, table.reason)
      .where(sql`order_no <> ''`),
  ],
);
