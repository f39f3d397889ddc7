import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { ParameterSetting } from '../../../contract/endpoints/orders';
import {
  type Carrier,
  type OrderAction,
  type OrderCommand,
  type OrderState,
  orderCommandBlocker,
  orderMachine,
  type PaymentMethod,
  type RefundAction,
  refundMachine,
  type ShipHold,
} from '../../../contract/machines/order';
import { shopDateTime } from '../../../contract/shop-time';
import { can, type StateMachine } from '../../../contract/state-machine';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { type Locale, translate } from '../../i18n/messages';
import { queueOrderShippedMessage } from '../added-value/service';
import { recordOrderCommission, voidRefundedCommission } from '../distribution/service';
import { enqueueRefund } from '../payment/service';
import { issueTickets, refundTickets, requireTicketRefund } from '../ticket/service';
import { enqueueSceneMessage } from '../wechat-messages/service';
import { activityClosed, activityPaid, shipHoldSql } from './activity-hooks';
import { illegalTransition } from './errors';
import { returnOrderCoupon, spendOrderCoupon } from './order-coupon';
import { returnOrderPoints } from './order-points';
import { walletOnPayment, walletOnRefund } from './order-wallet';
import { countPayment, countRefund } from './sales-summary';
import { readParameterSetting } from './settings';
import { addSold, orderStockLines, returnStock, type StockActor, takeStock } from './stock';
import { type StockFacts, stockDecision } from './stock-rules';
import { orderLog, orderRefunds, orderShipments, orders } from './tables';

/**
 * The transitions of an order, shared by the storefront (buyer), the operators' commands and the
 * sweeps. Each runs in the caller's transaction on an order row the caller locked (lockOrder), and
 * each UPDATE is guarded by the state it starts from, so a transition can never be applied twice
 * even by code that forgot the lock. Every change writes an order_log row.
 */

export type OrderRecord = typeof orders.$inferSelect;

export interface Actor {
  kind: 'buyer' | 'operator' | 'system';
  accountId: number | null;
  name: string;
}

export type OrderLogRow = typeof orderLog.$inferInsert;

export interface OrderContext {
  tx: Executor;
  siteId: number;
  actor: Actor;
  locale: Locale;
  now: Date;
  /** Callers moving many orders in one transaction collect the log rows here and flushOrderLog them. */
  logBuffer?: OrderLogRow[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

/**
 * Locks an order of the site by id or number; null when the site has no such order, or when it is
 * outside `scope` (a store account's store, see store-scope.ts).
 */
export async function lockOrder(
  tx: Executor,
  siteId: number,
  key: { id: number } | { orderNo: string },
  scope?: SQL,
): Promise<OrderRecord | null> {
  const match = 'id' in key ? eq(orders.id, key.id) : eq(orders.orderNo, key.orderNo);
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.siteId, siteId), match, scope))
    .for('update');
  return row ?? null;
}

export function stockActor(actor: Actor): StockActor {
  return { accountId: actor.accountId, name: actor.name };
}

export async function logOrder(
  context: Pick<OrderContext, 'tx' | 'actor' | 'now' | 'logBuffer'>,
  order: Pick<OrderRecord, 'id' | 'siteId'>,
  entry: LogEntry,
): Promise<void> {
  const row = orderLogRow(context, order, entry);
  if (context.logBuffer) context.logBuffer.push(row);
  else await context.tx.insert(orderLog).values(row);
}

interface LogEntry {
  action: string;
  from?: string | null;
  to?: string | null;
  detail?: Record<string, unknown>;
}

/** The log row of an order's action, for logOrder or for a statement that writes it itself. */
export function orderLogRow(
  context: Pick<OrderContext, 'actor' | 'now'>,
  order: Pick<OrderRecord, 'id' | 'siteId'>,
  entry: LogEntry,
): OrderLogRow {
  return {
    siteId: order.siteId,
    orderId: order.id,
    action: entry.action,
    fromState: entry.from ?? null,
    toState: entry.to ?? null,
    actor: context.actor.kind,
    accountId: context.actor.accountId,
    actorName: context.actor.name,
    detail: entry.detail ?? {},
    at: context.now,
  };
}

/** Writes collected log rows, in insertion batches. */
export async function flushOrderLog(tx: Executor, buffer: OrderLogRow[]): Promise<void> {
  const rows = buffer.splice(0);
  for (let start = 0; start < rows.length; start += 1000) {
    await tx.insert(orderLog).values(rows.slice(start, start + 1000));
  }
}

function refuse(
  context: OrderContext,
  order: OrderRecord,
  machine: StateMachine,
  state: string,
  action: string,
): AppError {
  return illegalTransition(
    context.locale,
    order.orderNo,
    { machine, value: state },
    { machine, name: action },
  );
}

export function requireOrderAction(context: OrderContext, order: OrderRecord, action: OrderAction): void {
  if (!can(orderMachine, order.state, action))
    throw refuse(context, order, orderMachine, order.state, action);
}

function requireRefundAction(context: OrderContext, order: OrderRecord, action: RefundAction): void {
  if (!can(refundMachine, order.refundState, action))
    throw refuse(context, order, refundMachine, order.refundState, action);
}

/** Lines already shipped, by line id. */
export async function shippedLines(
  tx: Executor,
  orderId: number,
): Promise<{ id: number; shipped: boolean }[]> {
  const rows = await queryRows<{ id: number; shipment_id: number | null }>(
    tx,
    sql`select id, shipment_id from order_lines where order_id = ${orderId} order by position`,
  );
  return rows.map((row) => ({ id: row.id, shipped: row.shipment_id !== null }));
}

/** What holds a paid order from leaving (its group-buy team still forming), or null. */
export async function shipHoldOf(tx: Executor, orderId: number): Promise<ShipHold | null> {
  const [row] = await queryRows<{ hold: ShipHold | null }>(
    tx,
    sql`select ${shipHoldSql()} as hold from orders o where o.id = ${orderId}`,
  );
  return row?.hold ?? null;
}

/**
 * Refuses an operator command the order's facts do not allow: its state on the right axis first
 * (the clearer message), then the rules across axes (refund pending, delivery type…).
 */
export async function requireCommand(
  context: OrderContext,
  order: OrderRecord,
  command: OrderCommand,
): Promise<void> {
  const partlyShipped =
    command === 'changeAddress' && order.state === 'toShip'
      ? (await shippedLines(context.tx, order.id)).some((line) => line.shipped)
      : false;
  const blocker = orderCommandBlocker(
    {
      state: order.state,
      refundState: order.refundState,
      deliveryType: order.deliveryType,
      source: order.source,
      partlyShipped,
      shipHold:
        command === 'ship' || command === 'verifyPickup' ? await shipHoldOf(context.tx, order.id) : null,
    },
    command,
  );
  if (blocker === null) return;
  if (blocker === 'illegalState') {
    const onRefundAxis =
      command === 'approveRefund' || command === 'rejectRefund' || command === 'markRefunded';
    throw onRefundAxis
      ? refuse(context, order, refundMachine, order.refundState, command)
      : refuse(context, order, orderMachine, order.state, command);
  }
  throw new AppError(`order.blocker.${blocker}`, { subject: order.orderNo }, { field: 'Action' });
}

/**
 * Writes `set` to the order if it is still in `from`; bumps its version. The lock makes a miss
 * impossible in practice; the guard keeps a double transition impossible in principle.
 */
export async function updateOrder(
  context: OrderContext,
  order: OrderRecord,
  set: Partial<typeof orders.$inferInsert>,
  from: OrderState = order.state,
): Promise<OrderRecord> {
  const [updated] = await context.tx
    .update(orders)
    .set({ ...set, version: sql`${orders.version} + 1`, updatedAt: context.now })
    .where(and(eq(orders.id, order.id), eq(orders.state, from)))
    .returning();
  if (!updated) throw new AppError('order.changedMeanwhile', { subject: order.orderNo });
  return updated;
}

function orderStockFacts(order: OrderRecord): StockFacts {
  return { mode: order.stockMode, deducted: order.stockDeducted };
}

async function giveStockBack(context: OrderContext, order: OrderRecord): Promise<void> {
  const lines = (await orderStockLines(context.tx, [order.id])).get(order.id) ?? [];
  await returnStock(context.tx, order.siteId, lines, order.orderNo, stockActor(context.actor), context.now);
}

/** An unpaid order closes (buyer cancel, operator close, or the unpaid-close sweep); its stock goes back. */
export async function closeUnpaid(
  context: OrderContext,
  order: OrderRecord,
  action: 'cancel' | 'close' | 'expire',
  reason: string,
): Promise<OrderRecord> {
  requireOrderAction(context, order, action);
  const updated = await updateOrder(
    context,
    order,
    { state: 'closed', closedAt: context.now, closeReason: reason, stockDeducted: false },
    'toPay',
  );
  // The wallet before the goods, as every transition locks them.
  await returnOrderPoints(context, order, { closing: true });
  if (stockDecision('closeUnpaid', orderStockFacts(order)) === 'return') await giveStockBack(context, order);
  await returnOrderCoupon(context.tx, order, context.now);
  await logOrder(context, order, {
    action,
    from: order.state,
    to: 'closed',
    detail: reason ? { Reason: reason } : {},
  });
  await activityClosed({ tx: context.tx, order, at: context.now, stockReturned: true });
  return updated;
}

/** The stock lines of an order, for taking stock at payment. */
async function takeOrderStock(context: OrderContext, order: OrderRecord): Promise<void> {
  const lines = (await orderStockLines(context.tx, [order.id])).get(order.id) ?? [];
  await takeStock(context.tx, order.siteId, lines, order.orderNo, stockActor(context.actor), context.now);
}

export interface Payment {
  method: PaymentMethod;
  amountFen: number;
  transactionNo: string;
}

/**
 * Whether the order may be paid now with this amount; checked again under the lock when it is paid,
 * and before asking a payment provider, so no prepay is made for an order that cannot be paid.
 */
export function assertPayable(
  context: Pick<OrderContext, 'locale' | 'now'>,
  order: OrderRecord,
  amountFen: number,
): void {
  if (!can(orderMachine, order.state, 'pay')) {
    throw illegalTransition(
      context.locale,
      order.orderNo,
      { machine: orderMachine, value: order.state },
      { machine: orderMachine, name: 'pay' },
    );
  }
  if (order.payDueAt && order.payDueAt.getTime() <= context.now.getTime()) {
    throw new AppError('order.payExpired', { subject: order.orderNo });
  }
  if (amountFen !== order.totalFen) {
    throw new AppError(
      'order.amountMismatch',
      { expected: order.totalFen, given: amountFen },
      { field: 'AmountFen' },
    );
  }
}

/** The buyer pays an online order: it waits to ship (or to be picked up). */
export async function payOrder(
  context: OrderContext,
  order: OrderRecord,
  payment: Payment,
): Promise<OrderRecord> {
  assertPayable(context, order, payment.amountFen);
  // Wallet rows are locked before stock rows and the sales summary, in every transition.
  await walletOnPayment(context, order, payment.method);
  if (stockDecision('pay', orderStockFacts(order)) === 'take') await takeOrderStock(context, order);
  const updated = await updateOrder(
    context,
    order,
    {
      state: 'toShip',
      paidFen: order.totalFen,
      paidAt: context.now,
      paymentMethod: payment.method,
      transactionNo: payment.transactionNo,
      stockDeducted: true,
    },
    'toPay',
  );
  await addSold(context.tx, order.siteId, order.id, 1);
  await spendOrderCoupon(context.tx, order, context.now);
  await countPayment(context.tx, updated, context.now);
  await recordOrderCommission(context.tx, updated, context.now);
  await logOrder(context, order, {
    action: 'pay',
    from: 'toPay',
    to: 'toShip',
    detail: { Method: payment.method, AmountFen: order.totalFen },
  });
  await activityPaid({ tx: context.tx, order, at: context.now });
  if (order.buyerId)
    await enqueueSceneMessage(context.tx, {
      siteId: order.siteId,
      scene: 'orderPaid',
      openId: order.buyerId,
      fields: {
        orderNo: order.orderNo,
        goodsName: order.goodsName,
        amount: yuan(order.totalFen),
        paidAt: shopDateTime(context.now).slice(0, 16),
      },
      key: `scene:orderPaid:order:${order.id}`,
      now: context.now,
    });
  return order.deliveryType === 'virtual' ? deliverTickets(context, updated) : updated;
}

/**
 * A paid virtual order is delivered by its tickets, issued in the payment's transaction: it is
 * received at once and the after-sale window (refunds of unused tickets) starts.
 */
async function deliverTickets(context: OrderContext, order: OrderRecord): Promise<OrderRecord> {
  requireOrderAction(context, order, 'deliverTickets');
  const count = await issueTickets(context.tx, order, context.now);
  const settings = (await readParameterSetting(context.tx, order.siteId)).value;
  const afterSaleDays = settings.AfterSaleDays;
  const reviewDays = settings.AutoGoodReviewDays;
  const updated = await updateOrder(
    context,
    order,
    {
      state: 'received',
      receivedAt: context.now,
      completeDueAt: addDays(context.now, afterSaleDays),
      reviewDueAt: addDays(context.now, reviewDays),
    },
    'toShip',
  );
  await logOrder(context, order, {
    action: 'deliverTickets',
    from: 'toShip',
    to: 'received',
    detail: { Tickets: count },
  });
  return updated;
}

/** A walk-in order paid at the counter: the customer leaves with the goods, so it is completed. */
export async function payInStore(
  context: OrderContext,
  order: OrderRecord,
  method: PaymentMethod,
): Promise<OrderRecord> {
  requireOrderAction(context, order, 'payInStore');
  if (stockDecision('pay', orderStockFacts(order)) === 'take') await takeOrderStock(context, order);
  const updated = await updateOrder(
    context,
    order,
    {
      state: 'completed',
      paidFen: order.totalFen,
      paidAt: context.now,
      paymentMethod: method,
      receivedAt: context.now,
      completedAt: context.now,
      stockDeducted: true,
    },
    'toPay',
  );
  await addSold(context.tx, order.siteId, order.id, 1);
  await countPayment(context.tx, updated, context.now);
  await logOrder(context, order, {
    action: 'payInStore',
    from: 'toPay',
    to: 'completed',
    detail: { Method: method, AmountFen: order.totalFen },
  });
  return updated;
}

/**
 * The rules of every parcel, orders' and the points mall's exchange orders' alike: the shop's own
 * rider only for same-city delivery, a tracking number for every carrier.
 */
export function requireParcel(
  deliveryType: OrderRecord['deliveryType'],
  parcel: Pick<Parcel, 'carrier' | 'trackingNo'>,
): void {
  if (parcel.carrier === 'self' && deliveryType !== 'sameCity') {
    throw new AppError('order.selfDeliverySameCityOnly', {}, { field: 'Carrier' });
  }
  if (parcel.carrier !== 'self' && !parcel.trackingNo) {
    throw new AppError('order.trackingNoRequired', {}, { field: 'TrackingNo' });
  }
}

export interface Parcel {
  carrier: Carrier;
  trackingNo: string;
  /** Absent: every line not shipped yet. */
  lineIds?: readonly number[];
}

/**
 * Ships lines of an order waiting to ship. When every line has left, the order is shipped and the
 * automatic receipt confirmation is due after the settings' days; otherwise it keeps waiting.
 */
export async function shipOrder(
  context: OrderContext,
  order: OrderRecord,
  parcel: Parcel,
  settings: ParameterSetting,
): Promise<{ order: OrderRecord; shipmentId: number }> {
  await requireCommand(context, order, 'ship');
  requireParcel(order.deliveryType, parcel);
  const lines = await shippedLines(context.tx, order.id);
  const waiting = lines.filter((line) => !line.shipped).map((line) => line.id);
  let chosen = waiting;
  if (parcel.lineIds) {
    const wanted = [...new Set(parcel.lineIds)];
    const invalid = wanted.find((lineId) => !waiting.includes(lineId));
    if (invalid !== undefined)
      throw new AppError('order.lineNotShippable', { id: invalid }, { field: 'LineIds' });
    chosen = wanted;
  }
  const [shipment] = await context.tx
    .insert(orderShipments)
    .values({
      siteId: order.siteId,
      orderId: order.id,
      carrier: parcel.carrier,
      trackingNo: parcel.trackingNo,
      accountId: context.actor.accountId,
      shippedAt: context.now,
    })
    .returning({ id: orderShipments.id });
  await context.tx.execute(
    sql`update order_lines set shipment_id = ${shipment!.id}
         where order_id = ${order.id} and shipment_id is null and id in (${sql.join(
           chosen.map((lineId) => sql`${lineId}`),
           sql`, `,
         )})`,
  );
  const complete = chosen.length === waiting.length;
  const action = complete ? 'ship' : 'shipPart';
  requireOrderAction(context, order, action);
  const set: Partial<typeof orders.$inferInsert> = complete
    ? {
        state: 'shipped',
        shippedAt: context.now,
        confirmDueAt: addDays(context.now, settings.AutoConfirmDays),
      }
    : {};
  const updated = await updateOrder(context, order, set, 'toShip');
  await logOrder(context, order, {
    action,
    from: 'toShip',
    to: complete ? 'shipped' : 'toShip',
    detail: { Carrier: parcel.carrier, TrackingNo: parcel.trackingNo, LineIds: chosen },
  });
  // The buyer hears of each parcel by SMS: queued here through the outbox, sent by the sweep.
  await queueOrderShippedMessage(context.tx, {
    siteId: order.siteId,
    orderNo: order.orderNo,
    mobile: order.receiverPhone || order.buyerPhone,
    carrier: parcel.carrier,
    trackingNo: parcel.trackingNo,
    now: context.now,
  });
  // The buyer hears of the parcel when the last one leaves; buyers read the message in Chinese.
  if (complete && order.buyerId) {
    await enqueueSceneMessage(context.tx, {
      siteId: order.siteId,
      scene: 'orderShipped',
      openId: order.buyerId,
      fields: {
        orderNo: order.orderNo,
        goodsName: order.goodsName,
        carrier: translate('zh', `order.carrier.${parcel.carrier}`),
        trackingNo: parcel.trackingNo,
        shippedAt: shopDateTime(context.now).slice(0, 16),
        receiver: order.receiverName,
      },
      key: `scene:orderShipped:order:${order.id}`,
      now: context.now,
    });
  }
  return { order: updated, shipmentId: shipment!.id };
}

/** Receipt (buyer confirmation or a verified pickup code): the after-sale window starts. */
export async function receiveOrder(
  context: OrderContext,
  order: OrderRecord,
  action: 'confirmReceipt' | 'verifyPickup',
  settings: ParameterSetting,
): Promise<OrderRecord> {
  requireOrderAction(context, order, action);
  const updated = await updateOrder(context, order, {
    state: 'received',
    receivedAt: context.now,
    completeDueAt: addDays(context.now, settings.AfterSaleDays),
    reviewDueAt: addDays(context.now, settings.AutoGoodReviewDays),
  });
  await logOrder(context, order, { action, from: order.state, to: 'received' });
  return updated;
}

/** What is paid and not yet refunded. */
export function refundableFen(order: Pick<OrderRecord, 'paidFen' | 'refundedFen'>): number {
  return order.paidFen - order.refundedFen;
}

/** The buyer asks for money back: while the order is paid, and after receipt only within the after-sale window. */
export async function applyRefund(
  context: OrderContext,
  order: OrderRecord,
  amountFen: number,
  reason: string,
): Promise<OrderRecord> {
  if (!['toShip', 'shipped', 'received'].includes(order.state)) {
    throw illegalTransition(
      context.locale,
      order.orderNo,
      { machine: orderMachine, value: order.state },
      { machine: refundMachine, name: 'apply' },
    );
  }
  requireRefundAction(context, order, 'apply');
  if (order.state === 'received' && order.completeDueAt && order.completeDueAt <= context.now) {
    throw new AppError('order.afterSaleOver', { subject: order.orderNo });
  }
  if (amountFen > refundableFen(order)) {
    throw new AppError('order.refundTooMuch', { max: refundableFen(order) }, { field: 'AmountFen' });
  }
  await requireTicketRefund(context.tx, order, amountFen, 'AmountFen');
  await context.tx.insert(orderRefunds).values({
    siteId: order.siteId,
    orderId: order.id,
    state: 'requested',
    requestedFen: amountFen,
    reason,
    requestedAt: context.now,
  });
  const updated = await updateOrder(context, order, { refundState: 'requested' });
  await logOrder(context, order, {
    action: 'apply',
    from: order.refundState,
    to: 'requested',
    detail: { AmountFen: amountFen, Reason: reason },
  });
  return updated;
}

async function currentRefund(context: OrderContext, order: OrderRecord) {
  const [refund] = await queryRows<{ id: number; amount_fen: number; requested_fen: number; reason: string }>(
    context.tx,
    sql`select id, amount_fen, requested_fen, reason from order_refunds
         where order_id = ${order.id} and state in ('requested', 'approved') order by id desc limit 1 for update`,
  );
  if (!refund) throw new AppError('order.changedMeanwhile', { subject: order.orderNo });
  return refund;
}

async function decideRefund(
  context: OrderContext,
  order: OrderRecord,
  action: 'approveRefund' | 'rejectRefund',
  change: { amountFen: number; reply: string },
): Promise<OrderRecord> {
  requireRefundAction(context, order, action);
  const refund = await currentRefund(context, order);
  const to = action === 'approveRefund' ? 'approved' : 'rejected';
  await context.tx
    .update(orderRefunds)
    .set({
      state: to,
      amountFen: change.amountFen,
      reply: change.reply,
      decidedAt: context.now,
      decidedBy: context.actor.accountId,
    })
    .where(eq(orderRefunds.id, refund.id));
  const updated = await updateOrder(context, order, { refundState: to });
  await logOrder(context, order, {
    action,
    from: order.refundState,
    to,
    detail: { AmountFen: change.amountFen, Reason: change.reply },
  });
  // Approval is a step on the way; the buyer hears the result when the money is back or refused.
  if (to === 'rejected')
    await refundResultMessage(
      context,
      order,
      { id: refund.id, amountFen: refund.requested_fen, reason: change.reply },
      'rejected',
    );
  return updated;
}

export async function approveRefund(
  context: OrderContext,
  order: OrderRecord,
  amountFen: number,
  reply: string,
): Promise<OrderRecord> {
  requireRefundAction(context, order, 'approveRefund');
  if (amountFen > refundableFen(order)) {
    throw new AppError('order.refundTooMuch', { max: refundableFen(order) }, { field: 'AmountFen' });
  }
  // A ticket may have been used since the buyer asked.
  await requireTicketRefund(context.tx, order, amountFen, 'AmountFen');
  return decideRefund(context, order, 'approveRefund', { amountFen, reply });
}

export function rejectRefund(context: OrderContext, order: OrderRecord, reply: string): Promise<OrderRecord> {
  return decideRefund(context, order, 'rejectRefund', { amountFen: 0, reply });
}

/**
 * The approved money went back to the buyer. When everything paid is refunded the order closes;
 * goods that never left go back into stock and stop counting as sold.
 */
export async function markRefunded(context: OrderContext, order: OrderRecord): Promise<OrderRecord> {
  requireRefundAction(context, order, 'markRefunded');
  const refund = await currentRefund(context, order);
  await context.tx
    .update(orderRefunds)
    .set({ state: 'refunded', refundedAt: context.now })
    .where(eq(orderRefunds.id, refund.id));
  // Money a provider took goes back through it; the outbox sends it once this transaction commits.
  if (order.paymentMethod === 'wechat' || order.paymentMethod === 'alipay') {
    await enqueueRefund(context.tx, {
      siteId: order.siteId,
      orderNo: order.orderNo,
      refundId: refund.id,
      refundFen: refund.amount_fen,
      totalFen: order.paidFen,
      reason: refund.reason,
    });
  }
  const refunded = order.refundedFen + refund.amount_fen;
  const closing = refunded >= order.paidFen && can(orderMachine, order.state, 'refundClose');
  const nothingShipped =
    closing &&
    order.state === 'toShip' &&
    !(await shippedLines(context.tx, order.id)).some((line) => line.shipped);
  const stockBack =
    closing && stockDecision('refundClose', { ...orderStockFacts(order), nothingShipped }) === 'return';
  const set: Partial<typeof orders.$inferInsert> = {
    refundState: 'refunded',
    refundedFen: refunded,
    ...(closing ? { state: 'closed', closedAt: context.now } : {}),
    ...(stockBack ? { stockDeducted: false } : {}),
  };
  const updated = await updateOrder(context, order, set);
  await refundTickets(context.tx, order, refund.amount_fen, closing, context.now);
  await walletOnRefund(context, order, refund.amount_fen);
  await voidRefundedCommission(context.tx, updated, context.actor, context.now);
  await logOrder(context, order, {
    action: 'markRefunded',
    from: order.refundState,
    to: 'refunded',
    detail: { AmountFen: refund.amount_fen },
  });
  if (closing) {
    if (stockBack) await giveStockBack(context, order);
    await returnOrderCoupon(context.tx, order, context.now);
    await addSold(context.tx, order.siteId, order.id, -1);
    await logOrder(context, order, { action: 'refundClose', from: order.state, to: 'closed' });
    await activityClosed({ tx: context.tx, order, at: context.now, stockReturned: stockBack });
  }
  await countRefund(context.tx, order.siteId, refund.amount_fen, context.now);
  await refundResultMessage(
    context,
    order,
    { id: refund.id, amountFen: refund.amount_fen, reason: refund.reason },
    'refunded',
  );
  return updated;
}

/** 12.34元: an amount as subscribe messages' `amount` keywords take it. */
function yuan(fen: number): string {
  return `${(fen / 100).toFixed(2)}元`;
}

/** The buyer's refund result message, once per refund whatever the outcome. */
async function refundResultMessage(
  context: OrderContext,
  order: OrderRecord,
  refund: { id: number; amountFen: number; reason: string },
  outcome: 'refunded' | 'rejected',
): Promise<void> {
  if (!order.buyerId) return;
  await enqueueSceneMessage(context.tx, {
    siteId: order.siteId,
    scene: 'refundResult',
    openId: order.buyerId,
    fields: {
      orderNo: order.orderNo,
      amount: yuan(refund.amountFen),
      // Buyers read the message in Chinese, as the shipped message's carrier.
      result: translate('zh', `order.refundResult.${outcome}`),
      reason: refund.reason,
    },
    key: `scene:refundResult:refund:${refund.id}`,
    now: context.now,
  });
}

/** `sql` list of ids for IN (…); callers never pass an empty list. */
export function idList(ids: readonly number[]): SQL {
  return sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}
