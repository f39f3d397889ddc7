import { describe, expect, it } from 'vitest';
import {
  addDays,
  isShopDay,
  shopDate,
  shopDates,
  shopDateTime,
  shopDayEnd,
  shopDayStart,
  shopMonthStart,
  shopStamp,
  shopWeekStart,
} from './shop-time';

describe('the shop business day (China, UTC+8)', () => {
  it.each([
    // 15:59 UTC is 23:59 in China, 16:00 UTC already the next day there.
    ['2026-11-21T15:59:00Z', '2026-11-21'],
    ['2026-11-21T16:00:00Z', '2026-11-22'],
    ['2026-12-31T20:00:00Z', '2027-01-01'],
    ['2026-07-01T00:00:00-07:00', '2026-07-01'],
  ])('an instant at %s is on %s', (instant, day) => {
    expect(shopDate(new Date(instant))).toBe(day);
  });

  it.each([
    ['2026-11-21T16:00:05Z', '2026-11-22 00:00:05', '20261122000005'],
    ['2024-05-01T05:45:00Z', '2024-05-01 13:45:00', '20240501134500'],
  ])('%s reads %s on the shop clock', (instant, text, stamp) => {
    expect(shopDateTime(new Date(instant))).toBe(text);
    expect(shopStamp(new Date(instant))).toBe(stamp);
  });

  it('a day starts at 16:00 UTC the day before and ends 24 hours later', () => {
    expect(shopDayStart('2026-11-22').toISOString()).toBe('2026-11-21T16:00:00.000Z');
    expect(shopDayEnd('2026-11-22').toISOString()).toBe('2026-11-22T16:00:00.000Z');
  });

  it.each([
    ['2026-02-27', 2, '2026-03-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-01-01', -1, '2025-12-31'],
  ])('%s plus %i days is %s', (day, days, expected) => {
    expect(addDays(day, days)).toBe(expected);
  });

  it.each([
    ['2026-11-25', '2026-11-23', '2026-11-01'],
    ['2026-11-23', '2026-11-23', '2026-11-01'],
    ['2026-11-22', '2026-11-16', '2026-11-01'],
    ['2026-03-01', '2026-02-23', '2026-03-01'],
  ])('%s is in the week of Monday %s and the month of %s', (day, monday, first) => {
    expect(shopWeekStart(day)).toBe(monday);
    expect(shopMonthStart(day)).toBe(first);
  });

  it('lists every day of a range, both ends included', () => {
    expect(shopDates('2024-02-27', '2024-03-01')).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    expect(shopDates('2024-03-02', '2024-03-01')).toEqual([]);
  });

  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2024-13-01', false],
    ['2024-5-1', false],
    ['', false],
  ])('isShopDay(%j) is %s', (text, expected) => {
    expect(isShopDay(text)).toBe(expected);
  });
});
