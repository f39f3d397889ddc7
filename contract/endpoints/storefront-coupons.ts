import { z } from 'zod';
import { CLAIM_BLOCKERS, COUPON_CHANNELS, COUPON_KINDS, COUPON_SCOPES } from '../coupon-rules';
import { defineEndpoint } from '../endpoint';
import { MEMBER_COUPON_STATES } from '../machines/coupon';
import { fen, id } from '../scalars';
import { validitySchema } from './coupons';
import { MAX_ORDER_LINES, orderLineInputSchema } from './orders';
import { typedCode } from './tickets';

/**
 * The buyer's coupon calls, with the shop's key (see ./storefront.ts): the coupons on offer and
 * whether this buyer may claim each, claiming one, the buyer's copies, and the copy that saves the
 * most on a cart. A verifier member writes an offline code off as they do a ticket.
 */
const BASE = '/storefront';
const buyerId = z.string().trim().min(1).max(64);

export const claimableCouponSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Description: z.string(),
  Kind: z.enum(COUPON_KINDS),
  Value: z.number().int(),
  CapFen: z.number().int().nullable(),
  ThresholdFen: z.number().int(),
  Scope: z.enum(COUPON_SCOPES),
  Validity: validitySchema,
  EndsAt: z.string(),
  /** Copies left; null: unlimited. */
  Remaining: z.number().int().nullable(),
  /** Why this buyer cannot claim one now; null when they can. */
  Blocker: z.enum(CLAIM_BLOCKERS).nullable(),
});

export const getClaimableCoupons = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetClaimableCoupons`,
  permission: 'public',
  input: z.strictObject({ buyerId }),
  output: z.object({ Data: z.array(claimableCouponSchema) }),
});

export const myCouponSchema = z.object({
  Id: z.number().int(),
  CouponId: z.number().int(),
  Title: z.string(),
  Channel: z.enum(COUPON_CHANNELS),
  Kind: z.enum(COUPON_KINDS),
  Value: z.number().int(),
  CapFen: z.number().int().nullable(),
  ThresholdFen: z.number().int(),
  Scope: z.enum(COUPON_SCOPES),
  State: z.enum(MEMBER_COUPON_STATES),
  ValidFrom: z.string(),
  ValidUntil: z.string(),
  /** The order it is held by (unpaid) or was used in; '' for none. */
  OrderNo: z.string(),
});
export type MyCoupon = z.infer<typeof myCouponSchema>;

export const claimCoupon = defineEndpoint({
  method: 'POST',
  path: `${BASE}/ClaimCoupon`,
  permission: 'public',
  input: z.strictObject({ BuyerId: buyerId, CouponId: id }),
  output: z.object({ Coupon: myCouponSchema }),
});

export const getMyCoupons = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetMyCoupons`,
  permission: 'public',
  input: z.strictObject({ buyerId, state: z.enum(MEMBER_COUPON_STATES).optional() }),
  output: z.object({ Data: z.array(myCouponSchema) }),
});

export const couponQuoteSchema = z.object({
  MemberCouponId: z.number().int(),
  Title: z.string(),
  /** What it takes off the goods. */
  CouponFen: z.number().int(),
  /** Whether it waives the freight given. */
  FreightWaived: z.boolean(),
  /** The cart's total with it, the given freight included. */
  TotalFen: z.number().int(),
});

/**
 * The buyer's unused copies that apply to the cart, best first, priced as an order would be
 * (activity, grade and the coupon's scope and minimum). `FreightFen` is the freight the cart was
 * quoted, so a free-shipping copy is weighed by what it saves; the order recomputes it.
 */
export const getBestCoupon = defineEndpoint({
  method: 'POST',
  path: `${BASE}/GetBestCoupon`,
  permission: 'public',
  input: z.strictObject({
    BuyerId: buyerId,
    Lines: z.array(orderLineInputSchema).min(1).max(MAX_ORDER_LINES),
    FreightFen: fen.default(0),
  }),
  output: z.object({ Best: couponQuoteSchema.nullable(), Usable: z.array(couponQuoteSchema) }),
});

/** A verifier member writes an offline coupon code off at their store. */
export const storefrontWriteOffCoupon = defineEndpoint({
  method: 'POST',
  path: `${BASE}/WriteOffCoupon`,
  permission: 'public',
  input: z.strictObject({ VerifierId: buyerId, StoreId: id, Code: typedCode.max(40) }),
  output: z.object({
    WriteOffId: z.number().int(),
    Code: z.string(),
    Title: z.string(),
    UsedAt: z.string(),
  }),
});
