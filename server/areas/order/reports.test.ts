import { describe, expect, it } from 'vitest';
import { averageFen, periodOf, periodsOf, reportRange } from './reports';

describe('report periods', () => {
  it.each([
    ['2024-05-15', 'day', '2024-05-01', '2024-05-15'],
    // 2024-05-15 is a Wednesday; its week starts on Monday the 13th.
    ['2024-05-15', 'week', '2024-05-01', '2024-05-13'],
    ['2024-05-13', 'week', '2024-05-01', '2024-05-13'],
    ['2024-05-19', 'week', '2024-05-01', '2024-05-13'],
    // A week that began before the range starts at the range start.
    ['2024-05-02', 'week', '2024-05-01', '2024-05-01'],
    ['2024-05-31', 'month', '2024-05-01', '2024-05-01'],
    ['2024-06-01', 'month', '2024-05-20', '2024-06-01'],
    ['2024-05-25', 'month', '2024-05-20', '2024-05-20'],
  ] as const)('%s by %s in a range from %s belongs to %s', (date, granularity, start, expected) => {
    expect(periodOf(date, granularity, start)).toBe(expected);
  });

  it('lists the periods of a range in order', () => {
    const range = { start: '2024-04-29', end: '2024-05-14' };
    expect(periodsOf(range, 'week')).toEqual(['2024-04-29', '2024-05-06', '2024-05-13']);
    expect(periodsOf(range, 'month')).toEqual(['2024-04-29', '2024-05-01']);
    expect(periodsOf({ start: '2024-02-27', end: '2024-03-01' }, 'day')).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
  });

  it('starts and ends on China business days', () => {
    const range = reportRange('2024-05-01', '2024-05-02');
    expect(range.from.toISOString()).toBe('2024-04-30T16:00:00.000Z');
    expect(range.to.toISOString()).toBe('2024-05-02T16:00:00.000Z');
  });

  it('refuses reversed and over-long ranges', () => {
    expect(() => reportRange('2024-05-02', '2024-05-01')).toThrow('order.rangeReversed');
    expect(() => reportRange('2023-01-01', '2024-05-01')).toThrow('order.reportTooLong');
    expect(() => reportRange('2023-05-02', '2024-05-01')).not.toThrow();
  });

  it.each([
    [1000, 3, 333],
    [1001, 2, 501],
    [0, 0, 0],
  ])('average of %i fen over %i orders is %i fen', (sales, orders, average) => {
    expect(averageFen(sales, orders)).toBe(average);
  });
});
