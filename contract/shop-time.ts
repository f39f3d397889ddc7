/**
 * The shop's clock. Shops on this platform are Chinese: their business day runs on China Standard
 * Time, UTC+8 all year with no daylight saving, so a business day is a fixed offset from UTC and
 * server and browser compute it the same way whatever zone they run in. Days are `YYYY-MM-DD`.
 */

export const SHOP_UTC_OFFSET = '+08:00';
/** The same zone by name, for Intl and calendar widgets. */
export const SHOP_TIME_ZONE = 'Asia/Shanghai';
export const SHOP_UTC_OFFSET_HOURS = 8;
export const SHOP_UTC_OFFSET_MS = SHOP_UTC_OFFSET_HOURS * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The instant shifted so that its UTC fields read as the shop's wall clock. */
function shopWallClock(instant: Date): string {
  return new Date(instant.getTime() + SHOP_UTC_OFFSET_MS).toISOString();
}

/** The business day an instant falls on. */
export function shopDate(instant: Date): string {
  return shopWallClock(instant).slice(0, 10);
}

/** `2024-05-01 13:45:00`: an instant as the shop reads it, for lists and spreadsheets. */
export function shopDateTime(instant: Date): string {
  return shopWallClock(instant).slice(0, 19).replace('T', ' ');
}

/** `20240501134500`: the shop's wall clock as digits, for numbers people read (batches, orders). */
export function shopStamp(instant: Date): string {
  return shopWallClock(instant).replace(/\D/g, '').slice(0, 14);
}

/** The instant a business day starts. */
export function shopDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - SHOP_UTC_OFFSET_MS);
}

/** The instant after a business day ends (the next day's start). */
export function shopDayEnd(day: string): Date {
  return new Date(shopDayStart(day).getTime() + DAY_MS);
}

/** Whether a text is a real calendar day in `YYYY-MM-DD` form (refuses 2024-02-30). */
export function isShopDay(text: string): boolean {
  if (!ISO_DAY.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** The day `days` after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function shopDates(from: string, to: string): string[] {
  const out: string[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += DAY_MS) {
    out.push(new Date(time).toISOString().slice(0, 10));
  }
  return out;
}

/** The Monday (weeks start on Monday in China) of the week a day belongs to. */
export function shopWeekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The first day of the month a day belongs to. */
export function shopMonthStart(day: string): string {
  return `${day.slice(0, 8)}01`;
}
