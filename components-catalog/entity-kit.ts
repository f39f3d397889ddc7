import type { z } from 'zod';
import type { EntityLinkKind } from '../contract/link-targets';
import type { DataRequest, DataSource } from './data-rows';
import type { FieldSpec } from './field-kit';
import { choice, entityLinks, options, whole } from './props-kit';

/**
 * The recipe of blocks that show entities either chosen by hand or found by the server (the latest,
 * the nearest, those running now): which way (`source`), the chosen links, how many found ones
 * (`limit`), their three fields and the rows request. A block spreads `shape` into its schema and
 * `fields` into its fields, and passes `rows` and `data` on to `defineBlock`.
 */

const MANUAL = 'manual';

interface Recipe<Auto extends string, Prop extends string, K extends EntityLinkKind> {
  /** The rows the block draws. */
  rows: DataSource;
  /** Entity kind the picker lists. */
  kind: K;
  /** Name of the prop holding the chosen links. */
  prop: Prop;
  /** How the server finds rows when none are chosen by hand, and which way a new block starts. */
  auto: Auto;
  initial: Auto | typeof MANUAL;
  /** The source choice lists "by hand" first unless this says otherwise. */
  autoFirst?: boolean;
  /** Most entities chosen by hand. */
  max: number;
  /** Most and first count of found rows. */
  limit: { max: number; initial: number };
  /** Filter of the found rows' request. */
  filter?: Record<string, string | number>;
  /** Catalogue keys of the source choice's and the chosen links' labels. */
  labels: { source: string; chosen: string };
}

export function entityRecipe<const Auto extends string, const Prop extends string, K extends EntityLinkKind>(
  recipe: Recipe<Auto, Prop, K>,
) {
  const sources = (recipe.autoFirst ? [recipe.auto, MANUAL] : [MANUAL, recipe.auto]) as [
    Auto | typeof MANUAL,
    Auto | typeof MANUAL,
  ];
  const links = entityLinks(recipe.kind, recipe.max);
  const shape = {
    source: choice(sources, recipe.initial),
    [recipe.prop]: links,
    limit: whole(1, recipe.limit.max, recipe.limit.initial),
  } as { source: ReturnType<typeof choice<typeof sources>>; limit: ReturnType<typeof whole> } & {
    [P in Prop]: typeof links;
  };
  type Props = { source: Auto | typeof MANUAL; limit: number } & { [P in Prop]: z.infer<typeof links> };
  const manual = (props: { source: unknown }) => props.source === MANUAL;
  const fields = [
    { kind: 'select', name: 'source', label: recipe.labels.source, options: options(sources) },
    {
      kind: 'links',
      name: recipe.prop,
      label: recipe.labels.chosen,
      kinds: [recipe.kind],
      required: true,
      visibleWhen: manual,
    },
    {
      kind: 'number',
      name: 'limit',
      label: 'field.limit',
      visibleWhen: (props: { source: unknown }) => !manual(props),
    },
  ] as unknown as FieldSpec<Props>[];
  const data = (props: Props): DataRequest | null => {
    if (!manual(props)) {
      return {
        source: recipe.rows,
        ids: [],
        ...(recipe.filter ? { filter: recipe.filter } : {}),
        limit: props.limit,
      };
    }
    const chosen = props[recipe.prop] as readonly { id: number }[];
    return chosen.length > 0
      ? { source: recipe.rows, ids: chosen.map((entry) => entry.id), limit: chosen.length }
      : null;
  };
  return { shape, fields, rows: recipe.rows, data };
}
