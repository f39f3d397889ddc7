import { z } from 'zod';
import { SHOP_TYPES } from '../../contract/enums';
import { defineBlock } from '../block-definition';
import { boxFields, boxShape, flag, image, link, text } from '../props-kit';

const newItem = () => ({ icon: '', text: '', subText: '', link: { linkType: 0 as const } });
const itemSchema = z.strictObject({ icon: image(), text: text(20), subText: text(20), link: link() });

export const schema = z.strictObject({
  items: z
    .array(itemSchema)
    .min(1)
    .max(20)
    .default(() => [newItem(), newItem(), newItem()]),
  showArrow: flag(true),
  ...boxShape,
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'menuList',
  icon: 'list',
  category: 'basic',
  shopTypes: SHOP_TYPES,
  schema,
  fields: [
    {
      kind: 'list',
      name: 'items',
      label: 'field.items',
      itemLabel: 'field.menuItem',
      newItem,
      fields: [
        { kind: 'image', name: 'icon', label: 'field.icon', size: '48×48' },
        { kind: 'text', name: 'text', label: 'field.text', required: true },
        { kind: 'text', name: 'subText', label: 'field.subText' },
        { kind: 'link', name: 'link', label: 'field.link' },
      ],
    },
    { kind: 'switch', name: 'showArrow', label: 'field.showArrow' },
    ...boxFields,
  ],
});
