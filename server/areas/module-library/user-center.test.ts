import { describe, expect, it } from 'vitest';
import type { UserCenterMenu } from '../../../contract/endpoints/module-library';
import { ShopType } from '../../../contract/enums';
import { LinkType } from '../../../contract/link-value';
import { defaultUserCenter, menuEntities, menuProblems } from './user-center';

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
