import { describe, expect, it } from 'vitest';
import { type FreeShippingStage, type PricingInput, priceOrder } from './pricing';

/**
 * The free-shipping activity stage: thresholds at their limit and one past it, by amount or by
 * pieces, over the goods it covers, the freight of what it leaves out, and the waiver named.
 * SKU 1 at ¥100 × 2, SKU 2 at ¥50 × 1: ¥250 of goods, 3 pieces, ¥10 freight.
 */
const base: PricingInput = {
  lines: [
    { skuId: 1, unitFen: 10_000, quantity: 2 },
    { skuId: 2, unitFen: 5_000, quantity: 1 },
  ],
  freightFen: 1_000,
};
const ACTIVITY = { id: 7, name: '满99包邮' };
const only = (...skus: number[]) => new Set(skus);

function price(stage: FreeShippingStage | null, change: Partial<PricingInput> = {}) {
  return priceOrder({ ...base, ...change, freeShipping: stage });
}

describe('free-shipping activity: the amount threshold', () => {
  it.each<[string, FreeShippingStage, number]>([
    ['at the limit', { kind: 'amount', minimumFen: 25_000, activity: ACTIVITY }, 0],
    ['one fen past it', { kind: 'amount', minimumFen: 25_001, activity: ACTIVITY }, 1_000],
    ['without a kind, by amount', { minimumFen: 25_000, activity: ACTIVITY }, 0],
    ['covered goods at the limit', { minimumFen: 20_000, eligibleSkuIds: only(1) }, 0],
    ['covered goods one fen short', { minimumFen: 20_001, eligibleSkuIds: only(1) }, 1_000],
    ['covered goods the cart does not hold', { minimumFen: 0, eligibleSkuIds: only(9) }, 1_000],
  ])('%s', (_, stage, freightFen) => {
    const priced = price(stage);
    expect(priced.freightFen).toBe(freightFen);
    expect(priced.freightWaivedBy).toBe(freightFen === 0 ? 'freeShippingActivity' : null);
    expect(priced.totalFen).toBe(25_000 + freightFen);
  });

  it('counts covered goods after the grade discount: 9折 takes ¥200 to ¥180', () => {
    const grade = { payPercent: 90 };
    expect(price({ minimumFen: 18_000, eligibleSkuIds: only(1) }, { grade }).freightFen).toBe(0);
    expect(price({ minimumFen: 18_001, eligibleSkuIds: only(1) }, { grade }).freightFen).toBe(1_000);
  });

  it('counts excluded goods at their full price and activity prices without the grade', () => {
    const activity = { unitFenBySku: new Map([[1, 9_000]]) };
    const grade = { payPercent: 50, excludedSkuIds: only(2) };
    // SKU 1 at its ¥90 activity price keeps it (the grade skips activity prices); SKU 2 is excluded.
    expect(price({ minimumFen: 23_000 }, { activity, grade }).freightFen).toBe(0);
    expect(price({ minimumFen: 23_001 }, { activity, grade }).freightFen).toBe(1_000);
  });

  it('never counts more than what is left to pay after the coupon and points', () => {
    const coupon = { kind: 'amount' as const, minimumFen: 0, amountFen: 6_000 };
    // Covered goods are ¥200, but the whole order pays ¥190 after the ¥60 coupon.
    expect(price({ minimumFen: 19_000, eligibleSkuIds: only(1) }, { coupon }).freightFen).toBe(0);
    expect(price({ minimumFen: 19_001, eligibleSkuIds: only(1) }, { coupon }).freightFen).toBe(1_000);
    const points = { requested: 1_000, balance: 1_000, pointsPerYuan: 100, maxPercent: 100 };
    expect(price({ minimumFen: 24_000 }, { points }).freightFen).toBe(0);
    expect(price({ minimumFen: 24_001 }, { points }).freightFen).toBe(1_000);
  });
});

describe('free-shipping activity: the pieces threshold', () => {
  it.each<[string, FreeShippingStage, number]>([
    ['every piece at the limit', { kind: 'quantity', minimumQuantity: 3 }, 0],
    ['one piece past it', { kind: 'quantity', minimumQuantity: 4 }, 1_000],
    ['covered pieces at the limit', { kind: 'quantity', minimumQuantity: 2, eligibleSkuIds: only(1) }, 0],
    ['covered pieces one short', { kind: 'quantity', minimumQuantity: 2, eligibleSkuIds: only(2) }, 1_000],
    ['no covered line at all', { kind: 'quantity', minimumQuantity: 0, eligibleSkuIds: only(3) }, 1_000],
  ])('%s', (_, stage, freightFen) => {
    expect(price(stage).freightFen).toBe(freightFen);
  });

  it('counts pieces whatever the discounts', () => {
    const stage: FreeShippingStage = { kind: 'quantity', minimumQuantity: 3 };
    const coupon = { kind: 'amount' as const, minimumFen: 0, amountFen: 24_999 };
    expect(price(stage, { coupon }).freightFen).toBe(0);
  });
});

describe('free-shipping activity: what it waives and who is named', () => {
  it('names the activity that waived the freight', () => {
    const priced = price({ minimumFen: 0, activity: ACTIVITY });
    expect(priced).toMatchObject({
      freightRulesFen: 1_000,
      freightFen: 0,
      freightWaivedBy: 'freeShippingActivity',
      freeShippingActivity: ACTIVITY,
    });
  });

  it('names no activity when it did not waive', () => {
    const priced = price({ minimumFen: 25_001, activity: ACTIVITY });
    expect(priced.freeShippingActivity).toBeUndefined();
    expect(priced.freightWaivedBy).toBeNull();
  });

  it('leaves the freight of the goods it does not cover to be paid', () => {
    const priced = price({
      minimumFen: 0,
      eligibleSkuIds: only(1),
      outsideFreightFen: 600,
      activity: ACTIVITY,
    });
    expect(priced).toMatchObject({
      freightFen: 600,
      freightWaivedBy: 'freeShippingActivity',
      totalFen: 25_600,
    });
  });

  it('waives nothing when the goods it leaves out carry all the freight', () => {
    const priced = price({
      minimumFen: 0,
      eligibleSkuIds: only(1),
      outsideFreightFen: 1_000,
      activity: ACTIVITY,
    });
    expect(priced).toMatchObject({ freightFen: 1_000, freightWaivedBy: null });
    expect(priced.freeShippingActivity).toBeUndefined();
  });

  it('never charges more than the rules ask, whatever the outside freight says', () => {
    expect(price({ minimumFen: 0, outsideFreightFen: 5_000 }).freightFen).toBe(1_000);
    expect(price({ minimumFen: 0, outsideFreightFen: -5 }).freightFen).toBe(0);
  });

  it('yields to a grade privilege or a free-shipping coupon, which waive everything', () => {
    const stage: FreeShippingStage = { minimumFen: 0, outsideFreightFen: 400, activity: ACTIVITY };
    const byGrade = price(stage, { grade: { payPercent: 100, freeShipping: true } });
    expect(byGrade).toMatchObject({ freightFen: 0, freightWaivedBy: 'grade' });
    expect(byGrade.freeShippingActivity).toBeUndefined();
    const byCoupon = price(stage, { coupon: { kind: 'freeShipping', minimumFen: 0 } });
    expect(byCoupon).toMatchObject({ freightFen: 0, freightWaivedBy: 'coupon' });
  });

  it('has nothing to waive without freight, and leaves every goods figure alone', () => {
    const free = price({ minimumFen: 0, activity: ACTIVITY }, { freightFen: 0 });
    expect(free).toMatchObject({ freightFen: 0, freightWaivedBy: null });
    const waived = price({ minimumFen: 0, activity: ACTIVITY });
    const charged = price(null);
    for (const field of [
      'goodsFen',
      'activityFen',
      'gradeFen',
      'couponFen',
      'pointsFen',
      'discountFen',
    ] as const)
      expect(waived[field]).toBe(charged[field]);
  });
});
