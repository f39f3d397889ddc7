import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { SHOP_TYPES } from '../enums';
import { listQuerySchema, pagedSchema } from '../envelope';
import { linkValueSchema, QUICK_ENTRIES } from '../link-value';
import { id, queryId, version } from '../scalars';
import { EDIT_TEMPLATE_PERMISSION } from './module-library';

/**
 * The ModuleLibrary look-ups of SPEC §7 that are not entity rows: the blocks a shop type may use
 * (system modules), the quick-entry link kind's entries (shortcut data), the shop's address (for the
 * contact block) and the shop's reusable text snippets (texts), which the studio's text block
 * inserts and manages. All serve whoever may edit templates.
 */

const shopTypeParam = z.coerce
  .number()
  .int()
  .refine((value) => (SHOP_TYPES as readonly number[]).includes(value), {
    params: { key: 'validation.oneOf', values: { values: SHOP_TYPES.join(', ') } },
  });

export const systemModuleSchema = z.object({
  /** The block type of components-catalog (`richText`, `serviceList`…). */
  Type: z.string(),
  Category: z.string(),
  Icon: z.string(),
  /** `page`: in the page's list of blocks; `fixed`: a fixed part (navigation bar, tab bar…). */
  Placement: z.enum(['page', 'fixed']),
  /** At most this many per page; null for no limit. */
  MaxPerPage: z.number().int().nullable(),
  Zh: z.string(),
  En: z.string(),
});
export type SystemModule = z.infer<typeof systemModuleSchema>;

/** The blocks the palette offers a shop type, in palette order; the caller's own shop type by default. */
export const getSystemModuleList = defineEndpoint({
  method: 'GET',
  path: '/ModuleLibrary/GetSystemModuleList',
  permission: EDIT_TEMPLATE_PERMISSION,
  input: z.strictObject({ ShopType: shopTypeParam.optional() }),
  output: z.object({ ShopType: z.number().int(), Data: z.array(systemModuleSchema) }),
});

export const shortcutSchema = z.object({
  /** The quick entry (`linkUrl` of a quick-entry link). */
  Value: z.enum(QUICK_ENTRIES),
  Zh: z.string(),
  En: z.string(),
  /** The link a block stores when this entry is chosen; `location` carries the shop's address and point. */
  Link: linkValueSchema,
  /** False when the entry needs shop data the shop has not filled in (`location` without a map point). */
  Ready: z.boolean(),
});
export type Shortcut = z.infer<typeof shortcutSchema>;

export const getShortcutDataList = defineEndpoint({
  method: 'GET',
  path: '/ModuleLibrary/GetShortcutDataList',
  permission: EDIT_TEMPLATE_PERMISSION,
  input: z.strictObject({}),
  output: z.object({ Data: z.array(shortcutSchema) }),
});

/** The shop's address and contact numbers from its shop info; empty strings where not filled in. */
export const getAddressInfo = defineEndpoint({
  method: 'GET',
  path: '/ModuleLibrary/GetAddressInfo',
  permission: EDIT_TEMPLATE_PERMISSION,
  input: z.strictObject({}),
  output: z.object({
    ShopName: z.string(),
    /** Province, city and district names joined with spaces. */
    Area: z.string(),
    Address: z.string(),
    /** `latitude,longitude` as quick-entry links store it; empty without a map point. */
    Latlng: z.string(),
    Phone: z.string(),
    ServicePhone: z.string(),
  }),
});

// ---- text snippets -------------------------------------------------------------------------------

export const TEXT_TITLE_MAX = 20;
export const TEXT_CONTENT_MAX = 500;
export const TEXT_KEYWORD_MAX = 20;

export const textSnippetSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Content: z.string(),
  Version: z.number().int(),
  UpdatedAt: z.string(),
});
export type TextSnippet = z.infer<typeof textSnippetSchema>;

/** The shop's snippets, last edited first; `Keyword` searches title and content. */
export const getTextList = defineEndpoint({
  method: 'GET',
  path: '/ModuleLibrary/GetTextList',
  permission: EDIT_TEMPLATE_PERMISSION,
  input: listQuerySchema
    .omit({ sort: true })
    .extend({ Keyword: z.string().trim().max(TEXT_KEYWORD_MAX).optional() }),
  output: pagedSchema(textSnippetSchema),
});

export const textFieldsSchema = z.strictObject({
  Title: z.string().trim().min(1).max(TEXT_TITLE_MAX),
  Content: z.string().trim().min(1).max(TEXT_CONTENT_MAX),
});
export type TextFields = z.infer<typeof textFieldsSchema>;

export const addText = defineEndpoint({
  method: 'POST',
  path: '/ModuleLibrary/AddText',
  permission: EDIT_TEMPLATE_PERMISSION,
  input: textFieldsSchema,
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

/** Saves a snippet read at `Version`; a stale one is refused. */
export const setText = defineEndpoint({
  method: 'POST',
  path: '/ModuleLibrary/SetText',
  permission: EDIT_TEMPLATE_PERMISSION,
  input: textFieldsSchema.extend({ Id: id, Version: version }),
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

export const delText = defineEndpoint({
  method: 'POST',
  path: '/ModuleLibrary/DelText',
  permission: EDIT_TEMPLATE_PERMISSION,
  input: z.strictObject({ Id: id }),
  output: z.object({}),
});

/** One snippet, for a form opened on it. */
export const getTextInfo = defineEndpoint({
  method: 'GET',
  path: '/ModuleLibrary/GetTextInfo',
  permission: EDIT_TEMPLATE_PERMISSION,
  input: z.strictObject({ Id: queryId }),
  output: textSnippetSchema,
});
