import { z } from 'zod';
import { ShopType } from '../../contract/enums';
import { defineBlock } from '../block-definition';
import { boxFields, boxShape, entityLink, flag, text } from '../props-kit';

export const schema = z.strictObject({
  vote: entityLink('vote'),
  showResults: flag(true),
  buttonText: text(8),
  ...boxShape,
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'vote',
  icon: 'vote',
  category: 'vertical',
  shopTypes: [ShopType.officialSite, ShopType.course],
  schema,
  fields: [
    { kind: 'link', name: 'vote', label: 'field.vote', kinds: ['vote'], required: true },
    { kind: 'switch', name: 'showResults', label: 'field.showResults' },
    { kind: 'text', name: 'buttonText', label: 'field.buttonText' },
    ...boxFields,
  ],
  rows: 'votes',
  data: (props) => ('id' in props.vote ? { source: 'votes', ids: [props.vote.id], limit: 1 } : null),
});
