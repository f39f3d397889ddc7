import type { Database } from '../../db/client';
import { expireBookings } from './bookings';

/** The booking area's time-based transitions: bookings whose deposit order closed give their seat back. */
export async function runBookingSweeps(db: Database, now: Date) {
  return { expiredBookings: await expireBookings(db, now) };
}
