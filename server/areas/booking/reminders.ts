import { sql } from 'drizzle-orm';
import { SHOP_UTC_OFFSET } from '../../../contract/shop-time';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query';
import { enqueueSceneMessage, sceneMessageDue } from '../wechat-messages/service';

/**
 * The bookingReminder scene: a buyer with a confirmed booking hears about it shortly before its
 * slot starts. The window is fixed (a shop-set lead time would need a setting screen nobody asked
 * for yet); the query skips bookings whose reminder (keyed by the booking) is enqueued, and each
 * reminder is enqueued in its own short transaction, outside the query.
 */
export const BOOKING_REMINDER_LEAD_MS = 2 * 60 * 60 * 1000;
/** Bookings handled per sweep at most, so one run ends; the rest are met by the next. */
const BATCH = 500;
const KEY_PREFIX = 'scene:bookingReminder:booking:';

/** A slot's start on its day, in the shop's time (slots are `HH:MM` wall-clock times). */
const SLOT_STARTS = sql`(b.day::text || ' ' || b.slot_start || ':00' || ${SHOP_UTC_OFFSET}::text)::timestamptz`;

/** Enqueues the reminder of every confirmed booking whose slot starts within the lead time. */
export async function remindBookings(db: Database, now: Date): Promise<number> {
  const due = await queryRows<{
    id: number;
    site_id: number;
    buyer_id: string;
    form_title: string;
    store_title: string | null;
    day: string;
    slot_start: string;
    slot_end: string;
  }>(
    db,
    sql`select b.id, b.site_id, b.buyer_id, f.title as form_title, st.title as store_title, b.day::text as day,
               b.slot_start, b.slot_end
          from bookings b
          join booking_forms f on f.id = b.form_id
          left join stores st on st.id = b.store_id
         where b.state = 'confirmed'
           and ${SLOT_STARTS} > ${now.toISOString()}::timestamptz
           and ${SLOT_STARTS} <= ${new Date(now.getTime() + BOOKING_REMINDER_LEAD_MS).toISOString()}::timestamptz
           and ${sceneMessageDue('bookingReminder', sql`b.site_id`, sql`${KEY_PREFIX}::text || b.id::text`)}
         order by b.day, b.slot_start, b.id limit ${BATCH}`,
  );
  for (const booking of due)
    await db.transaction((tx) =>
      enqueueSceneMessage(tx, {
        siteId: booking.site_id,
        scene: 'bookingReminder',
        openId: booking.buyer_id,
        fields: {
          bookingName: booking.form_title,
          bookingTime: `${booking.day} ${booking.slot_start}-${booking.slot_end}`,
          storeName: booking.store_title ?? '',
        },
        key: `${KEY_PREFIX}${booking.id}`,
        now,
      }),
    );
  return due.length;
}
