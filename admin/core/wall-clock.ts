import { SHOP_UTC_OFFSET, shopDateTime } from '../../contract/shop-time';

/**
 * Times typed in a date-time box are the shop's wall clock (`2026-05-01T09:00`, China time), whatever
 * zone the browser is in; the API takes instants with an offset.
 */

const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** An instant as a date-time box shows it in the shop's zone. */
export function wallClock(instant: Date | string): string {
  return shopDateTime(new Date(instant)).slice(0, 16).replace(' ', 'T');
}

/** A typed wall-clock time as an instant of the shop's zone; other text is passed on for the schema to refuse. */
export function wallClockInstant(text: string): string {
  return WALL_CLOCK.test(text) ? `${text}:00${SHOP_UTC_OFFSET}` : text;
}
