import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { id } from '../scalars';
import { TEMPLATES_PERMISSION, USER_CENTER_HEADER_STYLES, userCenterSettingsSchema } from './module-library';

/**
 * The shop's templates (SPEC §7 /DistributorsShopSet/ "templates"): which template each page kind of
 * the mini-program uses. The home page is the current decoration template, goods details the
 * default goods-detail template (categories and goods may override it), the user centre a header
 * style of its settings, and the category page a layout. This is the one place that sets them; the
 * templates screens call it too.
 */

export const PAGE_KINDS = ['home', 'goodsDetail', 'userCenter', 'category'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

export const CATEGORY_PAGE_STYLES = ['sidebar', 'grid', 'list'] as const;
export type CategoryPageStyle = (typeof CATEGORY_PAGE_STYLES)[number];
export const DEFAULT_CATEGORY_PAGE_STYLE: CategoryPageStyle = 'sidebar';

const choice = z.union([z.number().int(), z.string()]);

export const shopTemplateRowSchema = z.object({
  Kind: z.enum(PAGE_KINDS),
  /** A template id (home, goodsDetail) or a style name (userCenter, category); null when none exists yet. */
  Value: choice.nullable(),
  /** What the kind may use; `Name` is a template's name, or empty for styles (the screen names them). */
  Options: z.array(z.object({ Value: choice, Name: z.string() })),
});
export type ShopTemplateRow = z.infer<typeof shopTemplateRowSchema>;

export const getShopTemplateList = defineEndpoint({
  method: 'GET',
  path: '/DistributorsShopSet/GetShopTemplateList',
  permission: TEMPLATES_PERMISSION,
  input: z.strictObject({}),
  output: z.object({ Data: z.array(shopTemplateRowSchema) }),
});

export const setShopTemplate = defineEndpoint({
  method: 'POST',
  path: '/DistributorsShopSet/SetShopTemplate',
  permission: TEMPLATES_PERMISSION,
  input: z.discriminatedUnion('Kind', [
    z.strictObject({ Kind: z.literal('home'), TemplateId: id }),
    z.strictObject({ Kind: z.literal('goodsDetail'), TemplateId: id }),
    z.strictObject({ Kind: z.literal('userCenter'), Style: z.enum(USER_CENTER_HEADER_STYLES) }),
    z.strictObject({ Kind: z.literal('category'), Style: z.enum(CATEGORY_PAGE_STYLES) }),
  ]),
  output: z.object({}),
});
export type SetShopTemplateInput = z.infer<typeof setShopTemplate.input>;

/**
 * The category page as the shop's mini-program draws it, with the shop's X-Storefront-Key: the
 * layout chosen through SetShopTemplate and the shop's goods categories, each level in its sort
 * order, a parent before its children.
 */
export const getStorefrontCategoryPage = defineEndpoint({
  method: 'GET',
  path: '/storefront/GetCategoryPage',
  permission: 'public',
  input: z.strictObject({}),
  output: z.object({
    Style: z.enum(CATEGORY_PAGE_STYLES),
    Categories: z.array(
      z.object({
        Id: z.number().int(),
        ParentId: z.number().int().nullable(),
        Name: z.string(),
        Image: z.string(),
      }),
    ),
  }),
});

/**
 * The user centre as the shop's mini-program draws it, with the shop's X-Storefront-Key: the header
 * style chosen through SetShopTemplate (or the user-centre editor), its background and its visible
 * menu items in order.
 */
export const getStorefrontUserCenter = defineEndpoint({
  method: 'GET',
  path: '/storefront/GetUserCenter',
  permission: 'public',
  input: z.strictObject({}),
  output: userCenterSettingsSchema,
});
