import { describe, expect, it } from 'vitest';
import type { CouponKind } from '../../../contract/coupon-rules';
import { couponValueText } from './expiry-reminders';

describe('couponValueText', () => {
  it.each<[string, CouponKind, number, number, string]>([
    ['amount with no threshold', 'amount', 1000, 0, '减10.00元'],
    ['amount over a threshold', 'amount', 3000, 19900, '满199.00元减30.00元'],
    ['the smallest threshold', 'amount', 1, 1, '满0.01元减0.01元'],
    ['a discount', 'discount', 85, 0, '8.5折'],
    ['a whole-tenth discount over a threshold', 'discount', 90, 10000, '满100.00元打9折'],
    ['free shipping', 'freeShipping', 0, 0, '免运费'],
    ['free shipping over a threshold', 'freeShipping', 0, 9900, '满99.00元免运费'],
  ])('%s', (_case, kind, value, thresholdFen, text) => {
    expect(couponValueText(kind, value, thresholdFen)).toBe(text);
  });
});
