import { z } from 'zod';
import { SHOP_TYPES } from '../../contract/enums';
import { LinkType, NAVIGATE_PAGES } from '../../contract/link-value';
import { defineBlock } from '../block-definition';
import { choice, colour, image, link, options, text } from '../props-kit';

export const MIN_TABS = 2;
export const MAX_TABS = 5;

const itemSchema = z.strictObject({
  text: text(8),
  icon: image(),
  /** Icon of the selected tab; the plain icon when empty. */
  selectedIcon: image(),
  link: link(),
});

const tab = (path: string) => ({
  text: '',
  icon: '',
  selectedIcon: '',
  link: { linkType: LinkType.navigate, linkUrl: path },
});

export const schema = z.strictObject({
  items: z
    .array(itemSchema)
    .min(MIN_TABS)
    .max(MAX_TABS)
    .default(() => [tab(NAVIGATE_PAGES[0].path), tab('/pages/user/index')]),
  colour: colour('#999999'),
  selectedColour: colour('#ff4444'),
  backgroundColor: colour('#ffffff'),
  borderStyle: choice(['black', 'white'], 'black'),
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'tabBar',
  icon: 'tabs',
  category: 'global',
  placement: 'fixed',
  slot: 'tabBar',
  maxPerPage: 1,
  shopTypes: SHOP_TYPES,
  schema,
  fields: [
    {
      kind: 'list',
      name: 'items',
      label: 'field.tabs',
      itemLabel: 'field.tab',
      min: MIN_TABS,
      max: MAX_TABS,
      newItem: () => tab(NAVIGATE_PAGES[0].path),
      fields: [
        { kind: 'text', name: 'text', label: 'field.text', required: true },
        { kind: 'image', name: 'icon', label: 'field.icon', size: '81×81', required: true },
        { kind: 'image', name: 'selectedIcon', label: 'field.selectedIcon', size: '81×81' },
        // A tab bar entry must open a page of the mini-program (WeChat tabBar rule).
        {
          kind: 'link',
          name: 'link',
          label: 'field.link',
          kinds: ['customPage', 'navigate'],
          required: true,
        },
      ],
    },
    { kind: 'colour', name: 'colour', label: 'field.textColour' },
    { kind: 'colour', name: 'selectedColour', label: 'field.selectedColour' },
    { kind: 'colour', name: 'backgroundColor', label: 'field.backgroundColor' },
    { kind: 'select', name: 'borderStyle', label: 'field.borderStyle', options: options(['black', 'white']) },
  ],
});
