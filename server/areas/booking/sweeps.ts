import type { Database } from '../../db/client';
import { expireBookings } from './bookings';
import { remindBookings } from './reminders';

/**
 * The booking area's time-based work: bookings whose deposit order closed give their seat back, and
 * confirmed bookings about to start have their buyer reminded (reminders.ts).
 */
export async function runBookingSweeps(db: Database, now: Date) {
  return { expiredBookings: await expireBookings(db, now), bookingReminders: await remindBookings(db, now) };
}
