import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AuditItem } from '../../../contract/endpoints/mini-program';
import type { BatchItemState } from '../../../contract/endpoints/mini-program-batch';
import type { MiniProgramVersionState } from '../../../contract/machines/mini-program-version';
import type { PayApplymentState } from '../../../contract/machines/pay-applyment';
import { accounts, sites } from '../../db/schema';

/**
 * Code versions of a shop's mini-program (contract/machines/mini-program-version.ts). `step` counts
 * the operator's sends, so each queued call has its own outbox idempotency key.
 */
export const miniProgramVersions = pgTable(
  'mini_program_versions',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    provider: text('provider').notNull(),
    appId: text('app_id').notNull(),
    templateId: integer('template_id').notNull(),
    userVersion: text('user_version').notNull(),
    userDesc: text('user_desc').notNull(),
    extJson: text('ext_json').notNull(),
    status: text('status').$type<MiniProgramVersionState>().notNull().default('uploading'),
    auditId: text('audit_id').notNull().default(''),
    auditItems: jsonb('audit_items').$type<AuditItem[]>().notNull().default(sql`'[]'::jsonb`),
    versionDesc: text('version_desc').notNull().default(''),
    reason: text('reason').notNull().default(''),
    step: integer('step').notNull().default(1),
    committedBy: integer('committed_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (table) => [
    index('mini_program_versions_site').on(table.siteId, table.createdAt),
    index('mini_program_versions_audit').on(table.appId, table.status),
  ],
);

/** Each version's timeline: the operator's steps and WeChat's answers. */
export const miniProgramVersionEvents = pgTable(
  'mini_program_version_events',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    versionId: integer('version_id')
      .notNull()
      .references(() => miniProgramVersions.id),
    event: text('event').notNull(),
    accountId: integer('account_id').references(() => accounts.id),
    actorName: text('actor_name').notNull().default(''),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mini_program_version_events_version').on(table.versionId)],
);

/**
 * WeChat Pay special-merchant applyments (contract/machines/pay-applyment.ts). `businessCode` is the
 * applyment's idempotency key at WeChat Pay (业务申请编号), new for each submission. Identity, account
 * and mobile numbers are sealed with SECRETS_KEY; `*_mask` keeps what the screen may show.
 */
export const payApplyments = pgTable(
  'pay_applyments',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    provider: text('provider').notNull(),
    status: text('status').$type<PayApplymentState>().notNull().default('editing'),
    version: integer('version').notNull().default(1),
    businessCode: text('business_code').notNull().default(''),
    draft: jsonb('draft').$type<Record<string, string>>().notNull(),
    idCardNumberSealed: text('id_card_number_sealed'),
    idCardNumberMask: text('id_card_number_mask').notNull().default(''),
    accountNumberSealed: text('account_number_sealed'),
    accountNumberMask: text('account_number_mask').notNull().default(''),
    contactMobileSealed: text('contact_mobile_sealed'),
    contactMobileMask: text('contact_mobile_mask').notNull().default(''),
    applymentId: text('applyment_id').notNull().default(''),
    signUrl: text('sign_url').notNull().default(''),
    subMchId: text('sub_mch_id').notNull().default(''),
    reason: text('reason').notNull().default(''),
    polledAt: timestamp('polled_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pay_applyments_site').on(table.siteId, table.createdAt)],
);

/**
 * A batch commit (issue 20 §1): one code template committed to several shops' mini-programs by an
 * account that may switch to them. `siteId` is the shop it was started from (who sees it);
 * `apiBase` is the storefront address the ext configs name, taken from the request that started it.
 */
export const miniProgramBatches = pgTable(
  'mini_program_batches',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    provider: text('provider').notNull(),
    templateId: integer('template_id').notNull(),
    userVersion: text('user_version').notNull(),
    userDesc: text('user_desc').notNull(),
    apiBase: text('api_base').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mini_program_batches_site').on(table.siteId, table.createdAt)],
);

/**
 * One shop of a batch. `attempt` counts the operator's retries, so each queued send has its own
 * outbox key; `versionId` is the version the commit made in that shop. `reason` keeps WeChat's
 * refusal as `#errcode errmsg`, or our own refusal as `@message.key`, shown in the reader's language.
 */
export const miniProgramBatchItems = pgTable(
  'mini_program_batch_items',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => miniProgramBatches.id),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    status: text('status').$type<BatchItemState>().notNull().default('pending'),
    attempt: integer('attempt').notNull().default(1),
    versionId: integer('version_id').references(() => miniProgramVersions.id),
    reason: text('reason').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('mini_program_batch_items_site').on(table.batchId, table.siteId),
    index('mini_program_batch_items_version').on(table.versionId),
  ],
);
