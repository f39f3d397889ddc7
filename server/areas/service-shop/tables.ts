import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { linkEntityColumns, linkEntityIndex } from '../../db/link-entity-columns';
import { stores } from '../../db/schema';
import { bookingForms } from '../marketing/tables';

/**
 * The service shop type's (7) content: the technicians who can be booked and the services they give.
 * `title` is the name and `image` the photo or cover, so both feed the studio's lookups and blocks
 * like every other linkable entity.
 */

export const technicians = pgTable(
  'technicians',
  {
    ...linkEntityColumns(),
    jobTitle: text('job_title').notNull().default(''),
    skills: text('skills').array().notNull().default(sql`'{}'::text[]`),
    storeId: integer('store_id').references(() => stores.id),
    /** Tenths of a star, 0–50: 48 shows as 4.8. */
    rating: integer('rating').notNull().default(50),
    version: integer('version').notNull().default(1),
  },
  (table) => [linkEntityIndex('technicians', table)],
);

export const services = pgTable(
  'services',
  {
    ...linkEntityColumns(),
    priceFen: integer('price_fen').notNull().default(0),
    minutes: integer('minutes').notNull().default(60),
    /** Who gives it, in the order the shop lists them; each is a live technician of the same shop. */
    technicianIds: integer('technician_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** The booking form the service's "book" button opens; none books by phone. */
    bookingFormId: integer('booking_form_id').references(() => bookingForms.id),
    rating: integer('rating').notNull().default(50),
    version: integer('version').notNull().default(1),
  },
  (table) => [linkEntityIndex('services', table)],
);
