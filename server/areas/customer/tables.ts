import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  COMPLAINT_KINDS,
  COMPLAINT_SUBJECTS,
  COMPLAINT_TIMELINE_EVENTS,
} from '../../../contract/endpoints/complaints';
import {
  GRADE_CHANGE_CAUSES,
  GROWTH_REASONS,
  MEMBER_GENDERS,
  MEMBER_SOURCES,
  MEMBER_STATES,
} from '../../../contract/endpoints/members';
import { WALLET_CURRENCIES, WALLET_REASONS } from '../../../contract/endpoints/wallet';
import { COMPLAINT_STATES } from '../../../contract/machines/complaint';
import { accounts, sites, stores } from '../../db/schema';

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
    /** The operator's reason of an adjustment. */
    note: text('note').notNull().default(''),
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

/**
 * Member grades of a site, ordered by level. A member's grade rises automatically when growth
 * crosses the next threshold; the grades screen adds discounts and privileges to these rows.
 */
export const memberGrades = pgTable(
  'member_grades',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    level: integer('level').notNull(),
    /** Growth a member needs to hold this grade. */
    growthThreshold: integer('growth_threshold').notNull().default(0),
    /** The grade new members start in; one per site. */
    isDefault: boolean('is_default').notNull().default(false),
    /** What members of the grade pay, in percent of the price (95: 9.5折). */
    discountPercent: integer('discount_percent').notNull().default(100),
    freeShipping: boolean('free_shipping').notNull().default(false),
    /** Other privileges, as labels for the member card. */
    privileges: text('privileges').array().notNull().default(sql`'{}'::text[]`),
    /** Image library URLs. */
    icon: text('icon').notNull().default(''),
    cardBackground: text('card_background').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('member_grades_site_level').on(table.siteId, table.level),
    uniqueIndex('member_grades_one_default').on(table.siteId).where(sql`is_default`),
    check('member_grades_threshold', sql`${table.growthThreshold} >= 0`),
    check('member_grades_discount', sql`${table.discountPercent} between 1 and 100`),
  ],
);

/** A site's growth rules and member-price switches (preferentialSetting); no row: the defaults. */
export const memberSettings = pgTable('member_settings', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id),
  growthPerYuan: integer('growth_per_yuan').notNull(),
  growthPerCheckIn: integer('growth_per_check_in').notNull(),
  growthPerReview: integer('growth_per_review').notNull(),
  gradeOnActivityPrices: boolean('grade_on_activity_prices').notNull(),
  gradeWithCoupon: boolean('grade_with_coupon').notNull(),
  excludedProductIds: integer('excluded_product_ids').array().notNull().default(sql`'{}'::int[]`),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per member and shop day checked in: the primary key makes a second check-in a no-op. */
export const memberCheckIns = pgTable(
  'member_check_ins',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    day: date('day', { mode: 'string' }).notNull(),
    growth: integer('growth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('member_check_ins_once').on(table.siteId, table.memberId, table.day)],
);

/**
 * Recharge rules of stored value: paying at least `pay_fen` earns the bonus of the enabled rule with
 * the highest `pay_fen`, in its window, when the recharge is paid.
 */
export const rechargeRules = pgTable(
  'recharge_rules',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    payFen: integer('pay_fen').notNull(),
    bonusFen: integer('bonus_fen').notNull().default(0),
    bonusPoints: integer('bonus_points').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('recharge_rules_site').on(table.siteId, table.payFen),
    check(
      'recharge_rules_amounts',
      sql`${table.payFen} > 0 and ${table.bonusFen} >= 0 and ${table.bonusPoints} >= 0`,
    ),
  ],
);

export const memberNumbers = pgSequence('member_numbers', { startWith: 1 });

/**
 * The buyers of a site (DESIGN §11). `open_id` is the storefront's buyer id, the key wallets and
 * orders use; `member_no` is what operators read and search.
 */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    memberNo: text('member_no')
      .notNull()
      .default(sql`('M' || lpad(nextval('member_numbers')::text, 8, '0'))`),
    openId: text('open_id').notNull(),
    nickname: text('nickname').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    gender: text('gender', { enum: MEMBER_GENDERS }).notNull().default('unknown'),
    birthday: date('birthday', { mode: 'string' }),
    gradeId: integer('grade_id').references(() => memberGrades.id),
    growth: integer('growth').notNull().default(0),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    source: text('source', { enum: MEMBER_SOURCES }).notNull(),
    inviterId: integer('inviter_id').references((): AnyPgColumn => members.id),
    status: text('status', { enum: MEMBER_STATES }).notNull().default('active'),
    remark: text('remark').notNull().default(''),
    version: integer('version').notNull().default(1),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('members_site_open_id').on(table.siteId, table.openId),
    uniqueIndex('members_member_no').on(table.memberNo),
    index('members_site_registered').on(table.siteId, table.registeredAt, table.id),
    index('members_site_mobile').on(table.siteId, table.mobile),
    check('members_growth', sql`${table.growth} >= 0`),
  ],
);

/** Every change of a member's growth, signed, with the growth after it. */
export const memberGrowthLedger = pgTable(
  'member_growth_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    delta: integer('delta').notNull(),
    after: integer('after').notNull(),
    reason: text('reason', { enum: GROWTH_REASONS }).notNull(),
    /** The operator's reason text, or what the change refers to. */
    note: text('note').notNull().default(''),
    orderNo: text('order_no').notNull().default(''),
    actor: text('actor', { enum: ['buyer', 'operator', 'system'] }).notNull(),
    accountId: integer('account_id').references(() => accounts.id),
    actorName: text('actor_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('member_growth_ledger_change', sql`${table.delta} <> 0 and ${table.after} >= 0`),
    index('member_growth_ledger_member').on(table.siteId, table.memberId, table.id),
  ],
);

/** The grade history of members: automatic upgrades (never downgrades) and operators' changes. */
export const memberGradeChanges = pgTable(
  'member_grade_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    fromGradeId: integer('from_grade_id').references(() => memberGrades.id),
    toGradeId: integer('to_grade_id')
      .notNull()
      .references(() => memberGrades.id),
    cause: text('cause', { enum: GRADE_CHANGE_CAUSES }).notNull(),
    growth: integer('growth').notNull(),
    accountId: integer('account_id').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('member_grade_changes_member').on(table.siteId, table.memberId, table.id)],
);

/**
 * Buyers' complaints and suggestions, filed from the storefront. The buyer is a member; the reply
 * is what the buyer reads back. Status moves only by contract/machines/complaint.ts.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind', { enum: COMPLAINT_KINDS }).notNull(),
    subject: text('subject', { enum: COMPLAINT_SUBJECTS }).notNull(),
    orderNo: text('order_no').notNull().default(''),
    storeId: integer('store_id').references(() => stores.id),
    content: text('content').notNull(),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    contact: text('contact').notNull().default(''),
    status: text('status', { enum: COMPLAINT_STATES }).notNull().default('new'),
    assigneeId: integer('assignee_id').references(() => accounts.id),
    reply: text('reply').notNull().default(''),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('complaints_site_created').on(table.siteId, table.createdAt, table.id),
    index('complaints_member').on(table.siteId, table.memberId, table.id),
  ],
);

/** A complaint's timeline: its filing and every operator's step, with the time of each. */
export const complaintEvents = pgTable(
  'complaint_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id),
    event: text('event', { enum: COMPLAINT_TIMELINE_EVENTS }).notNull(),
    accountId: integer('account_id').references(() => accounts.id),
    actorName: text('actor_name').notNull().default(''),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('complaint_events_complaint').on(table.complaintId, table.id)],
);
