import { z } from 'zod';
import { SHOP_TYPES } from '../../contract/enums';
import { defineBlock } from '../block-definition';
import { boxFields, boxShape, choice, entityLink, entityLinks, flag, options, whole } from '../props-kit';

export const NEWS_LAYOUTS = ['rightImage', 'leftImage', 'bigImage', 'textOnly'] as const;

export const schema = z.strictObject({
  source: choice(['latest', 'column', 'manual'], 'latest'),
  column: entityLink('column'),
  items: entityLinks('news', 30),
  limit: whole(1, 20, 5),
  layout: choice(NEWS_LAYOUTS, 'rightImage'),
  showDate: flag(true),
  showViews: flag(false),
  ...boxShape,
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'newsList',
  icon: 'news',
  category: 'commerce',
  shopTypes: SHOP_TYPES,
  schema,
  fields: [
    {
      kind: 'select',
      name: 'source',
      label: 'field.newsSource',
      options: options(['latest', 'column', 'manual']),
    },
    {
      kind: 'link',
      name: 'column',
      label: 'field.column',
      kinds: ['column'],
      required: true,
      visibleWhen: (props) => props.source === 'column',
    },
    {
      kind: 'links',
      name: 'items',
      label: 'field.articles',
      kinds: ['news'],
      required: true,
      visibleWhen: (props) => props.source === 'manual',
    },
    {
      kind: 'number',
      name: 'limit',
      label: 'field.limit',
      visibleWhen: (props) => props.source !== 'manual',
    },
    {
      kind: 'select',
      name: 'layout',
      label: 'field.layout',
      options: options(NEWS_LAYOUTS, 'option.newsLayout'),
    },
    { kind: 'switch', name: 'showDate', label: 'field.showDate' },
    { kind: 'switch', name: 'showViews', label: 'field.showViews' },
    ...boxFields,
  ],
  rows: 'news',
  data: (props) => {
    if (props.source === 'manual') {
      return props.items.length > 0
        ? { source: 'news', ids: props.items.map((item) => item.id), limit: props.items.length }
        : null;
    }
    if (props.source === 'column') {
      return 'id' in props.column
        ? { source: 'news', ids: [], filter: { columnId: props.column.id }, limit: props.limit }
        : null;
    }
    return { source: 'news', ids: [], limit: props.limit };
  },
});
