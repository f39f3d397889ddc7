import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHANCE_SCALE, drawPrize, drawsLeft, type EntryFacts, entryProblem, nothingChance } from './lottery';

const prizes = [
  { id: 1, chanceBp: 100, stock: 5 },
  { id: 2, chanceBp: 900, stock: 5 },
  { id: 3, chanceBp: 4000, stock: 5 },
];
const fixed = (roll: number) => () => roll;

describe('drawPrize', () => {
  it.each([
    [0, 1],
    [99, 1],
    [100, 2],
    [999, 2],
    [1000, 3],
    [4999, 3],
    [5000, null],
    [9999, null],
  ])('a roll of %i wins prize %s', (roll, expected) => {
    expect(drawPrize(prizes, fixed(roll))?.id ?? null).toBe(expected);
  });

  it('gives nothing for a roll in the band of a prize out of stock, and leaves the others alone', () => {
    const soldOut = prizes.map((prize) => (prize.id === 2 ? { ...prize, stock: 0 } : prize));
    expect(drawPrize(soldOut, fixed(500))).toBeNull();
    expect(drawPrize(soldOut, fixed(99))?.id).toBe(1);
    expect(drawPrize(soldOut, fixed(1000))?.id).toBe(3);
  });

  it('draws nothing without prizes, and always the prize that takes all 10,000', () => {
    expect(drawPrize([], fixed(0))).toBeNull();
    expect(drawPrize([{ id: 9, chanceBp: CHANCE_SCALE, stock: 1 }], fixed(9999))?.id).toBe(9);
  });

  it.each([-1, CHANCE_SCALE, 0.5, Number.NaN])('refuses a random source that gives %s', (roll) => {
    expect(() => drawPrize(prizes, fixed(roll))).toThrow(RangeError);
  });

  it('asks the source for a number below 10,000', () => {
    const asked: number[] = [];
    drawPrize(prizes, (max) => {
      asked.push(max);
      return 0;
    });
    expect(asked).toEqual([CHANCE_SCALE]);
  });
});

describe('nothingChance', () => {
  it.each([
    [[], 10_000],
    [[{ chanceBp: 1 }], 9_999],
    [[{ chanceBp: 2500 }, { chanceBp: 7500 }], 0],
    [[{ chanceBp: 5000 }, { chanceBp: 5001 }], -1],
  ])('prizes %j leave %i', (given, expected) => {
    expect(nothingChance(given)).toBe(expected);
  });
});

describe('drawing 100,000 times with crypto randomness', () => {
  it('wins each prize at its rate, within five standard deviations', () => {
    const table = [
      { id: 1, chanceBp: 50, stock: Number.MAX_SAFE_INTEGER },
      { id: 2, chanceBp: 1000, stock: Number.MAX_SAFE_INTEGER },
      { id: 3, chanceBp: 2950, stock: Number.MAX_SAFE_INTEGER },
    ];
    const draws = 100_000;
    const wins = new Map<number, number>();
    for (let draw = 0; draw < draws; draw += 1) {
      const won = drawPrize(table, randomInt)?.id ?? 0;
      wins.set(won, (wins.get(won) ?? 0) + 1);
    }
    const expected = [...table, { id: 0, chanceBp: nothingChance(table), stock: 0 }];
    for (const prize of expected) {
      const p = prize.chanceBp / CHANCE_SCALE;
      const sigma = Math.sqrt(draws * p * (1 - p));
      const count = wins.get(prize.id) ?? 0;
      expect(Math.abs(count - draws * p), `prize ${prize.id}: ${count} wins`).toBeLessThanOrEqual(5 * sigma);
    }
  });
});

const running: EntryFacts = {
  state: 'running',
  entryMode: 'free',
  pointsCost: 0,
  dailyLimit: 3,
  totalLimit: 10,
  usedToday: 0,
  usedInAll: 0,
  paidOrders: 0,
  points: 0,
};

describe('entryProblem', () => {
  it.each([
    ['running, nothing used', {}, null],
    ['not started', { state: 'notStarted' }, 'notStarted'],
    ['ended', { state: 'ended' }, 'ended'],
    ['switched off', { state: 'off' }, 'off'],
    ['one below the daily limit', { usedToday: 2, usedInAll: 2 }, null],
    ['at the daily limit', { usedToday: 3, usedInAll: 3 }, 'dailyUsed'],
    ['no daily limit', { dailyLimit: 0, usedToday: 50, usedInAll: 9 }, null],
    ['one below the total limit', { usedInAll: 9 }, null],
    ['at the total limit', { usedInAll: 10 }, 'totalUsed'],
    ['no total limit', { totalLimit: 0, usedInAll: 500 }, null],
    ['points: exactly enough', { entryMode: 'points', pointsCost: 50, points: 50 }, null],
    ['points: one short', { entryMode: 'points', pointsCost: 50, points: 49 }, 'pointsShort'],
    ['order: one paid order left', { entryMode: 'order', paidOrders: 2, usedInAll: 1 }, null],
    ['order: every paid order used', { entryMode: 'order', paidOrders: 2, usedInAll: 2 }, 'noOrder'],
    ['order: no paid order', { entryMode: 'order' }, 'noOrder'],
  ] as const)('%s: %s', (_, change, expected) => {
    expect(entryProblem({ ...running, ...change })?.key ?? null).toBe(expected);
  });

  it('says what is needed when points are short', () => {
    expect(entryProblem({ ...running, entryMode: 'points', pointsCost: 50, points: 12 })).toEqual({
      key: 'pointsShort',
      needed: 50,
      balance: 12,
    });
  });
});

describe('drawsLeft', () => {
  it.each([
    ['daily limit only', { totalLimit: 0, usedToday: 1 }, 2],
    ['total limit the smaller', { usedToday: 0, usedInAll: 9 }, 1],
    ['no limits', { dailyLimit: 0, totalLimit: 0 }, null],
    ['order entry with two orders, one used', { entryMode: 'order', paidOrders: 2, usedInAll: 1 }, 1],
    ['used past a lowered limit', { usedToday: 5, usedInAll: 5 }, 0],
  ] as const)('%s: %s', (_, change, expected) => {
    expect(drawsLeft({ ...running, ...change })).toBe(expected);
  });
});
