import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sites } from '../../db/schema';

/** The shop's poster and certificate designs; `data` is the JSON of contract/poster-document.ts. */
export const posterDocuments = pgTable(
  'poster_documents',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    /** 'poster' or 'certificate'. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    data: text('data').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Bumped by every save; saves must name the version they were based on. */
    version: integer('version').notNull().default(1),
    /** A certificate design the shop issues its certificates with (one per shop). */
    inUse: boolean('in_use').notNull().default(false),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('poster_documents_site').on(table.siteId, table.kind, table.updatedAt),
    uniqueIndex('poster_documents_in_use').on(table.siteId, table.kind).where(sql`${table.inUse}`),
  ],
);

/** The posters the shop's members may share; the one in use is what they get. */
export const sharePosters = pgTable(
  'share_posters',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    posterId: integer('poster_id')
      .notNull()
      .references(() => posterDocuments.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    inUse: boolean('in_use').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('share_posters_poster').on(table.siteId, table.posterId),
    uniqueIndex('share_posters_in_use').on(table.siteId).where(sql`${table.inUse}`),
  ],
);

/** Certificates the shop issued: who holds which number, drawn with a certificate design. */
export const certificateRecords = pgTable(
  'certificate_records',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    certificateId: integer('certificate_id')
      .notNull()
      .references(() => posterDocuments.id),
    holderName: text('holder_name').notNull(),
    number: text('number').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('certificate_records_number').on(table.siteId, table.number),
    index('certificate_records_certificate').on(table.siteId, table.certificateId),
  ],
);
