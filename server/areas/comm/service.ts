import { chinaAreas } from './china-areas';

/**
 * The comm area's public service: what other areas may ask of it. The area calls' tree lives here,
 * so a form that saves an area gets the same codes and names the pickers listed.
 */

/**
 * The names of a province, city and district given by their codes, or null when the codes are not
 * one path of the tree (a city of another province, a district of another city, an unknown code).
 */
export function areaPath(
  provinceCode: string,
  cityCode: string,
  districtCode: string,
): { province: string; city: string; district: string } | null {
  const path = areaNames([provinceCode, cityCode, districtCode]);
  if ('wrong' in path || path.names.length < 3) return null;
  const [province, city, district] = path.names as [string, string, string];
  return { province, city, district };
}

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
