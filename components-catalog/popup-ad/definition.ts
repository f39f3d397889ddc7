import { z } from 'zod';
import { SHOP_TYPES } from '../../contract/enums';
import { defineBlock } from '../block-definition';
import { choice, flag, image, link, options, whole } from '../props-kit';

export const schema = z.strictObject({
  image: image(),
  link: link(),
  /** always: every visit; daily: once a day; once: only the first visit. */
  frequency: choice(['always', 'daily', 'once'], 'daily'),
  showClose: flag(true),
  /** Width as a percentage of the screen. */
  width: whole(50, 90, 80),
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'popupAd',
  icon: 'popup',
  category: 'global',
  placement: 'fixed',
  slot: 'popup',
  maxPerPage: 1,
  shopTypes: SHOP_TYPES,
  schema,
  fields: [
    { kind: 'image', name: 'image', label: 'field.image', size: '600×800', required: true },
    { kind: 'link', name: 'link', label: 'field.link' },
    {
      kind: 'select',
      name: 'frequency',
      label: 'field.frequency',
      options: options(['always', 'daily', 'once']),
    },
    { kind: 'switch', name: 'showClose', label: 'field.showClose' },
    { kind: 'number', name: 'width', label: 'field.widthPercent', unit: '%' },
  ],
});
