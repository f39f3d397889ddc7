import { describe, expect, it } from 'vitest';
import { type PriceBreakdown, type PricingInput, percentOff, pointsDeduction, priceOrder } from './pricing';

/** Two lines: SKU 1 at ¥100 × 2, SKU 2 at ¥50 × 1; ¥250 of goods, ¥10 freight. */
const base: PricingInput = {
  lines: [
    { skuId: 1, unitFen: 10_000, quantity: 2 },
    { skuId: 2, unitFen: 5_000, quantity: 1 },
  ],
  freightFen: 1_000,
};

const unchanged: PriceBreakdown = {
  goodsFen: 25_000,
  activityFen: 0,
  gradeFen: 0,
  couponFen: 0,
  couponApplied: false,
  pointsFen: 0,
  pointsUsed: 0,
  discountFen: 0,
  freightRulesFen: 1_000,
  freightFen: 1_000,
  freightWaivedBy: null,
  totalFen: 26_000,
};

const activity = (prices: Record<number, number>) => ({
  unitFenBySku: new Map(Object.entries(prices).map(([sku, fen]) => [Number(sku), fen])),
});

describe('percentOff', () => {
  it.each([
    [10_000, 95, 500],
    [10_000, 100, 0],
    [10_000, 0, 10_000],
    [999, 95, 49], // 49.95 rounds down: a discount never exceeds its rate
    [10_000, 101, 0], // above 100 is no discount, never a surcharge
    [10_000, -5, 10_000],
  ])('%i fen at %i %% → %i off', (amount, percent, off) => {
    expect(percentOff(amount, percent)).toBe(off);
  });
});

describe('priceOrder: stages that are given nothing pass the price through', () => {
  it('no stage', () => expect(priceOrder(base)).toEqual(unchanged));
  it('every stage null', () =>
    expect(
      priceOrder({ ...base, activity: null, grade: null, coupon: null, points: null, freeShipping: null }),
    ).toEqual(unchanged));
  it('no lines', () =>
    expect(priceOrder({ lines: [], freightFen: 0 })).toMatchObject({ goodsFen: 0, totalFen: 0 }));
});

describe('priceOrder: activity prices', () => {
  it.each<[string, Record<number, number>, number]>([
    ['a lower price replaces the list price', { 1: 8_000 }, 4_000],
    ['a price equal to the list price changes nothing', { 1: 10_000 }, 0],
    ['a price above the list price is never charged', { 1: 12_000 }, 0],
    ['a SKU not in the order is ignored', { 9: 1 }, 0],
    ['a negative price is charged as free', { 2: -100 }, 5_000],
  ])('%s', (_, prices, activityFen) => {
    const priced = priceOrder({ ...base, activity: activity(prices) });
    expect(priced.activityFen).toBe(activityFen);
    expect(priced.totalFen).toBe(26_000 - activityFen);
  });
});

describe('priceOrder: member grade', () => {
  it('takes its share off every line', () => {
    expect(priceOrder({ ...base, grade: { payPercent: 90 } })).toMatchObject({
      gradeFen: 2_500,
      discountFen: 2_500,
      totalFen: 23_500,
    });
  });
  it('leaves activity-priced lines alone by default (the stricter choice)', () => {
    const priced = priceOrder({ ...base, activity: activity({ 1: 8_000 }), grade: { payPercent: 90 } });
    expect(priced.gradeFen).toBe(500);
    expect(priced.totalFen).toBe(16_000 + 4_500 + 1_000);
  });
  it('discounts activity prices when the grade allows it', () => {
    const priced = priceOrder({
      ...base,
      activity: activity({ 1: 8_000 }),
      grade: { payPercent: 90, onActivityPrices: true },
    });
    expect(priced.gradeFen).toBe(2_100);
  });
  it('at 100 % takes nothing', () =>
    expect(priceOrder({ ...base, grade: { payPercent: 100 } })).toEqual(unchanged));
  it.each<[string, number[], number]>([
    ['an excluded SKU keeps its price, the others are discounted', [1], 500],
    ['every SKU excluded: no discount', [1, 2], 0],
    ['an excluded SKU not in the order changes nothing', [9], 2_500],
    ['nothing excluded', [], 2_500],
  ])('%s', (_, excluded, gradeFen) => {
    const priced = priceOrder({ ...base, grade: { payPercent: 90, excludedSkuIds: new Set(excluded) } });
    expect(priced.gradeFen).toBe(gradeFen);
    expect(priced.goodsFen).toBe(25_000);
    expect(priced.totalFen).toBe(26_000 - gradeFen);
  });
  it('an excluded SKU at an activity price keeps the activity price', () => {
    const priced = priceOrder({
      ...base,
      activity: activity({ 1: 8_000 }),
      grade: { payPercent: 90, onActivityPrices: true, excludedSkuIds: new Set([1]) },
    });
    expect(priced).toMatchObject({ activityFen: 4_000, gradeFen: 500, totalFen: 16_000 + 4_500 + 1_000 });
  });
});

describe('priceOrder: grade discount and coupon stacking', () => {
  const coupon = { kind: 'amount', minimumFen: 0, amountFen: 1_000 } as const;
  it.each<[string, PricingInput['grade'], number, boolean]>([
    [
      'stacking off: a discounted order keeps its coupon unused',
      { payPercent: 90, withCoupon: false },
      0,
      false,
    ],
    ['stacking on: both apply', { payPercent: 90, withCoupon: true }, 1_000, true],
    [
      'stacking off but no discount taken (100 %): the coupon applies',
      { payPercent: 100, withCoupon: false },
      1_000,
      true,
    ],
    [
      'stacking off but every line excluded: the coupon applies',
      { payPercent: 90, withCoupon: false, excludedSkuIds: new Set([1, 2]) },
      1_000,
      true,
    ],
  ])('%s', (_, grade, couponFen, applied) => {
    const priced = priceOrder({ ...base, grade, coupon });
    expect(priced.couponFen).toBe(couponFen);
    expect(priced.couponApplied).toBe(applied);
    expect(priced.totalFen).toBe(26_000 - priced.gradeFen - couponFen);
  });
  it('stacking off keeps a free-shipping coupon unused too, so the freight stays', () => {
    const priced = priceOrder({
      ...base,
      grade: { payPercent: 90, withCoupon: false },
      coupon: { kind: 'freeShipping', minimumFen: 0 },
    });
    expect(priced).toMatchObject({ couponApplied: false, freightFen: 1_000, freightWaivedBy: null });
  });
});

describe('priceOrder: one coupon', () => {
  it.each<[string, PricingInput['coupon'], number, boolean]>([
    ['amount at exactly its minimum', { kind: 'amount', minimumFen: 25_000, amountFen: 3_000 }, 3_000, true],
    ['amount one fen under its minimum', { kind: 'amount', minimumFen: 25_001, amountFen: 3_000 }, 0, false],
    [
      'amount larger than the goods is capped at the goods',
      { kind: 'amount', minimumFen: 0, amountFen: 99_999 },
      25_000,
      true,
    ],
    ['percent', { kind: 'percent', minimumFen: 0, payPercent: 80 }, 5_000, true],
    ['percent under its cap', { kind: 'percent', minimumFen: 0, payPercent: 80, capFen: 5_000 }, 5_000, true],
    ['percent over its cap', { kind: 'percent', minimumFen: 0, payPercent: 80, capFen: 4_999 }, 4_999, true],
    ['free shipping reduces no goods price', { kind: 'freeShipping', minimumFen: 0 }, 0, true],
  ])('%s', (_, coupon, couponFen, applied) => {
    const priced = priceOrder({ ...base, coupon });
    expect(priced.couponFen).toBe(couponFen);
    expect(priced.couponApplied).toBe(applied);
  });

  it('counts its minimum after the activity and grade stages', () => {
    const coupon = { kind: 'amount', minimumFen: 22_500, amountFen: 1_000 } as const;
    expect(priceOrder({ ...base, grade: { payPercent: 90 }, coupon }).couponFen).toBe(1_000);
    expect(priceOrder({ ...base, grade: { payPercent: 89 }, coupon }).couponFen).toBe(0);
  });

  it('does not join an activity unless it says so', () => {
    const coupon = { kind: 'amount', minimumFen: 0, amountFen: 1_000 } as const;
    const withSeckill = { ...base, activity: activity({ 2: 4_000 }) };
    expect(priceOrder({ ...withSeckill, coupon }).couponApplied).toBe(false);
    expect(priceOrder({ ...withSeckill, coupon: { ...coupon, withActivity: true } }).couponFen).toBe(1_000);
  });
});

describe("priceOrder: a coupon's scope × grade × activity", () => {
  const only = (...skus: number[]) => new Set(skus);
  type Case = [
    string,
    Pick<PricingInput, 'grade' | 'activity'>,
    NonNullable<PricingInput['coupon']>,
    { couponFen: number; couponApplied: boolean },
  ];
  it.each<Case>([
    [
      'scope of SKU 2: its minimum counts SKU 2 alone, at exactly the limit',
      {},
      { kind: 'amount', minimumFen: 5_000, amountFen: 1_000, eligibleSkuIds: only(2) },
      { couponFen: 1_000, couponApplied: true },
    ],
    [
      'scope of SKU 2: one fen over what SKU 2 costs, though the cart costs more',
      {},
      { kind: 'amount', minimumFen: 5_001, amountFen: 1_000, eligibleSkuIds: only(2) },
      { couponFen: 0, couponApplied: false },
    ],
    [
      'scope of SKU 2 after a 9折 grade: ¥45 reaches a ¥45 minimum',
      { grade: { payPercent: 90 } },
      { kind: 'amount', minimumFen: 4_500, amountFen: 1_000, eligibleSkuIds: only(2) },
      { couponFen: 1_000, couponApplied: true },
    ],
    [
      'scope of SKU 2 after a 9折 grade: ¥45 misses a ¥45.01 minimum',
      { grade: { payPercent: 90 } },
      { kind: 'amount', minimumFen: 4_501, amountFen: 1_000, eligibleSkuIds: only(2) },
      { couponFen: 0, couponApplied: false },
    ],
    [
      'a percent coupon takes its share of the scope only',
      {},
      { kind: 'percent', minimumFen: 0, payPercent: 80, eligibleSkuIds: only(2) },
      { couponFen: 1_000, couponApplied: true },
    ],
    [
      'a percent coupon takes its share of the scope after the grade',
      { grade: { payPercent: 90 } },
      { kind: 'percent', minimumFen: 0, payPercent: 80, eligibleSkuIds: only(2) },
      { couponFen: 900, couponApplied: true },
    ],
    [
      'an amount larger than the scope is capped at the scope, not the cart',
      {},
      { kind: 'amount', minimumFen: 0, amountFen: 99_999, eligibleSkuIds: only(1) },
      { couponFen: 20_000, couponApplied: true },
    ],
    [
      'a scope no line of the cart falls in is never used',
      {},
      { kind: 'amount', minimumFen: 0, amountFen: 100, eligibleSkuIds: only(9) },
      { couponFen: 0, couponApplied: false },
    ],
    [
      'an activity price outside the scope does not keep the coupon out',
      { activity: activity({ 2: 4_000 }) },
      { kind: 'amount', minimumFen: 0, amountFen: 1_000, eligibleSkuIds: only(1) },
      { couponFen: 1_000, couponApplied: true },
    ],
    [
      'an activity price inside the scope keeps out a coupon that does not join activities',
      { activity: activity({ 2: 4_000 }) },
      { kind: 'amount', minimumFen: 0, amountFen: 1_000, eligibleSkuIds: only(2) },
      { couponFen: 0, couponApplied: false },
    ],
    [
      'a coupon that joins activities counts the activity price, which the grade leaves alone',
      { activity: activity({ 2: 4_000 }), grade: { payPercent: 90, withCoupon: true } },
      { kind: 'percent', minimumFen: 0, payPercent: 80, eligibleSkuIds: only(2), withActivity: true },
      { couponFen: 800, couponApplied: true },
    ],
    [
      'a grade that does not stack with coupons keeps a scoped coupon out when it reduced any line',
      { grade: { payPercent: 90, withCoupon: false, excludedSkuIds: only(2) } },
      { kind: 'amount', minimumFen: 0, amountFen: 1_000, eligibleSkuIds: only(2) },
      { couponFen: 0, couponApplied: false },
    ],
  ])('%s', (_, stages, coupon, expected) => {
    const priced = priceOrder({ ...base, ...stages, coupon });
    expect(priced).toMatchObject(expected);
    expect(priced.totalFen).toBe(26_000 - priced.activityFen - priced.gradeFen - priced.couponFen);
  });

  it.each<[number, string | null]>([
    [5_000, 'coupon'],
    [5_001, null],
  ])('a free-shipping coupon scoped to SKU 2 with a minimum of %i waives: %s', (minimumFen, waiver) => {
    const priced = priceOrder({
      ...base,
      coupon: { kind: 'freeShipping', minimumFen, eligibleSkuIds: only(2) },
    });
    expect(priced.freightWaivedBy).toBe(waiver);
    expect(priced.freightFen).toBe(waiver ? 0 : 1_000);
  });

  it('a scope of every line prices exactly as no scope, with a grade and an activity', () => {
    const stages = { grade: { payPercent: 95 }, activity: activity({ 1: 9_000 }) };
    const coupon = { kind: 'percent', minimumFen: 0, payPercent: 90, withActivity: true } as const;
    expect(priceOrder({ ...base, ...stages, coupon: { ...coupon, eligibleSkuIds: only(1, 2) } })).toEqual(
      priceOrder({ ...base, ...stages, coupon }),
    );
  });
});

describe('priceOrder: points', () => {
  const points = { requested: 5_000, balance: 10_000, pointsPerYuan: 100, maxPercent: 10 };
  it.each<[string, Partial<typeof points>, number]>([
    ['capped by the share of what is left to pay', {}, 2_500],
    ['fewer requested than the cap', { requested: 2_499 }, 2_499],
    ['exactly the cap', { requested: 2_500 }, 2_500],
    ['limited by the balance', { balance: 100 }, 100],
    ['nothing requested', { requested: 0 }, 0],
    ['negative requests spend nothing', { requested: -50 }, 0],
    ['a share above 100 % is 100 %', { maxPercent: 150, requested: 99_999, balance: 99_999 }, 25_000],
  ])('%s', (_, change, used) => {
    const priced = priceOrder({ ...base, points: { ...points, ...change } });
    expect(priced.pointsUsed).toBe(used);
    expect(priced.pointsFen).toBe(used);
    expect(priced.totalFen).toBe(26_000 - used);
  });

  it('count after the coupon', () => {
    const priced = priceOrder({
      ...base,
      coupon: { kind: 'amount', minimumFen: 0, amountFen: 5_000 },
      points: { ...points, requested: 99_999 },
    });
    expect(priced.pointsUsed).toBe(2_000);
  });

  it('are worth nothing at a rate of zero points a yuan', () =>
    expect(priceOrder({ ...base, points: { ...points, pointsPerYuan: 0 } })).toEqual(unchanged));
});

describe('priceOrder: the points minimum order', () => {
  // ¥250 of goods (¥200 + ¥50), ¥10 freight; the minimum is measured on the goods after the coupon.
  const points = { requested: 1_000, balance: 1_000, pointsPerYuan: 100, maxPercent: 100 };
  it.each<[string, number, number]>([
    ['no minimum', 0, 1_000],
    ['a minimum one fen under the goods', 24_999, 1_000],
    ['a minimum equal to the goods', 25_000, 1_000],
    ['a minimum one fen over the goods', 25_001, 0],
  ])('%s', (_, minimumFen, used) => {
    expect(priceOrder({ ...base, points: { ...points, minimumFen } }).pointsUsed).toBe(used);
  });

  it('is measured after the coupon', () => {
    const priced = priceOrder({
      ...base,
      coupon: { kind: 'amount', minimumFen: 0, amountFen: 1 },
      points: { ...points, minimumFen: 25_000 },
    });
    expect(priced.pointsUsed).toBe(0);
    expect(priced.couponFen).toBe(1);
  });
});

describe('priceOrder: points rounding at every rate', () => {
  // One line of ¥1 (100 fen), no freight: small numbers show the rounding.
  const oneYuan: PricingInput = { lines: [{ skuId: 1, unitFen: 100, quantity: 1 }], freightFen: 0 };
  it.each<[string, { pointsPerYuan: number; requested: number; maxPercent: number }, number, number]>([
    ['100 points a yuan: a point is a fen', { pointsPerYuan: 100, requested: 37, maxPercent: 100 }, 37, 37],
    ['1 point a yuan: whole yuan only', { pointsPerYuan: 1, requested: 5, maxPercent: 100 }, 1, 100],
    [
      '1 point a yuan, capped under a yuan: nothing',
      { pointsPerYuan: 1, requested: 5, maxPercent: 99 },
      0,
      0,
    ],
    // 50 points a yuan: a point is 2 fen. A 5 fen cap buys 2 points' worth (4 fen), not 2.5 points.
    ['2 fen a point under an odd cap', { pointsPerYuan: 50, requested: 99, maxPercent: 5 }, 2, 4],
    ['2 fen a point, one point asked', { pointsPerYuan: 50, requested: 1, maxPercent: 100 }, 1, 2],
    // 150 points a yuan: 149 points are worth 99⅓ fen, so a 99 fen cap takes 149, not 150.
    ['150 points a yuan under a 99 fen cap', { pointsPerYuan: 150, requested: 999, maxPercent: 99 }, 149, 99],
    ['150 points a yuan, 151 asked', { pointsPerYuan: 150, requested: 151, maxPercent: 100 }, 150, 100],
    ['150 points a yuan, 149 asked', { pointsPerYuan: 150, requested: 149, maxPercent: 100 }, 149, 99],
    [
      '1,000 points a yuan: 9 points buy nothing',
      { pointsPerYuan: 1_000, requested: 9, maxPercent: 100 },
      0,
      0,
    ],
    [
      '1,000 points a yuan: 10 points buy a fen',
      { pointsPerYuan: 1_000, requested: 19, maxPercent: 100 },
      10,
      1,
    ],
    ['3 points a yuan: a point is 33⅓ fen', { pointsPerYuan: 3, requested: 10, maxPercent: 100 }, 3, 100],
    ['3 points a yuan under a 99 fen cap', { pointsPerYuan: 3, requested: 10, maxPercent: 99 }, 2, 66],
    ['7 points a yuan, one point', { pointsPerYuan: 7, requested: 1, maxPercent: 100 }, 1, 14],
  ])('%s', (_, stage, used, fen) => {
    const priced = priceOrder({ ...oneYuan, points: { ...stage, balance: 100_000 } });
    expect(priced.pointsUsed).toBe(used);
    expect(priced.pointsFen).toBe(fen);
    expect(priced.totalFen).toBe(100 - fen);
  });

  it.each([1, 3, 7, 50, 99, 100, 101, 150, 333, 1_000, 9_999])(
    'at %i points a yuan, never spends a point on nothing nor more fen than the points are worth',
    (pointsPerYuan) => {
      for (let requested = 0; requested <= 400; requested += 7) {
        for (const maxPercent of [1, 33, 50, 99, 100]) {
          const { pointsUsed, pointsFen } = pointsDeduction(
            { requested, balance: requested, pointsPerYuan, maxPercent },
            1_234,
          );
          expect(pointsUsed).toBeLessThanOrEqual(requested);
          expect(pointsFen).toBeLessThanOrEqual(Math.floor((1_234 * maxPercent) / 100));
          // The fen are exactly what the points are worth, and one point fewer would not buy them.
          expect(pointsFen).toBe(Math.floor((pointsUsed * 100) / pointsPerYuan));
          if (pointsUsed > 0) expect((pointsUsed - 1) * 100).toBeLessThan(pointsFen * pointsPerYuan);
        }
      }
    },
  );
});

describe('priceOrder: freight and who waives it', () => {
  it.each<[string, Partial<PricingInput>, number, string | null]>([
    ['charged by default', {}, 1_000, null],
    ['waived by a grade privilege', { grade: { payPercent: 100, freeShipping: true } }, 0, 'grade'],
    ['waived by a free-shipping coupon', { coupon: { kind: 'freeShipping', minimumFen: 0 } }, 0, 'coupon'],
    [
      'kept when the free-shipping coupon misses its minimum',
      { coupon: { kind: 'freeShipping', minimumFen: 25_001 } },
      1_000,
      null,
    ],
    [
      'waived by a free-shipping activity at its minimum',
      { freeShipping: { minimumFen: 25_000 } },
      0,
      'freeShippingActivity',
    ],
    ['kept one fen under the activity minimum', { freeShipping: { minimumFen: 25_001 } }, 1_000, null],
    [
      'the first source in stage order is named',
      { grade: { payPercent: 100, freeShipping: true }, freeShipping: { minimumFen: 0 } },
      0,
      'grade',
    ],
    ['no freight, nothing waived', { freightFen: 0, freeShipping: { minimumFen: 0 } }, 0, null],
    ['negative freight is none', { freightFen: -5 }, 0, null],
  ])('%s', (_, change, freightFen, waivedBy) => {
    const priced = priceOrder({ ...base, ...change });
    expect(priced.freightFen).toBe(freightFen);
    expect(priced.freightWaivedBy).toBe(waivedBy);
    expect(priced.totalFen).toBe(25_000 - priced.discountFen + freightFen);
  });

  it('measures the activity minimum after every discount', () => {
    const priced = priceOrder({
      ...base,
      points: { requested: 1, balance: 1, pointsPerYuan: 100, maxPercent: 100 },
      freeShipping: { minimumFen: 25_000 },
    });
    expect(priced.freightWaivedBy).toBeNull();
  });
});

describe('priceOrder: every stage at once', () => {
  it('adds up and never charges below zero', () => {
    const priced = priceOrder({
      ...base,
      activity: activity({ 1: 8_000 }),
      grade: { payPercent: 90, onActivityPrices: true, freeShipping: false },
      coupon: { kind: 'amount', minimumFen: 0, amountFen: 99_999, withActivity: true },
      points: { requested: 500, balance: 500, pointsPerYuan: 100, maxPercent: 100 },
      freeShipping: { minimumFen: 1 },
    });
    expect(priced).toMatchObject({ activityFen: 4_000, gradeFen: 2_100, couponFen: 18_900, pointsUsed: 0 });
    expect(priced.discountFen).toBe(25_000);
    expect(priced.totalFen).toBe(1_000);
  });
});
