import { z } from 'zod';
import { ShopType } from '../../contract/enums';
import { defineBlock } from '../block-definition';
import { entityRecipe } from '../entity-kit';
import { boxFields, boxShape, choice, colour, options } from '../props-kit';

/** manual: coupons picked by hand; auto: the coupons currently on offer. */
const coupons = entityRecipe({
  rows: 'coupons',
  kind: 'coupon',
  prop: 'coupons',
  auto: 'auto',
  initial: 'manual',
  max: 20,
  limit: { max: 20, initial: 3 },
  labels: { source: 'field.couponSource', chosen: 'field.coupons' },
});

export const schema = z.strictObject({
  ...coupons.shape,
  layout: choice(['scroll', 'row', 'grid'], 'scroll'),
  colour: colour('#ff4444'),
  ...boxShape,
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'coupon',
  icon: 'coupon',
  category: 'commerce',
  shopTypes: [ShopType.mall, ShopType.food, ShopType.hotel, ShopType.service, ShopType.storePlatform],
  schema,
  fields: [
    ...coupons.fields,
    {
      kind: 'select',
      name: 'layout',
      label: 'field.layout',
      options: options(['scroll', 'row', 'grid'], 'option.couponLayout'),
    },
    { kind: 'colour', name: 'colour', label: 'field.themeColour' },
    ...boxFields,
  ],
  rows: coupons.rows,
  data: coupons.data,
});
