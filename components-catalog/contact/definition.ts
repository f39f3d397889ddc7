import { z } from 'zod';
import { SHOP_TYPES } from '../../contract/enums';
import { emptyLink, LinkType } from '../../contract/link-value';
import { defineBlock } from '../block-definition';
import { boxFields, boxShape, choice, link, options, text } from '../props-kit';

const itemSchema = z.strictObject({ text: text(12), subText: text(30), link: link() });
type Item = z.infer<typeof itemSchema>;

const item = (value: Item['link']): Item => ({ text: '', subText: '', link: value });

export const schema = z.strictObject({
  title: text(20),
  layout: choice(['list', 'grid'], 'list'),
  items: z
    .array(itemSchema)
    .min(1)
    .max(6)
    .default(() => [
      item(emptyLink('phone')),
      item(emptyLink('wifi')),
      item({ linkType: LinkType.quickEntry, linkUrl: 'contact' }),
    ]),
  ...boxShape,
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'contact',
  icon: 'contact',
  category: 'vertical',
  shopTypes: SHOP_TYPES,
  schema,
  fields: [
    { kind: 'text', name: 'title', label: 'field.title' },
    {
      kind: 'select',
      name: 'layout',
      label: 'field.layout',
      options: options(['list', 'grid'], 'option.listLayout'),
    },
    {
      kind: 'list',
      name: 'items',
      label: 'field.contactItems',
      itemLabel: 'field.contactItem',
      newItem: () => item(emptyLink('phone')),
      fields: [
        { kind: 'text', name: 'text', label: 'field.text', required: true },
        { kind: 'text', name: 'subText', label: 'field.subText' },
        {
          kind: 'link',
          name: 'link',
          label: 'field.contactAction',
          kinds: ['phone', 'wifi', 'quickEntry', 'miniProgram', 'webLink'],
          required: true,
        },
      ],
    },
    ...boxFields,
  ],
});
