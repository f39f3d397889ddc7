import type { PriceBreakdown } from '../../../contract/pricing';
import type { Executor } from '../../db/client';
import type { Statement } from '../../db/query';
import {
  couponNotApplicable,
  giveBackOrderCoupon,
  type OrderCoupon,
  orderCouponOf,
  orderCouponStage,
  orderCouponTaking,
  spendHeldCoupon,
} from '../marketing/service';
import type { PricedLine } from './pricing';
import type { StoredBreakdown } from './tables';

/**
 * The coupon stage of an order (DESIGN §11 "One pricing function"), kept apart from the rest of
 * order creation: the buyer's chosen copy feeds the stage, the placed order takes it (used at once,
 * or held until payment when stock is taken at payment), and a close or a full refund before
 * completion gives it back, each in the order's transaction.
 */

interface Moment {
  tx: Executor;
  siteId: number;
  now: Date;
}

/** The copy the buyer chose, with its stage on the priced lines; null when they chose none. */
export async function chosenCoupon(
  moment: Moment,
  buyerId: string,
  copyId: number | undefined,
  lines: readonly PricedLine[],
): Promise<OrderCoupon | null> {
  if (copyId === undefined) return null;
  const couponLines = lines.map((line) => ({
    skuId: line.skuId,
    productId: line.productId,
    categoryId: line.categoryId,
  }));
  return orderCouponStage(moment.tx, moment.siteId, buyerId, copyId, couponLines, moment.now);
}

/** The breakdown the order keeps; refused when the chosen copy did not apply to the cart. */
export function breakdownWithCoupon(price: PriceBreakdown, coupon: OrderCoupon | null): StoredBreakdown {
  if (!coupon) return price;
  if (!price.couponApplied) throw couponNotApplicable();
  return { ...price, coupon: { copyId: coupon.copyId, title: coupon.title } };
}

/**
 * The placed order takes the copy: used now when stock is taken at creation, held until payment
 * otherwise. Null when the buyer chose none.
 */
export function couponKeeping(
  coupon: OrderCoupon | null,
  order: { id: number },
  price: PriceBreakdown,
  usedAtCreation: boolean,
  now: Date,
): Statement | null {
  return coupon && orderCouponTaking(coupon.copyId, order, price.couponFen, usedAtCreation, now);
}

/** The order is paid: a copy it holds is used. */
export function spendOrderCoupon(tx: Executor, order: { id: number }, now: Date): Promise<number> {
  return spendHeldCoupon(tx, order.id, now);
}

/** The order closed before completing: its copy goes back to the buyer. */
export function returnOrderCoupon(tx: Executor, order: { id: number }, now: Date): Promise<number> {
  return giveBackOrderCoupon(tx, order.id, now);
}

/** The coupon an order took, for its views: still with it, or given back. */
export async function orderCouponView(
  db: Executor,
  order: { id: number; breakdown: StoredBreakdown | null },
): Promise<{ MemberCouponId: number; Title: string; DiscountFen: number; Returned: boolean } | null> {
  const taken = order.breakdown?.coupon;
  if (!taken) return null;
  const current = await orderCouponOf(db, order.id);
  return {
    MemberCouponId: taken.copyId,
    Title: taken.title,
    DiscountFen: order.breakdown!.couponFen,
    Returned: current === null,
  };
}
