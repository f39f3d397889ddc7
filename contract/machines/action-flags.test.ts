import { describe, expect, it } from 'vitest';
import type { StateMachine } from '../state-machine';
import { auditMachine, commentMachine, goodsActionForms, recycleMachine, shelfMachine } from './goods';
import { orderMachine, rechargeMachine, refundMachine, waybillMachine } from './order';

/**
 * The product's rules on asking before acting (SPEC: destructive actions are confirmed, rejections
 * and closes take a reason). The screens read these flags to ask, so each row here is a promise to
 * the operator, written independently of the machine tables it checks.
 */
const rules: Array<[StateMachine, string, { confirm: boolean; destructive: boolean; form?: string }]> = [
  [shelfMachine, 'putOn', { confirm: false, destructive: false }],
  [shelfMachine, 'takeOff', { confirm: true, destructive: false }],
  [auditMachine, 'approve', { confirm: true, destructive: false }],
  [auditMachine, 'reject', { confirm: false, destructive: false, form: 'auditRejectForm' }],
  [recycleMachine, 'recycle', { confirm: true, destructive: true }],
  [recycleMachine, 'restore', { confirm: true, destructive: false }],
  [recycleMachine, 'purge', { confirm: true, destructive: true }],
  [commentMachine, 'hide', { confirm: false, destructive: false }],
  [commentMachine, 'delete', { confirm: true, destructive: true }],
  [orderMachine, 'close', { confirm: true, destructive: true, form: 'closeForm' }],
  [orderMachine, 'payInStore', { confirm: true, destructive: false, form: 'payInStoreForm' }],
  [orderMachine, 'ship', { confirm: false, destructive: false, form: 'shipForm' }],
  [orderMachine, 'verifyPickup', { confirm: false, destructive: false, form: 'verifyPickupForm' }],
  [refundMachine, 'approveRefund', { confirm: true, destructive: false, form: 'approveRefundForm' }],
  [refundMachine, 'rejectRefund', { confirm: false, destructive: false, form: 'rejectRefundForm' }],
  [refundMachine, 'markRefunded', { confirm: true, destructive: false }],
  [rechargeMachine, 'close', { confirm: true, destructive: true }],
  [rechargeMachine, 'fulfil', { confirm: true, destructive: false }],
  [rechargeMachine, 'refund', { confirm: true, destructive: true, form: 'rechargeRefundForm' }],
  [waybillMachine, 'void', { confirm: true, destructive: true }],
];

describe('actions that ask before acting', () => {
  it.each(rules)('%s %s', (machine, name, expected) => {
    const action = machine.actions.find((candidate) => candidate.name === name);
    expect(action, `${machine.id} has no action ${name}`).toBeDefined();
    expect({
      confirm: action!.confirm === true,
      destructive: action!.destructive === true,
      ...(action!.form === undefined ? {} : { form: action!.form }),
    }).toEqual(expected);
  });

  it('every destructive action asks first', () => {
    for (const machine of [
      shelfMachine,
      auditMachine,
      recycleMachine,
      commentMachine,
      orderMachine,
      refundMachine,
      rechargeMachine,
      waybillMachine,
    ]) {
      for (const action of machine.actions.filter((candidate) => candidate.destructive)) {
        expect(action.confirm, `${machine.id} ${action.name}`).toBe(true);
      }
    }
  });

  it('every goods form an action names exists', () => {
    for (const machine of [shelfMachine, auditMachine, recycleMachine, commentMachine]) {
      for (const action of machine.actions.filter((candidate) => candidate.form)) {
        expect(goodsActionForms[action.form!], `${machine.id} ${action.name}`).toBeDefined();
      }
    }
  });
});
