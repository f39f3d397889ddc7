import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, sites } from '../../db/schema';

/**
 * Tokens WeChat hands out for two hours (the platform's component_access_token, each authorised
 * mini-program's authorizer_access_token), shared by every instance. `refreshingUntil` is the lease
 * of the one caller fetching a new token; the others wait for its row rather than ask WeChat again
 * (WeChat limits the calls a day, and a second fetch invalidates the first token after a while).
 */
export const wechatTokens = pgTable('wechat_tokens', {
  /** `component:<platform app id>` or `authorizer:<mini-program app id>`. */
  key: text('key').primaryKey(),
  tokenSealed: text('token_sealed'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  refreshingUntil: timestamp('refreshing_until', { withTimezone: true }),
  refreshCount: integer('refresh_count').notNull().default(0),
});

/** The component_verify_ticket WeChat pushes every ten minutes; the platform token is bought with it. */
export const wechatVerifyTickets = pgTable('wechat_verify_tickets', {
  componentAppId: text('component_app_id').primaryKey(),
  ticket: text('ticket').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

export const AUTHORIZER_STATES = ['authorized', 'revoked'] as const;

/**
 * A shop's mini-program authorised to the platform (one per site). The refresh token is what lets the
 * platform act for the mini-program for good, so it is sealed with SECRETS_KEY; `provider` says
 * whether the authorisation happened at WeChat or in the sandbox.
 */
export const wechatAuthorizers = pgTable(
  'wechat_authorizers',
  {
    siteId: integer('site_id')
      .primaryKey()
      .references(() => sites.id),
    provider: text('provider').notNull(),
    appId: text('app_id').notNull(),
    state: text('state').$type<(typeof AUTHORIZER_STATES)[number]>().notNull().default('authorized'),
    refreshTokenSealed: text('refresh_token_sealed').notNull(),
    nickname: text('nickname').notNull().default(''),
    headImage: text('head_image').notNull().default(''),
    principalName: text('principal_name').notNull().default(''),
    /** WeChat's original id (gh_…): the ToUserName of its pushes. */
    userName: text('user_name').notNull().default(''),
    /** The permission sets (func_info ids) the shop granted. */
    permissions: jsonb('permissions').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    domains: jsonb('domains')
      .$type<{ request: string[]; ws: string[]; upload: string[]; download: string[] }>()
      .notNull()
      .default(sql`'{"request":[],"ws":[],"upload":[],"download":[]}'::jsonb`),
    visitOpen: boolean('visit_open').notNull().default(true),
    version: integer('version').notNull().default(1),
    authorizedAt: timestamp('authorized_at', { withTimezone: true }).notNull(),
    authorizedBy: integer('authorized_by').references(() => accounts.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('wechat_authorizers_app').on(table.provider, table.appId)],
);

/**
 * Pushes already acted on, one row each: WeChat sends a push again when it gets no "success" in
 * five seconds, so the same event may arrive twice, or twice at once.
 */
export const wechatPushes = pgTable(
  'wechat_pushes',
  {
    id: serial('id').primaryKey(),
    dedupeKey: text('dedupe_key').notNull(),
    kind: text('kind').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('wechat_pushes_dedupe').on(table.dedupeKey)],
);
