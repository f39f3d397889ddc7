import { describe, expect, it } from 'vitest';
import { type GradeTerms, gradeStageOf } from './grade-pricing';

const lines = [
  { skuId: 11, productId: 1 },
  { skuId: 12, productId: 1 },
  { skuId: 21, productId: 2 },
];

const saved: GradeTerms = {
  discount_percent: 90,
  free_shipping: true,
  grade_on_activity_prices: true,
  grade_with_coupon: true,
  excluded_product_ids: ['2'],
};

describe('gradeStageOf', () => {
  it('gives no stage to a buyer without a grade', () => {
    expect(gradeStageOf(null, lines)).toBeNull();
  });

  it('takes the grade and the shop’s saved switches, excluding every SKU of an excluded goods', () => {
    expect(gradeStageOf(saved, lines)).toEqual({
      payPercent: 90,
      freeShipping: true,
      onActivityPrices: true,
      withCoupon: true,
      excludedSkuIds: new Set([21]),
    });
  });

  it('falls back to the default switches where the shop never saved them', () => {
    const unsaved = {
      ...saved,
      grade_on_activity_prices: null,
      grade_with_coupon: null,
      excluded_product_ids: null,
    };
    expect(gradeStageOf(unsaved, lines)).toEqual({
      payPercent: 90,
      freeShipping: true,
      onActivityPrices: false,
      withCoupon: false,
      excludedSkuIds: new Set(),
    });
  });

  it.each([
    ['an id as a number', [1], [11, 12]],
    ['an id as text, as jsonb may hold it', ['1'], [11, 12]],
    ['a goods no line has', [3], []],
    ['no goods', [], []],
  ])('excludes by %s', (_, excluded, skuIds) => {
    const stage = gradeStageOf({ ...saved, excluded_product_ids: excluded }, lines);
    expect(stage?.excludedSkuIds).toEqual(new Set(skuIds));
  });
});
