import { describe, expect, it } from 'vitest';
import { MARK_MILLISECONDS, SoldOutMarks } from './seckill-sold-out';

const offer = { siteId: 1, SeckillGoodsId: 7, SkuId: 30 };

function marksAt(start: number) {
  const clock = { now: start };
  return { clock, marks: new SoldOutMarks(() => clock.now) };
}

describe('sold-out marks', () => {
  it('answers a marked offer until the mark lapses, and not one past it', () => {
    const { clock, marks } = marksAt(1_000);
    expect(marks.title(offer)).toBeUndefined();
    marks.mark(offer, '午夜秒杀');
    expect(marks.title(offer)).toBe('午夜秒杀');
    clock.now += MARK_MILLISECONDS - 1;
    expect(marks.title(offer)).toBe('午夜秒杀');
    clock.now += 1;
    expect(marks.title(offer)).toBeUndefined();
    expect(marks.size).toBe(0);
  });

  it.each([
    ['another shop', { ...offer, siteId: 2 }],
    ['another seckill goods', { ...offer, SeckillGoodsId: 8 }],
    ['another SKU', { ...offer, SkuId: 31 }],
    ['ids that would join to the same text', { siteId: 1, SeckillGoodsId: 73, SkuId: 0 }],
  ])('never answers %s', (_, other) => {
    const { marks } = marksAt(0);
    marks.mark(offer, 'sale');
    expect(marks.title(other)).toBeUndefined();
  });

  it('forgets every mark at once when units come back', () => {
    const { marks } = marksAt(0);
    marks.mark(offer, 'a');
    marks.mark({ ...offer, SkuId: 31 }, 'b');
    marks.forgetAll();
    expect(marks.title(offer)).toBeUndefined();
    expect(marks.size).toBe(0);
  });

  it('a new mark restarts the time of a marked offer', () => {
    const { clock, marks } = marksAt(0);
    marks.mark(offer, 'sale');
    clock.now += MARK_MILLISECONDS - 1;
    marks.mark(offer, 'sale');
    clock.now += MARK_MILLISECONDS - 1;
    expect(marks.title(offer)).toBe('sale');
  });

  it('sweeps lapsed marks once a thousand are kept, and keeps live ones', () => {
    const { clock, marks } = marksAt(0);
    for (let sku = 0; sku < 999; sku += 1) marks.mark({ ...offer, SkuId: sku }, 'old');
    clock.now += MARK_MILLISECONDS;
    marks.mark({ ...offer, SkuId: 5_000 }, 'live');
    expect(marks.size).toBe(1_000);
    marks.mark({ ...offer, SkuId: 5_001 }, 'new');
    expect(marks.size).toBe(2);
    expect(marks.title({ ...offer, SkuId: 5_000 })).toBe('live');
  });
});
