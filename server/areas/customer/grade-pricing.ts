import { type SQL, sql } from 'drizzle-orm';
import {
  DEFAULT_PREFERENTIAL_SETTING,
  type PreferentialSetting,
} from '../../../contract/endpoints/member-grades';
import { growthForAmount, growthToTakeBack } from '../../../contract/member-rules';
import type { GradeStage } from '../../../contract/pricing';
import type { Executor } from '../../db/client';
import { queryRows, runStatements, type Statement } from '../../db/query';
import { type BuyerTrace, changeGrowth, memberTrace, refuseDisabled } from './members';

/**
 * What grades do to orders: the grade stage of the pricing function for a buyer, the growth an
 * order earns when paid and loses on refunds, and the growth a review of its goods earns. Called by
 * the order and goods areas in their transactions.
 */

export function idList(ids: readonly number[]): SQL {
  return sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

interface SettingRecord extends Record<string, unknown> {
  growth_per_yuan: number;
  growth_per_check_in: number;
  growth_per_review: number;
  grade_on_activity_prices: boolean;
  grade_with_coupon: boolean;
  excluded_product_ids: number[];
  version: number;
}

/** The site's preferential setting; version 0 while the shop runs on the defaults. */
export async function readMemberSetting(
  db: Executor,
  siteId: number,
  lock = false,
): Promise<PreferentialSetting & { Version: number }> {
  const [row] = await queryRows<SettingRecord>(
    db,
    sql`select growth_per_yuan, growth_per_check_in, growth_per_review, grade_on_activity_prices, grade_with_coupon,
               excluded_product_ids, version
          from member_settings where site_id = ${siteId} ${lock ? sql`for update` : sql``}`,
  );
  if (!row) return { ...DEFAULT_PREFERENTIAL_SETTING, Version: 0 };
  return {
    GrowthPerYuan: row.growth_per_yuan,
    GrowthPerCheckIn: row.growth_per_check_in,
    GrowthPerReview: row.growth_per_review,
    GradeOnActivityPrices: row.grade_on_activity_prices,
    GradeWithCoupon: row.grade_with_coupon,
    ExcludedProductIds: row.excluded_product_ids.map(Number),
    Version: row.version,
  };
}

/** What a grade does to an order's prices, with the shop's switches (null where never saved). */
export interface GradeTerms extends Record<string, unknown> {
  discount_percent: number;
  free_shipping: boolean;
  grade_on_activity_prices: boolean | null;
  grade_with_coupon: boolean | null;
  excluded_product_ids: (number | string)[] | null;
}

const GRADE_TERMS = sql`g.discount_percent, g.free_shipping,
  s.grade_on_activity_prices, s.grade_with_coupon, s.excluded_product_ids`;

/**
 * The grade stage for a buyer's order: the grade's discount and free shipping with the shop's
 * switches; null for a buyer without a grade (or a disabled member).
 */
export async function gradeStageFor(
  tx: Executor,
  siteId: number,
  buyerId: string,
  lines: readonly { skuId: number; productId: number }[],
): Promise<GradeStage | null> {
  // The shop's switches come with the grade (defaults when the shop never saved them): one read.
  const [terms] = await queryRows<GradeTerms>(
    tx,
    sql`select ${GRADE_TERMS}
          from members m join member_grades g on g.id = m.grade_id
          left join member_settings s on s.site_id = m.site_id
         where m.site_id = ${siteId} and m.open_id = ${buyerId} and m.status = 'active'`,
  );
  return gradeStageOf(terms ?? null, lines);
}

/** The grade stage of terms read already (ensureMemberWithGrade); null without a grade. */
export function gradeStageOf(
  terms: GradeTerms | null,
  lines: readonly { skuId: number; productId: number }[],
): GradeStage | null {
  if (!terms) return null;
  const excluded = new Set(
    (terms.excluded_product_ids ?? DEFAULT_PREFERENTIAL_SETTING.ExcludedProductIds).map(Number),
  );
  return {
    payPercent: terms.discount_percent,
    freeShipping: terms.free_shipping,
    onActivityPrices: terms.grade_on_activity_prices ?? DEFAULT_PREFERENTIAL_SETTING.GradeOnActivityPrices,
    withCoupon: terms.grade_with_coupon ?? DEFAULT_PREFERENTIAL_SETTING.GradeWithCoupon,
    excludedSkuIds: new Set(lines.filter((line) => excluded.has(line.productId)).map((line) => line.skuId)),
  };
}

/**
 * ensureMember for a buyer placing an order, with the terms of their grade read by the same
 * statement: an order needs both, and each statement is a round trip.
 */
export async function ensureMemberWithGrade(
  tx: Executor,
  trace: BuyerTrace,
): Promise<{ memberId: number; grade: GradeTerms | null }> {
  const [member] = await runStatements(tx, [memberWithGradeUpsert(trace)]);
  return member;
}

/** ensureMemberWithGrade as a statement, for an order to send it with its reads (runStatements). */
export function memberWithGradeUpsert(
  trace: BuyerTrace,
): Statement<{ memberId: number; grade: GradeTerms | null }> {
  return {
    query: sql`with member as (${memberTrace(trace)})
               select member.id, member.status, member.grade_id, ${GRADE_TERMS}
                 from member left join member_grades g on g.id = member.grade_id
                 left join member_settings s on s.site_id = ${trace.siteId}`,
    read: ([found]) => {
      const row = found as GradeTerms & {
        id: number;
        status: 'active' | 'disabled';
        grade_id: number | null;
      };
      refuseDisabled(row, trace.field ?? 'Buyer.Id');
      const graded = row.status === 'active' && row.grade_id !== null && row.discount_percent !== null;
      return { memberId: row.id, grade: graded ? row : null };
    },
  };
}

export interface OrderGrowthFacts {
  siteId: number;
  buyerId: string;
  orderNo: string;
  now: Date;
}

async function memberOf(tx: Executor, siteId: number, buyerId: string) {
  const [row] = await queryRows<{ id: number; growth: number }>(
    tx,
    sql`select id, growth from members where site_id = ${siteId} and open_id = ${buyerId} for update`,
  );
  return row ?? null;
}

/** What an order's growth ledger rows add up to (grant minus what refunds took back). */
async function orderGrowth(tx: Executor, siteId: number, memberId: number, orderNo: string): Promise<number> {
  const [row] = await queryRows<{ net: number }>(
    tx,
    sql`select coalesce(sum(delta), 0)::int as net from member_growth_ledger
         where site_id = ${siteId} and member_id = ${memberId} and order_no = ${orderNo}
           and reason in ('order_paid', 'order_refund')`,
  );
  return row?.net ?? 0;
}

/** The order was paid: its member earns growth for the yuan paid, once. */
export async function grantOrderGrowth(
  tx: Executor,
  order: OrderGrowthFacts,
  paidFen: number,
): Promise<number> {
  const member = await memberOf(tx, order.siteId, order.buyerId);
  if (!member) return 0;
  const setting = await readMemberSetting(tx, order.siteId);
  const growth = growthForAmount(paidFen, setting.GrowthPerYuan);
  if (growth === 0 || (await orderGrowth(tx, order.siteId, member.id, order.orderNo)) !== 0) return 0;
  await changeGrowth(tx, {
    siteId: order.siteId,
    memberId: member.id,
    delta: growth,
    reason: 'order_paid',
    note: '',
    orderNo: order.orderNo,
    actor: { kind: 'system', accountId: null, name: '' },
    now: order.now,
  });
  return growth;
}

/**
 * Money of the order went back: the refunded share of its growth goes too, but never below zero
 * (growth the member already holds less of is taken as far as it goes). The grade stays.
 */
export async function takeBackOrderGrowth(
  tx: Executor,
  order: OrderGrowthFacts,
  paidFen: number,
  refundFen: number,
): Promise<number> {
  const member = await memberOf(tx, order.siteId, order.buyerId);
  if (!member) return 0;
  const [granted] = await queryRows<{ delta: number }>(
    tx,
    sql`select delta from member_growth_ledger
         where site_id = ${order.siteId} and member_id = ${member.id} and order_no = ${order.orderNo}
           and reason = 'order_paid' order by id limit 1`,
  );
  const net = await orderGrowth(tx, order.siteId, member.id, order.orderNo);
  const wanted = Math.min(net, growthToTakeBack(granted?.delta ?? 0, paidFen, refundFen));
  const taken = Math.min(wanted, member.growth);
  if (taken <= 0) return 0;
  await changeGrowth(tx, {
    siteId: order.siteId,
    memberId: member.id,
    delta: -taken,
    reason: 'order_refund',
    note: '',
    orderNo: order.orderNo,
    actor: { kind: 'system', accountId: null, name: '' },
    now: order.now,
  });
  return taken;
}

export interface ReviewGrowthFacts {
  siteId: number;
  memberId: number;
  orderNo: string;
  /** The goods reviewed, as the ledger's note. */
  goodsName: string;
  now: Date;
}

/**
 * The member reviewed goods of an order: the shop's growth per review, with its ledger row; nothing
 * (and no row) when the shop grants none. Once per review because the caller grants it in the
 * transaction that inserted the review, which one review per order and goods allows only once. A
 * review the shop later hides or deletes keeps its growth: the buyer earned it by writing it.
 */
export async function grantReviewGrowth(tx: Executor, review: ReviewGrowthFacts): Promise<number> {
  const { GrowthPerReview } = await readMemberSetting(tx, review.siteId);
  if (GrowthPerReview === 0) return 0;
  await changeGrowth(tx, {
    siteId: review.siteId,
    memberId: review.memberId,
    delta: GrowthPerReview,
    reason: 'review',
    note: review.goodsName,
    orderNo: review.orderNo,
    actor: { kind: 'buyer', accountId: null, name: '' },
    now: review.now,
  });
  return GrowthPerReview;
}
