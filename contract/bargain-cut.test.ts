import { describe, expect, it } from 'vitest';
import { type CutMode, type DrawInteger, launchStartFen, nextCut } from './bargain-cut';

const lowest: DrawInteger = (min) => min;
const highest: DrawInteger = (_min, max) => max;

/** A seeded draw, so the simulations below are the same on every run. */
function seeded(seed: number): DrawInteger {
  let state = seed;
  return (min, max) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return min + (state % (max - min + 1));
  };
}

describe('nextCut, fixed', () => {
  it.each([
    [1000, 4, 250],
    [1000, 3, 334],
    [10, 3, 4],
    [2, 5, 1],
    [7, 1, 7],
    [0, 3, 0],
  ])('%i fen left over %i helps: %i', (remainingFen, helpsLeft, cut) => {
    expect(nextCut({ remainingFen, helpsLeft, mode: 'fixed' }, lowest)).toBe(cut);
  });
});

describe('nextCut, random', () => {
  it('draws between 1 fen and twice the fair share less one', () => {
    const asked: [number, number][] = [];
    nextCut({ remainingFen: 1000, helpsLeft: 4, mode: 'random' }, (min, max) => {
      asked.push([min, max]);
      return min;
    });
    expect(asked).toEqual([[1, 499]]);
  });

  it.each([
    ['the last help takes the rest', 321, 1, lowest, 321],
    ['fewer fen than helps: one fen each', 3, 5, highest, 1],
    ['as many fen as helps: one fen each', 5, 5, highest, 1],
    ['one more fen than helps: still never leaves a help nothing', 6, 5, highest, 1],
    ['nothing left: nothing cut', 0, 4, highest, 0],
  ] as const)('%s', (_, remainingFen, helpsLeft, draw, cut) => {
    expect(nextCut({ remainingFen, helpsLeft, mode: 'random' }, draw)).toBe(cut);
  });

  it('never cuts so much that a later help has nothing left', () => {
    expect(nextCut({ remainingFen: 10, helpsLeft: 3, mode: 'random' }, highest)).toBe(5);
    expect(nextCut({ remainingFen: 10, helpsLeft: 9, mode: 'random' }, highest)).toBe(1);
  });
});

describe('a launch cut help by help', () => {
  const run = (mode: CutMode, total: number, helps: number, draw: DrawInteger) => {
    const cuts: number[] = [];
    let remaining = total;
    for (let help = 0; help < helps; help += 1) {
      const cut = nextCut({ remainingFen: remaining, helpsLeft: helps - help, mode }, draw);
      expect(cut).toBeGreaterThanOrEqual(0);
      expect(cut).toBeLessThanOrEqual(remaining);
      cuts.push(cut);
      remaining -= cut;
    }
    return { cuts, remaining };
  };

  it.each([
    ['random', 10_000, 5],
    ['random', 7, 7],
    ['random', 3, 8],
    ['fixed', 10_000, 5],
    ['fixed', 99, 10],
  ] as const)('%s: %i fen over %i helps reaches the floor exactly at the last help', (mode, total, helps) => {
    for (let seed = 1; seed <= 200; seed += 1) {
      const { cuts, remaining } = run(mode, total, helps, seeded(seed));
      expect(remaining).toBe(0);
      if (total >= helps) expect(cuts.every((cut) => cut >= 1)).toBe(true);
    }
  });

  it('gives each help the fair share on average', () => {
    let first = 0;
    const runs = 2000;
    for (let seed = 1; seed <= runs; seed += 1) first += run('random', 10_000, 4, seeded(seed)).cuts[0]!;
    // The first of four helps averages a quarter of 100 yuan, within a percent.
    expect(Math.abs(first / runs - 2500)).toBeLessThan(25);
  });
});

describe('launchStartFen', () => {
  it.each([
    [10_000, 3_000, 1_000, 9_000],
    [10_000, 3_000, 0, 10_000],
    [10_000, 3_000, 7_000, 3_000],
    [10_000, 3_000, 7_001, 3_000],
    [10_000, 3_000, -5, 10_000],
  ])('price %i, floor %i, first cut %i: starts at %i', (price, floor, first, start) => {
    expect(launchStartFen(price, floor, first)).toBe(start);
  });
});
