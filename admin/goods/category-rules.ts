import type { CategoryNode } from '../../contract/endpoints/goods';

/** A category can be deleted only when nothing is in it: no sub-categories and no goods. */
export function canDeleteCategory(node: Pick<CategoryNode, 'Children' | 'GoodsCount'>): boolean {
  return node.Children.length === 0 && node.GoodsCount === 0;
}

/** Goods in a category and all its descendants. */
export function totalGoods(node: Pick<CategoryNode, 'Children' | 'GoodsCount'>): number {
  return node.GoodsCount + node.Children.reduce((sum, child) => sum + totalGoods(child), 0);
}
