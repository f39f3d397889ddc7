import { describe, expect, it } from 'vitest';
import { legalActions, nextState } from '../state-machine';
import { COMPLAINT_PERMISSION, complaintMachine } from './complaint';

describe('complaint machine: every state × action', () => {
  it.each([
    ['new', 'assign', 'inProgress'],
    ['new', 'reply', 'resolved'],
    ['new', 'close', 'closed'],
    ['inProgress', 'assign', 'inProgress'],
    ['inProgress', 'reply', 'resolved'],
    ['inProgress', 'close', 'closed'],
    ['resolved', 'assign', null],
    ['resolved', 'reply', 'resolved'],
    ['resolved', 'close', 'closed'],
    ['closed', 'assign', null],
    ['closed', 'reply', null],
    ['closed', 'close', null],
    ['new', 'reopen', null],
    ['archived', 'close', null],
  ])('%s + %s → %s', (state, action, expected) => {
    expect(nextState(complaintMachine, state, action)).toBe(expected);
  });

  it('offers nothing on a closed complaint, and nothing without the screen’s grant', () => {
    const granted = new Set([COMPLAINT_PERMISSION]);
    expect(legalActions(complaintMachine, 'closed', granted)).toEqual([]);
    expect(legalActions(complaintMachine, 'new', new Set()).map((action) => action.name)).toEqual([]);
    expect(legalActions(complaintMachine, 'resolved', granted).map((action) => action.name)).toEqual([
      'reply',
      'close',
    ]);
  });

  it('asks before closing, as a destructive step', () => {
    const close = complaintMachine.actions.find((action) => action.name === 'close');
    expect(close).toMatchObject({ confirm: true, destructive: true });
  });
});
