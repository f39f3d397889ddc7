import { z } from 'zod';
import { SHOP_TYPES } from '../../contract/enums';
import { defineBlock } from '../block-definition';
import { choice, colour, flag, image, options, text } from '../props-kit';

export const schema = z.strictObject({
  /** Immersive: the bar is transparent and the page starts under the status bar. */
  mode: choice(['normal', 'immersive'], 'normal'),
  /** Empty: the page title. */
  title: text(20),
  titleAlign: choice(['center', 'left'], 'center'),
  /** WeChat only lets the navigation bar text be black or white. */
  frontColour: choice(['black', 'white'], 'black'),
  backgroundColor: colour('#ffffff'),
  logo: image(),
  showSearch: flag(false),
  searchPlaceholder: text(20),
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'navigationBar',
  icon: 'navigation',
  category: 'global',
  placement: 'fixed',
  slot: 'navigationBar',
  maxPerPage: 1,
  shopTypes: SHOP_TYPES,
  schema,
  fields: [
    {
      kind: 'select',
      name: 'mode',
      label: 'field.navigationMode',
      options: options(['normal', 'immersive']),
    },
    { kind: 'text', name: 'title', label: 'field.title', hint: 'hint.navigationTitle' },
    { kind: 'select', name: 'titleAlign', label: 'field.titleAlign', options: options(['center', 'left']) },
    { kind: 'select', name: 'frontColour', label: 'field.frontColour', options: options(['black', 'white']) },
    {
      kind: 'colour',
      name: 'backgroundColor',
      label: 'field.backgroundColor',
      visibleWhen: (props) => props.mode === 'normal',
    },
    {
      kind: 'image',
      name: 'logo',
      label: 'field.logo',
      size: '120×60',
      visibleWhen: (props) => props.titleAlign === 'left',
    },
    {
      kind: 'switch',
      name: 'showSearch',
      label: 'field.showSearch',
      visibleWhen: (props) => props.titleAlign === 'left',
    },
    {
      kind: 'text',
      name: 'searchPlaceholder',
      label: 'field.placeholder',
      visibleWhen: (props) => props.titleAlign === 'left' && props.showSearch === true,
    },
  ],
});
