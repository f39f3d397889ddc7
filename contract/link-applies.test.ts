import { describe, expect, it } from 'vitest';
import { SHOP_TYPES, ShopType } from './enums';
import { isLinkAllowed } from './link-targets';
import { LinkType, type LinkValue, linkAppliesTo, linkKindOf, NAVIGATE_PAGES } from './link-value';

const navigate = (linkUrl: string): LinkValue => ({ linkType: LinkType.navigate, linkUrl });
const product: LinkValue = { linkType: LinkType.product, id: 7, linkTitle: 'T', shpName: 'T', shpPrice: 100 };
const contact: LinkValue = { linkType: LinkType.quickEntry, linkUrl: 'contact' };

describe('linkAppliesTo', () => {
  it.each([
    ['my orders in a mall', navigate('/pages/order/list'), ShopType.mall, true],
    ['my orders in a service shop (it takes orders)', navigate('/pages/order/list'), ShopType.service, true],
    [
      'my orders in an official site (no orders)',
      navigate('/pages/order/list'),
      ShopType.officialSite,
      false,
    ],
    ['my orders in a course shop', navigate('/pages/order/list'), ShopType.course, false],
    ['the cart in a catering shop', navigate('/pages/cart/index'), ShopType.food, true],
    ['the cart in a hotel', navigate('/pages/cart/index'), ShopType.hotel, false],
    ['addresses in a store platform', navigate('/pages/address/list'), ShopType.storePlatform, true],
    ['addresses in a service shop', navigate('/pages/address/list'), ShopType.service, false],
    [
      'the distribution centre in a catering shop',
      navigate('/pages/distribution/center'),
      ShopType.food,
      false,
    ],
    ['the store list in a service shop', navigate('/pages/store/list'), ShopType.service, true],
    ['the store list in a hotel', navigate('/pages/store/list'), ShopType.hotel, false],
    ['the member card in an official site', navigate('/pages/member/card'), ShopType.officialSite, true],
    ['an unknown page', navigate('/pages/nowhere'), ShopType.mall, false],
    ['a known page with a trailing slash', navigate('/pages/order/list/'), ShopType.mall, false],
    ['a known page with a space before it', navigate(' /pages/order/list'), ShopType.mall, false],
    ['a product in a mall', product, ShopType.mall, true],
    ['a product in an official site', product, ShopType.officialSite, false],
    ['customer service anywhere', contact, ShopType.course, true],
  ])('%s: %s', (_name, link, shopType, expected) => {
    expect(linkAppliesTo(link, shopType)).toBe(expected);
  });

  it('never offers a page where its link kind is not offered, and offers every kind-allowed non-page link', () => {
    for (const shopType of SHOP_TYPES) {
      for (const page of NAVIGATE_PAGES)
        expect(linkAppliesTo(navigate(page.path), shopType)).toBe(
          (page.shopTypes as readonly number[]).includes(shopType),
        );
      expect(linkAppliesTo(product, shopType)).toBe(isLinkAllowed(linkKindOf(product), shopType));
    }
  });

  it('offers the home and user-centre pages to every shop type', () => {
    for (const shopType of SHOP_TYPES) {
      expect(linkAppliesTo(navigate('/pages/index/index'), shopType)).toBe(true);
      expect(linkAppliesTo(navigate('/pages/user/index'), shopType)).toBe(true);
    }
  });
});
