import { describe, expect, it } from 'vitest';
import {
  buildTree,
  type CategoryRecord,
  depthOf,
  heightOf,
  isInSubtree,
  pathNames,
  resortSiblings,
} from './category-tree';

// 1 服装 ─ 2 T恤 ─ 4 纯棉
//        └ 3 衬衫
// 5 食品
const rows: CategoryRecord[] = [
  { id: 1, parentId: null, name: '服装', sort: 10 },
  { id: 2, parentId: 1, name: 'T恤', sort: 20 },
  { id: 3, parentId: 1, name: '衬衫', sort: 10 },
  { id: 4, parentId: 2, name: '纯棉', sort: 0 },
  { id: 5, parentId: null, name: '食品', sort: 5 },
];

describe('category tree rules', () => {
  it('nests children under parents, siblings by sort', () => {
    const tree = buildTree(rows, (row) => ({
      Id: row.id,
      ParentId: row.parentId,
      Name: row.name,
      Image: '',
      Sort: row.sort,
      Version: 1,
      GoodsCount: 0,
    }));
    expect(tree.map((node) => node.Name)).toEqual(['食品', '服装']);
    expect(tree[1]!.Children.map((node) => node.Name)).toEqual(['衬衫', 'T恤']);
    expect(tree[1]!.Children[1]!.Children.map((node) => node.Name)).toEqual(['纯棉']);
  });

  it.each([
    [1, 1, 3],
    [2, 2, 2],
    [4, 3, 1],
    [5, 1, 1],
  ])('category %i has depth %i and height %i', (id, depth, height) => {
    expect(depthOf(rows, id)).toBe(depth);
    expect(heightOf(rows, id)).toBe(height);
  });

  it.each([
    [1, 1, true],
    [1, 4, true],
    [2, 3, false],
    [4, 1, false],
    [5, 4, false],
  ])('is %i or its subtree holding %i: %s', (id, candidate, expected) => {
    expect(isInSubtree(rows, id, candidate)).toBe(expected);
  });

  it('names the path from the root', () => {
    expect(pathNames(rows, 4)).toEqual(['服装', 'T恤', '纯棉']);
  });

  it.each([
    [
      'to the front',
      0,
      [
        { id: 9, sort: 10 },
        { id: 3, sort: 20 },
        { id: 2, sort: 30 },
      ],
    ],
    [
      'between',
      1,
      [
        { id: 9, sort: 20 },
        { id: 2, sort: 30 },
      ],
    ],
    ['to the end', 2, [{ id: 9, sort: 30 }]],
    ['past the end', 99, [{ id: 9, sort: 30 }]],
  ])('re-sorts siblings when moving %s', (_, index, expected) => {
    const siblings = [
      { id: 3, parentId: 1, name: '衬衫', sort: 10 },
      { id: 2, parentId: 1, name: 'T恤', sort: 20 },
    ];
    expect(resortSiblings(siblings, 9, index as number)).toEqual(expected);
  });
});
