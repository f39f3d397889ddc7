import { z } from 'zod';
import { ShopType } from '../../contract/enums';
import { defineBlock } from '../block-definition';
import { boxFields, boxShape, entityLink, flag, image } from '../props-kit';

export const STORE_SHOP_TYPES = [
  ShopType.mall,
  ShopType.food,
  ShopType.service,
  ShopType.storePlatform,
] as const;

export const schema = z.strictObject({
  store: entityLink('store'),
  cover: image(),
  showAddress: flag(true),
  showTel: flag(true),
  showHours: flag(true),
  showNavigate: flag(true),
  ...boxShape,
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'storeInfo',
  icon: 'store',
  category: 'vertical',
  shopTypes: STORE_SHOP_TYPES,
  schema,
  fields: [
    { kind: 'link', name: 'store', label: 'field.store', kinds: ['store'], required: true },
    { kind: 'image', name: 'cover', label: 'field.cover', size: '750×300', hint: 'hint.storeCover' },
    { kind: 'switch', name: 'showAddress', label: 'field.showAddress' },
    { kind: 'switch', name: 'showTel', label: 'field.showTel' },
    { kind: 'switch', name: 'showHours', label: 'field.showHours' },
    { kind: 'switch', name: 'showNavigate', label: 'field.showNavigate' },
    ...boxFields,
  ],
  rows: 'stores',
  data: (props) => ('id' in props.store ? { source: 'stores', ids: [props.store.id], limit: 1 } : null),
});
