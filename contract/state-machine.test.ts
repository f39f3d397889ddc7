import { describe, expect, it } from 'vitest';
import {
  actionLabelKey,
  can,
  defineMachine,
  legalActions,
  nextState,
  permitted,
  stateLabelKey,
  transitionOutcome,
} from './state-machine';

const door = defineMachine({
  id: 'test.door',
  states: ['closed', 'open', 'locked'],
  initial: 'closed',
  actions: [
    { name: 'open', from: ['closed'], to: 'open', permission: '/house/door' },
    { name: 'close', from: ['open'], to: 'closed', permission: 'session' },
    { name: 'lock', from: ['closed'], to: 'locked', permission: '/house/keys', confirm: true },
    { name: 'slam', from: ['open'], to: 'closed', permission: 'session', automatic: true },
  ],
});

describe('a state machine declared as data', () => {
  it.each([
    ['closed', 'open', 'open'],
    ['closed', 'close', null],
    ['closed', 'lock', 'locked'],
    ['open', 'open', null],
    ['open', 'close', 'closed'],
    ['open', 'lock', null],
    ['locked', 'open', null],
    ['locked', 'close', null],
    ['locked', 'lock', null],
    ['open', 'slam', 'closed'],
    ['open', 'fly', null],
    ['ajar', 'open', null],
  ])('from %s, %s leads to %s', (state, action, expected) => {
    expect(nextState(door, state, action)).toBe(expected);
    expect(can(door, state, action)).toBe(expected !== null);
  });

  it.each([
    ['closed', 'open', 'change'],
    ['open', 'open', 'unchanged'],
    ['locked', 'open', 'illegal'],
    ['locked', 'lock', 'unchanged'],
    ['open', 'lock', 'illegal'],
    ['open', 'fly', 'illegal'],
  ])('in bulk, %s + %s is %s', (state, action, outcome) => {
    expect(transitionOutcome(door, state, action)).toBe(outcome);
  });

  it.each([
    ['closed', ['/house/door', '/house/keys'], ['open', 'lock']],
    ['closed', ['/house/door'], ['open']],
    ['closed', [], []],
    ['open', [], ['close']],
    ['locked', ['/house/door', '/house/keys'], []],
  ])('in %s with grants %j offers %j (never automatic moves)', (state, grants, expected) => {
    expect(legalActions(door, state, new Set(grants)).map((action) => action.name)).toEqual(expected);
  });

  it('checks permissions like the server', () => {
    expect(permitted('public', new Set())).toBe(true);
    expect(permitted('session', new Set())).toBe(true);
    expect(permitted('/house/door', new Set(['/house/door']))).toBe(true);
    expect(permitted('/house/door', new Set(['/house']))).toBe(false);
  });

  it('names i18n keys after the machine id', () => {
    expect(stateLabelKey(door, 'open')).toBe('test.door.state.open');
    expect(actionLabelKey(door, 'lock')).toBe('test.door.action.lock');
  });
});
