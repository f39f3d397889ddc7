import type { z } from 'zod';
import type { ShopType } from '../enums';
import type { LinkValue } from '../link-value';
import type { FixedSlot } from '../template-document';

/**
 * What the template rules (codec, document operations, publish check) need to know of a block. The
 * block catalogue implements it; the rules take a lookup as a parameter, so the studio and the server
 * pass the same catalogue and the contract depends on no block.
 */

/** `page`: in the page flow; `fixed`: one of the page's fixed parts; `settings`: the page settings. */
export type Placement = 'page' | 'fixed' | 'settings';

/** A link held somewhere in a block's props, with the path to it (e.g. `items.2.link`). */
export interface BlockLink {
  path: string;
  link: LinkValue;
}

export type BlockProblemKind = 'missingImage' | 'emptyRequired' | 'invalidValue';

/** Something that keeps a block from being published as it is. */
export interface BlockProblem {
  kind: BlockProblemKind;
  /** Path of the prop at fault, e.g. `items.0.image`. */
  path: string;
  /** i18n key of the message; `{field}` in it is the translated `fieldLabel`. */
  messageKey: string;
  fieldLabel?: string;
  params?: Record<string, string | number>;
}

export interface BlockRules<Props extends Record<string, unknown> = Record<string, unknown>> {
  type: string;
  placement: Placement;
  /** For fixed parts: which slot of the page it fills. */
  slot?: FixedSlot;
  /** null: no limit. */
  maxPerPage: number | null;
  shopTypes: readonly ShopType[];
  schema: z.ZodType<Props>;
  defaults(): Props;
  /** Every link value the props hold, with its path. */
  links(props: Props): BlockLink[];
  /** Missing images, empty required fields and block-specific rules. */
  validate(props: Props): BlockProblem[];
}

/** How the rules find a block type's rules: the catalogue's registry in the studio and on the server. */
export type BlockRulesLookup = (type: string) => BlockRules | undefined;
