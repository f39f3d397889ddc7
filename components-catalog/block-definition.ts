import type { z } from 'zod';
import type { ShopType } from '../contract/enums';
import type { BlockProblem, BlockRules, Placement } from '../contract/template/block-rules';
import type { FixedSlot } from '../contract/template-document';
import type { DataRequest, DataSource } from './data-rows';
import { collectLinks, type Field, type FieldSpec, fieldProblems, resolveFields } from './field-kit';

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
  /** The kind of rows a data block draws, known before it asks for any (the canvas draws samples). */
  rows?: DataSource;
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
  /** Checked against the schema's props; limits the schema states are read from it. */
  fields: readonly NoInfer<FieldSpec<z.infer<S>>>[];
  /** Rules beyond required fields and images. */
  check?: (props: z.infer<S>) => BlockProblem[];
  rows?: DataSource;
  data?: (props: z.infer<S>) => DataRequest | null;
}

/** A block definition whose links and basic checks follow from its fields. */
export function defineBlock<S extends z.ZodType<Record<string, unknown>>>(
  spec: BlockSpec<S>,
): BlockDefinition<z.infer<S>> {
  const { check, data, fields: specs, ...rest } = spec;
  const fields = resolveFields(spec.schema, specs);
  return {
    ...rest,
    fields,
    schema: spec.schema as unknown as z.ZodType<z.infer<S>>,
    label: `block.${spec.type}`,
    placement: spec.placement ?? 'page',
    maxPerPage: spec.maxPerPage ?? null,
    defaults: () => spec.schema.parse({}),
    links: (props) => collectLinks(fields, props),
    validate: (props) => [...fieldProblems(fields, props), ...(check ? check(props) : [])],
    ...(data ? { data } : {}),
  };
}
