import { readCouponCode } from '../../../contract/coupon-code';
import * as api from '../../../contract/endpoints/storefront-coupons';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { cartQuote } from '../order/service';
import { storefrontSite } from '../storefront/service';
import { memberVerifier, requireStore } from '../ticket/service';
import { claimableCoupons, claimCoupon, myCoupons } from './claims';
import { writeOffOfflineCode } from './offline-codes';
import { couponQuotes } from './service';
import './messages';

/** The buyer's coupon calls, with the shop's key (contract/endpoints/storefront-coupons.ts). */
export const couponStorefrontRoutes = [
  defineRoute(api.getClaimableCoupons, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    return { Data: await claimableCoupons(db, siteId, input.buyerId, new Date()) };
  }),

  defineRoute(api.claimCoupon, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    const Coupon = await db.transaction((tx) =>
      claimCoupon(tx, siteId, input.BuyerId, input.CouponId, new Date()),
    );
    return { Coupon };
  }),

  defineRoute(api.getMyCoupons, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    return { Data: await myCoupons(db, siteId, input.buyerId, input.state) };
  }),

  defineRoute(api.getBestCoupon, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    const Usable = await db.transaction(async (tx) => {
      const cart = await cartQuote({ tx, siteId }, input.BuyerId, input.Lines);
      return couponQuotes(tx, siteId, input.BuyerId, { ...cart, freightFen: input.FreightFen }, new Date());
    });
    return { Best: Usable[0] ?? null, Usable };
  }),

  defineRoute(api.storefrontWriteOffCoupon, async ({ db, request, input, locale }) => {
    const siteId = await storefrontSite(db, request);
    const code = readCouponCode(input.Code);
    if (!code) throw new AppError('coupon.code.invalid', {}, { field: 'Code' });
    return db.transaction(async (tx) => {
      const storeId = await requireStore(tx, siteId, input.StoreId, 'StoreId');
      const verifier = await memberVerifier(tx, siteId, storeId, input.VerifierId);
      const done = await writeOffOfflineCode(tx, siteId, code, storeId, verifier, new Date(), locale);
      return {
        WriteOffId: done.writeOffId,
        Code: done.code,
        Title: done.title,
        UsedAt: done.usedAt.toISOString(),
      };
    });
  }),
];
