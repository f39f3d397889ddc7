import type { PaymentEnvironment } from '../../config';
import type { Database } from '../../db/client';
import { reconcilePayouts } from './payouts';
import { settleDueCommission } from './settlement';

/**
 * Distribution's time-based work: due commission settles, and the answers about payouts to WeChat
 * change are applied. Both are guarded by the states they leave, safe from several instances.
 */

// A type rather than an interface, so it fits the area list's `Record<string, number>` of counts.
export type DistributionSweepCounts = {
  settledCommissions: number;
  paidWithdrawals: number;
  failedWithdrawals: number;
};

export async function runDistributionSweeps(
  db: Database,
  now: Date,
  environment: PaymentEnvironment,
): Promise<DistributionSweepCounts> {
  const { settled } = await settleDueCommission(db, now);
  const payouts = await reconcilePayouts(db, now, environment);
  return { settledCommissions: settled, paidWithdrawals: payouts.paid, failedWithdrawals: payouts.failed };
}
