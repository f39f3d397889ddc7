import { describe, expect, it } from 'vitest';
import type { UserCenterMenu } from '../../../contract/endpoints/module-library';
import { ShopType } from '../../../contract/enums';
import { LinkType } from '../../../contract/link-value';
import { defaultUserCenter, menuEntities, menuProblems, storefrontMenus } from './user-center';

const menu = (Id: string, Link: UserCenterMenu['Link']): UserCenterMenu => ({
  Id,
  Icon: 'gift',
  Title: Id,
  Link,
  Visible: true,
});
const product = { linkType: LinkType.product, id: 7, linkTitle: 'T', shpName: 'T', shpPrice: 100 } as const;

describe('menuProblems', () => {
  it('accepts the default menu for every shop type', () => {
    for (const shopType of Object.values(ShopType))
      expect(menuProblems(defaultUserCenter(), shopType)).toEqual([]);
  });

  it.each([
    [
      'a repeated id',
      [menu('a', { linkType: LinkType.none }), menu('a', { linkType: LinkType.none })],
      [{ kind: 'repeatedId', index: 1 }],
    ],
    [
      'a bad phone number',
      [menu('a', { linkType: LinkType.phone, tel: '12' })],
      [{ kind: 'link', index: 0 }],
    ],
    ['a goods link in an official site', [menu('a', product)], [{ kind: 'link', index: 0 }]],
  ])('finds %s', (_name, menus, expected) => {
    const shopType = _name.includes('official') ? ShopType.officialSite : ShopType.mall;
    const found = menuProblems({ ...defaultUserCenter(), Menus: menus }, shopType);
    expect(found).toMatchObject(expected);
  });
});

describe('menuEntities', () => {
  it('collects the entity ids the links name, per kind', () => {
    const settings = {
      ...defaultUserCenter(),
      Menus: [menu('a', product), menu('b', { ...product, id: 9 })],
    };
    expect(menuEntities(settings)).toEqual(new Map([['product', new Set([7, 9])]]));
  });
});

describe('storefrontMenus', () => {
  const ids = (shopType: ShopType, menus = defaultUserCenter().Menus) =>
    storefrontMenus({ ...defaultUserCenter(), Menus: menus }, shopType).map((item) => item.Id);

  it.each([
    [ShopType.mall, ['orders', 'coupons', 'addresses', 'member', 'service']],
    [ShopType.storePlatform, ['orders', 'coupons', 'addresses', 'member', 'service']],
    [ShopType.food, ['orders', 'coupons', 'addresses', 'member', 'service']],
    [ShopType.service, ['orders', 'coupons', 'member', 'service']],
    [ShopType.hotel, ['orders', 'coupons', 'member', 'service']],
    [ShopType.officialSite, ['member', 'service']],
    [ShopType.course, ['member', 'service']],
  ])('answers shop type %i the default items it has', (shopType, expected) => {
    expect(ids(shopType)).toEqual(expected);
  });

  it('drops hidden items and items linking to what the shop type lacks, keeping the order', () => {
    const menus = [
      menu('goods', product),
      { ...menu('hidden', { linkType: LinkType.none }), Visible: false },
      menu('none', { linkType: LinkType.none }),
      menu('orders', { linkType: LinkType.navigate, linkUrl: '/pages/order/list' }),
    ];
    expect(ids(ShopType.mall, menus)).toEqual(['goods', 'none', 'orders']);
    expect(ids(ShopType.officialSite, menus)).toEqual(['none']);
  });

  it('leaves the stored settings unchanged', () => {
    const settings = defaultUserCenter();
    const before = structuredClone(settings);
    storefrontMenus(settings, ShopType.officialSite);
    expect(settings).toEqual(before);
  });
});
