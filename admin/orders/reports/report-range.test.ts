import { describe, expect, it } from 'vitest';
import {
  lastDays,
  parseGranularity,
  parseRange,
  parseVolumeGroup,
  periodEnd,
  periodLabel,
  rangeDays,
  rangeProblem,
} from './report-range';

describe('lastDays', () => {
  it('the last 30 days end today and hold 30 days', () => {
    const range = lastDays(30, new Date('2026-11-22T02:00:00Z'));
    expect(range).toEqual({ startDate: '2026-10-24', endDate: '2026-11-22' });
    expect(rangeDays(range)).toBe(30);
  });
});

describe('rangeProblem', () => {
  it.each([
    [{ startDate: '2026-11-01', endDate: '2026-11-30' }, null],
    [{ startDate: '2026-11-01', endDate: '2026-11-01' }, null],
    [{ startDate: '', endDate: '2026-11-30' }, 'missing'],
    [{ startDate: '2026-13-01', endDate: '2026-11-30' }, 'missing'],
    [{ startDate: '2026-11-30', endDate: '2026-11-01' }, 'reversed'],
    [{ startDate: '2025-01-01', endDate: '2026-01-01' }, null],
    [{ startDate: '2025-01-01', endDate: '2026-01-02' }, 'tooLong'],
  ])('%o → %s', (range, problem) => {
    expect(rangeProblem(range)).toBe(problem);
  });
});

describe('the address bar', () => {
  const now = new Date('2026-11-22T02:00:00Z');
  it('keeps a usable range and replaces an unusable one by the last 30 days', () => {
    expect(parseRange(new URLSearchParams('startDate=2026-01-01&endDate=2026-01-31'), now)).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-01-31',
    });
    expect(parseRange(new URLSearchParams('startDate=2026-02-01&endDate=2026-01-31'), now)).toEqual(
      lastDays(30, now),
    );
    expect(parseRange(new URLSearchParams(''), now)).toEqual(lastDays(30, now));
  });

  it.each([
    ['granularity=week', 'week'],
    ['granularity=month', 'month'],
    ['granularity=year', 'day'],
    ['', 'day'],
  ])('granularity from %s is %s', (search, expected) => {
    expect(parseGranularity(new URLSearchParams(search))).toBe(expected);
  });

  it.each([
    ['by=category', 'category'],
    ['by=brand', 'goods'],
  ])('grouping from %s is %s', (search, expected) => {
    expect(parseVolumeGroup(new URLSearchParams(search))).toBe(expected);
  });
});

describe('periods', () => {
  it.each([
    // Days are themselves.
    ['2026-11-18', 'day', '2026-11-30', '2026-11-18', '2026-11-18'],
    // 2026-11-16 is a Monday: the week ends on Sunday the 22nd.
    ['2026-11-16', 'week', '2026-11-30', '2026-11-22', '2026-11-16 ~ 11-22'],
    // A first week clipped to a Wednesday start still ends on its Sunday.
    ['2026-11-18', 'week', '2026-11-30', '2026-11-22', '2026-11-18 ~ 11-22'],
    // The last week stops at the range's end.
    ['2026-11-30', 'week', '2026-12-02', '2026-12-02', '2026-11-30 ~ 12-02'],
    // A one-day week is named by its day.
    ['2026-11-30', 'week', '2026-11-30', '2026-11-30', '2026-11-30'],
    ['2026-02-01', 'month', '2026-12-31', '2026-02-28', '2026-02'],
    ['2028-02-01', 'month', '2028-12-31', '2028-02-29', '2028-02'],
    ['2026-12-01', 'month', '2026-12-15', '2026-12-15', '2026-12'],
  ] as const)(
    '%s by %s (range ends %s) ends %s and is named %s',
    (period, granularity, rangeEnd, end, label) => {
      expect(periodEnd(period, granularity, rangeEnd)).toBe(end);
      expect(periodLabel(period, granularity, rangeEnd)).toBe(label);
    },
  );
});
