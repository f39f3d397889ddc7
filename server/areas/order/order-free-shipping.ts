import { type FreeShippingActivity, freeShippingStage, linesOutside } from '../../../contract/free-shipping';
import {
  type FreeShippingStage,
  type PriceBreakdown,
  type PricingInput,
  priceOrder,
} from '../../../contract/pricing';
import type { Executor } from '../../db/client';
import { destinationOf } from '../comm/service';
import { runningFreeShipping } from '../free-shipping/service';
import { expressFreight } from './express-freight';
import type { PricedLine } from './pricing';

/**
 * The free-shipping stage of an express order: each running activity that covers the address and
 * some of the cart's goods, with the freight the goods it leaves out still owe (worked out by the
 * one freight function). The exclusion rule keeps two activities off the same goods and region, so
 * more than one only comes up for different goods of one cart; the order takes the one saving most.
 */
export async function freeShippingStages(
  tx: Executor,
  siteId: number,
  lines: readonly PricedLine[],
  address: { Province: string; City: string },
  now: Date,
): Promise<FreeShippingStage[]> {
  return freeShippingStagesOf(await runningFreeShipping(tx, siteId, now), lines, address);
}

/** freeShippingStages from the running activities, read already (runningFreeShippingRead). */
export function freeShippingStagesOf(
  activities: readonly FreeShippingActivity[],
  lines: readonly PricedLine[],
  address: { Province: string; City: string },
): FreeShippingStage[] {
  if (activities.length === 0) return [];
  const destination = destinationOf(address.Province, address.City);
  return activities.flatMap((activity) => {
    const outside = linesOutside(activity, lines);
    const outsideFen = outside.length === 0 ? 0 : expressFreight(outside, address).freightFen;
    const stage = freeShippingStage(activity, lines, destination, outsideFen);
    return stage ? [stage] : [];
  });
}

/** The order priced with the free-shipping stage that leaves the least to pay (none when none helps). */
export function priceWithFreeShipping(
  input: Omit<PricingInput, 'freeShipping'>,
  stages: readonly FreeShippingStage[],
): PriceBreakdown {
  let best = priceOrder(input);
  for (const stage of stages) {
    const priced = priceOrder({ ...input, freeShipping: stage });
    if (priced.totalFen < best.totalFen) best = priced;
  }
  return best;
}
