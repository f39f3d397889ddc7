import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { type ListResource, queryDate, rangeProblems, sortParam } from '../list-query';
import { addressSchema, CARRIERS, ONLINE_PAYMENT_METHODS, REASON_MAX } from '../machines/order';
import {
  cancelExchangeForm,
  EXCHANGE_STATES,
  PointsPermission,
  shipExchangeForm,
} from '../machines/points-exchange';
import { POINTS_EXPIRY_RULES, POINTS_GOODS_KINDS } from '../points';
import { exportFormat, fen, id, queryId } from '../scalars';
import { jsapiPaymentSchema } from './payment';
import { buyerSchema } from './storefront';

/**
 * Exchange orders of the points mall (SPEC §2 exchangeOrderList, integralOrderDetails) and the
 * buyer's side of the mall under /storefront/ with the shop's key. An exchange takes the points and
 * the goods' stock in one guarded transaction; a cash part is paid like an order.
 */
const BASE = '/DistributorsShopMarketing';
const SHOP = '/storefront';

/** Exchange numbers start with this, so a payment notification finds the exchange rather than an order. */
export const EXCHANGE_NO_PREFIX = 'JF';
export const EXCHANGE_TABS = ['all', ...EXCHANGE_STATES] as const;
export const MAX_EXCHANGE_QUANTITY = 99;

const exchangeCore = {
  Id: z.number().int(),
  ExchangeNo: z.string(),
  State: z.enum(EXCHANGE_STATES),
  Kind: z.enum(POINTS_GOODS_KINDS),
  GoodsId: z.number().int(),
  Title: z.string(),
  Image: z.string(),
  Quantity: z.number().int(),
  Points: z.number().int(),
  CashFen: z.number().int(),
  CreatedAt: z.string(),
};

export const exchangeRowSchema = z.object({
  ...exchangeCore,
  MemberId: z.number().int(),
  MemberNo: z.string(),
  MemberName: z.string(),
  ReceiverName: z.string(),
  ReceiverPhone: z.string(),
  Carrier: z.enum(CARRIERS).nullable(),
  TrackingNo: z.string(),
  Version: z.number().int(),
});
export type ExchangeRow = z.infer<typeof exchangeRowSchema>;

const listFilterFields = {
  state: z.enum(EXCHANGE_TABS).default('all'),
  /** Exchange number, tracking number, member (name, number, mobile), receiver or goods contains it. */
  keyword: z.string().trim().max(64).optional(),
  kind: z.enum(POINTS_GOODS_KINDS).optional(),
  createdFrom: queryDate.optional(),
  createdTo: queryDate.optional(),
  sort: sortParam(['createdAt']).default('-createdAt'),
};

function refineList(value: Record<string, unknown>, context: z.RefinementCtx) {
  for (const problem of rangeProblems(value, [['createdFrom', 'createdTo']])) {
    context.addIssue({ code: 'custom', path: [problem.field], message: 'createdFrom after createdTo' });
  }
}

export const getExchangeList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetIntegralExchangeList`,
  permission: PointsPermission.exchanges,
  input: listQuerySchema.extend(listFilterFields).superRefine(refineList),
  output: pagedSchema(exchangeRowSchema).extend({
    Counts: z.object(Object.fromEntries(EXCHANGE_TABS.map((tab) => [tab, z.number().int()]))),
  }),
});

/** The list with the same filters as a file, oldest first; at most EXPORT_MAX_ROWS rows. */
export const exportExchangeList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/ExportIntegralExchangeList`,
  permission: PointsPermission.exchanges,
  input: z.strictObject({ ...listFilterFields, format: exportFormat }).superRefine(refineList),
  output: z.object({}),
  binary: true,
});

export const exchangeListResource: ListResource = {
  resource: 'exchanges',
  list: getExchangeList,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'kind', kind: 'select', params: ['kind'], options: POINTS_GOODS_KINDS },
    { name: 'created', kind: 'dateRange', params: ['createdFrom', 'createdTo'] },
  ],
  tabs: { param: 'state', values: EXCHANGE_TABS, default: 'all' },
  sortFields: ['createdAt'],
  defaultSort: '-createdAt',
  export: exportExchangeList,
};

export const EXCHANGE_EVENTS = [
  'create',
  'pay',
  'deliverTickets',
  'ship',
  'confirmReceipt',
  'autoConfirm',
  'withdraw',
  'expire',
  'cancel',
] as const;

export const exchangeDetailSchema = exchangeRowSchema.extend({
  MemberMobile: z.string(),
  ProductId: z.number().int().nullable(),
  UnitPoints: z.number().int(),
  UnitCashFen: z.number().int(),
  Address: addressSchema.nullable(),
  BuyerRemark: z.string(),
  PaymentMethod: z.enum(ONLINE_PAYMENT_METHODS).nullable(),
  TransactionNo: z.string(),
  CancelReason: z.string(),
  PayDueAt: z.string().nullable(),
  PaidAt: z.string().nullable(),
  ShippedAt: z.string().nullable(),
  CompletedAt: z.string().nullable(),
  CancelledAt: z.string().nullable(),
  /** A virtual good's tickets. */
  Tickets: z.array(z.object({ Code: z.string(), State: z.string(), ValidUntil: z.string() })),
  Log: z.array(
    z.object({
      Event: z.enum(EXCHANGE_EVENTS),
      Actor: z.enum(['buyer', 'operator', 'system']),
      ActorName: z.string(),
      /** Facts of the step by name: Points, CashFen, Quantity, Method, AmountFen, Tickets, Carrier, TrackingNo, Reason. */
      Detail: z.record(z.string(), z.union([z.string(), z.number()])),
      At: z.string(),
    }),
  ),
});
export type ExchangeDetail = z.infer<typeof exchangeDetailSchema>;

export const getExchangeInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetIntegralExchangeInfo`,
  permission: PointsPermission.exchangeDetails,
  input: z.strictObject({ id: queryId }),
  output: exchangeDetailSchema,
});

export const shipExchange = defineEndpoint({
  method: 'POST',
  path: `${BASE}/ShipIntegralExchange`,
  permission: PointsPermission.exchanges,
  input: shipExchangeForm.extend({ Id: id }),
  output: z.object({ Exchange: exchangeRowSchema }),
});

/** Cancels an exchange not shipped yet: the points, the stock and any cash paid go back. */
export const cancelExchange = defineEndpoint({
  method: 'POST',
  path: `${BASE}/CancelIntegralExchange`,
  permission: PointsPermission.exchanges,
  input: cancelExchangeForm.extend({ Id: id }),
  output: z.object({ Exchange: exchangeRowSchema }),
});

// ---------------------------------------------------------------------------------------------
// The buyer's side (storefront key)

const buyerId = z.string().trim().min(1).max(64);
const exchangeNo = z.string().trim().min(1).max(32);

export const storefrontPointsGoodsSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Image: z.string(),
  Kind: z.enum(POINTS_GOODS_KINDS),
  Points: z.number().int(),
  PriceFen: z.number().int(),
  Stock: z.number().int(),
  PerMemberLimit: z.number().int(),
  EndsAt: z.string().nullable(),
  Description: z.string(),
});

export const getStorefrontPointsGoodsList = defineEndpoint({
  method: 'GET',
  path: `${SHOP}/GetPointsGoodsList`,
  permission: 'public',
  input: listQuerySchema.omit({ sort: true }).extend({ kind: z.enum(POINTS_GOODS_KINDS).optional() }),
  output: pagedSchema(storefrontPointsGoodsSchema),
});

export const getStorefrontPointsGoods = defineEndpoint({
  method: 'GET',
  path: `${SHOP}/GetPointsGoods`,
  permission: 'public',
  input: z.strictObject({ id: queryId }),
  output: z.object({ Goods: storefrontPointsGoodsSchema }),
});

/** What the buyer holds and the rules: enough to show "use N points, ¥X off" before ordering. */
export const getPointsAccount = defineEndpoint({
  method: 'GET',
  path: `${SHOP}/GetPointsAccount`,
  permission: 'public',
  input: z.strictObject({ buyerId }),
  output: z.object({
    Points: z.number().int(),
    Expiring: z.object({ Points: z.number().int(), At: z.string() }).nullable(),
    Rules: z.object({
      DeductionEnabled: z.boolean(),
      DeductPointsPerYuan: z.number().int(),
      MaxDeductPercent: z.number().int(),
      MinOrderFen: z.number().int(),
      Expiry: z.enum(POINTS_EXPIRY_RULES),
      SignInPoints: z.number().int(),
    }),
  }),
});

export const storefrontExchangeSchema = z.object({
  ...exchangeCore,
  Carrier: z.enum(CARRIERS).nullable(),
  TrackingNo: z.string(),
  PayDueAt: z.string().nullable(),
  Tickets: z.array(z.object({ Code: z.string(), ValidUntil: z.string() })),
});

const exchangeOutput = z.object({ Exchange: storefrontExchangeSchema });

export const exchangePoints = defineEndpoint({
  method: 'POST',
  path: `${SHOP}/ExchangePoints`,
  permission: 'public',
  input: z.strictObject({
    Buyer: buyerSchema,
    GoodsId: id,
    Quantity: z.number().int().min(1).max(MAX_EXCHANGE_QUANTITY).default(1),
    /** Required for physical goods. */
    Address: addressSchema.optional(),
    Remark: z.string().trim().max(200).default(''),
  }),
  output: exchangeOutput,
});

/** Pays the cash part as an order is paid; WeChat Pay answers the JSAPI parameters and its notification pays it. */
export const payExchange = defineEndpoint({
  method: 'POST',
  path: `${SHOP}/PayExchange`,
  permission: 'public',
  input: z.strictObject({
    ExchangeNo: exchangeNo,
    BuyerId: buyerId,
    PaymentMethod: z.enum(ONLINE_PAYMENT_METHODS),
    /** Must equal the cash part. */
    AmountFen: fen,
    TransactionNo: z.string().trim().max(64).default(''),
  }),
  output: exchangeOutput.extend({ Payment: jsapiPaymentSchema.nullable() }),
});

/** Cancels an unpaid exchange; its points and stock go back. */
export const withdrawExchange = defineEndpoint({
  method: 'POST',
  path: `${SHOP}/CancelExchange`,
  permission: 'public',
  input: z.strictObject({
    ExchangeNo: exchangeNo,
    BuyerId: buyerId,
    Reason: z.string().trim().max(REASON_MAX).default(''),
  }),
  output: exchangeOutput,
});

export const confirmExchange = defineEndpoint({
  method: 'POST',
  path: `${SHOP}/ConfirmExchange`,
  permission: 'public',
  input: z.strictObject({ ExchangeNo: exchangeNo, BuyerId: buyerId }),
  output: exchangeOutput,
});

export const getMyExchanges = defineEndpoint({
  method: 'GET',
  path: `${SHOP}/GetMyExchanges`,
  permission: 'public',
  input: listQuerySchema.omit({ sort: true }).extend({ buyerId }),
  output: pagedSchema(storefrontExchangeSchema),
});
