import { describe, expect, it } from 'vitest';
import { commandAxis, type OrderFacts, OrderPermission, orderCommandBlocker, orderCommands } from './order';

const facts = (change: Partial<OrderFacts> = {}): OrderFacts => ({
  state: 'toShip',
  refundState: 'none',
  deliveryType: 'express',
  source: 'miniProgram',
  partlyShipped: false,
  shipHold: null,
  ...change,
});

describe('commandAxis', () => {
  it.each([
    ['ship', 'order'],
    ['close', 'order'],
    ['verifyPickup', 'order'],
    ['approveRefund', 'refund'],
    ['rejectRefund', 'refund'],
    ['markRefunded', 'refund'],
    ['modifyPrice', 'edit'],
    ['changeAddress', 'edit'],
    ['remark', 'edit'],
  ] as const)('%s is checked against the %s state', (command, axis) => {
    expect(commandAxis(command)).toBe(axis);
  });
});

describe('orderCommandBlocker names the state as the blocker when the state is wrong', () => {
  it.each([
    [facts({ state: 'shipped' }), 'modifyPrice', 'illegalState'],
    [facts({ state: 'toPay' }), 'modifyPrice', null],
    [facts({ state: 'shipped' }), 'changeAddress', 'illegalState'],
    [facts({ state: 'toPay' }), 'ship', 'illegalState'],
    [facts({ state: 'closed' }), 'close', 'illegalState'],
    [facts({ refundState: 'requested', state: 'closed' }), 'approveRefund', null],
    [facts({ refundState: 'approved' }), 'rejectRefund', 'illegalState'],
  ] as const)('%o: %s → %s', (orderFacts, command, blocker) => {
    expect(orderCommandBlocker(orderFacts, command)).toBe(blocker);
  });
});

describe('changing the address needs a delivery with an address', () => {
  it.each([
    ['express', null],
    ['sameCity', null],
    ['pickup', 'noAddress'],
    ['inStore', 'noAddress'],
  ] as const)('%s → %s', (deliveryType, blocker) => {
    expect(orderCommandBlocker(facts({ deliveryType }), 'changeAddress')).toBe(blocker);
  });
});

describe('orderCommands', () => {
  it('offers the commands of every axis that the order allows, in command order', () => {
    const waiting = facts({ refundState: 'requested' });
    expect(orderCommands(waiting, new Set([OrderPermission.supervise]))).toEqual([
      'changeAddress',
      'remark',
      'approveRefund',
      'rejectRefund',
    ]);
  });
});
