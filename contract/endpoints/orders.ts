import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { type FieldProblem, type ListResource, queryCount, queryDate, sortParam } from '../list-query';
import {
  addressSchema,
  approveRefundForm,
  CARRIERS,
  changeAddressForm,
  closeForm,
  DELIVERY_TYPES,
  modifyPriceForm,
  OFFLINE_PAYMENT_METHODS,
  ORDER_COMMANDS,
  ORDER_SOURCES,
  ORDER_TYPES,
  OrderPermission,
  orderMachine,
  PAYMENT_METHODS,
  payInStoreForm,
  RECHARGE_COMMANDS,
  RECHARGE_KINDS,
  REMARK_MAX,
  rechargeMachine,
  rechargeRefundForm,
  refundMachine,
  rejectRefundForm,
  remarkForm,
  SHIP_HOLDS,
  shipForm,
  verifyPickupForm,
  waybillMachine,
} from '../machines/order';
import { exportFormat, fen, id, queryId, version } from '../scalars';
import { orderCommissionSchema } from './commissions';

/**
 * The orders area, SPEC §7 base /DistributorsShopOrder/.
 *
 * Conventions as in the goods area: GET query parameters are lowerCamel, POST bodies and responses
 * PascalCase, money in integer fen, times as ISO strings. Records operators edit carry `Version`;
 * a stale one is refused with Errcode -1 and `Errors: [{ Field: 'Version' }]`.
 *
 * Orders arrive through the storefront service (contract/endpoints/storefront.ts). Their state
 * machine, the refund axis beside it and the forms of each action are in contract/machines/order.ts;
 * every operator command goes through BindOrderState and is refused with Errcode -1 in a state
 * where it is not legal.
 */

const BASE = '/DistributorsShopOrder';

const timestamp = z.string();
const nullableTimestamp = z.string().nullable();
const empty = z.strictObject({});
const isoDay = z.iso.date();

// ---------------------------------------------------------------------------------------------
// Order settings (parameterSetting)

const minutes = z
  .number()
  .int()
  .min(1)
  .max(7 * 24 * 60);

export const STOCK_DEDUCTIONS = ['creation', 'payment'] as const;
export const POINTS_GRANTS = ['payment', 'completion'] as const;
export const MAX_POINTS_PER_YUAN = 100;

export const parameterSettingSchema = z.strictObject({
  /** Minutes an unpaid order waits before it closes, per order type. */
  UnpaidCloseMinutes: z.strictObject({
    Normal: minutes,
    Seckill: minutes,
    GroupBuy: minutes,
    Bargain: minutes,
  }),
  /** Days after shipping before receipt is confirmed for the buyer. */
  AutoConfirmDays: z.number().int().min(1).max(30),
  /** Days after receipt during which the buyer may ask for a refund; then the order completes. */
  AfterSaleDays: z.number().int().min(0).max(60),
  /** Days after receipt before goods not reviewed get a default good review. */
  AutoGoodReviewDays: z.number().int().min(1).max(60),
  StockDeduction: z.enum(STOCK_DEDUCTIONS),
  PointsGrant: z.enum(POINTS_GRANTS),
  /** Points a paid yuan earns (floor of yuan × rate); 0 turns points off. */
  PointsPerYuan: z.number().int().min(0).max(MAX_POINTS_PER_YUAN),
  InvoiceEnabled: z.boolean(),
});
export type ParameterSetting = z.infer<typeof parameterSettingSchema>;

export const DEFAULT_PARAMETER_SETTING: ParameterSetting = {
  UnpaidCloseMinutes: { Normal: 30, Seckill: 5, GroupBuy: 15, Bargain: 15 },
  AutoConfirmDays: 7,
  AfterSaleDays: 7,
  AutoGoodReviewDays: 15,
  StockDeduction: 'creation',
  PointsGrant: 'completion',
  PointsPerYuan: 1,
  InvoiceEnabled: false,
};

/** A setting never saved has Version 0; saving it with Version 0 creates it. */
const settingVersion = z.number().int().min(0);

export const getParameterSetting = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetOrderParameterSetting`,
  permission: OrderPermission.parameterSetting,
  input: empty,
  output: z.object({ Data: parameterSettingSchema.extend({ Version: z.number().int() }) }),
});

export const setParameterSetting = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetOrderParameterSetting`,
  permission: OrderPermission.parameterSetting,
  input: parameterSettingSchema.extend({ Version: settingVersion }),
  output: z.object({ Version: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------
// Delivery settings (distributionSetting)

export const MAX_PICKUP_POINTS = 20;

export const pickupPointSchema = z.strictObject({
  Name: z.string().trim().min(1).max(30),
  Address: z.string().trim().min(1).max(64),
  Phone: z.string().trim().min(1).max(20),
  Hours: z.string().trim().max(30).default(''),
  /** The store that hands the goods over: pickup orders through this point are that store's orders. */
  StoreId: id.optional(),
});
export type PickupPoint = z.infer<typeof pickupPointSchema>;

export const deliverySettingSchema = z.strictObject({
  Express: z.strictObject({ Enabled: z.boolean() }),
  SameCity: z.strictObject({
    Enabled: z.boolean(),
    FeeFen: fen,
    /** Orders below this goods amount cannot use same-city delivery (0: no minimum). */
    MinOrderFen: fen,
    RangeKm: z.number().min(0.1).max(100),
    /** Where the shop's riders start; required while same-city delivery is on. */
    Latitude: z.number().min(-90).max(90).nullable(),
    Longitude: z.number().min(-180).max(180).nullable(),
  }),
  Pickup: z.strictObject({
    Enabled: z.boolean(),
    Points: z.array(pickupPointSchema).max(MAX_PICKUP_POINTS),
  }),
});
export type DeliverySetting = z.infer<typeof deliverySettingSchema>;

export const DEFAULT_DELIVERY_SETTING: DeliverySetting = {
  Express: { Enabled: true },
  SameCity: { Enabled: false, FeeFen: 500, MinOrderFen: 0, RangeKm: 5, Latitude: null, Longitude: null },
  Pickup: { Enabled: false, Points: [] },
};

/** Rules across fields of the delivery form (i18n keys `order.delivery.<rule>`). */
export function deliverySettingProblems(setting: DeliverySetting): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!setting.Express.Enabled && !setting.SameCity.Enabled && !setting.Pickup.Enabled) {
    problems.push({ field: 'Express.Enabled', key: 'order.delivery.noneEnabled' });
  }
  if (
    setting.SameCity.Enabled &&
    (setting.SameCity.Latitude === null || setting.SameCity.Longitude === null)
  ) {
    problems.push({ field: 'SameCity.Latitude', key: 'order.delivery.sameCityLocation' });
  }
  if (setting.Pickup.Enabled && setting.Pickup.Points.length === 0) {
    problems.push({ field: 'Pickup.Points', key: 'order.delivery.pickupPoints' });
  }
  return problems;
}

export const getDeliverySetting = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetDistributionSetting`,
  permission: OrderPermission.distributionSetting,
  input: empty,
  output: z.object({ Data: deliverySettingSchema.extend({ Version: z.number().int() }) }),
});

export const setDeliverySetting = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetDistributionSetting`,
  permission: OrderPermission.distributionSetting,
  input: deliverySettingSchema.extend({ Version: settingVersion }),
  output: z.object({ Version: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------
// Storefront keys: what a mini-program's server sends as X-Storefront-Key to place orders.

export const storefrontKeyRowSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  /** The first characters of the key, to recognise it; the key itself is shown only once. */
  Prefix: z.string(),
  CreatedAt: timestamp,
  LastUsedAt: nullableTimestamp,
  RevokedAt: nullableTimestamp,
});

export const getStorefrontKeys = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetStorefrontKeyList`,
  permission: OrderPermission.parameterSetting,
  input: empty,
  output: z.object({ Data: z.array(storefrontKeyRowSchema) }),
});

export const MAX_STOREFRONT_KEYS = 10;

export const addStorefrontKey = defineEndpoint({
  method: 'POST',
  path: `${BASE}/AddStorefrontKey`,
  permission: OrderPermission.parameterSetting,
  input: z.strictObject({ Name: z.string().trim().min(1).max(30) }),
  /** `Key` is returned this once; only its hash is kept. */
  output: z.object({ Id: z.number().int(), Key: z.string() }),
});

export const revokeStorefrontKey = defineEndpoint({
  method: 'POST',
  path: `${BASE}/RevokeStorefrontKey`,
  permission: OrderPermission.parameterSetting,
  input: z.strictObject({ Id: id }),
  output: z.object({}),
});

// ---------------------------------------------------------------------------------------------
// Order list (orderSupervise)

/** Status tabs; `completed` holds received orders too (their after-sale window may still be open). */
export const ORDER_TABS = ['all', 'toPay', 'toShip', 'shipped', 'completed', 'closed', 'refunding'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];
export const ORDER_SORT_FIELDS = ['createdAt', 'paidAt', 'total'] as const;
export const ORDER_DEFAULT_SORT = '-createdAt';

const searchText = z.string().trim().min(1).max(64).optional();

/** The filters of the order list; the export takes the same ones. */
export const orderFilterFields = {
  /** Order number, exact or its beginning. */
  orderNo: z.string().trim().min(1).max(32).optional(),
  /** Buyer name or buyer id contains it. */
  buyer: searchText,
  /** Buyer's or receiver's phone starts with it. */
  phone: z
    .string()
    .trim()
    .regex(/^[\d-]{3,20}$/)
    .optional(),
  /** A line's goods name contains it. */
  goods: searchText,
  type: z.enum(ORDER_TYPES).optional(),
  source: z.enum(ORDER_SOURCES).optional(),
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
  deliveryType: z.enum(DELIVERY_TYPES).optional(),
  createdFrom: queryDate.optional(),
  /** Inclusive: a day means up to its end. */
  createdTo: queryDate.optional(),
  paidFrom: queryDate.optional(),
  paidTo: queryDate.optional(),
  /** Amount payable, in fen. */
  amountMin: queryCount.optional(),
  amountMax: queryCount.optional(),
  /** Orders of one store (pickup point's store, walk-in counter). */
  storeId: queryId.optional(),
  tab: z.enum(ORDER_TABS).default('all'),
  sort: sortParam(ORDER_SORT_FIELDS).default(ORDER_DEFAULT_SORT),
};

export const ORDER_FILTER_RANGES = [
  ['createdFrom', 'createdTo'],
  ['paidFrom', 'paidTo'],
  ['amountMin', 'amountMax'],
] as const;

export const orderListQuerySchema = listQuerySchema.extend(orderFilterFields);
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

const orderState = z.enum(orderMachine.states);
const refundState = z.enum(refundMachine.states);

export const orderRowSchema = z.object({
  Id: z.number().int(),
  OrderNo: z.string(),
  Type: z.enum(ORDER_TYPES),
  Source: z.enum(ORDER_SOURCES),
  State: orderState,
  RefundState: refundState,
  DeliveryType: z.enum(DELIVERY_TYPES),
  BuyerId: z.string(),
  BuyerName: z.string(),
  BuyerPhone: z.string(),
  ReceiverName: z.string(),
  ReceiverPhone: z.string(),
  /** First line's goods name; `ItemCount` says how many units the order holds. */
  GoodsName: z.string(),
  Image: z.string(),
  LineCount: z.number().int(),
  ItemCount: z.number().int(),
  TotalFen: z.number().int(),
  PaidFen: z.number().int(),
  RefundedFen: z.number().int(),
  PaymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  SellerRemark: z.string(),
  CreatedAt: timestamp,
  PaidAt: nullableTimestamp,
  Version: z.number().int(),
  /** Why the paid order may not ship yet (its group-buy team is forming); null when nothing holds it. */
  ShipHold: z.enum(SHIP_HOLDS).nullable(),
});
export type OrderRow = z.infer<typeof orderRowSchema>;

export const orderCountsSchema = z.object(
  Object.fromEntries(ORDER_TABS.map((tab) => [tab, z.number().int()])) as Record<OrderTab, z.ZodNumber>,
);

/** A store account's scope: the store whose orders it sees; `StoreId` null when none is linked (it sees none). */
export const orderStoreScopeSchema = z.object({ StoreId: z.number().int().nullable(), Title: z.string() });
export type OrderStoreScope = z.infer<typeof orderStoreScopeSchema>;

export const getOrderList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetOrderList`,
  permission: OrderPermission.supervise,
  input: orderListQuerySchema,
  output: pagedSchema(orderRowSchema).extend({
    /** Rows per tab for the same filters (the tab itself aside). */
    Counts: orderCountsSchema,
    /** Null for accounts that see every order of the site. */
    StoreScope: orderStoreScopeSchema.nullable(),
  }),
});

/** The site's stores (not deleted) an order, a pickup point or the list's store filter may name. */
export const getOrderStores = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetOrderStoreList`,
  permission: 'session',
  input: empty,
  output: z.object({ Data: z.array(z.object({ Id: z.number().int(), Title: z.string() })) }),
});

export const exportOrderList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/ExportOrderList`,
  permission: OrderPermission.supervise,
  input: z.strictObject({ ...orderFilterFields, format: exportFormat }),
  output: z.object({}),
  binary: true,
});

export const orderListResource: ListResource = {
  resource: 'orders',
  list: getOrderList,
  filters: [
    { name: 'orderNo', kind: 'text', params: ['orderNo'] },
    { name: 'buyer', kind: 'text', params: ['buyer'] },
    { name: 'phone', kind: 'text', params: ['phone'] },
    { name: 'goods', kind: 'text', params: ['goods'] },
    { name: 'type', kind: 'select', params: ['type'], enumType: 'orderType' },
    { name: 'source', kind: 'select', params: ['source'], enumType: 'orderSource' },
    { name: 'paymentMethod', kind: 'select', params: ['paymentMethod'], enumType: 'paymentMethod' },
    { name: 'deliveryType', kind: 'select', params: ['deliveryType'], enumType: 'deliveryType' },
    { name: 'created', kind: 'dateRange', params: ['createdFrom', 'createdTo'] },
    { name: 'paid', kind: 'dateRange', params: ['paidFrom', 'paidTo'] },
    { name: 'amount', kind: 'moneyRange', params: ['amountMin', 'amountMax'] },
    // Options are the site's stores (GetOrderStoreList).
    { name: 'store', kind: 'select', params: ['storeId'] },
  ],
  tabs: { param: 'tab', values: ORDER_TABS, default: 'all', enumType: orderMachine.id },
  sortFields: ORDER_SORT_FIELDS,
  defaultSort: ORDER_DEFAULT_SORT,
  export: exportOrderList,
};

// ---------------------------------------------------------------------------------------------
// One order (orderDetails)

export const orderLineSchema = z.object({
  Id: z.number().int(),
  ProductId: z.number().int(),
  SkuId: z.number().int(),
  /** Snapshots taken when the order was placed. */
  Name: z.string(),
  SpecText: z.string(),
  Image: z.string(),
  SkuCode: z.string(),
  UnitFen: z.number().int(),
  Quantity: z.number().int(),
  AmountFen: z.number().int(),
  /** The parcel it left in; null while not shipped. */
  ShipmentId: z.number().int().nullable(),
});

export const shipmentSchema = z.object({
  Id: z.number().int(),
  Carrier: z.enum(CARRIERS),
  TrackingNo: z.string(),
  ShippedAt: timestamp,
  LineIds: z.array(z.number().int()),
});

export const refundRowSchema = z.object({
  Id: z.number().int(),
  State: refundState,
  RequestedFen: z.number().int(),
  /** The amount approved (what is or will be paid back). */
  AmountFen: z.number().int(),
  Reason: z.string(),
  Reply: z.string(),
  RequestedAt: timestamp,
  DecidedAt: nullableTimestamp,
  RefundedAt: nullableTimestamp,
});

export const ORDER_LOG_ACTORS = ['buyer', 'operator', 'system'] as const;

export const timelineEntrySchema = z.object({
  Action: z.string(),
  FromState: z.string().nullable(),
  ToState: z.string().nullable(),
  Actor: z.enum(ORDER_LOG_ACTORS),
  ActorName: z.string(),
  /** Action-specific facts (reason, amounts, tracking number…). */
  Detail: z.record(z.string(), z.unknown()),
  At: timestamp,
});

export const orderDetailSchema = orderRowSchema.extend({
  Address: addressSchema.nullable(),
  PickupPoint: pickupPointSchema.nullable(),
  Lines: z.array(orderLineSchema),
  GoodsFen: z.number().int(),
  FreightFen: z.number().int(),
  DiscountFen: z.number().int(),
  /** The buyer's coupon the discount includes; `Returned` once a close or refund gave it back. */
  Coupon: z
    .object({
      MemberCouponId: z.number().int(),
      Title: z.string(),
      DiscountFen: z.number().int(),
      Returned: z.boolean(),
    })
    .nullable(),
  AdjustFen: z.number().int(),
  TransactionNo: z.string(),
  BuyerRemark: z.string(),
  CloseReason: z.string(),
  Invoice: z.object({ Title: z.string(), TaxNumber: z.string() }).nullable(),
  PayDueAt: nullableTimestamp,
  ShippedAt: nullableTimestamp,
  ReceivedAt: nullableTimestamp,
  CompletedAt: nullableTimestamp,
  ClosedAt: nullableTimestamp,
  Shipments: z.array(shipmentSchema),
  Refunds: z.array(refundRowSchema),
  Timeline: z.array(timelineEntrySchema),
  /** Commands the caller may take now (contract/machines/order.ts orderCommands). */
  Commands: z.array(z.enum(ORDER_COMMANDS)),
  /** What the order earned its promoters, line by line and level; null when it earned none. */
  Commission: orderCommissionSchema.nullable(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const getOrderInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetOrderInfo`,
  permission: OrderPermission.details,
  input: z.strictObject({ id: queryId }),
  output: orderDetailSchema,
});

const commandBase = { Id: id, Version: version };

/** One call for every operator command, told apart by `Action` (the machine's action names). */
export const orderCommandSchema = z.discriminatedUnion('Action', [
  z.strictObject({ Action: z.literal('modifyPrice'), ...commandBase, ...modifyPriceForm.shape }),
  z.strictObject({ Action: z.literal('changeAddress'), ...commandBase, ...changeAddressForm.shape }),
  z.strictObject({ Action: z.literal('remark'), ...commandBase, ...remarkForm.shape }),
  z.strictObject({ Action: z.literal('ship'), ...commandBase, ...shipForm.shape }),
  z.strictObject({ Action: z.literal('close'), ...commandBase, ...closeForm.shape }),
  z.strictObject({ Action: z.literal('verifyPickup'), ...commandBase, ...verifyPickupForm.shape }),
  z.strictObject({ Action: z.literal('approveRefund'), ...commandBase, ...approveRefundForm.shape }),
  z.strictObject({ Action: z.literal('rejectRefund'), ...commandBase, ...rejectRefundForm.shape }),
  z.strictObject({ Action: z.literal('markRefunded'), ...commandBase }),
]);
export type OrderCommandInput = z.infer<typeof orderCommandSchema>;

export const orderCommandResultSchema = z.object({
  Id: z.number().int(),
  Version: z.number().int(),
  State: orderState,
  RefundState: refundState,
});

export const bindOrderState = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindOrderState`,
  permission: OrderPermission.supervise,
  input: orderCommandSchema,
  output: orderCommandResultSchema,
});

// ---------------------------------------------------------------------------------------------
// Bulk shipping from a spreadsheet

export const SHIP_IMPORT_MAX_ROWS = 1000;

export const shipImportRowSchema = z.object({
  /** Spreadsheet row number (the header is row 1). */
  Row: z.number().int(),
  OrderNo: z.string(),
  TrackingNo: z.string(),
  Ok: z.boolean(),
  /** Why the row was not shipped ('' when it was). */
  Message: z.string(),
});

export const importShipments = defineEndpoint({
  method: 'POST',
  path: `${BASE}/ImportShipments`,
  permission: OrderPermission.supervise,
  /**
   * Multipart: an .xlsx in the field `file` whose first sheet has a header row, then order number
   * and tracking number in the first two columns and optionally a carrier code in the third. The
   * text field `Carrier` is the carrier of rows that name none.
   */
  input: z.strictObject({ Carrier: z.enum(CARRIERS).optional() }),
  output: z.object({
    Total: z.number().int(),
    Shipped: z.number().int(),
    Failed: z.number().int(),
    Rows: z.array(shipImportRowSchema),
  }),
});

export const getShipImportTemplate = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetShipImportTemplate`,
  permission: OrderPermission.supervise,
  input: empty,
  output: z.object({}),
  binary: true,
});

// ---------------------------------------------------------------------------------------------
// Offline orders (underLineOrder)

export const MAX_ORDER_LINES = 50;
export const MAX_LINE_QUANTITY = 999;

export const orderLineInputSchema = z.strictObject({
  SkuId: id,
  Quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
});

export const offlineOrderFormSchema = z.strictObject({
  Buyer: z
    .strictObject({
      Name: z.string().trim().max(30).default(''),
      Phone: z
        .string()
        .trim()
        .regex(/^(1\d{10})?$/)
        .default(''),
    })
    .default({ Name: '', Phone: '' }),
  Lines: z.array(orderLineInputSchema).min(1).max(MAX_ORDER_LINES),
  /** Taken off the goods amount; cannot exceed it. */
  DiscountFen: fen.default(0),
  /** Given: the customer paid at the counter and the order is completed at once. */
  PaymentMethod: z.enum(OFFLINE_PAYMENT_METHODS).optional(),
  Remark: z.string().trim().max(REMARK_MAX).default(''),
  /** The counter's store; a store account's walk-in orders are its store's whatever is sent. */
  StoreId: id.optional(),
});

export const addOfflineOrder = defineEndpoint({
  method: 'POST',
  path: `${BASE}/AddUnderLineOrder`,
  permission: OrderPermission.offline,
  input: offlineOrderFormSchema,
  output: z.object({
    Id: z.number().int(),
    OrderNo: z.string(),
    State: orderState,
    TotalFen: z.number().int(),
    Version: z.number().int(),
  }),
});

export const OFFLINE_TABS = ['all', 'toPay', 'completed', 'closed'] as const;

export const offlineListQuerySchema = listQuerySchema.extend({
  /** Order number or buyer phone. */
  keyword: z.string().trim().min(1).max(32).optional(),
  paymentMethod: z.enum(OFFLINE_PAYMENT_METHODS).optional(),
  createdFrom: queryDate.optional(),
  createdTo: queryDate.optional(),
  tab: z.enum(OFFLINE_TABS).default('all'),
  sort: sortParam(ORDER_SORT_FIELDS).default(ORDER_DEFAULT_SORT),
});

export const getOfflineOrders = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetUnderLineOrderList`,
  permission: OrderPermission.offline,
  input: offlineListQuerySchema,
  output: pagedSchema(orderRowSchema).extend({
    Counts: z.object(
      Object.fromEntries(OFFLINE_TABS.map((tab) => [tab, z.number().int()])) as Record<
        (typeof OFFLINE_TABS)[number],
        z.ZodNumber
      >,
    ),
  }),
});

export const offlineListResource: ListResource = {
  resource: 'offlineOrders',
  list: getOfflineOrders,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    {
      name: 'paymentMethod',
      kind: 'select',
      params: ['paymentMethod'],
      options: OFFLINE_PAYMENT_METHODS,
      enumType: 'paymentMethod',
    },
    { name: 'created', kind: 'dateRange', params: ['createdFrom', 'createdTo'] },
  ],
  tabs: { param: 'tab', values: OFFLINE_TABS, default: 'all', enumType: orderMachine.id },
  sortFields: ORDER_SORT_FIELDS,
  defaultSort: ORDER_DEFAULT_SORT,
};

export const bindOfflineOrderState = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindUnderLineOrderState`,
  permission: OrderPermission.offline,
  input: z.discriminatedUnion('Action', [
    z.strictObject({ Action: z.literal('payInStore'), ...commandBase, ...payInStoreForm.shape }),
    z.strictObject({ Action: z.literal('close'), ...commandBase, ...closeForm.shape }),
  ]),
  output: orderCommandResultSchema,
});

export const counterSkuSchema = z.object({
  SkuId: z.number().int(),
  ProductId: z.number().int(),
  Name: z.string(),
  SpecText: z.string(),
  Image: z.string(),
  Code: z.string(),
  PriceFen: z.number().int(),
  Stock: z.number().int(),
});

/** SKUs of goods on the shelf, to pick for a walk-in order. */
export const getCounterSkus = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetUnderLineSkuList`,
  permission: OrderPermission.offline,
  input: listQuerySchema.extend({ keyword: z.string().trim().min(1).max(64).optional() }),
  output: pagedSchema(counterSkuSchema),
});

// ---------------------------------------------------------------------------------------------
// Recharge orders (rechargeOrder)

export const RECHARGE_TABS = ['all', ...rechargeMachine.states] as const;

export const rechargeListQuerySchema = listQuerySchema.extend({
  /** Order number, buyer name or phone. */
  keyword: z.string().trim().min(1).max(32).optional(),
  kind: z.enum(RECHARGE_KINDS).optional(),
  createdFrom: queryDate.optional(),
  createdTo: queryDate.optional(),
  tab: z.enum(RECHARGE_TABS).default('all'),
  sort: sortParam(['createdAt', 'amount'] as const).default('-createdAt'),
});

export const rechargeRowSchema = z.object({
  Id: z.number().int(),
  OrderNo: z.string(),
  Kind: z.enum(RECHARGE_KINDS),
  State: z.enum(rechargeMachine.states),
  BuyerId: z.string(),
  BuyerName: z.string(),
  Phone: z.string(),
  /** Data package code and name (data top-ups), '' for stored value. */
  PackageCode: z.string(),
  PackageName: z.string(),
  AmountFen: z.number().int(),
  PaymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  RefundReason: z.string(),
  CreatedAt: timestamp,
  PaidAt: nullableTimestamp,
  CompletedAt: nullableTimestamp,
  RefundedAt: nullableTimestamp,
  ClosedAt: nullableTimestamp,
  Version: z.number().int(),
  Commands: z.array(z.enum(RECHARGE_COMMANDS)),
});

export const getRechargeOrders = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetRechargeOrderList`,
  permission: OrderPermission.recharge,
  input: rechargeListQuerySchema,
  output: pagedSchema(rechargeRowSchema).extend({
    Counts: z.object(
      Object.fromEntries(RECHARGE_TABS.map((tab) => [tab, z.number().int()])) as Record<
        (typeof RECHARGE_TABS)[number],
        z.ZodNumber
      >,
    ),
  }),
});

export const rechargeListResource: ListResource = {
  resource: 'rechargeOrders',
  list: getRechargeOrders,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'kind', kind: 'select', params: ['kind'], options: RECHARGE_KINDS },
    { name: 'created', kind: 'dateRange', params: ['createdFrom', 'createdTo'] },
  ],
  tabs: { param: 'tab', values: RECHARGE_TABS, default: 'all', enumType: rechargeMachine.id },
  sortFields: ['createdAt', 'amount'],
  defaultSort: '-createdAt',
};

export const bindRechargeOrderState = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindRechargeOrderState`,
  permission: OrderPermission.recharge,
  input: z.discriminatedUnion('Action', [
    z.strictObject({ Action: z.literal('close'), ...commandBase }),
    z.strictObject({ Action: z.literal('fulfil'), ...commandBase }),
    z.strictObject({ Action: z.literal('refund'), ...commandBase, ...rechargeRefundForm.shape }),
  ]),
  output: z.object({
    Id: z.number().int(),
    Version: z.number().int(),
    State: z.enum(rechargeMachine.states),
  }),
});

// ---------------------------------------------------------------------------------------------
// Reports (salesReport, salesVolumeReport)

export const REPORT_GRANULARITIES = ['day', 'week', 'month'] as const;
/** Longest report range in days. */
export const REPORT_MAX_DAYS = 366;

const reportRange = {
  /** Both ends inclusive, China business days. */
  startDate: isoDay,
  endDate: isoDay,
};

export const salesReportQuerySchema = z.strictObject({
  ...reportRange,
  granularity: z.enum(REPORT_GRANULARITIES).default('day'),
});

export const salesFiguresSchema = z.object({
  /** Orders placed in the period. */
  CreatedOrders: z.number().int(),
  /** Orders paid in the period. */
  PaidOrders: z.number().int(),
  PayingBuyers: z.number().int(),
  /** Paid amounts of the orders paid in the period. */
  SalesFen: z.number().int(),
  /** Money paid back in the period. */
  RefundFen: z.number().int(),
  /** Sales over paid orders, rounded to the fen (0 when there were none). */
  AverageOrderFen: z.number().int(),
});

export const salesPeriodSchema = salesFiguresSchema.extend({
  /** First day of the period (weeks start on Monday, months on the 1st), clipped to the range. */
  Period: isoDay,
});

export const getSalesReport = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetSalesReport`,
  permission: OrderPermission.salesReport,
  input: salesReportQuerySchema,
  output: z.object({ Data: z.array(salesPeriodSchema), Totals: salesFiguresSchema }),
});

export const exportSalesReport = defineEndpoint({
  method: 'GET',
  path: `${BASE}/ExportSalesReport`,
  permission: OrderPermission.salesReport,
  input: salesReportQuerySchema.extend({ format: exportFormat }),
  output: z.object({}),
  binary: true,
});

export const VOLUME_GROUPS = ['goods', 'category'] as const;
export const VOLUME_SORT_FIELDS = ['quantity', 'sales'] as const;

export const volumeReportQuerySchema = listQuerySchema.extend({
  ...reportRange,
  by: z.enum(VOLUME_GROUPS).default('goods'),
  sort: sortParam(VOLUME_SORT_FIELDS).default('-quantity'),
});

export const volumeRowSchema = z.object({
  /** 1 for the best seller by the chosen sort. */
  Rank: z.number().int(),
  /** Goods id or category id; null for goods without a category. */
  Id: z.number().int().nullable(),
  Name: z.string(),
  Quantity: z.number().int(),
  SalesFen: z.number().int(),
  Orders: z.number().int(),
});

export type VolumeRow = z.infer<typeof volumeRowSchema>;

export const getVolumeReport = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetSalesVolumeReport`,
  permission: OrderPermission.volumeReport,
  input: volumeReportQuerySchema,
  output: pagedSchema(volumeRowSchema).extend({
    Totals: z.object({ Quantity: z.number().int(), SalesFen: z.number().int() }),
  }),
});

export const exportVolumeReport = defineEndpoint({
  method: 'GET',
  path: `${BASE}/ExportSalesVolumeReport`,
  permission: OrderPermission.volumeReport,
  input: z.strictObject({
    ...reportRange,
    by: z.enum(VOLUME_GROUPS).default('goods'),
    sort: sortParam(VOLUME_SORT_FIELDS).default('-quantity'),
    format: exportFormat,
  }),
  output: z.object({}),
  binary: true,
});

// ---------------------------------------------------------------------------------------------
// Face sheets: carrier accounts (faceConfig, editFaceConfig)

export const PAPER_SIZES = ['100x180', '76x130'] as const;
export const WAYBILL_PROVIDERS = ['none', 'kuaidi100'] as const;
/** Carriers a face sheet can be printed for (the shop's own rider has none). */
export const WAYBILL_CARRIERS = CARRIERS.filter((carrier) => carrier !== 'self') as [
  Exclude<(typeof CARRIERS)[number], 'self'>,
  ...Exclude<(typeof CARRIERS)[number], 'self'>[],
];

const secretText = z.string().trim().max(128);

export const senderSchema = z.strictObject({
  Name: z.string().trim().min(1).max(30),
  Phone: z.string().trim().min(5).max(20),
  Province: z.string().trim().min(1).max(30),
  City: z.string().trim().min(1).max(30),
  District: z.string().trim().max(30).default(''),
  Detail: z.string().trim().min(1).max(64),
});

/**
 * Kuaidi100 electronic-waybill account. `Secret`, `PartnerKey` and `PartnerSecret` are write-only:
 * answers say whether they are set; saving without them keeps the stored ones.
 */
export const kuaidi100FormSchema = z.strictObject({
  Key: z.string().trim().min(1).max(64),
  Secret: secretText.optional(),
  PartnerId: z.string().trim().min(1).max(64),
  PartnerKey: secretText.optional(),
  PartnerSecret: secretText.optional(),
  PartnerName: z.string().trim().max(64).default(''),
  Net: z.string().trim().max(64).default(''),
  Code: z.string().trim().max(64).default(''),
  TempId: z.string().trim().max(64).default(''),
  ExpType: z.string().trim().max(30).default(''),
});

export const faceConfigFormSchema = z.strictObject({
  Id: id.optional(),
  Version: version.optional(),
  Name: z.string().trim().min(1).max(30),
  Carrier: z.enum(WAYBILL_CARRIERS),
  Paper: z.enum(PAPER_SIZES),
  Sender: senderSchema,
  IsDefault: z.boolean().default(false),
  Provider: z.enum(WAYBILL_PROVIDERS).default('none'),
  Kuaidi100: kuaidi100FormSchema.optional(),
});
export type FaceConfigForm = z.infer<typeof faceConfigFormSchema>;

export const faceConfigRowSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Carrier: z.enum(WAYBILL_CARRIERS),
  Paper: z.enum(PAPER_SIZES),
  SenderName: z.string(),
  SenderPhone: z.string(),
  SenderAddress: z.string(),
  IsDefault: z.boolean(),
  Provider: z.enum(WAYBILL_PROVIDERS),
  Version: z.number().int(),
});

export const getFaceConfigs = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetFaceConfigList`,
  permission: OrderPermission.faceConfig,
  input: empty,
  output: z.object({ Data: z.array(faceConfigRowSchema) }),
});

export const faceConfigDetailSchema = faceConfigRowSchema.extend({
  Sender: senderSchema,
  Kuaidi100: z
    .object({
      Key: z.string(),
      PartnerId: z.string(),
      PartnerName: z.string(),
      Net: z.string(),
      Code: z.string(),
      TempId: z.string(),
      ExpType: z.string(),
      HasSecret: z.boolean(),
      HasPartnerKey: z.boolean(),
      HasPartnerSecret: z.boolean(),
    })
    .nullable(),
});

export const getFaceConfigInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetFaceConfigInfo`,
  permission: OrderPermission.editFaceConfig,
  input: z.strictObject({ id: queryId }),
  output: faceConfigDetailSchema,
});

export const saveFaceConfig = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetFaceConfig`,
  permission: OrderPermission.editFaceConfig,
  input: faceConfigFormSchema,
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

export const deleteFaceConfig = defineEndpoint({
  method: 'POST',
  path: `${BASE}/DelFaceConfig`,
  permission: OrderPermission.faceConfig,
  input: z.strictObject({ Id: id, Version: version }),
  output: z.object({}),
});

export const setDefaultFaceConfig = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetFaceConfigDefault`,
  permission: OrderPermission.faceConfig,
  input: z.strictObject({ Id: id }),
  output: z.object({}),
});

// ---------------------------------------------------------------------------------------------
// Face sheets: printing (facePrinting) and printed waybills (faceSupervise)

export const MAX_PRINT_BATCH = 100;

/**
 * The face-printing screen's own lookups, under its own permission: orders waiting to ship by
 * express (the only ones a face sheet is printed for) and the carrier accounts to print with. An
 * account granted face printing alone may print without seeing the whole order list or the
 * carrier accounts' settings.
 */
export const facePrintOrderQuerySchema = listQuerySchema.extend({
  orderNo: orderFilterFields.orderNo,
  buyer: orderFilterFields.buyer,
  paidFrom: orderFilterFields.paidFrom,
  paidTo: orderFilterFields.paidTo,
  sort: sortParam(ORDER_SORT_FIELDS).default('paidAt'),
});

export const getFacePrintOrders = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetFacePrintOrderList`,
  permission: OrderPermission.facePrinting,
  input: facePrintOrderQuerySchema,
  output: pagedSchema(orderRowSchema),
});

export const getFacePrintConfigs = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetFacePrintConfigList`,
  permission: OrderPermission.facePrinting,
  input: empty,
  output: z.object({ Data: z.array(faceConfigRowSchema) }),
});

const partySchema = z.object({ Name: z.string(), Phone: z.string(), Address: z.string() });

/** Everything a printed face sheet shows. */
export const faceSheetSchema = z.object({
  WaybillId: z.number().int(),
  OrderId: z.number().int(),
  OrderNo: z.string(),
  Carrier: z.enum(WAYBILL_CARRIERS),
  TrackingNo: z.string(),
  Paper: z.enum(PAPER_SIZES),
  Sender: partySchema,
  Receiver: partySchema,
  /** `name spec ×qty` per line. */
  Items: z.array(z.string()),
  ItemCount: z.number().int(),
  BuyerRemark: z.string(),
  /** Sorting code printed large by some carriers (from the provider), '' when none. */
  SortingCode: z.string(),
  PrintCount: z.number().int(),
  PrintedAt: timestamp,
});
export type FaceSheet = z.infer<typeof faceSheetSchema>;

export const batchFailureSchema = z.object({
  OrderId: z.number().int(),
  OrderNo: z.string(),
  Message: z.string(),
});

export const printFaceSheets = defineEndpoint({
  method: 'POST',
  path: `${BASE}/PrintFaceSheets`,
  permission: OrderPermission.facePrinting,
  input: z.strictObject({
    FaceConfigId: id,
    /**
     * Orders to print, each waiting to ship by express. `TrackingNo` is required when the carrier
     * account has no electronic-waybill provider (the operator types the numbers) and refused when
     * it has one (the provider assigns them).
     */
    Orders: z
      .array(z.strictObject({ Id: id, TrackingNo: z.string().trim().max(32).optional() }))
      .min(1)
      .max(MAX_PRINT_BATCH),
  }),
  output: z.object({
    /** Empty when no sheet could be printed. */
    BatchNo: z.string(),
    Sheets: z.array(faceSheetSchema),
    Failed: z.array(batchFailureSchema),
  }),
});

export const confirmFacePrint = defineEndpoint({
  method: 'POST',
  path: `${BASE}/ConfirmFacePrint`,
  permission: OrderPermission.facePrinting,
  /** The sheets came out of the printer: their orders are marked shipped. */
  input: z.strictObject({ BatchNo: z.string().trim().min(1).max(40) }),
  output: z.object({ Shipped: z.array(z.number().int()), Failed: z.array(batchFailureSchema) }),
});

export const waybillRowSchema = z.object({
  Id: z.number().int(),
  BatchNo: z.string(),
  OrderId: z.number().int(),
  OrderNo: z.string(),
  Carrier: z.enum(WAYBILL_CARRIERS),
  TrackingNo: z.string(),
  State: z.enum(waybillMachine.states),
  PrintCount: z.number().int(),
  ReceiverName: z.string(),
  FaceConfigName: z.string(),
  /** Numbers came from the electronic-waybill provider rather than typed by the operator. */
  FromProvider: z.boolean(),
  CreatedAt: timestamp,
  ConfirmedAt: nullableTimestamp,
  VoidedAt: nullableTimestamp,
});

export const WAYBILL_TABS = ['all', ...waybillMachine.states] as const;

export const waybillListQuerySchema = listQuerySchema.extend({
  /** Order number or tracking number. */
  keyword: z.string().trim().min(1).max(32).optional(),
  batchNo: z.string().trim().min(1).max(40).optional(),
  carrier: z.enum(WAYBILL_CARRIERS).optional(),
  createdFrom: queryDate.optional(),
  createdTo: queryDate.optional(),
  tab: z.enum(WAYBILL_TABS).default('all'),
  sort: sortParam(['createdAt'] as const).default('-createdAt'),
});

export const getWaybills = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetFacePrintList`,
  permission: OrderPermission.faceSupervise,
  input: waybillListQuerySchema,
  output: pagedSchema(waybillRowSchema).extend({
    Counts: z.object(
      Object.fromEntries(WAYBILL_TABS.map((tab) => [tab, z.number().int()])) as Record<
        (typeof WAYBILL_TABS)[number],
        z.ZodNumber
      >,
    ),
  }),
});

export const waybillListResource: ListResource = {
  resource: 'waybills',
  list: getWaybills,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'batchNo', kind: 'text', params: ['batchNo'] },
    { name: 'carrier', kind: 'select', params: ['carrier'], options: WAYBILL_CARRIERS, enumType: 'carrier' },
    { name: 'created', kind: 'dateRange', params: ['createdFrom', 'createdTo'] },
  ],
  tabs: { param: 'tab', values: WAYBILL_TABS, default: 'all', enumType: waybillMachine.id },
  sortFields: ['createdAt'],
  defaultSort: '-createdAt',
};

export const reprintWaybill = defineEndpoint({
  method: 'POST',
  path: `${BASE}/ReprintFaceSheet`,
  permission: OrderPermission.faceSupervise,
  input: z.strictObject({ Id: id }),
  output: z.object({ Sheet: faceSheetSchema }),
});

export const voidWaybill = defineEndpoint({
  method: 'POST',
  path: `${BASE}/VoidFaceSheet`,
  permission: OrderPermission.faceSupervise,
  input: z.strictObject({ Id: id }),
  output: z.object({ Id: z.number().int(), State: z.enum(waybillMachine.states) }),
});

// ---------------------------------------------------------------------------------------------
// Receipt printing (receiptPrinting)

export const RECEIPT_PAPERS = ['58', '80'] as const;
export const RECEIPT_FIELDS = [
  'shopName',
  'orderNo',
  'time',
  'cashier',
  'buyer',
  'lines',
  'amounts',
  'payment',
  'remark',
] as const;

export const receiptSettingSchema = z.strictObject({
  Paper: z.enum(RECEIPT_PAPERS),
  Copies: z.number().int().min(1).max(5),
  Header: z.string().trim().max(100),
  Footer: z.string().trim().max(100),
  /** Parts printed, in this order. */
  Fields: z.array(z.enum(RECEIPT_FIELDS)).min(1).max(RECEIPT_FIELDS.length),
});
export type ReceiptSetting = z.infer<typeof receiptSettingSchema>;

export const DEFAULT_RECEIPT_SETTING: ReceiptSetting = {
  Paper: '58',
  Copies: 1,
  Header: '',
  Footer: '',
  Fields: ['shopName', 'orderNo', 'time', 'cashier', 'lines', 'amounts', 'payment'],
};

export const getReceiptSetting = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetReceiptSetting`,
  permission: OrderPermission.receipt,
  input: empty,
  output: z.object({ Data: receiptSettingSchema.extend({ Version: z.number().int() }) }),
});

export const setReceiptSetting = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetReceiptSetting`,
  permission: OrderPermission.receipt,
  input: receiptSettingSchema.extend({ Version: settingVersion }),
  output: z.object({ Version: z.number().int() }),
});

export const receiptSchema = z.object({
  ShopName: z.string(),
  OrderNo: z.string(),
  CreatedAt: timestamp,
  PaidAt: nullableTimestamp,
  /** The account that took a walk-in order, '' for online orders. */
  Cashier: z.string(),
  BuyerName: z.string(),
  BuyerPhone: z.string(),
  Lines: z.array(
    z.object({
      Name: z.string(),
      SpecText: z.string(),
      Quantity: z.number().int(),
      UnitFen: z.number().int(),
      AmountFen: z.number().int(),
    }),
  ),
  GoodsFen: z.number().int(),
  FreightFen: z.number().int(),
  DiscountFen: z.number().int(),
  AdjustFen: z.number().int(),
  TotalFen: z.number().int(),
  PaidFen: z.number().int(),
  PaymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  Remark: z.string(),
});

/** A receipt for an order, printed as the receipt settings say (print-ready page in the browser). */
export const getReceiptPrintData = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetReceiptPrintData`,
  permission: OrderPermission.details,
  input: z.strictObject({ id: queryId }),
  output: z.object({ Setting: receiptSettingSchema, Receipt: receiptSchema }),
});
