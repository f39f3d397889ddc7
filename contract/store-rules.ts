import type { OrderState } from './machines/order';

/**
 * The rules of a shop's stores (SPEC §2 moreShopSupervise / moreShopEdit) that the server and the
 * store form share: the map point, business hours, weekdays and the phone a buyer calls.
 */

export const LATITUDE_LIMIT = 90;
export const LONGITUDE_LIMIT = 180;
/** Six decimals locate a door to about 0.1 m; more only hides typing mistakes. */
export const COORDINATE_DECIMALS = 6;
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A mainland mobile, or a landline with its area code (hyphen optional, extension not taken). */
export const STORE_PHONE_PATTERN = /^(1\d{10}|0\d{2,3}-?\d{7,8})$/;
/**
 * Pickup orders a store still has to hand over: unpaid ones may still be paid and collected, paid
 * ones wait at the counter, shipped ones are on their way to it.
 */
export const PICKUP_OPEN_STATES: readonly OrderState[] = ['toPay', 'toShip', 'shipped'];

const COORDINATE_TEXT = /^-?\d{1,3}(\.\d+)?$/;

/** A typed coordinate as a number, or null when it is not one within ±limit. */
export function parseCoordinate(text: string, limit: number): number | null {
  const trimmed = text.trim();
  if (!COORDINATE_TEXT.test(trimmed)) return null;
  const value = Number(trimmed);
  if (Math.abs(value) > limit) return null;
  return roundCoordinate(value);
}

export function roundCoordinate(value: number): number {
  const scale = 10 ** COORDINATE_DECIMALS;
  return Math.round(value * scale) / scale;
}

/** The stored map point: "lat,lng" as WeChat's map components take it, or '' when none. */
export function formatLatlng(lat: number | null, lng: number | null): string {
  return lat === null || lng === null ? '' : `${roundCoordinate(lat)},${roundCoordinate(lng)}`;
}

/** The stored map point read back; anything out of range or malformed is no point at all. */
export function parseLatlng(text: string): { lat: number; lng: number } | null {
  const parts = text.split(',');
  if (parts.length !== 2) return null;
  const lat = parseCoordinate(parts[0]!, LATITUDE_LIMIT);
  const lng = parseCoordinate(parts[1]!, LONGITUDE_LIMIT);
  return lat === null || lng === null ? null : { lat, lng };
}

/** Opening hours as the studio's store card shows them, e.g. "09:00-22:00". */
export function formatHours(open: string, close: string): string {
  return `${open}-${close}`;
}

export function parseHours(text: string): { open: string; close: string } | null {
  const match = /^\s*(\d{2}:\d{2})\s*-\s*(\d{2}:\d{2})\s*$/.exec(text);
  if (!match || !TIME_PATTERN.test(match[1]!) || !TIME_PATTERN.test(match[2]!)) return null;
  return { open: match[1]!, close: match[2]! };
}

/**
 * What is wrong with opening and closing times: the same time twice means no hours at all. A close
 * earlier than the open is a night shift across midnight, which bars and night markets keep.
 */
export function hoursProblem(open: string, close: string): 'openTime' | 'closeTime' | 'same' | null {
  if (!TIME_PATTERN.test(open)) return 'openTime';
  if (!TIME_PATTERN.test(close)) return 'closeTime';
  return open === close ? 'same' : null;
}

/** Weekdays as stored: each of 1 (Monday) to 7 (Sunday) at most once, in week order. */
export function normalizeWeekdays(days: readonly number[]): number[] {
  return WEEKDAYS.filter((day) => days.includes(day));
}
