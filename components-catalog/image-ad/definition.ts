import { z } from 'zod';
import { SHOP_TYPES } from '../../contract/enums';
import { defineBlock } from '../block-definition';
import { boxFields, boxShape, choice, image, link, options, whole } from '../props-kit';

const newItem = () => ({ image: '', link: { linkType: 0 as const } });
const itemSchema = z.strictObject({ image: image(), link: link() });

export const schema = z.strictObject({
  /** stack: one under another; scroll: side by side, swiped; twoColumns: a grid of two. */
  layout: choice(['stack', 'scroll', 'twoColumns'], 'stack'),
  items: z
    .array(itemSchema)
    .min(1)
    .max(10)
    .default(() => [newItem()]),
  gap: whole(0, 20, 0),
  /** Height of each image in the scroll layout. */
  scrollHeight: whole(80, 400, 140),
  ...boxShape,
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'imageAd',
  icon: 'image',
  category: 'media',
  shopTypes: SHOP_TYPES,
  schema,
  fields: [
    {
      kind: 'select',
      name: 'layout',
      label: 'field.layout',
      options: options(['stack', 'scroll', 'twoColumns']),
    },
    {
      kind: 'list',
      name: 'items',
      label: 'field.images',
      itemLabel: 'field.image',
      newItem,
      fields: [
        { kind: 'image', name: 'image', label: 'field.image', size: '750 × any', required: true },
        { kind: 'link', name: 'link', label: 'field.link' },
      ],
    },
    { kind: 'number', name: 'gap', label: 'field.gap', unit: 'px' },
    {
      kind: 'number',
      name: 'scrollHeight',
      label: 'field.height',
      unit: 'px',
      visibleWhen: (props) => props.layout === 'scroll',
    },
    ...boxFields,
  ],
});
