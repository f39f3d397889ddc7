import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DeliverySetting, ParameterSetting } from '../../../contract/endpoints/orders';
import type {
  CreateOrderInput,
  createRechargeSchema,
  payOrderSchema,
  quoteExpressFreight,
  StorefrontOrder,
} from '../../../contract/endpoints/storefront';
import type { OrderType } from '../../../contract/machines/order';
import type { ActivityStage, FreeShippingStage } from '../../../contract/pricing';
import type { Executor } from '../../db/client';
import { answerLater, queryRows, runStatements, type Statement } from '../../db/query';
import { AppError } from '../../http/errors';
import type { Locale } from '../../i18n/messages';
import { offeredDataPackage } from '../added-value/service';
import {
  ensureMember,
  ensureMemberWithGrade,
  gradeStageFor,
  gradeStageOf,
  memberWithGradeUpsert,
} from '../customer/service';
import { runningFreeShippingRead } from '../free-shipping/service';
import { liveRooms } from '../live-rooms/tables';
import { distanceKm } from './distance';
import { expressFreight } from './express-freight';
import {
  type Actor,
  addDays,
  applyRefund,
  approveRefund,
  assertPayable,
  closeUnpaid,
  lockOrder,
  markRefunded,
  type OrderContext,
  type OrderLogRow,
  type OrderRecord,
  payOrder,
  receiveOrder,
  refundableFen,
} from './lifecycle';
import { breakdownWithCoupon, chosenCoupon, couponKeeping, orderCouponView } from './order-coupon';
import { freeShippingStages, freeShippingStagesOf, priceWithFreeShipping } from './order-free-shipping';
import { freshPickupCode, orderNumberSql } from './order-number';
import { pointsStageFor, requirePointsMinimum, spendOrderPoints } from './order-points';
import {
  confirmLines,
  goodsTotal,
  insertOrder,
  type LineRequest,
  linePricing,
  linesJustInserted,
  priceLines,
} from './pricing';
import { payRecharge, placeRecharge, type RechargeRecord } from './recharge';
import { placedCount } from './sales-summary';
import { orderSettingsRead, readParameterSetting, unpaidCloseMinutes } from './settings';
import { stockTaking } from './stock';
import { stockDecision } from './stock-rules';
import { orders } from './tables';
// Other areas (the storefront) raise order errors through this file, so its text must come with it.
import './messages';

/**
 * The order area's public service: what a buyer can do, as functions over a transaction. The
 * storefront area's routes call them with the site their key belongs to; the demo seed and the tests
 * call them directly (with a clock). Other areas reach orders only through this file and tables.ts.
 */

export interface StorefrontContext {
  tx: Executor;
  siteId: number;
  now: Date;
  locale: Locale;
  /** See OrderContext.logBuffer. */
  logBuffer?: OrderLogRow[];
}

export interface PlaceOptions {
  /** Activity orders (seckill, group buy, bargain) come from their modules; the HTTP API places normal ones. */
  type?: OrderType;
  /** Settings already read, for callers placing many orders at once. */
  settings?: { parameter: ParameterSetting; delivery: DeliverySetting };
  /** The activity's unit price of each SKU (the pricing function's first stage). */
  activity?: ActivityStage;
  /**
   * Takes the goods' stock now whatever the shop's setting: a seckill order's units are reserved
   * for it already, and would sit idle behind an order still waiting for the goods' stock.
   */
  stockAtCreation?: boolean;
  /**
   * The id reserved before the order's transaction (reservedOrder), for a caller that must
   * name the order in a ledger row of its own before the order exists (a seckill reservation).
   */
  orderId?: number;
  /**
   * A statement an activity writes its own rows for the order with, once the order row exists: sent
   * with the end of the order, before the goods rows are locked (runStatements).
   */
  inserted?: (order: OrderRecord) => Statement;
}

/**
 * A common table `reserved_order (id, order_no)` for a statement that names an order placed later
 * with `orderId` (at the same `now`): the id from the orders' sequence, so it is never handed out
 * twice, even when that order is never written.
 */
export function reservedOrder(now: Date): SQL {
  return sql`reserved_order as (
    select id, ${orderNumberSql(now, sql`id`)} as order_no
      from (select nextval(pg_get_serial_sequence('orders', 'id'))::int as id) next)`;
}

function buyerActor(name: string): Actor {
  return { kind: 'buyer', accountId: null, name };
}

function orderContext(context: StorefrontContext, actor: Actor): OrderContext {
  return {
    tx: context.tx,
    siteId: context.siteId,
    actor,
    locale: context.locale,
    now: context.now,
    logBuffer: context.logBuffer,
  };
}

/** A point at a store takes pickups only while the store is open, not deleted, and has pickup on. */
async function storeTakesPickups(tx: Executor, siteId: number, storeId: number): Promise<boolean> {
  const [row] = await queryRows<{ open: boolean }>(
    tx,
    sql`select (status = 'on' and not deleted and pickup) as open from stores where id = ${storeId} and site_id = ${siteId}`,
  );
  return row?.open === true;
}

/** Whether the shop has the live room (not deleted) an order says it came from. */
async function liveRoomExists(tx: Executor, siteId: number, roomId: number): Promise<boolean> {
  const [room] = await tx
    .select({ id: liveRooms.id })
    .from(liveRooms)
    .where(and(eq(liveRooms.siteId, siteId), eq(liveRooms.id, roomId), eq(liveRooms.deleted, false)));
  return room !== undefined;
}

/** Places an order priced from the database; stock is taken now or at payment, as the shop set. */
export async function placeOrder(
  context: StorefrontContext,
  input: CreateOrderInput,
  options: PlaceOptions = {},
): Promise<OrderRecord> {
  const trace = {
    siteId: context.siteId,
    openId: input.Buyer.Id,
    nickname: input.Buyer.Name,
    mobile: input.Buyer.Phone,
    source: input.Source,
    now: context.now,
  };
  // A wallet's lock comes before the member's (order-points.ts): an order spending points upserts
  // its member after the wallet, not with these reads.
  const spendsPoints = (input.Points ?? 0) > 0;
  // What the order reads, in one batch; each refusal waits for the checks that came before it.
  const [settings, member, pricedLines, freeShippingActivities] = await runStatements(context.tx, [
    options.settings ? null : orderSettingsRead(context.siteId),
    spendsPoints ? null : answerLater(memberWithGradeUpsert(trace)),
    // Read without a lock: the goods rows are locked only for the end of the order (confirmLines).
    answerLater(linePricing(context.siteId, input.Lines, false)),
    input.DeliveryType === 'express' ? runningFreeShippingRead(context.siteId, context.now) : null,
  ]);
  const { parameter, delivery } = options.settings ?? settings!;
  const type = options.type ?? 'normal';
  const enabled = {
    express: delivery.Express.Enabled,
    sameCity: delivery.SameCity.Enabled,
    pickup: delivery.Pickup.Enabled,
    virtual: true,
  }[input.DeliveryType];
  if (!enabled)
    throw new AppError(`order.deliveryDisabled.${input.DeliveryType}`, {}, { field: 'DeliveryType' });
  const needsAddress = input.DeliveryType !== 'pickup' && input.DeliveryType !== 'virtual';
  if (needsAddress && !input.Address) throw new AppError('order.addressRequired', {}, { field: 'Address' });
  const pickupPoint =
    input.DeliveryType === 'pickup' ? delivery.Pickup.Points[input.PickupPoint ?? Number.NaN] : undefined;
  if (input.DeliveryType === 'pickup' && !pickupPoint) {
    throw new AppError('order.pickupPointInvalid', {}, { field: 'PickupPoint' });
  }
  if (
    pickupPoint?.StoreId !== undefined &&
    !(await storeTakesPickups(context.tx, context.siteId, pickupPoint.StoreId))
  ) {
    throw new AppError('order.pickupStoreClosed', { name: pickupPoint.Name }, { field: 'PickupPoint' });
  }
  if (input.Invoice && !parameter.InvoiceEnabled) {
    throw new AppError('order.invoiceDisabled', {}, { field: 'Invoice' });
  }
  if (input.LiveRoomId !== undefined && !(await liveRoomExists(context.tx, context.siteId, input.LiveRoomId)))
    throw new AppError('order.liveRoomUnknown', { id: input.LiveRoomId }, { field: 'LiveRoomId' });

  // The wallet's lock comes first: see order-points.ts.
  const points = await pointsStageFor(context.tx, context.siteId, input.Buyer.Id, input.Points ?? 0);
  const { grade } = member ? member() : await ensureMemberWithGrade(context.tx, trace);
  const lines = pricedLines();
  // A cart is all virtual (tickets, no delivery) or all physical: a mixed one would leave some
  // lines neither shipped nor ticketed, so the buyer places two orders.
  const virtualLines = lines.filter((line) => line.virtual).length;
  if (virtualLines > 0 && virtualLines < lines.length)
    throw new AppError('order.mixedVirtual', {}, { field: 'Lines' });
  if (virtualLines > 0 && input.DeliveryType !== 'virtual')
    throw new AppError('order.virtualDelivery', {}, { field: 'DeliveryType' });
  if (virtualLines === 0 && input.DeliveryType === 'virtual')
    throw new AppError('order.notVirtual', {}, { field: 'DeliveryType' });
  const goodsFen = goodsTotal(lines);
  let freightFen = 0;
  let freeShipping: FreeShippingStage[] = [];
  if (input.DeliveryType === 'express') {
    freightFen = expressFreight(lines, input.Address!).freightFen;
    freeShipping = freeShippingStagesOf(freeShippingActivities!, lines, input.Address!);
  } else if (input.DeliveryType === 'sameCity') {
    const sameCity = delivery.SameCity;
    if (goodsFen < sameCity.MinOrderFen) {
      throw new AppError('order.sameCityMinimum', { min: sameCity.MinOrderFen }, { field: 'DeliveryType' });
    }
    const address = input.Address!;
    if (address.Latitude === undefined || address.Longitude === undefined) {
      throw new AppError('order.sameCityLocation', {}, { field: 'Address.Latitude' });
    }
    const distance = distanceKm(
      { latitude: sameCity.Latitude ?? 0, longitude: sameCity.Longitude ?? 0 },
      { latitude: address.Latitude, longitude: address.Longitude },
    );
    if (distance > sameCity.RangeKm) {
      throw new AppError(
        'order.sameCityOutOfRange',
        { distance: distance.toFixed(1), range: sameCity.RangeKm },
        { field: 'Address' },
      );
    }
    freightFen = sameCity.FeeFen;
  }
  const coupon = await chosenCoupon(context, input.Buyer.Id, input.MemberCouponId, lines);
  const price = priceWithFreeShipping(
    {
      lines: lines.map((line) => ({ skuId: line.skuId, unitFen: line.unitFen, quantity: line.quantity })),
      activity: options.activity ?? null,
      grade: gradeStageOf(grade, lines),
      coupon: coupon?.stage ?? null,
      points,
      freightFen,
    },
    freeShipping,
  );
  requirePointsMinimum(points, price);
  const breakdown = breakdownWithCoupon(price, coupon);
  const totalFen = price.totalFen;
  if (input.ExpectedTotalFen !== undefined && input.ExpectedTotalFen !== totalFen) {
    throw new AppError(
      'order.totalMismatch',
      { expected: input.ExpectedTotalFen, actual: totalFen },
      { field: 'ExpectedTotalFen' },
    );
  }

  const actor = buyerActor(input.Buyer.Name);
  const stockMode = options.stockAtCreation ? 'creation' : parameter.StockDeduction;
  const order = await insertOrder(
    context.tx,
    {
      id: options.orderId,
      siteId: context.siteId,
      type,
      source: input.Source,
      deliveryType: input.DeliveryType,
      buyer: { id: input.Buyer.Id, name: input.Buyer.Name, phone: input.Buyer.Phone },
      address: needsAddress ? input.Address! : null,
      pickupPoint: pickupPoint ?? null,
      pickupCode: pickupPoint ? await freshPickupCode(context.tx, context.siteId) : null,
      lines,
      freightFen: price.freightFen,
      discountFen: price.discountFen,
      breakdown,
      stockMode,
      stockDeducted: stockMode === 'creation',
      payDueAt: addDays(context.now, unpaidCloseMinutes(parameter, type) / (24 * 60)),
      buyerRemark: input.BuyerRemark,
      sellerRemark: '',
      invoice: input.Invoice ?? null,
      cashier: null,
    },
    actor,
    context.now,
    context.logBuffer,
  );
  if (input.LiveRoomId !== undefined)
    await context.tx.execute(
      sql`update orders set live_room_id = ${input.LiveRoomId} where id = ${order.id}`,
    );
  await spendOrderPoints(context.tx, order, price.pointsUsed, actor, context.now);
  // The goods rows are locked here, after the wallet and the member as every transition locks
  // them, and held to the commit; every buyer of these goods queues for this end of the order, so
  // it leaves in one write (runStatements): an activity's own rows, then the lines locked and priced
  // again, the stock, the coupon, and the day's summary row, the last lock a transaction takes.
  const takesNow = stockDecision('create', { mode: stockMode, deducted: false }) === 'take';
  const stockActor = { accountId: null, name: actor.name };
  await runStatements(context.tx, [
    options.inserted?.(order) ?? null,
    confirmLines(context.siteId, lines),
    takesNow ? stockTaking(context.siteId, lines, order.orderNo, stockActor, context.now) : null,
    // A coupon is used when the order takes what it uses: at creation or at payment, as stock is.
    couponKeeping(coupon, order, price, takesNow, context.now),
    placedCount(order),
  ]);
  return order;
}

/**
 * The express freight of a cart before it is placed, with the free-shipping activity that covers it
 * (at the buyer's grade prices when the buyer is named): nothing is locked or taken.
 */
export async function quoteStorefrontFreight(
  tx: Executor,
  siteId: number,
  input: z.infer<typeof quoteExpressFreight.input>,
  now: Date,
) {
  // Virtual goods issue tickets instead of shipping, so they take no part in freight.
  const lines = (await priceLines(tx, siteId, input.Lines, { lock: false })).filter((line) => !line.virtual);
  const freight = expressFreight(lines, input.Address);
  const price = priceWithFreeShipping(
    {
      lines: lines.map((line) => ({ skuId: line.skuId, unitFen: line.unitFen, quantity: line.quantity })),
      grade: input.BuyerId ? await gradeStageFor(tx, siteId, input.BuyerId, lines) : null,
      freightFen: freight.freightFen,
    },
    await freeShippingStages(tx, siteId, lines, input.Address, now),
  );
  return { ...freight, freightFen: price.freightFen, price };
}

/**
 * A cart priced as an order would be before its coupon: lines from the database (on the shelf, in
 * stock) and the buyer's grade stage, for the storefront's best-coupon call.
 */
export async function cartQuote(
  context: Pick<StorefrontContext, 'tx' | 'siteId'>,
  buyerId: string,
  requested: readonly LineRequest[],
) {
  const lines = await priceLines(context.tx, context.siteId, requested);
  return {
    lines: lines.map((line) => ({
      skuId: line.skuId,
      productId: line.productId,
      categoryId: line.categoryId,
      unitFen: line.unitFen,
      quantity: line.quantity,
    })),
    grade: await gradeStageFor(context.tx, context.siteId, buyerId, lines),
  };
}

/** The buyer's own order, locked; another buyer's or another shop's is "not found". */
async function buyersOrder(
  context: StorefrontContext,
  orderNo: string,
  buyerId: string,
): Promise<OrderRecord> {
  const order = await lockOrder(context.tx, context.siteId, { orderNo });
  if (!order || order.buyerId !== buyerId || order.source === 'offline') {
    throw new AppError('order.notFound', { id: orderNo }, { field: 'OrderNo' });
  }
  return order;
}

export async function payStorefrontOrder(
  context: StorefrontContext,
  input: z.infer<typeof payOrderSchema>,
): Promise<OrderRecord> {
  const order = await buyersOrder(context, input.OrderNo, input.BuyerId);
  return payOrder(orderContext(context, buyerActor(order.buyerName)), order, {
    method: input.PaymentMethod,
    amountFen: input.AmountFen,
    transactionNo: input.TransactionNo,
  });
}

/**
 * Checks, without writing, that the buyer's order may be paid with this amount: run before a
 * payment provider is asked, so no prepay is made for an order that cannot be paid.
 */
export async function payableStorefrontOrder(
  db: Executor,
  context: Pick<StorefrontContext, 'siteId' | 'now' | 'locale'>,
  input: { OrderNo: string; BuyerId: string; AmountFen: number },
): Promise<OrderRecord> {
  const order = await findBuyersOrder(db, context.siteId, input.OrderNo, input.BuyerId);
  assertPayable(context, order, input.AmountFen);
  return order;
}

/** WeChat Pay's notification said the order is paid; the caller has checked its signature. */
export async function payNotifiedOrder(
  context: StorefrontContext,
  paid: { orderNo: string; amountFen: number; transactionId: string },
): Promise<OrderRecord> {
  const order = await lockOrder(context.tx, context.siteId, { orderNo: paid.orderNo });
  if (!order || order.source === 'offline') {
    throw new AppError('order.notFound', { id: paid.orderNo }, { field: 'OrderNo' });
  }
  return payOrder(orderContext(context, buyerActor(order.buyerName)), order, {
    method: 'wechat',
    amountFen: paid.amountFen,
    transactionNo: paid.transactionId,
  });
}

export async function cancelStorefrontOrder(
  context: StorefrontContext,
  input: { OrderNo: string; BuyerId: string; Reason: string },
): Promise<OrderRecord> {
  const order = await buyersOrder(context, input.OrderNo, input.BuyerId);
  return closeUnpaid(orderContext(context, buyerActor(order.buyerName)), order, 'cancel', input.Reason);
}

// ---------------------------------------------------------------------------------------------
// Orders another area settles on an operator's word (the deposit of a cancelled booking)

export interface OrderOperator {
  accountId: number | null;
  name: string;
}

/** Closes the order if it still waits for payment; null when it does not (paid meanwhile, or closed). */
export async function closeUnpaidOrder(
  context: StorefrontContext,
  orderId: number,
  operator: OrderOperator,
  reason: string,
): Promise<OrderRecord | null> {
  const order = await lockOrder(context.tx, context.siteId, { id: orderId });
  if (order?.state !== 'toPay') return null;
  return closeUnpaid(orderContext(context, { kind: 'operator', ...operator }), order, 'close', reason);
}

/**
 * Gives the buyer back everything paid through the refund flow every order uses (request, approval,
 * money back through the payment provider's outbox): the order closes with it. Refused as any
 * refund is (a used ticket, the after-sale window over); null when nothing paid is left to refund.
 */
export async function refundOrderInFull(
  context: StorefrontContext,
  orderId: number,
  operator: OrderOperator,
  reason: string,
): Promise<OrderRecord | null> {
  let order = await lockOrder(context.tx, context.siteId, { id: orderId });
  if (!order || refundableFen(order) <= 0) return null;
  const acting = orderContext(context, { kind: 'operator', ...operator });
  if (order.refundState !== 'requested' && order.refundState !== 'approved')
    order = await applyRefund(acting, order, refundableFen(order), reason);
  if (order.refundState === 'requested')
    order = await approveRefund(acting, order, refundableFen(order), reason);
  return markRefunded(acting, order);
}

export async function confirmStorefrontReceipt(
  context: StorefrontContext,
  input: { OrderNo: string; BuyerId: string },
): Promise<OrderRecord> {
  const order = await buyersOrder(context, input.OrderNo, input.BuyerId);
  const { value } = await readParameterSetting(context.tx, context.siteId);
  return receiveOrder(orderContext(context, buyerActor(order.buyerName)), order, 'confirmReceipt', value);
}

export async function applyStorefrontRefund(
  context: StorefrontContext,
  input: { OrderNo: string; BuyerId: string; AmountFen: number; Reason: string },
): Promise<OrderRecord> {
  const order = await buyersOrder(context, input.OrderNo, input.BuyerId);
  return applyRefund(
    orderContext(context, buyerActor(order.buyerName)),
    order,
    input.AmountFen,
    input.Reason,
  );
}

/** The buyer's order without locking it (GetOrder). */
export async function findBuyersOrder(
  db: Executor,
  siteId: number,
  orderNo: string,
  buyerId: string,
): Promise<OrderRecord> {
  const [order] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.siteId, siteId),
        eq(orders.orderNo, orderNo),
        eq(orders.buyerId, buyerId),
        ne(orders.source, 'offline'),
      ),
    );
  if (!order) throw new AppError('order.notFound', { id: orderNo }, { field: 'orderNo' });
  return order;
}

/** What the buyer sees of an order. */
export async function storefrontView(tx: Executor, order: OrderRecord): Promise<StorefrontOrder> {
  // An order the call has just placed has its lines in hand and nothing shipped yet.
  const inserted = linesJustInserted(order);
  const [lines, shipments, coupon] = await Promise.all([
    inserted?.map((line) => ({
      sku_id: line.skuId,
      name: line.name,
      spec_text: line.specText,
      image: line.image,
      unit_fen: line.unitFen,
      quantity: line.quantity,
      amount_fen: line.amountFen,
    })) ??
      queryRows<{
        sku_id: number;
        name: string;
        spec_text: string;
        image: string;
        unit_fen: number;
        quantity: number;
        amount_fen: number;
      }>(
        tx,
        sql`select sku_id, name, spec_text, image, unit_fen, quantity, amount_fen from order_lines
             where order_id = ${order.id} order by position`,
      ),
    inserted
      ? []
      : queryRows<{
          carrier: StorefrontOrder['Shipments'][number]['Carrier'];
          tracking_no: string;
          shipped_at: Date;
        }>(
          tx,
          sql`select carrier, tracking_no, shipped_at from order_shipments where order_id = ${order.id} order by id`,
        ),
    orderCouponView(tx, order),
  ]);
  return {
    OrderNo: order.orderNo,
    State: order.state,
    RefundState: order.refundState,
    DeliveryType: order.deliveryType as StorefrontOrder['DeliveryType'],
    Lines: lines.map((line) => ({
      SkuId: line.sku_id,
      Name: line.name,
      SpecText: line.spec_text,
      Image: line.image,
      UnitFen: line.unit_fen,
      Quantity: line.quantity,
      AmountFen: line.amount_fen,
    })),
    GoodsFen: order.goodsFen,
    FreightFen: order.freightFen,
    DiscountFen: order.discountFen,
    PointsUsed: order.breakdown?.pointsUsed ?? 0,
    PointsFen: order.breakdown?.pointsFen ?? 0,
    CouponFen: coupon?.DiscountFen ?? 0,
    MemberCouponId: coupon?.MemberCouponId ?? null,
    AdjustFen: order.adjustFen,
    TotalFen: order.totalFen,
    PaidFen: order.paidFen,
    RefundedFen: order.refundedFen,
    PayDueAt: order.state === 'toPay' && order.payDueAt ? new Date(order.payDueAt).toISOString() : null,
    PickupCode: order.pickupCode,
    FreightWaivedBy: order.breakdown?.freightWaivedBy ?? null,
    FreeShippingActivity: order.breakdown?.freeShippingActivity
      ? {
          Id: order.breakdown.freeShippingActivity.id,
          Name: order.breakdown.freeShippingActivity.name,
        }
      : null,
    Shipments: shipments.map((shipment) => ({
      Carrier: shipment.carrier,
      TrackingNo: shipment.tracking_no,
      ShippedAt: new Date(shipment.shipped_at).toISOString(),
    })),
    CreatedAt: new Date(order.createdAt).toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Recharge orders

export async function placeStorefrontRecharge(
  context: StorefrontContext,
  input: z.infer<typeof createRechargeSchema>,
): Promise<RechargeRecord> {
  const { value } = await readParameterSetting(context.tx, context.siteId);
  // Data packages are the shop's own (flowRecharge), at its price; stored value is the amount the buyer chose.
  const offer =
    input.Kind === 'data'
      ? await offeredDataPackage(context.tx, context.siteId, input.PackageCode).then((offered) => ({
          Code: offered.code,
          Name: offered.name,
          PriceFen: offered.priceFen,
          phone: input.Phone,
        }))
      : { Code: '', Name: '', PriceFen: input.AmountFen, phone: input.Buyer.Phone };
  await ensureMember(context.tx, {
    siteId: context.siteId,
    openId: input.Buyer.Id,
    nickname: input.Buyer.Name,
    mobile: input.Buyer.Phone,
    source: 'recharge',
    now: context.now,
  });
  return placeRecharge(context.tx, {
    siteId: context.siteId,
    kind: input.Kind,
    buyer: { id: input.Buyer.Id, name: input.Buyer.Name, phone: input.Buyer.Phone },
    phone: offer.phone,
    packageCode: offer.Code,
    packageName: offer.Name,
    amountFen: offer.PriceFen,
    payDueAt: addDays(context.now, value.UnpaidCloseMinutes.Normal / (24 * 60)),
    now: context.now,
  });
}

export function payStorefrontRecharge(
  context: StorefrontContext,
  input: z.infer<typeof payOrderSchema>,
): Promise<RechargeRecord> {
  return payRecharge(context.tx, context.siteId, input, context.now, context.locale);
}

/**
 * An operator approves the buyer's pending refund request in full and marks the money sent, as the
 * order screen's two commands do; for demo data and other areas' tests, which cannot reach the
 * order commands.
 */
export async function refundRequested(
  context: StorefrontContext,
  orderNo: string,
  operator: Actor,
): Promise<OrderRecord> {
  const order = await lockOrder(context.tx, context.siteId, { orderNo });
  if (!order) throw new AppError('order.notFound', { id: orderNo }, { field: 'OrderNo' });
  const operatorContext = orderContext(context, operator);
  const [request] = await queryRows<{ requested_fen: number }>(
    context.tx,
    sql`select requested_fen from order_refunds where order_id = ${order.id} and state = 'requested'
         order by id desc limit 1`,
  );
  const approved = await approveRefund(operatorContext, order, request?.requested_fen ?? 0, '');
  return markRefunded(operatorContext, approved);
}

/** The order area's rules and settings other areas follow: the points mall ships like an order. */
export { requireParcel } from './lifecycle';
/** A member's paid orders, recharges and refunds, for the deals list of the member's details. */
export { memberOrderDeals } from './member-deals';
export { readParameterSetting } from './settings';

// ---------------------------------------------------------------------------------------------
// Activity orders the system settles (a group-buy team that failed or filled without them)

export { type ActivityOrderHandler, registerOrderActivity, registerShipHold } from './activity-hooks';

const SYSTEM: Actor = { kind: 'system', accountId: null, name: '' };

/**
 * Closes an activity order still waiting for payment, as the system; what it took goes back through
 * the close. Null when the order is not waiting for payment (paid meanwhile, or closed already).
 */
export async function closeActivityOrder(
  context: StorefrontContext,
  orderId: number,
  reason: string,
): Promise<OrderRecord | null> {
  const order = await lockOrder(context.tx, context.siteId, { id: orderId });
  if (order?.state !== 'toPay') return null;
  return closeUnpaid(orderContext(context, SYSTEM), order, 'close', reason);
}

/**
 * Gives the buyer back everything paid for an activity order through the refund flow of every
 * order (request, approval, money back through the payment provider's outbox), as the system; the
 * order closes with it. Null when nothing paid is left to refund.
 */
export async function refundActivityOrder(
  context: StorefrontContext,
  orderId: number,
  reason: string,
): Promise<OrderRecord | null> {
  let order = await lockOrder(context.tx, context.siteId, { id: orderId });
  if (!order || refundableFen(order) <= 0) return null;
  const system = orderContext(context, SYSTEM);
  if (order.refundState !== 'requested' && order.refundState !== 'approved')
    order = await applyRefund(system, order, refundableFen(order), reason);
  if (order.refundState === 'requested')
    order = await approveRefund(system, order, refundableFen(order), reason);
  return markRefunded(system, order);
}
