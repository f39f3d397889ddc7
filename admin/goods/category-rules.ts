import type { CategoryNode } from '../../contract/endpoints/goods';

type Counted = Pick<CategoryNode, 'Children' | 'GoodsCount'>;

/** A category can be deleted only when nothing is in it: no sub-categories and no goods. */
export function canDeleteCategory(node: Counted): boolean {
  return node.Children.length === 0 && node.GoodsCount === 0;
}

/** Goods in a category and all its descendants. */
export function totalGoods(node: Counted): number {
  return node.GoodsCount + node.Children.reduce((sum, child) => sum + totalGoods(child), 0);
}

type TreeNode = Pick<CategoryNode, 'Id' | 'Children'>;

interface Tree<Node> {
  Id: number;
  Children: readonly Node[];
}

export interface CategoryPlace<Node extends Tree<Node> = TreeNode> {
  node: Node;
  parentId: number | null;
  siblings: readonly Node[];
  index: number;
  /** 1 for a top-level category. */
  depth: number;
}

/** Where a category sits in the tree, or null when it is not there. */
export function locateCategory<Node extends Tree<Node>>(
  nodes: readonly Node[],
  id: number,
  parentId: number | null = null,
  depth = 1,
): CategoryPlace<Node> | null {
  for (const [index, node] of nodes.entries()) {
    if (node.Id === id) return { node, parentId, siblings: nodes, index, depth };
    const found = locateCategory(node.Children, id, node.Id, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Levels of a category's subtree, itself included: a leaf has height 1. */
export function subtreeHeight(node: TreeNode): number {
  return 1 + Math.max(0, ...node.Children.map(subtreeHeight));
}

function contains(node: TreeNode, id: number): boolean {
  return node.Id === id || node.Children.some((child) => contains(child, id));
}

/** The BindProductType `move`: under `ParentId`, at `Index` among the other siblings. */
export interface CategoryMove {
  ParentId: number | null;
  Index: number;
}

export type MoveRefusal = 'self' | 'depth';
/** A move to make, a reason it is not allowed, or null when there is nothing to move. */
export type MoveCheck = { move: CategoryMove } | { refused: MoveRefusal } | null;

function underParent(
  nodes: readonly TreeNode[],
  moved: TreeNode,
  parentId: number | null,
  index: number,
  maxDepth: number,
): MoveCheck {
  const parentDepth = parentId === null ? 0 : (locateCategory(nodes, parentId)?.depth ?? 0);
  if (parentDepth + subtreeHeight(moved) > maxDepth) return { refused: 'depth' };
  return { move: { ParentId: parentId, Index: index } };
}

export const MOVE_DIRECTIONS = ['up', 'down', 'into', 'out'] as const;
export type MoveDirection = (typeof MOVE_DIRECTIONS)[number];

/**
 * The keyboard moves: up and down among the siblings, into the sibling above (as its last child),
 * out of the parent (just after it).
 */
export function directionMove(
  nodes: readonly TreeNode[],
  id: number,
  direction: MoveDirection,
  maxDepth: number,
): MoveCheck {
  const place = locateCategory(nodes, id);
  if (!place) return null;
  const { node, parentId, siblings, index } = place;
  if (direction === 'up') return index > 0 ? { move: { ParentId: parentId, Index: index - 1 } } : null;
  if (direction === 'down')
    return index < siblings.length - 1 ? { move: { ParentId: parentId, Index: index + 1 } } : null;
  if (direction === 'into') {
    const above = siblings[index - 1];
    return above ? underParent(nodes, node, above.Id, above.Children.length, maxDepth) : null;
  }
  if (parentId === null) return null;
  const parent = locateCategory(nodes, parentId)!;
  return underParent(nodes, node, parent.parentId, parent.index + 1, maxDepth);
}

/**
 * Dropping `draggedId` on `overId` puts it in the other's place among the other's siblings, as in a
 * sortable list: in the same list it lands after a category below it and before one above it; in
 * another list, before the category it was dropped on.
 */
export function dropMove(
  nodes: readonly TreeNode[],
  draggedId: number,
  overId: number,
  maxDepth: number,
): MoveCheck {
  if (draggedId === overId) return null;
  const dragged = locateCategory(nodes, draggedId);
  const over = locateCategory(nodes, overId);
  if (!dragged || !over) return null;
  if (contains(dragged.node, overId)) return { refused: 'self' };
  return underParent(nodes, dragged.node, over.parentId, over.index, maxDepth);
}
