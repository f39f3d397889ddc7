/**
 * The shops are Chinese: their business day runs on China Standard Time, which is UTC+8 all year
 * (no daylight saving), so day boundaries are a fixed offset from UTC.
 */
export const BUSINESS_UTC_OFFSET_MS = 8 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The business date (YYYY-MM-DD) of an instant. */
export function businessDate(instant: Date): string {
  return new Date(instant.getTime() + BUSINESS_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a business date starts. */
export function businessDayStart(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - BUSINESS_UTC_OFFSET_MS);
}

/** Every business date from `from` to `to`, both included. */
export function businessDates(from: string, to: string): string[] {
  const out: string[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += DAY_MS) {
    out.push(new Date(time).toISOString().slice(0, 10));
  }
  return out;
}
