import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import {
  addressSchema,
  CARRIERS,
  ONLINE_PAYMENT_METHODS,
  orderMachine,
  REASON_MAX,
  RECHARGE_KINDS,
  rechargeMachine,
  refundMachine,
} from '../machines/order';
import { FREIGHT_WAIVERS } from '../pricing';
import { fen, id } from '../scalars';
import { DATA_PACKAGE_CODE_PATTERN } from './data-recharge';
import { MAX_ORDER_LINES, orderLineInputSchema } from './orders';
import { jsapiPaymentSchema } from './payment';
import { walletSchema } from './wallet';

/**
 * The storefront service: what a shop's mini-program (through its own server) calls to place and
 * follow orders, under /api/storefront/. Every call carries the shop's key in the X-Storefront-Key
 * header (made on the order settings screen); the key decides the site. The routes are 'public' to
 * the session check and the key is checked inside, failing closed with HTTP 401.
 *
 * The buyer is identified by `Buyer.Id` / `BuyerId` (the mini-program's member or open id) as the
 * shop's server vouches for it; a buyer only reaches their own orders.
 *
 * Prices never come from the caller: lines name SKUs and quantities, the server prices them from
 * the database. `ExpectedTotalFen` (what the buyer was shown) and a payment's `AmountFen` must
 * match the server's total, so a tampered or stale price is refused rather than charged.
 */

export const STOREFRONT_KEY_HEADER = 'X-Storefront-Key';

const BASE = '/storefront';
const orderNo = z.string().trim().min(1).max(32);
const buyerId = z.string().trim().min(1).max(64);

export const buyerSchema = z.strictObject({
  Id: buyerId,
  Name: z.string().trim().min(1).max(30),
  Phone: z
    .string()
    .trim()
    .regex(/^1\d{10}$/),
});

/** A free-shipping activity as a buyer sees it named. */
const freeShippingActivitySchema = z.object({ Id: z.number().int(), Name: z.string() });

export const STOREFRONT_SOURCES = ['miniProgram', 'h5'] as const;
/** `virtual` for a cart of virtual goods only: no address, no freight, tickets at payment. */
export const STOREFRONT_DELIVERY_TYPES = ['express', 'sameCity', 'pickup', 'virtual'] as const;

export const createOrderSchema = z.strictObject({
  Buyer: buyerSchema,
  Source: z.enum(STOREFRONT_SOURCES).default('miniProgram'),
  DeliveryType: z.enum(STOREFRONT_DELIVERY_TYPES),
  /** Required for express and same-city delivery. */
  Address: addressSchema.optional(),
  /** Index into the shop's pickup points (pickup at store). */
  PickupPoint: z.number().int().min(0).optional(),
  Lines: z.array(orderLineInputSchema).min(1).max(MAX_ORDER_LINES),
  BuyerRemark: z.string().trim().max(200).default(''),
  /** Only when the shop has invoices on. */
  Invoice: z
    .strictObject({
      Title: z.string().trim().min(1).max(60),
      TaxNumber: z
        .string()
        .trim()
        .regex(/^[0-9A-Z]{15,20}$/)
        .or(z.literal(''))
        .default(''),
    })
    .optional(),
  /** The total the buyer was shown; refused when the server's total differs. */
  ExpectedTotalFen: fen.optional(),
  /**
   * The most points the buyer will pay with: the order takes as many as the shop's points rules
   * allow (rate, share of the goods, minimum order), never more than the buyer holds.
   */
  Points: z.number().int().min(0).max(100_000_000).optional(),
  /** One of the buyer's unused coupons (GetMyCoupons); refused when it cannot be used on this cart. */
  MemberCouponId: id.optional(),
  /** The live room the buyer ordered from; counted in that room's sales reports. */
  LiveRoomId: id.optional(),
});
export type CreateOrderInput = z.infer<typeof createOrderSchema>;

export const storefrontOrderSchema = z.object({
  OrderNo: z.string(),
  State: z.enum(orderMachine.states),
  RefundState: z.enum(refundMachine.states),
  DeliveryType: z.enum(STOREFRONT_DELIVERY_TYPES),
  Lines: z.array(
    z.object({
      SkuId: z.number().int(),
      Name: z.string(),
      SpecText: z.string(),
      Image: z.string(),
      UnitFen: z.number().int(),
      Quantity: z.number().int(),
      AmountFen: z.number().int(),
    }),
  ),
  GoodsFen: z.number().int(),
  FreightFen: z.number().int(),
  DiscountFen: z.number().int(),
  /** Points the order took, and what they paid (part of DiscountFen). */
  PointsUsed: z.number().int(),
  PointsFen: z.number().int(),
  /** The part of the discount the buyer's coupon took, and that copy (null: no coupon). */
  CouponFen: z.number().int(),
  MemberCouponId: z.number().int().nullable(),
  AdjustFen: z.number().int(),
  TotalFen: z.number().int(),
  PaidFen: z.number().int(),
  RefundedFen: z.number().int(),
  /** When the order closes if still unpaid. */
  PayDueAt: z.string().nullable(),
  /** Shown to the buyer for pickup at store, null otherwise. */
  PickupCode: z.string().nullable(),
  /** What waived the freight the rules asked for (FreightFen is what is left of it), null when nothing did. */
  FreightWaivedBy: z.enum(FREIGHT_WAIVERS).nullable(),
  /** The free-shipping activity that waived it. */
  FreeShippingActivity: freeShippingActivitySchema.nullable(),
  Shipments: z.array(z.object({ Carrier: z.enum(CARRIERS), TrackingNo: z.string(), ShippedAt: z.string() })),
  CreatedAt: z.string(),
});
export type StorefrontOrder = z.infer<typeof storefrontOrderSchema>;

const orderOutput = z.object({ Order: storefrontOrderSchema });

export const createOrder = defineEndpoint({
  method: 'POST',
  path: `${BASE}/CreateOrder`,
  permission: 'public',
  input: createOrderSchema,
  output: orderOutput,
});

export const getOrder = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetOrder`,
  permission: 'public',
  input: z.strictObject({ orderNo, buyerId }),
  output: orderOutput,
});

/**
 * The express freight of a cart to an address by the goods' freight templates, before it is placed,
 * with the free-shipping activity that covers the cart applied (with `BuyerId`, at the member's
 * grade prices, as CreateOrder counts them): `FreightFen` is what CreateOrder will charge unless a
 * member privilege or coupon waives it too. A template that does not deliver there refuses, naming
 * the goods and the region, as CreateOrder would.
 */
export const quoteExpressFreight = defineEndpoint({
  method: 'POST',
  path: `${BASE}/QuoteFreight`,
  permission: 'public',
  input: z.strictObject({
    Lines: z.array(orderLineInputSchema).min(1).max(MAX_ORDER_LINES),
    Address: addressSchema.pick({ Province: true, City: true }),
    BuyerId: buyerId.optional(),
  }),
  output: z.object({
    FreightFen: z.number().int(),
    /** What the freight templates ask for, before any waiver. */
    FreightRulesFen: z.number().int(),
    /** The free-shipping activity that waived all or part of it. */
    FreeShippingActivity: freeShippingActivitySchema.nullable(),
    /** One entry per freight template of the cart's goods. */
    Parts: z.array(
      z.object({
        TemplateId: z.number().int(),
        FreightFen: z.number().int(),
        /** The region rule that applied (1-based), null for the template's default rule. */
        Rule: z.number().int().nullable(),
        /** Its free-shipping condition was met. */
        Free: z.boolean(),
      }),
    ),
  }),
});

export const payOrderSchema = z.strictObject({
  OrderNo: orderNo,
  BuyerId: buyerId,
  PaymentMethod: z.enum(ONLINE_PAYMENT_METHODS),
  /** Must equal the order's total. */
  AmountFen: fen,
  /** The payment provider's transaction number. */
  TransactionNo: z.string().trim().max(64).default(''),
});

/**
 * With WeChat Pay configured, a `wechat` payment answers the JSAPI parameters for wx.requestPayment
 * in `Payment` and leaves the order to pay: WeChat Pay's signed notification pays it. Otherwise the
 * sandbox provider (or the wallet, for `balance`) pays it at once and `Payment` is null.
 */
export const payOrder = defineEndpoint({
  method: 'POST',
  path: `${BASE}/PayOrder`,
  permission: 'public',
  input: payOrderSchema,
  output: orderOutput.extend({ Payment: jsapiPaymentSchema.nullable() }),
});

export const cancelOrder = defineEndpoint({
  method: 'POST',
  path: `${BASE}/CancelOrder`,
  permission: 'public',
  input: z.strictObject({
    OrderNo: orderNo,
    BuyerId: buyerId,
    Reason: z.string().trim().max(REASON_MAX).default(''),
  }),
  output: orderOutput,
});

export const confirmReceipt = defineEndpoint({
  method: 'POST',
  path: `${BASE}/ConfirmReceipt`,
  permission: 'public',
  input: z.strictObject({ OrderNo: orderNo, BuyerId: buyerId }),
  output: orderOutput,
});

export const applyRefund = defineEndpoint({
  method: 'POST',
  path: `${BASE}/ApplyRefund`,
  permission: 'public',
  input: z.strictObject({
    OrderNo: orderNo,
    BuyerId: buyerId,
    /** At most what is paid and not refunded yet. */
    AmountFen: fen.min(1),
    Reason: z.string().trim().min(1).max(REASON_MAX),
  }),
  output: orderOutput,
});

// ---------------------------------------------------------------------------------------------
// Recharge orders

/** Stored value the buyer chooses to add, in fen (1 yuan to 50,000 yuan). */
export const STORED_VALUE_MIN_FEN = 100;
export const STORED_VALUE_MAX_FEN = 5_000_000;

export const createRechargeSchema = z.discriminatedUnion('Kind', [
  z.strictObject({
    Kind: z.literal('storedValue'),
    Buyer: buyerSchema,
    AmountFen: z.number().int().min(STORED_VALUE_MIN_FEN).max(STORED_VALUE_MAX_FEN),
  }),
  z.strictObject({
    Kind: z.literal('data'),
    Buyer: buyerSchema,
    /** A data package the shop offers (flowRecharge), on and in stock. */
    PackageCode: z.string().trim().regex(DATA_PACKAGE_CODE_PATTERN),
    /** The number to top up (may differ from the buyer's own). */
    Phone: z
      .string()
      .trim()
      .regex(/^1\d{10}$/),
  }),
]);

export const storefrontRechargeSchema = z.object({
  OrderNo: z.string(),
  Kind: z.enum(RECHARGE_KINDS),
  State: z.enum(rechargeMachine.states),
  AmountFen: z.number().int(),
  PackageCode: z.string(),
  Phone: z.string(),
  PayDueAt: z.string().nullable(),
  CreatedAt: z.string(),
});

export const createRechargeOrder = defineEndpoint({
  method: 'POST',
  path: `${BASE}/CreateRechargeOrder`,
  permission: 'public',
  input: createRechargeSchema,
  output: z.object({ Order: storefrontRechargeSchema }),
});

export const payRechargeOrder = defineEndpoint({
  method: 'POST',
  path: `${BASE}/PayRechargeOrder`,
  permission: 'public',
  input: payOrderSchema,
  output: z.object({ Order: storefrontRechargeSchema }),
});

// ---------------------------------------------------------------------------------------------
// The buyer's wallet

/** The buyer's stored value and points with their latest changes. */
export const getWallet = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetWallet`,
  permission: 'public',
  input: z.strictObject({ buyerId }),
  output: z.object({ Wallet: walletSchema }),
});
