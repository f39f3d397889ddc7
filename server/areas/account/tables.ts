import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sites } from '../../db/schema';

/** What the shop's members sent through the mini-program's feedback page, and the shop's reply. */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    memberName: text('member_name').notNull(),
    phone: text('phone').notNull().default(''),
    content: text('content').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** 0 new, 1 handled (contract/endpoints/account-feedback.ts FeedbackStatus). */
    status: integer('status').notNull().default(0),
    reply: text('reply').notNull().default(''),
    handledBy: integer('handled_by'),
    handledByName: text('handled_by_name').notNull().default(''),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('feedback_site').on(table.siteId, table.status, table.createdAt)],
);
