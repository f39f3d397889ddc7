import { defineMachine } from '../state-machine';

/** Menu paths of the added-value screens (SPEC §2 /addedValue). */
export const AddedValuePermission = {
  sms: '/addedValue/messageRecharge',
  data: '/addedValue/flowRecharge',
  records: '/addedValue/rechargeRecord',
  sends: '/addedValue/sendMessageRecord',
} as const;

/**
 * A signature's or template's review by the SMS provider: applied on submission, then approved or
 * rejected by the provider's reviewers (the sweep reads their verdict). Changing one sends it back
 * for review; an approved one cannot send while it waits again.
 */
export const REVIEW_STATES = ['applied', 'approved', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const reviewMachine = defineMachine({
  id: 'addedValue.review',
  states: REVIEW_STATES,
  initial: 'applied',
  actions: [
    { name: 'approve', from: ['applied'], to: 'approved', permission: 'public', automatic: true },
    { name: 'reject', from: ['applied'], to: 'rejected', permission: 'public', automatic: true },
    {
      name: 'edit',
      from: ['approved', 'rejected'],
      to: 'applied',
      permission: AddedValuePermission.sms,
      form: 'templateForm',
    },
  ],
});
export type ReviewAction = (typeof reviewMachine.actions)[number]['name'];

/**
 * One message to one mobile: its parts are taken from the balance when it is queued, then the
 * provider accepts it (sent) or refuses it for good or after the last retry (failed), which gives
 * the parts back.
 */
export const SEND_STATES = ['queued', 'sent', 'failed'] as const;
export type SendState = (typeof SEND_STATES)[number];

export const sendMachine = defineMachine({
  id: 'addedValue.send',
  states: SEND_STATES,
  initial: 'queued',
  actions: [
    { name: 'accept', from: ['queued'], to: 'sent', permission: 'public', automatic: true },
    { name: 'fail', from: ['queued'], to: 'failed', permission: 'public', automatic: true },
  ],
});

/**
 * What a shop buys from the platform (an SMS package or data package stock): paid through the
 * platform's merchant (the sandbox pays at once), or closed unpaid by the operator or, after the
 * payment code lapses, by the sweep. A payment WeChat Pay confirms for a closed one still pays it:
 * the shop's money is real.
 */
export const PURCHASE_STATES = ['toPay', 'paid', 'closed'] as const;
export type PurchaseState = (typeof PURCHASE_STATES)[number];

export const purchaseMachine = defineMachine({
  id: 'addedValue.purchase',
  states: PURCHASE_STATES,
  initial: 'toPay',
  actions: [
    { name: 'pay', from: ['toPay', 'closed'], to: 'paid', permission: 'public', automatic: true },
    {
      name: 'cancel',
      from: ['toPay'],
      to: 'closed',
      permission: AddedValuePermission.records,
      confirm: true,
    },
    { name: 'expire', from: ['toPay'], to: 'closed', permission: 'public', automatic: true },
  ],
});

/**
 * An invoice the shop asks the platform for, for a paid purchase: issued by the platform's
 * invoicing, or withdrawn by the shop before it is (then it may ask again).
 */
export const INVOICE_STATES = ['requested', 'issued', 'withdrawn'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

export const invoiceMachine = defineMachine({
  id: 'addedValue.invoice',
  states: INVOICE_STATES,
  initial: 'requested',
  actions: [
    { name: 'issue', from: ['requested'], to: 'issued', permission: 'public', automatic: true },
    {
      name: 'withdraw',
      from: ['requested'],
      to: 'withdrawn',
      permission: AddedValuePermission.records,
      confirm: true,
      destructive: true,
    },
  ],
});
