import { describe, expect, it } from 'vitest';
import { destinationOf, regionName } from './service';

describe('regionName', () => {
  it.each([
    ['440000', '广东省'],
    ['440300', '深圳市'],
    ['650000', '新疆维吾尔自治区'],
    ['110100', '北京市'],
    ['440305', null],
    ['990000', null],
    ['449900', null],
  ])('%s → %s', (code, name) => {
    expect(regionName(code)).toBe(name);
  });
});

describe('destinationOf an address', () => {
  it.each([
    ['广东省', '深圳市', '440000', '440300'],
    [' 广东 ', ' 深圳 ', '440000', '440300'],
    ['新疆维吾尔自治区', '乌鲁木齐市', '650000', '650100'],
    ['新疆', '乌鲁木齐', '650000', '650100'],
    ['内蒙古自治区', '呼和浩特市', '150000', '150100'],
    ['上海市', '上海市', '310000', '310100'],
    ['北京', '北京市', '110000', '110100'],
    ['上海市', '浦东新区', '310000', null],
    ['广东省', '杭州市', '440000', null],
    ['广东省', '', '440000', null],
    ['广', '深圳市', null, null],
    ['火星', '深圳市', null, null],
    ['', '', null, null],
  ])('%j %j → %s %s', (province, city, provinceCode, cityCode) => {
    expect(destinationOf(province, city)).toEqual({ provinceCode, cityCode });
  });
});
