import { z } from 'zod';
import { SHOP_TYPES } from '../../contract/enums';
import { defineBlock } from '../block-definition';
import { boxFields, boxShape, choice, flag, image, link, options, text, whole } from '../props-kit';

const newItem = () => ({ image: '', link: { linkType: 0 as const }, title: '' });
const itemSchema = z.strictObject({ image: image(), link: link(), title: text(30) });

export const schema = z.strictObject({
  items: z
    .array(itemSchema)
    .min(1)
    .max(10)
    .default(() => [newItem()]),
  height: whole(100, 600, 180),
  autoplay: flag(true),
  interval: whole(1000, 10_000, 3000),
  indicator: choice(['dots', 'number', 'none'], 'dots'),
  ...boxShape,
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'carousel',
  icon: 'carousel',
  category: 'media',
  shopTypes: SHOP_TYPES,
  schema,
  fields: [
    {
      kind: 'list',
      name: 'items',
      label: 'field.slides',
      itemLabel: 'field.slide',
      newItem,
      fields: [
        { kind: 'image', name: 'image', label: 'field.image', size: '750×360', required: true },
        { kind: 'link', name: 'link', label: 'field.link' },
        { kind: 'text', name: 'title', label: 'field.caption' },
      ],
    },
    { kind: 'number', name: 'height', label: 'field.height', unit: 'px' },
    { kind: 'switch', name: 'autoplay', label: 'field.autoplay' },
    {
      kind: 'number',
      name: 'interval',
      label: 'field.interval',
      step: 500,
      unit: 'ms',
      visibleWhen: (props) => props.autoplay === true,
    },
    {
      kind: 'select',
      name: 'indicator',
      label: 'field.indicator',
      options: options(['dots', 'number', 'none']),
    },
    ...boxFields,
  ],
});
