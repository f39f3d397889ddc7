import type { Executor } from '../../db/client';

export { postBuyerComment, postBuyerFollowUp } from './buyer-comments';

/**
 * Counts unfinished orders per goods id. The orders area registers one when it exists; until then
 * nothing references goods and purging is never blocked by orders.
 */
export type UnfinishedOrderCounter = (
  db: Executor,
  siteId: number,
  productIds: readonly number[],
) => Promise<ReadonlyMap<number, number>>;

const counters: UnfinishedOrderCounter[] = [];

export function registerUnfinishedOrderReferences(counter: UnfinishedOrderCounter): void {
  counters.push(counter);
}

/** Unfinished orders referencing each goods id (0 when none). */
export async function unfinishedOrderReferences(
  db: Executor,
  siteId: number,
  productIds: readonly number[],
): Promise<Map<number, number>> {
  const totals = new Map(productIds.map((id) => [id, 0]));
  for (const counter of counters) {
    const counts = await counter(db, siteId, productIds);
    for (const [id, count] of counts) totals.set(id, (totals.get(id) ?? 0) + count);
  }
  return totals;
}
