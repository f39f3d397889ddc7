import { describe, expect, it } from 'vitest';
import type { CategoryNode } from '../../contract/endpoints/goods';
import { canDeleteCategory, totalGoods } from './category-rules';

function node(GoodsCount: number, Children: CategoryNode[] = []): CategoryNode {
  return { Id: 1, ParentId: null, Name: 'x', Image: '', Sort: 0, Version: 1, GoodsCount, Children };
}

describe('category rules', () => {
  it.each([
    [node(0), true],
    [node(2), false],
    [node(0, [node(0)]), false],
  ])('%o deletable: %s', (category, expected) => {
    expect(canDeleteCategory(category)).toBe(expected);
  });

  it('counts goods of the whole branch', () => {
    expect(totalGoods(node(1, [node(2, [node(3)]), node(4)]))).toBe(10);
  });
});
