import { describe, expect, it } from 'vitest';
import { maskedBuyerName } from './buyer-comments';

describe('the name under a buyer’s review', () => {
  it.each([
    ['张三', '张**'],
    ['张', '张**'],
    ['  李四  ', '李**'],
    ['Alice', 'A**'],
    ['😀开心', '😀**'],
    ['', '***'],
    ['   ', '***'],
  ])('%j shows as %j', (name, shown) => {
    expect(maskedBuyerName(name)).toBe(shown);
  });
});
