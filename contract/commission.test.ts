import { describe, expect, it } from 'vitest';
import {
  allocate,
  type ChainFacts,
  type ChainPromoter,
  type CommissionLine,
  commissionBase,
  commissionEarners,
  type GoodsRule,
  ofRate,
  orderCommission,
  remainingCommission,
  withdrawalFee,
  withdrawalProblem,
} from './commission';

const promoter = (id: number, parentId: number | null, active = true): ChainPromoter => ({
  id,
  active,
  parentId,
});

/** Promoters 1 ← 2 ← 3 (3's parent is 2, 2's parent is 1), and 4 frozen under 1, 5 under 4. */
const TREE = new Map([
  [1, promoter(1, null)],
  [2, promoter(2, 1)],
  [3, promoter(3, 2)],
  [4, promoter(4, 1, false)],
  [5, promoter(5, 4)],
]);

function chain(changes: Partial<ChainFacts>): (number | null)[] {
  return commissionEarners({
    levels: 2,
    selfPurchase: false,
    buyer: null,
    inviter: null,
    promoters: TREE,
    ...changes,
  });
}

describe('commissionEarners', () => {
  it.each([
    ['a member invited by promoter 3', { inviter: TREE.get(3)! }, [3, 2]],
    ['a member invited by promoter 2', { inviter: TREE.get(2)! }, [2, 1]],
    ['a member invited by the top promoter: no level 2', { inviter: TREE.get(1)! }, [1, null]],
    ['a member nobody invited', {}, [null, null]],
    ['one level only', { levels: 1 as const, inviter: TREE.get(3)! }, [3]],
    ['promoter 3 buying, self-purchase off: their parents earn', { buyer: TREE.get(3)! }, [2, 1]],
    [
      'promoter 3 buying, self-purchase on: they earn level 1',
      { buyer: TREE.get(3)!, selfPurchase: true },
      [3, 2],
    ],
    [
      'a promoter buying wins over who invited them',
      { buyer: TREE.get(2)!, inviter: TREE.get(3)!, selfPurchase: true },
      [2, 1],
    ],
    ['the top promoter buying, self-purchase off: nobody', { buyer: TREE.get(1)! }, [null, null]],
    ['a frozen inviter earns nothing; their parent still does', { inviter: TREE.get(4)! }, [null, 1]],
    ['a frozen parent earns nothing', { inviter: TREE.get(5)! }, [5, null]],
    [
      'a frozen promoter buying with self-purchase: nothing for them, level 2 for their parent',
      { buyer: TREE.get(4)!, selfPurchase: true },
      [null, 1],
    ],
    ['a parent missing from the map ends the chain', { inviter: promoter(9, 8) }, [9, null]],
  ])('%s', (_, changes, expected) => {
    expect(chain(changes)).toEqual(expected);
  });
});

describe('commissionBase', () => {
  it.each([
    ['goods and freight paid', { paidFen: 10_600, freightFen: 600, refundedFen: 0 }, 10_000],
    ['no freight', { paidFen: 9_999, freightFen: 0, refundedFen: 0 }, 9_999],
    ['a refund comes off the goods', { paidFen: 10_600, freightFen: 600, refundedFen: 2_500 }, 7_500],
    ['refunded down to the freight', { paidFen: 10_600, freightFen: 600, refundedFen: 10_000 }, 0],
    ['refunded in full', { paidFen: 10_600, freightFen: 600, refundedFen: 10_600 }, 0],
    ['one fen of goods left', { paidFen: 10_600, freightFen: 600, refundedFen: 9_999 }, 1],
    [
      'freight above what was paid (points paid the goods)',
      { paidFen: 500, freightFen: 600, refundedFen: 0 },
      0,
    ],
    ['nothing paid', { paidFen: 0, freightFen: 0, refundedFen: 0 }, 0],
  ])('%s', (_, order, expected) => {
    expect(commissionBase(order)).toBe(expected);
  });
});

describe('allocate', () => {
  it.each([
    ['even weights', 100, [1, 1], [50, 50]],
    ['a fen left goes to the larger remainder', 100, [1, 2], [33, 67]],
    ['a tie goes to the earlier part', 100, [1, 1, 1], [34, 33, 33]],
    ['two fen left over three parts', 101, [1, 1, 1], [34, 34, 33]],
    ['one part takes all', 777, [5], [777]],
    ['a zero weight gets nothing', 100, [0, 3, 1], [0, 75, 25]],
    ['all weights zero: the first part', 100, [0, 0], [100, 0]],
    ['nothing to split', 0, [3, 7], [0, 0]],
    ['no parts', 50, [], []],
    ['prices in fen, base after a discount', 9_000, [6_000, 3_000, 1_000], [5_400, 2_700, 900]],
    ['remainders decide each fen', 10, [3, 3, 3, 1], [3, 3, 3, 1]],
    ['uneven remainders', 7, [2, 3, 5], [1, 2, 4]],
    ['the smaller weight can hold the larger remainder', 5, [1, 2], [2, 3]],
  ])('%s: %d over %j', (_, total, weights, expected) => {
    const shares = allocate(total, weights);
    expect(shares).toEqual(expected);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(weights.length === 0 ? 0 : total);
  });
});

describe('ofRate and withdrawalFee round down to the fen', () => {
  it.each([
    [10_000, 1_000, 1_000],
    [999, 1_000, 99],
    [1, 9_999, 0],
    [1, 10_000, 1],
    [12_345, 0, 0],
    [12_345, 250, 308],
    [3, 3_333, 0],
    [3, 3_334, 1],
  ])('%d fen at %d/10000 is %d', (base, rate, expected) => {
    expect(ofRate(base, rate)).toBe(expected);
    expect(withdrawalFee(base, rate)).toBe(expected);
  });
});

const line = (amountFen: number, quantity = 1, rule: GoodsRule | null = null): CommissionLine => ({
  amountFen,
  quantity,
  rule,
});
const fens = (rows: { fen: number }[][]) => rows.map((levels) => levels.map((level) => level.fen));

describe('orderCommission', () => {
  const RATES = [1_000, 500] as const;

  it.each([
    ['default rates at both levels', 10_000, [line(10_000)], [RATES, RATES], [[1_000, 500]]],
    ['level 2 without an earner', 10_000, [line(10_000)], [RATES, null], [[1_000, 0]]],
    ['nobody earns', 10_000, [line(10_000)], [null, null], [[0, 0]]],
    ['one level configured', 10_000, [line(10_000)], [RATES], [[1_000]]],
    [
      'each level at its earner’s grade rates',
      10_000,
      [line(10_000)],
      [
        [1_500, 300],
        [1_000, 800],
      ],
      [[1_500, 800]],
    ],
    [
      'the base shared by line amounts (after discount)',
      9_000,
      [line(6_000), line(3_000, 3), line(1_000)],
      [RATES, RATES],
      [
        [540, 270],
        [270, 135],
        [90, 45],
      ],
    ],
    [
      'a ratio rule replaces the earners’ rates',
      10_000,
      [line(10_000, 1, { mode: 'ratio', values: [2_000, 100] })],
      [RATES, RATES],
      [[2_000, 100]],
    ],
    [
      'a ratio rule still needs an earner',
      10_000,
      [line(10_000, 1, { mode: 'ratio', values: [2_000, 100] })],
      [RATES, null],
      [[2_000, 0]],
    ],
    [
      'a fixed rule pays per unit',
      10_000,
      [line(10_000, 4, { mode: 'fixed', values: [300, 100] })],
      [RATES, RATES],
      [[1_200, 400]],
    ],
    [
      'a fixed rule never passes the line’s base: level 1 first',
      1_000,
      [line(1_000, 2, { mode: 'fixed', values: [400, 400] })],
      [RATES, RATES],
      [[800, 200]],
    ],
    [
      'a fixed level 1 above the base takes it all',
      500,
      [line(500, 1, { mode: 'fixed', values: [600, 100] })],
      [RATES, RATES],
      [[500, 0]],
    ],
    [
      'a fixed level 2 alone may take the whole base',
      500,
      [line(500, 1, { mode: 'fixed', values: [100, 900] })],
      [null, RATES],
      [[0, 500]],
    ],
    [
      'excluded goods pay nothing, the others their share',
      10_000,
      [line(5_000, 1, { mode: 'excluded' }), line(5_000)],
      [RATES, RATES],
      [
        [0, 0],
        [500, 250],
      ],
    ],
    [
      'rounding down per line and level',
      999,
      [line(333), line(333), line(333)],
      [
        [333, 1],
        [333, 1],
      ],
      [
        [11, 0],
        [11, 0],
        [11, 0],
      ],
    ],
    ['a zero base pays nothing', 0, [line(5_000)], [RATES, RATES], [[0, 0]]],
  ] as const)('%s', (_, baseFen, lines, earners, expected) => {
    expect(fens(orderCommission({ baseFen, lines, earners }))).toEqual(expected);
  });

  it('keeps each row’s mode, value and the line’s base for refunds', () => {
    const [first, second] = orderCommission({
      baseFen: 9_000,
      lines: [line(6_000, 2, { mode: 'fixed', values: [100, 50] }), line(3_000)],
      earners: [RATES, RATES],
    });
    expect(first).toEqual([
      { fen: 200, mode: 'fixed', value: 100, baseFen: 6_000 },
      { fen: 100, mode: 'fixed', value: 50, baseFen: 6_000 },
    ]);
    expect(second).toEqual([
      { fen: 300, mode: 'ratio', value: 1_000, baseFen: 3_000 },
      { fen: 150, mode: 'ratio', value: 500, baseFen: 3_000 },
    ]);
  });
});

describe('remainingCommission after refunds', () => {
  const ratio = { amountFen: 1_000, mode: 'ratio' as const, value: 1_000, baseFen: 10_000 };
  const fixed = { amountFen: 900, mode: 'fixed' as const, value: 300, baseFen: 10_000 };
  it.each([
    ['nothing refunded', ratio, 10_000, 1_000],
    ['a quarter refunded', ratio, 7_500, 750],
    ['all refunded', ratio, 0, 0],
    ['one fen of base left', ratio, 1, 0],
    ['ten fen of base left', ratio, 10, 1],
    ['a base above the paid one never raises it', ratio, 20_000, 1_000],
    ['a negative base is none', ratio, -5, 0],
    ['fixed, nothing refunded', fixed, 10_000, 900],
    ['fixed, a third refunded, rounded down', fixed, 6_667, 600],
    ['fixed, half refunded', fixed, 5_000, 450],
    ['fixed, all refunded', fixed, 0, 0],
    ['a row of a zero base', { ...fixed, baseFen: 0 }, 0, 0],
  ])('%s', (_, row, baseNow, expected) => {
    expect(remainingCommission(row, baseNow)).toBe(expected);
  });

  it('follows the base of the whole order as refunds add up', () => {
    const order = { paidFen: 10_600, freightFen: 600 };
    const lines = [line(6_000), line(4_000)];
    const written = orderCommission({
      baseFen: commissionBase({ ...order, refundedFen: 0 }),
      lines,
      earners: [RATES_FOR_STEPS],
    });
    const left = (refundedFen: number) => {
      const bases = allocate(
        commissionBase({ ...order, refundedFen }),
        lines.map((entry) => entry.amountFen),
      );
      return written.map((levels, index) =>
        remainingCommission({ ...levels[0]!, amountFen: levels[0]!.fen }, bases[index]!),
      );
    };
    expect(left(0)).toEqual([600, 400]);
    expect(left(1_000)).toEqual([540, 360]);
    expect(left(5_000)).toEqual([300, 200]);
    expect(left(10_600)).toEqual([0, 0]);
  });
});

const RATES_FOR_STEPS = [1_000, 0] as const;

describe('withdrawalProblem', () => {
  const facts = {
    amountFen: 10_000,
    minimumFen: 1_000,
    feeRate: 100,
    withdrawableFen: 20_000,
    dailyLimitFen: 50_000,
    appliedTodayFen: 0,
  };
  it.each([
    ['a withdrawal within every rule', {}, null],
    ['exactly the minimum', { amountFen: 1_000 }, null],
    ['one fen under the minimum', { amountFen: 999 }, { key: 'belowMinimum', params: { min: 1_000 } }],
    [
      'no minimum still needs a fen',
      { minimumFen: 0, amountFen: 0 },
      { key: 'belowMinimum', params: { min: 1 } },
    ],
    ['exactly what is withdrawable', { amountFen: 20_000 }, null],
    [
      'one fen over what is withdrawable',
      { amountFen: 20_001 },
      { key: 'overWithdrawable', params: { available: 20_000 } },
    ],
    [
      'a debt from a reversal shows nothing available',
      { withdrawableFen: -300 },
      { key: 'overWithdrawable', params: { available: 0 } },
    ],
    ['exactly the daily limit', { appliedTodayFen: 40_000 }, null],
    [
      'one fen over the daily limit',
      { appliedTodayFen: 40_001 },
      { key: 'overDailyLimit', params: { limit: 50_000, left: 9_999 } },
    ],
    [
      'the daily limit used up',
      { appliedTodayFen: 60_000 },
      { key: 'overDailyLimit', params: { limit: 50_000, left: 0 } },
    ],
    ['no daily limit', { dailyLimitFen: 0, appliedTodayFen: 9_000_000 }, null],
    [
      'a fee that takes everything',
      { amountFen: 1_000, minimumFen: 0, feeRate: 10_000 },
      { key: 'nothingPaid', params: { fee: 1_000 } },
    ],
    ['a fee that leaves a fen', { amountFen: 1_000, minimumFen: 0, feeRate: 9_990 }, null],
  ] as const)('%s', (_, changes, expected) => {
    expect(withdrawalProblem({ ...facts, ...changes })).toEqual(expected);
  });
});
