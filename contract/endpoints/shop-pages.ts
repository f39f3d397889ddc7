import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { FIXED_SLOTS } from '../template-document';

/**
 * The shop's published pages as its mini-program reads them: one page (SPEC §7 single page) with
 * its blocks in order, and the fixed page parts (SPEC §7 /DistributorsShopSet/ tab bars
 * and windows), with the shop's X-Storefront-Key. They have no back-office route of their own: the
 * studio edits them as the tab bar and popup blocks of the current template, and the storefront
 * reads what was last published, never a draft.
 */

/** The parts a page may hold at a fixed place: tab bar, popup window, navigation bar, floating button. */
export const fixedPartSchema = z.object({
  Slot: z.enum(FIXED_SLOTS),
  /** The block's type in the catalogue (tabBar, popupAd…). */
  Type: z.string(),
  /** The block's settings as published (for a tab bar: 2–5 items with text, icons and a link). */
  Props: z.record(z.string(), z.unknown()),
});
export type FixedPart = z.infer<typeof fixedPartSchema>;

/** A page of the published template by id; its home page when absent. */
const pageIdInput = z.strictObject({
  PageId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'a page id')
    .optional(),
});

export const getStorefrontFixedParts = defineEndpoint({
  method: 'GET',
  path: '/storefront/GetFixedParts',
  permission: 'public',
  input: pageIdInput,
  output: z.object({
    /** Null when the shop has published no template yet. */
    PageId: z.string().nullable(),
    PublishedAt: z.string().nullable(),
    Parts: z.array(fixedPartSchema),
  }),
});

export const publishedBlockSchema = z.object({
  Id: z.string(),
  Type: z.string(),
  Props: z.record(z.string(), z.unknown()),
});

/**
 * One page of the published template as the mini-program draws it: its settings (title, colours,
 * share card) and its visible blocks in order. The fixed parts come from GetFixedParts.
 */
export const getStorefrontPage = defineEndpoint({
  method: 'GET',
  path: '/storefront/GetPage',
  permission: 'public',
  input: pageIdInput,
  output: z.object({
    /** Null when the shop has published no template yet. */
    PageId: z.string().nullable(),
    IsHome: z.boolean(),
    PublishedAt: z.string().nullable(),
    Settings: z.record(z.string(), z.unknown()).nullable(),
    Blocks: z.array(publishedBlockSchema),
  }),
});
