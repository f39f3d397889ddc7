import { describe, expect, it } from 'vitest';
import { legalActions, nextState, type StateMachine } from '../state-machine';
import {
  AddedValuePermission,
  invoiceMachine,
  purchaseMachine,
  REVIEW_STATES,
  reviewMachine,
  sendMachine,
} from './added-value';

/** Where each action leads from each state (absent: illegal), machine by machine. */
const TABLES: Array<[StateMachine, Record<string, Record<string, string>>]> = [
  [
    reviewMachine,
    {
      approve: { applied: 'approved' },
      reject: { applied: 'rejected' },
      edit: { approved: 'applied', rejected: 'applied' },
    },
  ],
  [sendMachine, { accept: { queued: 'sent' }, fail: { queued: 'failed' } }],
  [
    purchaseMachine,
    { pay: { toPay: 'paid', closed: 'paid' }, cancel: { toPay: 'closed' }, expire: { toPay: 'closed' } },
  ],
  [invoiceMachine, { issue: { requested: 'issued' }, withdraw: { requested: 'withdrawn' } }],
];

describe.each(TABLES)('the $id machine', (machine, table) => {
  const cases = Object.entries(table).flatMap(([action, legal]) =>
    machine.states.map((state) => [state, action, legal[state] ?? null] as const),
  );
  it.each(cases)('from %s, %s leads to %s', (state, action, expected) => {
    expect(nextState(machine, state, action)).toBe(expected);
  });

  it('declares exactly the actions of the table', () => {
    expect(machine.actions.map((action) => action.name).sort()).toEqual(Object.keys(table).sort());
  });

  it('refuses unknown states and actions', () => {
    expect(nextState(machine, 'nowhere', Object.keys(table)[0]!)).toBeNull();
    expect(nextState(machine, machine.initial, 'nothing')).toBeNull();
  });
});

describe('what operators are offered', () => {
  const granted = new Set(Object.values(AddedValuePermission));
  const names = (machine: StateMachine, state: string, paths: ReadonlySet<string> = granted) =>
    legalActions(machine, state, paths).map((action) => action.name);

  it('review: only editing, once reviewed; the verdicts are the provider’s', () => {
    expect(REVIEW_STATES.map((state) => names(reviewMachine, state))).toEqual([[], ['edit'], ['edit']]);
    expect(names(reviewMachine, 'rejected', new Set())).toEqual([]);
    const automatic = reviewMachine.actions.filter((action) => action.automatic).map((action) => action.name);
    expect(automatic).toEqual(['approve', 'reject']);
  });

  it('sends: nothing; the provider decides', () => {
    for (const state of sendMachine.states) expect(names(sendMachine, state)).toEqual([]);
  });

  it('purchases: cancelling an unpaid one, with the records screen', () => {
    expect(names(purchaseMachine, 'toPay')).toEqual(['cancel']);
    expect(names(purchaseMachine, 'paid')).toEqual([]);
    expect(names(purchaseMachine, 'closed')).toEqual([]);
    expect(names(purchaseMachine, 'toPay', new Set([AddedValuePermission.sms]))).toEqual([]);
  });

  it('invoices: withdrawing a requested one, confirmed as destructive', () => {
    expect(names(invoiceMachine, 'requested')).toEqual(['withdraw']);
    expect(names(invoiceMachine, 'issued')).toEqual([]);
    const withdraw = invoiceMachine.actions.find((action) => action.name === 'withdraw')!;
    expect([withdraw.confirm, withdraw.destructive]).toEqual([true, true]);
  });
});
