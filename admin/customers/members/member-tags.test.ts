import { describe, expect, it } from 'vitest';
import { splitTags } from './member-tags';

describe('splitTags', () => {
  it('splits on commas of either width, semicolons and spaces, dropping empties and repeats', () => {
    expect(splitTags(' VIP，老客户, 团购;;新客  VIP ')).toEqual(['VIP', '老客户', '团购', '新客']);
  });

  it('gives nothing for blank text and keeps one tag whole', () => {
    expect(splitTags('  ')).toEqual([]);
    expect(splitTags('春季活动')).toEqual(['春季活动']);
  });
});
