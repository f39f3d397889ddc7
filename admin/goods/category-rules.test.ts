import { describe, expect, it } from 'vitest';
import type { CategoryNode } from '../../contract/endpoints/goods';
import {
  canDeleteCategory,
  directionMove,
  dropMove,
  locateCategory,
  type MoveCheck,
  type MoveDirection,
  subtreeHeight,
  totalGoods,
} from './category-rules';

function node(GoodsCount: number, Children: CategoryNode[] = [], Id = 1): CategoryNode {
  return { Id, ParentId: null, Name: 'x', Image: '', Sort: 0, Version: 1, GoodsCount, Children };
}

/**
 * 1            (top)
 *   11
 *     111
 *   12
 * 2
 * 3
 *   31
 */
const tree: CategoryNode[] = [
  node(0, [node(0, [node(0, [], 111)], 11), node(0, [], 12)], 1),
  node(0, [], 2),
  node(0, [node(0, [], 31)], 3),
];
const MAX = 3;

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

  it('locates a category with its parent, position and depth', () => {
    const place = locateCategory(tree, 12);
    expect([place?.parentId, place?.index, place?.depth]).toEqual([1, 1, 2]);
    expect(locateCategory(tree, 99)).toBeNull();
    expect(subtreeHeight(tree[0]!)).toBe(3);
  });

  it.each<[number, MoveDirection, MoveCheck]>([
    [2, 'up', { move: { ParentId: null, Index: 0 } }],
    [1, 'up', null],
    [2, 'down', { move: { ParentId: null, Index: 2 } }],
    [3, 'down', null],
    [12, 'up', { move: { ParentId: 1, Index: 0 } }],
    // Into the sibling above, after its children.
    [3, 'into', { move: { ParentId: 2, Index: 0 } }],
    [12, 'into', { move: { ParentId: 11, Index: 1 } }],
    [2, 'into', { move: { ParentId: 1, Index: 2 } }],
    [1, 'into', null],
    // Out of the parent, just after it.
    [111, 'out', { move: { ParentId: 1, Index: 1 } }],
    [31, 'out', { move: { ParentId: null, Index: 3 } }],
    [1, 'out', null],
    [99, 'up', null],
  ])('moving %i %s: %o', (id, direction, expected) => {
    expect(directionMove(tree, id, direction, MAX)).toEqual(expected);
  });

  it('refuses a move that would make the tree too deep', () => {
    const deep = [node(0, [], 5), node(0, [node(0, [], 61)], 6)];
    // 6 has two levels; inside 5 whose depth is 1 it is fine, inside a depth-2 category it is not.
    expect(directionMove(deep, 6, 'into', 2)).toEqual({ refused: 'depth' });
    expect(directionMove(deep, 6, 'into', 3)).toEqual({ move: { ParentId: 5, Index: 0 } });
  });

  it.each<[number, number, MoveCheck]>([
    // Same list: the dragged category takes the other's place.
    [1, 3, { move: { ParentId: null, Index: 2 } }],
    [3, 1, { move: { ParentId: null, Index: 0 } }],
    // Another list: it goes before the one it was dropped on.
    [2, 12, { move: { ParentId: 1, Index: 1 } }],
    [31, 111, { move: { ParentId: 11, Index: 0 } }],
    [3, 111, { refused: 'depth' }],
    [1, 111, { refused: 'self' }],
    [1, 1, null],
  ])('dropping %i on %i: %o', (dragged, over, expected) => {
    expect(dropMove(tree, dragged, over, MAX)).toEqual(expected);
  });
});
