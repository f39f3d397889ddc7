import { type SQL, sql } from 'drizzle-orm';
import { bookableDays, seatKey, seatsOf, slotOpen } from '../../../contract/booking';
import * as api from '../../../contract/endpoints/bookings';
import { addDays, shopDate } from '../../../contract/shop-time';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { storefrontView } from '../order/service';
import { storefrontSite } from '../storefront/service';
import {
  BOOKING_COLUMNS,
  BOOKING_FROM,
  type BookingRecord,
  book,
  cancel,
  findBooking,
  storefrontBooking,
} from './bookings';
import { FORM_COLUMNS, FORM_FROM, type FormRecord, formStateSql, formStores, readFormRecord } from './forms';
import './messages';

/** The buyer's side of booking forms, under /storefront/ with the shop's key (DESIGN §11). */

const iso = (value: Date | string) => new Date(value).toISOString();

function formView(record: FormRecord) {
  return {
    Id: record.id,
    Title: record.title,
    Image: record.image,
    Summary: record.summary,
    CategoryId: record.category_id,
    CategoryName: record.category_name ?? '',
    Price: record.price,
    DepositFen: record.price === 'deposit' ? (record.deposit_fen ?? 0) : 0,
    StartsAt: iso(record.starts_at),
    EndsAt: iso(record.ends_at),
  };
}

/** A form open to booking now: the shop's, not deleted, switched on and within its window. */
async function runningForm(
  db: Parameters<typeof readFormRecord>[0],
  siteId: number,
  id: number,
  field = 'id',
) {
  const record = await readFormRecord(db, siteId, id, field);
  const now = new Date();
  if (record.status !== 'on' || new Date(record.starts_at) > now || new Date(record.ends_at) <= now)
    throw new AppError('booking.form.notFound', { id }, { field });
  return record;
}

function calendarOf(record: FormRecord) {
  return {
    StartsAt: record.starts_at,
    EndsAt: record.ends_at,
    Weekdays: record.weekdays,
    DaysAhead: record.days_ahead,
  };
}

export const bookingStorefrontRoutes = [
  defineRoute(api.getStorefrontBookingForms, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    const conditions: SQL[] = [
      sql`f.site_id = ${siteId}`,
      sql`not f.deleted`,
      sql`${formStateSql(new Date())} = 'running'`,
    ];
    if (input.categoryId) conditions.push(sql`f.category_id = ${input.categoryId}`);
    const where = sql.join(conditions, sql` and `);
    const [records, [total], categories] = await Promise.all([
      queryRows<FormRecord>(
        db,
        sql`select ${FORM_COLUMNS} from ${FORM_FROM} where ${where} order by f.sort desc, f.id desc
             limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
      ),
      queryRows<{ count: number }>(
        db,
        sql`select count(*)::int as count from booking_forms f where ${where}`,
      ),
      queryRows<{ id: number; name: string }>(
        db,
        sql`select id, name from booking_categories where site_id = ${siteId} order by sort desc, id`,
      ),
    ]);
    return {
      Data: records.map(formView),
      Total: total!.count,
      Categories: categories.map((row) => ({ Id: row.id, Name: row.name })),
    };
  }),

  defineRoute(api.getStorefrontBookingForm, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    const record = await runningForm(db, siteId, input.id);
    const stores = await formStores(db, siteId, record.store_ids);
    return {
      Form: {
        ...formView(record),
        Fields: record.fields,
        CapacityMode: record.capacity_mode,
        Slots: record.slots.map((slot) => ({ Start: slot.Start, End: slot.End })),
        Weekdays: record.weekdays,
        DaysAhead: record.days_ahead,
        Stores: stores.map((store) => ({ Id: store.id, Title: store.title, Address: store.address })),
        Days: bookableDays(calendarOf(record), new Date()),
      },
    };
  }),

  defineRoute(api.getStorefrontBookingSlots, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    const record = await runningForm(db, siteId, input.formId, 'formId');
    const storeId = input.storeId ?? null;
    if (record.store_ids.length > 0 && storeId === null)
      throw new AppError('booking.refused.storeRequired', {}, { field: 'storeId' });
    if (storeId !== null && !record.store_ids.includes(storeId))
      throw new AppError('booking.refused.storeNotOffered', {}, { field: 'storeId' });
    const now = new Date();
    const from = input.from ?? shopDate(now);
    const wanted = new Set(Array.from({ length: input.days }, (_, offset) => addDays(from, offset)));
    const days = bookableDays(calendarOf(record), now).filter((day) => wanted.has(day));
    const taken = await queryRows<{ day: string; seat: string; taken: number }>(
      db,
      sql`select day::text as day, seat, taken from booking_seats
           where form_id = ${record.id} and store_id = ${storeId ?? 0}
             and day between ${from}::date and ${addDays(from, input.days - 1)}::date`,
    );
    const takenOf = (day: string, seat: string) =>
      taken.find((row) => row.day === day && row.seat === seat)?.taken ?? 0;
    const form = { CapacityMode: record.capacity_mode, DayCapacity: record.day_capacity };
    return {
      Days: days.map((day) => ({
        Day: day,
        Slots: record.slots.map((slot) => {
          const capacity = seatsOf(form, slot);
          return {
            Start: slot.Start,
            End: slot.End,
            Capacity: capacity,
            Left: Math.max(0, capacity - takenOf(day, seatKey(record.capacity_mode, slot))),
            Open: slotOpen({ EndsAt: record.ends_at }, day, slot, now),
          };
        }),
      })),
    };
  }),

  defineRoute(api.book, async ({ db, request, input, locale }) => {
    const siteId = await storefrontSite(db, request);
    return db.transaction(async (tx) => {
      const now = new Date();
      const made = await book(
        { tx, siteId, now, locale, actor: { kind: 'buyer', accountId: null, name: input.Buyer.Name } },
        {
          buyer: { id: input.Buyer.Id, name: input.Buyer.Name, phone: input.Buyer.Phone },
          source: 'miniProgram',
          formId: input.FormId,
          storeId: input.StoreId ?? null,
          day: input.Day,
          slot: { Start: input.Start, End: input.End },
          answers: input.Answers,
          remark: input.Remark,
        },
      );
      return {
        Booking: await storefrontBooking(tx, made.booking),
        Order: made.order ? await storefrontView(tx, made.order) : null,
      };
    });
  }),

  defineRoute(api.getMyBookings, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    const conditions: SQL[] = [sql`b.site_id = ${siteId}`, sql`b.buyer_id = ${input.buyerId}`];
    if (input.state) conditions.push(sql`b.state = ${input.state}`);
    const where = sql.join(conditions, sql` and `);
    const [records, [total]] = await Promise.all([
      queryRows<BookingRecord>(
        db,
        sql`select ${BOOKING_COLUMNS} from ${BOOKING_FROM} where ${where} order by b.id desc
             limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
      ),
      queryRows<{ count: number }>(db, sql`select count(*)::int as count from bookings b where ${where}`),
    ]);
    return {
      Data: await Promise.all(records.map((record) => storefrontBooking(db, record))),
      Total: total!.count,
    };
  }),

  defineRoute(api.withdrawBooking, async ({ db, request, input, locale }) => {
    const siteId = await storefrontSite(db, request);
    return db.transaction(async (tx) => {
      const key = { bookingNo: input.BookingNo, buyerId: input.BuyerId };
      const record = await findBooking(tx, { siteId }, key, { lock: true, field: 'BookingNo' });
      await cancel(
        { tx, siteId, now: new Date(), locale, actor: { kind: 'buyer', accountId: null, name: record.name } },
        record,
        'withdraw',
        input.Reason,
      );
      return { Booking: await storefrontBooking(tx, await findBooking(tx, { siteId }, key)) };
    });
  }),
];
