import { describe, expect, it } from 'vitest';
import { containsPattern } from './query';

describe('containsPattern', () => {
  it.each([
    ['shoe', '%shoe%'],
    ['100%', '%100\\%%'],
    ['a_b', '%a\\_b%'],
    ['back\\slash', '%back\\\\slash%'],
    ['', '%%'],
    ['红色 T 恤', '%红色 T 恤%'],
  ])('matches text containing %j literally', (text, pattern) => {
    expect(containsPattern(text)).toBe(pattern);
  });
});
