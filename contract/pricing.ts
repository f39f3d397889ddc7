/**
 * The one pricing function of an order (DESIGN §11). Stages run in this order, each on what the one
 * before it left: activity price (seckill, group, bargain), member grade discount, one coupon, points
 * deduction, free-shipping activity, freight. A stage given nothing passes the price through, so the
 * capabilities not built yet cost nothing until their issue fills the stage's input.
 *
 * Pure: the server prices the lines from the database, reads the member, coupon, points and
 * activity rows, and calls this; what it returns is stored on the order as its breakdown.
 */

export const PRICING_STAGES = ['activity', 'grade', 'coupon', 'points', 'freeShipping', 'freight'] as const;
export type PricingStage = (typeof PRICING_STAGES)[number];

export interface PricingLine {
  skuId: number;
  /** List price of one unit, in fen. */
  unitFen: number;
  quantity: number;
}

export interface ActivityStage {
  /** Activity price of one unit by SKU; a SKU not listed keeps its list price. */
  unitFenBySku: ReadonlyMap<number, number>;
}

export interface GradeStage {
  /** What the member pays, in percent of the price: 95 is 9.5折; 100 is no discount. */
  payPercent: number;
  /** Whether the discount also applies to lines at an activity price (default: it does not). */
  onActivityPrices?: boolean;
  /** The grade's privilege of free shipping. */
  freeShipping?: boolean;
  /** SKUs of goods excluded from member prices: they keep their price whatever the grade. */
  excludedSkuIds?: ReadonlySet<number>;
  /**
   * `false`: a coupon may not join an order the grade discount reduced, and stays with the buyer.
   * The server passes the shop's preferential setting, whose default is that stricter `false`.
   */
  withCoupon?: boolean;
}

interface CouponScope {
  /**
   * The SKUs the coupon's scope covers (chosen goods, categories, all but some goods); absent: every
   * line. Its minimum and its reduction count only these lines, after activity and grade prices.
   */
  eligibleSkuIds?: ReadonlySet<number>;
  withActivity?: boolean;
}

export type CouponStage = CouponScope &
  (
    | { kind: 'amount'; minimumFen: number; amountFen: number }
    | { kind: 'percent'; minimumFen: number; payPercent: number; capFen?: number }
    | { kind: 'freeShipping'; minimumFen: number }
  );

export interface PointsStage {
  /** The most points the buyer is willing to spend. */
  requested: number;
  /** Points the buyer holds. */
  balance: number;
  /** The shop's deduction rate: this many points are ¥1 (100: a point is 1 fen; 1,000: a tenth of one). */
  pointsPerYuan: number;
  /** At most this share of what is left to pay for the goods may be paid in points, in percent. */
  maxPercent: number;
  /** Points are taken only on goods worth at least this after the coupon, in fen (absent: any order). */
  minimumFen?: number;
}

/** What a free-shipping activity covers (contract/free-shipping.ts decides it for a cart). */
interface FreeShippingScope {
  /** The SKUs of the goods it covers; absent: every line. Its threshold counts only these lines. */
  eligibleSkuIds?: ReadonlySet<number>;
  /** Freight the rules ask for the lines it leaves out, still charged when it applies (absent: none). */
  outsideFreightFen?: number;
  /** Named in the breakdown when it waives the freight. */
  activity?: { id: number; name: string };
}

/**
 * A free-shipping activity: the goods it covers ship free once they are worth at least `minimumFen`
 * (at their price after activity prices and the grade discount, and never more than what is left to
 * pay for the whole order after the coupon and points), or once they count `minimumQuantity` pieces.
 */
export type FreeShippingStage = FreeShippingScope &
  ({ kind?: 'amount'; minimumFen: number } | { kind: 'quantity'; minimumQuantity: number });

export interface PricingInput {
  lines: readonly PricingLine[];
  activity?: ActivityStage | null;
  grade?: GradeStage | null;
  coupon?: CouponStage | null;
  points?: PointsStage | null;
  freeShipping?: FreeShippingStage | null;
  /** Freight from the delivery rules (templates, same-city fee; 0 for pickup). */
  freightFen: number;
}

export const FREIGHT_WAIVERS = ['grade', 'coupon', 'freeShippingActivity'] as const;
export type FreightWaiver = (typeof FREIGHT_WAIVERS)[number];

export interface PriceBreakdown {
  /** List price of the lines. */
  goodsFen: number;
  activityFen: number;
  gradeFen: number;
  couponFen: number;
  /** Whether the coupon was used (a free-shipping coupon reduces no goods price). */
  couponApplied: boolean;
  pointsFen: number;
  pointsUsed: number;
  /** Every reduction of the goods price: activity, grade, coupon and points. */
  discountFen: number;
  /** Freight the rules ask for, before any waiver. */
  freightRulesFen: number;
  /** Freight charged. */
  freightFen: number;
  /** Which source waived the freight, when one did (the first, in stage order). */
  freightWaivedBy: FreightWaiver | null;
  /** The free-shipping activity that waived it (present only then, when the stage named one). */
  freeShippingActivity?: { id: number; name: string };
  totalFen: number;
}

/** The share `payPercent` of `amountFen` taken off, rounded down so a discount never exceeds its rate. */
export function percentOff(amountFen: number, payPercent: number): number {
  const rate = Math.min(100, Math.max(0, payPercent));
  return Math.floor((amountFen * (100 - rate)) / 100);
}

function whole(value: number): number {
  // Stryker disable next-line EqualityOperator: zero gives zero either way.
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/**
 * The points stage on what is left to pay for the goods. Whole fen and whole points only, rounded
 * in the buyer's favour: the fen are exactly what the points spent are worth, rounded down (a
 * point is never spent on nothing), and the points are the fewest that are worth those fen.
 */
export function pointsDeduction(
  points: PointsStage | null | undefined,
  goodsFen: number,
): { pointsUsed: number; pointsFen: number } {
  const rate = points ? whole(points.pointsPerYuan) : 0;
  if (!points || rate === 0 || goodsFen < whole(points.minimumFen ?? 0))
    return { pointsUsed: 0, pointsFen: 0 };
  const worth = (count: number) => Math.floor((count * 100) / rate);
  const capFen = Math.floor((goodsFen * Math.min(100, whole(points.maxPercent))) / 100);
  const wanted = Math.min(whole(points.requested), whole(points.balance));
  const mostFen = Math.min(capFen, worth(wanted));
  const pointsUsed = Math.ceil((mostFen * rate) / 100);
  if (worth(pointsUsed) === mostFen) return { pointsUsed, pointsFen: mostFen };
  // Those points are worth a fen more than the cap lets them buy: one point fewer, and its worth.
  const fewer = Math.floor((mostFen * rate) / 100);
  return { pointsUsed: fewer, pointsFen: worth(fewer) };
}

/** Prices an order through every stage. */
export function priceOrder(input: PricingInput): PriceBreakdown {
  const activityPrices = input.activity?.unitFenBySku;
  const lines = input.lines.map((line) => {
    const skuId = line.skuId;
    const listFen = line.unitFen * line.quantity;
    const activityUnit = activityPrices?.get(line.skuId);
    // Stryker disable next-line ConditionalExpression: undefined < n is false, so the undefined check only says it plainly.
    const atActivity = activityUnit !== undefined && activityUnit < line.unitFen;
    const amountFen = atActivity ? Math.max(0, activityUnit) * line.quantity : listFen;
    return { skuId, listFen, amountFen, atActivity, quantity: line.quantity };
  });
  const goodsFen = lines.reduce((sum, line) => sum + line.listFen, 0);
  const activityFen = lines.reduce((sum, line) => sum + line.listFen - line.amountFen, 0);

  const grade = input.grade;
  /** What `some` lines cost after activity prices and the grade discount. */
  const afterGradeOf = (some: typeof lines) => {
    const amountFen = some.reduce((sum, line) => sum + line.amountFen, 0);
    if (!grade) return { amountFen, gradeFen: 0 };
    const base = some
      .filter((line) => grade.onActivityPrices === true || !line.atActivity)
      .filter((line) => !grade.excludedSkuIds?.has(line.skuId))
      .reduce((sum, line) => sum + line.amountFen, 0);
    const gradeFen = percentOff(base, grade.payPercent);
    return { amountFen: amountFen - gradeFen, gradeFen };
  };
  const { amountFen: afterGrade, gradeFen } = afterGradeOf(lines);

  let couponFen = 0;
  let couponApplied = false;
  const coupon = input.coupon;
  if (coupon) {
    const scope = coupon.eligibleSkuIds;
    const eligible = scope ? lines.filter((line) => scope.has(line.skuId)) : lines;
    const anyActivity = eligible.some((line) => line.atActivity);
    const gradeAllows = gradeFen === 0 || grade?.withCoupon !== false;
    const allowed = eligible.length > 0 && (coupon.withActivity === true || !anyActivity) && gradeAllows;
    const baseFen = afterGradeOf(eligible).amountFen;
    if (allowed && baseFen >= coupon.minimumFen) {
      couponApplied = true;
      if (coupon.kind === 'amount') couponFen = Math.min(whole(coupon.amountFen), baseFen);
      else if (coupon.kind === 'percent') {
        const off = percentOff(baseFen, coupon.payPercent);
        couponFen = coupon.capFen === undefined ? off : Math.min(off, whole(coupon.capFen));
      }
    }
  }
  const afterCoupon = afterGrade - couponFen;

  const { pointsUsed, pointsFen } = pointsDeduction(input.points, afterCoupon);
  const payableGoodsFen = afterCoupon - pointsFen;

  const freightRulesFen = whole(input.freightFen);
  let freightWaivedBy: FreightWaiver | null = null;
  let freightFen = freightRulesFen;
  const freeShipping = input.freeShipping;
  if (freightRulesFen > 0) {
    if (grade?.freeShipping === true) freightWaivedBy = 'grade';
    else if (couponApplied && coupon?.kind === 'freeShipping') freightWaivedBy = 'coupon';
    if (freightWaivedBy !== null) freightFen = 0;
    else if (freeShipping && freeShippingReached(freeShipping, lines, grade, payableGoodsFen)) {
      // What it leaves out still pays its own freight; a waiver of nothing is no waiver.
      const outsideFen = Math.min(freightRulesFen, whole(freeShipping.outsideFreightFen ?? 0));
      if (outsideFen < freightRulesFen) {
        freightWaivedBy = 'freeShippingActivity';
        freightFen = outsideFen;
      }
    }
  }
  const discountFen = activityFen + gradeFen + couponFen + pointsFen;
  return {
    goodsFen,
    activityFen,
    gradeFen,
    couponFen,
    couponApplied,
    pointsFen,
    pointsUsed,
    discountFen,
    freightRulesFen,
    freightFen,
    freightWaivedBy,
    ...(freightWaivedBy === 'freeShippingActivity' && freeShipping?.activity
      ? { freeShippingActivity: freeShipping.activity }
      : {}),
    totalFen: payableGoodsFen + freightFen,
  };
}

interface StageLine {
  skuId: number;
  amountFen: number;
  quantity: number;
  atActivity: boolean;
}

/**
 * Whether the free-shipping activity's threshold is met by the lines it covers: their pieces, or
 * their amount after activity prices and the grade discount, capped by what is left to pay for all
 * the goods (so the coupon and points, which belong to the whole order, can only lower it).
 */
function freeShippingReached(
  stage: FreeShippingStage,
  lines: readonly StageLine[],
  grade: GradeStage | null | undefined,
  payableGoodsFen: number,
): boolean {
  const scope = stage.eligibleSkuIds;
  const covered = scope ? lines.filter((line) => scope.has(line.skuId)) : lines;
  if (stage.kind === 'quantity') {
    const pieces = covered.reduce((sum, line) => sum + line.quantity, 0);
    return covered.length > 0 && pieces >= stage.minimumQuantity;
  }
  const amountFen = covered.reduce((sum, line) => sum + line.amountFen, 0);
  const gradeBase = grade
    ? covered
        .filter((line) => grade.onActivityPrices === true || !line.atActivity)
        .filter((line) => !grade.excludedSkuIds?.has(line.skuId))
        .reduce((sum, line) => sum + line.amountFen, 0)
    : 0;
  const coveredFen = amountFen - (grade ? percentOff(gradeBase, grade.payPercent) : 0);
  return covered.length > 0 && Math.min(coveredFen, payableGoodsFen) >= stage.minimumFen;
}
