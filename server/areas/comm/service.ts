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
  const tree = chinaAreas();
  const province = tree.provinces.find((node) => node.Code === provinceCode);
  const city = province?.Children?.find((node) => node.Code === cityCode);
  const district = city?.Children?.find((node) => node.Code === districtCode);
  if (!province || !city || !district) return null;
  return { province: province.Name, city: city.Name, district: district.Name };
}
