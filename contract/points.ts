import { shopDate, shopDayStart } from './shop-time';

/**
 * Points rules shared by the server and the screens (DESIGN §11): when points expire, how many a
 * sweep takes, the state of a points good and why an exchange is refused. Pure, so each rule is a
 * table of cases; the server reads the facts from the database and applies them in SQL guards.
 */

/** `yearEnd`: points stay until the end of the calendar year after the one they were earned in. */
export const POINTS_EXPIRY_RULES = ['never', 'yearEnd'] as const;
export type PointsExpiryRule = (typeof POINTS_EXPIRY_RULES)[number];

/** The shop's calendar year an instant falls in (China time, like every business day). */
export function shopYear(instant: Date): number {
  return Number(shopDate(instant).slice(0, 4));
}

function yearStart(year: number): Date {
  return shopDayStart(`${year}-01-01`);
}

/**
 * The instant points earned at `earnedAt` stop counting: the first moment of the second year after
 * (earned in 2024, usable through 31 December 2025); null when they never expire.
 */
export function pointsExpireAt(earnedAt: Date, rule: PointsExpiryRule): Date | null {
  return rule === 'never' ? null : yearStart(shopYear(earnedAt) + 2);
}

/**
 * Under `yearEnd`, points earned before this instant have expired by `now`: the start of last year.
 * At 00:00 on 1 January 2026 (shop time) the points of 2024 expire, so the cutoff is 2025-01-01.
 */
export function expiredEarningCutoff(now: Date): Date {
  return yearStart(shopYear(now) - 1);
}

/**
 * The next expiry after `now`: when it happens, and the earning cutoff it will apply (points earned
 * before it go then). For a member's "N points expire on …".
 */
export function nextExpiry(now: Date): { at: Date; cutoff: Date } {
  const year = shopYear(now);
  return { at: yearStart(year + 1), cutoff: yearStart(year) };
}

/**
 * A member's points flow, from the ledger. Spending takes the oldest points first (first in, first
 * out), and so does expiry, so the points of an earning period still held are what it earned less
 * everything taken since, whatever the order.
 */
export interface PointsFlow {
  /** Points earned before the cutoff (grants, bonuses, sign-ins, operators' additions). */
  earnedBefore: number;
  /** Points spent or taken back, less those given back by closed orders and cancelled exchanges. */
  consumed: number;
  /** Points already expired. */
  expired: number;
  /** What the member holds now. */
  balance: number;
}

/** How many points expire for a cutoff: the earlier earnings not yet consumed or expired, at most the balance. */
export function pointsToExpire(flow: PointsFlow): number {
  const left = flow.earnedBefore - Math.max(0, flow.consumed) - flow.expired;
  return Math.max(0, Math.min(left, flow.balance));
}

// ---------------------------------------------------------------------------------------------
// Points goods

/**
 * What a points good gives. `physical`: a good of the catalogue, shipped like an order; `virtual`:
 * a virtual good of the catalogue, delivered as electronic tickets at once. A coupon kind joins this
 * list with the coupon work (its own reference column beside `product_id`).
 */
export const POINTS_GOODS_KINDS = ['physical', 'virtual'] as const;
export type PointsGoodsKind = (typeof POINTS_GOODS_KINDS)[number];

/** Decided by time and the operator's switch (DESIGN §11): switched off wins, then the window. */
export const POINTS_GOODS_STATES = ['notStarted', 'running', 'ended', 'off'] as const;
export type PointsGoodsState = (typeof POINTS_GOODS_STATES)[number];

export interface PointsGoodsTiming {
  status: 'on' | 'off';
  startsAt: Date | string;
  /** null: no end. */
  endsAt: Date | string | null;
}

export function pointsGoodsState(goods: PointsGoodsTiming, now: Date | number): PointsGoodsState {
  if (goods.status === 'off') return 'off';
  const at = Number(now);
  if (new Date(goods.startsAt).getTime() > at) return 'notStarted';
  if (goods.endsAt !== null && new Date(goods.endsAt).getTime() <= at) return 'ended';
  return 'running';
}

export interface ExchangeFacts {
  state: PointsGoodsState;
  stock: number;
  quantity: number;
  /** 0: no limit. */
  perMemberLimit: number;
  /** Units the member exchanged before, in exchanges not cancelled. */
  alreadyExchanged: number;
  /** Points one unit costs. */
  unitPoints: number;
  balance: number;
}

export type ExchangeProblem =
  | { key: 'notStarted' | 'ended' | 'off' | 'soldOut' }
  | { key: 'stockShort'; stock: number }
  | { key: 'overLimit'; limit: number; left: number }
  | { key: 'pointsShort'; needed: number; balance: number };

/**
 * Why an exchange cannot be made, the first reason a buyer should hear; null when it can. The server
 * checks this under the wallet's lock and still guards the stock and points in SQL.
 */
export function exchangeProblem(facts: ExchangeFacts): ExchangeProblem | null {
  if (facts.state !== 'running') return { key: facts.state };
  if (facts.stock <= 0) return { key: 'soldOut' };
  if (facts.quantity > facts.stock) return { key: 'stockShort', stock: facts.stock };
  if (facts.perMemberLimit > 0 && facts.alreadyExchanged + facts.quantity > facts.perMemberLimit) {
    return {
      key: 'overLimit',
      limit: facts.perMemberLimit,
      left: Math.max(0, facts.perMemberLimit - facts.alreadyExchanged),
    };
  }
  const needed = facts.unitPoints * facts.quantity;
  if (needed > facts.balance) return { key: 'pointsShort', needed, balance: facts.balance };
  return null;
}
