import { type Destination, FREE_AMOUNT_MAX_FEN, FREE_QUANTITY_MAX, regionsOverlap } from './freight';
import type { FreeShippingStage } from './pricing';
import { TIMED_STATES, type TimedState, timedState } from './timed-state';

/**
 * Free-shipping activities (SPEC §2 deliveryActivities, issue 18 §5): for a window, goods sent to
 * chosen regions ship free once the goods the activity covers reach an amount or a number of pieces.
 * The pricing function applies one before freight (DESIGN §11); these are the rules that decide
 * which activity covers a cart, and which two activities may not run side by side. Pure: the server
 * reads the rows and the buyer's address codes, the editor checks the same rules as it is filled.
 */

/** `amount`: the covered goods are worth at least a sum; `quantity`: at least so many pieces of them. */
export const FREE_SHIPPING_THRESHOLDS = ['amount', 'quantity'] as const;
export type FreeShippingThreshold = (typeof FREE_SHIPPING_THRESHOLDS)[number];

/** `all`: wherever the shop delivers; `chosen`: the listed provinces and cities only. */
export const FREE_SHIPPING_REGION_SCOPES = ['all', 'chosen'] as const;
export type FreeShippingRegionScope = (typeof FREE_SHIPPING_REGION_SCOPES)[number];

/** `all` goods, the `chosen` goods only, or every good `except` the chosen ones. */
export const FREE_SHIPPING_GOODS_SCOPES = ['all', 'chosen', 'except'] as const;
export type FreeShippingGoodsScope = (typeof FREE_SHIPPING_GOODS_SCOPES)[number];

export const FREE_SHIPPING_NAME_MAX = 30;
/** Goods one activity may list (chosen or excepted). */
export const FREE_SHIPPING_GOODS_MAX = 200;
/** Regions one activity may list (34 provinces and their cities fit). */
export const FREE_SHIPPING_REGIONS_MAX = 400;
export const FREE_SHIPPING_QUANTITY_MAX = FREE_QUANTITY_MAX;
export const FREE_SHIPPING_AMOUNT_MAX_FEN = FREE_AMOUNT_MAX_FEN;

/** What an activity covers and asks for; codes are provinces (`440000`) and cities (`440300`). */
export interface FreeShippingRules {
  Threshold: FreeShippingThreshold;
  /** With `amount`: the covered goods' worth, in fen (at least 1). */
  MinimumFen: number;
  /** With `quantity`: pieces of the covered goods (at least 1). */
  MinimumQuantity: number;
  RegionScope: FreeShippingRegionScope;
  Regions: readonly string[];
  GoodsScope: FreeShippingGoodsScope;
  ProductIds: readonly number[];
}

/** An activity as the exclusion rule and the state see it. */
export interface FreeShippingActivity extends FreeShippingRules {
  Id: number;
  Name: string;
  Status: 'on' | 'off';
  StartsAt: Date | string;
  EndsAt: Date | string;
}

export const FREE_SHIPPING_STATES = TIMED_STATES;
export type FreeShippingState = TimedState;

/** Decided by time and the operator's switch, as every activity's state (contract/timed-state.ts). */
export function freeShippingState(
  activity: Pick<FreeShippingActivity, 'Status' | 'StartsAt' | 'EndsAt'>,
  now: Date | number,
): FreeShippingState {
  return timedState({ status: activity.Status, startsAt: activity.StartsAt, endsAt: activity.EndsAt }, now);
}

/** Whether the activity's regions take in the parcel's destination (its province or its city). */
export function coversDestination(
  rules: Pick<FreeShippingRules, 'RegionScope' | 'Regions'>,
  destination: Destination,
): boolean {
  if (rules.RegionScope === 'all') return true;
  return rules.Regions.some((code) => code === destination.provinceCode || code === destination.cityCode);
}

/** Whether the activity covers one good of the catalogue. */
export function coversGoods(rules: Pick<FreeShippingRules, 'GoodsScope' | 'ProductIds'>, productId: number) {
  if (rules.GoodsScope === 'all') return true;
  const listed = rules.ProductIds.includes(productId);
  return rules.GoodsScope === 'chosen' ? listed : !listed;
}

/** A cart line as the activity sees it. */
export interface FreeShippingLine {
  skuId: number;
  productId: number;
}

/**
 * The pricing function's free-shipping stage for this activity and cart, or null when it covers
 * neither the destination nor any line. `outsideFreightFen` is the freight the rules ask for the
 * lines it leaves out, which the caller works out with the freight function.
 */
export function freeShippingStage(
  activity: Pick<FreeShippingActivity, 'Id' | 'Name'> & FreeShippingRules,
  lines: readonly FreeShippingLine[],
  destination: Destination,
  outsideFreightFen: number,
): FreeShippingStage | null {
  if (!coversDestination(activity, destination)) return null;
  const covered = lines.filter((line) => coversGoods(activity, line.productId));
  if (covered.length === 0) return null;
  const scope = {
    ...(covered.length < lines.length ? { eligibleSkuIds: new Set(covered.map((line) => line.skuId)) } : {}),
    outsideFreightFen,
    activity: { id: activity.Id, name: activity.Name },
  };
  return activity.Threshold === 'quantity'
    ? { kind: 'quantity', minimumQuantity: activity.MinimumQuantity, ...scope }
    : { kind: 'amount', minimumFen: activity.MinimumFen, ...scope };
}

/** The lines an activity leaves out of a cart: their freight is still charged when it applies. */
export function linesOutside<Line extends FreeShippingLine>(
  rules: Pick<FreeShippingRules, 'GoodsScope' | 'ProductIds'>,
  lines: readonly Line[],
): Line[] {
  return lines.filter((line) => !coversGoods(rules, line.productId));
}

// ---------------------------------------------------------------------------------------------
// Mutual exclusion

/**
 * The exclusion rule, declared once: two activities switched on may not both cover the same goods
 * sent to the same region at the same time, since a parcel could not tell which one waived its
 * freight. Saving or switching on an activity that would is refused on the field `Regions`, naming
 * the other activity and a region both cover (null: both cover every region).
 */
export const FREE_SHIPPING_EXCLUSION = {
  field: 'Regions',
  overlapsWhen: ['switchedOn', 'window', 'regions', 'goods'],
} as const;

export interface ExclusionConflict {
  field: typeof FREE_SHIPPING_EXCLUSION.field;
  otherId: number;
  otherName: string;
  region: string | null;
}

function instant(value: Date | string): number {
  return new Date(value).getTime();
}

export function windowsOverlap(
  left: Pick<FreeShippingActivity, 'StartsAt' | 'EndsAt'>,
  right: Pick<FreeShippingActivity, 'StartsAt' | 'EndsAt'>,
): boolean {
  return instant(left.StartsAt) < instant(right.EndsAt) && instant(right.StartsAt) < instant(left.EndsAt);
}

/** A region both cover: null when both cover everywhere, undefined when none. */
export function sharedRegion(
  left: Pick<FreeShippingRules, 'RegionScope' | 'Regions'>,
  right: Pick<FreeShippingRules, 'RegionScope' | 'Regions'>,
): string | null | undefined {
  if (left.RegionScope === 'all' && right.RegionScope === 'all') return null;
  if (left.RegionScope === 'all') return right.Regions[0];
  if (right.RegionScope === 'all') return left.Regions[0];
  for (const code of left.Regions) {
    const other = right.Regions.find((candidate) => regionsOverlap(code, candidate));
    // The narrower of the two names the place they share.
    if (other !== undefined) return code.endsWith('0000') ? other : code;
  }
  return undefined;
}

/**
 * Whether some good could be covered by both. "All" and "all except" scopes take in goods of the
 * catalogue beyond any list, so two of them always share goods.
 */
export function goodsOverlap(
  left: Pick<FreeShippingRules, 'GoodsScope' | 'ProductIds'>,
  right: Pick<FreeShippingRules, 'GoodsScope' | 'ProductIds'>,
): boolean {
  if (left.GoodsScope === 'chosen') return left.ProductIds.some((productId) => coversGoods(right, productId));
  if (right.GoodsScope === 'chosen')
    return right.ProductIds.some((productId) => coversGoods(left, productId));
  return true;
}

/** The first activity among `others` the candidate may not run beside, or null. */
export function exclusionConflict(
  candidate: Omit<FreeShippingActivity, 'Id' | 'Name'> & { Id?: number },
  others: readonly FreeShippingActivity[],
): ExclusionConflict | null {
  if (candidate.Status !== 'on') return null;
  for (const other of others) {
    if (other.Id === candidate.Id || other.Status !== 'on') continue;
    if (!windowsOverlap(candidate, other) || !goodsOverlap(candidate, other)) continue;
    const region = sharedRegion(candidate, other);
    if (region === undefined) continue;
    return { field: FREE_SHIPPING_EXCLUSION.field, otherId: other.Id, otherName: other.Name, region };
  }
  return null;
}

/** A broken rule of the form the schema alone cannot say, by field and catalogue key. */
export interface FreeShippingProblem {
  field: 'MinimumFen' | 'MinimumQuantity' | 'Regions' | 'ProductIds' | 'EndsAt';
  key: string;
}

/** The threshold the kind asks for, regions when chosen, goods when a list decides, an end after the start. */
export function freeShippingProblems(
  form: FreeShippingRules & Pick<FreeShippingActivity, 'StartsAt' | 'EndsAt'>,
): FreeShippingProblem[] {
  const problems: FreeShippingProblem[] = [];
  if (form.Threshold === 'amount' && form.MinimumFen < 1)
    problems.push({ field: 'MinimumFen', key: 'freeShipping.rule.minimumFenRequired' });
  if (form.Threshold === 'quantity' && form.MinimumQuantity < 1)
    problems.push({ field: 'MinimumQuantity', key: 'freeShipping.rule.minimumQuantityRequired' });
  if (form.RegionScope === 'chosen' && form.Regions.length === 0)
    problems.push({ field: 'Regions', key: 'freeShipping.rule.regionsRequired' });
  if (form.GoodsScope !== 'all' && form.ProductIds.length === 0)
    problems.push({ field: 'ProductIds', key: 'freeShipping.rule.goodsRequired' });
  if (instant(form.EndsAt) <= instant(form.StartsAt))
    problems.push({ field: 'EndsAt', key: 'freeShipping.rule.endsAfterStart' });
  return problems;
}
