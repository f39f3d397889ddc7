import { exchangeRoutes } from './exchange-routes';
import { goodsRoutes } from './goods-routes';
import { inquiryRoutes } from './inquiry-routes';
import { storefrontPointsRoutes } from './storefront-routes';

/** Every route of the points area: rules and inquiry, points goods, exchange orders, the buyer's mall. */
export const pointsRoutes = [...inquiryRoutes, ...goodsRoutes, ...exchangeRoutes, ...storefrontPointsRoutes];
