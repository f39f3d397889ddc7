import { describe, expect, it } from 'vitest';
import { legalActions, nextState, type StateMachine } from '../state-machine';
import {
  COUPON_STATES,
  CouponPermission,
  couponMachine,
  MEMBER_COUPON_STATES,
  memberCouponMachine,
  OFFLINE_CODE_STATES,
  offlineCodeMachine,
  REVOKE_REASON_MAX,
  revokeCopyForm,
} from './coupon';
import { TicketPermission } from './ticket';

type Table = Record<string, Record<string, string>>;

/** Every (state, action) pair of a machine against the table: absent from the table means illegal. */
function checkMachine(machine: StateMachine, states: readonly string[], table: Table) {
  const cases = Object.entries(table).flatMap(([action, legal]) =>
    states.map((state) => [state, action, legal[state] ?? null] as const),
  );
  it.each(cases)('from %s, %s leads to %s', (state, action, expected) => {
    expect(nextState(machine, state, action)).toBe(expected);
  });
  it('declares exactly the actions of the table', () => {
    expect(machine.actions.map((action) => action.name).sort()).toEqual(Object.keys(table).sort());
  });
  it('refuses unknown states and actions', () => {
    expect(nextState(machine, 'nowhere', Object.keys(table)[0]!)).toBeNull();
    expect(nextState(machine, states[0]!, 'fly')).toBeNull();
  });
}

describe('the coupon machine', () => {
  checkMachine(couponMachine, COUPON_STATES, {
    activate: { draft: 'active' },
    pause: { active: 'paused' },
    resume: { paused: 'active' },
    end: { active: 'ended', paused: 'ended' },
    expire: { active: 'ended', paused: 'ended' },
  });

  it('starts as a draft; ending by time is never a button', () => {
    expect(couponMachine.initial).toBe('draft');
    const granted = new Set([CouponPermission.online]);
    expect(legalActions(couponMachine, 'active', granted).map((action) => action.name)).toEqual([
      'pause',
      'end',
    ]);
    expect(legalActions(couponMachine, 'ended', granted)).toEqual([]);
  });

  it('asks before ending, as a destructive action', () => {
    expect(couponMachine.actions.find((action) => action.name === 'end')).toMatchObject({
      confirm: true,
      destructive: true,
    });
  });

  it('offers nothing to an account without the coupon screen', () => {
    expect(legalActions(couponMachine, 'draft', new Set(['/goods/goodsList']))).toEqual([]);
  });
});

describe('the member coupon machine', () => {
  checkMachine(memberCouponMachine, MEMBER_COUPON_STATES, {
    use: { unused: 'used' },
    giveBack: { used: 'unused' },
    expire: { unused: 'expired' },
    revoke: { unused: 'revoked' },
  });

  it('offers only the revocation, with a reason, as a button', () => {
    const buttons = legalActions(memberCouponMachine, 'unused', new Set([CouponPermission.online]));
    expect(buttons.map((action) => action.name)).toEqual(['revoke']);
    expect(buttons[0]).toMatchObject({ destructive: true, form: 'revokeCopyForm' });
  });
});

describe('the offline code machine', () => {
  checkMachine(offlineCodeMachine, OFFLINE_CODE_STATES, {
    writeOff: { unused: 'used' },
    expire: { unused: 'expired' },
    void: { unused: 'voided' },
  });

  it('writes off with the write-off screen and voids with the code list', () => {
    const writeOff = offlineCodeMachine.actions.find((action) => action.name === 'writeOff');
    const voiding = offlineCodeMachine.actions.find((action) => action.name === 'void');
    expect(writeOff?.permission).toBe(TicketPermission.writeOff);
    expect(voiding).toMatchObject({ permission: CouponPermission.codes, destructive: true });
  });
});

describe('the revoke form', () => {
  it.each([
    ['', false],
    ['  ', false],
    ['x', true],
    [' mistaken send ', true],
    ['x'.repeat(REVOKE_REASON_MAX), true],
    ['x'.repeat(REVOKE_REASON_MAX + 1), false],
  ])('reason %j accepted: %s', (Reason, ok) => {
    expect(revokeCopyForm.safeParse({ Reason }).success).toBe(ok);
  });

  it('keeps the reason trimmed and refuses other fields', () => {
    expect(revokeCopyForm.parse({ Reason: ' lost ' }).Reason).toBe('lost');
    expect(revokeCopyForm.safeParse({ Reason: 'x', Extra: 1 }).success).toBe(false);
  });
});
