import * as shopTemplatesApi from '../../../contract/endpoints/shop-templates';
import { defineRoute } from '../../http/route';
import './library-messages';
import { setShopTemplateOf, shopTemplates } from './page-templates';

/** /DistributorsShopSet/ templates: served here, beside the templates they choose between. */
export const pageTemplateRoutes = [
  defineRoute(shopTemplatesApi.getShopTemplateList, async ({ db, session }) => ({
    Data: await shopTemplates(db, session.siteId),
  })),
  defineRoute(shopTemplatesApi.setShopTemplate, async ({ input, db, session }) => {
    await db.transaction((tx) => setShopTemplateOf(tx, session, input));
    return {};
  }),
];
