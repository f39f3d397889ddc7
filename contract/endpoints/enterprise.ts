import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { queryId as id } from '../scalars';
import { USER_TEMPLATE_PERMISSION } from './module-library';

/**
 * Goods-detail templates: which sections the goods page shows, in what order, and its button texts.
 * A shop has one default; a template can be bound to goods categories or to single goods, and the
 * most specific binding wins (goods, then category, then the default).
 */

export const PRODUCT_SECTIONS = [
  'gallery',
  'price',
  'sku',
  'comments',
  'shop',
  'description',
  'recommended',
] as const;
export type ProductSection = (typeof PRODUCT_SECTIONS)[number];
export const MAX_PRODUCT_TEMPLATES = 20;
export const MAX_BOUND_CATEGORIES = 200;
export const MAX_BOUND_PRODUCTS = 500;

export const productSectionSchema = z.strictObject({
  Key: z.enum(PRODUCT_SECTIONS),
  Visible: z.boolean(),
});

/** Every section once, in display order; the server names a repeated or wrongly hidden one. */
export const productSectionsSchema = z.array(productSectionSchema).length(PRODUCT_SECTIONS.length);
/** The goods page cannot go without its pictures and price. */
export const REQUIRED_SECTIONS: readonly ProductSection[] = ['gallery', 'price'];

/** The first thing wrong with a section list: a section named twice, or a required one hidden. */
export function sectionsProblem(
  sections: readonly { Key: ProductSection; Visible: boolean }[],
): { kind: 'repeated' | 'required'; index: number; key: ProductSection } | null {
  const seen = new Set<ProductSection>();
  for (const [index, section] of sections.entries()) {
    if (seen.has(section.Key)) return { kind: 'repeated', index, key: section.Key };
    seen.add(section.Key);
    if (REQUIRED_SECTIONS.includes(section.Key) && !section.Visible)
      return { kind: 'required', index, key: section.Key };
  }
  return null;
}

export function defaultSections(): { Key: ProductSection; Visible: boolean }[] {
  return PRODUCT_SECTIONS.map((Key) => ({ Key, Visible: true }));
}

const layoutShape = {
  Name: z.string().trim().min(1).max(30),
  Sections: productSectionsSchema,
  BuyButtonText: z.string().trim().min(1).max(6),
  CartButtonText: z.string().trim().min(1).max(6),
};

export const productTemplateSchema = z.object({
  Id: z.number().int(),
  ...layoutShape,
  Sections: z.array(productSectionSchema),
  IsDefault: z.boolean(),
  Categories: z.array(z.object({ Id: z.number().int(), Name: z.string() })),
  Products: z.array(z.object({ Id: z.number().int(), Name: z.string() })),
  UpdatedAt: z.string(),
});
export type ProductTemplate = z.infer<typeof productTemplateSchema>;

export const getProductTemplateList = defineEndpoint({
  method: 'GET',
  path: '/Enterprise/GetProductTemplateList',
  permission: USER_TEMPLATE_PERMISSION,
  input: listQuerySchema.extend({ Name: z.string().trim().max(30).optional() }),
  output: pagedSchema(productTemplateSchema),
});

/** Adds a template (no Id) or changes one's name, sections and texts. The first one is the default. */
export const saveProductTemplate = defineEndpoint({
  method: 'POST',
  path: '/Enterprise/SaveProductTemplate',
  permission: USER_TEMPLATE_PERMISSION,
  input: z.strictObject({ Id: id.optional(), ...layoutShape }),
  output: z.object({ Id: z.number().int() }),
});

/** Deleting the default is refused; bound categories and goods fall back to the default. */
export const delProductTemplate = defineEndpoint({
  method: 'POST',
  path: '/Enterprise/DelProductTemplate',
  permission: USER_TEMPLATE_PERMISSION,
  input: z.strictObject({ Id: id }),
  output: z.object({}),
});

export const setProductTemplateDefault = defineEndpoint({
  method: 'POST',
  path: '/Enterprise/SetProductTemplateDefault',
  permission: USER_TEMPLATE_PERMISSION,
  input: z.strictObject({ Id: id }),
  output: z.object({}),
});

/** The goods categories that use this template: exactly these (a category moves from its old one). */
export const setProductTypeTemplate = defineEndpoint({
  method: 'POST',
  path: '/ModuleLibrary/SetProductTypeTemplate',
  permission: USER_TEMPLATE_PERMISSION,
  input: z.strictObject({ Id: id, CategoryIds: z.array(id).max(MAX_BOUND_CATEGORIES) }),
  output: z.object({}),
});

/** The single goods that use this template: exactly these (goods of this shop only). */
export const setProductTemplate = defineEndpoint({
  method: 'POST',
  path: '/ModuleLibrary/SetProductTemplate',
  permission: USER_TEMPLATE_PERMISSION,
  input: z.strictObject({ Id: id, ProductIds: z.array(id).max(MAX_BOUND_PRODUCTS) }),
  output: z.object({}),
});
