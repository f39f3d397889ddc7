import { describe, expect, it } from 'vitest';
import { isLeap, rowsToDraw } from './resource-rows';

const range = (startIndex: number, endIndex: number, count = 100) => ({
  startIndex,
  endIndex,
  count,
  overscan: 0,
  lanes: 1,
});

describe('rowsToDraw', () => {
  it.each([
    // At rest: three rows either side of the view.
    { name: 'at rest', range: range(10, 20), direction: null, first: 7, last: 23 },
    // Scrolling down: three ahead (below), one behind (above).
    { name: 'forward', range: range(10, 20), direction: 'forward' as const, first: 9, last: 23 },
    { name: 'backward', range: range(10, 20), direction: 'backward' as const, first: 7, last: 21 },
    // Never before the first row or past the last one.
    { name: 'at the top', range: range(0, 10), direction: null, first: 0, last: 13 },
    { name: 'one row from the top', range: range(1, 11), direction: null, first: 0, last: 14 },
    { name: 'at the bottom', range: range(89, 99), direction: null, first: 86, last: 99 },
    {
      name: 'one row from the bottom',
      range: range(88, 98),
      direction: 'forward' as const,
      first: 87,
      last: 99,
    },
    {
      name: 'a list shorter than the view',
      range: range(0, 4, 5),
      direction: 'forward' as const,
      first: 0,
      last: 4,
    },
  ])('$name', ({ range: given, direction, first, last }) => {
    const rows = rowsToDraw(given, direction);
    expect(rows[0]).toBe(first);
    expect(rows.at(-1)).toBe(last);
    // Every index between, once and in order.
    expect(rows).toEqual(Array.from({ length: last - first + 1 }, (_, offset) => first + offset));
  });

  it.each([
    // A flick past a whole screen draws the view alone, either way.
    { direction: 'forward' as const, leaping: true, first: 10, last: 20 },
    { direction: 'backward' as const, leaping: true, first: 10, last: 20 },
    // At rest the overscan is back on both sides, whatever the last step was.
    { direction: null, leaping: true, first: 7, last: 23 },
    { direction: 'forward' as const, leaping: false, first: 9, last: 23 },
  ])('$direction, leaping $leaping', ({ direction, leaping, first, last }) => {
    const rows = rowsToDraw(range(10, 20), direction, leaping);
    expect([rows[0], rows.at(-1), rows.length]).toEqual([first, last, last - first + 1]);
  });

  it('draws nothing for an empty list', () => {
    expect(rowsToDraw(range(0, -1, 0), null)).toEqual([]);
  });
});

describe('isLeap', () => {
  // The view is rows 10 to 20: eleven rows.
  it.each([
    { name: 'a screen down exactly', previous: -1, direction: 'forward' as const, leap: false },
    { name: 'one row past a screen down', previous: -2, direction: 'forward' as const, leap: true },
    { name: 'a screen up exactly', previous: 21, direction: 'backward' as const, leap: false },
    { name: 'one row past a screen up', previous: 22, direction: 'backward' as const, leap: true },
    { name: 'two rows down', previous: 8, direction: 'forward' as const, leap: false },
    { name: 'the same rows', previous: 10, direction: 'forward' as const, leap: false },
    { name: 'far, but at rest', previous: 500, direction: null, leap: false },
    { name: 'the first range', previous: null, direction: 'forward' as const, leap: false },
  ])('$name', ({ previous, direction, leap }) => {
    expect(isLeap(previous, range(10, 20), direction)).toBe(leap);
  });
});
