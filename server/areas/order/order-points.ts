import { sql } from 'drizzle-orm';
import type { PointsStage, PriceBreakdown } from '../../../contract/pricing';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { credit, debit, holding, type WalletActor } from '../customer/service';
import { readPointsSetting } from '../points/service';
import type { OrderRecord } from './lifecycle';
import { pointsToTakeBack } from './points';
import './points-messages';

/**
 * The points stage of an order (DESIGN §11): the buyer's points pay part of the goods as the
 * shop's points rules allow. The wallet is locked first thing, before the member, the goods and the
 * order (the order every transition follows: wallet, then member, then goods), so two orders
 * spending the same points wait on each other and the second sees what the first left. The points
 * are taken with a guarded UPDATE and a ledger row once the order exists, and given back when it
 * closes unpaid or in proportion to each refund.
 */

/** The points stage for `requested` points, or null when none are asked for. Refuses what cannot be. */
export async function pointsStageFor(
  tx: Executor,
  siteId: number,
  buyerId: string,
  requested: number,
): Promise<PointsStage | null> {
  if (requested <= 0) return null;
  const setting = await readPointsSetting(tx, siteId);
  if (!setting.DeductionEnabled) throw new AppError('order.pointsOff', {}, { field: 'Points' });
  const balance = await holding(tx, { siteId, buyerId, currency: 'points' }, true);
  if (requested > balance)
    throw new AppError('order.pointsShort', { balance, requested }, { field: 'Points' });
  return {
    requested,
    balance,
    pointsPerYuan: setting.DeductPointsPerYuan,
    maxPercent: setting.MaxDeductPercent,
    minimumFen: setting.MinOrderFen,
  };
}

/**
 * The pricing function lets points pass on an order under the minimum; a buyer who asked for them
 * hears why instead.
 */
export function requirePointsMinimum(stage: PointsStage | null, price: PriceBreakdown): void {
  const minimumFen = stage?.minimumFen ?? 0;
  const goodsFen = price.goodsFen - price.activityFen - price.gradeFen - price.couponFen;
  if (goodsFen < minimumFen) {
    throw new AppError('order.pointsMinimum', { min: (minimumFen / 100).toFixed(2) }, { field: 'Points' });
  }
}

/** Takes the points the order's price used, guarded, with the ledger row naming the order. */
export async function spendOrderPoints(
  tx: Executor,
  order: Pick<OrderRecord, 'siteId' | 'orderNo' | 'buyerId'>,
  points: number,
  actor: WalletActor,
  now: Date,
): Promise<void> {
  if (points <= 0) return;
  await debit(
    tx,
    { ...order, currency: 'points', amount: points, reason: 'points_deduction', actor, now },
    (balance) => new AppError('order.pointsShort', { balance, requested: points }, { field: 'Points' }),
  );
}

/** Points the order took and those already given back. */
async function orderPoints(tx: Executor, order: Pick<OrderRecord, 'siteId' | 'orderNo'>) {
  const [row] = await queryRows<{ used: number; returned: number }>(
    tx,
    sql`select coalesce(-sum(delta) filter (where reason = 'points_deduction'), 0)::int as used,
               coalesce(sum(delta) filter (where reason = 'points_deduction_return'), 0)::int as returned
          from wallet_ledger
         where site_id = ${order.siteId} and order_no = ${order.orderNo} and currency = 'points'
           and reason in ('points_deduction', 'points_deduction_return')`,
  );
  return { used: row?.used ?? 0, returned: row?.returned ?? 0 };
}

/**
 * Gives the order's points back, in the transaction that closes or refunds it: all that is left
 * when it closes unpaid, or the share of a refund (working from the running total, so partial
 * refunds add up to one refund of their sum, and a full refund gives every point back).
 */
export async function returnOrderPoints(
  moment: { tx: Executor; actor: WalletActor; now: Date },
  order: Pick<OrderRecord, 'siteId' | 'orderNo' | 'buyerId' | 'paidFen' | 'refundedFen'>,
  change: { closing: true } | { refundFen: number },
): Promise<number> {
  const { used, returned } = await orderPoints(moment.tx, order);
  if (used === 0) return 0;
  const owed =
    'closing' in change
      ? used
      : pointsToTakeBack({
          granted: used,
          paidFen: order.paidFen,
          refundedBeforeFen: 0,
          refundFen: order.refundedFen + change.refundFen,
        });
  const points = owed - returned;
  if (points <= 0) return 0;
  await credit(moment.tx, {
    siteId: order.siteId,
    buyerId: order.buyerId,
    orderNo: order.orderNo,
    currency: 'points',
    amount: points,
    reason: 'points_deduction_return',
    actor: moment.actor,
    now: moment.now,
  });
  return points;
}
