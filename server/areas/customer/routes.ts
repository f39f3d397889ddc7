import { getBuyerWallet } from '../../../contract/endpoints/wallet';
import { defineRoute } from '../../http/route';
import { readWallet } from './service';

/** Buyers' wallets as operators see them (order details, recharge orders). */
export const customerRoutes = [
  defineRoute(getBuyerWallet, async ({ db, session, input }) => ({
    Data: await readWallet(db, session.siteId, input.buyerId),
  })),
];
