import { describe, expect, it } from 'vitest';
import { parseIds } from './parse-ids';

describe('parseIds', () => {
  it.each([
    ['', []],
    ['3', [3]],
    ['1, 2 3', [1, 2, 3]],
    ['4，5,,4', [4, 5]],
    ['0', null],
    ['1.5', null],
    ['-2', null],
    ['a, 1', null],
  ])('%j gives %j', (text, expected) => {
    expect(parseIds(text)).toEqual(expected);
  });
});
