import { z } from 'zod';
import { ShopType } from '../../contract/enums';
import { defineBlock } from '../block-definition';
import { cardFields, cardShape, productRequest } from '../product-list/definition';
import {
  boxFields,
  boxShape,
  choice,
  colour,
  entityLink,
  entityLinks,
  flag,
  options,
  text,
  whole,
} from '../props-kit';

const newTab = () => ({
  title: '',
  source: 'category' as const,
  category: { linkType: 0 as const },
  products: [],
});
const tabSchema = z.strictObject({
  title: text(8),
  source: choice(['category', 'manual'], 'category'),
  category: entityLink('category'),
  products: entityLinks('product', 30),
});

export const schema = z.strictObject({
  tabs: z
    .array(tabSchema)
    .min(2)
    .max(8)
    .default(() => [newTab(), newTab()]),
  layout: choice(['twoColumns', 'list', 'big'], 'twoColumns'),
  limit: whole(1, 30, 6),
  /** The tab row stays at the top while the products scroll. */
  sticky: flag(true),
  activeColour: colour('#ff4444'),
  gap: whole(0, 20, 8),
  ...cardShape,
  ...boxShape,
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'productTabs',
  icon: 'goodsTabs',
  category: 'commerce',
  maxPerPage: 1,
  shopTypes: [ShopType.mall, ShopType.storePlatform],
  schema,
  fields: [
    {
      kind: 'list',
      name: 'tabs',
      label: 'field.tabs',
      itemLabel: 'field.tab',
      newItem: newTab,
      fields: [
        { kind: 'text', name: 'title', label: 'field.title', required: true },
        {
          kind: 'select',
          name: 'source',
          label: 'field.productSource',
          options: options(['category', 'manual']),
        },
        {
          kind: 'link',
          name: 'category',
          label: 'field.category',
          kinds: ['category'],
          required: true,
          visibleWhen: (tab) => tab.source === 'category',
        },
        {
          kind: 'links',
          name: 'products',
          label: 'field.products',
          kinds: ['product'],
          required: true,
          visibleWhen: (tab) => tab.source === 'manual',
        },
      ],
    },
    {
      kind: 'select',
      name: 'layout',
      label: 'field.layout',
      options: options(['twoColumns', 'list', 'big'], 'option.productLayout'),
    },
    { kind: 'number', name: 'limit', label: 'field.limitPerTab' },
    { kind: 'switch', name: 'sticky', label: 'field.sticky' },
    { kind: 'colour', name: 'activeColour', label: 'field.activeColour' },
    { kind: 'number', name: 'gap', label: 'field.gap', unit: 'px' },
    ...cardFields,
    ...boxFields,
  ],
  // The canvas shows the first tab, as the mini-program does when the page opens.
  rows: 'products',
  data: (props) => {
    const first = props.tabs[0];
    return first ? productRequest({ ...first, rule: 'newest', limit: props.limit }) : null;
  },
});
