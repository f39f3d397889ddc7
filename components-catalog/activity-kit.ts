import type { z } from 'zod';
import { ShopType } from '../contract/enums';
import type { EntityLinkKind } from '../contract/link-targets';
import type { DataSource } from './data-rows';
import { entityRecipe } from './entity-kit';
import type { FieldSpec } from './field-kit';
import { boxFields, boxShape, choice, flag, options, text } from './props-kit';

/** Props shared by the seckill, group-buy, bargain and points-mall blocks: which offers, how drawn. */

export const ACTIVITY_LAYOUTS = ['list', 'twoColumns', 'scroll'] as const;
export const RETAIL_SHOP_TYPES = [ShopType.mall, ShopType.storePlatform] as const;

/** The offers of an activity block: picked by hand, or those running now, soonest ending first. */
export function activityRecipe<K extends EntityLinkKind>(kind: K, rows: DataSource) {
  const offers = entityRecipe({
    rows,
    kind,
    prop: 'items',
    auto: 'ongoing',
    initial: 'ongoing',
    max: 30,
    limit: { max: 30, initial: 4 },
    filter: { state: 'ongoing' },
    labels: { source: 'field.activitySource', chosen: 'field.offers' },
  });
  const shape = {
    title: text(20),
    ...offers.shape,
    layout: choice(ACTIVITY_LAYOUTS, 'list'),
    showOriginalPrice: flag(true),
    ...boxShape,
  };
  const fields: FieldSpec<z.infer<z.ZodObject<typeof shape>>>[] = [
    { kind: 'text', name: 'title', label: 'field.title' },
    ...offers.fields,
    {
      kind: 'select',
      name: 'layout',
      label: 'field.layout',
      options: options(ACTIVITY_LAYOUTS, 'option.productLayout'),
    },
    { kind: 'switch', name: 'showOriginalPrice', label: 'field.showOriginalPrice' },
    ...boxFields,
  ];
  return { shape, fields, rows: offers.rows, data: offers.data };
}

/** What the shared activity view reads of an activity block's props (the chosen offers are not drawn from). */
export type ActivityProps = Omit<
  z.infer<z.ZodObject<ReturnType<typeof activityRecipe<'seckill'>>['shape']>>,
  'items'
>;
