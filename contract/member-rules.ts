/**
 * Pure rules of grades and stored value: the recharge rule a recharge gets, and the growth an order
 * earns and gives back. The server applies them in its transactions; the tables beside test them.
 */

/** The rule a recharge of `amountFen` gets: the highest pay amount not above it (the first of equals). */
export function matchRechargeRule<Rule extends { PayFen: number }>(
  rules: readonly Rule[],
  amountFen: number,
): Rule | null {
  let best: Rule | null = null;
  for (const rule of rules) {
    if (rule.PayFen <= amountFen && (best === null || rule.PayFen > best.PayFen)) best = rule;
  }
  return best;
}

/** Growth for `amountFen` paid at `perYuan` growth a whole yuan (fen below a yuan earn nothing). */
export function growthForAmount(amountFen: number, perYuan: number): number {
  return Math.floor(Math.max(0, amountFen) / 100) * Math.max(0, perYuan);
}

/** Growth a refund takes back: the refunded share of what was granted, rounded down, never more. */
export function growthToTakeBack(granted: number, paidFen: number, refundFen: number): number {
  if (granted <= 0 || paidFen <= 0 || refundFen <= 0) return 0;
  return Math.min(granted, Math.floor((granted * Math.min(refundFen, paidFen)) / paidFen));
}
