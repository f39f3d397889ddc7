/**
 * Express freight from the goods' freight templates. The template rules are the shapes the goods
 * area stores (see product/demo-catalogue.ts):
 *   { type: 'free' }                                 no freight;
 *   { type: 'perItem', firstFen, nextFen }           first item, then each further item;
 *   { type: 'region', baseFen, remoteFen }           a base fee, plus a surcharge to remote provinces.
 * Lines sharing a template are charged together (one "first item"); each template used adds its
 * fee. Goods without a template, or a template whose rules are not understood, ship free.
 */

export interface FreightLine {
  templateId: number | null;
  quantity: number;
}

/** Provinces carriers price as remote (prefix match, so 新疆 matches 新疆维吾尔自治区). */
export const REMOTE_PROVINCES = ['新疆', '西藏', '青海', '内蒙古', '宁夏', '甘肃', '海南'] as const;

export function isRemoteProvince(province: string): boolean {
  return REMOTE_PROVINCES.some((prefix) => province.trim().startsWith(prefix));
}

function whole(value: unknown): number {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: Number.isInteger refuses non-numbers, and zero gives zero either way.
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
}

/** The fee of one template for `quantity` items going to `province`. */
export function templateFee(rules: Record<string, unknown>, quantity: number, province: string): number {
  switch (rules.type) {
    case 'perItem':
      return whole(rules.firstFen) + Math.max(0, quantity - 1) * whole(rules.nextFen);
    case 'region':
      return whole(rules.baseFen) + (isRemoteProvince(province) ? whole(rules.remoteFen) : 0);
    default:
      return 0;
  }
}

export function expressFreight(
  lines: readonly FreightLine[],
  templates: ReadonlyMap<number, Record<string, unknown>>,
  province: string,
): number {
  const quantities = new Map<number, number>();
  for (const line of lines) {
    // Stryker disable next-line ConditionalExpression: no template is stored under null, so such a line adds no fee either way.
    if (line.templateId === null) continue;
    quantities.set(line.templateId, (quantities.get(line.templateId) ?? 0) + line.quantity);
  }
  let total = 0;
  for (const [templateId, quantity] of quantities) {
    const rules = templates.get(templateId);
    if (rules) total += templateFee(rules, quantity, province);
  }
  return total;
}

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance between two points, in kilometres. */
export function distanceKm(
  from: { latitude: number; longitude: number },
  to: { latitude: number; longitude: number },
): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}
