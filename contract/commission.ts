/**
 * The commission maths of distribution (DESIGN §11), shared by the server and the screens: who
 * earns each level of an order, the base commission is figured on, each line's commission by its
 * goods rule or the earner's rates, what is left of it after refunds, and the fee of a withdrawal.
 * Pure and in whole fen, so each rule is a table of cases; the server reads the facts from the
 * database and writes what these functions give.
 *
 * Rounding: a share of a fen is never paid. Commissions and fees are rounded down, and a base is
 * split over lines by largest remainders so the lines add up to the base exactly.
 */

/** Rates are in parts of ten thousand (basis points): 1 000 is 10 %, 10 000 all of it. */
export const RATE_SCALE = 10_000;

/** Distribution pays one level (the promoter who brought the buyer) or two (and that promoter's parent). */
export const COMMISSION_LEVELS = [1, 2] as const;
export type CommissionLevel = (typeof COMMISSION_LEVELS)[number];

/** What a goods rule does to the goods' commission: a ratio of its own, a fixed amount per unit, none. */
export const GOODS_RULE_MODES = ['ratio', 'fixed', 'excluded'] as const;
export type GoodsRuleMode = (typeof GOODS_RULE_MODES)[number];

/**
 * A per-goods override: `ratio` rates (basis points) or `fixed` fen per unit, level 1 first. Goods
 * without a rule pay the earner's rates.
 */
export type GoodsRule =
  | { mode: 'ratio'; values: readonly [number, number] }
  | { mode: 'fixed'; values: readonly [number, number] }
  | { mode: 'excluded' };

/** A promoter as the chain sees it. */
export interface ChainPromoter {
  id: number;
  /** Frozen promoters earn nothing new; the chain still runs through them to their parent. */
  active: boolean;
  /** The promoter above, fixed when this one joined. */
  parentId: number | null;
}

export interface ChainFacts {
  levels: CommissionLevel;
  /** A promoter's own orders earn them level 1. */
  selfPurchase: boolean;
  /** The buyer's promoter row, when the buyer is a promoter. */
  buyer: ChainPromoter | null;
  /** The promoter row of the member who invited the buyer, when that member is a promoter. */
  inviter: ChainPromoter | null;
  /** Parents by id, as far up as the levels reach. */
  promoters: ReadonlyMap<number, ChainPromoter>;
}

/**
 * Who earns each level of the buyer's order, nearest first (index 0 is level 1); null where no one
 * does. The chain starts at the buyer when the buyer is a promoter who buys for themself with
 * self-purchase on; otherwise at the buyer's own parent when the buyer is a promoter, else at the
 * promoter who invited the buyer. Each further level is the previous one's parent.
 */
export function commissionEarners(facts: ChainFacts): (number | null)[] {
  let current: ChainPromoter | null;
  if (facts.buyer) {
    current = facts.selfPurchase ? facts.buyer : parentOf(facts.buyer, facts.promoters);
  } else {
    current = facts.inviter;
  }
  const earners: (number | null)[] = [];
  for (let level = 1; level <= facts.levels; level += 1) {
    earners.push(current?.active ? current.id : null);
    current = current ? parentOf(current, facts.promoters) : null;
  }
  return earners;
}

function parentOf(
  promoter: ChainPromoter,
  promoters: ReadonlyMap<number, ChainPromoter>,
): ChainPromoter | null {
  return promoter.parentId === null ? null : (promoters.get(promoter.parentId) ?? null);
}

/** The money commission is figured on: paid for the goods (freight aside), less what went back. */
export function commissionBase(order: { paidFen: number; freightFen: number; refundedFen: number }): number {
  return Math.max(0, order.paidFen - Math.min(order.freightFen, order.paidFen) - order.refundedFen);
}

/**
 * Splits `total` over parts in proportion to `weights`, in whole fen: each part gets its share
 * rounded down, and the fen left over go one each to the parts with the largest remainders (the
 * earlier part on a tie). All weights zero: the first part takes it all.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (sum === 0) return weights.map((_, index) => (index === 0 ? total : 0));
  const shares = weights.map((weight) => Math.floor((total * weight) / sum));
  let left = total - shares.reduce((acc, share) => acc + share, 0);
  const order = weights
    .map((weight, index) => ({ index, remainder: (total * weight) % sum }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/** `base` times a rate, rounded down to the fen. */
export function ofRate(base: number, rate: number): number {
  return Math.floor((base * rate) / RATE_SCALE);
}

/** One line of an order as commission sees it. */
export interface CommissionLine {
  /** What the line cost before discounts; lines share the base in proportion to it. */
  amountFen: number;
  quantity: number;
  rule: GoodsRule | null;
}

/** How one level's commission of a line was figured, kept with the row so a refund can scale it. */
export interface LevelCommission {
  /** 0 when nothing is paid (excluded goods, no earner). */
  fen: number;
  mode: 'ratio' | 'fixed';
  /** The rate (basis points) or the fixed fen per unit applied. */
  value: number;
  /** The line's share of the base at payment. */
  baseFen: number;
}

export interface OrderCommissionFacts {
  /** commissionBase of the order when it was paid. */
  baseFen: number;
  lines: readonly CommissionLine[];
  /** Each level's earner's rates (basis points, level 1 then level 2), or null when no one earns it. */
  earners: readonly (readonly [number, number] | null)[];
}

/**
 * Each line's commission at each level (lines first, then levels). A ratio rule or the earner's own
 * rate for that level takes its share of the line's base. A fixed rule pays its fen per unit, but
 * never more than the line's base over the levels together: level 1 first, level 2 from what is left.
 * Excluded goods pay nothing at any level.
 */
export function orderCommission(facts: OrderCommissionFacts): LevelCommission[][] {
  const bases = allocate(
    facts.baseFen,
    facts.lines.map((line) => line.amountFen),
  );
  return facts.lines.map((line, index) => {
    const baseFen = bases[index]!;
    let left = baseFen;
    return facts.earners.map((rates, level): LevelCommission => {
      const rule = line.rule;
      if (rates === null || rule?.mode === 'excluded') return { fen: 0, mode: 'ratio', value: 0, baseFen };
      if (rule?.mode === 'fixed') {
        const value = rule.values[level]!;
        const fen = Math.min(value * line.quantity, left);
        left -= fen;
        return { fen, mode: 'fixed', value, baseFen };
      }
      const value = rule?.mode === 'ratio' ? rule.values[level]! : rates[level]!;
      return { fen: ofRate(baseFen, value), mode: 'ratio', value, baseFen };
    });
  });
}

/** A commission row as written, for figuring what a refund leaves of it. */
export interface WrittenCommission {
  amountFen: number;
  mode: 'ratio' | 'fixed';
  /** The rate applied (ratio); unused for fixed amounts, which scale with the base. */
  value: number;
  /** The line's share of the base at payment. */
  baseFen: number;
}

/**
 * What is left of a commission when its line's share of the base has fallen to `baseNowFen`
 * (refunds): a ratio is applied to what is left, a fixed amount shrinks in proportion. Never more
 * than the row was, never less than nothing.
 */
export function remainingCommission(row: WrittenCommission, baseNowFen: number): number {
  const base = Math.max(0, Math.min(baseNowFen, row.baseFen));
  if (row.baseFen === 0) return 0;
  const left =
    row.mode === 'ratio' ? ofRate(base, row.value) : Math.floor((row.amountFen * base) / row.baseFen);
  return Math.min(row.amountFen, left);
}

/** The fee a withdrawal of `amountFen` pays at `feeRate` (basis points), rounded down. */
export function withdrawalFee(amountFen: number, feeRate: number): number {
  return ofRate(amountFen, feeRate);
}

export interface WithdrawalFacts {
  amountFen: number;
  minimumFen: number;
  feeRate: number;
  withdrawableFen: number;
  /** 0: no daily limit. */
  dailyLimitFen: number;
  /** What the promoter applied for earlier the same shop day (refused ones aside). */
  appliedTodayFen: number;
}

export type WithdrawalProblem =
  | { key: 'belowMinimum'; params: { min: number } }
  | { key: 'nothingPaid'; params: { fee: number } }
  | { key: 'overDailyLimit'; params: { limit: number; left: number } }
  | { key: 'overWithdrawable'; params: { available: number } };

/**
 * Why a withdrawal of this amount cannot be applied for, or null when it can. The server checks the
 * withdrawable amount again with a guarded statement; this tells the buyer which rule they broke.
 */
export function withdrawalProblem(facts: WithdrawalFacts): WithdrawalProblem | null {
  if (facts.amountFen < Math.max(1, facts.minimumFen))
    return { key: 'belowMinimum', params: { min: Math.max(1, facts.minimumFen) } };
  const fee = withdrawalFee(facts.amountFen, facts.feeRate);
  if (fee >= facts.amountFen) return { key: 'nothingPaid', params: { fee } };
  if (facts.dailyLimitFen > 0 && facts.appliedTodayFen + facts.amountFen > facts.dailyLimitFen) {
    const left = Math.max(0, facts.dailyLimitFen - facts.appliedTodayFen);
    return { key: 'overDailyLimit', params: { limit: facts.dailyLimitFen, left } };
  }
  if (facts.amountFen > facts.withdrawableFen)
    return { key: 'overWithdrawable', params: { available: Math.max(0, facts.withdrawableFen) } };
  return null;
}
