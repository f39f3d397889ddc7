import type { CategoryNode } from '../../../contract/endpoints/goods';

export interface CategoryRecord {
  id: number;
  parentId: number | null;
  name: string;
  sort: number;
}

/** Nodes nested under their parents, siblings by sort then id; rows whose parent is missing become roots. */
export function buildTree<Row extends CategoryRecord>(
  rows: readonly Row[],
  toNode: (row: Row) => Omit<CategoryNode, 'Children'>,
): CategoryNode[] {
  const ordered = [...rows].sort((left, right) => left.sort - right.sort || left.id - right.id);
  const nodes = new Map<number, CategoryNode>(
    ordered.map((row) => [row.id, { ...toNode(row), Children: [] }]),
  );
  const roots: CategoryNode[] = [];
  for (const row of ordered) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parent) parent.Children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Levels from the root: a top-level category has depth 1. */
export function depthOf(rows: readonly CategoryRecord[], id: number): number {
  const byId = new Map(rows.map((row) => [row.id, row]));
  let depth = 0;
  let current = byId.get(id);
  while (current && depth <= rows.length) {
    depth += 1;
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return depth;
}

/** Levels of the subtree under `id`, itself included: a leaf has height 1. */
export function heightOf(rows: readonly CategoryRecord[], id: number): number {
  const children = rows.filter((row) => row.parentId === id);
  return 1 + Math.max(0, ...children.map((child) => heightOf(rows, child.id)));
}

/** Whether `candidate` is `id` itself or below it. */
export function isInSubtree(rows: readonly CategoryRecord[], id: number, candidate: number): boolean {
  const byId = new Map(rows.map((row) => [row.id, row]));
  let current = byId.get(candidate);
  for (let steps = 0; current && steps <= rows.length; steps += 1) {
    if (current.id === id) return true;
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return false;
}

/** Names from the root down to `id`. */
export function pathNames(rows: readonly CategoryRecord[], id: number): string[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const names: string[] = [];
  let current = byId.get(id);
  while (current && names.length <= rows.length) {
    names.unshift(current.name);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return names;
}

/**
 * Sort values for siblings after placing `movedId` at `index` among the others: multiples of 10 in
 * display order. Returns only the ids whose sort value changes (the moved one always).
 */
export function resortSiblings(
  siblings: readonly CategoryRecord[],
  movedId: number,
  index: number,
): { id: number; sort: number }[] {
  const others = siblings
    .filter((row) => row.id !== movedId)
    .sort((left, right) => left.sort - right.sort || left.id - right.id);
  const position = Math.min(Math.max(index, 0), others.length);
  const order = [
    ...others.slice(0, position).map((row) => row.id),
    movedId,
    ...others.slice(position).map((row) => row.id),
  ];
  const current = new Map(siblings.map((row) => [row.id, row.sort]));
  return order
    .map((id, place) => ({ id, sort: (place + 1) * 10 }))
    .filter((entry) => entry.id === movedId || current.get(entry.id) !== entry.sort);
}
