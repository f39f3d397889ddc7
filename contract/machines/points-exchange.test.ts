import { describe, expect, it } from 'vitest';
import { legalActions, nextState } from '../state-machine';
import * as declarations from './points-exchange';
import {
  cancelExchangeForm,
  EXCHANGE_STATES,
  type ExchangeState,
  exchangeMachine,
  PointsPermission,
  shipExchangeForm,
} from './points-exchange';

/** Where each action leads from each state (absent: illegal). */
const TABLE: Record<string, Partial<Record<ExchangeState, ExchangeState>>> = {
  pay: { toPay: 'toShip' },
  deliverTickets: { toShip: 'completed' },
  ship: { toShip: 'shipped' },
  confirmReceipt: { shipped: 'completed' },
  autoConfirm: { shipped: 'completed' },
  withdraw: { toPay: 'cancelled' },
  expire: { toPay: 'cancelled' },
  cancel: { toPay: 'cancelled', toShip: 'cancelled' },
};

describe('the exchange order machine', () => {
  const cases = Object.entries(TABLE).flatMap(([action, legal]) =>
    EXCHANGE_STATES.map((state) => [state, action, legal[state] ?? null] as const),
  );
  it.each(cases)('from %s, %s leads to %s', (state, action, expected) => {
    expect(nextState(exchangeMachine, state, action)).toBe(expected);
  });

  it('declares exactly the actions of the table', () => {
    expect(exchangeMachine.actions.map((action) => action.name).sort()).toEqual(Object.keys(TABLE).sort());
  });

  it('ends in completed and cancelled: nothing leaves them', () => {
    for (const state of ['completed', 'cancelled'] as const) {
      expect(exchangeMachine.actions.filter((action) => action.from.includes(state))).toEqual([]);
    }
  });

  it('offers an operator shipping and cancelling only, and only where legal', () => {
    const granted = new Set([PointsPermission.exchanges]);
    const names = (state: ExchangeState) => legalActions(exchangeMachine, state, granted).map((a) => a.name);
    expect(names('toPay')).toEqual(['cancel']);
    expect(names('toShip')).toEqual(['ship', 'cancel']);
    expect(names('shipped')).toEqual([]);
    expect(names('completed')).toEqual([]);
    expect(legalActions(exchangeMachine, 'toShip', new Set())).toEqual([]);
  });

  it('starts waiting to ship (points only); buyers and the sweeps act through the storefront key or the server', () => {
    expect(exchangeMachine.initial).toBe('toShip');
    const automatic = exchangeMachine.actions.filter((action) => action.automatic);
    expect(automatic.map((action) => action.name).sort()).toEqual(
      ['autoConfirm', 'confirmReceipt', 'deliverTickets', 'expire', 'pay', 'withdraw'].sort(),
    );
    expect(automatic.every((action) => action.permission === 'public')).toBe(true);
  });

  it('names forms that exist beside it', () => {
    const forms = exchangeMachine.actions.flatMap((action) => (action.form ? [action.form] : []));
    expect(forms.sort()).toEqual(['cancelExchangeForm', 'shipExchangeForm']);
    for (const form of forms) expect(declarations).toHaveProperty(form);
  });

  it('asks before cancelling, as a destructive action with a reason', () => {
    const cancel = exchangeMachine.actions.find((action) => action.name === 'cancel')!;
    expect(cancel).toMatchObject({ confirm: true, destructive: true, form: 'cancelExchangeForm' });
  });
});

describe('the ship and cancel forms', () => {
  it.each([
    [{ Carrier: 'SF', TrackingNo: 'SF1234567890123' }, true],
    [{ Carrier: 'ZTO', TrackingNo: '  75312345678901  ' }, true],
    [{ Carrier: 'SF' }, true],
    [{ Carrier: 'SF', TrackingNo: 'abc' }, false],
    [{ Carrier: 'SF', TrackingNo: 'x'.repeat(33) }, false],
    [{ Carrier: 'UPS', TrackingNo: '1234567890' }, false],
    [{ Carrier: 'SF', TrackingNo: '1234567890', LineIds: [1] }, false],
  ])('ship %o: %s', (input, valid) => {
    expect(shipExchangeForm.safeParse(input).success).toBe(valid);
  });

  it.each([
    ['', false],
    ['  ', false],
    ['缺货', true],
    ['x'.repeat(200), true],
    ['x'.repeat(201), false],
  ])('cancel reason %j: %s', (Reason, valid) => {
    expect(cancelExchangeForm.safeParse({ Reason }).success).toBe(valid);
  });
});
