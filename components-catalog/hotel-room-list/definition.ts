import { z } from 'zod';
import { ShopType } from '../../contract/enums';
import { defineBlock } from '../block-definition';
import { boxFields, boxShape, choice, entityLink, flag, options, text, whole } from '../props-kit';

export const schema = z.strictObject({
  /** The hotel whose rooms are listed; every hotel of the site when none is chosen. */
  hotel: entityLink('hotel'),
  limit: whole(1, 30, 4),
  layout: choice(['list', 'card'], 'list'),
  showPrice: flag(true),
  showTags: flag(true),
  bookText: text(6),
  ...boxShape,
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'hotelRoomList',
  icon: 'hotel',
  category: 'vertical',
  shopTypes: [ShopType.hotel],
  schema,
  fields: [
    { kind: 'link', name: 'hotel', label: 'field.hotel', kinds: ['hotel'], hint: 'hint.allHotels' },
    { kind: 'number', name: 'limit', label: 'field.limit' },
    {
      kind: 'select',
      name: 'layout',
      label: 'field.layout',
      options: options(['list', 'card'], 'option.listLayout'),
    },
    { kind: 'switch', name: 'showPrice', label: 'field.showPrice' },
    { kind: 'switch', name: 'showTags', label: 'field.showTags' },
    { kind: 'text', name: 'bookText', label: 'field.buttonText' },
    ...boxFields,
  ],
  rows: 'rooms',
  data: (props) => ({
    source: 'rooms',
    ids: [],
    ...('id' in props.hotel ? { filter: { hotelId: props.hotel.id } } : {}),
    limit: props.limit,
  }),
});
