import QRCode from 'qrcode';
import type { AreaNode } from '../../../contract/endpoints/comm';
import { type Destination, provinceOf } from '../../../contract/freight';
import { chinaAreas } from './china-areas';

export { switchableSites } from './sites';
export { type ResolvedVideo, resolveVideo, VideoError } from './tencent-video';

/**
 * The comm area's public service: what other areas may ask of it. The area calls' tree lives here,
 * so a form that saves an area gets the same codes and names the pickers listed.
 */

/** A QR code of `text` as a PNG data URL, as every QR image of the shop is drawn. */
export function qrCodeImage(text: string): Promise<string> {
  return QRCode.toDataURL(text, { type: 'image/png', width: 240, margin: 1, errorCorrectionLevel: 'M' });
}

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

/** A province's or city's name by its code, or null when the code is neither (a district, unknown). */
export function regionName(code: string): string | null {
  const province = chinaAreas().provinces.find((node) => node.Code === provinceOf(code));
  if (!province) return null;
  if (province.Code === code) return province.Name;
  return province.Children?.find((node) => node.Code === code)?.Name ?? null;
}

/**
 * The node a typed name means among siblings: the one named so, else the only one whose name starts
 * with it (`新疆` for 新疆维吾尔自治区, `深圳` for 深圳市). One character, or a prefix of several, means none.
 */
function nodeNamed(nodes: readonly AreaNode[], name: string): AreaNode | undefined {
  const given = name.trim();
  if (given.length < 2) return undefined;
  const exact = nodes.find((node) => node.Name === given);
  if (exact) return exact;
  const starting = nodes.filter((node) => node.Name.startsWith(given));
  return starting.length === 1 ? starting[0] : undefined;
}

/**
 * The codes of an address's province and city, as freight templates name regions; null where the
 * address names no province, or no city of its province, of the tree.
 */
export function destinationOf(province: string, city: string): Destination {
  const provinceNode = nodeNamed(chinaAreas().provinces, province);
  if (!provinceNode) return { provinceCode: null, cityCode: null };
  const cityNode = nodeNamed(provinceNode.Children ?? [], city);
  return { provinceCode: provinceNode.Code, cityCode: cityNode?.Code ?? null };
}
