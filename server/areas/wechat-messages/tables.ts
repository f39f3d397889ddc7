import { sql } from 'drizzle-orm';
import {
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
import type {
  KeywordMapping,
  ReplyContent,
  TemplateKeyword,
} from '../../../contract/endpoints/wechat-messages';
import { accounts, sites } from '../../db/schema';
import { memberGrades, members } from '../customer/tables';

/**
 * The shop's customer-service settings. Its mini-program is the one authorised to the platform
 * (wechat-platform's authorizers), whose token makes the calls; the sandbox answers with
 * `sandboxErrcode` when the platform is not configured.
 */
export const wechatConnections = pgTable('wechat_connections', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id),
  defaultReplyOn: boolean('default_reply_on').notNull().default(false),
  defaultReply: jsonb('default_reply').$type<ReplyContent>(),
  sandboxErrcode: integer('sandbox_errcode').notNull().default(0),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
  updatedBy: integer('updated_by').references(() => accounts.id),
});

/** The shop's subscribe-message templates, each added from WeChat's library (addtemplate). */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    priTmplId: text('pri_tmpl_id').notNull(),
    tid: integer('tid').notNull(),
    title: text('title').notNull(),
    sceneDesc: text('scene_desc').notNull(),
    keywords: jsonb('keywords').$type<TemplateKeyword[]>().notNull(),
    provider: text('provider', { enum: ['wechat', 'sandbox'] }).notNull(),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('message_templates_site_pri').on(table.siteId, table.priTmplId)],
);

/** Which template each scene of the shop sends, with the source of each keyword. */
export const messageScenes = pgTable(
  'message_scenes',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    scene: text('scene').notNull(),
    templateId: integer('template_id')
      .notNull()
      .references(() => messageTemplates.id),
    mapping: jsonb('mapping').$type<KeywordMapping[]>().notNull(),
    page: text('page').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('message_scenes_site_scene').on(table.siteId, table.scene)],
);

/**
 * A buyer's acceptances of a one-time template (wx.requestSubscribeMessage): each allows one
 * message. Taken by a guarded `remaining - 1 … where remaining >= 1`, so two events racing for the
 * last one send one message; the delivery row is the record of each use.
 */
export const messageConsents = pgTable(
  'message_consents',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    openId: text('open_id').notNull(),
    priTmplId: text('pri_tmpl_id').notNull(),
    remaining: integer('remaining').notNull().default(0),
    /** The buyer's last answer: accept, reject or ban (switched off for the shop). */
    lastResult: text('last_result').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.siteId, table.openId, table.priTmplId] }),
    check('message_consents_remaining', sql`${table.remaining} >= 0`),
  ],
);

/** Mass sends of one template to all members, a tag or a grade, now or at a time. */
export const messageSends = pgTable(
  'message_sends',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    templateId: integer('template_id')
      .notNull()
      .references(() => messageTemplates.id),
    values: jsonb('values').$type<Record<string, string>>().notNull(),
    page: text('page').notNull().default(''),
    target: text('target', { enum: ['all', 'tag', 'grade'] }).notNull(),
    tag: text('tag'),
    gradeId: integer('grade_id').references(() => memberGrades.id),
    targetLabel: text('target_label').notNull(),
    /** scheduled → running (members resolved into deliveries) → done; or cancelled before it ran. */
    state: text('state', { enum: ['scheduled', 'running', 'done', 'cancelled'] })
      .notNull()
      .default('scheduled'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    requestKey: text('request_key').notNull(),
    createdBy: integer('created_by').references(() => accounts.id),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('message_sends_request').on(table.siteId, table.requestKey),
    index('message_sends_due').on(table.state, table.scheduledAt),
  ],
);

/**
 * The messages' outbox: one row per message to one buyer (a scene's, a mass send's, or a
 * customer-service answer), written in the transaction of what caused it and sent by the sweep.
 * WeChat's send calls take no idempotency key, so a row is sent at most once: it is claimed as
 * `sending` with SKIP LOCKED, and a row whose sender died mid-call is closed as failed after its
 * lease rather than sent again. `idempotencyKey` makes the same event enqueue one row.
 */
export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    kind: text('kind', { enum: ['subscribe', 'custom'] }).notNull(),
    sendId: integer('send_id').references(() => messageSends.id),
    scene: text('scene').notNull().default(''),
    memberId: integer('member_id').references(() => members.id),
    openId: text('open_id').notNull(),
    /** The request body without the access token (touser included). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state', { enum: ['pending', 'sending', 'sent', 'refused', 'failed'] }).notNull(),
    errcode: integer('errcode').notNull().default(0),
    errmsg: text('errmsg').notNull().default(''),
    idempotencyKey: text('idempotency_key').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('message_deliveries_key').on(table.siteId, table.idempotencyKey),
    index('message_deliveries_due').on(table.state, table.nextAttemptAt),
    index('message_deliveries_send').on(table.sendId, table.state),
    index('message_deliveries_site').on(table.siteId, table.createdAt),
  ],
);

/** Keyword auto-replies of customer service. */
export const autoReplies = pgTable(
  'auto_replies',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    keyword: text('keyword').notNull(),
    match: text('match', { enum: ['exact', 'contains'] }).notNull(),
    reply: jsonb('reply').$type<ReplyContent>().notNull(),
    status: text('status', { enum: ['on', 'off'] })
      .notNull()
      .default('on'),
    hits: integer('hits').notNull().default(0),
    deleted: boolean('deleted').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('auto_replies_site').on(table.siteId, table.deleted)],
);

/**
 * The customer-service log: what buyers wrote (from WeChat's push, one row per MsgId, so a push
 * replayed acts once) and what the shop answered (with the delivery that carries it).
 */
export const customerMessages = pgTable(
  'customer_messages',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    openId: text('open_id').notNull(),
    msgId: text('msg_id'),
    msgType: text('msg_type').notNull(),
    content: text('content').notNull().default(''),
    deliveryId: integer('delivery_id').references(() => messageDeliveries.id),
    autoReplyId: integer('auto_reply_id').references(() => autoReplies.id),
    accountId: integer('account_id').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('customer_messages_msg').on(table.siteId, table.msgId),
    index('customer_messages_site').on(table.siteId, table.createdAt),
    index('customer_messages_buyer').on(table.siteId, table.openId, table.direction, table.createdAt),
  ],
);
