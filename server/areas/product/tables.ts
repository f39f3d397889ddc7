import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import { CHARGE_MODES, type FreightRules } from '../../../contract/freight';
import { GOODS_KINDS, type TicketSettings } from '../../../contract/goods-kind';
import { accounts, sites } from '../../db/schema';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const siteId = () =>
  integer('site_id')
    .notNull()
    .references(() => sites.id);
const version = () => integer('version').notNull().default(1);

/** Per-site goods settings; the shop-settings screens will edit them. */
export const productSettings = pgTable('product_settings', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id),
  /** Goods need an approved audit before they can go on the shelf. */
  auditRequired: boolean('audit_required').notNull().default(false),
  version: version(),
});

export const productCategories = pgTable(
  'product_categories',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    parentId: integer('parent_id').references((): AnyPgColumn => productCategories.id),
    name: text('name').notNull(),
    image: text('image').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [index('product_categories_site_parent').on(table.siteId, table.parentId, table.sort)],
);

export const customTypes = pgTable(
  'product_custom_types',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    name: text('name').notNull(),
    image: text('image').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [index('product_custom_types_site').on(table.siteId, table.sort)],
);

export const freightTemplates = pgTable(
  'freight_templates',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    name: text('name').notNull(),
    /** What the rules' amounts count: pieces, grams or cubic centimetres (contract/freight.ts). */
    chargeMode: text('charge_mode', { enum: CHARGE_MODES }).notNull().default('piece'),
    /** The default rule, the region rules and the undeliverable regions, as the freight editor saves them. */
    rules: jsonb('rules').$type<Omit<FreightRules, 'ChargeMode'>>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [
    index('freight_templates_site').on(table.siteId),
    uniqueIndex('freight_templates_site_name').on(table.siteId, table.name),
    // At most one default per shop; setting another clears the old one first.
    uniqueIndex('freight_templates_one_default').on(table.siteId).where(sql`${table.isDefault}`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    name: text('name').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    code: text('code').notNull().default(''),
    categoryId: integer('category_id').references(() => productCategories.id),
    gallery: jsonb('gallery').$type<string[]>().notNull().default([]),
    video: text('video').notNull().default(''),
    /** Sanitised HTML. */
    description: text('description').notNull().default(''),
    /** Lowest and highest SKU price. */
    priceFen: integer('price_fen').notNull().default(0),
    maxPriceFen: integer('max_price_fen').notNull().default(0),
    marketPriceFen: integer('market_price_fen').notNull().default(0),
    salesBase: integer('sales_base').notNull().default(0),
    /** Units really sold; the orders area adds to it. */
    soldCount: integer('sold_count').notNull().default(0),
    freightTemplateId: integer('freight_template_id').references(() => freightTemplates.id),
    sort: integer('sort').notNull().default(0),
    shelfState: text('shelf_state', { enum: ['off', 'on'] })
      .notNull()
      .default('off'),
    auditState: text('audit_state', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    rejectReason: text('reject_reason').notNull().default(''),
    recycleState: text('recycle_state', { enum: ['active', 'recycled', 'purged'] })
      .notNull()
      .default('active'),
    /** Physical goods ship; virtual ones issue an electronic ticket per unit paid (DESIGN §11). */
    kind: text('kind', { enum: GOODS_KINDS }).notNull().default('physical'),
    /** Validity and stores of a virtual good's tickets; null for physical goods. */
    ticketSettings: jsonb('ticket_settings').$type<TicketSettings>(),
    /** Go on the shelf when the pending audit is approved. */
    autoShelf: boolean('auto_shelf').notNull().default(false),
    /** Sum of the SKUs' stock, kept in the same transaction as every stock change. */
    totalStock: integer('total_stock').notNull().default(0),
    skuCount: integer('sku_count').notNull().default(0),
    /** Name and code in lower case: the list's search is a plain LIKE rather than an ILIKE per row. */
    searchText: text('search_text').notNull().generatedAlwaysAs(sql`lower(name || chr(10) || code)`),
    /** The SKUs' codes in lower case, one a line, kept with the SKUs (like total_stock) for the search. */
    skuCodeSearch: text('sku_code_search').notNull().default(''),
    /** Pair hashes (migration 0017) of name, code and SKU codes: the GIN index behind the search. */
    searchGrams: integer('search_grams')
      .array()
      .notNull()
      .generatedAlwaysAs(
        sql`search_gram_hashes(lower(name || chr(10) || code || chr(10) || sku_code_search))`,
      ),
    recycledAt: timestamp('recycled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [
    check('products_total_stock_non_negative', sql`${table.totalStock} >= 0`),
    check(
      'products_price_non_negative',
      sql`${table.priceFen} >= 0 and ${table.maxPriceFen} >= 0 and ${table.marketPriceFen} >= 0`,
    ),
    // The list's default order and its tabs; price, stock and creation back their sorts and ranges.
    index('products_site_sort').on(table.siteId, table.recycleState, table.sort, table.id),
    index('products_site_shelf_sort').on(
      table.siteId,
      table.recycleState,
      table.shelfState,
      table.sort,
      table.id,
    ),
    index('products_site_audit').on(table.siteId, table.recycleState, table.auditState, table.id),
    index('products_site_created').on(table.siteId, table.recycleState, table.createdAt),
    index('products_site_price').on(table.siteId, table.recycleState, table.priceFen),
    index('products_site_stock').on(table.siteId, table.recycleState, table.totalStock),
    index('products_site_category').on(table.siteId, table.categoryId),
    // Goods counts of freight templates and the refusal to delete one in use.
    index('products_freight_template').on(table.freightTemplateId),
    // The tab counts read this index alone (an index-only scan) rather than the wide rows.
    index('products_site_tabs').on(
      table.siteId,
      table.recycleState,
      table.shelfState,
      table.auditState,
      table.totalStock,
    ),
    index('products_site_sales').on(
      table.siteId,
      table.recycleState,
      sql`(${table.salesBase} + ${table.soldCount})`,
      table.id,
    ),
    index('products_site_name').on(table.siteId, table.recycleState, table.name, table.id),
    index('products_site_updated').on(table.siteId, table.recycleState, table.updatedAt, table.id),
    index('products_search_grams').using('gin', table.searchGrams),
  ],
);

export const productSpecs = pgTable(
  'product_specs',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    values: jsonb('values').$type<string[]>().notNull(),
  },
  (table) => [index('product_specs_product').on(table.productId, table.position)],
);

export const skus = pgTable(
  'skus',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    specValues: jsonb('spec_values').$type<string[]>().notNull().default([]),
    specText: text('spec_text').notNull().default(''),
    priceFen: integer('price_fen').notNull(),
    stock: integer('stock').notNull().default(0),
    code: text('code').notNull().default(''),
    weightG: integer('weight_g').notNull().default(0),
    /** Volume of one unit in cubic centimetres, for freight templates charging by volume. */
    volumeCm3: integer('volume_cm3').notNull().default(0),
    image: text('image').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    check('skus_stock_non_negative', sql`${table.stock} >= 0`),
    check('skus_price_non_negative', sql`${table.priceFen} >= 0`),
    index('skus_product').on(table.productId, table.position),
    index('skus_site_code').on(table.siteId, table.code),
  ],
);

/** The stock ledger: one row per change of a SKU's stock. */
export const stockLog = pgTable(
  'stock_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteId(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id').notNull(),
    /** What moved the stock: an operator's set/add, a goods edit, the first stock, an order… */
    kind: text('kind', { enum: ['set', 'add', 'edit', 'initial', 'order'] }).notNull(),
    delta: integer('delta').notNull(),
    after: integer('after').notNull(),
    reason: text('reason').notNull(),
    accountId: integer('account_id').references(() => accounts.id),
    accountName: text('account_name').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('stock_log_product').on(table.siteId, table.productId, table.at),
    index('stock_log_sku').on(table.skuId),
  ],
);

export const productCustomTypes = pgTable(
  'product_custom_type_links',
  {
    siteId: siteId(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    customTypeId: integer('custom_type_id')
      .notNull()
      .references(() => customTypes.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.customTypeId] }),
    index('product_custom_type_links_type').on(table.customTypeId),
  ],
);

/** Categories a store (a store account) sells. */
export const storeCategories = pgTable(
  'store_product_types',
  {
    siteId: siteId(),
    storeId: integer('store_id')
      .notNull()
      .references(() => accounts.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => productCategories.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.storeId, table.categoryId] })],
);

export const relatedProducts = pgTable(
  'related_products',
  {
    siteId: siteId(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    relatedId: integer('related_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.relatedId] })],
);

export const attributeTypes = pgTable(
  'attribute_types',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [index('attribute_types_site').on(table.siteId, table.sort)],
);

export const attributeSpecs = pgTable(
  'attribute_specs',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    typeId: integer('type_id')
      .notNull()
      .references(() => attributeTypes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    values: jsonb('values').$type<string[]>().notNull().default([]),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [index('attribute_specs_type').on(table.typeId, table.sort)],
);

export const productComments = pgTable(
  'product_comments',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    buyerName: text('buyer_name').notNull(),
    /**
     * The open id and order of a review the buyer posted through the storefront (or the default
     * review of their order); null for comments the shop entered and rows from before buyers
     * could review.
     */
    buyerId: text('buyer_id'),
    orderNo: text('order_no'),
    score: integer('score').notNull(),
    content: text('content').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    state: text('state', { enum: ['visible', 'hidden', 'deleted'] })
      .notNull()
      .default('visible'),
    /** Entered in the back-office rather than by a buyer. */
    addedByShop: boolean('added_by_shop').notNull().default(false),
    replyCount: integer('reply_count').notNull().default(0),
    shopReplied: boolean('shop_replied').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (table) => [
    check('product_comments_score', sql`${table.score} between 1 and 5`),
    check('product_comments_buyer_order', sql`(${table.buyerId} is null) = (${table.orderNo} is null)`),
    // One review per order and goods: parallel posts of the same review leave one.
    uniqueIndex('product_comments_order_product').on(table.siteId, table.orderNo, table.productId),
    index('product_comments_site').on(table.siteId, table.state, table.createdAt),
    index('product_comments_product').on(table.siteId, table.productId, table.createdAt),
  ],
);

export const commentReplies = pgTable(
  'product_comment_replies',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    commentId: integer('comment_id')
      .notNull()
      .references(() => productComments.id, { onDelete: 'cascade' }),
    author: text('author', { enum: ['shop', 'buyer'] }).notNull(),
    authorName: text('author_name').notNull(),
    accountId: integer('account_id').references(() => accounts.id),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('product_comment_replies_comment').on(table.commentId, table.createdAt)],
);
