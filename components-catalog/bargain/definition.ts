import { z } from 'zod';
import { activityRecipe, RETAIL_SHOP_TYPES } from '../activity-kit';
import { defineBlock } from '../block-definition';
import { flag } from '../props-kit';

const offers = activityRecipe('bargain', 'bargain');

export const schema = z.strictObject({ ...offers.shape, showJoined: flag(true) });
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'bargain',
  icon: 'bargain',
  category: 'commerce',
  shopTypes: RETAIL_SHOP_TYPES,
  schema,
  fields: [...offers.fields, { kind: 'switch', name: 'showJoined', label: 'field.showJoined' }],
  rows: offers.rows,
  data: offers.data,
});
