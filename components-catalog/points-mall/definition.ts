import { z } from 'zod';
import { activityRecipe, RETAIL_SHOP_TYPES } from '../activity-kit';
import { defineBlock } from '../block-definition';

const offers = activityRecipe('pointsProduct', 'pointsProducts');

export const schema = z.strictObject(offers.shape);
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'pointsMall',
  icon: 'points',
  category: 'commerce',
  shopTypes: RETAIL_SHOP_TYPES,
  schema,
  fields: offers.fields,
  rows: offers.rows,
  data: offers.data,
});
