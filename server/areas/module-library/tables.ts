import { sql } from 'drizzle-orm';
import {
  boolean,
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
import type { ProductSection } from '../../../contract/endpoints/enterprise';
import type { UserCenterSettings } from '../../../contract/endpoints/module-library';
import type { CategoryPageStyle } from '../../../contract/endpoints/shop-templates';
import { sites } from '../../db/schema';
import { productCategories, products } from '../product/tables';

/**
 * The shop's decoration templates ("my templates"). `data` is the wire JSON of SPEC §3 exactly as the
 * codec wrote it; `published_data` the copy the mini-program reads, taken when the check passed.
 */
export const moduleTemplates = pgTable(
  'module_templates',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    shopType: integer('shop_type').notNull(),
    name: text('name').notNull(),
    data: text('data').notNull(),
    /** Bumped by every save of `data`; saves must name the version they were based on. */
    version: integer('version').notNull().default(1),
    isCurrent: boolean('is_current').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedData: text('published_data'),
    publishedVersion: integer('published_version'),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('module_templates_site').on(table.siteId, table.updatedAt),
    // One current template per shop.
    uniqueIndex('module_templates_current').on(table.siteId).where(sql`${table.isCurrent}`),
  ],
);

/**
 * The system's public templates: not owned by a shop, seeded from public-templates/*.json and read
 * by every shop allowed to browse them. `data` is wire JSON with site id 0; a copy gets the shop's.
 */
export const publicTemplates = pgTable(
  'public_templates',
  {
    id: serial('id').primaryKey(),
    shopType: integer('shop_type').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    data: text('data').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('public_templates_type').on(table.shopType, table.sort, table.id)],
);

/** The user-center page of each shop: header, background and menu, saved whole with a version. */
export const userCenterSettings = pgTable('user_center_settings', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id),
  settings: jsonb('settings').$type<UserCenterSettings>().notNull(),
  version: integer('version').notNull().default(1),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export interface ProductLayout {
  sections: { key: ProductSection; visible: boolean }[];
  buyButtonText: string;
  cartButtonText: string;
}

/** Goods-detail templates of a shop; at most one is the default. */
export const productTemplates = pgTable(
  'product_templates',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    layout: jsonb('layout').$type<ProductLayout>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    updatedBy: integer('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('product_templates_site').on(table.siteId, table.id),
    uniqueIndex('product_templates_default').on(table.siteId).where(sql`${table.isDefault}`),
  ],
);

/** A goods category's template; deleting the category or the template drops the binding. */
export const productTemplateCategories = pgTable(
  'product_template_categories',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => productCategories.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => productTemplates.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.siteId, table.categoryId] }),
    index('product_template_categories_template').on(table.templateId),
  ],
);

/** Single goods bound to a template, overriding their category's. */
export const productTemplateProducts = pgTable(
  'product_template_products',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => productTemplates.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.siteId, table.productId] }),
    index('product_template_products_template').on(table.templateId),
  ],
);

/** The shop's reusable text snippets, which the studio's text block inserts (SPEC §7 "texts"). */
export const textSnippets = pgTable(
  'text_snippets',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    title: text('title').notNull(),
    content: text('content').notNull(),
    version: integer('version').notNull().default(1),
    updatedBy: integer('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('text_snippets_site').on(table.siteId, table.updatedAt)],
);

/** The layout of each shop's category page (the "category" page kind of the shop's templates). */
export const categoryPageSettings = pgTable('category_page_settings', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id),
  style: text('style').$type<CategoryPageStyle>().notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
