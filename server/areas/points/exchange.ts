import { and, eq, sql } from 'drizzle-orm';
import { type EXCHANGE_EVENTS, EXCHANGE_NO_PREFIX } from '../../../contract/endpoints/points-exchange';
import type { Address, ONLINE_PAYMENT_METHODS } from '../../../contract/machines/order';
import {
  type ExchangeAction,
  type ExchangeState,
  exchangeMachine,
} from '../../../contract/machines/points-exchange';
import { exchangeProblem, pointsGoodsState } from '../../../contract/points';
import { shopDate } from '../../../contract/shop-time';
import { actionLabelKey, can, stateLabelKey } from '../../../contract/state-machine';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { type Locale, translate } from '../../i18n/messages';
import { credit, debit, ensureMember, holding, type WalletActor } from '../customer/service';
import { readParameterSetting, requireParcel } from '../order/service';
import { enqueueRefund } from '../payment/service';
import { issueExchangeTickets } from '../ticket/service';
import { pointsExchangeLog, pointsExchanges } from './tables';
import './messages';

/**
 * Exchange orders, as functions over the caller's transaction (the storefront's routes, the
 * operators' routes, the sweeps and the demo seed call them). Locks follow the order every
 * transition of the shop follows: the exchange row, then the buyer's wallet, then the member, then
 * the goods row; each state change is an UPDATE guarded by the state it leaves.
 */

export type ExchangeRecord = typeof pointsExchanges.$inferSelect;
type ExchangeEvent = (typeof EXCHANGE_EVENTS)[number];

export interface ExchangeContext {
  tx: Executor;
  siteId: number;
  actor: WalletActor;
  now: Date;
  locale: Locale;
}

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

async function logExchange(
  context: ExchangeContext,
  exchange: Pick<ExchangeRecord, 'id' | 'siteId'>,
  event: ExchangeEvent,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await context.tx.insert(pointsExchangeLog).values({
    siteId: exchange.siteId,
    exchangeId: exchange.id,
    event,
    actor: context.actor.kind,
    accountId: context.actor.accountId,
    actorName: context.actor.name,
    detail,
    at: context.now,
  });
}

/** The site's exchange order by id or number; another buyer's (when `buyerId` is given) is not found. */
export async function findExchange(
  tx: Executor,
  siteId: number,
  key: { id: number } | { exchangeNo: string },
  buyerId?: string,
  lock = false,
): Promise<ExchangeRecord> {
  const match = 'id' in key ? eq(pointsExchanges.id, key.id) : eq(pointsExchanges.exchangeNo, key.exchangeNo);
  const query = tx
    .select()
    .from(pointsExchanges)
    .where(and(eq(pointsExchanges.siteId, siteId), match));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || (buyerId !== undefined && row.buyerId !== buyerId)) {
    const id = 'id' in key ? key.id : key.exchangeNo;
    throw new AppError('points.exchange.notFound', { id }, { field: 'id' in key ? 'Id' : 'ExchangeNo' });
  }
  return row;
}

/** The same, locked for a transition. */
export function lockExchange(
  tx: Executor,
  siteId: number,
  key: { id: number } | { exchangeNo: string },
  buyerId?: string,
): Promise<ExchangeRecord> {
  return findExchange(tx, siteId, key, buyerId, true);
}

function requireAction(context: { locale: Locale }, exchange: ExchangeRecord, action: ExchangeAction): void {
  if (can(exchangeMachine, exchange.state, action)) return;
  throw new AppError(
    'points.exchange.illegal',
    {
      subject: exchange.exchangeNo,
      state: translate(context.locale, stateLabelKey(exchangeMachine, exchange.state)),
      action: translate(context.locale, actionLabelKey(exchangeMachine, action)),
    },
    { field: 'Action' },
  );
}

async function moveTo(
  context: ExchangeContext,
  exchange: ExchangeRecord,
  to: ExchangeState,
  set: Partial<typeof pointsExchanges.$inferInsert> = {},
): Promise<ExchangeRecord> {
  const [updated] = await context.tx
    .update(pointsExchanges)
    .set({ ...set, state: to, version: sql`${pointsExchanges.version} + 1`, updatedAt: context.now })
    .where(and(eq(pointsExchanges.id, exchange.id), eq(pointsExchanges.state, exchange.state)))
    .returning();
  if (!updated) throw new AppError('points.exchange.notFound', { id: exchange.exchangeNo }, { field: 'Id' });
  return updated;
}

/** Moves a points good's stock by `delta`, guarded so it never goes below zero, with its log row. */
async function moveGoodsStock(
  context: ExchangeContext,
  goodsId: number,
  delta: number,
  reason: 'exchange' | 'cancel',
  exchangeNo: string,
): Promise<number | null> {
  const [row] = await queryRows<{ stock: number }>(
    context.tx,
    sql`update points_products set stock = stock + ${delta}, exchanged = exchanged - ${delta},
               version = version + 1, updated_at = now()
         where id = ${goodsId} and site_id = ${context.siteId} and stock + ${delta} >= 0
         returning stock`,
  );
  if (!row) return null;
  await context.tx.execute(
    sql`insert into points_goods_stock_log (site_id, goods_id, delta, after, reason, exchange_no, account_id,
                                            actor_name, created_at)
        values (${context.siteId}, ${goodsId}, ${delta}, ${row.stock}, ${reason}, ${exchangeNo},
                ${context.actor.accountId}, ${context.actor.name}, ${context.now.toISOString()}::timestamptz)`,
  );
  return row.stock;
}

export interface ExchangeRequest {
  buyer: { id: string; name: string; phone: string };
  goodsId: number;
  quantity: number;
  address: Address | undefined;
  remark: string;
}

interface GoodsRecord extends Record<string, unknown> {
  id: number;
  title: string;
  image: string;
  kind: ExchangeRecord['kind'];
  product_id: number | null;
  points: number;
  price_fen: number;
  stock: number;
  per_member_limit: number;
  status: 'on' | 'off';
  starts_at: Date | string;
  ends_at: Date | string | null;
  cover: string | null;
}

/**
 * The buyer exchanges points for goods: under the wallet's lock the goods' state, stock, the
 * member's limit and the points are checked, then the stock and the points are taken (each by a
 * guarded UPDATE with its ledger row) and the exchange order made. Goods with a cash part wait for
 * payment; a virtual good without one is delivered at once.
 */
export async function exchangeGoods(
  context: ExchangeContext,
  request: ExchangeRequest,
): Promise<ExchangeRecord> {
  const { tx, siteId, now } = context;
  const wallet = { siteId, buyerId: request.buyer.id, currency: 'points' as const };
  const balance = await holding(tx, wallet, true);
  const memberId = await ensureMember(tx, {
    siteId,
    openId: request.buyer.id,
    nickname: request.buyer.name,
    mobile: request.buyer.phone,
    source: 'miniProgram',
    now,
  });
  const [goods] = await queryRows<GoodsRecord>(
    tx,
    sql`select g.id, g.title, g.image, g.kind, g.product_id, g.points, g.price_fen, g.stock, g.per_member_limit,
               g.status, g.starts_at, g.ends_at, p.gallery->>0 as cover
          from points_products g left join products p on p.id = g.product_id
         where g.id = ${request.goodsId} and g.site_id = ${siteId} and not g.deleted
           for update of g`,
  );
  if (!goods) throw new AppError('points.goods.notFound', { id: request.goodsId }, { field: 'GoodsId' });
  if (goods.product_id === null)
    throw new AppError('points.goods.notReady', { title: goods.title }, { field: 'GoodsId' });
  if (goods.kind === 'physical' && !request.address) {
    throw new AppError('points.exchange.addressRequired', {}, { field: 'Address' });
  }
  const [taken] = await queryRows<{ units: number }>(
    tx,
    sql`select coalesce(sum(quantity), 0)::int as units from points_exchanges
         where site_id = ${siteId} and member_id = ${memberId} and goods_id = ${goods.id} and state <> 'cancelled'`,
  );
  const problem = exchangeProblem({
    state: pointsGoodsState({ status: goods.status, startsAt: goods.starts_at, endsAt: goods.ends_at }, now),
    stock: goods.stock,
    quantity: request.quantity,
    perMemberLimit: goods.per_member_limit,
    alreadyExchanged: taken?.units ?? 0,
    unitPoints: goods.points,
    balance,
  });
  if (problem) {
    const { key, ...params } = problem;
    const field = key === 'overLimit' || key === 'stockShort' ? 'Quantity' : 'GoodsId';
    throw new AppError(`points.exchange.${key}`, params, { field });
  }

  const [reserved] = await queryRows<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('points_exchanges', 'id'))::int as id`,
  );
  const id = reserved!.id;
  const exchangeNo = `${EXCHANGE_NO_PREFIX}${shopDate(now).replaceAll('-', '')}${String(id).padStart(8, '0')}`;
  if ((await moveGoodsStock(context, goods.id, -request.quantity, 'exchange', exchangeNo)) === null) {
    throw new AppError('points.exchange.soldOut', {}, { field: 'GoodsId' });
  }
  const points = goods.points * request.quantity;
  const cashFen = goods.price_fen * request.quantity;
  const unpaidMinutes = (await readParameterSetting(tx, siteId)).value.UnpaidCloseMinutes.Normal;
  const [exchange] = await tx
    .insert(pointsExchanges)
    .values({
      id,
      siteId,
      exchangeNo,
      state: cashFen > 0 ? 'toPay' : 'toShip',
      memberId,
      buyerId: request.buyer.id,
      buyerName: request.buyer.name,
      buyerPhone: request.buyer.phone,
      goodsId: goods.id,
      kind: goods.kind,
      productId: goods.product_id,
      title: goods.title,
      image: goods.image || goods.cover || '',
      quantity: request.quantity,
      unitPoints: goods.points,
      points,
      unitCashFen: goods.price_fen,
      cashFen,
      address: goods.kind === 'physical' ? (request.address ?? null) : null,
      receiverName: request.address?.Name ?? request.buyer.name,
      receiverPhone: request.address?.Phone ?? request.buyer.phone,
      buyerRemark: request.remark,
      createdAt: now,
      payDueAt: cashFen > 0 ? new Date(now.getTime() + unpaidMinutes * MINUTE_MS) : null,
      updatedAt: now,
    })
    .returning();
  await debit(
    tx,
    { ...wallet, amount: points, reason: 'points_exchange', orderNo: exchangeNo, actor: context.actor, now },
    (held) =>
      new AppError('points.exchange.pointsShort', { needed: points, balance: held }, { field: 'GoodsId' }),
  );
  await logExchange(context, exchange!, 'create', {
    Points: points,
    CashFen: cashFen,
    Quantity: request.quantity,
  });
  return exchange!.state === 'toShip' && exchange!.kind === 'virtual'
    ? deliverTickets(context, exchange!)
    : exchange!;
}

/** A virtual good is delivered by its tickets, issued in the same transaction. */
async function deliverTickets(context: ExchangeContext, exchange: ExchangeRecord): Promise<ExchangeRecord> {
  requireAction(context, exchange, 'deliverTickets');
  const count = await issueExchangeTickets(
    context.tx,
    {
      id: exchange.id,
      siteId: exchange.siteId,
      memberId: exchange.memberId,
      productId: exchange.productId!,
      goodsName: exchange.title,
      unitFen: exchange.unitCashFen,
      quantity: exchange.quantity,
    },
    context.now,
  );
  const updated = await moveTo(context, exchange, 'completed', { completedAt: context.now });
  await logExchange(context, exchange, 'deliverTickets', { Tickets: count });
  return updated;
}

/** Whether the exchange may be paid now with this amount; checked again under the lock when it is. */
export function assertExchangePayable(
  context: Pick<ExchangeContext, 'locale' | 'now'>,
  exchange: ExchangeRecord,
  amountFen: number,
): void {
  requireAction(context, exchange, 'pay');
  if (exchange.payDueAt && exchange.payDueAt.getTime() <= context.now.getTime()) {
    throw new AppError(
      'points.exchange.payExpired',
      { subject: exchange.exchangeNo },
      { field: 'ExchangeNo' },
    );
  }
  if (amountFen !== exchange.cashFen) {
    throw new AppError(
      'points.exchange.amountMismatch',
      { expected: exchange.cashFen, given: amountFen },
      { field: 'AmountFen' },
    );
  }
}

export interface ExchangePayment {
  method: (typeof ONLINE_PAYMENT_METHODS)[number];
  amountFen: number;
  transactionNo: string;
}

/** The cash part is paid: from the buyer's stored value for `balance`, otherwise by the provider. */
export async function payExchange(
  context: ExchangeContext,
  exchange: ExchangeRecord,
  payment: ExchangePayment,
): Promise<ExchangeRecord> {
  assertExchangePayable(context, exchange, payment.amountFen);
  if (payment.method === 'balance') {
    await debit(
      context.tx,
      {
        siteId: exchange.siteId,
        buyerId: exchange.buyerId,
        currency: 'balance',
        amount: exchange.cashFen,
        reason: 'order_payment',
        orderNo: exchange.exchangeNo,
        actor: context.actor,
        now: context.now,
      },
      (available) =>
        new AppError(
          'wallet.balanceShort',
          { available, needed: exchange.cashFen },
          { field: 'PaymentMethod' },
        ),
    );
  }
  const paid = await moveTo(context, exchange, 'toShip', {
    paidAt: context.now,
    paymentMethod: payment.method,
    transactionNo: payment.transactionNo,
  });
  await logExchange(context, exchange, 'pay', { Method: payment.method, AmountFen: exchange.cashFen });
  return paid.kind === 'virtual' ? deliverTickets(context, paid) : paid;
}

/** Ships a physical good with a carrier and tracking number, by the order area's rules of a parcel. */
export async function shipExchange(
  context: ExchangeContext,
  exchange: ExchangeRecord,
  parcel: { carrier: NonNullable<ExchangeRecord['carrier']>; trackingNo: string },
): Promise<ExchangeRecord> {
  requireAction(context, exchange, 'ship');
  requireParcel('express', parcel);
  const autoConfirmDays = (await readParameterSetting(context.tx, exchange.siteId)).value.AutoConfirmDays;
  const shipped = await moveTo(context, exchange, 'shipped', {
    carrier: parcel.carrier,
    trackingNo: parcel.trackingNo,
    shippedAt: context.now,
    confirmDueAt: new Date(context.now.getTime() + autoConfirmDays * DAY_MS),
  });
  await logExchange(context, exchange, 'ship', { Carrier: parcel.carrier, TrackingNo: parcel.trackingNo });
  return shipped;
}

export async function confirmExchange(
  context: ExchangeContext,
  exchange: ExchangeRecord,
): Promise<ExchangeRecord> {
  requireAction(context, exchange, 'confirmReceipt');
  const completed = await moveTo(context, exchange, 'completed', { completedAt: context.now });
  await logExchange(context, exchange, 'confirmReceipt');
  return completed;
}

/**
 * Cancels an exchange not shipped: by an operator, by the buyer before paying, or by the unpaid
 * sweep. The points, any cash paid (through the provider's outbox, or to the stored value) and
 * the stock go back, each once: the state guard lets only one cancel through.
 */
export async function cancelExchangeOrder(
  context: ExchangeContext,
  exchange: ExchangeRecord,
  action: 'cancel' | 'withdraw' | 'expire',
  reason: string,
): Promise<ExchangeRecord> {
  requireAction(context, exchange, action);
  const cancelled = await moveTo(context, exchange, 'cancelled', {
    cancelledAt: context.now,
    cancelReason: reason,
  });
  const key = { siteId: exchange.siteId, buyerId: exchange.buyerId, orderNo: exchange.exchangeNo };
  await credit(context.tx, {
    ...key,
    currency: 'points',
    amount: exchange.points,
    reason: 'points_exchange_return',
    actor: context.actor,
    now: context.now,
  });
  if (exchange.paidAt && exchange.cashFen > 0) {
    if (exchange.paymentMethod === 'balance') {
      await credit(context.tx, {
        ...key,
        currency: 'balance',
        amount: exchange.cashFen,
        reason: 'order_refund',
        actor: context.actor,
        now: context.now,
      });
    } else {
      await enqueueRefund(context.tx, {
        siteId: exchange.siteId,
        orderNo: exchange.exchangeNo,
        refundId: exchange.id,
        refundFen: exchange.cashFen,
        totalFen: exchange.cashFen,
        reason: reason || 'exchange cancelled',
      });
    }
  }
  await moveGoodsStock(context, exchange.goodsId, exchange.quantity, 'cancel', exchange.exchangeNo);
  await logExchange(context, exchange, action, reason ? { Reason: reason } : {});
  return cancelled;
}
