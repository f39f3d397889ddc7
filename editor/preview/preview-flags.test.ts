import { describe, expect, it } from 'vitest';
import { blockDefinition } from '../../components-catalog/registry';
import { ShopType as Shop, type ShopType } from '../../contract/enums';
import { LinkType } from '../../contract/link-value';
import type { BlockNode } from '../../contract/template-document';
import { previewFlags } from './preview-flags';

function block(type: string, patch: Record<string, unknown> = {}): BlockNode {
  const props = { ...blockDefinition(type)!.defaults(), ...patch };
  return { id: `${type}-1`, type, props, hidden: false, locked: false };
}

const productLink = { linkType: LinkType.product, id: 3, linkTitle: 'Tea', shpName: 'Tea', shpPrice: 1200 };
const phoneLink = { linkType: LinkType.phone, tel: '13800138000' };
const courseLink = { linkType: LinkType.course, id: 9, linkTitle: 'Piano' };

describe('previewFlags', () => {
  const cases: [string, BlockNode, ShopType, { blockAllowed: boolean; disallowedLinks: string[] }][] = [
    [
      'a notice without a link, anywhere',
      block('notice'),
      Shop.hotel,
      { blockAllowed: true, disallowedLinks: [] },
    ],
    [
      'a product link in a mall',
      block('notice', { link: productLink }),
      Shop.mall,
      { blockAllowed: true, disallowedLinks: [] },
    ],
    [
      'a product link on an official site',
      block('notice', { link: productLink }),
      Shop.officialSite,
      { blockAllowed: true, disallowedLinks: ['link'] },
    ],
    [
      'a phone link in a hotel',
      block('notice', { link: phoneLink }),
      Shop.hotel,
      { blockAllowed: true, disallowedLinks: [] },
    ],
    [
      'a course link in a mall',
      block('notice', { link: courseLink }),
      Shop.mall,
      { blockAllowed: true, disallowedLinks: ['link'] },
    ],
    [
      'a product list in a mall',
      block('productList'),
      Shop.mall,
      { blockAllowed: true, disallowedLinks: [] },
    ],
    [
      'a product list on an official site',
      block('productList'),
      Shop.officialSite,
      { blockAllowed: false, disallowedLinks: [] },
    ],
    [
      'a course list in a course shop',
      block('courseList'),
      Shop.course,
      { blockAllowed: true, disallowedLinks: [] },
    ],
    [
      'a course list in a food shop',
      block('courseList'),
      Shop.food,
      { blockAllowed: false, disallowedLinks: [] },
    ],
    [
      // The shape problem is validateLink's to report; the flag is for a kind the shop lacks.
      'a course link without its course, in a mall',
      block('notice', { link: { linkType: LinkType.course, linkTitle: 'Piano' } }),
      Shop.mall,
      { blockAllowed: true, disallowedLinks: [] },
    ],
    [
      'a link of a type no kind has',
      block('notice', { link: { linkType: 999 } }),
      Shop.mall,
      { blockAllowed: true, disallowedLinks: [] },
    ],
    [
      'a product link of the wrong shape, on an official site',
      block('notice', { link: { ...productLink, id: 'three' } }),
      Shop.officialSite,
      { blockAllowed: true, disallowedLinks: [] },
    ],
    [
      'a type the catalogue does not know',
      { ...block('notice'), type: 'unknown' },
      Shop.mall,
      { blockAllowed: false, disallowedLinks: [] },
    ],
  ];
  it.each(cases)('%s', (_name, node, shopType, expected) => {
    expect(previewFlags(node, shopType)).toEqual(expected);
  });

  it('names each item link the shop type does not offer', () => {
    const items = [
      { image: '', text: 'Call', link: phoneLink },
      { image: '', text: 'Tea', link: productLink },
    ];
    expect(previewFlags(block('iconNav', { items }), Shop.course).disallowedLinks).toEqual(['items.1.link']);
  });
});
