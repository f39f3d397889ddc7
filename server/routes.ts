import { accountFeedbackRoutes } from './areas/account/routes';
import { commRoutes } from './areas/comm/routes';
import { customerRoutes } from './areas/customer/routes';
import { dashboardRoutes } from './areas/dashboard/routes';
import { demoRoutes } from './areas/demo/routes';
import { imageLibraryRoutes } from './areas/image-library/routes';
import { lookupRoutes } from './areas/module-library/lookup-routes';
import { moduleLibraryRoutes } from './areas/module-library/routes';
import { orderAreaRoutes } from './areas/order/routes';
import { posterRoutes } from './areas/poster/routes';
import { productAreaRoutes } from './areas/product/routes';
import { smartFormRoutes } from './areas/smart-form/routes';
import { storefrontRoutes } from './areas/storefront/routes';
import { userRoutes } from './areas/user/routes';
import type { RouteDefinition } from './http/route';

/** Every API route of every area. An area adds itself here with one line. */
export const allRoutes: RouteDefinition[] = [
  ...accountFeedbackRoutes,
  ...userRoutes,
  ...commRoutes,
  ...dashboardRoutes,
  ...demoRoutes,
  ...productAreaRoutes,
  ...moduleLibraryRoutes,
  ...imageLibraryRoutes,
  ...lookupRoutes,
  ...orderAreaRoutes,
  ...storefrontRoutes,
  ...customerRoutes,
  ...smartFormRoutes,
  ...posterRoutes,
];
