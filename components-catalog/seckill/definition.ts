import { z } from 'zod';
import { activityFields, activityRequest, activityShape, RETAIL_SHOP_TYPES } from '../activity-kit';
import { defineBlock } from '../block-definition';
import { flag } from '../props-kit';

export const schema = z.strictObject({
  ...activityShape('seckill'),
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
    ...activityFields('seckill'),
    { kind: 'switch', name: 'showCountdown', label: 'field.showCountdown' },
    { kind: 'switch', name: 'showStock', label: 'field.showStock' },
  ],
  rows: 'seckill',
  data: (props) => activityRequest('seckill', props),
});
