import { z } from 'zod';
import type { DepositState } from '../booking';
import { defineMachine } from '../state-machine';
import { REASON_MAX } from './order';

/** Menu paths of the booking screens (SPEC §2 /marketing/bespeakForm). */
export const BookingPermission = {
  categories: '/marketing/bespeakForm/formClassify',
  forms: '/marketing/bespeakForm/formSupervise',
  edit: '/marketing/bespeakForm/editBespeak',
  bookings: '/marketing/bespeakForm/bespeakOrderSupervise',
  details: '/marketing/bespeakForm/bespeakOrderDetails',
} as const;

/**
 * A booking's life: new → confirmed → done, or cancelled from new or confirmed. A booking takes its
 * seat when it is made and gives it back when cancelled. The buyer withdraws through the storefront;
 * a booking whose deposit order closes unpaid, or is refunded from the order screens, is cancelled by
 * the sweep (`expire`). Buyer and system actions are `automatic`: never an operator's button.
 */
export const BOOKING_STATES = ['new', 'confirmed', 'done', 'cancelled'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

export const bookingMachine = defineMachine({
  id: 'booking.booking',
  states: BOOKING_STATES,
  initial: 'new',
  actions: [
    { name: 'confirm', from: ['new'], to: 'confirmed', permission: BookingPermission.bookings },
    {
      name: 'complete',
      from: ['confirmed'],
      to: 'done',
      permission: BookingPermission.bookings,
      confirm: true,
    },
    {
      name: 'cancel',
      from: ['new', 'confirmed'],
      to: 'cancelled',
      permission: BookingPermission.bookings,
      confirm: true,
      destructive: true,
      form: 'cancelBookingForm',
    },
    { name: 'withdraw', from: ['new', 'confirmed'], to: 'cancelled', permission: 'public', automatic: true },
    { name: 'expire', from: ['new', 'confirmed'], to: 'cancelled', permission: 'public', automatic: true },
  ],
});
export type BookingAction = (typeof bookingMachine.actions)[number]['name'];

/** An operator cancels with a reason the buyer is told; a paid deposit is refunded in full. */
export const cancelBookingForm = z.strictObject({
  Reason: z.string().trim().min(1).max(REASON_MAX),
});

export type BookingBlocker = 'depositUnpaid' | 'depositRefunded';

/**
 * What keeps a legal action from being taken because of the deposit: a booking is confirmed or done
 * only with its deposit paid (or with none to pay). Cancelling is never held: it refunds.
 */
export function bookingBlocker(action: BookingAction, deposit: DepositState): BookingBlocker | null {
  if (action !== 'confirm' && action !== 'complete') return null;
  if (deposit === 'toPay') return 'depositUnpaid';
  if (deposit === 'refunding' || deposit === 'refunded' || deposit === 'closed') return 'depositRefunded';
  return null;
}
