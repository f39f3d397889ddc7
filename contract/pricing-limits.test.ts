import { describe, expect, it } from 'vitest';
import { type PricingInput, priceOrder } from './pricing';

/** One line: SKU 1 at ¥100 × 1, ¥10 freight. */
const base: PricingInput = { lines: [{ skuId: 1, unitFen: 10_000, quantity: 1 }], freightFen: 1_000 };
const activityAt = (fen: number) => ({ unitFenBySku: new Map([[1, fen]]) });

describe('an activity price is one below the list price', () => {
  it.each([
    // At the list price: no activity, so the grade discount and a coupon without withActivity apply.
    [10_000, { activityFen: 0, gradeFen: 1_000, couponApplied: true }],
    [9_999, { activityFen: 1, gradeFen: 0, couponApplied: false }],
    // Above the list price: never a surcharge.
    [10_001, { activityFen: 0, gradeFen: 1_000, couponApplied: true }],
  ])('activity price %i fen → %o', (fen, expected) => {
    const priced = priceOrder({
      ...base,
      activity: activityAt(fen),
      grade: { payPercent: 90 },
      coupon: { kind: 'amount', minimumFen: 0, amountFen: 100 },
    });
    expect(priced).toMatchObject(expected);
  });
});

describe('discountFen sums every reduction', () => {
  it('counts the points paid with', () => {
    const priced = priceOrder({
      ...base,
      points: { requested: 500, balance: 1_000, pointsPerYuan: 100, maxPercent: 50 },
    });
    expect(priced).toMatchObject({ pointsUsed: 500, pointsFen: 500, discountFen: 500, totalFen: 10_500 });
  });

  it('counts activity, grade, coupon and points together', () => {
    const priced = priceOrder({
      lines: [
        { skuId: 1, unitFen: 10_000, quantity: 1 },
        { skuId: 2, unitFen: 5_000, quantity: 1 },
      ],
      activity: activityAt(8_000),
      grade: { payPercent: 90 },
      coupon: { kind: 'amount', minimumFen: 0, amountFen: 300, withActivity: true },
      points: { requested: 200, balance: 200, pointsPerYuan: 100, maxPercent: 100 },
      freightFen: 0,
    });
    expect(priced).toMatchObject({ activityFen: 2_000, gradeFen: 500, couponFen: 300, pointsFen: 200 });
    expect(priced.discountFen).toBe(2_000 + 500 + 300 + 200);
    expect(priced.totalFen).toBe(15_000 - priced.discountFen);
  });
});
