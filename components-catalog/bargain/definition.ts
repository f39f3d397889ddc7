import { z } from 'zod';
import { activityFields, activityRequest, activityShape, RETAIL_SHOP_TYPES } from '../activity-kit';
import { defineBlock } from '../block-definition';
import { flag } from '../props-kit';

export const schema = z.strictObject({ ...activityShape('bargain'), showJoined: flag(true) });
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'bargain',
  icon: 'bargain',
  category: 'commerce',
  shopTypes: RETAIL_SHOP_TYPES,
  schema,
  fields: [...activityFields('bargain'), { kind: 'switch', name: 'showJoined', label: 'field.showJoined' }],
  rows: 'bargain',
  data: (props) => activityRequest('bargain', props),
});
