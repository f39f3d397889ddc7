import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { BOOKING_EVENTS } from '../../../contract/endpoints/bookings';
import { BOOKING_STATES } from '../../../contract/machines/booking';
import type { FormDefinition } from '../../../contract/smart-form';
import { sites, stores } from '../../db/schema';
import { members } from '../customer/tables';
import { bookingForms } from '../marketing/tables';
import { orders } from '../order/tables';

const at = (name: string) => timestamp(name, { withTimezone: true });
const siteId = () =>
  integer('site_id')
    .notNull()
    .references(() => sites.id);

/**
 * Seats taken of one slot (or whole day) of a form at a store on a day. `taken` changes only
 * through guarded UPDATEs (`taken < seats` to take one, `taken >= 1` to give one back), each with a
 * booking_seat_log row, so parallel bookings never pass the seats the form offers.
 */
export const bookingSeats = pgTable(
  'booking_seats',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    formId: integer('form_id')
      .notNull()
      .references(() => bookingForms.id),
    /** 0: the form books no store. */
    storeId: integer('store_id').notNull().default(0),
    day: date('day').notNull(),
    /** `HH:MM-HH:MM`, or `day` when the day's seats are shared (contract/booking.ts seatKey). */
    seat: text('seat').notNull(),
    taken: integer('taken').notNull().default(0),
  },
  (table) => [
    uniqueIndex('booking_seats_key').on(table.formId, table.storeId, table.day, table.seat),
    check('booking_seats_taken', sql`${table.taken} >= 0`),
  ],
);

/** Bookings of a booking form: one seat each, with the answers to the form's fields. */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    bookingNo: text('booking_no').notNull(),
    formId: integer('form_id')
      .notNull()
      .references(() => bookingForms.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** The buyer's open id, as the storefront names buyers. */
    buyerId: text('buyer_id').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    storeId: integer('store_id').references(() => stores.id),
    day: date('day').notNull(),
    slotStart: text('slot_start').notNull(),
    slotEnd: text('slot_end').notNull(),
    seatId: integer('seat_id')
      .notNull()
      .references(() => bookingSeats.id),
    /** Answers by field id, and the fields as they stood when booked (labels for the screens). */
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    fields: jsonb('fields').$type<FormDefinition>().notNull(),
    buyerRemark: text('buyer_remark').notNull().default(''),
    state: text('state', { enum: BOOKING_STATES }).notNull().default('new'),
    /** The deposit's order (a virtual good); null for a free booking. */
    orderId: integer('order_id').references(() => orders.id),
    depositFen: integer('deposit_fen').notNull().default(0),
    cancelReason: text('cancel_reason').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    confirmedAt: at('confirmed_at'),
    doneAt: at('done_at'),
    cancelledAt: at('cancelled_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    uniqueIndex('bookings_site_no').on(table.siteId, table.bookingNo),
    index('bookings_site_created').on(table.siteId, table.createdAt, table.id),
    index('bookings_form').on(table.formId, table.state),
    index('bookings_member').on(table.siteId, table.buyerId, table.id),
    index('bookings_order').on(table.orderId).where(sql`order_id is not null`),
    // A buyer holds one live booking of a slot: a second tap books nothing twice.
    uniqueIndex('bookings_one_live_per_slot')
      .on(table.formId, table.memberId, table.day, table.slotStart)
      .where(sql`state in ('new', 'confirmed')`),
  ],
);

/** Every seat taken or given back: the seats' ledger. Append-only. */
export const bookingSeatLog = pgTable(
  'booking_seat_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteId(),
    seatId: integer('seat_id')
      .notNull()
      .references(() => bookingSeats.id),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    delta: integer('delta').notNull(),
    /** Seats taken after the change. */
    taken: integer('taken').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('booking_seat_log_seat').on(table.seatId, table.id)],
);

/** What happened to a booking, by whom: the details screen's steps. Append-only. */
export const bookingLog = pgTable(
  'booking_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteId(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    event: text('event', { enum: BOOKING_EVENTS }).notNull(),
    actor: text('actor', { enum: ['buyer', 'operator', 'system'] }).notNull(),
    actorName: text('actor_name').notNull().default(''),
    accountId: integer('account_id'),
    reason: text('reason').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('booking_log_booking').on(table.bookingId, table.id)],
);
