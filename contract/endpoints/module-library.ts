import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { linkValueSchema } from '../link-value';
import { sortParam } from '../list-query';
import { queryId as id, version } from '../scalars';
import { colourSchema } from '../template-document';

/**
 * Module library (SPEC §7, base /ModuleLibrary/): the shop's decoration templates. `Data` is the
 * template wire format of SPEC §3 as a JSON string (ModuleData, componentData, wxOpenType, siteId,
 * version). Saves carry the `Version` they were based on; a stale one is refused with
 * `StaleVersion: true` and the `CurrentVersion`, so the studio can offer to reload or overwrite.
 */

/** Listing and managing templates. */
export const TEMPLATES_PERMISSION = '/shop/decorateShop/miniProgramsTemplate';
/** Opening, saving and publishing a template in the studio. */
export const EDIT_TEMPLATE_PERMISSION = '/shop/decorateShop/editTemplate';

/** Characters of a template's wire JSON; the request body limit (1 MB) is the tighter bound. */
export const MAX_TEMPLATE_DATA = 4_000_000;
export const MAX_TEMPLATES_PER_SITE = 50;

const name = z.string().trim().min(1).max(40);
const data = z.string().min(2).max(MAX_TEMPLATE_DATA);

export const templateSummarySchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  ShopType: z.number().int(),
  IsCurrent: z.boolean(),
  Version: z.number().int(),
  UpdatedAt: z.string(),
  /** When it was last published; null if never. */
  PublishedAt: z.string().nullable(),
  /** Saved changes not yet published. */
  HasUnpublishedChanges: z.boolean(),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

/** The template data call of SPEC §7: one template's wire JSON; the current template when no Id. */
export const getTemplateData = defineEndpoint({
  method: 'GET',
  path: '/ModuleLibrary/GetTemplateData',
  permission: EDIT_TEMPLATE_PERMISSION,
  input: z.strictObject({ Id: id.optional() }),
  output: templateSummarySchema.extend({ Data: z.string() }),
});

export const getMyTemplateList = defineEndpoint({
  method: 'GET',
  path: '/ModuleLibrary/GetMyTemplateList',
  permission: TEMPLATES_PERMISSION,
  input: listQuerySchema.extend({
    Name: z.string().trim().max(40).optional(),
    sort: sortParam(['updatedAt', 'name']).default('-updatedAt'),
  }),
  output: pagedSchema(templateSummarySchema),
});

export const addMyTemplate = defineEndpoint({
  method: 'POST',
  path: '/ModuleLibrary/AddMyTemplate',
  permission: TEMPLATES_PERMISSION,
  /** A blank template, a copy of one of the shop's templates (CopyFromId), or the given Data. */
  input: z.strictObject({ Name: name, CopyFromId: id.optional(), Data: data.optional() }),
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

export const setMyTemplate = defineEndpoint({
  method: 'POST',
  path: '/ModuleLibrary/SetMyTemplate',
  permission: TEMPLATES_PERMISSION,
  /** Rename, and/or make it the shop's current template. */
  input: z.strictObject({ Id: id, Name: name.optional(), IsCurrent: z.literal(true).optional() }),
  output: z.object({}),
});

export const delMyTemplate = defineEndpoint({
  method: 'POST',
  path: '/ModuleLibrary/DelMyTemplate',
  permission: TEMPLATES_PERMISSION,
  input: z.strictObject({ Id: id }),
  output: z.object({}),
});

export const saveModule = defineEndpoint({
  method: 'POST',
  path: '/ModuleLibrary/SaveModule',
  permission: EDIT_TEMPLATE_PERMISSION,
  input: z.strictObject({ Id: id, Data: data, Version: version }),
  output: z.object({
    Version: z.number().int(),
    /** What the server changed while reading the data (old links it could not convert…). */
    Warnings: z.array(z.string()),
  }),
});

export const publishProblemSchema = z.object({
  PageId: z.string(),
  BlockId: z.string().nullable(),
  BlockType: z.string(),
  Kind: z.string(),
  Path: z.string(),
  Message: z.string(),
});
export type PublishProblemRow = z.infer<typeof publishProblemSchema>;

/**
 * Runs the publish check on the saved version and publishes it when there is no problem; otherwise
 * Errcode -1 with `Problems`. `Version` must be the saved version the studio shows.
 */
export const publishModule = defineEndpoint({
  method: 'POST',
  path: '/ModuleLibrary/PublishModule',
  permission: EDIT_TEMPLATE_PERMISSION,
  input: z.strictObject({ Id: id, Version: version }),
  output: z.object({ PublishedAt: z.string(), Version: z.number().int() }),
});

/** Extra fields of a refused save or publish (beside Errcode -1, Errmsg, ErrShowType). */
export const staleFieldsSchema = z.object({
  StaleVersion: z.literal(true),
  CurrentVersion: z.number().int(),
});
export const publishRefusedSchema = z.object({ Problems: z.array(publishProblemSchema) });

/** A goods row as the preview's product blocks draw it (the goods list's own field names). */
export const previewProductSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Subtitle: z.string(),
  Image: z.string(),
  PriceFen: z.number().int(),
  MarketPriceFen: z.number().int(),
  Sales: z.number().int(),
});

/**
 * The public phone preview of SPEC §7's QR code (/preview/<siteId>): one page of the shop's current
 * template as last saved, without hidden blocks, with the on-shelf goods its product blocks show.
 * A phone scanning the QR has no session, so this is public and returns nothing else. `TemplateId`
 * (another template than the current one) is served only to a session of that site allowed to edit
 * templates. Unknown and expired sites are refused.
 */
export const getPreviewData = defineEndpoint({
  method: 'GET',
  path: '/ModuleLibrary/GetPreviewData',
  permission: 'public',
  input: z.strictObject({
    SiteId: id,
    PageId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .optional(),
    TemplateId: id.optional(),
  }),
  output: z.object({
    SiteName: z.string(),
    ShopType: z.number().int(),
    TemplateName: z.string(),
    Version: z.number().int(),
    UpdatedAt: z.string(),
    /** The wire JSON of a template holding only the previewed page. */
    Data: z.string(),
    /** Rows of each product block of the page, by block id. */
    Products: z.array(z.object({ BlockId: z.string(), Rows: z.array(previewProductSchema) })),
    /** The switched-on lookup rows (link-entities.ts shapes) of the page's other data blocks, by block id. */
    Lookups: z.array(z.object({ BlockId: z.string(), Rows: z.array(z.record(z.string(), z.unknown())) })),
    /** The playable address of each video block with a Tencent Video link that resolved. */
    Videos: z.array(
      z.object({ BlockId: z.string(), Url: z.string(), Title: z.string(), Sandbox: z.boolean() }),
    ),
  }),
});

/** Path of the phone preview of a page (the home page when pageId is absent). */
export function previewPath(siteId: number, options: { pageId?: string; templateId?: number } = {}): string {
  const query = new URLSearchParams();
  if (options.pageId) query.set('page', options.pageId);
  if (options.templateId) query.set('template', String(options.templateId));
  const search = query.toString();
  return `/preview/${siteId}${search ? `?${search}` : ''}`;
}

// ---- public templates ------------------------------------------------------------------------------

/** Browsing the system's public templates and copying one into the shop's own. */
export const PUBLIC_TEMPLATES_PERMISSION = '/shop/decorateShop/publicTemplate';

/** Shop types with how many public templates each has (SPEC §3's 0, 1, 2, 3, 4, 7, 8). */
export const getIndustryTypeList = defineEndpoint({
  method: 'GET',
  path: '/ModuleLibrary/GetIndustryTypeList',
  permission: PUBLIC_TEMPLATES_PERMISSION,
  input: z.strictObject({}),
  output: z.object({
    Data: z.array(z.object({ ShopType: z.number().int(), Name: z.string(), Count: z.number().int() })),
    /** The caller's own shop type, which the screen shows first. */
    SiteShopType: z.number().int(),
  }),
});

export const publicTemplateSummarySchema = z.object({
  Id: z.number().int(),
  ShopType: z.number().int(),
  Name: z.string(),
  Description: z.string(),
  PageCount: z.number().int(),
  /** The home page's background, so a card can hint at the colours. */
  ThemeColour: z.string(),
});
export type PublicTemplateSummary = z.infer<typeof publicTemplateSummarySchema>;

export const getPublicTemplateList = defineEndpoint({
  method: 'GET',
  path: '/ModuleLibrary/GetPublicTemplateList',
  permission: PUBLIC_TEMPLATES_PERMISSION,
  input: listQuerySchema.extend({ ShopType: z.coerce.number().int().min(0).max(99).optional() }),
  output: pagedSchema(publicTemplateSummarySchema),
});

/**
 * One page of a public template for the read-only preview, shaped like GetPreviewData: the product
 * blocks show the caller's own goods, so the preview looks like the shop would.
 */
export const getPublicTemplatePreview = defineEndpoint({
  method: 'GET',
  path: '/ModuleLibrary/GetPublicTemplatePreview',
  permission: PUBLIC_TEMPLATES_PERMISSION,
  input: z.strictObject({
    Id: id,
    PageId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .optional(),
  }),
  output: z.object({
    Name: z.string(),
    ShopType: z.number().int(),
    Pages: z.array(z.object({ Id: z.string(), Title: z.string() })),
    Data: z.string(),
    Products: z.array(z.object({ BlockId: z.string(), Rows: z.array(previewProductSchema) })),
  }),
});

/** Copies a public template of the shop's own type into its templates under a new name. */
export const usePublicTemplate = defineEndpoint({
  method: 'POST',
  path: '/ModuleLibrary/UsePublicTemplate',
  permission: PUBLIC_TEMPLATES_PERMISSION,
  input: z.strictObject({ Id: id, Name: name }),
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

// ---- user center -----------------------------------------------------------------------------------

/** The user-center page and its menu; goods-detail templates share the screen. */
export const USER_TEMPLATE_PERMISSION = '/shop/decorateShop/userTemplate';

export const USER_CENTER_HEADER_STYLES = ['card', 'simple', 'banner'] as const;
export const USER_CENTER_ICONS = [
  'order',
  'coupon',
  'address',
  'favourite',
  'wallet',
  'gift',
  'member',
  'service',
  'phone',
  'location',
  'share',
  'help',
  'setting',
] as const;
export type UserCenterIcon = (typeof USER_CENTER_ICONS)[number];
export const MAX_USER_CENTER_MENUS = 20;

export const userCenterMenuSchema = z.strictObject({
  /** Stable id of the item, so reordering and undo keep track of it. */
  Id: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
  Icon: z.enum(USER_CENTER_ICONS),
  Title: z.string().trim().min(1).max(12),
  Link: linkValueSchema,
  Visible: z.boolean(),
});
export type UserCenterMenu = z.infer<typeof userCenterMenuSchema>;

export const userCenterSettingsSchema = z.strictObject({
  HeaderStyle: z.enum(USER_CENTER_HEADER_STYLES),
  BackgroundColour: colourSchema,
  BackgroundImage: z.string().max(2048),
  /** Items in display order. */
  Menus: z.array(userCenterMenuSchema).max(MAX_USER_CENTER_MENUS),
});
export type UserCenterSettings = z.infer<typeof userCenterSettingsSchema>;

/** The user-center page settings and its menu items; Version 0 when the shop never saved them. */
export const getUserCenterMenuList = defineEndpoint({
  method: 'GET',
  path: '/ModuleLibrary/GetUserCenterMenuList',
  permission: USER_TEMPLATE_PERMISSION,
  input: z.strictObject({}),
  output: userCenterSettingsSchema.extend({ Version: z.number().int(), ShopType: z.number().int() }),
});

/** Saves the whole user center; `Version` is the one it was based on (0 for the first save). */
export const setUserCenterInfo = defineEndpoint({
  method: 'POST',
  path: '/ModuleLibrary/SetUserCenterInfo',
  permission: USER_TEMPLATE_PERMISSION,
  input: userCenterSettingsSchema.extend({ Version: z.number().int().min(0) }),
  output: z.object({ Version: z.number().int() }),
});
