import { z } from 'zod';
import { SHOP_TYPES } from '../../contract/enums';
import { defineBlock } from '../block-definition';
import { boxFields, boxShape, choice, colour, image, link, options, text, whole } from '../props-kit';

const newItem = () => ({ image: '', text: '', link: { linkType: 0 as const } });
const itemSchema = z.strictObject({ image: image(), text: text(6), link: link() });

export const schema = z.strictObject({
  /** grid: all icons in rows; swiper: pages of `columns × rows` icons that slide. */
  layout: choice(['grid', 'swiper'], 'grid'),
  columns: whole(3, 5, 4),
  rows: whole(1, 2, 2),
  items: z
    .array(itemSchema)
    .min(1)
    .max(20)
    .default(() => [newItem(), newItem(), newItem(), newItem()]),
  iconShape: choice(['round', 'square'], 'round'),
  iconSize: whole(32, 64, 44),
  textColour: colour('#333333'),
  ...boxShape,
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'iconNav',
  icon: 'grid',
  category: 'basic',
  shopTypes: SHOP_TYPES,
  schema,
  fields: [
    { kind: 'select', name: 'layout', label: 'field.layout', options: options(['grid', 'swiper']) },
    { kind: 'number', name: 'columns', label: 'field.columns' },
    {
      kind: 'number',
      name: 'rows',
      label: 'field.rowsPerPage',
      visibleWhen: (props) => props.layout === 'swiper',
    },
    {
      kind: 'list',
      name: 'items',
      label: 'field.items',
      itemLabel: 'field.navItem',
      newItem,
      fields: [
        { kind: 'image', name: 'image', label: 'field.icon', size: '100×100', required: true },
        { kind: 'text', name: 'text', label: 'field.text', required: true },
        { kind: 'link', name: 'link', label: 'field.link' },
      ],
    },
    { kind: 'select', name: 'iconShape', label: 'field.iconShape', options: options(['round', 'square']) },
    { kind: 'number', name: 'iconSize', label: 'field.iconSize', unit: 'px' },
    { kind: 'colour', name: 'textColour', label: 'field.textColour' },
    ...boxFields,
  ],
});
