import { describe, expect, it } from 'vitest';
import { DEPOSIT_STATES, type DepositState } from '../booking';
import { legalActions, nextState } from '../state-machine';
import * as declarations from './booking';
import {
  BOOKING_STATES,
  type BookingAction,
  BookingPermission,
  type BookingState,
  bookingBlocker,
  bookingMachine,
  cancelBookingForm,
} from './booking';

/** Where each action leads from each state (absent: illegal). */
const TABLE: Record<BookingAction, Partial<Record<BookingState, BookingState>>> = {
  confirm: { new: 'confirmed' },
  complete: { confirmed: 'done' },
  cancel: { new: 'cancelled', confirmed: 'cancelled' },
  withdraw: { new: 'cancelled', confirmed: 'cancelled' },
  expire: { new: 'cancelled', confirmed: 'cancelled' },
};

describe('the booking machine', () => {
  const cases = Object.entries(TABLE).flatMap(([action, legal]) =>
    BOOKING_STATES.map((state) => [state, action, legal[state] ?? null] as const),
  );
  it.each(cases)('from %s, %s leads to %s', (state, action, expected) => {
    expect(nextState(bookingMachine, state, action)).toBe(expected);
  });

  it('declares exactly the actions of the table, starting new', () => {
    expect(bookingMachine.actions.map((action) => action.name).sort()).toEqual(Object.keys(TABLE).sort());
    expect(bookingMachine.initial).toBe('new');
  });

  it('ends in done and cancelled: nothing leaves them', () => {
    for (const state of ['done', 'cancelled'] as const)
      expect(bookingMachine.actions.filter((action) => action.from.includes(state))).toEqual([]);
  });

  it('offers an operator confirming, completing and cancelling, only where legal and granted', () => {
    const granted = new Set([BookingPermission.bookings]);
    const names = (state: BookingState) => legalActions(bookingMachine, state, granted).map((a) => a.name);
    expect(names('new')).toEqual(['confirm', 'cancel']);
    expect(names('confirmed')).toEqual(['complete', 'cancel']);
    expect(names('done')).toEqual([]);
    expect(names('cancelled')).toEqual([]);
    expect(legalActions(bookingMachine, 'new', new Set([BookingPermission.details]))).toEqual([]);
  });

  it('leaves the buyer’s withdrawal and the sweep’s expiry to the storefront key and the server', () => {
    const automatic = bookingMachine.actions.filter((action) => action.automatic);
    expect(automatic.map((action) => action.name).sort()).toEqual(['expire', 'withdraw']);
    expect(automatic.every((action) => action.permission === 'public')).toBe(true);
  });

  it('asks before completing and cancelling; cancelling is destructive, with a reason of its form', () => {
    const find = (name: BookingAction) => bookingMachine.actions.find((action) => action.name === name)!;
    expect(find('confirm').confirm).toBeUndefined();
    expect(find('complete')).toMatchObject({ confirm: true });
    expect(find('complete').destructive).toBeUndefined();
    expect(find('cancel')).toMatchObject({ confirm: true, destructive: true, form: 'cancelBookingForm' });
    expect(declarations).toHaveProperty('cancelBookingForm');
  });
});

describe('the deposit holds confirming and completing', () => {
  const expected: Record<DepositState, string | null> = {
    none: null,
    paid: null,
    toPay: 'depositUnpaid',
    refunding: 'depositRefunded',
    refunded: 'depositRefunded',
    closed: 'depositRefunded',
  };
  it.each(
    DEPOSIT_STATES.flatMap((deposit) =>
      (['confirm', 'complete'] as const).map((action) => [action, deposit] as const),
    ),
  )('%s with the deposit %s', (action, deposit) => {
    expect(bookingBlocker(action, deposit)).toBe(expected[deposit]);
  });
  it.each(DEPOSIT_STATES)('never holds cancelling (deposit %s)', (deposit) => {
    expect(bookingBlocker('cancel', deposit)).toBeNull();
    expect(bookingBlocker('withdraw', deposit)).toBeNull();
  });
});

describe('the cancel form', () => {
  it.each([
    ['', false],
    ['   ', false],
    ['门店装修暂停营业', true],
    ['x'.repeat(200), true],
    ['x'.repeat(201), false],
  ])('reason %j: %s', (Reason, valid) => {
    expect(cancelBookingForm.safeParse({ Reason }).success).toBe(valid);
  });
});
