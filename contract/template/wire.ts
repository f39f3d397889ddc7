import { z } from 'zod';
import {
  FIXED_SLOTS,
  ID_PATTERN,
  MAX_BLOCKS,
  MAX_BLOCKS_PER_PAGE,
  MAX_PAGES,
  pageSettingsSchema,
  RESERVED_KEYS,
} from '../template-document';

/**
 * The wire format of SPEC §3: one JSON string holding `ModuleData` (the pages), `componentData` (the
 * blocks), `wxOpenType` and `siteId`, plus the `version` this codec reads and writes.
 *
 * Version history: 1 had numeric ids, page flags as 0/1 and legacy component names; 2 the current
 * shape with links as flat objects carrying every link field and a pre-built `linkUrl`; 3 typed links.
 */
export const CURRENT_VERSION = 3;

export const wireIdSchema = z
  .string()
  .regex(ID_PATTERN)
  .refine((value) => !RESERVED_KEYS.has(value), 'reserved');

export const wireFixedSchema = z.strictObject(
  Object.fromEntries(FIXED_SLOTS.map((slot) => [slot, wireIdSchema.optional()])) as Record<
    (typeof FIXED_SLOTS)[number],
    z.ZodOptional<typeof wireIdSchema>
  >,
);

export const wirePageSchema = z.strictObject({
  id: wireIdSchema,
  isHome: z.boolean(),
  settings: pageSettingsSchema,
  fixed: wireFixedSchema.default({}),
  components: z.array(wireIdSchema).max(MAX_BLOCKS_PER_PAGE),
});

export const wireComponentSchema = z.strictObject({
  id: wireIdSchema,
  type: z.string().min(1).max(64),
  props: z.record(z.string(), z.unknown()),
  hidden: z.boolean().default(false),
  locked: z.boolean().default(false),
});
export type WireComponent = z.infer<typeof wireComponentSchema>;

export const wireTemplateSchema = z.strictObject({
  version: z.literal(CURRENT_VERSION),
  siteId: z.number().int().min(0),
  wxOpenType: z.string().max(32).default(''),
  ModuleData: z.array(wirePageSchema).min(1).max(MAX_PAGES),
  componentData: z.array(wireComponentSchema).max(MAX_BLOCKS),
});
export type WireTemplate = z.infer<typeof wireTemplateSchema>;
