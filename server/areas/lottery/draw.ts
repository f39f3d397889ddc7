import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { RECORD_NO_PREFIX } from '../../../contract/endpoints/lotteries';
import {
  drawPrize,
  drawsLeft,
  type EntryFacts,
  entryProblem,
  type RandomSource,
} from '../../../contract/lottery';
import {
  lotteryRecordMachine,
  type RecordAction,
  type RecordState,
} from '../../../contract/machines/lottery';
import type { Address } from '../../../contract/machines/order';
import { shopDate } from '../../../contract/shop-time';
import { actionLabelKey, can, stateLabelKey } from '../../../contract/state-machine';
import { timedState } from '../../../contract/timed-state';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { type Locale, translate } from '../../i18n/messages';
import { credit, debit, ensureMember, holding, type WalletActor } from '../customer/service';
import { issueCopies } from '../marketing/service';
import { requireParcel } from '../order/service';
import { findLottery, type LotteryRecord, readPrizes } from './lotteries';
import { lotteryRecords } from './tables';
import './messages';

/**
 * A buyer's draw, in one transaction over guarded statements, locking in the order every
 * transaction of the shop follows (the wallet, then the member, then the counters and the prize):
 * the member's daily and total counters rise by upserts that refuse to pass the limits, the points
 * cost leaves the wallet through its ledger, the chance is drawn with crypto randomness, and the
 * prize's stock falls by an UPDATE guarded by `stock >= 1`. A prize is delivered in the same
 * transaction (points and stored value through the wallet ledger, a coupon through the coupon
 * area); a goods prize waits to ship.
 */

export type DrawRecord = typeof lotteryRecords.$inferSelect;

export interface DrawContext {
  tx: Executor;
  siteId: number;
  now: Date;
  locale: Locale;
  /** crypto.randomInt unless a test says otherwise. */
  random?: RandomSource;
}

export interface DrawRequest {
  buyer: { id: string; name: string; phone: string };
  lotteryId: number;
  address: Address | undefined;
}

const ALL_TIME = 'all';

/** Raises one counter by one unless it is at `limit` (null: no limit); false when refused. */
async function takeEntry(
  tx: Executor,
  key: { siteId: number; lotteryId: number; memberId: number },
  day: string,
  limit: number | null,
): Promise<boolean> {
  const guard = limit === null ? sql`` : sql`where lottery_entries.used < ${limit}`;
  if (limit !== null && limit < 1) return false;
  const rows = await queryRows<{ used: number }>(
    tx,
    sql`insert into lottery_entries (site_id, lottery_id, member_id, day, used)
        values (${key.siteId}, ${key.lotteryId}, ${key.memberId}, ${day}, 1)
        on conflict (lottery_id, member_id, day) do update set used = lottery_entries.used + 1 ${guard}
        returning used`,
  );
  return rows.length > 0;
}

async function usedDraws(tx: Executor, lotteryId: number, memberId: number, today: string) {
  const rows = await queryRows<{ day: string; used: number }>(
    tx,
    sql`select day, used from lottery_entries
         where lottery_id = ${lotteryId} and member_id = ${memberId} and day in (${today}, ${ALL_TIME})`,
  );
  const of = (day: string) => rows.find((row) => row.day === day)?.used ?? 0;
  return { usedToday: of(today), usedInAll: of(ALL_TIME) };
}

/** Paid orders of the buyer within the draw's window: each gives one draw with `order` entry. */
async function paidOrders(tx: Executor, siteId: number, buyerId: string, lottery: LotteryRecord, now: Date) {
  const [row] = await queryRows<{ count: number }>(
    tx,
    sql`select count(*)::int as count from orders
         where site_id = ${siteId} and buyer_id = ${buyerId} and paid_at is not null
           and paid_at >= ${new Date(lottery.starts_at).toISOString()}::timestamptz
           and paid_at <= ${now.toISOString()}::timestamptz`,
  );
  return row?.count ?? 0;
}

export interface EntryState {
  facts: EntryFacts;
  memberId: number | null;
}

/** What decides whether a buyer may draw now; a buyer never seen holds nothing and used nothing. */
export async function entryFacts(
  tx: Executor,
  siteId: number,
  lottery: LotteryRecord,
  buyerId: string | undefined,
  now: Date,
): Promise<EntryFacts> {
  const state = timedState(
    { status: lottery.status, startsAt: lottery.starts_at, endsAt: lottery.ends_at },
    now,
  );
  const base = {
    state,
    entryMode: lottery.entry_mode,
    pointsCost: lottery.points_cost,
    dailyLimit: lottery.daily_limit,
    totalLimit: lottery.total_limit,
  };
  if (buyerId === undefined) return { ...base, usedToday: 0, usedInAll: 0, paidOrders: 0, points: 0 };
  const [member] = await queryRows<{ id: number }>(
    tx,
    sql`select id from members where site_id = ${siteId} and open_id = ${buyerId}`,
  );
  const used = member
    ? await usedDraws(tx, lottery.id, member.id, shopDate(now))
    : { usedToday: 0, usedInAll: 0 };
  return {
    ...base,
    ...used,
    paidOrders: lottery.entry_mode === 'order' ? await paidOrders(tx, siteId, buyerId, lottery, now) : 0,
    points: await holding(tx, { siteId, buyerId, currency: 'points' }),
  };
}

function refuse(problem: NonNullable<ReturnType<typeof entryProblem>>): AppError {
  const { key, ...params } = problem;
  return new AppError(`lottery.entry.${key}`, params, { field: 'LotteryId' });
}

async function takePrizeStock(
  context: DrawContext,
  prizeId: number,
  delta: number,
  reason: 'draw' | 'undeliverable',
  recordNo: string,
): Promise<boolean> {
  const [row] = await queryRows<{ stock: number }>(
    context.tx,
    sql`update lottery_prizes set stock = stock + ${delta}, won = won - ${delta}
         where id = ${prizeId} and site_id = ${context.siteId} and stock + ${delta} >= 0
         returning stock`,
  );
  if (!row) return false;
  await context.tx.execute(
    sql`insert into lottery_prize_log (site_id, prize_id, delta, after, reason, record_no, created_at)
        values (${context.siteId}, ${prizeId}, ${delta}, ${row.stock}, ${reason}, ${recordNo},
                ${context.now.toISOString()}::timestamptz)`,
  );
  return true;
}

export interface DrawOutcome {
  record: DrawRecord;
  drawsLeft: number | null;
}

/** The buyer draws once; refused (and nothing taken) when they may not. */
export async function drawOnce(context: DrawContext, request: DrawRequest): Promise<DrawOutcome> {
  const { tx, siteId, now } = context;
  const buyerId = request.buyer.id;
  const actor: WalletActor = { kind: 'buyer', accountId: null, name: request.buyer.name };
  const lottery = await findLottery(tx, siteId, request.lotteryId, 'LotteryId');
  const prizes = await readPrizes(tx, lottery.id);
  if (!request.address && prizes.some((prize) => prize.Kind === 'goods'))
    throw new AppError('lottery.addressRequired', {}, { field: 'Address' });

  await holding(tx, { siteId, buyerId, currency: 'points' }, true);
  const memberId = await ensureMember(tx, {
    siteId,
    openId: buyerId,
    nickname: request.buyer.name,
    mobile: request.buyer.phone,
    source: 'miniProgram',
    now,
  });
  const facts = await entryFacts(tx, siteId, lottery, buyerId, now);
  const problem = entryProblem(facts);
  if (problem) throw refuse(problem);

  // The counters are the real guard: two draws racing past the check above meet here.
  const key = { siteId, lotteryId: lottery.id, memberId };
  const today = shopDate(now);
  if (!(await takeEntry(tx, key, today, facts.dailyLimit > 0 ? facts.dailyLimit : null)))
    throw refuse({ key: 'dailyUsed', limit: facts.dailyLimit });
  const totalLimits = [
    ...(facts.totalLimit > 0 ? [facts.totalLimit] : []),
    ...(facts.entryMode === 'order' ? [facts.paidOrders] : []),
  ];
  if (!(await takeEntry(tx, key, ALL_TIME, totalLimits.length > 0 ? Math.min(...totalLimits) : null)))
    throw refuse(
      facts.entryMode === 'order' ? { key: 'noOrder' } : { key: 'totalUsed', limit: facts.totalLimit },
    );

  const [reserved] = await queryRows<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('lottery_records', 'id'))::int as id`,
  );
  const id = reserved!.id;
  const recordNo = `${RECORD_NO_PREFIX}${today.replaceAll('-', '')}${String(id).padStart(8, '0')}`;
  const pointsSpent = facts.entryMode === 'points' ? facts.pointsCost : 0;
  if (pointsSpent > 0) {
    await debit(
      tx,
      {
        siteId,
        buyerId,
        currency: 'points',
        amount: pointsSpent,
        reason: 'lottery_entry',
        orderNo: recordNo,
        actor,
        now,
      },
      (balance) => refuse({ key: 'pointsShort', needed: pointsSpent, balance }),
    );
  }

  let won = drawPrize(
    prizes.map((prize) => ({ ...prize, id: prize.Id, chanceBp: prize.ChanceBp, stock: prize.Stock })),
    context.random ?? randomInt,
  );
  if (won) {
    // A prize's stock is about to change: an operator's form read before it must reload rather than
    // set the old stock back. The draw's row is locked before the prize's, as a save locks them.
    await tx.execute(sql`update marketing_activities set version = version + 1 where id = ${lottery.id}`);
    if (!(await takePrizeStock(context, won.Id, -1, 'draw', recordNo))) won = null;
  }

  let state: RecordState = won ? 'delivered' : 'none';
  let couponCopyId: number | null = null;
  if (won?.Kind === 'points' || won?.Kind === 'balance') {
    await credit(tx, {
      siteId,
      buyerId,
      currency: won.Kind === 'points' ? 'points' : 'balance',
      amount: won.Kind === 'points' ? won.Points : won.BalanceFen,
      reason: 'lottery_prize',
      orderNo: recordNo,
      actor,
      now,
    });
  } else if (won?.Kind === 'coupon') {
    const issued = await issueCopies(tx, siteId, won.CouponId!, memberId, 1, { source: 'lottery' }, now);
    if (issued.ok) couponCopyId = issued.copyIds[0]!;
    else {
      // The coupon ran out or ended since the prize was set: the prize goes back and the draw wins nothing.
      await takePrizeStock(context, won.Id, 1, 'undeliverable', recordNo);
      won = null;
      state = 'none';
    }
  } else if (won?.Kind === 'goods') state = 'toShip';

  const address = won?.Kind === 'goods' ? (request.address ?? null) : null;
  const [record] = await tx
    .insert(lotteryRecords)
    .values({
      id,
      siteId,
      recordNo,
      lotteryId: lottery.id,
      memberId,
      buyerId,
      outcome: won ? won.Kind : 'nothing',
      prizeId: won?.Id ?? null,
      prizeName: won ? won.Name : lottery.nothing_text,
      prizeImage: won?.Image ?? '',
      state,
      pointsSpent,
      couponCopyId,
      productId: won?.Kind === 'goods' ? won.ProductId : null,
      address,
      receiverName: address?.Name ?? '',
      receiverPhone: address?.Phone ?? '',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const after = await usedDraws(tx, lottery.id, memberId, today);
  return { record: record!, drawsLeft: drawsLeft({ ...facts, ...after }) };
}

/** The site's record by id or number; another buyer's (when `buyerId` is given) is not found. Locked. */
export async function lockRecord(
  tx: Executor,
  siteId: number,
  key: { id: number } | { recordNo: string },
  buyerId?: string,
): Promise<DrawRecord> {
  const match = 'id' in key ? eq(lotteryRecords.id, key.id) : eq(lotteryRecords.recordNo, key.recordNo);
  const [row] = await tx
    .select()
    .from(lotteryRecords)
    .where(and(eq(lotteryRecords.siteId, siteId), match))
    .for('update');
  if (!row || (buyerId !== undefined && row.buyerId !== buyerId)) {
    const id = 'id' in key ? key.id : key.recordNo;
    throw new AppError('lottery.record.notFound', { id }, { field: 'id' in key ? 'Id' : 'RecordNo' });
  }
  return row;
}

async function moveRecord(
  context: { tx: Executor; now: Date; locale: Locale },
  record: DrawRecord,
  action: RecordAction,
  set: Partial<typeof lotteryRecords.$inferInsert>,
): Promise<DrawRecord> {
  if (!can(lotteryRecordMachine, record.state, action)) {
    throw new AppError(
      'lottery.record.illegal',
      {
        subject: record.recordNo,
        state: translate(context.locale, stateLabelKey(lotteryRecordMachine, record.state)),
        action: translate(context.locale, actionLabelKey(lotteryRecordMachine, action)),
      },
      { field: 'Action' },
    );
  }
  const to = lotteryRecordMachine.actions.find((candidate) => candidate.name === action)!.to;
  const [updated] = await context.tx
    .update(lotteryRecords)
    .set({ ...set, state: to, version: sql`${lotteryRecords.version} + 1`, updatedAt: context.now })
    .where(and(eq(lotteryRecords.id, record.id), eq(lotteryRecords.state, record.state)))
    .returning();
  return updated!;
}

/** Ships a goods prize with a carrier and tracking number, by the order area's rules of a parcel. */
export function shipPrize(
  context: { tx: Executor; now: Date; locale: Locale },
  record: DrawRecord,
  parcel: { carrier: NonNullable<DrawRecord['carrier']>; trackingNo: string },
): Promise<DrawRecord> {
  if (can(lotteryRecordMachine, record.state, 'ship')) requireParcel('express', parcel);
  return moveRecord(context, record, 'ship', {
    carrier: parcel.carrier,
    trackingNo: parcel.trackingNo,
    shippedAt: context.now,
  });
}

export function confirmPrize(context: { tx: Executor; now: Date; locale: Locale }, record: DrawRecord) {
  return moveRecord(context, record, 'confirmReceipt', { receivedAt: context.now });
}
