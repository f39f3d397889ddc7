import { z } from 'zod';
import { SHOP_TYPES } from '../../contract/enums';
import { defineBlock } from '../block-definition';
import {
  alignment,
  alignmentField,
  boxFields,
  boxShape,
  choice,
  colour,
  flag,
  options,
  text,
} from '../props-kit';

export const schema = z.strictObject({
  placeholder: text(30),
  shape: choice(['round', 'square'], 'round'),
  align: alignment(),
  boxColour: colour('#f5f5f5'),
  textColour: colour('#999999'),
  /** Stays at the top while the page scrolls. */
  sticky: flag(false),
  hotWords: z
    .array(z.strictObject({ text: text(10) }))
    .max(10)
    .default(() => []),
  ...boxShape,
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'searchBar',
  icon: 'search',
  category: 'basic',
  maxPerPage: 1,
  shopTypes: SHOP_TYPES,
  schema,
  fields: [
    { kind: 'text', name: 'placeholder', label: 'field.placeholder' },
    { kind: 'select', name: 'shape', label: 'field.shape', options: options(['round', 'square']) },
    alignmentField(),
    { kind: 'colour', name: 'boxColour', label: 'field.boxColour' },
    { kind: 'colour', name: 'textColour', label: 'field.textColour' },
    { kind: 'switch', name: 'sticky', label: 'field.sticky' },
    {
      kind: 'list',
      name: 'hotWords',
      label: 'field.hotWords',
      itemLabel: 'field.hotWord',
      newItem: () => ({ text: '' }),
      fields: [{ kind: 'text', name: 'text', label: 'field.text', required: true }],
    },
    ...boxFields,
  ],
});
