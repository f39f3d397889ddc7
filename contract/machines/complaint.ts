import { defineMachine } from '../state-machine';

/** Menu path of the complaints screen (SPEC §2 /customer/complainAdvise). */
export const COMPLAINT_PERMISSION = '/customer/complainAdvise';

export const COMPLAINT_STATES = ['new', 'inProgress', 'resolved', 'closed'] as const;
export type ComplaintState = (typeof COMPLAINT_STATES)[number];

/**
 * A buyer's complaint or suggestion. Assigning an operator starts the work; a reply, which the buyer
 * reads in the storefront, resolves it (and may be amended while resolved); closing ends it from any
 * open state. A closed one never reopens: the buyer files a new one.
 */
export const complaintMachine = defineMachine({
  id: 'complaint',
  states: COMPLAINT_STATES,
  initial: 'new',
  labels: {
    new: { zh: '新投诉', en: 'New' },
    inProgress: { zh: '处理中', en: 'In progress' },
    resolved: { zh: '已解决', en: 'Resolved' },
    closed: { zh: '已关闭', en: 'Closed' },
  },
  actions: [
    {
      name: 'assign',
      from: ['new', 'inProgress'],
      to: 'inProgress',
      permission: COMPLAINT_PERMISSION,
      form: 'assignForm',
    },
    {
      name: 'reply',
      from: ['new', 'inProgress', 'resolved'],
      to: 'resolved',
      permission: COMPLAINT_PERMISSION,
      form: 'replyForm',
    },
    {
      name: 'close',
      from: ['new', 'inProgress', 'resolved'],
      to: 'closed',
      permission: COMPLAINT_PERMISSION,
      confirm: true,
      destructive: true,
    },
  ],
});
export type ComplaintAction = (typeof complaintMachine.actions)[number]['name'];
