import { z } from 'zod';
import { RETAIL_SHOP_TYPES } from '../activity-kit';
import { defineBlock } from '../block-definition';
import { boxFields, boxShape, choice, entityLinks, options, whole } from '../props-kit';

export const schema = z.strictObject({
  source: choice(['latest', 'manual'], 'latest'),
  rooms: entityLinks('liveRoom', 10),
  limit: whole(1, 10, 2),
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
    { kind: 'select', name: 'source', label: 'field.liveSource', options: options(['latest', 'manual']) },
    {
      kind: 'links',
      name: 'rooms',
      label: 'field.liveRooms',
      kinds: ['liveRoom'],
      required: true,
      visibleWhen: (props) => props.source === 'manual',
    },
    {
      kind: 'number',
      name: 'limit',
      label: 'field.limit',
      visibleWhen: (props) => props.source === 'latest',
    },
    {
      kind: 'select',
      name: 'layout',
      label: 'field.layout',
      options: options(['list', 'card'], 'option.listLayout'),
    },
    ...boxFields,
  ],
  rows: 'liveRooms',
  data: (props) =>
    props.source === 'manual'
      ? props.rooms.length > 0
        ? { source: 'liveRooms', ids: props.rooms.map((room) => room.id), limit: props.rooms.length }
        : null
      : { source: 'liveRooms', ids: [], limit: props.limit },
});
