import { chinaAreas } from './china-areas';

/** What other areas may ask of the common calls: the names of a province → city → district choice. */

export type AreaLevel = 'province' | 'city' | 'district';

/**
 * The names along a chosen area path (empty codes end it), or the first level whose code is unknown
 * or not a child of the level above.
 */
export function areaNames(
  codes: readonly [string, string, string],
): { names: string[] } | { wrong: AreaLevel } {
  const levels: AreaLevel[] = ['province', 'city', 'district'];
  const areas = chinaAreas();
  const names: string[] = [];
  let siblings = areas.provinces;
  for (const [index, code] of codes.entries()) {
    if (code === '') break;
    const node = siblings.find((candidate) => candidate.Code === code);
    if (!node) return { wrong: levels[index]! };
    names.push(node.Name);
    siblings = node.Children ?? [];
  }
  return { names };
}
