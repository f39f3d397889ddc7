import { z } from 'zod';

/**
 * The decoration document (DESIGN §8): a template has pages; a page has settings, fixed parts and an
 * ordered list of block ids; blocks are stored flat by id so moving a block touches two id lists and
 * never copies its props.
 */

export type BlockId = string;
export type PageId = string;

/** Parts drawn at a fixed place of the phone rather than in the page flow. */
export const FIXED_SLOTS = ['navigationBar', 'tabBar', 'floatingButton', 'popup'] as const;
export type FixedSlot = (typeof FIXED_SLOTS)[number];

/** Ids of blocks and pages: URL-safe, short, and never an Object.prototype key. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export function isValidId(value: string): boolean {
  return ID_PATTERN.test(value) && !RESERVED_KEYS.has(value);
}

export const colourSchema = z
  .string()
  .max(32)
  .regex(/^(#[0-9A-Fa-f]{3,8}|rgba?\([\d\s.,%]+\)|transparent|)$/, 'colour');

export const pageSettingsSchema = z.strictObject({
  /** Shown in the navigation bar and the page list. */
  title: z.string().max(40).default(''),
  backgroundColor: colourSchema.default('#f5f5f5'),
  backgroundImage: z.string().max(2048).default(''),
  shareTitle: z.string().max(60).default(''),
  shareImage: z.string().max(2048).default(''),
});
export type PageSettings = z.infer<typeof pageSettingsSchema>;

export interface TemplatePage {
  id: PageId;
  settings: PageSettings;
  fixed: Partial<Record<FixedSlot, BlockId>>;
  blockIds: BlockId[];
}

export interface BlockNode<Props = Record<string, unknown>> {
  id: BlockId;
  /** A catalogue block type, or 'unknown' for a type this editor does not know (kept as is). */
  type: string;
  props: Props;
  hidden: boolean;
  locked: boolean;
}

/** A block of a type the catalogue does not know; saved back exactly as it came. */
export interface UnknownBlockProps {
  originalType: string;
  raw: unknown;
}
export const UNKNOWN_BLOCK_TYPE = 'unknown';

export interface TemplateDocument {
  siteId: number;
  /** Open type of the template's contact button (SPEC §3 wxOpenType), kept as the wire has it. */
  wxOpenType: string;
  homePageId: PageId;
  pages: TemplatePage[];
  blocks: Record<BlockId, BlockNode>;
}

export const MAX_PAGES = 50;
export const MAX_BLOCKS = 2000;
export const MAX_BLOCKS_PER_PAGE = 500;
