import type { Translate } from './i18n/language';

/** A time as a Date, a millisecond or second timestamp (10 digits are seconds), or a date string. */
export type TimeInput = Date | number | string;

export function toDate(time: TimeInput): Date {
  if (time instanceof Date) return time;
  if (typeof time === 'string') {
    if (/^-?\d+$/.test(time)) return toDate(Number.parseInt(time, 10));
    // Safari parses only '/' separated dates without a time zone.
    return new Date(/^\d{4}-\d{2}-\d{2}( |$)/.test(time) ? time.replace(/-/g, '/') : time);
  }
  return new Date(String(Math.trunc(time)).length === 10 ? time * 1000 : time);
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Formats a time with {y} {m} {d} {h} {i} {s} {a}; {a} is the weekday from the catalogue's
 * comma-separated `time.weekdays`. Returns '' for a missing time, null for an unparsable one.
 */
export function parseTime(
  time: TimeInput | null | undefined,
  pattern = '{y}-{m}-{d} {h}:{i}:{s}',
  weekdays = '日,一,二,三,四,五,六',
): string | null {
  if (time === null || time === undefined || time === '') return '';
  const date = toDate(time);
  if (Number.isNaN(date.getTime())) return null;
  const parts: Record<string, string> = {
    y: String(date.getFullYear()),
    m: pad(date.getMonth() + 1),
    d: pad(date.getDate()),
    h: pad(date.getHours()),
    i: pad(date.getMinutes()),
    s: pad(date.getSeconds()),
    a: weekdays.split(',')[date.getDay()] ?? '',
  };
  return pattern.replace(/\{([ymdhisa])\}/g, (_, key: string) => parts[key] ?? '');
}

/**
 * Relative time of SPEC §9: under 30 s "just now", under an hour minutes, under a day hours, under two
 * days "1 day ago", older the date (with `pattern`, else month, day, hour and minute).
 */
export function formatTime(
  time: TimeInput,
  translate: Translate,
  now = Date.now(),
  pattern?: string,
): string {
  const date = toDate(time);
  const seconds = (now - date.getTime()) / 1000;
  if (seconds < 30) return translate('time.justNow');
  if (seconds < 3600) return translate('time.minutesAgo', { count: Math.ceil(seconds / 60) });
  if (seconds < 86_400) return translate('time.hoursAgo', { count: Math.ceil(seconds / 3600) });
  if (seconds < 86_400 * 2) return translate('time.oneDayAgo');
  if (pattern) return parseTime(date, pattern, translate('time.weekdays')) ?? '';
  return translate('time.dateTime', {
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
    paddedHour: pad(date.getHours()),
    paddedMinute: pad(date.getMinutes()),
  });
}

/** Time ago of SPEC §9: whole minutes under an hour, whole hours under a day, else whole days. */
export function timeAgo(time: TimeInput, translate: Translate, now = Date.now()): string {
  const seconds = Math.max(0, (now - toDate(time).getTime()) / 1000);
  if (seconds < 3600) return translate('time.minutesAgo', { count: Math.floor(seconds / 60) });
  if (seconds < 86_400) return translate('time.hoursAgo', { count: Math.floor(seconds / 3600) });
  return translate('time.daysAgo', { count: Math.floor(seconds / 86_400) });
}

const ABBREVIATIONS = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
];

/** 10000 → '10k', 1234567 with 2 digits → '1.23M'; trailing zeros are dropped. */
export function abbreviateNumber(value: number, digits = 1): string {
  const magnitude = Math.abs(value);
  for (const { value: unit, symbol } of ABBREVIATIONS) {
    if (magnitude >= unit) {
      return (value / unit).toFixed(digits).replace(/\.0+$|(\.[0-9]*[1-9])0+$/, '$1') + symbol;
    }
  }
  return String(value);
}

/** 1234567.891 → '1,234,567.891': separators in the integer part only. */
export function thousands(value: number | string): string {
  const text = String(Number(value) || 0);
  return text.replace(/^-?\d+/, (integer) => integer.replace(/(?=(?!\b)(\d{3})+$)/g, ','));
}

/** Integer fen as yuan with two decimals and separators: 123456 → '1,234.56'. */
export function fenToYuan(fen: number): string {
  const negative = fen < 0;
  const absolute = Math.abs(Math.round(fen));
  const yuan = thousands(Math.floor(absolute / 100));
  return `${negative ? '-' : ''}${yuan}.${String(absolute % 100).padStart(2, '0')}`;
}
