import { describe, expect, it } from 'vitest';
import { abbreviateNumber, fenToYuan, formatTime, parseTime, thousands, timeAgo } from './format';
import { createTranslator, translatorFunction } from './i18n/language';

const zh = translatorFunction(createTranslator('zh'));
const en = translatorFunction(createTranslator('en'));

describe('parseTime', () => {
  // Local time of the test process; the cases build their inputs from local dates.
  const local = new Date(2024, 0, 5, 9, 3, 7);
  const seconds = Math.floor(local.getTime() / 1000);
  it.each([
    ['a Date', local, '2024-01-05 09:03:07'],
    ['a 10-digit number as seconds', seconds, '2024-01-05 09:03:07'],
    ['a 13-digit number as milliseconds', local.getTime(), '2024-01-05 09:03:07'],
    ['a 10-digit string as seconds', String(seconds), '2024-01-05 09:03:07'],
    ['a dashed date string', '2024-01-05 09:03:07', '2024-01-05 09:03:07'],
  ])('reads %s', (_, input, expected) => {
    expect(parseTime(input)).toBe(expected);
  });

  it.each([
    ['{y}/{m}/{d}', '2024/01/05'],
    ['{h}:{i}', '09:03'],
    ['周{a}', '周五'],
  ])('formats with %s', (pattern, expected) => {
    expect(parseTime(local, pattern)).toBe(expected);
  });

  it('uses the weekday names it is given', () => {
    expect(parseTime(local, '{a}', 'Sun,Mon,Tue,Wed,Thu,Fri,Sat')).toBe('Fri');
  });

  it('gives an empty string for no time and null for an unreadable one', () => {
    expect(parseTime(null)).toBe('');
    expect(parseTime('')).toBe('');
    expect(parseTime('not a date')).toBeNull();
  });
});

describe('formatTime (SPEC §9 relative time)', () => {
  const now = new Date(2024, 4, 20, 12, 0, 0).getTime();
  const ago = (seconds: number) => now - seconds * 1000;
  it.each([
    [0, '刚刚', 'just now'],
    [29, '刚刚', 'just now'],
    [30, '1分钟前', '1 minute ago'],
    [61, '2分钟前', '2 minutes ago'],
    [3599, '60分钟前', '60 minutes ago'],
    [3600, '1小时前', '1 hour ago'],
    [3601, '2小时前', '2 hours ago'],
    [86_399, '24小时前', '24 hours ago'],
    [86_400, '1天前', '1 day ago'],
    [172_799, '1天前', '1 day ago'],
  ])('%i s ago is %s / %s', (seconds, chinese, english) => {
    expect(formatTime(ago(seconds), zh, now)).toBe(chinese);
    expect(formatTime(ago(seconds), en, now)).toBe(english);
  });

  it('shows the date from two days on, in each language or with a pattern', () => {
    const older = new Date(2024, 4, 17, 8, 5, 0).getTime();
    expect(formatTime(older, zh, now)).toBe('5月17日8时5分');
    expect(formatTime(older, en, now)).toBe('5/17 08:05');
    expect(formatTime(older, en, now, '{y}-{m}-{d}')).toBe('2024-05-17');
  });

  it('reads 10-digit timestamps as seconds', () => {
    expect(formatTime(Math.floor(ago(120) / 1000), en, now)).toBe('2 minutes ago');
  });
});

describe('timeAgo', () => {
  const now = 1_700_000_000_000;
  it.each([
    [59, '0 minutes ago', '0分钟前'],
    [60, '1 minute ago', '1分钟前'],
    [3599, '59 minutes ago', '59分钟前'],
    [3600, '1 hour ago', '1小时前'],
    [86_399, '23 hours ago', '23小时前'],
    [86_400, '1 day ago', '1天前'],
    [3 * 86_400, '3 days ago', '3天前'],
  ])('%i s is %s', (seconds, english, chinese) => {
    expect(timeAgo(now - seconds * 1000, en, now)).toBe(english);
    expect(timeAgo(now - seconds * 1000, zh, now)).toBe(chinese);
  });
});

describe('abbreviateNumber', () => {
  it.each([
    [0, 1, '0'],
    [999, 1, '999'],
    [1000, 1, '1k'],
    [10_000, 1, '10k'],
    [1234, 2, '1.23k'],
    [1500, 1, '1.5k'],
    [1_000_000, 1, '1M'],
    [2.5e9, 1, '2.5G'],
    [7e12, 0, '7T'],
    [3.2e15, 1, '3.2P'],
    [1e18, 1, '1E'],
    [-12_000, 1, '-12k'],
  ])('%d with %d digits is %s', (value, digits, expected) => {
    expect(abbreviateNumber(value, digits)).toBe(expected);
  });
});

describe('thousands and fen', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [1234567.891, '1,234,567.891'],
    [-9876543, '-9,876,543'],
    ['12345', '12,345'],
    ['abc', '0'],
  ])('%s is %s', (value, expected) => {
    expect(thousands(value)).toBe(expected);
  });

  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [12_345, '123.45'],
    [123_456_789, '1,234,567.89'],
    [-199, '-1.99'],
  ])('%d fen is %s yuan', (fen, expected) => {
    expect(fenToYuan(fen)).toBe(expected);
  });
});
