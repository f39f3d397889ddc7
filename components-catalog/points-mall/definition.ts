import { z } from 'zod';
import { activityFields, activityRequest, activityShape, RETAIL_SHOP_TYPES } from '../activity-kit';
import { defineBlock } from '../block-definition';

export const schema = z.strictObject(activityShape('pointsProduct'));
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'pointsMall',
  icon: 'points',
  category: 'commerce',
  shopTypes: RETAIL_SHOP_TYPES,
  schema,
  fields: activityFields('pointsProduct'),
  rows: 'pointsProducts',
  data: (props) => activityRequest('pointsProducts', props),
});
