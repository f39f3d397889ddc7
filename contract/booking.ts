import { addDays, DAY_MS, shopDate, shopDayStart } from './shop-time';
import { type TimedState, timedState } from './timed-state';

/**
 * Booking forms (SPEC §2 bespeakForm, issue 18 §6): a form of smart-form fields a buyer fills to
 * book a time slot of a day, at a store of the shop or none, free or with a deposit paid through an
 * order. Seats are counted per day and store, for each slot or for the whole day. These are the rules
 * the storefront, the server and the editor share; the server still takes each seat with a guarded
 * statement, so a full slot refuses the next booking whatever these said a moment before.
 */

/** `perSlot`: each slot has its own seats; `perDay`: the day's seats are shared by its slots. */
export const CAPACITY_MODES = ['perSlot', 'perDay'] as const;
export type CapacityMode = (typeof CAPACITY_MODES)[number];

/** `free`, or a `deposit`: a virtual good of the catalogue, paid through an order, whose ticket the buyer shows. */
export const BOOKING_PRICES = ['free', 'deposit'] as const;
export type BookingPrice = (typeof BOOKING_PRICES)[number];

/** ISO weekdays: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export const BOOKING_TITLE_MAX = 30;
export const BOOKING_SUMMARY_MAX = 200;
export const CATEGORY_NAME_MAX = 20;
export const MAX_SLOTS = 24;
export const MAX_SEATS = 9_999;
export const MAX_DAYS_AHEAD = 90;
export const MAX_FORM_STORES = 100;
/** Days one slots call may ask for. */
export const MAX_SLOT_DAYS = 31;

export const SLOT_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface BookingSlot {
  /** `HH:MM`, shop time. */
  Start: string;
  End: string;
  /** Seats of the slot each day (with `perSlot`). */
  Capacity: number;
}

/** What a booking's seat is counted under: the slot's times, or the whole day. */
export const WHOLE_DAY_SEAT = 'day';

export function slotKey(slot: Pick<BookingSlot, 'Start' | 'End'>): string {
  return `${slot.Start}-${slot.End}`;
}

export function seatKey(mode: CapacityMode, slot: Pick<BookingSlot, 'Start' | 'End'>): string {
  return mode === 'perDay' ? WHOLE_DAY_SEAT : slotKey(slot);
}

/** Seats of a slot on a day: its own, or the day's shared by every slot. */
export function seatsOf(
  form: { CapacityMode: CapacityMode; DayCapacity: number },
  slot: BookingSlot,
): number {
  return form.CapacityMode === 'perDay' ? form.DayCapacity : slot.Capacity;
}

export interface SlotProblem {
  index: number;
  field: 'End' | 'Capacity' | 'Start';
  key: string;
}

function minutes(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** Slots that end before they start, overlap an earlier one, or have no seat of their own when they need one. */
export function slotProblems(slots: readonly BookingSlot[], mode: CapacityMode): SlotProblem[] {
  const problems: SlotProblem[] = [];
  slots.forEach((slot, index) => {
    if (minutes(slot.End) <= minutes(slot.Start)) {
      problems.push({ index, field: 'End', key: 'booking.rule.slotEnd' });
      return;
    }
    const overlapping = slots
      .slice(0, index)
      .some(
        (earlier) =>
          minutes(earlier.End) > minutes(earlier.Start) &&
          minutes(slot.Start) < minutes(earlier.End) &&
          minutes(earlier.Start) < minutes(slot.End),
      );
    if (overlapping) problems.push({ index, field: 'Start', key: 'booking.rule.slotOverlap' });
    if (mode === 'perSlot' && slot.Capacity < 1)
      problems.push({ index, field: 'Capacity', key: 'booking.rule.slotCapacity' });
  });
  return problems;
}

/** The ISO weekday (1 Monday … 7 Sunday) of a shop day `YYYY-MM-DD`. */
export function weekdayOf(day: string): number {
  const sunday0 = new Date(`${day}T00:00:00Z`).getUTCDay();
  return sunday0 === 0 ? 7 : sunday0;
}

/** The instant a slot starts on a day, shop time. */
export function slotStartsAt(day: string, slot: Pick<BookingSlot, 'Start'>): Date {
  return new Date(shopDayStart(day).getTime() + minutes(slot.Start) * 60_000);
}

export interface BookingCalendar {
  StartsAt: Date | string;
  EndsAt: Date | string;
  Weekdays: readonly number[];
  /** Days from today a buyer may book, today included (1: today only). */
  DaysAhead: number;
}

/** The days a buyer may book now: today and the next, up to DaysAhead, on open weekdays, before the window ends. */
export function bookableDays(calendar: BookingCalendar, now: Date): string[] {
  const today = shopDate(now);
  const ends = new Date(calendar.EndsAt).getTime();
  const days: string[] = [];
  for (let offset = 0; offset < calendar.DaysAhead; offset += 1) {
    const day = addDays(today, offset);
    if (shopDayStart(day).getTime() >= ends) break;
    if (calendar.Weekdays.includes(weekdayOf(day))) days.push(day);
  }
  return days;
}

/** The first and last day of a window, shop time (the end is exclusive). */
export function windowDays(window: Pick<BookingCalendar, 'StartsAt' | 'EndsAt'>): {
  from: string;
  to: string;
} {
  return {
    from: shopDate(new Date(window.StartsAt)),
    to: shopDate(new Date(new Date(window.EndsAt).getTime() - 1)),
  };
}

export const BOOKING_FORM_STATES = ['notStarted', 'running', 'ended', 'off'] as const;
export type BookingFormState = TimedState;

export function bookingFormState(
  form: { Status: 'on' | 'off'; StartsAt: Date | string; EndsAt: Date | string },
  now: Date | number,
): BookingFormState {
  return timedState({ status: form.Status, startsAt: form.StartsAt, endsAt: form.EndsAt }, now);
}

/** Why a slot cannot be booked, the first reason a buyer should hear. */
export type BookingRefusal =
  | { key: 'notStarted' | 'ended' | 'off' }
  | { key: 'dayClosed'; day: string }
  | { key: 'unknownSlot'; slot: string }
  | { key: 'slotPassed'; slot: string }
  | { key: 'storeRequired' }
  | { key: 'storeNotOffered' };

export interface BookingRequest {
  day: string;
  slot: Pick<BookingSlot, 'Start' | 'End'>;
  /** null: no store chosen. */
  storeId: number | null;
}

export interface BookableForm extends BookingCalendar {
  Status: 'on' | 'off';
  Slots: readonly BookingSlot[];
  /** Stores where it may be booked; empty: it books no store. */
  StoreIds: readonly number[];
}

/**
 * Why a booking of this form cannot be made now, or null when it can (seats aside: the guarded
 * statement decides those). The slot must be one of the form's, on a bookable day, not begun yet
 * and inside the window; a form with stores needs one of them, a form without takes none.
 */
export function bookingRefusal(
  form: BookableForm,
  request: BookingRequest,
  now: Date,
): BookingRefusal | null {
  const state = bookingFormState(form, now);
  if (state !== 'running') return { key: state };
  if (form.StoreIds.length > 0 && request.storeId === null) return { key: 'storeRequired' };
  if (request.storeId !== null && !form.StoreIds.includes(request.storeId)) return { key: 'storeNotOffered' };
  if (!bookableDays(form, now).includes(request.day)) return { key: 'dayClosed', day: request.day };
  const wanted = slotKey(request.slot);
  const slot = form.Slots.find((candidate) => slotKey(candidate) === wanted);
  if (!slot) return { key: 'unknownSlot', slot: wanted };
  const starts = slotStartsAt(request.day, slot).getTime();
  if (starts <= now.getTime() || starts >= new Date(form.EndsAt).getTime())
    return { key: 'slotPassed', slot: wanted };
  return null;
}

/** Whether a slot of a day is still open to booking (seats aside): not begun, inside the window. */
export function slotOpen(
  form: Pick<BookingCalendar, 'EndsAt'>,
  day: string,
  slot: BookingSlot,
  now: Date,
): boolean {
  const starts = slotStartsAt(day, slot).getTime();
  return starts > now.getTime() && starts < new Date(form.EndsAt).getTime();
}

/**
 * The deposit of a booking, from its order: none (free), waiting to be paid, paid, being refunded,
 * refunded, or closed unpaid.
 */
export const DEPOSIT_STATES = ['none', 'toPay', 'paid', 'refunding', 'refunded', 'closed'] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];

export interface DepositOrderFacts {
  state: 'toPay' | 'toShip' | 'shipped' | 'received' | 'completed' | 'closed';
  refundState: 'none' | 'requested' | 'approved' | 'rejected' | 'refunded';
  refundedFen: number;
}

export function depositState(order: DepositOrderFacts | null): DepositState {
  if (!order) return 'none';
  if (order.state === 'toPay') return 'toPay';
  if (order.refundState === 'requested' || order.refundState === 'approved') return 'refunding';
  if (order.refundedFen > 0) return 'refunded';
  return order.state === 'closed' ? 'closed' : 'paid';
}

/** Days between two shop days, `to` minus `from`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((shopDayStart(to).getTime() - shopDayStart(from).getTime()) / DAY_MS);
}
