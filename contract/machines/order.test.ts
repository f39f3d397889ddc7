import { describe, expect, it } from 'vitest';
import { nextState } from '../state-machine';
import {
  ORDER_COMMANDS,
  ORDER_STATES,
  type OrderCommand,
  type OrderFacts,
  OrderPermission,
  type OrderState,
  orderCommandBlocker,
  orderCommands,
  orderMachine,
  REFUND_STATES,
  REVIEWABLE_ORDER_STATES,
  rechargeMachine,
  refundMachine,
  waybillMachine,
} from './order';

/** Where each action of the order machine leads from each state (null: illegal). */
const ORDER_TABLE: Record<string, Partial<Record<OrderState, OrderState>>> = {
  pay: { toPay: 'toShip' },
  cancel: { toPay: 'closed' },
  expire: { toPay: 'closed' },
  close: { toPay: 'closed' },
  payInStore: { toPay: 'completed' },
  ship: { toShip: 'shipped' },
  shipPart: { toShip: 'toShip' },
  verifyPickup: { toShip: 'received' },
  deliverTickets: { toShip: 'received' },
  confirmReceipt: { shipped: 'received' },
  autoConfirm: { shipped: 'received' },
  complete: { received: 'completed' },
  refundClose: { toShip: 'closed', shipped: 'closed', received: 'closed' },
};

describe('the order machine', () => {
  const cases = Object.entries(ORDER_TABLE).flatMap(([action, legal]) =>
    ORDER_STATES.map((state) => [state, action, legal[state] ?? null] as const),
  );
  it.each(cases)('from %s, %s leads to %s', (state, action, expected) => {
    expect(nextState(orderMachine, state, action)).toBe(expected);
  });

  it('declares exactly the actions of the table', () => {
    expect(orderMachine.actions.map((action) => action.name).sort()).toEqual(Object.keys(ORDER_TABLE).sort());
  });

  it('never offers buyer or system moves as buttons', () => {
    const automatic = orderMachine.actions.filter((action) => action.automatic).map((action) => action.name);
    expect(automatic.sort()).toEqual(
      [
        'autoConfirm',
        'cancel',
        'complete',
        'confirmReceipt',
        'deliverTickets',
        'expire',
        'pay',
        'refundClose',
        'shipPart',
      ].sort(),
    );
  });
});

describe('reviewable orders', () => {
  const REVIEWABLE: Record<OrderState, boolean> = {
    toPay: false,
    toShip: false,
    shipped: false,
    received: true,
    completed: true,
    closed: false,
  };
  it.each(ORDER_STATES.map((state) => [state, REVIEWABLE[state]] as const))(
    'an order %s may be reviewed: %s',
    (state, expected) => {
      expect(REVIEWABLE_ORDER_STATES.includes(state)).toBe(expected);
    },
  );

  it('holds every state an order reaches when the buyer gets the goods', () => {
    const handedOver = [
      'confirmReceipt',
      'autoConfirm',
      'verifyPickup',
      'deliverTickets',
      'payInStore',
      'complete',
    ];
    const reached = orderMachine.actions
      .filter((action) => handedOver.includes(action.name))
      .map((action) => action.to);
    expect(reached).toHaveLength(handedOver.length);
    for (const state of reached) expect(REVIEWABLE_ORDER_STATES).toContain(state);
  });
});

describe('the refund, recharge and waybill machines', () => {
  it.each([
    ['none', 'apply', 'requested'],
    ['rejected', 'apply', 'requested'],
    ['refunded', 'apply', 'requested'],
    ['requested', 'apply', null],
    ['requested', 'approveRefund', 'approved'],
    ['requested', 'rejectRefund', 'rejected'],
    ['approved', 'rejectRefund', null],
    ['approved', 'markRefunded', 'refunded'],
    ['requested', 'markRefunded', null],
    ['none', 'approveRefund', null],
  ])('refund: from %s, %s leads to %s', (state, action, expected) => {
    expect(nextState(refundMachine, state, action)).toBe(expected);
  });

  it.each([
    ['toPay', 'pay', 'paid'],
    ['toPay', 'expire', 'closed'],
    ['paid', 'fulfil', 'completed'],
    ['paid', 'refund', 'refunded'],
    ['completed', 'refund', 'refunded'],
    ['toPay', 'refund', null],
    ['refunded', 'refund', null],
    ['closed', 'pay', null],
  ])('recharge: from %s, %s leads to %s', (state, action, expected) => {
    expect(nextState(rechargeMachine, state, action)).toBe(expected);
  });

  it.each([
    ['printed', 'confirm', 'confirmed'],
    ['printed', 'void', 'void'],
    ['confirmed', 'void', null],
    ['void', 'confirm', null],
  ])('waybill: from %s, %s leads to %s', (state, action, expected) => {
    expect(nextState(waybillMachine, state, action)).toBe(expected);
  });
});

const express = (state: OrderState, changes: Partial<OrderFacts> = {}): OrderFacts => ({
  state,
  refundState: 'none',
  deliveryType: 'express',
  source: 'miniProgram',
  partlyShipped: false,
  shipHold: null,
  ...changes,
});

/** The states in which each operator command is legal on a plain express order without refunds. */
const COMMAND_STATES: Record<OrderCommand, readonly OrderState[]> = {
  modifyPrice: ['toPay'],
  changeAddress: ['toPay', 'toShip'],
  remark: ORDER_STATES,
  ship: ['toShip'],
  close: ['toPay'],
  verifyPickup: [],
  approveRefund: [],
  rejectRefund: [],
  markRefunded: [],
};

describe('operator commands', () => {
  const cases = ORDER_COMMANDS.flatMap((command) =>
    ORDER_STATES.map((state) => [command, state, COMMAND_STATES[command].includes(state)] as const),
  );
  it.each(cases)('%s on an express order in %s: legal %s', (command, state, legal) => {
    expect(orderCommandBlocker(express(state), command) === null).toBe(legal);
  });

  it.each([
    [express('toShip', { refundState: 'requested' }), 'ship', 'refundPending'],
    [express('toShip', { refundState: 'approved' }), 'ship', 'refundPending'],
    [express('toShip', { refundState: 'rejected' }), 'ship', null],
    [express('toShip', { deliveryType: 'pickup' }), 'ship', 'notShippable'],
    [express('toShip', { deliveryType: 'sameCity' }), 'ship', null],
    [express('toShip'), 'verifyPickup', 'notPickup'],
    [express('toShip', { deliveryType: 'pickup' }), 'verifyPickup', null],
    [
      express('toShip', { deliveryType: 'pickup', refundState: 'requested' }),
      'verifyPickup',
      'refundPending',
    ],
    [express('toShip', { partlyShipped: true }), 'changeAddress', 'partlyShipped'],
    [express('toShip', { shipHold: 'teamForming' }), 'ship', 'teamForming'],
    [express('toShip', { shipHold: 'teamForming', refundState: 'requested' }), 'ship', 'teamForming'],
    [express('toShip', { deliveryType: 'sameCity', shipHold: 'teamForming' }), 'ship', 'teamForming'],
    [express('toShip', { deliveryType: 'pickup', shipHold: 'teamForming' }), 'verifyPickup', 'teamForming'],
    [express('toShip', { deliveryType: 'pickup', shipHold: 'teamForming' }), 'ship', 'notShippable'],
    [express('toShip', { shipHold: 'teamForming' }), 'changeAddress', null],
    [express('toShip', { shipHold: 'teamForming' }), 'remark', null],
    [express('toPay', { shipHold: 'teamForming' }), 'close', null],
    [express('toPay', { deliveryType: 'pickup' }), 'changeAddress', 'noAddress'],
    [express('toPay', { source: 'offline', deliveryType: 'inStore' }), 'modifyPrice', 'offlineOrder'],
    [express('toPay', { source: 'offline', deliveryType: 'inStore' }), 'close', null],
    [express('received', { refundState: 'requested' }), 'approveRefund', null],
    [express('received', { refundState: 'none' }), 'approveRefund', 'illegalState'],
    [express('shipped', { refundState: 'approved' }), 'markRefunded', null],
  ] as const)('%j: %s is blocked by %s', (facts, command, blocker) => {
    expect(orderCommandBlocker(facts, command)).toBe(blocker);
  });

  it('offers a caller only the commands their grants allow', () => {
    const facts = express('toPay');
    expect(orderCommands(facts, new Set([OrderPermission.supervise]))).toEqual([
      'modifyPrice',
      'changeAddress',
      'remark',
      'close',
    ]);
    expect(orderCommands(facts, new Set([OrderPermission.details]))).toEqual([]);
  });

  it('knows every refund state', () => {
    expect(refundMachine.states).toEqual(REFUND_STATES);
  });
});
