import { z } from 'zod';
import { ShopType } from '../../contract/enums';
import { defineBlock } from '../block-definition';
import type { DataRequest } from '../data-rows';
import type { FieldSpec } from '../field-kit';
import {
  boxFields,
  boxShape,
  choice,
  entityLink,
  entityLinks,
  flag,
  options,
  PRODUCT_LAYOUTS,
  text,
  whole,
} from '../props-kit';

export const MAX_MANUAL_PRODUCTS = 50;
export const PRODUCT_RULES = ['newest', 'bestSelling', 'priceAsc', 'priceDesc'] as const;

/** Card toggles shared with the product tabs block. */
export const cardShape = {
  showName: flag(true),
  showSellingPoint: flag(false),
  showPrice: flag(true),
  showOriginalPrice: flag(false),
  showSales: flag(false),
  showBuyButton: flag(true),
  buttonText: text(6),
  cardStyle: choice(['white', 'border', 'shadow', 'plain'], 'white'),
};

type CardProps = z.infer<z.ZodObject<typeof cardShape>>;

export const cardFields: FieldSpec<CardProps>[] = [
  { kind: 'switch', name: 'showName', label: 'field.showName' },
  { kind: 'switch', name: 'showSellingPoint', label: 'field.showSellingPoint' },
  { kind: 'switch', name: 'showPrice', label: 'field.showPrice' },
  { kind: 'switch', name: 'showOriginalPrice', label: 'field.showOriginalPrice' },
  { kind: 'switch', name: 'showSales', label: 'field.showSales' },
  { kind: 'switch', name: 'showBuyButton', label: 'field.showBuyButton' },
  {
    kind: 'text',
    name: 'buttonText',
    label: 'field.buttonText',
    visibleWhen: (props) => props.showBuyButton === true,
  },
  {
    kind: 'select',
    name: 'cardStyle',
    label: 'field.cardStyle',
    options: options(['white', 'border', 'shadow', 'plain']),
  },
];

export const schema = z.strictObject({
  /** manual: products picked one by one; category: the newest of a category; rule: by a sort rule. */
  source: choice(['manual', 'category', 'rule'], 'manual'),
  products: entityLinks('product', MAX_MANUAL_PRODUCTS),
  category: entityLink('category'),
  rule: choice(PRODUCT_RULES, 'newest'),
  limit: whole(1, 50, 6),
  layout: choice(PRODUCT_LAYOUTS, 'twoColumns'),
  gap: whole(0, 20, 8),
  ...cardShape,
  ...boxShape,
});
export type Props = z.infer<typeof schema>;

export function productRequest(
  props: Pick<Props, 'source' | 'products' | 'category' | 'rule' | 'limit'>,
): DataRequest | null {
  if (props.source === 'manual') {
    return props.products.length > 0
      ? { source: 'products', ids: props.products.map((product) => product.id), limit: props.products.length }
      : null;
  }
  if (props.source === 'category') {
    return 'id' in props.category
      ? { source: 'products', ids: [], filter: { categoryId: props.category.id }, limit: props.limit }
      : null;
  }
  return { source: 'products', ids: [], filter: { rule: props.rule }, limit: props.limit };
}

export const definition = defineBlock({
  type: 'productList',
  icon: 'goods',
  category: 'commerce',
  shopTypes: [ShopType.mall, ShopType.storePlatform],
  schema,
  fields: [
    {
      kind: 'select',
      name: 'source',
      label: 'field.productSource',
      options: options(['manual', 'category', 'rule']),
    },
    {
      kind: 'links',
      name: 'products',
      label: 'field.products',
      kinds: ['product'],
      max: MAX_MANUAL_PRODUCTS,
      required: true,
      visibleWhen: (props) => props.source === 'manual',
    },
    {
      kind: 'link',
      name: 'category',
      label: 'field.category',
      kinds: ['category'],
      required: true,
      visibleWhen: (props) => props.source === 'category',
    },
    {
      kind: 'select',
      name: 'rule',
      label: 'field.rule',
      options: options(PRODUCT_RULES, 'option.rule'),
      visibleWhen: (props) => props.source === 'rule',
    },
    {
      kind: 'number',
      name: 'limit',
      label: 'field.limit',
      visibleWhen: (props) => props.source !== 'manual',
    },
    {
      kind: 'select',
      name: 'layout',
      label: 'field.layout',
      options: options(PRODUCT_LAYOUTS, 'option.productLayout'),
    },
    { kind: 'number', name: 'gap', label: 'field.gap', unit: 'px' },
    ...cardFields,
    ...boxFields,
  ],
  rows: 'products',
  data: productRequest,
});
