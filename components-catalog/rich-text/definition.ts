import { z } from 'zod';
import { SHOP_TYPES } from '../../contract/enums';
import { defineBlock } from '../block-definition';
import { boxFields, boxShape, colour, text } from '../props-kit';

export const MAX_HTML = 50_000;

export const schema = z.strictObject({
  /** HTML from the rich-text editor; sanitised again whenever it is drawn. */
  html: text(MAX_HTML),
  ...boxShape,
  background: colour('#ffffff'),
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'richText',
  icon: 'richText',
  category: 'basic',
  shopTypes: SHOP_TYPES,
  schema,
  fields: [
    { kind: 'richText', name: 'html', label: 'field.content', maxLength: MAX_HTML, required: true },
    ...boxFields,
  ],
});
