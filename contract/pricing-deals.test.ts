import { describe, expect, it } from 'vitest';
import { priceOrder } from './pricing';

/**
 * The activity stage as seckill, group buying and bargains fill it: the activity's unit price of
 * the SKU bought (a seckill price, a group price, the price a bargain reached), the other lines at
 * their list price, freight untouched.
 */
const at = (prices: Record<number, number>) => ({
  unitFenBySku: new Map(Object.entries(prices).map(([sku, fen]) => [Number(sku), fen])),
});

describe('activity prices of the three deals', () => {
  it.each([
    [
      'a seckill SKU of two, ×2',
      [
        { skuId: 1, unitFen: 9_900, quantity: 2 },
        { skuId: 2, unitFen: 5_000, quantity: 1 },
      ],
      { 1: 5_900 },
      800,
      { activityFen: 8_000, discountFen: 8_000, totalFen: 11_800 + 5_000 + 800 },
    ],
    [
      'a group price ×3',
      [{ skuId: 7, unitFen: 4_990, quantity: 3 }],
      { 7: 2_990 },
      0,
      { activityFen: 6_000, totalFen: 8_970 },
    ],
    [
      'a bargain at a 0 fen floor keeps its freight',
      [{ skuId: 3, unitFen: 12_800, quantity: 1 }],
      { 3: 0 },
      1_000,
      { activityFen: 12_800, goodsFen: 12_800, totalFen: 1_000 },
    ],
    [
      'a bargain one fen under the price',
      [{ skuId: 3, unitFen: 12_800, quantity: 1 }],
      { 3: 12_799 },
      0,
      { activityFen: 1, totalFen: 12_799 },
    ],
    [
      'a price at the list price is no activity',
      [{ skuId: 3, unitFen: 12_800, quantity: 1 }],
      { 3: 12_800 },
      0,
      { activityFen: 0, totalFen: 12_800 },
    ],
    [
      'a price for another SKU changes nothing',
      [{ skuId: 3, unitFen: 12_800, quantity: 1 }],
      { 4: 100 },
      0,
      { activityFen: 0, totalFen: 12_800 },
    ],
  ])('%s', (_, lines, prices, freightFen, expected) => {
    expect(priceOrder({ lines, activity: at(prices), freightFen })).toMatchObject(expected);
  });

  it('stores the list price as the goods amount and the activity saving as a discount', () => {
    const priced = priceOrder({
      lines: [{ skuId: 1, unitFen: 9_900, quantity: 1 }],
      activity: at({ 1: 5_900 }),
      freightFen: 0,
    });
    expect(priced).toMatchObject({
      goodsFen: 9_900,
      activityFen: 4_000,
      discountFen: 4_000,
      totalFen: 5_900,
    });
  });
});
