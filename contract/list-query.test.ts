import { describe, expect, it } from 'vitest';
import { dateBound, parseSort, queryBoolean, rangeProblems, sortParam } from './list-query';

describe('list query pieces', () => {
  it('accepts each sort field ascending and descending only', () => {
    const sort = sortParam(['price', 'name'] as const);
    expect(sort.options).toEqual(['price', '-price', 'name', '-name']);
    expect(sort.safeParse('-price').success).toBe(true);
    expect(sort.safeParse('password').success).toBe(false);
    expect(parseSort('-price')).toEqual({ field: 'price', descending: true });
    expect(parseSort('name')).toEqual({ field: 'name', descending: false });
  });

  it.each([
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
  ])('reads the query boolean %s as %s', (text, value) => {
    expect(queryBoolean.parse(text)).toBe(value);
  });

  it('reads days in China time, a day ending at the next midnight', () => {
    expect(dateBound('2024-05-01', false).toISOString()).toBe('2024-04-30T16:00:00.000Z');
    expect(dateBound('2024-05-01', true).toISOString()).toBe('2024-05-01T16:00:00.000Z');
    expect(dateBound('2024-05-01T10:00:00Z', true).toISOString()).toBe('2024-05-01T10:00:00.000Z');
  });

  it.each([
    [
      { priceMin: 5, priceMax: 1 },
      [{ field: 'priceMin', key: 'list.rangeReversed', params: { min: 'priceMin', max: 'priceMax' } }],
    ],
    [{ priceMin: 1, priceMax: 1 }, []],
    [{ priceMin: 5 }, []],
    [
      { createdFrom: '2024-05-02', createdTo: '2024-05-01' },
      [{ field: 'createdFrom', key: 'list.rangeReversed', params: { min: 'createdFrom', max: 'createdTo' } }],
    ],
    [{ createdFrom: '2024-05-01', createdTo: '2024-05-01' }, []],
  ])('range problems of %j', (value, expected) => {
    expect(
      rangeProblems(value, [
        ['priceMin', 'priceMax'],
        ['createdFrom', 'createdTo'],
      ]),
    ).toEqual(expected);
  });
});
