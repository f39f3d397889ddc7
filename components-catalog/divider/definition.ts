import { z } from 'zod';
import { SHOP_TYPES } from '../../contract/enums';
import { defineBlock } from '../block-definition';
import { choice, colour, options, whole } from '../props-kit';

export const schema = z.strictObject({
  lineStyle: choice(['solid', 'dashed', 'dotted'], 'solid'),
  colour: colour('#e5e5e5'),
  thickness: whole(1, 5, 1),
  /** Space above and below the line. */
  gap: whole(0, 40, 10),
  /** Space left and right of the line. */
  inset: whole(0, 40, 0),
  background: colour(''),
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'divider',
  icon: 'divider',
  category: 'basic',
  shopTypes: SHOP_TYPES,
  schema,
  fields: [
    {
      kind: 'select',
      name: 'lineStyle',
      label: 'field.lineStyle',
      options: options(['solid', 'dashed', 'dotted']),
    },
    { kind: 'colour', name: 'colour', label: 'field.lineColour' },
    { kind: 'number', name: 'thickness', label: 'field.thickness', unit: 'px' },
    { kind: 'number', name: 'gap', label: 'field.gap', unit: 'px' },
    { kind: 'number', name: 'inset', label: 'field.inset', unit: 'px' },
    { kind: 'colour', name: 'background', label: 'field.background' },
  ],
});
