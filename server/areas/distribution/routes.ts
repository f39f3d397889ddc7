import { promoterRoutes } from './promoter-routes';
import { reportRoutes } from './report-routes';
import { settingRoutes } from './setting-routes';
import { storefrontDistributionRoutes } from './storefront-routes';
import { withdrawalRoutes } from './withdrawal-routes';

/** Every route of the distribution area: rules, promoters, the settlement report, withdrawals, the promoter's side. */
export const distributionRoutes = [
  ...settingRoutes,
  ...promoterRoutes,
  ...reportRoutes,
  ...withdrawalRoutes,
  ...storefrontDistributionRoutes,
];
