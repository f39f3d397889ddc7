import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { copyValidity } from '../../../contract/coupon-rules';
import type { CopySource } from '../../../contract/endpoints/coupons';
import type { CouponState } from '../../../contract/machines/coupon';
import { shopDate } from '../../../contract/shop-time';
import type { Executor } from '../../db/client';
import { type CouponRecord, validityOf } from './coupon-records';
import { coupons, memberCoupons } from './tables';

/**
 * Issuing copies of a coupon: `issued` rises by one guarded UPDATE that keeps it within the total
 * (and takes the coupon's row lock, so everything issuing the same coupon queues behind it), then
 * one member_coupons row per copy records each unit. Claims, sends and rules all come through here.
 */

/**
 * Takes `count` units of an active coupon of the site; null when it is not active (or gone) or has
 * fewer left. `extra` narrows which coupons qualify (a claim's channel and window); `states` widens
 * them (offline codes are built for drafts too).
 */
export async function takeQuantity(
  tx: Executor,
  siteId: number,
  couponId: number,
  count: number,
  extra?: SQL,
  states: readonly CouponState[] = ['active'],
): Promise<CouponRecord | null> {
  const [row] = await tx
    .update(coupons)
    .set({ issued: sql`${coupons.issued} + ${count}` })
    .where(
      and(
        eq(coupons.id, couponId),
        eq(coupons.siteId, siteId),
        eq(coupons.deleted, false),
        inArray(coupons.state, [...states]),
        or(isNull(coupons.totalQuantity), sql`${coupons.issued} + ${count} <= ${coupons.totalQuantity}`),
        extra,
      ),
    )
    .returning();
  return row ?? null;
}

export interface CopyOrigin {
  source: CopySource;
  sendItemId?: number;
  ruleGrantId?: number;
}

/** Inserts `count` copies for a member, each valid as the coupon says from `now`; their ids. */
export async function insertCopies(
  tx: Executor,
  coupon: CouponRecord,
  memberId: number,
  count: number,
  origin: CopyOrigin,
  now: Date,
): Promise<number[]> {
  const window = copyValidity(validityOf(coupon), now);
  const rows = await tx
    .insert(memberCoupons)
    .values(
      Array.from({ length: count }, () => ({
        siteId: coupon.siteId,
        couponId: coupon.id,
        memberId,
        source: origin.source,
        claimDay: shopDate(now),
        sendItemId: origin.sendItemId ?? null,
        ruleGrantId: origin.ruleGrantId ?? null,
        validFrom: window.from,
        validUntil: window.until,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: memberCoupons.id });
  return rows.map((row) => row.id);
}

export type IssueOutcome = { ok: true; copyIds: number[] } | { ok: false; reason: 'soldOut' | 'notActive' };

/**
 * Sends `count` copies to a member (a manual send or a rule): the coupon must be an active online
 * one with enough left. Claim limits are the buyer's; an operator's send does not count against them.
 */
export async function issueCopies(
  tx: Executor,
  siteId: number,
  couponId: number,
  memberId: number,
  count: number,
  origin: CopyOrigin,
  now: Date,
): Promise<IssueOutcome> {
  const coupon = await takeQuantity(tx, siteId, couponId, count, eq(coupons.channel, 'online'));
  if (coupon) return { ok: true, copyIds: await insertCopies(tx, coupon, memberId, count, origin, now) };
  const [current] = await tx
    .select({ state: coupons.state, deleted: coupons.deleted, channel: coupons.channel })
    .from(coupons)
    .where(and(eq(coupons.id, couponId), eq(coupons.siteId, siteId)));
  const active = current && !current.deleted && current.state === 'active' && current.channel === 'online';
  return { ok: false, reason: active ? 'soldOut' : 'notActive' };
}
