import { z } from 'zod';
import { LINK_TARGETS } from '../../contract/link-targets';
import { defineBlock } from '../block-definition';
import { entityRecipe } from '../entity-kit';
import { boxFields, boxShape, flag, text } from '../props-kit';

/** The lucky draws shown: picked by hand from the activity lookup, or those running now. */
const draws = entityRecipe({
  rows: 'lotteries',
  kind: 'activity',
  prop: 'draws',
  auto: 'ongoing',
  initial: 'ongoing',
  max: 10,
  limit: { max: 10, initial: 3 },
  filter: { state: 'ongoing' },
  labels: { source: 'field.drawSource', chosen: 'field.draws' },
});

/** A draw is an activity link, so the block goes wherever an activity may be linked to. */
export const LOTTERY_SHOP_TYPES = LINK_TARGETS.find((target) => target.kind === 'activity')!.shopTypes;

export const schema = z.strictObject({
  title: text(20),
  ...draws.shape,
  showCost: flag(true),
  buttonText: text(8),
  ...boxShape,
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'lottery',
  icon: 'lottery',
  category: 'commerce',
  shopTypes: LOTTERY_SHOP_TYPES,
  schema,
  fields: [
    { kind: 'text', name: 'title', label: 'field.title' },
    ...draws.fields,
    { kind: 'switch', name: 'showCost', label: 'field.showCost' },
    { kind: 'text', name: 'buttonText', label: 'field.buttonText' },
    ...boxFields,
  ],
  rows: draws.rows,
  data: draws.data,
});
