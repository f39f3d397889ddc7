import { addDays, isShopDay, shopDate, shopMonthStart } from '../../contract/shop-time';

/** A range of business days (`YYYY-MM-DD`); an empty end leaves that side open. */
export interface DayRange {
  from: string;
  to: string;
}

export const DATE_RANGE_PRESETS = ['today', 'yesterday', 'last7Days', 'last30Days', 'thisMonth'] as const;
export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number];

/** The interface languages the field formats and reads dates in. */
export type DateLanguage = 'zh' | 'en';

/** A preset's range, counted in the shop's business days so a browser abroad agrees with the server. */
export function presetRange(preset: DateRangePreset, now: Date): DayRange {
  const today = shopDate(now);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'last7Days':
      return { from: addDays(today, -6), to: today };
    case 'last30Days':
      return { from: addDays(today, -29), to: today };
    case 'thisMonth':
      return { from: shopMonthStart(today), to: today };
  }
}

/** The preset a range equals today, so its button can show as chosen. */
export function matchingPreset(range: DayRange, now: Date): DateRangePreset | null {
  return (
    DATE_RANGE_PRESETS.find((preset) => {
      const candidate = presetRange(preset, now);
      return candidate.from === range.from && candidate.to === range.to;
    }) ?? null
  );
}

export function dateLanguage(locale: string): DateLanguage {
  return locale.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

const pad = (value: number) => String(value).padStart(2, '0');

function day(year: number, month: number, date: number): string | null {
  const text = `${String(year).padStart(4, '0')}-${pad(month)}-${pad(date)}`;
  return isShopDay(text) ? text : null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function monthNumber(name: string): number {
  const index = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return index < 0 ? Number.NaN : index + 1;
}

/**
 * A typed date as `YYYY-MM-DD`, or null when it is not a real day. Year-first dates
 * (`2026-11-25`, `2026/11/25`, `2026.11.25`, `2026年11月25日`) read the same in both languages;
 * a numeric date with the year last reads month first in English (`11/25/2026`) and day first in
 * Chinese (`25/11/2026`), the way each language writes it; English also reads `Nov 25, 2026`.
 */
export function parseTypedDay(text: string, language: DateLanguage): string | null {
  const value = text.trim();
  const yearFirst = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/.exec(value);
  if (yearFirst) return day(Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3]));
  const yearLast = /^(\d{1,2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{4})$/.exec(value);
  if (yearLast) {
    const [first, second, year] = [Number(yearLast[1]), Number(yearLast[2]), Number(yearLast[3])];
    return language === 'en' ? day(year, first, second) : day(year, second, first);
  }
  if (language === 'en') {
    const monthName = /^([a-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/i.exec(value);
    if (monthName) return day(Number(monthName[3]), monthNumber(monthName[1]!), Number(monthName[2]));
    const dayFirst = /^(\d{1,2})\s+([a-z]{3,9})\.?,?\s+(\d{4})$/i.exec(value);
    if (dayFirst) return day(Number(dayFirst[3]), monthNumber(dayFirst[2]!), Number(dayFirst[1]));
  }
  return null;
}

/** How a day is written in the field: `2026-11-25` in Chinese, `11/25/2026` in English. */
export function formatDay(value: string, language: DateLanguage): string {
  if (!isShopDay(value)) return '';
  if (language === 'zh') return value;
  const [year, month, date] = value.split('-');
  return `${month}/${date}/${year}`;
}
