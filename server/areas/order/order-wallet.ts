import { sql } from 'drizzle-orm';
import { DEFAULT_PARAMETER_SETTING } from '../../../contract/endpoints/orders';
import type { PaymentMethod } from '../../../contract/machines/order';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import type { OrderRecord } from './lifecycle';
import type { RechargeRecord } from './recharge';
import { readParameterSetting } from './settings';
import './wallet-messages';
import {
  applyRechargeBonus,
  credit,
  debit,
  grantOrderGrowth,
  takeBackOrderGrowth,
  takeBackRechargeBonus,
  takeUpTo,
  type WalletActor,
} from '../customer/service';
import { returnOrderPoints } from './order-points';
import { pointsForAmount, pointsToTakeBack } from './points';

/**
 * What orders do to wallets, called by the order transitions in their transaction, after the
 * order's lock and before the sales summary's: a balance payment and its refund, the points an
 * order earns (at payment or completion, as the shop set) and gives back on refunds, and the points
 * it paid with, given back on refunds.
 */

export interface WalletMoment {
  tx: Executor;
  actor: WalletActor;
  now: Date;
}

type OrderFacts = Pick<OrderRecord, 'siteId' | 'orderNo' | 'buyerId' | 'source'>;

/** Walk-in customers have no storefront account to hold points. */
function earnsPoints(order: OrderFacts): boolean {
  return order.buyerId !== '' && order.source !== 'offline';
}

function shortOfBalance(needed: number) {
  return (available: number) =>
    new AppError('wallet.balanceShort', { available, needed }, { field: 'PaymentMethod' });
}

/** Pays `amountFen` of an order (or a data top-up) from the buyer's stored value. */
export async function payFromBalance(
  moment: WalletMoment,
  order: Pick<OrderFacts, 'siteId' | 'orderNo' | 'buyerId'>,
  amountFen: number,
): Promise<void> {
  if (amountFen === 0) return;
  await debit(
    moment.tx,
    { ...order, currency: 'balance', amount: amountFen, reason: 'order_payment', ...moment },
    shortOfBalance(amountFen),
  );
}

/** Gives refunded money of a balance payment back to the stored value. */
export async function refundToBalance(
  moment: WalletMoment,
  order: Pick<OrderFacts, 'siteId' | 'orderNo' | 'buyerId'>,
  amountFen: number,
): Promise<void> {
  if (amountFen === 0) return;
  await credit(moment.tx, {
    ...order,
    currency: 'balance',
    amount: amountFen,
    reason: 'order_refund',
    ...moment,
  });
}

/** The points an order was granted, 0 before its grant. */
async function grantedPoints(tx: Executor, order: OrderFacts): Promise<number | null> {
  const [row] = await queryRows<{ delta: number }>(
    tx,
    sql`select delta from wallet_ledger
         where site_id = ${order.siteId} and order_no = ${order.orderNo} and reason = 'points_grant'`,
  );
  return row?.delta ?? null;
}

/**
 * Grants an order's points for `amountFen` unless it has had them: whichever moment comes second
 * (a setting changed between payment and completion, a sweep run twice) finds the grant and stops.
 */
export async function grantOrderPoints(
  moment: WalletMoment,
  order: OrderFacts,
  amountFen: number,
  pointsPerYuan: number,
): Promise<number> {
  if (!earnsPoints(order)) return 0;
  const points = pointsForAmount(amountFen, pointsPerYuan);
  if (points === 0 || (await grantedPoints(moment.tx, order)) !== null) return 0;
  await credit(moment.tx, {
    ...order,
    currency: 'points',
    amount: points,
    reason: 'points_grant',
    ...moment,
  });
  return points;
}

/** The order is being paid: the balance is debited and, when the shop grants at payment, points added. */
export async function walletOnPayment(
  moment: WalletMoment,
  order: OrderRecord,
  method: PaymentMethod,
): Promise<void> {
  if (method === 'balance') await payFromBalance(moment, order, order.totalFen);
  if (!earnsPoints(order)) return;
  await grantOrderGrowth(moment.tx, { ...order, now: moment.now }, order.totalFen);
  const { value } = await readParameterSetting(moment.tx, order.siteId);
  if (value.PointsGrant === 'payment') {
    await grantOrderPoints(moment, order, order.totalFen, value.PointsPerYuan);
  }
}

/** Money of the order went back: to the stored value if it came from there; points in proportion. */
export async function walletOnRefund(
  moment: WalletMoment,
  order: OrderRecord,
  refundFen: number,
): Promise<void> {
  if (order.paymentMethod === 'balance') await refundToBalance(moment, order, refundFen);
  await returnOrderPoints(moment, order, { refundFen });
  if (!earnsPoints(order)) return;
  await takeBackOrderGrowth(moment.tx, { ...order, now: moment.now }, order.paidFen, refundFen);
  const granted = await grantedPoints(moment.tx, order);
  const points = pointsToTakeBack({
    granted: granted ?? 0,
    paidFen: order.paidFen,
    refundedBeforeFen: order.refundedFen,
    refundFen,
  });
  if (points === 0) return;
  await takeUpTo(moment.tx, {
    ...order,
    currency: 'points',
    amount: points,
    reason: 'points_reversal',
    ...moment,
  });
}

/**
 * Points for orders the completion sweep just completed, for shops granting at completion, on what
 * was paid and not refunded. Buyers' wallets are taken in one order, so two sweeps never wait on
 * each other's wallets.
 */
export async function grantCompletedOrders(tx: Executor, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const rows = await queryRows<{
    site_id: number;
    order_no: string;
    buyer_id: string;
    source: OrderRecord['source'];
    net_fen: number;
    points_per_yuan: number;
    completed_at: Date | string;
  }>(
    tx,
    sql`select o.site_id, o.order_no, o.buyer_id, o.source, o.paid_fen - o.refunded_fen as net_fen,
               coalesce(s.points_per_yuan, ${DEFAULT_PARAMETER_SETTING.PointsPerYuan}) as points_per_yuan, o.completed_at
          from orders o left join order_parameter_settings s on s.site_id = o.site_id
         where o.id in (${sql.join(
           orderIds.map((id) => sql`${id}`),
           sql`, `,
         )}) and o.buyer_id <> '' and o.source <> 'offline'
           and coalesce(s.points_grant, ${DEFAULT_PARAMETER_SETTING.PointsGrant}) = 'completion'
         order by o.site_id, o.buyer_id, o.id`,
  );
  for (const row of rows) {
    await grantOrderPoints(
      { tx, actor: { kind: 'system', accountId: null, name: '' }, now: new Date(row.completed_at) },
      { siteId: row.site_id, orderNo: row.order_no, buyerId: row.buyer_id, source: row.source },
      row.net_fen,
      row.points_per_yuan,
    );
  }
}

type RechargeFacts = Pick<RechargeRecord, 'siteId' | 'orderNo' | 'buyerId' | 'amountFen'>;

/** A paid stored-value recharge adds its amount to the buyer's balance. */
export async function creditRecharge(moment: WalletMoment, recharge: RechargeFacts): Promise<void> {
  await credit(moment.tx, {
    ...recharge,
    currency: 'balance',
    amount: recharge.amountFen,
    reason: 'recharge',
    ...moment,
  });
  await applyRechargeBonus(moment, recharge);
}

/** Refunding a credited recharge takes its amount back, refused when the buyer has spent part of it. */
export async function takeBackRecharge(moment: WalletMoment, recharge: RechargeFacts): Promise<void> {
  await takeBackRechargeBonus(moment, recharge);
  await debit(
    moment.tx,
    { ...recharge, currency: 'balance', amount: recharge.amountFen, reason: 'recharge_refund', ...moment },
    (available) =>
      new AppError(
        'wallet.rechargeSpent',
        { subject: recharge.orderNo, available, needed: recharge.amountFen },
        { field: 'Action' },
      ),
  );
}
