import type { CategoryNode } from '../../contract/endpoints/goods';

export interface CategoryOption {
  value: string;
  label: string;
  depth: number;
}

/** The tree as select options in display order, indented by depth so the nesting stays visible. */
export function categoryOptions(nodes: readonly CategoryNode[], depth = 0): CategoryOption[] {
  return nodes.flatMap((node) => [
    { value: String(node.Id), label: `${'\u3000'.repeat(depth)}${node.Name}`, depth },
    ...categoryOptions(node.Children, depth + 1),
  ]);
}
