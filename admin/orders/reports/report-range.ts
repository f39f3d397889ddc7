import { REPORT_GRANULARITIES, REPORT_MAX_DAYS, VOLUME_GROUPS } from '../../../contract/endpoints/orders';
import { addDays, DAY_MS, isShopDay, shopDate, shopWeekStart } from '../../../contract/shop-time';

export type Granularity = (typeof REPORT_GRANULARITIES)[number];
export type VolumeGroup = (typeof VOLUME_GROUPS)[number];

/** The range a report opens with: the last 30 business days, today included. */
export const DEFAULT_RANGE_DAYS = 30;
export const RANGE_PRESETS = [7, 30, 90] as const;

export interface ReportRange {
  startDate: string;
  endDate: string;
}

export interface SalesReportState extends ReportRange {
  granularity: Granularity;
}

function isDay(text: string | null): text is string {
  return text !== null && isShopDay(text);
}

/** Days from start to end, both included. */
export function rangeDays(range: ReportRange): number {
  return Math.round((Date.parse(range.endDate) - Date.parse(range.startDate)) / DAY_MS) + 1;
}

/** The last `days` business days, today included. */
export function lastDays(days: number, now: Date): ReportRange {
  const endDate = shopDate(now);
  return { startDate: addDays(endDate, 1 - days), endDate };
}

/** Why a range cannot be asked for (a catalogue key's last part), or null. */
export function rangeProblem(range: ReportRange): 'missing' | 'reversed' | 'tooLong' | null {
  if (!isDay(range.startDate) || !isDay(range.endDate)) return 'missing';
  if (range.startDate > range.endDate) return 'reversed';
  if (rangeDays(range) > REPORT_MAX_DAYS) return 'tooLong';
  return null;
}

/** The range in the address bar, or the default one when it is missing or unusable. */
export function parseRange(search: URLSearchParams, now: Date): ReportRange {
  const range = { startDate: search.get('startDate') ?? '', endDate: search.get('endDate') ?? '' };
  return rangeProblem(range) === null ? range : lastDays(DEFAULT_RANGE_DAYS, now);
}

export function parseGranularity(search: URLSearchParams): Granularity {
  const value = search.get('granularity');
  return (REPORT_GRANULARITIES as readonly string[]).includes(value ?? '') ? (value as Granularity) : 'day';
}

export function parseVolumeGroup(search: URLSearchParams): VolumeGroup {
  const value = search.get('by');
  return (VOLUME_GROUPS as readonly string[]).includes(value ?? '') ? (value as VolumeGroup) : 'goods';
}

/**
 * The last day of the period starting at `period` (weeks run Monday to Sunday, months to their
 * last day), not after the range's end: the server clips the first period to the range start the
 * same way.
 */
export function periodEnd(period: string, granularity: Granularity, rangeEnd: string): string {
  let end = period;
  if (granularity === 'week') {
    end = addDays(shopWeekStart(period), 6);
  } else if (granularity === 'month') {
    const [year, month] = period.split('-').map(Number) as [number, number];
    end = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  }
  return end > rangeEnd ? rangeEnd : end;
}

/** How a period is named on the chart's axis and in the table. */
export function periodLabel(period: string, granularity: Granularity, rangeEnd: string): string {
  if (granularity === 'day') return period;
  if (granularity === 'month') return period.slice(0, 7);
  const end = periodEnd(period, granularity, rangeEnd);
  return end === period ? period : `${period} ~ ${end.slice(5)}`;
}
