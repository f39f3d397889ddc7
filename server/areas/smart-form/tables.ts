import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { FieldValue, FormDefinition } from '../../../contract/smart-form';
import { sites } from '../../db/schema';

/** A shop's smart forms. `definition` is the builder's field list; saves bump `version`. */
export const smartForms = pgTable(
  'smart_forms',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    definition: jsonb('definition').$type<FormDefinition>().notNull(),
    version: integer('version').notNull().default(1),
    enabled: boolean('enabled').notNull().default(true),
    noticeEnabled: boolean('notice_enabled').notNull().default(false),
    noticeEmails: jsonb('notice_emails').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    noticePhones: jsonb('notice_phones').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('smart_forms_site').on(table.siteId, table.updatedAt)],
);

/**
 * Answers to a form, keyed by field id as normalised at submit time (or at the last edit). `search_text`
 * holds the answers as text so the keyword filter is one ILIKE.
 */
export const smartFormSubmissions = pgTable(
  'smart_form_submissions',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    formId: integer('form_id')
      .notNull()
      .references(() => smartForms.id),
    values: jsonb('values').$type<Record<string, FieldValue>>().notNull(),
    searchText: text('search_text').notNull(),
    clientAddress: text('client_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every edit in the back-office (customFormDataEdit), so a stale edit is refused. */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    updatedBy: integer('updated_by'),
  },
  (table) => [
    index('smart_form_submissions_site').on(table.siteId, table.createdAt),
    index('smart_form_submissions_form').on(table.formId, table.createdAt),
  ],
);
