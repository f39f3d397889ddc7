import { describe, expect, it } from 'vitest';
import { FREE_SHIPPING_TABS } from '../../../contract/endpoints/free-shipping';
import {
  FREE_SHIPPING_GOODS_SCOPES,
  FREE_SHIPPING_REGION_SCOPES,
  FREE_SHIPPING_THRESHOLDS,
  freeShippingProblems,
} from '../../../contract/free-shipping';
import { en } from './i18n/en';
import { zh } from './i18n/zh';

describe('the free-shipping catalogues', () => {
  it('have the same keys, none empty', () => {
    expect(Object.keys(en).filter((key) => !(key in zh))).toEqual([]);
    expect(Object.keys(zh).filter((key) => !(key in en))).toEqual([]);
    for (const [key, value] of [...Object.entries(en), ...Object.entries(zh)])
      expect(value.trim(), key).not.toBe('');
  });

  it('name every tab, threshold, scope and rule the form can break', () => {
    const broken = freeShippingProblems({
      Threshold: 'amount',
      MinimumFen: 0,
      MinimumQuantity: 0,
      RegionScope: 'chosen',
      Regions: [],
      GoodsScope: 'chosen',
      ProductIds: [],
      StartsAt: '2026-05-02T00:00:00Z',
      EndsAt: '2026-05-01T00:00:00Z',
    });
    const byPieces = freeShippingProblems({
      Threshold: 'quantity',
      MinimumFen: 0,
      MinimumQuantity: 0,
      RegionScope: 'all',
      Regions: [],
      GoodsScope: 'all',
      ProductIds: [],
      StartsAt: '2026-05-01T00:00:00Z',
      EndsAt: '2026-05-02T00:00:00Z',
    });
    const keys = [
      ...FREE_SHIPPING_TABS.map((tab) => `freeShipping.tab.${tab}`),
      ...FREE_SHIPPING_THRESHOLDS.map((value) => `freeShipping.threshold.${value}`),
      ...FREE_SHIPPING_REGION_SCOPES.map((value) => `freeShipping.regionScope.${value}`),
      ...FREE_SHIPPING_GOODS_SCOPES.flatMap((value) => [
        `freeShipping.goodsScope.${value}`,
        `freeShipping.goodsCount.${value}`,
      ]),
      ...[...broken, ...byPieces].map((problem) => problem.key),
    ];
    expect(broken.length + byPieces.length).toBeGreaterThanOrEqual(5);
    expect(keys.filter((key) => !(key in en) || !(key in zh))).toEqual([]);
  });
});
