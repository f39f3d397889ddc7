import { z } from 'zod';
import { activityRecipe, RETAIL_SHOP_TYPES } from '../activity-kit';
import { defineBlock } from '../block-definition';
import { flag } from '../props-kit';

const offers = activityRecipe('seckill', 'seckill');

export const schema = z.strictObject({
  ...offers.shape,
  showCountdown: flag(true),
  showStock: flag(true),
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'seckill',
  icon: 'seckill',
  category: 'commerce',
  shopTypes: RETAIL_SHOP_TYPES,
  schema,
  fields: [
    ...offers.fields,
    { kind: 'switch', name: 'showCountdown', label: 'field.showCountdown' },
    { kind: 'switch', name: 'showStock', label: 'field.showStock' },
  ],
  rows: offers.rows,
  data: offers.data,
});
