import type { z } from 'zod';
import { ShopType } from '../contract/enums';
import type { LinkKind } from '../contract/link-targets';
import type { DataRequest, DataSource } from './data-rows';
import type { FieldSpec } from './field-kit';
import { boxFields, boxShape, choice, entityLinks, flag, options, text, whole } from './props-kit';

/** Props shared by the seckill, group-buy, bargain and points-mall blocks: which offers, how drawn. */

export const ACTIVITY_LAYOUTS = ['list', 'twoColumns', 'scroll'] as const;
export const RETAIL_SHOP_TYPES = [ShopType.mall, ShopType.storePlatform] as const;

export function activityShape<K extends LinkKind>(kind: K) {
  return {
    title: text(20),
    /** manual: offers picked by hand; ongoing: those running now, soonest ending first. */
    source: choice(['manual', 'ongoing'], 'ongoing'),
    items: entityLinks(kind, 30),
    limit: whole(1, 30, 4),
    layout: choice(ACTIVITY_LAYOUTS, 'list'),
    showOriginalPrice: flag(true),
    ...boxShape,
  };
}

export function activityFields<K extends LinkKind>(kind: K): FieldSpec<ActivityShapeProps<K>>[] {
  return [
    { kind: 'text', name: 'title', label: 'field.title' },
    {
      kind: 'select',
      name: 'source',
      label: 'field.activitySource',
      options: options(['manual', 'ongoing']),
    },
    {
      kind: 'links',
      name: 'items',
      label: 'field.offers',
      kinds: [kind],
      required: true,
      visibleWhen: (props) => props.source === 'manual',
    },
    {
      kind: 'number',
      name: 'limit',
      label: 'field.limit',
      visibleWhen: (props) => props.source === 'ongoing',
    },
    {
      kind: 'select',
      name: 'layout',
      label: 'field.layout',
      options: options(ACTIVITY_LAYOUTS, 'option.productLayout'),
    },
    { kind: 'switch', name: 'showOriginalPrice', label: 'field.showOriginalPrice' },
    ...boxFields,
  ];
}

export function activityRequest(
  source: DataSource,
  props: { source: 'manual' | 'ongoing'; items: readonly { id: number }[]; limit: number },
): DataRequest | null {
  if (props.source === 'manual') {
    return props.items.length > 0
      ? { source, ids: props.items.map((item) => item.id), limit: props.items.length }
      : null;
  }
  return { source, ids: [], filter: { state: 'ongoing' }, limit: props.limit };
}

type ActivityShapeProps<K extends LinkKind> = z.infer<z.ZodObject<ReturnType<typeof activityShape<K>>>>;

/** What the shared activity view reads of an activity block's props (the chosen offers are not drawn from). */
export type ActivityProps = Omit<z.infer<z.ZodObject<ReturnType<typeof activityShape<'seckill'>>>>, 'items'>;
