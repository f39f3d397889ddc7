import { asc, eq } from 'drizzle-orm';
import * as shopTemplatesApi from '../../../contract/endpoints/shop-templates';
import type { ShopType } from '../../../contract/enums';
import { sites } from '../../db/schema';
import { defineRoute } from '../../http/route';
import { productCategories } from '../product/tables';
import { storefrontSite } from '../storefront/service';
import './library-messages';
import { categoryPageStyleOf, setShopTemplateOf, shopTemplates, userCenterOf } from './page-templates';
import { storefrontMenus } from './user-center';

/**
 * /DistributorsShopSet/ templates: served here, beside the templates they choose between, with the
 * storefront calls that draw the pages whose layout they choose.
 */
export const pageTemplateRoutes = [
  defineRoute(shopTemplatesApi.getShopTemplateList, async ({ db, session }) => ({
    Data: await shopTemplates(db, session.siteId),
  })),
  defineRoute(shopTemplatesApi.setShopTemplate, async ({ input, db, session }) => {
    await db.transaction((tx) => setShopTemplateOf(tx, session, input));
    return {};
  }),

  defineRoute(shopTemplatesApi.getStorefrontCategoryPage, async ({ db, request }) => {
    const siteId = await storefrontSite(db, request);
    const [style, rows] = await Promise.all([
      categoryPageStyleOf(db, siteId),
      db
        .select({
          id: productCategories.id,
          parentId: productCategories.parentId,
          name: productCategories.name,
          image: productCategories.image,
        })
        .from(productCategories)
        .where(eq(productCategories.siteId, siteId))
        .orderBy(asc(productCategories.sort), asc(productCategories.id)),
    ]);
    // Parents first, then each parent's children, every level in its sort order.
    const children = (parentId: number | null): typeof rows =>
      rows.filter((row) => row.parentId === parentId).flatMap((row) => [row, ...children(row.id)]);
    return {
      Style: style,
      Categories: children(null).map((row) => ({
        Id: row.id,
        ParentId: row.parentId,
        Name: row.name,
        Image: row.image,
      })),
    };
  }),

  defineRoute(shopTemplatesApi.getStorefrontUserCenter, async ({ db, request }) => {
    const siteId = await storefrontSite(db, request);
    const [settings, [site]] = await Promise.all([
      userCenterOf(db, siteId),
      db.select({ shopType: sites.shopType }).from(sites).where(eq(sites.id, siteId)),
    ]);
    return { ...settings, Menus: storefrontMenus(settings, site!.shopType as ShopType) };
  }),
];
