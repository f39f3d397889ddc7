import { describe, expect, it } from 'vitest';
import {
  DATE_RANGE_PRESETS,
  dateLanguage,
  formatDay,
  matchingPreset,
  parseTypedDay,
  presetRange,
} from './date-range';

// 17:30 UTC on 30 November is already 1 December in China: presets count from the shop's day.
const lateEvening = new Date('2026-11-30T17:30:00Z');
const morning = new Date('2026-11-25T02:00:00Z');

describe('presetRange', () => {
  it.each([
    ['today', morning, '2026-11-25', '2026-11-25'],
    ['yesterday', morning, '2026-11-24', '2026-11-24'],
    ['last7Days', morning, '2026-11-19', '2026-11-25'],
    ['last30Days', morning, '2026-10-27', '2026-11-25'],
    ['thisMonth', morning, '2026-11-01', '2026-11-25'],
    ['today', lateEvening, '2026-12-01', '2026-12-01'],
    ['yesterday', lateEvening, '2026-11-30', '2026-11-30'],
    ['thisMonth', lateEvening, '2026-12-01', '2026-12-01'],
  ] as const)('%s at %s runs from %s to %s', (preset, now, from, to) => {
    expect(presetRange(preset, now)).toEqual({ from, to });
  });

  it('recognises each preset it produced, and no preset for another range', () => {
    for (const preset of DATE_RANGE_PRESETS) {
      if (preset === 'thisMonth') continue; // on the 1st "this month" is the same range as "today"
      expect(matchingPreset(presetRange(preset, morning), morning)).toBe(preset);
    }
    expect(matchingPreset({ from: '2026-11-02', to: '2026-11-25' }, morning)).toBeNull();
    expect(matchingPreset({ from: '', to: '' }, morning)).toBeNull();
  });
});

describe('parseTypedDay', () => {
  it.each([
    ['2026-11-25', 'zh', '2026-11-25'],
    ['2026-11-25', 'en', '2026-11-25'],
    ['2026/1/5', 'zh', '2026-01-05'],
    ['2026.01.05', 'en', '2026-01-05'],
    ['2026年11月25日', 'zh', '2026-11-25'],
    [' 2026 年 1 月 5 日 ', 'zh', '2026-01-05'],
    ['11/25/2026', 'en', '2026-11-25'],
    ['25/11/2026', 'zh', '2026-11-25'],
    ['1/5/2026', 'en', '2026-01-05'],
    ['1/5/2026', 'zh', '2026-05-01'],
    ['Nov 25, 2026', 'en', '2026-11-25'],
    ['november 25 2026', 'en', '2026-11-25'],
    ['25 Nov 2026', 'en', '2026-11-25'],
    ['2024-02-29', 'zh', '2024-02-29'],
  ] as const)('%j in %s is %s', (text, language, expected) => {
    expect(parseTypedDay(text, language)).toBe(expected);
  });

  it.each([
    ['2023-02-29', 'zh'],
    ['25/11/2026', 'en'],
    ['13/01/2026', 'en'],
    ['2026-13-01', 'zh'],
    ['Nov 25, 2026', 'zh'],
    ['Foo 25, 2026', 'en'],
    ['yesterday', 'en'],
    ['', 'zh'],
  ] as const)('%j in %s is not a day', (text, language) => {
    expect(parseTypedDay(text, language)).toBeNull();
  });
});

describe('formatDay', () => {
  it.each([
    ['2026-11-25', 'zh', '2026-11-25'],
    ['2026-01-05', 'en', '01/05/2026'],
    ['', 'en', ''],
    ['2026-02-30', 'zh', ''],
  ] as const)('%s in %s is written %j', (value, language, expected) => {
    expect(formatDay(value, language)).toBe(expected);
  });

  it.each(['zh', 'en'] as const)('reads back what it writes in %s', (language) => {
    expect(parseTypedDay(formatDay('2026-03-04', language), language)).toBe('2026-03-04');
  });
});

describe('dateLanguage', () => {
  it.each([
    ['zh-CN', 'zh'],
    ['zh', 'zh'],
    ['en', 'en'],
    ['en-GB', 'en'],
  ] as const)('%s dates are %s', (locale, expected) => {
    expect(dateLanguage(locale)).toBe(expected);
  });
});
