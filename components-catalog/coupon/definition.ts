import { z } from 'zod';
import { ShopType } from '../../contract/enums';
import { defineBlock } from '../block-definition';
import { boxFields, boxShape, choice, colour, entityLinks, options, whole } from '../props-kit';

export const schema = z.strictObject({
  /** manual: coupons picked by hand; auto: the coupons currently on offer. */
  source: choice(['manual', 'auto'], 'manual'),
  coupons: entityLinks('coupon', 20),
  limit: whole(1, 20, 3),
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
    { kind: 'select', name: 'source', label: 'field.couponSource', options: options(['manual', 'auto']) },
    {
      kind: 'links',
      name: 'coupons',
      label: 'field.coupons',
      kinds: ['coupon'],
      required: true,
      visibleWhen: (props) => props.source === 'manual',
    },
    {
      kind: 'number',
      name: 'limit',
      label: 'field.limit',
      visibleWhen: (props) => props.source === 'auto',
    },
    {
      kind: 'select',
      name: 'layout',
      label: 'field.layout',
      options: options(['scroll', 'row', 'grid'], 'option.couponLayout'),
    },
    { kind: 'colour', name: 'colour', label: 'field.themeColour' },
    ...boxFields,
  ],
  rows: 'coupons',
  data: (props) =>
    props.source === 'manual'
      ? props.coupons.length > 0
        ? { source: 'coupons', ids: props.coupons.map((coupon) => coupon.id), limit: props.coupons.length }
        : null
      : { source: 'coupons', ids: [], limit: props.limit },
});
