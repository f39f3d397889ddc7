import { sql } from 'drizzle-orm';
import { type CouponLine, couponStage, rankCoupons } from '../../../contract/coupon-rules';
import type { CouponStage, GradeStage, PricingLine } from '../../../contract/pricing';
import { priceOrder } from '../../../contract/pricing';
import type { Executor } from '../../db/client';
import { queryRows, type Statement } from '../../db/query';
import { AppError } from '../../http/errors';
import { couponTerms } from './coupon-records';

export { validityOf as couponValidity } from './coupon-records';
/** Sends copies of an online coupon to a member (a rule, a send, a lucky draw's prize). */
export { issueCopies } from './issue';

import { coupons } from './tables';
import './messages';

/**
 * The marketing area's public service: what the order area calls while it prices, places, pays,
 * closes and refunds orders (each in the caller's transaction), and the buyer's best coupon for a
 * cart. A member's copy leaves `unused` and comes back only through the UPDATEs here, each guarded
 * by the state it starts from (contract/machines/coupon.ts).
 */

export interface OrderCoupon {
  copyId: number;
  title: string;
  stage: CouponStage;
}

interface CopyFacts extends Record<string, unknown> {
  id: number;
  state: 'unused' | 'used' | 'expired' | 'revoked';
  order_id: number | null;
  valid_from: Date | string;
  valid_until: Date | string;
  coupon_id: number;
}

/**
 * The buyer's copy an order asks for, locked until the order is placed, and its pricing stage on
 * the cart's lines. Refused, naming MemberCouponId, when it is not the buyer's or cannot be used now.
 */
export async function orderCouponStage(
  tx: Executor,
  siteId: number,
  buyerId: string,
  copyId: number,
  lines: readonly CouponLine[],
  now: Date,
): Promise<OrderCoupon> {
  const [copy] = await queryRows<CopyFacts>(
    tx,
    sql`select mc.id, mc.state, mc.order_id, mc.valid_from, mc.valid_until, mc.coupon_id
          from member_coupons mc join members m on m.id = mc.member_id
         where mc.id = ${copyId} and mc.site_id = ${siteId} and m.open_id = ${buyerId}
         for update of mc`,
  );
  const field = { field: 'MemberCouponId' };
  if (!copy) throw new AppError('coupon.copyNotFound', { id: copyId }, field);
  if (copy.state !== 'unused') throw new AppError(`coupon.copy.${copy.state}`, {}, field);
  if (copy.order_id !== null) throw new AppError('coupon.copy.held', {}, field);
  if (new Date(copy.valid_from) > now) throw new AppError('coupon.copy.notYetValid', {}, field);
  if (new Date(copy.valid_until) <= now) throw new AppError('coupon.copy.expired', {}, field);
  const [coupon] = await tx.select().from(coupons).where(sql`${coupons.id} = ${copy.coupon_id}`);
  if (coupon!.channel !== 'online') throw new AppError('coupon.copy.offline', {}, field);
  return { copyId, title: coupon!.title, stage: couponStage(await couponTerms(tx, coupon!), lines) };
}

/** The priced order could not use the copy (its minimum, its goods, or a stacking rule). */
export function couponNotApplicable(): AppError {
  return new AppError('coupon.copy.notApplicable', {}, { field: 'MemberCouponId' });
}

/**
 * The placed order takes the copy: used at once when the order takes its stock at creation, or held
 * (still unused, no other order may take it) until the order is paid. A statement the order sends
 * with the others at its end (runStatements).
 */
export function orderCouponTaking(
  copyId: number,
  order: { id: number },
  discountFen: number,
  useNow: boolean,
  now: Date,
): Statement {
  const at = now.toISOString();
  return {
    query: sql`update member_coupons set order_id = ${order.id}, discount_fen = ${discountFen},
                      ${useNow ? sql`state = 'used', used_at = ${at}::timestamptz,` : sql``}
                      version = version + 1, updated_at = ${at}::timestamptz
                where id = ${copyId} and state = 'unused' and order_id is null
                returning id`,
    read: (rows) => {
      if (rows.length === 0) throw new AppError('coupon.copy.held', {}, { field: 'MemberCouponId' });
    },
  };
}

/** The order holding a copy is paid: the copy is used. Returns how many copies changed (0 or 1). */
export async function spendHeldCoupon(tx: Executor, orderId: number, now: Date): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update member_coupons set state = 'used', used_at = ${now.toISOString()}::timestamptz,
               version = version + 1, updated_at = ${now.toISOString()}::timestamptz
         where order_id = ${orderId} and state = 'unused'
         returning id`,
  );
  return rows.length;
}

/**
 * The order closed (unpaid, or refunded in full before completing): its copy goes back to the
 * buyer unused, as it was; a copy whose validity ended meanwhile is left to the expiry sweep.
 */
export async function giveBackOrderCoupon(tx: Executor, orderId: number, now: Date): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update member_coupons set state = 'unused', order_id = null, used_at = null, discount_fen = 0,
               version = version + 1, updated_at = ${now.toISOString()}::timestamptz
         where order_id = ${orderId} and state in ('unused', 'used')
         returning id`,
  );
  return rows.length;
}

/** The copy an order holds or used, for its views. */
export async function orderCouponOf(
  db: Executor,
  orderId: number,
): Promise<{ copyId: number; title: string; discountFen: number } | null> {
  const [row] = await queryRows<{ id: number; title: string; discount_fen: number }>(
    db,
    sql`select mc.id, c.title, mc.discount_fen from member_coupons mc join coupons c on c.id = mc.coupon_id
         where mc.order_id = ${orderId} limit 1`,
  );
  return row ? { copyId: row.id, title: row.title, discountFen: row.discount_fen } : null;
}

export interface CouponCart {
  lines: readonly (CouponLine & PricingLine)[];
  grade: GradeStage | null;
  freightFen: number;
}

export interface CouponQuote {
  MemberCouponId: number;
  Title: string;
  CouponFen: number;
  FreightWaived: boolean;
  TotalFen: number;
}

/** The buyer's unused copies usable now that apply to the cart, best first (contract/coupon-rules). */
export async function couponQuotes(
  db: Executor,
  siteId: number,
  buyerId: string,
  cart: CouponCart,
  now: Date,
): Promise<CouponQuote[]> {
  const copies = await queryRows<{ id: number; coupon_id: number; valid_until: Date | string }>(
    db,
    sql`select mc.id, mc.coupon_id, mc.valid_until
          from member_coupons mc join members m on m.id = mc.member_id join coupons c on c.id = mc.coupon_id
         where mc.site_id = ${siteId} and m.open_id = ${buyerId} and mc.state = 'unused' and mc.order_id is null
           and c.channel = 'online'
           and mc.valid_from <= ${now.toISOString()}::timestamptz and mc.valid_until > ${now.toISOString()}::timestamptz
         order by mc.id limit 200`,
  );
  const couponIds = [...new Set(copies.map((copy) => copy.coupon_id))];
  const records =
    couponIds.length === 0
      ? []
      : await db
          .select()
          .from(coupons)
          .where(
            sql`${coupons.id} in (${sql.join(
              couponIds.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          );
  const stages = new Map<number, { title: string; stage: CouponStage }>();
  for (const record of records) {
    stages.set(record.id, {
      title: record.title,
      stage: couponStage(await couponTerms(db, record), cart.lines),
    });
  }
  const candidates = copies.map((copy) => ({
    id: copy.id,
    validUntil: new Date(copy.valid_until),
    ...stages.get(copy.coupon_id)!,
  }));
  const ranked = rankCoupons(candidates, (candidate) =>
    priceOrder({
      lines: cart.lines,
      grade: cart.grade,
      coupon: candidate.stage,
      freightFen: cart.freightFen,
    }),
  );
  return ranked.map(({ candidate, breakdown }) => ({
    MemberCouponId: candidate.id,
    Title: candidate.title,
    CouponFen: breakdown.couponFen,
    FreightWaived: breakdown.freightWaivedBy === 'coupon',
    TotalFen: breakdown.totalFen,
  }));
}

/** The ended coupons among `ids` of the site (links to them are flagged before publishing). */
export async function endedCouponIds(
  db: Executor,
  siteId: number,
  ids: readonly number[],
): Promise<ReadonlySet<number>> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from coupons where site_id = ${siteId} and state = 'ended' and id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Set(rows.map((row) => row.id));
}
