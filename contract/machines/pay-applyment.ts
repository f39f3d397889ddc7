import { defineMachine } from '../state-machine';

/** Menu paths of the applyment screens (SPEC §2 /smallRoutine). */
export const PAY_APPLYMENT_LIST_PERMISSION = '/smallRoutine/payApplymentList';
export const PAY_APPLYMENT_PERMISSION = '/smallRoutine/payApplyment';

export const PAY_APPLYMENT_STATES = [
  'editing',
  'submitted',
  'auditing',
  'toBeSigned',
  'finished',
  'rejected',
] as const;
export type PayApplymentState = (typeof PAY_APPLYMENT_STATES)[number];

/**
 * A WeChat Pay special-merchant application (applyment4sub) for a shop without a merchant account.
 * The operator fills it while editing and submits it; the outbox sends it (submitted), WeChat Pay
 * takes it (auditing) or refuses it back to editing; the sweep polls its state: rejected (edit and
 * submit again), to be signed (the legal person signs in WeChat), finished (the merchant id fills the
 * payment configuration).
 */
export const payApplymentMachine = defineMachine({
  id: 'payApplyment',
  states: PAY_APPLYMENT_STATES,
  initial: 'editing',
  actions: [
    {
      name: 'submit',
      from: ['editing', 'rejected'],
      to: 'submitted',
      permission: PAY_APPLYMENT_LIST_PERMISSION,
      confirm: true,
    },
    {
      name: 'accepted',
      from: ['submitted'],
      to: 'auditing',
      permission: PAY_APPLYMENT_LIST_PERMISSION,
      automatic: true,
    },
    {
      name: 'refused',
      from: ['submitted'],
      to: 'editing',
      permission: PAY_APPLYMENT_LIST_PERMISSION,
      automatic: true,
    },
    {
      name: 'reject',
      from: ['auditing', 'toBeSigned'],
      to: 'rejected',
      permission: PAY_APPLYMENT_LIST_PERMISSION,
      automatic: true,
    },
    {
      name: 'awaitSigning',
      from: ['auditing'],
      to: 'toBeSigned',
      permission: PAY_APPLYMENT_LIST_PERMISSION,
      automatic: true,
    },
    {
      name: 'finish',
      from: ['auditing', 'toBeSigned'],
      to: 'finished',
      permission: PAY_APPLYMENT_LIST_PERMISSION,
      automatic: true,
    },
  ],
});
export type PayApplymentAction = (typeof payApplymentMachine.actions)[number]['name'];
