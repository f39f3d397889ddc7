import { describe, expect, it } from 'vitest';
import { nextState } from '../state-machine';
import {
  INVALIDATE_REASON_MAX,
  invalidateForm,
  TICKET_STATES,
  type TicketState,
  ticketMachine,
} from './ticket';

/** Where each action leads from each state (absent: illegal). */
const TABLE: Record<string, Partial<Record<TicketState, TicketState>>> = {
  writeOff: { unused: 'used' },
  invalidate: { unused: 'expired' },
  expire: { unused: 'expired' },
  refund: { unused: 'refunded' },
};

describe('the ticket machine', () => {
  const cases = Object.entries(TABLE).flatMap(([action, legal]) =>
    TICKET_STATES.map((state) => [state, action, legal[state] ?? null] as const),
  );
  it.each(cases)('from %s, %s leads to %s', (state, action, expected) => {
    expect(nextState(ticketMachine, state, action)).toBe(expected);
  });

  it('declares exactly the actions of the table', () => {
    expect(ticketMachine.actions.map((action) => action.name).sort()).toEqual(Object.keys(TABLE).sort());
  });

  it('starts unused and never offers the sweep or the refund as buttons', () => {
    expect(ticketMachine.initial).toBe('unused');
    const automatic = ticketMachine.actions.filter((action) => action.automatic).map((action) => action.name);
    expect(automatic.sort()).toEqual(['expire', 'refund']);
  });

  it('asks before invalidating, as a destructive action with a reason', () => {
    const invalidate = ticketMachine.actions.find((action) => action.name === 'invalidate')!;
    expect(invalidate).toMatchObject({ confirm: true, destructive: true, form: 'invalidateForm' });
  });
});

describe('the invalidate form', () => {
  it.each([
    ['', false],
    ['   ', false],
    ['x', true],
    ['  lost  ', true],
    ['x'.repeat(INVALIDATE_REASON_MAX), true],
    ['x'.repeat(INVALIDATE_REASON_MAX + 1), false],
  ])('reason %j accepted: %s', (Reason, ok) => {
    expect(invalidateForm.safeParse({ Reason }).success).toBe(ok);
  });

  it('keeps the reason trimmed', () => {
    expect(invalidateForm.parse({ Reason: '  lost  ' }).Reason).toBe('lost');
  });
});
