/** Points rules: whole points only, rounded in the buyer's favour never the other way. */

/** Points an amount earns: floor(yuan × rate). */
export function pointsForAmount(amountFen: number, pointsPerYuan: number): number {
  if (amountFen <= 0 || pointsPerYuan <= 0) return 0;
  return Math.floor((amountFen * pointsPerYuan) / 100);
}

export interface RefundShare {
  /** Points the order earned. */
  granted: number;
  paidFen: number;
  /** Refunded before this refund. */
  refundedBeforeFen: number;
  refundFen: number;
}

/**
 * Points a refund takes back: the order's grant in proportion to what is refunded so far, less
 * what earlier refunds' share already was. Working from the running total keeps several partial
 * refunds from taking back more (or less) than one refund of their sum.
 */
export function pointsToTakeBack(share: RefundShare): number {
  const { granted, paidFen, refundedBeforeFen, refundFen } = share;
  if (granted <= 0 || paidFen <= 0 || refundFen <= 0) return 0;
  const owed = (refundedFen: number) => Math.floor((granted * Math.min(refundedFen, paidFen)) / paidFen);
  return owed(refundedBeforeFen + refundFen) - owed(refundedBeforeFen);
}
