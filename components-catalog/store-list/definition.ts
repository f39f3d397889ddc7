import { z } from 'zod';
import { defineBlock } from '../block-definition';
import { entityRecipe } from '../entity-kit';
import { boxFields, boxShape, choice, flag, options } from '../props-kit';
import { STORE_SHOP_TYPES } from '../store-info/definition';

/** nearest: the stores closest to the shopper; manual: picked by hand. */
const stores = entityRecipe({
  rows: 'stores',
  kind: 'store',
  prop: 'stores',
  auto: 'nearest',
  initial: 'nearest',
  autoFirst: true,
  max: 30,
  limit: { max: 30, initial: 5 },
  filter: { order: 'distance' },
  labels: { source: 'field.storeSource', chosen: 'field.stores' },
});

export const schema = z.strictObject({
  ...stores.shape,
  layout: choice(['list', 'card'], 'list'),
  showDistance: flag(true),
  ...boxShape,
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'storeList',
  icon: 'stores',
  category: 'vertical',
  shopTypes: STORE_SHOP_TYPES,
  schema,
  fields: [
    ...stores.fields,
    {
      kind: 'select',
      name: 'layout',
      label: 'field.layout',
      options: options(['list', 'card'], 'option.listLayout'),
    },
    { kind: 'switch', name: 'showDistance', label: 'field.showDistance' },
    ...boxFields,
  ],
  rows: stores.rows,
  data: stores.data,
});
