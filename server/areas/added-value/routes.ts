import { dataRoutes, dataStorefrontRoutes } from './data-routes';
import { purchaseRoutes } from './purchase-routes';
import { smsRoutes, smsStorefrontRoutes } from './sms-routes';

/** Every route of /addedValue and its storefront calls. */
export const addedValueRoutes = [
  ...smsRoutes,
  ...smsStorefrontRoutes,
  ...dataRoutes,
  ...dataStorefrontRoutes,
  ...purchaseRoutes,
];
