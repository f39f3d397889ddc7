import { describe, expect, it } from 'vitest';
import { type CouponRow, couponFormSchema } from '../../../contract/endpoints/coupons';
import { couponDraft, couponInput, discountPercent, newCouponDraft } from './coupon-form';

const TODAY = '2026-05-10';

describe('discountPercent', () => {
  it.each([
    ['8.5', 85],
    ['9', 90],
    [' 7.5 ', 75],
    ['0.1', 1],
    ['9.9', 99],
    ['85', Number.NaN],
    ['8.55', Number.NaN],
    ['', Number.NaN],
    ['八五', Number.NaN],
  ])('%j折 pays %d %%', (typed, percent) => {
    expect(discountPercent(typed)).toBe(percent);
  });
});

describe('the coupon form draft', () => {
  it('makes a valid input from a filled new draft', () => {
    const draft = { ...newCouponDraft(TODAY, 'online'), Title: '满100减10', Value: '10', Threshold: '100' };
    const input = couponInput(draft);
    expect(couponFormSchema.safeParse(input).success).toBe(true);
    expect(input).toMatchObject({
      Value: 1000,
      ThresholdFen: 10000,
      CapFen: null,
      TotalQuantity: null,
      PerMemberLimit: 1,
      PerDayLimit: null,
      Validity: { kind: 'relative', days: 7, fromTomorrow: false },
    });
  });

  it.each([
    [
      'a discount in 折 with a cap',
      { Kind: 'discount', Value: '8.5', Cap: '20' },
      { Value: 85, CapFen: 2000 },
    ],
    ['free shipping ignores the value', { Kind: 'freeShipping', Value: '9' }, { Value: 0, CapFen: null }],
    ['an amount keeps no cap', { Kind: 'amount', Value: '5', Cap: '20' }, { Value: 500, CapFen: null }],
    ['a limited quantity', { TotalQuantity: '300' }, { TotalQuantity: 300 }],
    ['a quantity that is not a number', { TotalQuantity: '3x' }, { TotalQuantity: Number.NaN }],
    ['money that is not money', { Value: '1.234' }, { Value: Number.NaN }],
    ['chosen goods', { Scope: 'goods', ScopeItems: [{ Id: 4, Name: '杯子' }] }, { ScopeIds: [4] }],
    [
      'chosen goods dropped when the scope is all',
      { Scope: 'all', ScopeItems: [{ Id: 4, Name: '杯子' }] },
      { ScopeIds: [] },
    ],
    ['stores dropped online', { StoreIds: [2] }, { StoreIds: [] }],
    ['stores kept offline', { Channel: 'offline', StoreIds: [2] }, { StoreIds: [2] }],
    ['grades dropped for everyone', { Audience: 'all', AudienceGradeIds: [3] }, { AudienceGradeIds: [] }],
  ] as const)('%s', (_, change, expected) => {
    const input = couponInput({
      ...newCouponDraft(TODAY, 'online'),
      Title: 'x',
      Value: '10',
      ...change,
    } as never);
    expect(input).toMatchObject(expected);
  });

  it('round-trips a saved coupon through the draft', () => {
    const row: CouponRow = {
      Id: 3,
      Title: '全场8.5折',
      Description: '说明',
      Channel: 'online',
      Kind: 'discount',
      Value: 85,
      CapFen: 5000,
      ThresholdFen: 0,
      Scope: 'categories',
      ScopeIds: [7],
      WithActivity: true,
      TotalQuantity: 100,
      Issued: 4,
      Used: 1,
      PerMemberLimit: 2,
      PerDayLimit: null,
      StartsOn: TODAY,
      EndsOn: '2026-06-10',
      Validity: { kind: 'fixed', from: TODAY, until: '2026-06-30' },
      Audience: 'grades',
      AudienceGradeIds: [2],
      StoreIds: [],
      State: 'active',
      CreatedAt: '',
      Version: 3,
    };
    const draft = couponDraft(row, new Map([[7, '数码']]));
    expect(draft).toMatchObject({
      Value: '8.5',
      Cap: '50.00',
      Threshold: '',
      ScopeItems: [{ Id: 7, Name: '数码' }],
    });
    const input = couponInput(draft, { Id: 3, Version: 3 });
    expect(input).toMatchObject({
      Id: 3,
      Version: 3,
      Value: 85,
      CapFen: 5000,
      ScopeIds: [7],
      Validity: { kind: 'fixed', from: TODAY, until: '2026-06-30' },
      AudienceGradeIds: [2],
    });
    expect(couponFormSchema.safeParse(input).success).toBe(true);
  });
});
