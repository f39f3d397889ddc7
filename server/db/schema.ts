import { sql } from 'drizzle-orm';
import {
  bigserial,
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
import type { StoreArea } from '../../contract/endpoints/stores';
import { linkEntityColumns, linkEntityIndex } from './link-entity-columns';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A shop's stores. Store accounts belong to one (`accounts.store_id`), so the table sits with the
 * accounts rather than in the shop-settings area that edits it.
 */
export const stores = pgTable(
  'stores',
  {
    ...linkEntityColumns(),
    address: text('address').notNull().default(''),
    tel: text('tel').notNull().default(''),
    /** "lat,lng" (GCJ-02, as WeChat maps use). */
    latlng: text('latlng').notNull().default(''),
    /** Opening hours as shown, e.g. 09:00-22:00; a close before the open runs past midnight. */
    hours: text('hours').notNull().default(''),
    contact: text('contact').notNull().default(''),
    /** Province, city and district codes and names of the /Comm area calls, or null when not given. */
    area: jsonb('area').$type<StoreArea>(),
    /** Days it opens, 1 (Monday) to 7 (Sunday). */
    weekdays: jsonb('weekdays').$type<number[]>().notNull().default([1, 2, 3, 4, 5, 6, 7]),
    /** Buyers may choose it as their pickup point. */
    pickup: boolean('pickup').notNull().default(true),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [linkEntityIndex('stores', table)],
);

export const sites = pgTable('sites', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  shopType: integer('shop_type').notNull(),
  /** Site type shown in the switch-system list (SPEC §3 Site.Description). */
  description: text('description').notNull().default(''),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  version: integer('version').notNull().default(1),
});

export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    userName: text('user_name').notNull(),
    kind: text('kind', { enum: ['main', 'sub', 'store'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: jsonb('roles').$type<string[]>().notNull().default([]),
    isStore: boolean('is_store').notNull().default(false),
    storeName: text('store_name'),
    /** The store a store account works for: it sees and acts on that store's orders only. */
    storeId: integer('store_id').references(() => stores.id),
    wechatOpenId: text('wechat_open_id'),
    disabled: boolean('disabled').notNull().default(false),
    avatar: text('avatar').notNull().default(''),
    introduction: text('introduction').notNull().default(''),
    /**
     * Raised by a trigger on `grants` whenever this account's grants change, however they are
     * written, so the session lookup names the grant set by a number instead of aggregating it.
     */
    grantsVersion: integer('grants_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    // Main and store accounts log in without a site, so their names are unique everywhere;
    // sub-accounts log in through /dislogin?siteId=…, so theirs are unique per site.
    uniqueIndex('accounts_login_name').on(table.userName).where(sql`kind <> 'sub'`),
    uniqueIndex('accounts_sub_name').on(table.siteId, table.userName).where(sql`kind = 'sub'`),
  ],
);

/** Extra sites an account may switch to (SPEC §4 "Switch system"). */
export const accountSites = pgTable(
  'account_sites',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.siteId] })],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    roles: jsonb('roles').$type<string[]>().notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('sessions_token').on(table.tokenHash),
    index('sessions_account').on(table.accountId),
  ],
);

export const verifyCodes = pgTable('verify_codes', {
  id: text('id').primaryKey(),
  answer: text('answer').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Fixed-window request counters by key (e.g. client address + form), shared by every instance on
 * the database: an in-memory counter would let each instance grant the whole limit again.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_windows_ends').on(table.endsAt)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountKey: text('account_key').notNull(),
    address: text('address').notNull(),
    success: boolean('success').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('login_attempts_account').on(table.accountKey, table.at),
    index('login_attempts_address').on(table.address, table.at),
  ],
);

/** One-time tickets handed out by ChangeSite and redeemed by a LoginType 3 login. */
export const switchTickets = pgTable('switch_tickets', {
  tokenHash: text('token_hash').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** The route tree of SPEC §2 (global, not per site); accounts see what `grants` gives them. */
export const menus = pgTable('menus', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id'),
  path: text('path').notNull().unique(),
  name: text('name').notNull(),
  titleKey: text('title_key').notNull(),
  icon: text('icon').notNull().default(''),
  hidden: boolean('hidden').notNull().default(false),
  roles: jsonb('roles').$type<string[]>().notNull().default([]),
  noCache: boolean('no_cache').notNull().default(false),
  redirect: text('redirect').notNull().default(''),
  sort: integer('sort').notNull(),
});

export const grants = pgTable(
  'grants',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.menuId] })],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id').notNull(),
    accountId: integer('account_id'),
    action: text('action').notNull(),
    target: text('target').notNull().default(''),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull().default({}),
    /** 'success', or 'refused' for a write the server turned down (the row then names the error). */
    outcome: text('outcome', { enum: ['success', 'refused'] })
      .notNull()
      .default('success'),
    error: text('error').notNull().default(''),
    ip: text('ip').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_site').on(table.siteId, table.at),
    index('audit_log_site_account').on(table.siteId, table.accountId, table.at),
  ],
);

export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    folderId: integer('folder_id'),
    name: text('name').notNull(),
    storedPath: text('stored_path').notNull(),
    url: text('url').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (table) => [index('uploads_site').on(table.siteId, table.createdAt)],
);
