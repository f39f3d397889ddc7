import type { z } from 'zod';
import { SHOP_TYPES } from '../../contract/enums';
import { pageSettingsSchema } from '../../contract/template-document';
import { defineBlock } from '../block-definition';

/** The page's own settings; the document keeps them on the page, this gives them a panel and a preview. */
export const schema = pageSettingsSchema;
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'pageSettings',
  icon: 'settings',
  category: 'global',
  placement: 'settings',
  maxPerPage: 1,
  shopTypes: SHOP_TYPES,
  schema,
  fields: [
    { kind: 'text', name: 'title', label: 'field.pageTitle', required: true },
    { kind: 'colour', name: 'backgroundColor', label: 'field.backgroundColor' },
    { kind: 'image', name: 'backgroundImage', label: 'field.backgroundImage', size: '750×1334' },
    { kind: 'text', name: 'shareTitle', label: 'field.shareTitle', hint: 'hint.shareTitle' },
    { kind: 'image', name: 'shareImage', label: 'field.shareImage', size: '500×400' },
  ],
});
