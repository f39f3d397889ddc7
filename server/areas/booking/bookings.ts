import { type SQL, sql } from 'drizzle-orm';
import {
  type BookingRefusal,
  type BookingSlot,
  bookingRefusal,
  type DepositState,
  depositState,
  seatKey,
  seatsOf,
} from '../../../contract/booking';
import {
  type BOOKING_EVENTS,
  BOOKING_NO_PREFIX,
  type BookingRow,
  type StorefrontBooking,
} from '../../../contract/endpoints/bookings';
import {
  type BookingAction,
  type BookingState,
  bookingBlocker,
  bookingMachine,
} from '../../../contract/machines/booking';
import { shopDate } from '../../../contract/shop-time';
import { normalizeSubmission, validateSubmission } from '../../../contract/smart-form';
import { stateLabelKey, transitionOutcome } from '../../../contract/state-machine';
import type { Database, Executor } from '../../db/client';
import { intArray, queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { type Locale, translate } from '../../i18n/messages';
import { ensureMember } from '../customer/service';
import {
  applyStorefrontRefund,
  cancelStorefrontOrder,
  closeUnpaidOrder,
  placeOrder,
  refundOrderInFull,
} from '../order/service';
import { type FormRecord, readFormRecord } from './forms';
import './messages';

/**
 * Bookings: a seat taken by a guarded statement when booked and given back when cancelled, the
 * deposit an order of the form's deposit good, each step logged. Every function runs inside the
 * caller's transaction.
 */

export interface BookingActor {
  kind: 'buyer' | 'operator' | 'system';
  accountId: number | null;
  name: string;
}

const SYSTEM: BookingActor = { kind: 'system', accountId: null, name: '' };

export interface BookingContext {
  tx: Executor;
  siteId: number;
  now: Date;
  locale: Locale;
  actor: BookingActor;
}

/** Who may see a booking: the whole shop, or a store account's own store (none without one). */
export interface BookingViewer {
  siteId: number;
  isStore?: boolean;
  storeId?: number | null;
}

export interface BookingRecord extends Record<string, unknown> {
  id: number;
  booking_no: string;
  form_id: number;
  form_title: string;
  member_id: number;
  member_no: string;
  buyer_id: string;
  name: string;
  phone: string;
  store_id: number | null;
  store_title: string | null;
  day: string;
  slot_start: string;
  slot_end: string;
  seat_id: number;
  state: BookingState;
  order_id: number | null;
  order_no: string | null;
  order_state: 'toPay' | 'toShip' | 'shipped' | 'received' | 'completed' | 'closed' | null;
  refund_state: 'none' | 'requested' | 'approved' | 'rejected' | 'refunded' | null;
  paid_fen: number | null;
  refunded_fen: number | null;
  deposit_fen: number;
  cancel_reason: string;
  created_at: Date | string;
  version: number;
}

export const BOOKING_COLUMNS = sql`b.id, b.booking_no, b.form_id, f.title as form_title, b.member_id, m.member_no,
  b.buyer_id, b.name, b.phone, b.store_id, st.title as store_title, b.day::text as day, b.slot_start, b.slot_end,
  b.seat_id, b.state, b.order_id, o.order_no, o.state as order_state, o.refund_state, o.paid_fen, o.refunded_fen,
  b.deposit_fen, b.cancel_reason, b.created_at, b.version`;

export const BOOKING_FROM = sql`bookings b
  join booking_forms f on f.id = b.form_id
  join members m on m.id = b.member_id
  left join stores st on st.id = b.store_id
  left join orders o on o.id = b.order_id`;

/** The viewer's conditions on bookings (alias `b`). */
export function viewerScope(viewer: BookingViewer): SQL {
  const site = sql`b.site_id = ${viewer.siteId}`;
  if (!viewer.isStore) return site;
  return viewer.storeId ? sql`${site} and b.store_id = ${viewer.storeId}` : sql`false`;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export function depositOf(record: BookingRecord): DepositState {
  return depositState(
    record.order_state === null
      ? null
      : {
          state: record.order_state,
          refundState: record.refund_state!,
          refundedFen: record.refunded_fen ?? 0,
        },
  );
}

export function bookingRow(record: BookingRecord): BookingRow {
  return {
    Id: record.id,
    BookingNo: record.booking_no,
    FormId: record.form_id,
    FormTitle: record.form_title,
    MemberId: record.member_id,
    MemberNo: record.member_no,
    Name: record.name,
    Phone: record.phone,
    StoreId: record.store_id,
    StoreTitle: record.store_title ?? '',
    Day: record.day,
    Start: record.slot_start,
    End: record.slot_end,
    State: record.state,
    Deposit: depositOf(record),
    DepositFen: record.deposit_fen,
    OrderNo: record.order_no,
    CreatedAt: iso(record.created_at),
    Version: record.version,
  };
}

export async function storefrontBooking(db: Executor, record: BookingRecord): Promise<StorefrontBooking> {
  const tickets =
    record.order_id === null
      ? []
      : await queryRows<{ code: string }>(
          db,
          sql`select code from tickets where order_id = ${record.order_id} order by id`,
        );
  return {
    BookingNo: record.booking_no,
    FormId: record.form_id,
    FormTitle: record.form_title,
    StoreId: record.store_id,
    StoreTitle: record.store_title ?? '',
    Day: record.day,
    Start: record.slot_start,
    End: record.slot_end,
    State: record.state,
    Deposit: depositOf(record),
    DepositFen: record.deposit_fen,
    OrderNo: record.order_no,
    TicketCodes: tickets.map((ticket) => ticket.code),
    CancelReason: record.cancel_reason,
    CreatedAt: iso(record.created_at),
  };
}

/** A booking the viewer may see, locked when asked; another shop's or store's is "not found". */
export async function findBooking(
  db: Executor,
  viewer: BookingViewer,
  key: { id: number } | { bookingNo: string; buyerId: string },
  options: { lock?: boolean; field?: string } = {},
): Promise<BookingRecord> {
  const match =
    'id' in key
      ? sql`b.id = ${key.id}`
      : sql`b.booking_no = ${key.bookingNo} and b.buyer_id = ${key.buyerId}`;
  const [record] = await queryRows<BookingRecord>(
    db,
    sql`select ${BOOKING_COLUMNS} from ${BOOKING_FROM} where ${viewerScope(viewer)} and ${match}
         ${options.lock ? sql`for update of b` : sql``}`,
  );
  const shown = 'id' in key ? key.id : key.bookingNo;
  if (!record) throw new AppError('booking.notFound', { id: shown }, { field: options.field ?? 'Id' });
  return record;
}

async function logBooking(
  context: BookingContext,
  bookingId: number,
  event: (typeof BOOKING_EVENTS)[number],
  reason = '',
): Promise<void> {
  await context.tx.execute(
    sql`insert into booking_log (site_id, booking_id, event, actor, actor_name, account_id, reason, created_at)
        values (${context.siteId}, ${bookingId}, ${event}, ${context.actor.kind}, ${context.actor.name},
                ${context.actor.accountId}, ${reason}, ${context.now.toISOString()}::timestamptz)`,
  );
}

// ---------------------------------------------------------------------------------------------
// Seats

interface SeatKey {
  formId: number;
  storeId: number;
  day: string;
  seat: string;
}

/** Takes one seat, or answers null when every seat is taken: the one statement that decides it. */
async function takeSeat(tx: Executor, siteId: number, key: SeatKey, seats: number) {
  await tx.execute(
    sql`insert into booking_seats (site_id, form_id, store_id, day, seat)
        values (${siteId}, ${key.formId}, ${key.storeId}, ${key.day}::date, ${key.seat})
        on conflict (form_id, store_id, day, seat) do nothing`,
  );
  const [seat] = await queryRows<{ id: number; taken: number }>(
    tx,
    sql`update booking_seats set taken = taken + 1
         where form_id = ${key.formId} and store_id = ${key.storeId} and day = ${key.day}::date
           and seat = ${key.seat} and taken < ${seats}
         returning id, taken`,
  );
  return seat ?? null;
}

async function logSeat(
  context: BookingContext,
  seat: { id: number; taken: number },
  bookingId: number,
  delta: number,
): Promise<void> {
  await context.tx.execute(
    sql`insert into booking_seat_log (site_id, seat_id, booking_id, delta, taken, created_at)
        values (${context.siteId}, ${seat.id}, ${bookingId}, ${delta}, ${seat.taken},
                ${context.now.toISOString()}::timestamptz)`,
  );
}

async function giveSeatBack(context: BookingContext, record: BookingRecord): Promise<void> {
  const [seat] = await queryRows<{ id: number; taken: number }>(
    context.tx,
    sql`update booking_seats set taken = taken - 1 where id = ${record.seat_id} and taken >= 1 returning id, taken`,
  );
  if (seat) await logSeat(context, seat, record.id, -1);
}

// ---------------------------------------------------------------------------------------------
// Booking

export interface BookInput {
  buyer: { id: string; name: string; phone: string };
  source: 'miniProgram' | 'h5';
  formId: number;
  storeId: number | null;
  day: string;
  slot: Pick<BookingSlot, 'Start' | 'End'>;
  answers: Record<string, unknown>;
  remark: string;
}

const REFUSAL_FIELDS: Record<BookingRefusal['key'], string> = {
  notStarted: 'FormId',
  ended: 'FormId',
  off: 'FormId',
  storeRequired: 'StoreId',
  storeNotOffered: 'StoreId',
  dayClosed: 'Day',
  unknownSlot: 'Start',
  slotPassed: 'Start',
};

function refuse(refusal: BookingRefusal): AppError {
  const { key, ...params } = refusal;
  return new AppError(`booking.refused.${key}`, params, { field: REFUSAL_FIELDS[key] });
}

/** The first broken rule of the answers, named by its field, as a smart form's submit names it. */
function requireAnswers(form: FormRecord, answers: Record<string, unknown>): void {
  const [error] = validateSubmission(form.fields, answers);
  if (error)
    throw new AppError(
      `smartForm.rule.${error.rule}`,
      { label: error.label, ...error.params },
      { field: `Answers.${error.fieldId}` },
    );
}

async function bookingNumber(tx: Executor, now: Date): Promise<{ id: number; no: string }> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('bookings', 'id'))::int as id`,
  );
  const id = row!.id;
  return { id, no: `${BOOKING_NO_PREFIX}${shopDate(now).replaceAll('-', '')}${String(id).padStart(6, '0')}` };
}

/**
 * Books a slot for a buyer: the form's rules, the answers, one live booking per buyer and slot, a
 * seat by the guarded statement, then the booking and, with a deposit, its order to pay.
 */
export async function book(context: BookingContext, input: BookInput) {
  const { tx, siteId, now } = context;
  const form = await readFormRecord(tx, siteId, input.formId, 'FormId');
  const refusal = bookingRefusal(
    {
      Status: form.status,
      StartsAt: form.starts_at,
      EndsAt: form.ends_at,
      Weekdays: form.weekdays,
      DaysAhead: form.days_ahead,
      Slots: form.slots,
      StoreIds: form.store_ids,
    },
    { day: input.day, slot: input.slot, storeId: input.storeId },
    now,
  );
  if (refusal) throw refuse(refusal);
  requireAnswers(form, input.answers);
  const slot = form.slots.find(
    (candidate) => candidate.Start === input.slot.Start && candidate.End === input.slot.End,
  )!;
  // The deposit order first: it locks the member before the goods, as every order does.
  const order =
    form.price === 'deposit' && form.deposit_sku_id !== null
      ? await placeOrder(
          { tx, siteId, now, locale: context.locale },
          {
            Buyer: { Id: input.buyer.id, Name: input.buyer.name, Phone: input.buyer.phone },
            Source: input.source,
            DeliveryType: 'virtual',
            Lines: [{ SkuId: form.deposit_sku_id, Quantity: 1 }],
            BuyerRemark: translate(context.locale, 'booking.depositRemark', {
              title: form.title,
              day: input.day,
              slot: `${slot.Start}-${slot.End}`,
            }),
          },
        )
      : null;
  // Locks the member: a buyer's bookings are made one at a time.
  const memberId = await ensureMember(tx, {
    siteId,
    openId: input.buyer.id,
    nickname: input.buyer.name,
    mobile: input.buyer.phone,
    source: input.source,
    now,
  });
  const [live] = await queryRows<{ booking_no: string }>(
    tx,
    sql`select booking_no from bookings where form_id = ${form.id} and member_id = ${memberId} and day = ${input.day}::date
          and slot_start = ${slot.Start} and state in ('new', 'confirmed')`,
  );
  if (live) throw new AppError('booking.alreadyBooked', { number: live.booking_no }, { field: 'Start' });
  const seat = await takeSeat(
    tx,
    siteId,
    { formId: form.id, storeId: input.storeId ?? 0, day: input.day, seat: seatKey(form.capacity_mode, slot) },
    seatsOf({ CapacityMode: form.capacity_mode, DayCapacity: form.day_capacity }, slot),
  );
  if (!seat)
    throw new AppError(
      'booking.full',
      { day: input.day, slot: `${slot.Start}-${slot.End}` },
      { field: 'Start' },
    );
  const { id, no } = await bookingNumber(tx, now);
  await tx.execute(
    sql`insert into bookings (id, site_id, booking_no, form_id, member_id, buyer_id, name, phone, store_id, day, slot_start,
                              slot_end, seat_id, answers, fields, buyer_remark, order_id, deposit_fen, created_at, updated_at)
        values (${id}, ${siteId}, ${no}, ${form.id}, ${memberId}, ${input.buyer.id}, ${input.buyer.name}, ${input.buyer.phone},
                ${input.storeId}, ${input.day}::date, ${slot.Start}, ${slot.End}, ${seat.id},
                ${JSON.stringify(normalizeSubmission(form.fields, input.answers))}::jsonb, ${JSON.stringify(form.fields)}::jsonb,
                ${input.remark}, ${order?.id ?? null}, ${order?.totalFen ?? 0}, ${now.toISOString()}::timestamptz,
                ${now.toISOString()}::timestamptz)`,
  );
  await logSeat(context, seat, id, 1);
  await logBooking(context, id, 'book');
  return { booking: await findBooking(tx, { siteId }, { id }), order };
}

// ---------------------------------------------------------------------------------------------
// Transitions

function illegal(context: BookingContext, record: BookingRecord, action: BookingAction): AppError {
  return new AppError(
    'booking.illegal',
    {
      subject: record.booking_no,
      action: translate(context.locale, `booking.booking.action.${action}`),
      state: translate(context.locale, stateLabelKey(bookingMachine, record.state)),
    },
    { field: 'Ids' },
  );
}

async function setState(
  context: BookingContext,
  record: BookingRecord,
  to: BookingState,
  stamp: 'confirmed_at' | 'done_at' | 'cancelled_at',
  reason = '',
): Promise<void> {
  await context.tx.execute(
    sql`update bookings set state = ${to}, ${sql.raw(stamp)} = ${context.now.toISOString()}::timestamptz,
               cancel_reason = case when ${to} = 'cancelled' then ${reason} else cancel_reason end,
               version = version + 1, updated_at = ${context.now.toISOString()}::timestamptz
         where id = ${record.id} and state = ${record.state}`,
  );
}

/**
 * Confirms or completes bookings, locked in id order; those already in the target state are left,
 * any other refused naming it, and so is one whose deposit is not paid.
 */
export async function advance(
  context: BookingContext,
  viewer: BookingViewer,
  ids: readonly number[],
  action: 'confirm' | 'complete',
): Promise<number[]> {
  const records = await queryRows<BookingRecord>(
    context.tx,
    sql`select ${BOOKING_COLUMNS} from ${BOOKING_FROM}
         where ${viewerScope(viewer)} and b.id = any(${intArray([...new Set(ids)])})
         order by b.id for update of b`,
  );
  const found = new Set(records.map((record) => record.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0)
    throw new AppError('booking.notFound', { id: missing.join(', ') }, { field: 'Ids' });
  const changed: number[] = [];
  for (const record of records) {
    const outcome = transitionOutcome(bookingMachine, record.state, action);
    if (outcome === 'unchanged') continue;
    if (outcome === 'illegal') throw illegal(context, record, action);
    const blocker = bookingBlocker(action, depositOf(record));
    if (blocker) throw new AppError(`booking.${blocker}`, { subject: record.booking_no }, { field: 'Ids' });
    const to = action === 'confirm' ? 'confirmed' : 'done';
    await setState(context, record, to, action === 'confirm' ? 'confirmed_at' : 'done_at');
    await logBooking(context, record.id, action);
    changed.push(record.id);
  }
  return changed;
}

/**
 * Cancels a booking (an operator's `cancel`, a buyer's `withdraw`, the sweep's `expire`): the seat
 * goes back and the deposit follows. An operator closes an unpaid deposit order and refunds a paid
 * one in full; a buyer cancels the unpaid order or asks for the refund; the sweep only acts once the
 * order is closed already.
 */
export async function cancel(
  context: BookingContext,
  record: BookingRecord,
  action: 'cancel' | 'withdraw' | 'expire',
  reason: string,
): Promise<void> {
  if (transitionOutcome(bookingMachine, record.state, action) !== 'change')
    throw illegal(context, record, action);
  const deposit = depositOf(record);
  const orders = { tx: context.tx, siteId: context.siteId, now: context.now, locale: context.locale };
  if (record.order_id !== null && action === 'cancel') {
    const operator = { accountId: context.actor.accountId, name: context.actor.name };
    if (deposit === 'toPay') await closeUnpaidOrder(orders, record.order_id, operator, reason);
    else if (deposit === 'paid' || deposit === 'refunding')
      await refundOrderInFull(orders, record.order_id, operator, reason);
  }
  if (record.order_no !== null && action === 'withdraw') {
    const buyer = { OrderNo: record.order_no, BuyerId: record.buyer_id, Reason: reason };
    if (deposit === 'toPay') await cancelStorefrontOrder(orders, buyer);
    else if (deposit === 'paid')
      await applyStorefrontRefund(orders, {
        ...buyer,
        AmountFen: (record.paid_fen ?? 0) - (record.refunded_fen ?? 0),
      });
  }
  await setState(context, record, 'cancelled', 'cancelled_at', reason);
  await giveSeatBack(context, record);
  await logBooking(context, record.id, action, reason);
}

/**
 * The sweep: live bookings whose deposit order closed (unpaid, or refunded from the order screens)
 * are cancelled and give their seat back, each in its own transaction, once, from any instance.
 */
export async function expireBookings(db: Database, now: Date, limit = 200): Promise<number> {
  const due = await queryRows<{ id: number; site_id: number }>(
    db,
    sql`select b.id, b.site_id from bookings b join orders o on o.id = b.order_id
         where b.state in ('new', 'confirmed') and o.state = 'closed' order by b.id limit ${limit}`,
  );
  let expired = 0;
  for (const row of due) {
    const done = await db.transaction(async (tx) => {
      const [record] = await queryRows<BookingRecord>(
        tx,
        sql`select ${BOOKING_COLUMNS} from ${BOOKING_FROM}
             where b.id = ${row.id} and b.state in ('new', 'confirmed') and o.state = 'closed'
             for update of b skip locked`,
      );
      if (!record) return false;
      const context: BookingContext = { tx, siteId: row.site_id, now, locale: 'zh', actor: SYSTEM };
      await cancel(context, record, 'expire', '');
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}
