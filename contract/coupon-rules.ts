import type { CouponState } from './machines/coupon';
import type { CouponStage, PriceBreakdown } from './pricing';
import { addDays, shopDate, shopDayEnd, shopDayStart } from './shop-time';

/**
 * The rules of a coupon that both sides need: what a copy is worth on which lines (the pricing
 * function's coupon stage), how long a copy lasts, who may claim one and how many, what may still
 * change once copies are out, and which of a buyer's copies saves the most on a cart. Pure.
 */

/** `amount`: value is fen off; `discount`: value is the percent paid (85 = 8.5折); `freeShipping`: no value. */
export const COUPON_KINDS = ['amount', 'discount', 'freeShipping'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** Which goods a coupon covers: all, the chosen goods, the chosen categories, all but the chosen goods. */
export const COUPON_SCOPES = ['all', 'goods', 'categories', 'exceptGoods'] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];

/** Who may claim: every member, members of the chosen grades, members who never paid an order. */
export const COUPON_AUDIENCES = ['all', 'grades', 'newMembers'] as const;
export type CouponAudience = (typeof COUPON_AUDIENCES)[number];

/** Online coupons are claimed and sent to members and used in orders; offline ones are codes used in stores. */
export const COUPON_CHANNELS = ['online', 'offline'] as const;
export type CouponChannel = (typeof COUPON_CHANNELS)[number];

/** A copy is valid between two days, or for a number of days from its claim (today or tomorrow). */
export const VALIDITY_KINDS = ['fixed', 'relative'] as const;
export type ValidityKind = (typeof VALIDITY_KINDS)[number];

export const MAX_COUPON_QUANTITY = 10_000_000;
export const MAX_VALID_DAYS = 365;
export const MAX_PER_MEMBER = 100;
export const MAX_SCOPE_IDS = 200;

export interface CouponTerms {
  kind: CouponKind;
  value: number;
  /** Most a discount coupon takes off, in fen; null: no cap. */
  capFen: number | null;
  thresholdFen: number;
  scope: CouponScope;
  /** Goods ids, or category ids with every category under them, as the scope says. */
  scopeIds: readonly number[];
  withActivity: boolean;
}

export interface CouponLine {
  skuId: number;
  productId: number;
  categoryId: number | null;
}

/** The SKUs of the cart the scope covers; null when it covers every line. */
export function eligibleSkus(
  terms: Pick<CouponTerms, 'scope' | 'scopeIds'>,
  lines: readonly CouponLine[],
): Set<number> | null {
  if (terms.scope === 'all') return null;
  const ids = new Set(terms.scopeIds);
  const covered = (line: CouponLine): boolean => {
    if (terms.scope === 'goods') return ids.has(line.productId);
    if (terms.scope === 'exceptGoods') return !ids.has(line.productId);
    return line.categoryId !== null && ids.has(line.categoryId);
  };
  return new Set(lines.filter(covered).map((line) => line.skuId));
}

/** The pricing function's coupon stage for a copy of a coupon with these terms on these lines. */
export function couponStage(terms: CouponTerms, lines: readonly CouponLine[]): CouponStage {
  const eligible = eligibleSkus(terms, lines);
  const shared = {
    minimumFen: terms.thresholdFen,
    withActivity: terms.withActivity,
    ...(eligible ? { eligibleSkuIds: eligible } : {}),
  };
  if (terms.kind === 'amount') return { ...shared, kind: 'amount', amountFen: terms.value };
  if (terms.kind === 'discount') {
    return {
      ...shared,
      kind: 'percent',
      payPercent: terms.value,
      ...(terms.capFen !== null ? { capFen: terms.capFen } : {}),
    };
  }
  return { ...shared, kind: 'freeShipping' };
}

export type Validity =
  | { kind: 'fixed'; from: string; until: string }
  | { kind: 'relative'; days: number; fromTomorrow: boolean };

/**
 * When a copy claimed (or sent) at `claimedAt` may be used: fixed days from the start of the first
 * to the end of the last; relative, from the claim (or the start of the next shop day) to the end of
 * the shop day `days` later counting the first day.
 */
export function copyValidity(validity: Validity, claimedAt: Date): { from: Date; until: Date } {
  if (validity.kind === 'fixed')
    return { from: shopDayStart(validity.from), until: shopDayEnd(validity.until) };
  const today = shopDate(claimedAt);
  const firstDay = validity.fromTomorrow ? addDays(today, 1) : today;
  return {
    from: validity.fromTomorrow ? shopDayStart(firstDay) : claimedAt,
    until: shopDayEnd(addDays(firstDay, Math.max(1, validity.days) - 1)),
  };
}

export const CLAIM_BLOCKERS = [
  'notActive',
  'notStarted',
  'over',
  'soldOut',
  'audience',
  'perMember',
  'perDay',
] as const;
export type ClaimBlocker = (typeof CLAIM_BLOCKERS)[number];

export interface ClaimFacts {
  state: CouponState;
  channel: CouponChannel;
  startsAt: Date;
  endsAt: Date;
  /** null: unlimited. */
  totalQuantity: number | null;
  issued: number;
  perMemberLimit: number | null;
  perDayLimit: number | null;
  audience: CouponAudience;
  audienceGradeIds: readonly number[];
  member: {
    gradeId: number | null;
    /** Never paid an order. */
    isNew: boolean;
    /** Copies of this coupon the member holds or held, and those claimed this shop day. */
    copies: number;
    copiesToday: number;
  };
}

/** Why the member may not claim one more copy now (the first reason), or null when they may. */
export function claimBlocker(facts: ClaimFacts, now: Date): ClaimBlocker | null {
  if (facts.state !== 'active' || facts.channel !== 'online') return 'notActive';
  if (now < facts.startsAt) return 'notStarted';
  if (now >= facts.endsAt) return 'over';
  if (facts.totalQuantity !== null && facts.issued >= facts.totalQuantity) return 'soldOut';
  if (facts.audience === 'newMembers' && !facts.member.isNew) return 'audience';
  if (
    facts.audience === 'grades' &&
    (facts.member.gradeId === null || !facts.audienceGradeIds.includes(facts.member.gradeId))
  )
    return 'audience';
  if (facts.perMemberLimit !== null && facts.member.copies >= facts.perMemberLimit) return 'perMember';
  if (facts.perDayLimit !== null && facts.member.copiesToday >= facts.perDayLimit) return 'perDay';
  return null;
}

/** What an operator edits of a coupon, compared before and after to keep issued copies honest. */
export interface CouponEditable {
  Kind: CouponKind;
  Value: number;
  CapFen: number | null;
  ThresholdFen: number;
  Scope: CouponScope;
  ScopeIds: readonly number[];
  WithActivity: boolean;
  TotalQuantity: number | null;
  PerMemberLimit: number | null;
  PerDayLimit: number | null;
  StartsOn: string;
  EndsOn: string;
  Validity: Validity;
  Audience: CouponAudience;
  AudienceGradeIds: readonly number[];
  Channel: CouponChannel;
  StoreIds: readonly number[];
}

const sameList = (left: readonly number[], right: readonly number[]) =>
  left.length === right.length && [...left].sort().join(',') === [...right].sort().join(',');

/**
 * The fields an edit changes that copies already issued forbid: once a copy is out, a coupon's
 * value, scope, rules and audience stay as they were; only its quantity may rise (or become
 * unlimited), its claim end move, and a fixed validity end come later. Fields named as the form
 * names them, so the refusal lands on its field. Nothing is locked before the first copy.
 */
export function lockedChanges(before: CouponEditable, after: CouponEditable, issued: number): string[] {
  if (issued === 0) return [];
  const changed: string[] = [];
  const plain = [
    'Kind',
    'Value',
    'CapFen',
    'ThresholdFen',
    'Scope',
    'WithActivity',
    'PerMemberLimit',
    'PerDayLimit',
    'StartsOn',
    'Audience',
    'Channel',
  ] as const;
  for (const field of plain) if (before[field] !== after[field]) changed.push(field);
  if (!sameList(before.ScopeIds, after.ScopeIds)) changed.push('ScopeIds');
  if (!sameList(before.AudienceGradeIds, after.AudienceGradeIds)) changed.push('AudienceGradeIds');
  if (!sameList(before.StoreIds, after.StoreIds)) changed.push('StoreIds');
  const lowered =
    after.TotalQuantity !== null &&
    (before.TotalQuantity === null || after.TotalQuantity < before.TotalQuantity);
  if (lowered) changed.push('TotalQuantity');
  const [was, now] = [before.Validity, after.Validity];
  if (was.kind !== now.kind) changed.push('Validity.kind');
  else if (was.kind === 'relative' && now.kind === 'relative') {
    if (was.days !== now.days || was.fromTomorrow !== now.fromTomorrow) changed.push('Validity');
  } else if (was.kind === 'fixed' && now.kind === 'fixed') {
    if (was.from !== now.from) changed.push('Validity.from');
    if (now.until < was.until) changed.push('Validity.until');
  }
  return changed;
}

/**
 * The candidates the pricing function applied, best first: the lowest price, then the copy that
 * expires first, then the lowest id, so the buyer keeps the longer-lived one.
 */
export function rankCoupons<T extends { id: number; validUntil: Date }>(
  candidates: readonly T[],
  price: (candidate: T) => PriceBreakdown,
): { candidate: T; breakdown: PriceBreakdown }[] {
  return candidates
    .map((candidate) => ({ candidate, breakdown: price(candidate) }))
    .filter((entry) => entry.breakdown.couponApplied)
    .sort(
      (left, right) =>
        left.breakdown.totalFen - right.breakdown.totalFen ||
        left.candidate.validUntil.getTime() - right.candidate.validUntil.getTime() ||
        left.candidate.id - right.candidate.id,
    );
}

/** The best of `rankCoupons`, or null when no candidate applies. */
export function bestCoupon<T extends { id: number; validUntil: Date }>(
  candidates: readonly T[],
  price: (candidate: T) => PriceBreakdown,
): { candidate: T; breakdown: PriceBreakdown } | null {
  return rankCoupons(candidates, price)[0] ?? null;
}
