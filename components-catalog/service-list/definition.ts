import { z } from 'zod';
import { ShopType } from '../../contract/enums';
import { defineBlock } from '../block-definition';
import { boxFields, boxShape, choice, flag, options, whole } from '../props-kit';

export const schema = z.strictObject({
  /** services: the service menu; technicians: the staff who can be booked. */
  mode: choice(['services', 'technicians'], 'services'),
  limit: whole(1, 30, 4),
  layout: choice(['list', 'grid'], 'list'),
  showPrice: flag(true),
  showRating: flag(true),
  ...boxShape,
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'serviceList',
  icon: 'service',
  category: 'vertical',
  shopTypes: [ShopType.service],
  schema,
  fields: [
    {
      kind: 'select',
      name: 'mode',
      label: 'field.serviceMode',
      options: options(['services', 'technicians']),
    },
    { kind: 'number', name: 'limit', label: 'field.limit' },
    {
      kind: 'select',
      name: 'layout',
      label: 'field.layout',
      options: options(['list', 'grid'], 'option.listLayout'),
    },
    { kind: 'switch', name: 'showPrice', label: 'field.showPrice' },
    { kind: 'switch', name: 'showRating', label: 'field.showRating' },
    ...boxFields,
  ],
  rows: 'services',
  data: (props) => ({ source: props.mode, ids: [], limit: props.limit }),
});
