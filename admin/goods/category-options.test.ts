import { describe, expect, it } from 'vitest';
import type { CategoryNode } from '../../contract/endpoints/goods';
import { categoryOptions } from './category-options';

function node(Id: number, Name: string, Children: CategoryNode[] = []): CategoryNode {
  return { Id, ParentId: null, Name, Image: '', Sort: 0, Version: 1, GoodsCount: 0, Children };
}

describe('categoryOptions', () => {
  it('lists parents before their children, indented', () => {
    expect(categoryOptions([node(1, '服装', [node(2, 'T恤'), node(3, '裤子')]), node(4, '食品')])).toEqual([
      { value: '1', label: '服装', depth: 0 },
      { value: '2', label: '\u3000T恤', depth: 1 },
      { value: '3', label: '\u3000裤子', depth: 1 },
      { value: '4', label: '食品', depth: 0 },
    ]);
  });
});
