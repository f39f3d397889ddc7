import { z } from 'zod';
import { SHOP_TYPES } from '../../contract/enums';
import { defineBlock } from '../block-definition';
import { boxFields, boxShape, choice, colour, flag, image, options } from '../props-kit';

export const schema = z.strictObject({
  backgroundImage: image(),
  backgroundColor: colour('#ff4444'),
  textColour: colour('#ffffff'),
  layout: choice(['left', 'center'], 'left'),
  showLevel: flag(true),
  showPoints: flag(true),
  showBalance: flag(true),
  showCoupons: flag(true),
  ...boxShape,
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'userCard',
  icon: 'user',
  category: 'user',
  maxPerPage: 1,
  shopTypes: SHOP_TYPES,
  schema,
  fields: [
    { kind: 'image', name: 'backgroundImage', label: 'field.backgroundImage', size: '750×360' },
    { kind: 'colour', name: 'backgroundColor', label: 'field.backgroundColor' },
    { kind: 'colour', name: 'textColour', label: 'field.textColour' },
    {
      kind: 'select',
      name: 'layout',
      label: 'field.layout',
      options: options(['left', 'center'], 'option.align'),
    },
    { kind: 'switch', name: 'showLevel', label: 'field.showLevel' },
    { kind: 'switch', name: 'showPoints', label: 'field.showPoints' },
    { kind: 'switch', name: 'showBalance', label: 'field.showBalance' },
    { kind: 'switch', name: 'showCoupons', label: 'field.showCoupons' },
    ...boxFields,
  ],
});
