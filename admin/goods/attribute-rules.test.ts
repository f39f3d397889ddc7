import { describe, expect, it } from 'vitest';
import { parseSpecValues, withSpecValue } from './attribute-rules';

describe('attribute rules', () => {
  it.each([
    ['S,M,L', ['S', 'M', 'L']],
    [' 红色 ，蓝色、 绿色 ', ['红色', '蓝色', '绿色']],
    ['S,,S, ,M', ['S', 'M']],
    ['', []],
  ])('parses %j as %j', (text, expected) => {
    expect(parseSpecValues(text)).toEqual(expected);
  });

  it.each([
    [['S'], 'M', ['S', 'M']],
    [['S'], ' S ', ['S']],
    [['S'], '  ', ['S']],
  ])('adds to %j the value %j', (values, value, expected) => {
    expect(withSpecValue(values, value)).toEqual(expected);
  });
});
