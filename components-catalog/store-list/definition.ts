import { z } from 'zod';
import { defineBlock } from '../block-definition';
import { boxFields, boxShape, choice, entityLinks, flag, options, whole } from '../props-kit';
import { STORE_SHOP_TYPES } from '../store-info/definition';

export const schema = z.strictObject({
  /** nearest: the stores closest to the shopper; manual: picked by hand. */
  source: choice(['nearest', 'manual'], 'nearest'),
  stores: entityLinks('store', 30),
  limit: whole(1, 30, 5),
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
    { kind: 'select', name: 'source', label: 'field.storeSource', options: options(['nearest', 'manual']) },
    {
      kind: 'links',
      name: 'stores',
      label: 'field.stores',
      kinds: ['store'],
      required: true,
      visibleWhen: (props) => props.source === 'manual',
    },
    {
      kind: 'number',
      name: 'limit',
      label: 'field.limit',
      visibleWhen: (props) => props.source === 'nearest',
    },
    {
      kind: 'select',
      name: 'layout',
      label: 'field.layout',
      options: options(['list', 'card'], 'option.listLayout'),
    },
    { kind: 'switch', name: 'showDistance', label: 'field.showDistance' },
    ...boxFields,
  ],
  rows: 'stores',
  data: (props) =>
    props.source === 'manual'
      ? props.stores.length > 0
        ? { source: 'stores', ids: props.stores.map((store) => store.id), limit: props.stores.length }
        : null
      : { source: 'stores', ids: [], filter: { order: 'distance' }, limit: props.limit },
});
