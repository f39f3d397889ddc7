import { describe, expect, it } from 'vitest';
import {
  type Destination,
  FREIGHT_ORDER_MAX_FEN,
  FREIGHT_UNIT_MAX,
  type FreightItem,
  type FreightRule,
  type FreightRules,
  formatUnits,
  isProvinceCode,
  parseUnits,
  provinceOf,
  quoteFreight,
  REGION_CODE_PATTERN,
  regionConflicts,
  regionsOverlap,
  ruleFee,
  ruleProblems,
  shipsFree,
} from './freight';

const GUANGDONG = '440000';
const SHENZHEN = '440300';
const GUANGZHOU = '440100';
const ZHEJIANG = '330000';
const HANGZHOU = '330100';
const XINJIANG = '650000';
const TIBET = '540000';
const LHASA = '540100';

const rule = (overrides: Partial<FreightRule> = {}): FreightRule => ({
  First: 1,
  FirstFen: 800,
  Next: 1,
  NextFen: 200,
  FreeWhen: 'never',
  FreeQuantity: 0,
  FreeAmountFen: 0,
  ...overrides,
});

const to = (provinceCode: string | null, cityCode: string | null = null): Destination => ({
  provinceCode,
  cityCode,
});

const item = (
  templateId: number | null,
  quantity: number,
  extra: Partial<FreightItem> = {},
): FreightItem => ({
  templateId,
  quantity,
  weightG: 0,
  volumeCm3: 0,
  amountFen: 1000 * quantity,
  ...extra,
});

describe('units typed in the display unit', () => {
  it.each([
    ['piece', '3', 3],
    ['piece', ' 12 ', 12],
    ['piece', '0', 0],
    ['piece', '1.5', null],
    ['piece', '1.', null],
    ['piece', '-1', null],
    ['piece', '', null],
    ['piece', 'a3', null],
    ['piece', '3a', null],
    ['weight', '1', 1000],
    ['weight', '1.5', 1500],
    ['weight', '0.001', 1],
    ['weight', '2.25', 2250],
    ['weight', '1.', 1000],
    ['weight', ' 0.5 ', 500],
    ['weight', '0.0001', null],
    ['weight', '.5', null],
    ['weight', '1,5', null],
    ['weight', 'x1.5', null],
    ['weight', '1.5x', null],
    ['volume', '1', 1_000_000],
    ['volume', '0.000001', 1],
    ['volume', '0.25', 250_000],
    ['volume', '0.0000001', null],
  ] as const)('%s %j → %s', (mode, text, expected) => {
    expect(parseUnits(mode, text)).toBe(expected);
  });

  it.each([
    ['piece', 3, '3'],
    ['piece', 0, '0'],
    ['weight', 1000, '1'],
    ['weight', 1500, '1.5'],
    ['weight', 1, '0.001'],
    ['weight', 10_010, '10.01'],
    ['weight', 0, '0'],
    ['volume', 1_000_000, '1'],
    ['volume', 250_000, '0.25'],
    ['volume', 1, '0.000001'],
  ] as const)('%s %i shows as %j and reads back', (mode, value, text) => {
    expect(formatUnits(mode, value)).toBe(text);
    expect(parseUnits(mode, text)).toBe(value);
  });
});

describe('region codes', () => {
  it.each([
    [GUANGDONG, true],
    [SHENZHEN, false],
    ['110000', true],
    ['110100', false],
    ['440000 ', false],
    ['4400000', false],
  ])('%j is a province: %s', (code, expected) => {
    expect(isProvinceCode(code)).toBe(expected);
  });

  it.each([
    [GUANGDONG, true],
    [SHENZHEN, true],
    ['110100', true],
    ['440305', false],
    ['1440000', false],
    ['4400001', false],
    ['44000', false],
    ['44a300', false],
  ])('%j may be a region of a template: %s', (code, expected) => {
    expect(REGION_CODE_PATTERN.test(code)).toBe(expected);
  });

  it.each([
    [SHENZHEN, GUANGDONG],
    [GUANGDONG, GUANGDONG],
    [LHASA, TIBET],
  ])('%s lies in %s', (code, province) => {
    expect(provinceOf(code)).toBe(province);
  });

  it.each([
    [GUANGDONG, GUANGDONG, true],
    [SHENZHEN, SHENZHEN, true],
    [GUANGDONG, SHENZHEN, true],
    [SHENZHEN, GUANGDONG, true],
    [SHENZHEN, GUANGZHOU, false],
    [GUANGDONG, ZHEJIANG, false],
    [GUANGDONG, HANGZHOU, false],
    [HANGZHOU, GUANGDONG, false],
  ])('%s and %s overlap: %s', (left, right, expected) => {
    expect(regionsOverlap(left, right)).toBe(expected);
  });
});

describe('regionConflicts', () => {
  it('accepts regions claimed once', () => {
    expect(regionConflicts([{ Regions: [GUANGDONG, HANGZHOU] }, { Regions: ['320000'] }], [TIBET])).toEqual(
      [],
    );
    expect(regionConflicts([], [])).toEqual([]);
    expect(regionConflicts([{ Regions: [SHENZHEN, GUANGZHOU] }], [])).toEqual([]);
  });

  it.each([
    [
      'the same province in two rules',
      [{ Regions: [GUANGDONG] }, { Regions: [ZHEJIANG, GUANGDONG] }],
      [],
      [{ path: ['Rules', 1, 'Regions'], region: GUANGDONG, rule: 1 }],
    ],
    [
      'a city of a province another rule has',
      [{ Regions: [GUANGDONG] }, { Regions: [SHENZHEN] }],
      [],
      [{ path: ['Rules', 1, 'Regions'], region: SHENZHEN, rule: 1 }],
    ],
    [
      'a province one of whose cities came first',
      [{ Regions: [HANGZHOU] }, { Regions: [GUANGDONG] }, { Regions: [ZHEJIANG] }],
      [],
      [{ path: ['Rules', 2, 'Regions'], region: ZHEJIANG, rule: 1 }],
    ],
    [
      'a region listed twice in one rule',
      [{ Regions: [SHENZHEN, SHENZHEN] }],
      [],
      [{ path: ['Rules', 0, 'Regions'], region: SHENZHEN, rule: 1 }],
    ],
    [
      'an undeliverable region a rule prices',
      [{ Regions: [ZHEJIANG] }, { Regions: [TIBET] }],
      [LHASA],
      [{ path: ['Undeliverable'], region: LHASA, rule: 2 }],
    ],
    [
      'an undeliverable region listed twice',
      [],
      [XINJIANG, XINJIANG],
      [{ path: ['Undeliverable'], region: XINJIANG, rule: null }],
    ],
    [
      'one conflict per list, the first',
      [{ Regions: [GUANGDONG, ZHEJIANG] }, { Regions: [SHENZHEN, HANGZHOU] }],
      [GUANGZHOU],
      [
        { path: ['Rules', 1, 'Regions'], region: SHENZHEN, rule: 1 },
        { path: ['Undeliverable'], region: GUANGZHOU, rule: 1 },
      ],
    ],
  ])('refuses %s', (_name, rules, undeliverable, expected) => {
    expect(regionConflicts(rules, undeliverable)).toEqual(expected);
  });
});

describe('ruleProblems', () => {
  it.each([
    ['piece', FREIGHT_UNIT_MAX.piece, []],
    ['piece', FREIGHT_UNIT_MAX.piece + 1, ['First', 'Next']],
    ['weight', FREIGHT_UNIT_MAX.weight, []],
    ['weight', FREIGHT_UNIT_MAX.weight + 1, ['First', 'Next']],
    ['volume', FREIGHT_UNIT_MAX.volume, []],
    ['volume', FREIGHT_UNIT_MAX.volume + 1, ['First', 'Next']],
  ] as const)('%s amounts of %i: problems on %j', (mode, amount, fields) => {
    const problems = ruleProblems(rule({ First: amount, Next: amount }), mode);
    expect(problems.map((problem) => problem.field)).toEqual(fields);
    for (const problem of problems) expect(problem.key).toBe(`freight.rule.unitMax.${mode}`);
  });

  it('names the limit in the display unit', () => {
    expect(ruleProblems(rule({ First: 1_000_001 }), 'weight')).toEqual([
      { field: 'First', key: 'freight.rule.unitMax.weight', values: { max: '1000' } },
    ]);
    expect(ruleProblems(rule({ Next: 100_000_001 }), 'volume')).toEqual([
      { field: 'Next', key: 'freight.rule.unitMax.volume', values: { max: '100' } },
    ]);
    expect(ruleProblems(rule({ Next: 10_000 }), 'piece')[0]!.values).toEqual({ max: '9999' });
  });

  it('checks each amount on its own', () => {
    expect(ruleProblems(rule({ First: 10_000 }), 'piece').map((problem) => problem.field)).toEqual(['First']);
    expect(ruleProblems(rule({ Next: 10_000 }), 'piece').map((problem) => problem.field)).toEqual(['Next']);
  });

  it.each([
    ['never', 0, 0, []],
    ['quantity', 1, 0, []],
    ['quantity', 0, 5000, ['freight.rule.freeQuantityRequired']],
    ['amount', 0, 1, []],
    ['amount', 3, 0, ['freight.rule.freeAmountRequired']],
    ['both', 1, 1, []],
    ['both', 0, 1, ['freight.rule.freeQuantityRequired']],
    ['both', 1, 0, ['freight.rule.freeAmountRequired']],
    ['both', 0, 0, ['freight.rule.freeQuantityRequired', 'freight.rule.freeAmountRequired']],
  ] as const)('free when %s with %i pieces and %i fen: %j', (FreeWhen, FreeQuantity, FreeAmountFen, keys) => {
    const problems = ruleProblems(rule({ FreeWhen, FreeQuantity, FreeAmountFen }), 'piece');
    expect(problems.map((problem) => problem.key)).toEqual(keys);
    expect(problems.map((problem) => problem.field)).toEqual(
      keys.map((key) => (key.includes('Quantity') ? 'FreeQuantity' : 'FreeAmountFen')),
    );
  });
});

describe('ruleFee at each limit', () => {
  const perKilo = rule({ First: 1000, FirstFen: 1000, Next: 500, NextFen: 300 });
  it.each([
    [0, 1000],
    [1, 1000],
    [999, 1000],
    [1000, 1000],
    [1001, 1300],
    [1499, 1300],
    [1500, 1300],
    [1501, 1600],
    [2000, 1600],
    [2001, 1900],
  ])('%i g → %i fen', (grams, fen) => {
    expect(ruleFee(perKilo, grams)).toBe(fen);
  });

  it.each([
    [rule(), 1, 800],
    [rule(), 2, 1000],
    [rule(), 3, 1200],
    [rule({ First: 2 }), 2, 800],
    [rule({ First: 2 }), 3, 1000],
    [rule({ Next: 2 }), 3, 1000],
    [rule({ Next: 2 }), 4, 1200],
    [rule({ FirstFen: 0 }), 2, 200],
    [rule({ NextFen: 0 }), 9, 800],
  ])('%j × %i → %i', (given, units, fen) => {
    expect(ruleFee(given, units)).toBe(fen);
  });
});

describe('shipsFree', () => {
  const free = (FreeWhen: FreightRule['FreeWhen']) =>
    rule({ FreeWhen, FreeQuantity: 3, FreeAmountFen: 9900 });
  it.each([
    ['never', 99, 999_999, false],
    ['quantity', 2, 999_999, false],
    ['quantity', 3, 0, true],
    ['quantity', 4, 0, true],
    ['amount', 99, 9899, false],
    ['amount', 0, 9900, true],
    ['amount', 0, 9901, true],
    ['both', 3, 9899, false],
    ['both', 2, 9900, false],
    ['both', 3, 9900, true],
    ['both', 4, 10_000, true],
  ] as const)('%s with %i pieces and %i fen: %s', (when, quantity, amountFen, expected) => {
    expect(shipsFree(free(when), quantity, amountFen)).toBe(expected);
  });
});

// Templates of one shop: by piece with a region rule and free shipping, by weight, by volume.
const byPiece: FreightRules = {
  ChargeMode: 'piece',
  DefaultRule: rule(),
  Rules: [
    {
      ...rule({ FirstFen: 500, NextFen: 100, FreeWhen: 'amount', FreeAmountFen: 9900 }),
      Regions: [GUANGDONG, HANGZHOU],
    },
    { ...rule({ FirstFen: 2000, NextFen: 1000 }), Regions: [XINJIANG] },
  ],
  Undeliverable: [TIBET],
};
const byWeight: FreightRules = {
  ChargeMode: 'weight',
  DefaultRule: rule({ First: 1000, FirstFen: 1000, Next: 1000, NextFen: 500 }),
  Rules: [{ ...rule({ First: 2000, FirstFen: 600, Next: 1000, NextFen: 200 }), Regions: [SHENZHEN] }],
  Undeliverable: [],
};
const byVolume: FreightRules = {
  ChargeMode: 'volume',
  DefaultRule: rule({
    First: 100_000,
    FirstFen: 3000,
    Next: 50_000,
    NextFen: 1000,
    FreeWhen: 'both',
    FreeQuantity: 5,
    FreeAmountFen: 50_000,
  }),
  Rules: [],
  Undeliverable: [],
};
const plain: FreightRules = { ChargeMode: 'piece', DefaultRule: rule(), Rules: [], Undeliverable: [] };
const templates = new Map([
  [1, byPiece],
  [2, byWeight],
  [3, byVolume],
  [4, plain],
]);

describe('quoteFreight', () => {
  it.each([
    ['the default rule elsewhere', [item(1, 3)], to(ZHEJIANG, '330200'), 800 + 2 * 200],
    ['a province rule', [item(1, 3)], to(GUANGDONG, SHENZHEN), 500 + 2 * 100],
    ['a city rule', [item(1, 1)], to(ZHEJIANG, HANGZHOU), 500],
    ['the second region rule', [item(1, 2)], to(XINJIANG, '650100'), 2000 + 1000],
    ['free shipping by amount met', [item(1, 2, { amountFen: 9900 })], to(GUANGDONG, GUANGZHOU), 0],
    [
      'free shipping by amount one fen short',
      [item(1, 2, { amountFen: 9899 })],
      to(GUANGDONG, GUANGZHOU),
      600,
    ],
    [
      'free shipping of a region rule, not the default',
      [item(1, 2, { amountFen: 99_999 })],
      to(ZHEJIANG, '330200'),
      1000,
    ],
    ['weight: first 1 kg', [item(2, 2, { weightG: 500 })], to(ZHEJIANG, null), 1000],
    ['weight: one gram past the first kilo', [item(2, 1, { weightG: 1001 })], to(ZHEJIANG, null), 1500],
    ['weight: 2.5 kg', [item(2, 5, { weightG: 500 })], to(ZHEJIANG, null), 1000 + 2 * 500],
    ['weight: a city rule', [item(2, 1, { weightG: 3000 })], to(GUANGDONG, SHENZHEN), 600 + 200],
    [
      'weight: another city of that province',
      [item(2, 1, { weightG: 3000 })],
      to(GUANGDONG, GUANGZHOU),
      1000 + 2 * 500,
    ],
    ['volume: first 0.1 m³', [item(3, 1, { volumeCm3: 100_000 })], to(ZHEJIANG, null), 3000],
    ['volume: one cm³ more', [item(3, 1, { volumeCm3: 100_001 })], to(ZHEJIANG, null), 4000],
    ['volume: both conditions met', [item(3, 5, { volumeCm3: 1, amountFen: 50_000 })], to(ZHEJIANG, null), 0],
    [
      'volume: pieces met, amount not',
      [item(3, 5, { volumeCm3: 1, amountFen: 49_999 })],
      to(ZHEJIANG, null),
      3000,
    ],
    [
      'volume: amount met, pieces not',
      [item(3, 4, { volumeCm3: 1, amountFen: 90_000 })],
      to(ZHEJIANG, null),
      3000,
    ],
    ['volume: every piece counts', [item(3, 3, { volumeCm3: 50_000 })], to(ZHEJIANG, null), 3000 + 1000],
    ['no template ships free', [item(null, 5)], to(TIBET, LHASA), 0],
    ['another shop’s template ships free', [item(99, 5)], to(TIBET, LHASA), 0],
    ['no lines', [], to(ZHEJIANG, null), 0],
  ])('%s', (_name, items, destination, fen) => {
    const quote = quoteFreight(items, templates, destination);
    expect(quote).toMatchObject({ kind: 'charged', totalFen: fen });
  });

  it('charges lines of one template together and adds up templates of mixed modes', () => {
    const items = [
      item(2, 1, { weightG: 800 }),
      item(1, 1, { amountFen: 5000 }),
      item(null, 9),
      item(2, 2, { weightG: 300 }),
      item(1, 2, { amountFen: 5000 }),
      item(3, 1, { volumeCm3: 120_000 }),
    ];
    const quote = quoteFreight(items, templates, to(GUANGDONG, GUANGZHOU));
    expect(quote).toEqual({
      kind: 'charged',
      totalFen: 1500 + 0 + 4000,
      parts: [
        { templateId: 2, units: 1400, quantity: 3, amountFen: 3000, rule: null, free: false, fen: 1500 },
        { templateId: 1, units: 3, quantity: 3, amountFen: 10_000, rule: 1, free: true, fen: 0 },
        { templateId: 3, units: 120_000, quantity: 1, amountFen: 1000, rule: null, free: false, fen: 4000 },
      ],
    });
    // The same lines in another order cost the same.
    const reversed = quoteFreight([...items].reverse(), templates, to(GUANGDONG, GUANGZHOU));
    expect(reversed).toMatchObject({ kind: 'charged', totalFen: 5500 });
  });

  it('names the free part and the rule that applied', () => {
    const quote = quoteFreight([item(1, 1, { amountFen: 10_000 })], templates, to(GUANGDONG, SHENZHEN));
    expect(quote).toEqual({
      kind: 'charged',
      totalFen: 0,
      parts: [{ templateId: 1, units: 1, quantity: 1, amountFen: 10_000, rule: 1, free: true, fen: 0 }],
    });
  });

  it.each([
    ['the province', to(TIBET, LHASA)],
    ['the province, no city known', to(TIBET, null)],
  ])('refuses an undeliverable region: %s', (_name, destination) => {
    expect(quoteFreight([item(4, 1), item(1, 1)], templates, destination)).toEqual({
      kind: 'undeliverable',
      templateId: 1,
      region: TIBET,
    });
  });

  it('refuses an undeliverable city and delivers to the rest of its province', () => {
    const cityOnly = new Map([[5, { ...plain, Undeliverable: [LHASA] }]]);
    expect(quoteFreight([item(5, 1)], cityOnly, to(TIBET, LHASA))).toEqual({
      kind: 'undeliverable',
      templateId: 5,
      region: LHASA,
    });
    expect(quoteFreight([item(5, 1)], cityOnly, to(TIBET, '540200'))).toMatchObject({
      kind: 'charged',
      totalFen: 800,
    });
    // Its province is known but not its city: the template cannot tell.
    expect(quoteFreight([item(5, 1)], cityOnly, to(TIBET, null))).toEqual({
      kind: 'unknownRegion',
      templateId: 5,
    });
    expect(quoteFreight([item(5, 1)], cityOnly, to(ZHEJIANG, null))).toMatchObject({
      kind: 'charged',
      totalFen: 800,
    });
  });

  it.each([
    [
      'a template with regions and no province known',
      [item(4, 1), item(1, 1)],
      to(null),
      { kind: 'unknownRegion', templateId: 1 },
    ],
    [
      'a city rule of the province and no city known',
      [item(2, 1, { weightG: 1 })],
      to(GUANGDONG, null),
      { kind: 'unknownRegion', templateId: 2 },
    ],
    [
      'a template without regions, no province known',
      [item(4, 2)],
      to(null),
      { kind: 'charged', totalFen: 1000 },
    ],
    [
      'city rules of another province, no city known',
      [item(2, 1, { weightG: 1 })],
      to(ZHEJIANG, null),
      { kind: 'charged', totalFen: 1000 },
    ],
  ])('decides with a vague address: %s', (_name, items, destination, expected) => {
    expect(quoteFreight(items, templates, destination)).toMatchObject(expected);
  });

  it('refuses freight above the order limit and charges it at the limit', () => {
    const steep = new Map([[6, { ...plain, DefaultRule: rule({ FirstFen: 0, NextFen: 10_000 }) }]]);
    const at = 1 + FREIGHT_ORDER_MAX_FEN / 10_000;
    expect(quoteFreight([item(6, at)], steep, to(ZHEJIANG))).toMatchObject({
      kind: 'charged',
      totalFen: FREIGHT_ORDER_MAX_FEN,
    });
    expect(quoteFreight([item(6, at + 1)], steep, to(ZHEJIANG))).toEqual({
      kind: 'tooHigh',
      totalFen: FREIGHT_ORDER_MAX_FEN + 10_000,
    });
  });
});
