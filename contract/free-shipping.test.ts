import { describe, expect, it } from 'vitest';
import {
  coversDestination,
  coversGoods,
  exclusionConflict,
  type FreeShippingActivity,
  freeShippingProblems,
  freeShippingStage,
  freeShippingState,
  goodsOverlap,
  linesOutside,
  sharedRegion,
  windowsOverlap,
} from './free-shipping';

const GUANGDONG = '440000';
const SHENZHEN = '440300';
const GUANGZHOU = '440100';
const ZHEJIANG = '330000';

const activity = (changes: Partial<FreeShippingActivity> = {}): FreeShippingActivity => ({
  Id: 1,
  Name: '广东满99包邮',
  Status: 'on',
  StartsAt: '2026-05-01T00:00:00+08:00',
  EndsAt: '2026-06-01T00:00:00+08:00',
  Threshold: 'amount',
  MinimumFen: 9_900,
  MinimumQuantity: 0,
  RegionScope: 'chosen',
  Regions: [GUANGDONG],
  GoodsScope: 'all',
  ProductIds: [],
  ...changes,
});

describe('the state of an activity', () => {
  const at = (text: string) => new Date(text);
  it.each([
    ['before its start', '2026-04-30T23:59:59+08:00', 'on', 'notStarted'],
    ['at its start', '2026-05-01T00:00:00+08:00', 'on', 'running'],
    ['a moment before its end', '2026-05-31T23:59:59+08:00', 'on', 'running'],
    ['at its end', '2026-06-01T00:00:00+08:00', 'on', 'ended'],
    ['switched off while running', '2026-05-10T00:00:00+08:00', 'off', 'off'],
    ['switched off after its end', '2026-07-01T00:00:00+08:00', 'off', 'off'],
  ] as const)('%s', (_, now, Status, state) => {
    expect(freeShippingState(activity({ Status }), at(now))).toBe(state);
  });
});

describe('which parcels an activity covers', () => {
  it.each([
    ['a city of a chosen province', { RegionScope: 'chosen', Regions: [GUANGDONG] }, SHENZHEN, true],
    ['a chosen city', { RegionScope: 'chosen', Regions: [SHENZHEN] }, SHENZHEN, true],
    [
      'another city of the province of a chosen city',
      { RegionScope: 'chosen', Regions: [SHENZHEN] },
      GUANGZHOU,
      false,
    ],
    ['another province', { RegionScope: 'chosen', Regions: [GUANGDONG] }, '330100', false],
    ['anywhere with every region', { RegionScope: 'all', Regions: [] }, '330100', true],
  ] as const)('%s', (_, rules, city, covered) => {
    const destination = { provinceCode: `${city.slice(0, 2)}0000`, cityCode: city };
    expect(coversDestination(rules, destination)).toBe(covered);
  });

  it('covers an address the area tree does not know only with every region', () => {
    const unknown = { provinceCode: null, cityCode: null };
    expect(coversDestination({ RegionScope: 'chosen', Regions: [GUANGDONG] }, unknown)).toBe(false);
    expect(coversDestination({ RegionScope: 'all', Regions: [] }, unknown)).toBe(true);
  });

  it.each([
    ['all goods', 'all', [], 5, true],
    ['a chosen good', 'chosen', [5, 6], 5, true],
    ['a good not chosen', 'chosen', [6], 5, false],
    ['a good excepted', 'except', [5], 5, false],
    ['a good not excepted', 'except', [6], 5, true],
  ] as const)('%s', (_, GoodsScope, ProductIds, productId, covered) => {
    expect(coversGoods({ GoodsScope, ProductIds: [...ProductIds] }, productId)).toBe(covered);
  });
});

describe('the pricing stage of an activity for a cart', () => {
  const lines = [
    { skuId: 11, productId: 5 },
    { skuId: 12, productId: 6 },
  ];
  const shenzhen = { provinceCode: GUANGDONG, cityCode: SHENZHEN };

  it('covers every line without a scope, by amount', () => {
    expect(freeShippingStage(activity(), lines, shenzhen, 0)).toEqual({
      kind: 'amount',
      minimumFen: 9_900,
      outsideFreightFen: 0,
      activity: { id: 1, name: '广东满99包邮' },
    });
  });

  it('lists the covered SKUs and the freight left outside, by pieces', () => {
    const stage = freeShippingStage(
      activity({ Threshold: 'quantity', MinimumQuantity: 2, GoodsScope: 'except', ProductIds: [6] }),
      lines,
      shenzhen,
      800,
    );
    expect(stage).toEqual({
      kind: 'quantity',
      minimumQuantity: 2,
      eligibleSkuIds: new Set([11]),
      outsideFreightFen: 800,
      activity: { id: 1, name: '广东满99包邮' },
    });
    expect(linesOutside({ GoodsScope: 'except', ProductIds: [6] }, lines)).toEqual([lines[1]]);
  });

  it('is none for a parcel to another region or a cart of goods it does not cover', () => {
    expect(
      freeShippingStage(activity(), lines, { provinceCode: ZHEJIANG, cityCode: '330100' }, 0),
    ).toBeNull();
    expect(
      freeShippingStage(activity({ GoodsScope: 'chosen', ProductIds: [9] }), lines, shenzhen, 0),
    ).toBeNull();
  });
});

describe('the exclusion rule', () => {
  it.each([
    ['the same window', '2026-05-01T00:00:00+08:00', '2026-06-01T00:00:00+08:00', true],
    ['one ending as the other starts', '2026-06-01T00:00:00+08:00', '2026-07-01T00:00:00+08:00', false],
    [
      'one ending a second after the other starts',
      '2026-04-01T00:00:00+08:00',
      '2026-05-01T00:00:01+08:00',
      true,
    ],
    [
      'one ending as the other starts, before it',
      '2026-04-01T00:00:00+08:00',
      '2026-05-01T00:00:00+08:00',
      false,
    ],
  ])('windows: %s', (_, StartsAt, EndsAt, overlap) => {
    expect(windowsOverlap(activity(), { StartsAt, EndsAt })).toBe(overlap);
  });

  it.each([
    ['all and all', 'all', [], 'all', [], true],
    ['all and chosen', 'all', [], 'chosen', [3], true],
    ['chosen sharing a good', 'chosen', [1, 2], 'chosen', [2, 3], true],
    ['chosen sharing none', 'chosen', [1, 2], 'chosen', [3], false],
    ['chosen inside what the other excepts', 'chosen', [1, 2], 'except', [1, 2], false],
    ['chosen partly outside what the other excepts', 'chosen', [1, 2], 'except', [1], true],
    ['except and except', 'except', [1], 'except', [2], true],
    ['except and all', 'except', [1], 'all', [], true],
  ] as const)('goods: %s', (_, leftScope, leftIds, rightScope, rightIds, overlap) => {
    const left = { GoodsScope: leftScope, ProductIds: [...leftIds] };
    const right = { GoodsScope: rightScope, ProductIds: [...rightIds] };
    expect(goodsOverlap(left, right)).toBe(overlap);
    expect(goodsOverlap(right, left)).toBe(overlap);
  });

  it.each([
    ['every region on both', 'all', [], 'all', [], null],
    ['every region and a province', 'all', [], 'chosen', [ZHEJIANG], ZHEJIANG],
    ['a province and one of its cities', 'chosen', [GUANGDONG], 'chosen', [SHENZHEN], SHENZHEN],
    ['a city and its province', 'chosen', [SHENZHEN], 'chosen', [GUANGDONG], SHENZHEN],
    ['two cities of one province', 'chosen', [SHENZHEN], 'chosen', [GUANGZHOU], undefined],
    ['two provinces', 'chosen', [GUANGDONG], 'chosen', [ZHEJIANG], undefined],
  ] as const)('regions: %s', (_, leftScope, leftCodes, rightScope, rightCodes, shared) => {
    expect(
      sharedRegion(
        { RegionScope: leftScope, Regions: [...leftCodes] },
        { RegionScope: rightScope, Regions: [...rightCodes] },
      ),
    ).toBe(shared);
  });

  const other = activity({ Id: 2, Name: '深圳包邮', Regions: [SHENZHEN] });

  it('refuses a second switched-on activity over the same goods, region and time, naming the field', () => {
    expect(exclusionConflict(activity({ Id: undefined }), [other])).toEqual({
      field: 'Regions',
      otherId: 2,
      otherName: '深圳包邮',
      region: SHENZHEN,
    });
  });

  it.each([
    ['the candidate is switched off', activity({ Status: 'off' }), [other]],
    ['the other is switched off', activity(), [{ ...other, Status: 'off' as const }]],
    ['the other is the candidate itself', activity({ Id: 2 }), [other]],
    [
      'their windows do not meet',
      activity({ StartsAt: '2026-06-01T00:00:00+08:00', EndsAt: '2026-07-01T00:00:00+08:00' }),
      [other],
    ],
    [
      'their goods differ',
      activity({ GoodsScope: 'chosen', ProductIds: [1] }),
      [{ ...other, GoodsScope: 'chosen' as const, ProductIds: [2] }],
    ],
    ['their regions differ', activity({ Regions: [ZHEJIANG] }), [other]],
  ])('lets it be when %s', (_, candidate, others) => {
    expect(exclusionConflict(candidate, others)).toBeNull();
  });

  it('names the first conflicting activity in the order given', () => {
    const third = activity({ Id: 3, Name: '全国包邮', RegionScope: 'all', Regions: [] });
    expect(
      exclusionConflict(activity({ Id: 9 }), [activity({ Id: 4, Regions: [ZHEJIANG] }), third, other]),
    ).toMatchObject({ otherId: 3, region: GUANGDONG });
  });
});

describe('rules of the form the schema cannot say', () => {
  const form = (changes: Partial<FreeShippingActivity>) => activity(changes);
  it.each([
    ['a valid form', {}, []],
    ['an amount of 0 by amount', { MinimumFen: 0 }, ['MinimumFen']],
    ['an amount of 1 fen by amount', { MinimumFen: 1 }, []],
    ['0 pieces by pieces', { Threshold: 'quantity', MinimumQuantity: 0 }, ['MinimumQuantity']],
    ['1 piece by pieces, no amount', { Threshold: 'quantity', MinimumQuantity: 1, MinimumFen: 0 }, []],
    ['no region chosen', { Regions: [] }, ['Regions']],
    ['no region with every region', { RegionScope: 'all', Regions: [] }, []],
    ['no goods chosen', { GoodsScope: 'chosen', ProductIds: [] }, ['ProductIds']],
    ['no goods excepted', { GoodsScope: 'except', ProductIds: [] }, ['ProductIds']],
    ['an end at the start', { EndsAt: '2026-05-01T00:00:00+08:00' }, ['EndsAt']],
    ['an end a second after the start', { EndsAt: '2026-05-01T00:00:01+08:00' }, []],
  ] as const)('%s', (_, changes, fields) => {
    expect(freeShippingProblems(form(changes as Partial<FreeShippingActivity>)).map((p) => p.field)).toEqual(
      fields,
    );
  });
});
