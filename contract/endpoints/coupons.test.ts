import { describe, expect, it } from 'vitest';
import { MAX_COUPON_QUANTITY, MAX_PER_MEMBER, MAX_SCOPE_IDS, MAX_VALID_DAYS } from '../coupon-rules';
import {
  COUPON_DESCRIPTION_MAX,
  COUPON_TITLE_MAX,
  couponFormSchema,
  couponRuleFormSchema,
  findSendMembers,
  MAX_COUPON_STORES,
  MAX_SEND_COPIES,
  MAX_SEND_MEMBERS,
} from './coupons';
import { refusedWithKeys as refused } from './schema-refusals';

const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

const coupon = {
  Title: '满 100 减 10',
  Channel: 'online',
  Kind: 'amount',
  Value: 1000,
  CapFen: null,
  ThresholdFen: 10000,
  Scope: 'all',
  ScopeIds: [],
  WithActivity: false,
  TotalQuantity: 100,
  PerMemberLimit: 2,
  PerDayLimit: 1,
  StartsOn: '2026-12-01',
  EndsOn: '2026-12-31',
  Validity: { kind: 'fixed', from: '2026-12-01', until: '2027-01-31' },
  Audience: 'all',
  AudienceGradeIds: [],
  StoreIds: [],
};

describe('a coupon', () => {
  it.each([
    ['an amount off over a threshold', {}, []],
    ['a title at the limit', { Title: '券'.repeat(COUPON_TITLE_MAX) }, []],
    ['a title one past the limit', { Title: '券'.repeat(COUPON_TITLE_MAX + 1) }, ['Title']],
    ['a title at the limit with spaces around', { Title: ` ${'券'.repeat(COUPON_TITLE_MAX)} ` }, []],
    ['a title of spaces', { Title: '  ' }, ['Title']],
    ['a description at the limit', { Description: 'd'.repeat(COUPON_DESCRIPTION_MAX) }, []],
    [
      'a description one past the limit',
      { Description: 'd'.repeat(COUPON_DESCRIPTION_MAX + 1) },
      ['Description'],
    ],
    ['1 fen off', { Value: 1 }, []],
    ['0 fen off', { Value: 0 }, ['Value: coupon.form.amountRequired']],
    ['an amount equal to the threshold', { Value: 10000 }, []],
    ['an amount one past the threshold', { Value: 10001 }, ['Value: coupon.form.amountOverThreshold']],
    ['any amount with no threshold', { Value: 50000, ThresholdFen: 0 }, []],
    ['a discount of 1', { Kind: 'discount', Value: 1 }, []],
    ['a discount of 0', { Kind: 'discount', Value: 0 }, ['Value: coupon.form.discountRange']],
    ['a discount of 99', { Kind: 'discount', Value: 99 }, []],
    ['a discount of 100', { Kind: 'discount', Value: 100 }, ['Value: coupon.form.discountRange']],
    ['a discount with a cap', { Kind: 'discount', Value: 85, CapFen: 2000 }, []],
    ['an amount with a cap', { CapFen: 2000 }, ['CapFen: coupon.form.capDiscountOnly']],
    ['free shipping online', { Kind: 'freeShipping', Value: 0 }, []],
    [
      'free shipping offline',
      { Kind: 'freeShipping', Value: 0, Channel: 'offline' },
      ['Kind: coupon.form.freeShippingOnline'],
    ],
    ['an amount offline', { Channel: 'offline' }, []],
    ['goods named', { Scope: 'goods', ScopeIds: [3] }, []],
    ['goods scope with none named', { Scope: 'goods' }, ['ScopeIds: coupon.form.scopeEmpty']],
    ['all but no goods named', { Scope: 'exceptGoods' }, ['ScopeIds: coupon.form.scopeEmpty']],
    ['scope ids at the limit', { Scope: 'goods', ScopeIds: ids(MAX_SCOPE_IDS) }, []],
    ['scope ids one past the limit', { Scope: 'goods', ScopeIds: ids(MAX_SCOPE_IDS + 1) }, ['ScopeIds']],
    ['grades named', { Audience: 'grades', AudienceGradeIds: [1] }, []],
    [
      'grades audience with none named',
      { Audience: 'grades' },
      ['AudienceGradeIds: coupon.form.gradesEmpty'],
    ],
    ['new members: no grades needed', { Audience: 'newMembers' }, []],
    ['a day limit equal to the member limit', { PerMemberLimit: 2, PerDayLimit: 2 }, []],
    [
      'a day limit one over the member limit',
      { PerMemberLimit: 2, PerDayLimit: 3 },
      ['PerDayLimit: coupon.form.dayOverMember'],
    ],
    ['a day limit with no member limit', { PerMemberLimit: null, PerDayLimit: 3 }, []],
    ['no day limit', { PerMemberLimit: 1, PerDayLimit: null }, []],
    ['a member limit at the limit', { PerMemberLimit: MAX_PER_MEMBER }, []],
    ['a member limit one past the limit', { PerMemberLimit: MAX_PER_MEMBER + 1 }, ['PerMemberLimit']],
    ['a member limit of 0', { PerMemberLimit: 0, PerDayLimit: null }, ['PerMemberLimit']],
    ['a quantity at the limit', { TotalQuantity: MAX_COUPON_QUANTITY }, []],
    ['a quantity one past the limit', { TotalQuantity: MAX_COUPON_QUANTITY + 1 }, ['TotalQuantity']],
    ['an unlimited quantity', { TotalQuantity: null }, []],
    [
      'claims of one day',
      { EndsOn: '2026-12-01', Validity: { kind: 'fixed', from: '2026-12-01', until: '2026-12-01' } },
      [],
    ],
    ['claims ending before they start', { EndsOn: '2026-11-30' }, ['EndsOn: coupon.form.endBeforeStart']],
    ['a claim day with spaces around', { StartsOn: ' 2026-12-01 ' }, []],
    ['a claim day that does not exist', { StartsOn: '2026-02-30' }, ['StartsOn: coupon.form.day']],
    [
      'use ending before it starts',
      { Validity: { kind: 'fixed', from: '2027-02-01', until: '2027-01-31' } },
      ['Validity.until: coupon.form.endBeforeStart'],
    ],
    [
      'use ending the day claims end',
      { Validity: { kind: 'fixed', from: '2026-12-01', until: '2026-12-31' } },
      [],
    ],
    [
      'use ending a day before claims end',
      { Validity: { kind: 'fixed', from: '2026-12-01', until: '2026-12-30' } },
      ['Validity.until: coupon.form.validityBeforeClaims'],
    ],
    ['use for one day after the claim', { Validity: { kind: 'relative', days: 1, fromTomorrow: false } }, []],
    ['use for 0 days', { Validity: { kind: 'relative', days: 0, fromTomorrow: false } }, ['Validity.days']],
    ['use for the longest', { Validity: { kind: 'relative', days: MAX_VALID_DAYS, fromTomorrow: true } }, []],
    [
      'use for one day past the longest',
      { Validity: { kind: 'relative', days: MAX_VALID_DAYS + 1, fromTomorrow: true } },
      ['Validity.days'],
    ],
    ['stores of an offline coupon', { Channel: 'offline', StoreIds: [1] }, []],
    ['stores at the limit', { Channel: 'offline', StoreIds: ids(MAX_COUPON_STORES) }, []],
    ['stores one past the limit', { Channel: 'offline', StoreIds: ids(MAX_COUPON_STORES + 1) }, ['StoreIds']],
    ['stores of an online coupon', { StoreIds: [1] }, ['StoreIds: coupon.form.storesOfflineOnly']],
  ])('%s', (_, change, found) => expect(refused(couponFormSchema, { ...coupon, ...change })).toEqual(found));

  it('trims the title and claim days and defaults the description', () => {
    expect(couponFormSchema.parse({ ...coupon, Title: ' 满减 ', StartsOn: ' 2026-12-01 ' })).toMatchObject({
      Title: '满减',
      StartsOn: '2026-12-01',
      Description: '',
    });
  });
});

describe('a coupon rule', () => {
  const rule = { Event: 'newMember', CouponId: 1, Copies: 1, GradeIds: [], MinRechargeFen: 0, Enabled: true };
  it.each([
    ['a new member rule', {}, []],
    ['copies at the limit', { Copies: MAX_SEND_COPIES }, []],
    ['copies one past the limit', { Copies: MAX_SEND_COPIES + 1 }, ['Copies']],
    ['no copies', { Copies: 0 }, ['Copies']],
    ['an upgrade to named grades', { Event: 'gradeUpgrade', GradeIds: [2] }, []],
    ['any upgrade', { Event: 'gradeUpgrade' }, []],
    ['grades on another event', { GradeIds: [2] }, ['GradeIds: coupon.rule.gradesUpgradeOnly']],
    ['a recharge of at least 1 fen', { Event: 'recharge', MinRechargeFen: 1 }, []],
    ['a recharge with no minimum', { Event: 'recharge' }, ['MinRechargeFen: coupon.rule.rechargeMinimum']],
    ['a minimum on another event', { Event: 'birthday', MinRechargeFen: 500 }, []],
  ])('%s', (_, change, found) =>
    expect(refused(couponRuleFormSchema, { ...rule, ...change })).toEqual(found),
  );
});

describe('send members lookup', () => {
  const list = (count: number) => ids(count).join(',');
  it.each([
    ['a keyword at 32', { keyword: 'k'.repeat(32) }, []],
    ['a keyword at 33', { keyword: 'k'.repeat(33) }, ['keyword']],
    ['a keyword at 32 with spaces around', { keyword: ` ${'k'.repeat(32)} ` }, []],
    ['ids at the limit', { Ids: list(MAX_SEND_MEMBERS) }, []],
    ['ids one past the limit', { Ids: list(MAX_SEND_MEMBERS + 1) }, ['Ids']],
    ['an id of 0', { Ids: '0' }, ['Ids']],
    ['a trailing comma', { Ids: '1,2,' }, ['Ids']],
    ['an id of 11 digits', { Ids: '12345678901' }, ['Ids']],
    ['an id with a letter after it', { Ids: '1x' }, ['Ids']],
  ])('%s', (_, input, found) => expect(refused(findSendMembers.input, input)).toEqual(found));
});
