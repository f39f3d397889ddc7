import { describe, expect, it } from 'vitest';
import { EMPTY_SHOP_INFO, type ShopInfo, shopInfoFormSchema, shopInfoProblems } from './shop-info';

const valid: ShopInfo = {
  ...EMPTY_SHOP_INFO,
  ShopName: '演示商城',
  Phone: '13800138000',
  Email: 'service@mall.example.cn',
  Address: '漕溪北路88号',
};
const off = { sameCityDelivery: false };
const fields = (info: Partial<ShopInfo>, context = off) =>
  shopInfoProblems({ ...valid, ...info }, context).map(
    (problem) => `${problem.field}:${problem.key.slice(14)}`,
  );

describe('shopInfoProblems (SPEC §5)', () => {
  it('accepts a complete form and leaves it as it was', () => {
    const before = structuredClone(valid);
    expect(shopInfoProblems(valid, off)).toEqual([]);
    expect(valid).toEqual(before);
  });

  it('requires the shop name', () => {
    expect(fields({ ShopName: '' })).toEqual(['ShopName:shopNameRequired']);
    expect(fields({ ShopName: '   ' })).toEqual(['ShopName:shopNameRequired']);
  });

  it.each([
    ['13800138000', true],
    ['19912345678', true],
    ['12812345678', false],
    ['1380013800', false],
    ['138001380001', false],
    ['021-64281234', true],
    ['0571 8888888', true],
    ['01012345678', true],
    ['021-64281234-123', true],
    ['021-642812', false],
    ['21-64281234', false],
    ['x13800138000', false],
    ['13800138000x', false],
  ])('phone %s is well-formed: %s', (phone, ok) => {
    expect(fields({ Phone: phone })).toEqual(ok ? [] : ['Phone:phoneFormat']);
  });

  it('requires the phone and checks the service phone only when given', () => {
    expect(fields({ Phone: '' })).toEqual(['Phone:phoneRequired']);
    expect(fields({ ServicePhone: '400' })).toEqual(['ServicePhone:phoneFormat']);
    expect(fields({ ServicePhone: '400-820-8820' })).toEqual([]);
    expect(fields({ ServicePhone: '8008208820' })).toEqual([]);
    expect(fields({ ServicePhone: '400-820-882' })).toEqual(['ServicePhone:phoneFormat']);
    expect(fields({ ServicePhone: '500-820-8820' })).toEqual(['ServicePhone:phoneFormat']);
    // The shop's own phone is a mobile or a landline, not a 400 line.
    expect(fields({ Phone: '400-820-8820' })).toEqual(['Phone:phoneFormat']);
    expect(fields({ ServicePhone: '021-64281234' })).toEqual([]);
  });

  it.each([
    ['a@b.cn', true],
    ['first.last+tag@mail.example.com', true],
    ['a@b', false],
    ['a b@c.cn', false],
    ['@b.cn', false],
    ['a@b.cn>', false],
    ['<a@b.cn', false],
    // Spaces around are trimmed, as the save's schema trims them.
    [' a@b.cn ', true],
  ])('email %s is well-formed: %s', (email, ok) => {
    expect(fields({ Email: email })).toEqual(ok ? [] : ['Email:emailFormat']);
  });

  it('requires the email', () => {
    expect(fields({ Email: '' })).toEqual(['Email:emailRequired']);
  });

  it('keeps the detailed address to 1–64 characters', () => {
    expect(fields({ Address: '' })).toEqual(['Address:addressLength']);
    expect(fields({ Address: '路' })).toEqual([]);
    expect(fields({ Address: '路'.repeat(64) })).toEqual([]);
    expect(fields({ Address: '路'.repeat(65) })).toEqual(['Address:addressLength']);
    expect(shopInfoProblems({ ...valid, Address: '' }, off)[0]!.params).toEqual({ min: 1, max: 64 });
  });

  it('requires the whole area only with same-city delivery on', () => {
    const on = { sameCityDelivery: true };
    expect(fields({}, on)).toEqual(['ProvinceCode:areaRequired']);
    expect(fields({ ProvinceCode: '310000' }, on)).toEqual(['CityCode:areaRequired']);
    expect(fields({ ProvinceCode: '310000', CityCode: '310100' }, on)).toEqual(['DistrictCode:areaRequired']);
    expect(fields({ ProvinceCode: '310000', CityCode: '310100', DistrictCode: '310104' }, on)).toEqual([]);
    expect(fields({ ProvinceCode: '310000' })).toEqual([]);
  });

  it('refuses area codes that are not six digits', () => {
    expect(fields({ ProvinceCode: '31000' })).toEqual(['ProvinceCode:areaCode']);
    expect(fields({ CityCode: '3101000' })).toEqual(['CityCode:areaCode']);
    expect(fields({ DistrictCode: 'a10104' })).toEqual(['DistrictCode:areaCode']);
  });

  it('takes a map point only with city and district, both coordinates, within range', () => {
    const area = { ProvinceCode: '310000', CityCode: '310100', DistrictCode: '310104' };
    expect(fields({ ...area, Lng: 121.4368, Lat: 31.1937 })).toEqual([]);
    expect(fields({ Lng: 121.4, Lat: 31.2 })).toEqual(['CityCode:mapArea']);
    expect(fields({ ProvinceCode: '310000', CityCode: '310100', Lng: 121.4, Lat: 31.2 })).toEqual([
      'DistrictCode:mapArea',
    ]);
    expect(fields({ ...area, Lng: 121.4, Lat: null })).toEqual(['Lat:latRequired']);
    expect(fields({ ...area, Lng: null, Lat: 31.2 })).toEqual(['Lng:lngRequired']);
    expect(fields({ ...area, Lng: 180, Lat: 90 })).toEqual([]);
    expect(fields({ ...area, Lng: -180, Lat: -90 })).toEqual([]);
    expect(fields({ ...area, Lng: 180.0001, Lat: 0 })).toEqual(['Lng:lngRange']);
    expect(fields({ ...area, Lng: -180.0001, Lat: 0 })).toEqual(['Lng:lngRange']);
    expect(fields({ ...area, Lng: 0, Lat: 90.0001 })).toEqual(['Lat:latRange']);
    expect(fields({ ...area, Lng: 0, Lat: -90.0001 })).toEqual(['Lat:latRange']);
  });

  it('puts each problem on its field with its message key in the form schema', () => {
    const result = shopInfoFormSchema(off).safeParse({ ...valid, ShopName: '', Email: 'x', Version: 1 });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((issue) => [
      issue.path.join('.'),
      (issue as { params?: { key: string } }).params?.key,
    ]);
    expect(issues).toEqual([
      ['ShopName', 'shopInfo.rule.shopNameRequired'],
      ['Email', 'shopInfo.rule.emailFormat'],
    ]);
  });
});
