import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { GOODS_RULE_MODES } from '../../../contract/commission';
import { COMMISSION_STATES } from '../../../contract/endpoints/commissions';
import { JOINING_RULES, SETTLE_MOMENTS } from '../../../contract/endpoints/distribution';
import { WECHAT_ACCOUNT_STATES } from '../../../contract/endpoints/promoters';
import {
  APPLICATION_STATES,
  PROMOTER_STATES,
  WITHDRAWAL_CHANNELS,
  WITHDRAWAL_STATES,
} from '../../../contract/machines/distribution';
import { accounts, sites } from '../../db/schema';
import { members } from '../customer/tables';
import { orderLines, orders } from '../order/tables';
import { products } from '../product/tables';

const at = (name: string) => timestamp(name, { withTimezone: true });
const siteId = () =>
  integer('site_id')
    .notNull()
    .references(() => sites.id);
const version = () => integer('version').notNull().default(1);
const ACTORS = ['buyer', 'operator', 'system'] as const;

/** A site's distribution rules (promotionSetting); no row: DEFAULT_DISTRIBUTION_SETTING. Rates in parts of ten thousand. */
export const distributionSettings = pgTable(
  'distribution_settings',
  {
    siteId: integer('site_id')
      .primaryKey()
      .references(() => sites.id),
    enabled: boolean('enabled').notNull(),
    levels: integer('levels').notNull(),
    joining: text('joining', { enum: JOINING_RULES }).notNull(),
    joinSpendingFen: integer('join_spending_fen').notNull(),
    selfPurchase: boolean('self_purchase').notNull(),
    level1Rate: integer('level1_rate').notNull(),
    level2Rate: integer('level2_rate').notNull(),
    settleMoment: text('settle_moment', { enum: SETTLE_MOMENTS }).notNull(),
    freezeDays: integer('freeze_days').notNull(),
    withdrawMinFen: integer('withdraw_min_fen').notNull(),
    withdrawFeeRate: integer('withdraw_fee_rate').notNull(),
    withdrawChannels: text('withdraw_channels').array().notNull(),
    dailyLimitFen: integer('daily_limit_fen').notNull(),
    version: version(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check(
      'distribution_settings_ranges',
      sql`${table.levels} in (1, 2) and ${table.level1Rate} >= 0 and ${table.level2Rate} >= 0
      and ${table.level1Rate} + ${table.level2Rate} <= 10000 and ${table.freezeDays} >= 0
      and ${table.withdrawMinFen} >= 0 and ${table.withdrawFeeRate} between 0 and 10000
      and ${table.dailyLimitFen} >= 0 and ${table.joinSpendingFen} >= 0`,
    ),
  ],
);

/** Promoter grades: a grade's promoters earn its rates at each level instead of the settings'. */
export const promoterGrades = pgTable(
  'promoter_grades',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    name: text('name').notNull(),
    level1Rate: integer('level1_rate').notNull(),
    level2Rate: integer('level2_rate').notNull(),
    version: version(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('promoter_grades_site_name').on(table.siteId, table.name),
    check(
      'promoter_grades_rates',
      sql`${table.level1Rate} >= 0 and ${table.level2Rate} >= 0 and ${table.level1Rate} + ${table.level2Rate} <= 10000`,
    ),
  ],
);

/** Per-goods overrides of commission: a ratio of their own, a fixed amount per unit, or none. */
export const distributionGoodsRules = pgTable(
  'distribution_goods_rules',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    mode: text('mode', { enum: GOODS_RULE_MODES }).notNull(),
    level1: integer('level1').notNull(),
    level2: integer('level2').notNull(),
    version: version(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('distribution_goods_rules_product').on(table.siteId, table.productId),
    check('distribution_goods_rules_values', sql`${table.level1} >= 0 and ${table.level2} >= 0`),
  ],
);

/**
 * Promoters: members who promote the shop. The parent is the promoter who invited them, fixed when
 * they join. Balances move only by guarded statements with a commission_ledger row each:
 * `withdrawable_fen` may fall below zero only by a reversal (a refund after settling), so a
 * withdrawal, guarded by `withdrawable_fen >= amount`, is then refused until new commission covers it.
 */
export const promoters = pgTable(
  'promoters',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    parentId: integer('parent_id').references((): AnyPgColumn => promoters.id),
    gradeId: integer('grade_id').references(() => promoterGrades.id),
    status: text('status', { enum: PROMOTER_STATES }).notNull().default('active'),
    withdrawableFen: integer('withdrawable_fen').notNull().default(0),
    frozenFen: integer('frozen_fen').notNull().default(0),
    earnedFen: integer('earned_fen').notNull().default(0),
    withdrawnFen: integer('withdrawn_fen').notNull().default(0),
    joinedAt: at('joined_at').notNull().defaultNow(),
    version: version(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('promoters_site_member').on(table.siteId, table.memberId),
    index('promoters_site_joined').on(table.siteId, table.joinedAt, table.id),
    index('promoters_parent').on(table.parentId),
    check('promoters_balances', sql`${table.frozenFen} >= 0 and ${table.withdrawnFen} >= 0`),
  ],
);

/** Members' applications to promote: one pending at a time per member. */
export const promoterApplications = pgTable(
  'promoter_applications',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    state: text('state', { enum: APPLICATION_STATES }).notNull().default('pending'),
    reason: text('reason').notNull().default(''),
    decidedBy: integer('decided_by').references(() => accounts.id),
    deciderName: text('decider_name').notNull().default(''),
    appliedAt: at('applied_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
  },
  (table) => [
    uniqueIndex('promoter_applications_one_pending')
      .on(table.siteId, table.memberId)
      .where(sql`state = 'pending'`),
    index('promoter_applications_site_applied').on(table.siteId, table.appliedAt, table.id),
  ],
);

/**
 * Commission rows: one per paid order line and level that earned something. `amount_fen` is what
 * was written at payment; refunds raise `void_fen`, and a row whose whole amount is void is `void`.
 * `base_fen`, `mode` and `value` say how it was figured, so a refund can figure what is left.
 */
export const commissions = pgTable(
  'commissions',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderNo: text('order_no').notNull(),
    lineId: integer('line_id')
      .notNull()
      .references(() => orderLines.id),
    buyerMemberId: integer('buyer_member_id')
      .notNull()
      .references(() => members.id),
    promoterId: integer('promoter_id')
      .notNull()
      .references(() => promoters.id),
    level: integer('level').notNull(),
    baseFen: integer('base_fen').notNull(),
    mode: text('mode', { enum: ['ratio', 'fixed'] }).notNull(),
    value: integer('value').notNull(),
    amountFen: integer('amount_fen').notNull(),
    voidFen: integer('void_fen').notNull().default(0),
    state: text('state', { enum: COMMISSION_STATES }).notNull().default('pending'),
    createdAt: at('created_at').notNull().defaultNow(),
    settledAt: at('settled_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('commissions_line_level').on(table.lineId, table.level),
    index('commissions_order').on(table.orderId),
    index('commissions_site_promoter').on(table.siteId, table.promoterId, table.createdAt),
    index('commissions_site_created').on(table.siteId, table.createdAt, table.id),
    index('commissions_pending').on(table.orderId).where(sql`state = 'pending'`),
    check(
      'commissions_amounts',
      sql`${table.level} in (1, 2) and ${table.amountFen} > 0 and ${table.voidFen} between 0 and ${table.amountFen}`,
    ),
  ],
);

export const LEDGER_REASONS = ['settle', 'reversal', 'withdraw', 'withdrawReturn', 'withdrawPaid'] as const;

/**
 * Every change of a promoter's balances: settled commission in, reversals out, amounts frozen by
 * withdrawals, given back and paid out. A commission row is credited once (the unique index).
 */
export const commissionLedger = pgTable(
  'commission_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteId(),
    promoterId: integer('promoter_id')
      .notNull()
      .references(() => promoters.id),
    reason: text('reason', { enum: LEDGER_REASONS }).notNull(),
    withdrawableDelta: integer('withdrawable_delta').notNull(),
    frozenDelta: integer('frozen_delta').notNull(),
    withdrawableAfter: integer('withdrawable_after').notNull(),
    frozenAfter: integer('frozen_after').notNull(),
    commissionId: integer('commission_id').references(() => commissions.id),
    withdrawalId: integer('withdrawal_id').references((): AnyPgColumn => withdrawals.id),
    orderNo: text('order_no').notNull().default(''),
    actor: text('actor', { enum: ACTORS }).notNull(),
    accountId: integer('account_id').references(() => accounts.id),
    actorName: text('actor_name').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('commission_ledger_promoter').on(table.siteId, table.promoterId, table.id),
    uniqueIndex('commission_ledger_one_settle').on(table.commissionId).where(sql`reason = 'settle'`),
    check(
      'commission_ledger_change',
      sql`(${table.withdrawableDelta} <> 0 or ${table.frozenDelta} <> 0) and ${table.frozenAfter} >= 0`,
    ),
  ],
);

/** The WeChat accounts promoters bound for change payouts; one bound at a time per promoter. */
export const promoterWechatAccounts = pgTable(
  'promoter_wechat_accounts',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    promoterId: integer('promoter_id')
      .notNull()
      .references(() => promoters.id),
    openId: text('open_id').notNull(),
    realName: text('real_name').notNull(),
    state: text('state', { enum: WECHAT_ACCOUNT_STATES }).notNull().default('bound'),
    boundAt: at('bound_at').notNull().defaultNow(),
    unboundAt: at('unbound_at'),
  },
  (table) => [
    uniqueIndex('promoter_wechat_one_bound').on(table.siteId, table.promoterId).where(sql`state = 'bound'`),
    index('promoter_wechat_site_bound').on(table.siteId, table.boundAt, table.id),
  ],
);

/** Withdrawal numbers: `W`, the shop day, and this, six digits or more. */
export const withdrawalNumbers = pgSequence('withdrawal_numbers', { startWith: 1 });

/**
 * Withdrawals of commission, moved by contract/machines/distribution.ts. The account paid is copied
 * in when applying. A WeChat change payout is sent as transfer batch `out_batch_no`, numbered by the
 * withdrawal and its attempt: WeChat Pay treats the same number as the same transfer, and a new
 * number is only used after the previous attempt definitely failed.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    withdrawalNo: text('withdrawal_no').notNull(),
    promoterId: integer('promoter_id')
      .notNull()
      .references(() => promoters.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    amountFen: integer('amount_fen').notNull(),
    feeFen: integer('fee_fen').notNull(),
    payoutFen: integer('payout_fen').notNull(),
    channel: text('channel', { enum: WITHDRAWAL_CHANNELS }).notNull(),
    state: text('state', { enum: WITHDRAWAL_STATES }).notNull().default('applied'),
    wechatAccountId: integer('wechat_account_id').references(() => promoterWechatAccounts.id),
    wechatOpenId: text('wechat_open_id').notNull().default(''),
    wechatRealName: text('wechat_real_name').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    bankAccountName: text('bank_account_name').notNull().default(''),
    bankAccountNo: text('bank_account_no').notNull().default(''),
    reason: text('reason').notNull().default(''),
    voucher: text('voucher').notNull().default(''),
    payAttempt: integer('pay_attempt').notNull().default(0),
    outBatchNo: text('out_batch_no').notNull().default(''),
    /** The provider's batch id, once it answered. */
    payoutNo: text('payout_no').notNull().default(''),
    /** When the provider was last asked how a transfer it accepted went. */
    checkedAt: at('checked_at'),
    appliedAt: at('applied_at').notNull().defaultNow(),
    approvedAt: at('approved_at'),
    payingAt: at('paying_at'),
    paidAt: at('paid_at'),
    failedAt: at('failed_at'),
    rejectedAt: at('rejected_at'),
    version: version(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('withdrawals_site_no').on(table.siteId, table.withdrawalNo),
    index('withdrawals_site_applied').on(table.siteId, table.appliedAt, table.id),
    index('withdrawals_promoter').on(table.siteId, table.promoterId, table.appliedAt),
    index('withdrawals_paying').on(table.siteId, table.outBatchNo).where(sql`state = 'paying'`),
    check(
      'withdrawals_amounts',
      sql`${table.amountFen} > 0 and ${table.feeFen} >= 0 and ${table.payoutFen} = ${table.amountFen} - ${table.feeFen}
      and ${table.payoutFen} > 0`,
    ),
  ],
);

/** A withdrawal's timeline: one row per change, by the promoter, an operator or the system. */
export const withdrawalLog = pgTable(
  'withdrawal_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteId(),
    withdrawalId: integer('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id),
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    actor: text('actor', { enum: ACTORS }).notNull(),
    accountId: integer('account_id').references(() => accounts.id),
    actorName: text('actor_name').notNull().default(''),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: at('at').notNull().defaultNow(),
  },
  (table) => [index('withdrawal_log_withdrawal').on(table.withdrawalId, table.id)],
);
