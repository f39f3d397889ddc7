import { describe, expect, it } from 'vitest';
import { growthForAmount, growthToTakeBack, matchRechargeRule } from './member-rules';

describe('matchRechargeRule', () => {
  const rules = [
    { PayFen: 50_000, id: 'b' },
    { PayFen: 10_000, id: 'a' },
    { PayFen: 100_000, id: 'c' },
  ];
  it.each<[number, string | null]>([
    [0, null],
    [9_999, null],
    [10_000, 'a'],
    [10_001, 'a'],
    [49_999, 'a'],
    [50_000, 'b'],
    [99_999, 'b'],
    [100_000, 'c'],
    [5_000_000, 'c'],
  ])('%i fen → rule %s', (amount, id) => {
    expect(matchRechargeRule(rules, amount)?.id ?? null).toBe(id);
  });
  it('no rules, no match', () => expect(matchRechargeRule([], 100_000)).toBeNull());
  it('of two rules with one amount, the first listed', () => {
    const twins = [
      { PayFen: 10_000, id: 'first' },
      { PayFen: 10_000, id: 'second' },
    ];
    expect(matchRechargeRule(twins, 10_000)?.id).toBe('first');
  });
  it('leaves the rules as they were', () => {
    const copy = rules.map((rule) => ({ ...rule }));
    matchRechargeRule(rules, 60_000);
    expect(rules).toEqual(copy);
  });
});

describe('growthForAmount', () => {
  it.each([
    [0, 1, 0],
    [99, 1, 0],
    [100, 1, 1],
    [199, 1, 1],
    [200, 1, 2],
    [12_345, 2, 246],
    [10_000, 0, 0],
    [-500, 1, 0],
    [500, -1, 0],
  ])('%i fen at %i a yuan → %i', (amount, perYuan, growth) => {
    expect(growthForAmount(amount, perYuan)).toBe(growth);
  });
});

describe('growthToTakeBack', () => {
  it.each([
    ['all refunded', 100, 10_000, 10_000, 100],
    ['half refunded', 100, 10_000, 5_000, 50],
    ['rounded down', 100, 10_000, 3_333, 33],
    ['one fen refunded', 100, 10_000, 1, 0],
    ['more than paid is capped at all', 100, 10_000, 20_000, 100],
    ['nothing granted', 0, 10_000, 10_000, 0],
    ['nothing paid', 100, 0, 10_000, 0],
    ['nothing refunded', 100, 10_000, 0, 0],
    ['negative refund', 100, 10_000, -1, 0],
  ])('%s', (_, granted, paid, refund, back) => {
    expect(growthToTakeBack(granted, paid, refund)).toBe(back);
  });
});
