import { lotteryRoutes as drawRoutes } from './lottery-routes';
import { recordRoutes } from './record-routes';
import { storefrontLotteryRoutes } from './storefront-routes';

/** Every route of the lottery area: the draws and their prizes, the records, the buyer's side. */
export const lotteryRoutes = [...drawRoutes, ...recordRoutes, ...storefrontLotteryRoutes];
