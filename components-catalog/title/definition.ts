import { z } from 'zod';
import { SHOP_TYPES } from '../../contract/enums';
import { defineBlock } from '../block-definition';
import {
  alignment,
  alignmentField,
  boxFields,
  boxShape,
  choice,
  colour,
  flag,
  link,
  options,
  text,
} from '../props-kit';

export const schema = z.strictObject({
  text: text(30),
  subText: text(60),
  align: alignment(),
  size: choice(['large', 'medium', 'small'], 'medium'),
  /** bar: a coloured bar before the title. */
  style: choice(['plain', 'bar'], 'plain'),
  textColour: colour('#333333'),
  showMore: flag(false),
  moreText: text(10),
  moreLink: link(),
  ...boxShape,
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'title',
  icon: 'title',
  category: 'basic',
  shopTypes: SHOP_TYPES,
  schema,
  fields: [
    { kind: 'text', name: 'text', label: 'field.title', required: true },
    { kind: 'text', name: 'subText', label: 'field.subText' },
    alignmentField(),
    { kind: 'select', name: 'size', label: 'field.textSize', options: options(['large', 'medium', 'small']) },
    { kind: 'select', name: 'style', label: 'field.titleStyle', options: options(['plain', 'bar']) },
    { kind: 'colour', name: 'textColour', label: 'field.textColour' },
    { kind: 'switch', name: 'showMore', label: 'field.showMore' },
    {
      kind: 'text',
      name: 'moreText',
      label: 'field.moreText',
      visibleWhen: (props) => props.showMore === true,
    },
    {
      kind: 'link',
      name: 'moreLink',
      label: 'field.moreLink',
      required: true,
      visibleWhen: (props) => props.showMore === true,
    },
    ...boxFields,
  ],
});
