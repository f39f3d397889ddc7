import { z } from 'zod';
import { activityRecipe, RETAIL_SHOP_TYPES } from '../activity-kit';
import { defineBlock } from '../block-definition';
import { flag } from '../props-kit';

const offers = activityRecipe('groupBuy', 'groupBuy');

export const schema = z.strictObject({ ...offers.shape, showGroupSize: flag(true) });
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'groupBuy',
  icon: 'group',
  category: 'commerce',
  shopTypes: RETAIL_SHOP_TYPES,
  schema,
  fields: [...offers.fields, { kind: 'switch', name: 'showGroupSize', label: 'field.showGroupSize' }],
  rows: offers.rows,
  data: offers.data,
});
