/**
 * Lucky draws (SPEC §2 lotteryActivity): how a draw is entered, what its prizes are, and the one
 * function that picks a prize. The chance of each prize is in basis points (1/10,000); "nothing"
 * takes whatever the prizes leave of 10,000. The server draws with crypto randomness; tests pass
 * their own source.
 */

/** `free`: anyone may draw; `points`: each draw costs points; `order`: one draw per paid order in the window. */
export const ENTRY_MODES = ['free', 'points', 'order'] as const;
export type EntryMode = (typeof ENTRY_MODES)[number];

/** What a prize gives; "nothing" is not a prize but the rest of the chances. */
export const PRIZE_KINDS = ['points', 'coupon', 'goods', 'balance'] as const;
export type PrizeKind = (typeof PRIZE_KINDS)[number];

/** What a draw came out as: a prize's kind, or nothing. */
export const OUTCOME_KINDS = ['nothing', ...PRIZE_KINDS] as const;
export type OutcomeKind = (typeof OUTCOME_KINDS)[number];

export const CHANCE_SCALE = 10_000;
export const MAX_PRIZES = 8;

export interface DrawablePrize {
  id: number;
  /** Basis points of CHANCE_SCALE. */
  chanceBp: number;
  stock: number;
}

/** A whole number in [0, max), uniformly; the server passes crypto.randomInt. */
export type RandomSource = (max: number) => number;

/** The chance of drawing nothing, in basis points: what the prizes leave. */
export function nothingChance(prizes: readonly Pick<DrawablePrize, 'chanceBp'>[]): number {
  return CHANCE_SCALE - prizes.reduce((sum, prize) => sum + prize.chanceBp, 0);
}

/**
 * The prize a draw wins, or null for nothing. The roll falls in one band per prize, in the order
 * given, and nothing takes the rest. A prize out of stock keeps its band and gives nothing, so the
 * other prizes' chances never grow as stock runs out.
 */
export function drawPrize<P extends DrawablePrize>(prizes: readonly P[], random: RandomSource): P | null {
  const roll = random(CHANCE_SCALE);
  if (!Number.isInteger(roll) || roll < 0 || roll >= CHANCE_SCALE) {
    throw new RangeError(`random source gave ${roll}, not a whole number below ${CHANCE_SCALE}`);
  }
  let edge = 0;
  for (const prize of prizes) {
    edge += prize.chanceBp;
    if (roll < edge) return prize.stock > 0 ? prize : null;
  }
  return null;
}

/** Why the member may not draw now, checked before the guarded counters take the entry. */
export type EntryProblem =
  | { key: 'notStarted' }
  | { key: 'ended' }
  | { key: 'off' }
  | { key: 'dailyUsed'; limit: number }
  | { key: 'totalUsed'; limit: number }
  | { key: 'noOrder' }
  | { key: 'pointsShort'; needed: number; balance: number };

export interface EntryFacts {
  state: 'notStarted' | 'running' | 'ended' | 'off';
  entryMode: EntryMode;
  pointsCost: number;
  /** 0: no limit. */
  dailyLimit: number;
  totalLimit: number;
  usedToday: number;
  usedInAll: number;
  /** Paid orders in the window, for `order` entry. */
  paidOrders: number;
  points: number;
}

/** The first reason the member may not draw, or null when they may. */
export function entryProblem(facts: EntryFacts): EntryProblem | null {
  if (facts.state !== 'running') return { key: facts.state };
  if (facts.dailyLimit > 0 && facts.usedToday >= facts.dailyLimit)
    return { key: 'dailyUsed', limit: facts.dailyLimit };
  if (facts.totalLimit > 0 && facts.usedInAll >= facts.totalLimit)
    return { key: 'totalUsed', limit: facts.totalLimit };
  if (facts.entryMode === 'order' && facts.usedInAll >= facts.paidOrders) return { key: 'noOrder' };
  if (facts.entryMode === 'points' && facts.points < facts.pointsCost)
    return { key: 'pointsShort', needed: facts.pointsCost, balance: facts.points };
  return null;
}

/** Draws the member has left today, or null when nothing but the stock limits them. */
export function drawsLeft(facts: Omit<EntryFacts, 'state' | 'points' | 'pointsCost'>): number | null {
  const limits: number[] = [];
  if (facts.dailyLimit > 0) limits.push(facts.dailyLimit - facts.usedToday);
  if (facts.totalLimit > 0) limits.push(facts.totalLimit - facts.usedInAll);
  if (facts.entryMode === 'order') limits.push(facts.paidOrders - facts.usedInAll);
  return limits.length === 0 ? null : Math.max(0, Math.min(...limits));
}
