import { signIn } from '../../../contract/endpoints/members';
import { getBuyerWallet } from '../../../contract/endpoints/wallet';
import { defineRoute } from '../../http/route';
import { storefrontSite } from '../storefront/service';
import './registrations';
import { readWallet, signInMember } from './service';

/** Buyers' wallets as operators see them (order details, recharge orders), and the buyer's sign-in. */
export const customerRoutes = [
  defineRoute(getBuyerWallet, async ({ db, session, input }) => ({
    Data: await readWallet(db, session.siteId, input.buyerId),
  })),

  defineRoute(signIn, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    return db.transaction((tx) => signInMember(tx, siteId, input, new Date()));
  }),
];
