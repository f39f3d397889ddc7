import type { z } from 'zod';
import type { ShopType } from '../contract/enums';
import type { FixedSlot } from '../contract/template-document';
import type { DataRequest, DataSource } from './data-rows';
import {
  type BlockLink,
  type BlockProblem,
  collectLinks,
  type Field,
  type FieldSpec,
  fieldProblems,
  resolveFields,
} from './field-kit';

export const BLOCK_CATEGORIES = ['global', 'basic', 'media', 'commerce', 'user', 'vertical'] as const;
export type BlockCategory = (typeof BLOCK_CATEGORIES)[number];

/** `page`: in the page flow; `fixed`: one of the page's fixed parts; `settings`: the page settings. */
export type Placement = 'page' | 'fixed' | 'settings';

export interface BlockDefinition<Props extends Record<string, unknown> = Record<string, unknown>> {
  type: string;
  /** i18n key of the block's name in the catalogue. */
  label: string;
  /** Icon name the studio maps to a glyph. */
  icon: string;
  category: BlockCategory;
  placement: Placement;
  /** For fixed parts: which slot of the page it fills. */
  slot?: FixedSlot;
  /** null: no limit. */
  maxPerPage: number | null;
  shopTypes: readonly ShopType[];
  schema: z.ZodType<Props>;
  defaults(): Props;
  fields: readonly Field[];
  /** Every link value the props hold, with its path. */
  links(props: Props): BlockLink[];
  /** Missing images, empty required fields and block-specific rules. */
  validate(props: Props): BlockProblem[];
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
