import { describe, expect, it } from 'vitest';
import { legalActions, nextState } from '../state-machine';
import {
  APPLICATION_STATES,
  type ApplicationState,
  applicationMachine,
  DistributionPermission,
  markFailedForm,
  markPaidForm,
  PROMOTER_STATES,
  type PromoterState,
  promoterMachine,
  rejectApplicationForm,
  rejectWithdrawalForm,
  WITHDRAWAL_STATES,
  type WithdrawalState,
  withdrawalMachine,
} from './distribution';

/** Where each withdrawal action leads from each state (absent: illegal). */
const WITHDRAWAL_TABLE: Record<string, Partial<Record<WithdrawalState, WithdrawalState>>> = {
  approve: { applied: 'approved' },
  pay: { approved: 'paying' },
  markPaid: { paying: 'paid' },
  markFailed: { paying: 'failed' },
  settle: { paying: 'paid' },
  fail: { paying: 'failed' },
  retry: { failed: 'paying' },
  reject: { applied: 'rejected', failed: 'rejected' },
};

describe('the withdrawal machine', () => {
  const cases = Object.entries(WITHDRAWAL_TABLE).flatMap(([action, legal]) =>
    WITHDRAWAL_STATES.map((state) => [state, action, legal[state] ?? null] as const),
  );
  it.each(cases)('from %s, %s leads to %s', (state, action, expected) => {
    expect(nextState(withdrawalMachine, state, action)).toBe(expected);
  });

  it('declares exactly the actions of the table', () => {
    expect(withdrawalMachine.actions.map((action) => action.name).sort()).toEqual(
      Object.keys(WITHDRAWAL_TABLE).sort(),
    );
  });

  it('starts applied and ends in paid or rejected: nothing leaves them', () => {
    expect(withdrawalMachine.initial).toBe('applied');
    for (const state of ['paid', 'rejected'] as const) {
      expect(withdrawalMachine.actions.filter((action) => action.from.includes(state))).toEqual([]);
    }
  });

  it('offers the operator what each state allows, and nothing without the permission', () => {
    const granted = new Set([DistributionPermission.withdrawals]);
    const names = (state: WithdrawalState) =>
      legalActions(withdrawalMachine, state, granted).map((action) => action.name);
    expect(names('applied')).toEqual(['approve', 'reject']);
    expect(names('approved')).toEqual(['pay']);
    expect(names('paying')).toEqual(['markPaid', 'markFailed']);
    expect(names('failed')).toEqual(['retry', 'reject']);
    expect(names('paid')).toEqual([]);
    expect(names('rejected')).toEqual([]);
    expect(legalActions(withdrawalMachine, 'applied', new Set())).toEqual([]);
  });

  it('leaves the provider’s answers to the server', () => {
    const automatic = withdrawalMachine.actions.filter((action) => action.automatic);
    expect(automatic.map((action) => action.name).sort()).toEqual(['fail', 'settle']);
    expect(automatic.every((action) => action.permission === 'public')).toBe(true);
  });
});

describe('the application machine', () => {
  const table: Record<string, Partial<Record<ApplicationState, ApplicationState>>> = {
    approve: { pending: 'approved' },
    reject: { pending: 'rejected' },
    autoApprove: { pending: 'approved' },
  };
  const cases = Object.entries(table).flatMap(([action, legal]) =>
    APPLICATION_STATES.map((state) => [state, action, legal[state] ?? null] as const),
  );
  it.each(cases)('from %s, %s leads to %s', (state, action, expected) => {
    expect(nextState(applicationMachine, state, action)).toBe(expected);
  });

  it('offers approve and reject on pending applications only', () => {
    const granted = new Set([DistributionPermission.promoters]);
    expect(legalActions(applicationMachine, 'pending', granted).map((action) => action.name)).toEqual([
      'approve',
      'reject',
    ]);
    expect(legalActions(applicationMachine, 'approved', granted)).toEqual([]);
    expect(legalActions(applicationMachine, 'rejected', granted)).toEqual([]);
  });
});

describe('the promoter machine', () => {
  const table: Record<string, Partial<Record<PromoterState, PromoterState>>> = {
    freeze: { active: 'frozen' },
    unfreeze: { frozen: 'active' },
  };
  const cases = Object.entries(table).flatMap(([action, legal]) =>
    PROMOTER_STATES.map((state) => [state, action, legal[state] ?? null] as const),
  );
  it.each(cases)('from %s, %s leads to %s', (state, action, expected) => {
    expect(nextState(promoterMachine, state, action)).toBe(expected);
  });
});

describe('the forms of the actions', () => {
  it.each([
    ['a reason', rejectWithdrawalForm, { Reason: '  账户有误 ' }, true],
    ['an empty reason', rejectWithdrawalForm, { Reason: '   ' }, false],
    ['a reason of 200 characters', markFailedForm, { Reason: 'x'.repeat(200) }, true],
    ['a reason of 201 characters', markFailedForm, { Reason: 'x'.repeat(201) }, false],
    ['an application reason', rejectApplicationForm, { Reason: '资料不全' }, true],
    ['a voucher', markPaidForm, { Voucher: '/uploads/1/voucher.png' }, true],
    ['no voucher', markPaidForm, { Voucher: '' }, false],
    ['extra fields', markPaidForm, { Voucher: '/uploads/a.png', Note: 'x' }, false],
  ] as const)('%s', (_, schema, input, ok) => {
    expect(schema.safeParse(input).success).toBe(ok);
  });
});
