import { z } from 'zod';
import { RETAIL_SHOP_TYPES } from '../activity-kit';
import { defineBlock } from '../block-definition';
import { entityRecipe } from '../entity-kit';
import { boxFields, boxShape, choice, options } from '../props-kit';

/** latest: the newest live rooms; manual: picked by hand. */
const rooms = entityRecipe({
  rows: 'liveRooms',
  kind: 'liveRoom',
  prop: 'rooms',
  auto: 'latest',
  initial: 'latest',
  autoFirst: true,
  max: 10,
  limit: { max: 10, initial: 2 },
  labels: { source: 'field.liveSource', chosen: 'field.liveRooms' },
});

export const schema = z.strictObject({
  ...rooms.shape,
  layout: choice(['list', 'card'], 'card'),
  ...boxShape,
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'liveRoom',
  icon: 'live',
  category: 'vertical',
  maxPerPage: 2,
  shopTypes: RETAIL_SHOP_TYPES,
  schema,
  fields: [
    ...rooms.fields,
    {
      kind: 'select',
      name: 'layout',
      label: 'field.layout',
      options: options(['list', 'card'], 'option.listLayout'),
    },
    ...boxFields,
  ],
  rows: rooms.rows,
  data: rooms.data,
});
