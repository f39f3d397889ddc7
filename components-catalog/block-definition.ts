import type { z } from 'zod';
import type { ShopType } from '../contract/enums';
import type { BlockProblem, BlockRules, Placement } from '../contract/template/block-rules';
import type { FixedSlot } from '../contract/template-document';
import type { DataRequest } from './data-rows';
import { collectLinks, type Field, fieldProblems } from './field-kit';

export const BLOCK_CATEGORIES = ['global', 'basic', 'media', 'commerce', 'user', 'vertical'] as const;
export type BlockCategory = (typeof BLOCK_CATEGORIES)[number];

/** A block of the catalogue: the rules the template checks, and what the studio shows and edits. */
export interface BlockDefinition<Props extends Record<string, unknown> = Record<string, unknown>>
  extends BlockRules<Props> {
  /** i18n key of the block's name in the catalogue. */
  label: string;
  /** Icon name the studio maps to a glyph. */
  icon: string;
  category: BlockCategory;
  fields: readonly Field[];
  /** The live rows the renderer shows, for blocks that show server data. */
  data?(props: Props): DataRequest | null;
}

export type AnyBlockDefinition = BlockDefinition<Record<string, unknown>>;

interface BlockSpec<S extends z.ZodType<Record<string, unknown>>> {
  type: string;
  icon: string;
  category: BlockCategory;
  placement?: Placement;
  slot?: FixedSlot;
  maxPerPage?: number | null;
  shopTypes: readonly ShopType[];
  schema: S;
  fields: readonly Field[];
  /** Rules beyond required fields and images. */
  check?: (props: z.infer<S>) => BlockProblem[];
  data?: (props: z.infer<S>) => DataRequest | null;
}

/** A block definition whose links and basic checks follow from its fields. */
export function defineBlock<S extends z.ZodType<Record<string, unknown>>>(
  spec: BlockSpec<S>,
): BlockDefinition<z.infer<S>> {
  const { check, data, ...rest } = spec;
  return {
    ...rest,
    schema: spec.schema as unknown as z.ZodType<z.infer<S>>,
    label: `block.${spec.type}`,
    placement: spec.placement ?? 'page',
    maxPerPage: spec.maxPerPage ?? null,
    defaults: () => spec.schema.parse({}),
    links: (props) => collectLinks(spec.fields, props),
    validate: (props) => [...fieldProblems(spec.fields, props), ...(check ? check(props) : [])],
    ...(data ? { data } : {}),
  };
}
