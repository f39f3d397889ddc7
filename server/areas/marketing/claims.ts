import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type ClaimFacts, claimBlocker } from '../../../contract/coupon-rules';
import type { claimableCouponSchema, MyCoupon } from '../../../contract/endpoints/storefront-coupons';
import { shopDate } from '../../../contract/shop-time';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { type CouponRecord, validityOf } from './coupon-records';
import { insertCopies, takeQuantity } from './issue';
import { coupons } from './tables';
import './messages';

/** The buyer's side of coupons: what is on offer to them, claiming one, and their copies. */

interface BuyerFacts extends Record<string, unknown> {
  id: number;
  grade_id: number | null;
  status: 'active' | 'disabled';
  is_new: boolean;
}

/** The member a storefront buyer id names, with whether they ever paid an order; null for a stranger. */
async function buyerFacts(db: Executor, siteId: number, buyerId: string): Promise<BuyerFacts | null> {
  const [member] = await queryRows<BuyerFacts>(
    db,
    sql`select m.id, m.grade_id, m.status,
               not exists (select 1 from orders o where o.site_id = m.site_id and o.buyer_id = m.open_id
                             and o.paid_at is not null) as is_new
          from members m where m.site_id = ${siteId} and m.open_id = ${buyerId}`,
  );
  return member ?? null;
}

/** Copies of each coupon the member claimed, in all and on the shop day of `now`. */
async function claimCounts(
  db: Executor,
  memberId: number,
  couponIds: readonly number[],
  now: Date,
): Promise<Map<number, { copies: number; today: number }>> {
  if (couponIds.length === 0) return new Map();
  const rows = await queryRows<{ coupon_id: number; copies: number; today: number }>(
    db,
    sql`select coupon_id, count(*)::int as copies, (count(*) filter (where claim_day = ${shopDate(now)}))::int as today
          from member_coupons
         where member_id = ${memberId} and source = 'claim'
           and coupon_id in (${sql.join(
             couponIds.map((id) => sql`${id}`),
             sql`, `,
           )})
         group by coupon_id`,
  );
  return new Map(rows.map((row) => [row.coupon_id, { copies: row.copies, today: row.today }]));
}

function factsOf(
  coupon: CouponRecord,
  member: BuyerFacts | null,
  counts: { copies: number; today: number } | undefined,
  issued = coupon.issued,
): ClaimFacts {
  return {
    state: coupon.state,
    channel: coupon.channel,
    startsAt: coupon.startsAt,
    endsAt: coupon.endsAt,
    totalQuantity: coupon.totalQuantity,
    issued,
    perMemberLimit: coupon.perMemberLimit,
    perDayLimit: coupon.perDayLimit,
    audience: coupon.audience,
    audienceGradeIds: coupon.audienceGradeIds,
    member: {
      // A buyer not yet signed in is a new member of the default grade to be.
      gradeId: member?.grade_id ?? null,
      isNew: member?.is_new ?? true,
      copies: counts?.copies ?? 0,
      copiesToday: counts?.today ?? 0,
    },
  };
}

type Claimable = z.infer<typeof claimableCouponSchema>;

/** The online coupons on offer now (active, window not over), with whether this buyer may claim each. */
export async function claimableCoupons(
  db: Executor,
  siteId: number,
  buyerId: string,
  now: Date,
): Promise<Claimable[]> {
  const offered = await db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.siteId, siteId),
        eq(coupons.deleted, false),
        eq(coupons.state, 'active'),
        eq(coupons.channel, 'online'),
        sql`${coupons.endsAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(sql`${coupons.sort} desc, ${coupons.id} desc`)
    .limit(100);
  const member = await buyerFacts(db, siteId, buyerId);
  const counts = member
    ? await claimCounts(
        db,
        member.id,
        offered.map((coupon) => coupon.id),
        now,
      )
    : new Map();
  return offered.map((coupon) => ({
    Id: coupon.id,
    Title: coupon.title,
    Description: coupon.description,
    Kind: coupon.discountType,
    Value: coupon.value,
    CapFen: coupon.capFen,
    ThresholdFen: coupon.thresholdFen,
    Scope: coupon.scope,
    Validity: validityOf(coupon),
    EndsAt: coupon.endsAt.toISOString(),
    Remaining: coupon.totalQuantity === null ? null : coupon.totalQuantity - coupon.issued,
    Blocker: claimBlocker(factsOf(coupon, member, counts.get(coupon.id)), now),
  }));
}

interface CopyRecord extends Record<string, unknown> {
  id: number;
  coupon_id: number;
  title: string;
  channel: MyCoupon['Channel'];
  discount_type: MyCoupon['Kind'];
  value: number;
  cap_fen: number | null;
  threshold_fen: number;
  scope: MyCoupon['Scope'];
  state: MyCoupon['State'];
  valid_from: Date | string;
  valid_until: Date | string;
  order_no: string | null;
}

const COPY_SELECT = sql`select mc.id, mc.coupon_id, c.title, c.channel, c.discount_type, c.value, c.cap_fen,
    c.threshold_fen, c.scope, mc.state, mc.valid_from, mc.valid_until, o.order_no
  from member_coupons mc join coupons c on c.id = mc.coupon_id
  left join orders o on o.id = mc.order_id`;

function myCoupon(record: CopyRecord): MyCoupon {
  return {
    Id: record.id,
    CouponId: record.coupon_id,
    Title: record.title,
    Channel: record.channel,
    Kind: record.discount_type,
    Value: record.value,
    CapFen: record.cap_fen,
    ThresholdFen: record.threshold_fen,
    Scope: record.scope,
    State: record.state,
    ValidFrom: new Date(record.valid_from).toISOString(),
    ValidUntil: new Date(record.valid_until).toISOString(),
    OrderNo: record.order_no ?? '',
  };
}

/** A buyer's copies, unused first (soonest to expire first), then the rest newest first. */
export async function myCoupons(
  db: Executor,
  siteId: number,
  buyerId: string,
  state?: MyCoupon['State'],
): Promise<MyCoupon[]> {
  const rows = await queryRows<CopyRecord>(
    db,
    sql`${COPY_SELECT} join members m on m.id = mc.member_id
         where mc.site_id = ${siteId} and m.open_id = ${buyerId} ${state ? sql`and mc.state = ${state}` : sql``}
         order by (mc.state = 'unused') desc,
                  case when mc.state = 'unused' then mc.valid_until end asc, mc.id desc
         limit 200`,
  );
  return rows.map(myCoupon);
}

/**
 * Claims one copy. The quantity is taken first: that guarded UPDATE queues every claim of the
 * coupon on its row, so the buyer's limits counted next see every claim committed before, and a
 * refusal rolls the quantity back with everything else.
 */
export async function claimCoupon(
  tx: Executor,
  siteId: number,
  buyerId: string,
  couponId: number,
  now: Date,
): Promise<MyCoupon> {
  const member = await buyerFacts(tx, siteId, buyerId);
  if (!member) throw new AppError('coupon.buyerUnknown', {}, { field: 'BuyerId' });
  if (member.status === 'disabled')
    throw new AppError('member.disabled', {}, { field: 'BuyerId', status: 403 });
  const instant = sql`${now.toISOString()}::timestamptz`;
  const taken = await takeQuantity(
    tx,
    siteId,
    couponId,
    1,
    and(
      eq(coupons.channel, 'online'),
      sql`${coupons.startsAt} <= ${instant}`,
      sql`${coupons.endsAt} > ${instant}`,
    ),
  );
  const [coupon] = taken
    ? [taken]
    : await tx
        .select()
        .from(coupons)
        .where(and(eq(coupons.id, couponId), eq(coupons.siteId, siteId), eq(coupons.deleted, false)));
  if (!coupon) throw new AppError('coupon.notFound', { id: couponId }, { field: 'CouponId' });
  const counts = (await claimCounts(tx, member.id, [couponId], now)).get(couponId);
  // With the quantity taken, `issued` counts this claim: the facts are those before it.
  const blocker = claimBlocker(
    factsOf(coupon, member, counts, taken ? coupon.issued - 1 : coupon.issued),
    now,
  );
  if (blocker || !taken) {
    throw new AppError(
      `coupon.claim.${blocker ?? 'soldOut'}`,
      { title: coupon.title },
      { field: 'CouponId' },
    );
  }
  const [copyId] = await insertCopies(tx, taken, member.id, 1, { source: 'claim' }, now);
  const [record] = await queryRows<CopyRecord>(tx, sql`${COPY_SELECT} where mc.id = ${copyId}`);
  return myCoupon(record!);
}
