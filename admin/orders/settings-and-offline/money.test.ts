import { describe, expect, it } from 'vitest';
import { formatFen } from './money';

describe('formatFen', () => {
  it.each([
    [0, '¥0.00'],
    [7480, '¥74.80'],
    [123456, '¥1,234.56'],
    [-500, '-¥5.00'],
  ])('%s fen is %s', (fen, text) => {
    expect(formatFen(fen)).toBe(text);
  });
});
