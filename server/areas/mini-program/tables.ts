import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { AuditItem } from '../../../contract/endpoints/mini-program';
import type { MiniProgramVersionState } from '../../../contract/machines/mini-program-version';
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
