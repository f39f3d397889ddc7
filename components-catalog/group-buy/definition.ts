import { z } from 'zod';
import { activityFields, activityRequest, activityShape, RETAIL_SHOP_TYPES } from '../activity-kit';
import { defineBlock } from '../block-definition';
import { flag } from '../props-kit';

export const schema = z.strictObject({ ...activityShape('groupBuy'), showGroupSize: flag(true) });
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'groupBuy',
  icon: 'group',
  category: 'commerce',
  shopTypes: RETAIL_SHOP_TYPES,
  schema,
  fields: [
    ...activityFields('groupBuy'),
    { kind: 'switch', name: 'showGroupSize', label: 'field.showGroupSize' },
  ],
  rows: 'groupBuy',
  data: (props) => activityRequest('groupBuy', props),
});
