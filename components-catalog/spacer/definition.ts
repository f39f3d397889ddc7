import { z } from 'zod';
import { SHOP_TYPES } from '../../contract/enums';
import { defineBlock } from '../block-definition';
import { colour, whole } from '../props-kit';

export const schema = z.strictObject({ height: whole(1, 200, 20), background: colour('') });
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'spacer',
  icon: 'spacer',
  category: 'basic',
  shopTypes: SHOP_TYPES,
  schema,
  fields: [
    { kind: 'number', name: 'height', label: 'field.height', unit: 'px' },
    { kind: 'colour', name: 'background', label: 'field.background' },
  ],
});
