import { z } from 'zod';
import { SHOP_TYPES } from '../../contract/enums';
import { defineBlock } from '../block-definition';
import { choice, image, link, options, whole } from '../props-kit';

export const schema = z.strictObject({
  image: image(),
  link: link(),
  position: choice(['rightBottom', 'leftBottom'], 'rightBottom'),
  /** Distance from the bottom of the screen, above the tab bar. */
  bottom: whole(20, 400, 120),
  size: whole(40, 80, 50),
  shape: choice(['circle', 'square'], 'circle'),
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'floatingButton',
  icon: 'floating',
  category: 'global',
  placement: 'fixed',
  slot: 'floatingButton',
  maxPerPage: 1,
  shopTypes: SHOP_TYPES,
  schema,
  fields: [
    { kind: 'image', name: 'image', label: 'field.image', size: '100×100', required: true },
    { kind: 'link', name: 'link', label: 'field.link' },
    {
      kind: 'select',
      name: 'position',
      label: 'field.position',
      options: options(['rightBottom', 'leftBottom']),
    },
    { kind: 'number', name: 'bottom', label: 'field.bottom', unit: 'px' },
    { kind: 'number', name: 'size', label: 'field.size', unit: 'px' },
    { kind: 'select', name: 'shape', label: 'field.shape', options: options(['circle', 'square']) },
  ],
});
