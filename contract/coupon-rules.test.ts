import { describe, expect, it } from 'vitest';
import {
  bestCoupon,
  type ClaimFacts,
  type CouponEditable,
  type CouponLine,
  type CouponTerms,
  claimBlocker,
  copyValidity,
  couponStage,
  eligibleSkus,
  lockedChanges,
  rankCoupons,
} from './coupon-rules';
import { priceOrder } from './pricing';

/** SKU 11 of goods 1 in category 5, SKU 12 of goods 1, SKU 21 of goods 2 in category 6, SKU 31 uncategorised. */
const LINES: CouponLine[] = [
  { skuId: 11, productId: 1, categoryId: 5 },
  { skuId: 12, productId: 1, categoryId: 5 },
  { skuId: 21, productId: 2, categoryId: 6 },
  { skuId: 31, productId: 3, categoryId: null },
];

describe('eligibleSkus', () => {
  it.each<[CouponTerms['scope'], number[], number[] | null]>([
    ['all', [1], null],
    ['goods', [1], [11, 12]],
    ['goods', [2, 9], [21]],
    ['goods', [], []],
    ['categories', [6], [21]],
    ['categories', [5, 6], [11, 12, 21]],
    ['exceptGoods', [1], [21, 31]],
    ['exceptGoods', [], [11, 12, 21, 31]],
  ])('scope %s of %j covers %j', (scope, scopeIds, skus) => {
    const covered = eligibleSkus({ scope, scopeIds }, LINES);
    expect(covered === null ? null : [...covered].sort()).toEqual(skus);
  });

  it('never counts a line without a category in a category scope', () => {
    expect(eligibleSkus({ scope: 'categories', scopeIds: [0] }, LINES)?.size).toBe(0);
  });
});

describe('couponStage', () => {
  const terms: CouponTerms = {
    kind: 'amount',
    value: 1_000,
    capFen: null,
    thresholdFen: 5_000,
    scope: 'all',
    scopeIds: [],
    withActivity: false,
  };
  it.each<[string, Partial<CouponTerms>, object]>([
    ['amount', {}, { kind: 'amount', amountFen: 1_000, minimumFen: 5_000, withActivity: false }],
    ['discount without a cap', { kind: 'discount', value: 85 }, { kind: 'percent', payPercent: 85 }],
    [
      'discount with a cap',
      { kind: 'discount', value: 85, capFen: 2_000 },
      { kind: 'percent', payPercent: 85, capFen: 2_000 },
    ],
    ['free shipping', { kind: 'freeShipping', value: 0 }, { kind: 'freeShipping', minimumFen: 5_000 }],
    ['joining activities', { withActivity: true }, { withActivity: true }],
  ])('%s', (_, change, expected) => {
    const stage = couponStage({ ...terms, ...change }, LINES);
    expect(stage).toMatchObject(expected);
    expect('eligibleSkuIds' in stage).toBe(false);
  });

  it('has no cap field without a cap, and names the scoped SKUs', () => {
    const stage = couponStage(
      { ...terms, kind: 'discount', value: 90, scope: 'goods', scopeIds: [2] },
      LINES,
    );
    expect('capFen' in stage).toBe(false);
    expect([...(stage.eligibleSkuIds ?? [])]).toEqual([21]);
  });

  it('prices a scoped coupon on its lines only', () => {
    const stage = couponStage({ ...terms, thresholdFen: 0, scope: 'goods', scopeIds: [2] }, LINES);
    const priced = priceOrder({
      lines: [
        { skuId: 11, unitFen: 10_000, quantity: 1 },
        { skuId: 21, unitFen: 600, quantity: 1 },
      ],
      coupon: stage,
      freightFen: 0,
    });
    expect(priced).toMatchObject({ couponApplied: true, couponFen: 600, totalFen: 10_000 });
  });
});

describe('copyValidity', () => {
  // 2024-03-10 23:30 in the shop (UTC+8) is 15:30 UTC.
  const lateEvening = new Date('2024-03-10T15:30:00Z');
  it.each<[string, Parameters<typeof copyValidity>[0], string, string]>([
    [
      'fixed days, whole days in the shop’s time',
      { kind: 'fixed', from: '2024-03-01', until: '2024-03-31' },
      '2024-02-29T16:00:00.000Z',
      '2024-03-31T16:00:00.000Z',
    ],
    [
      'one day from today: until tonight',
      { kind: 'relative', days: 1, fromTomorrow: false },
      '2024-03-10T15:30:00.000Z',
      '2024-03-10T16:00:00.000Z',
    ],
    [
      'seven days from today: today counts',
      { kind: 'relative', days: 7, fromTomorrow: false },
      '2024-03-10T15:30:00.000Z',
      '2024-03-16T16:00:00.000Z',
    ],
    [
      'one day from tomorrow: tomorrow only',
      { kind: 'relative', days: 1, fromTomorrow: true },
      '2024-03-10T16:00:00.000Z',
      '2024-03-11T16:00:00.000Z',
    ],
    [
      'zero days is read as one',
      { kind: 'relative', days: 0, fromTomorrow: false },
      '2024-03-10T15:30:00.000Z',
      '2024-03-10T16:00:00.000Z',
    ],
  ])('%s', (_, validity, from, until) => {
    const window = copyValidity(validity, lateEvening);
    expect(window.from.toISOString()).toBe(from);
    expect(window.until.toISOString()).toBe(until);
  });

  it('counts the shop day, not the UTC day, just after midnight in the shop', () => {
    // 00:10 on the 11th in the shop is still the 10th in UTC.
    const window = copyValidity(
      { kind: 'relative', days: 1, fromTomorrow: false },
      new Date('2024-03-10T16:10:00Z'),
    );
    expect(window.until.toISOString()).toBe('2024-03-11T16:00:00.000Z');
  });
});

describe('claimBlocker', () => {
  const now = new Date('2024-03-10T04:00:00Z');
  const facts: ClaimFacts = {
    state: 'active',
    channel: 'online',
    startsAt: new Date('2024-03-01T00:00:00Z'),
    endsAt: new Date('2024-03-31T00:00:00Z'),
    totalQuantity: 50,
    issued: 49,
    perMemberLimit: 2,
    perDayLimit: 1,
    audience: 'all',
    audienceGradeIds: [],
    member: { gradeId: 3, isNew: false, copies: 1, copiesToday: 0 },
  };
  const member = (change: Partial<ClaimFacts['member']>) => ({ member: { ...facts.member, ...change } });
  it.each<[string, Partial<ClaimFacts>, string | null]>([
    ['one left, within every limit', {}, null],
    ['a draft', { state: 'draft' }, 'notActive'],
    ['paused', { state: 'paused' }, 'notActive'],
    ['ended', { state: 'ended' }, 'notActive'],
    ['an offline coupon', { channel: 'offline' }, 'notActive'],
    ['a millisecond before its window', { startsAt: new Date(now.getTime() + 1) }, 'notStarted'],
    ['at the first moment of its window', { startsAt: now }, null],
    ['at the end of its window', { endsAt: now }, 'over'],
    ['a millisecond before the end', { endsAt: new Date(now.getTime() + 1) }, null],
    ['none left', { issued: 50 }, 'soldOut'],
    ['unlimited quantity', { totalQuantity: null, issued: 1_000_000 }, null],
    ['new members only, to an old one', { audience: 'newMembers' }, 'audience'],
    ['new members only, to a new one', { audience: 'newMembers', ...member({ isNew: true }) }, null],
    ['chosen grades, another grade', { audience: 'grades', audienceGradeIds: [1, 2] }, 'audience'],
    ['chosen grades, the member’s', { audience: 'grades', audienceGradeIds: [3] }, null],
    [
      'chosen grades, a member without a grade',
      { audience: 'grades', audienceGradeIds: [3], ...member({ gradeId: null }) },
      'audience',
    ],
    ['at the per-member limit', member({ copies: 2 }), 'perMember'],
    ['one under the per-member limit', member({ copies: 1 }), null],
    ['no per-member limit', { perMemberLimit: null, ...member({ copies: 99 }) }, null],
    ['at the per-day limit', member({ copiesToday: 1 }), 'perDay'],
    ['no per-day limit', { perDayLimit: null, ...member({ copiesToday: 5 }) }, null],
    [
      'sold out and over the member limit: sold out first',
      { issued: 50, ...member({ copies: 5 }) },
      'soldOut',
    ],
  ])('%s → %s', (_, change, blocker) => {
    expect(claimBlocker({ ...facts, ...change }, now)).toBe(blocker);
  });
});

describe('lockedChanges', () => {
  const before: CouponEditable = {
    Kind: 'amount',
    Value: 1_000,
    CapFen: null,
    ThresholdFen: 5_000,
    Scope: 'goods',
    ScopeIds: [1, 2],
    WithActivity: false,
    TotalQuantity: 100,
    PerMemberLimit: 1,
    PerDayLimit: null,
    StartsOn: '2024-03-01',
    EndsOn: '2024-03-31',
    Validity: { kind: 'fixed', from: '2024-03-01', until: '2024-04-30' },
    Audience: 'all',
    AudienceGradeIds: [],
    Channel: 'online',
    StoreIds: [],
  };
  const edit = (change: Partial<CouponEditable>) => ({ ...before, ...change });
  it.each<[string, Partial<CouponEditable>, string[]]>([
    ['nothing changed', {}, []],
    ['the quantity raised', { TotalQuantity: 101 }, []],
    ['the quantity made unlimited', { TotalQuantity: null }, []],
    ['the quantity lowered by one', { TotalQuantity: 99 }, ['TotalQuantity']],
    ['the claim end moved earlier', { EndsOn: '2024-03-20' }, []],
    ['the claim end moved later', { EndsOn: '2024-04-10' }, []],
    [
      'the validity end moved later',
      { Validity: { kind: 'fixed', from: '2024-03-01', until: '2024-05-01' } },
      [],
    ],
    [
      'the validity end moved a day earlier',
      { Validity: { kind: 'fixed', from: '2024-03-01', until: '2024-04-29' } },
      ['Validity.until'],
    ],
    [
      'the validity start moved',
      { Validity: { kind: 'fixed', from: '2024-03-02', until: '2024-04-30' } },
      ['Validity.from'],
    ],
    [
      'the validity made relative',
      { Validity: { kind: 'relative', days: 7, fromTomorrow: false } },
      ['Validity.kind'],
    ],
    ['the value', { Value: 1_001 }, ['Value']],
    ['the kind', { Kind: 'discount' }, ['Kind']],
    ['the threshold', { ThresholdFen: 4_999 }, ['ThresholdFen']],
    ['the scope', { Scope: 'all' }, ['Scope']],
    ['the scope’s goods', { ScopeIds: [1] }, ['ScopeIds']],
    ['the scope’s goods reordered', { ScopeIds: [2, 1] }, []],
    ['the audience', { Audience: 'newMembers' }, ['Audience']],
    ['the audience grades', { AudienceGradeIds: [3] }, ['AudienceGradeIds']],
    ['the per-member limit', { PerMemberLimit: 2 }, ['PerMemberLimit']],
    ['stacking with activities', { WithActivity: true }, ['WithActivity']],
    ['the stores', { StoreIds: [4] }, ['StoreIds']],
    ['value and lower quantity together', { Value: 500, TotalQuantity: 10 }, ['Value', 'TotalQuantity']],
  ])('%s locks %j once a copy is out', (_, change, locked) => {
    expect(lockedChanges(before, edit(change), 1)).toEqual(locked);
    expect(lockedChanges(before, edit(change), 0)).toEqual([]);
  });

  it('lets an unlimited coupon get a limit only before its first copy', () => {
    const unlimited = edit({ TotalQuantity: null });
    expect(lockedChanges(unlimited, edit({ TotalQuantity: 1_000 }), 1)).toEqual(['TotalQuantity']);
    expect(lockedChanges(unlimited, edit({ TotalQuantity: 1_000 }), 0)).toEqual([]);
  });

  it('compares relative validities by days and start', () => {
    const relative = edit({ Validity: { kind: 'relative', days: 7, fromTomorrow: false } });
    const longer = edit({ Validity: { kind: 'relative', days: 8, fromTomorrow: false } });
    const tomorrow = edit({ Validity: { kind: 'relative', days: 7, fromTomorrow: true } });
    expect(lockedChanges(relative, relative, 1)).toEqual([]);
    expect(lockedChanges(relative, longer, 1)).toEqual(['Validity']);
    expect(lockedChanges(relative, tomorrow, 1)).toEqual(['Validity']);
  });
});

describe('bestCoupon', () => {
  const lines = [{ skuId: 1, unitFen: 10_000, quantity: 1 }];
  const copy = (id: number, coupon: Parameters<typeof priceOrder>[0]['coupon'], day = 10) => ({
    id,
    coupon,
    validUntil: new Date(`2024-03-${String(day).padStart(2, '0')}T00:00:00Z`),
  });
  const price = (candidate: ReturnType<typeof copy>) =>
    priceOrder({ lines, coupon: candidate.coupon, freightFen: 800 });

  it.each<[string, ReturnType<typeof copy>[], number | null]>([
    ['no copies', [], null],
    ['one that misses its minimum', [copy(1, { kind: 'amount', minimumFen: 10_001, amountFen: 500 })], null],
    [
      'the larger saving',
      [
        copy(1, { kind: 'amount', minimumFen: 0, amountFen: 500 }),
        copy(2, { kind: 'percent', minimumFen: 0, payPercent: 90 }),
      ],
      2,
    ],
    [
      'free shipping when it saves more than money off',
      [
        copy(1, { kind: 'amount', minimumFen: 0, amountFen: 500 }),
        copy(2, { kind: 'freeShipping', minimumFen: 0 }),
      ],
      2,
    ],
    [
      'equal savings: the one expiring first',
      [
        copy(1, { kind: 'amount', minimumFen: 0, amountFen: 500 }, 20),
        copy(2, { kind: 'amount', minimumFen: 0, amountFen: 500 }, 12),
      ],
      2,
    ],
    [
      'equal savings and expiry: the lower id',
      [
        copy(7, { kind: 'amount', minimumFen: 0, amountFen: 500 }),
        copy(3, { kind: 'amount', minimumFen: 0, amountFen: 500 }),
      ],
      3,
    ],
  ])('%s', (_, candidates, chosen) => {
    const best = bestCoupon(candidates, price);
    expect(best?.candidate.id ?? null).toBe(chosen);
    if (best) expect(best.breakdown).toEqual(price(best.candidate));
  });

  it('ranks every applying copy best first and leaves out those that do not apply', () => {
    const ranked = rankCoupons(
      [
        copy(1, { kind: 'amount', minimumFen: 0, amountFen: 300 }),
        copy(2, { kind: 'amount', minimumFen: 20_000, amountFen: 5_000 }),
        copy(3, { kind: 'amount', minimumFen: 0, amountFen: 900 }),
        copy(4, { kind: 'amount', minimumFen: 0, amountFen: 300 }, 5),
      ],
      price,
    );
    expect(ranked.map((entry) => entry.candidate.id)).toEqual([3, 4, 1]);
  });
});
