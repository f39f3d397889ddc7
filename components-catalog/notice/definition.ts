import { z } from 'zod';
import { SHOP_TYPES } from '../../contract/enums';
import { defineBlock } from '../block-definition';
import { boxFields, boxShape, choice, colour, flag, link, options, text, whole } from '../props-kit';

/** `text`: what the designer types; `running`: the shop's running notices (noticeSupervise), by sort. */
export const NOTICE_SOURCES = ['text', 'running'] as const;

export const schema = z.strictObject({
  source: choice(NOTICE_SOURCES, 'text'),
  text: text(200),
  /** How many running notices the line cycles through. */
  limit: whole(1, 10, 3),
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
    {
      kind: 'select',
      name: 'source',
      label: 'field.noticeSource',
      options: options(NOTICE_SOURCES, 'option.noticeSource'),
    },
    {
      kind: 'textarea',
      name: 'text',
      label: 'field.noticeText',
      required: true,
      visibleWhen: (props) => props.source === 'text',
    },
    {
      kind: 'number',
      name: 'limit',
      label: 'field.limit',
      visibleWhen: (props) => props.source === 'running',
    },
    { kind: 'link', name: 'link', label: 'field.link' },
    { kind: 'switch', name: 'showIcon', label: 'field.showIcon' },
    { kind: 'switch', name: 'scroll', label: 'field.scroll' },
    { kind: 'colour', name: 'textColour', label: 'field.textColour' },
    { kind: 'colour', name: 'backgroundColor', label: 'field.backgroundColor' },
    ...boxFields,
  ],
  data: (props) => (props.source === 'running' ? { source: 'notices', ids: [], limit: props.limit } : null),
});
