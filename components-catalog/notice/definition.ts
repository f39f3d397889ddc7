import { z } from 'zod';
import { SHOP_TYPES } from '../../contract/enums';
import { defineBlock } from '../block-definition';
import { boxFields, boxShape, colour, flag, link, text } from '../props-kit';

export const schema = z.strictObject({
  text: text(200),
  link: link(),
  showIcon: flag(true),
  /** Scrolls sideways when longer than the screen. */
  scroll: flag(true),
  textColour: colour('#ff6a00'),
  backgroundColor: colour('#fff8e1'),
  ...boxShape,
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'notice',
  icon: 'notice',
  category: 'basic',
  shopTypes: SHOP_TYPES,
  schema,
  fields: [
    { kind: 'textarea', name: 'text', label: 'field.noticeText', required: true },
    { kind: 'link', name: 'link', label: 'field.link' },
    { kind: 'switch', name: 'showIcon', label: 'field.showIcon' },
    { kind: 'switch', name: 'scroll', label: 'field.scroll' },
    { kind: 'colour', name: 'textColour', label: 'field.textColour' },
    { kind: 'colour', name: 'backgroundColor', label: 'field.backgroundColor' },
    ...boxFields,
  ],
});
