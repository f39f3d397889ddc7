import { z } from 'zod';
import { defineMachine } from '../state-machine';

/** Menu paths of the ticket and write-off screens (SPEC §2 /customer). */
export const TicketPermission = {
  tickets: '/customer/ticketSupervise',
  writeOff: '/customer/writeoffSupervise',
  log: '/customer/writeoffLog',
} as const;

/**
 * An electronic ticket's life (DESIGN §11 "Goods have a kind"): issued unused when its order line
 * is paid, then written off once at a store (used), ended by its validity or an operator
 * (expired), or given back with the order's refund (refunded). Every end state is final, so a
 * ticket is consumed at most once.
 */
export const TICKET_STATES = ['unused', 'used', 'expired', 'refunded'] as const;
export type TicketState = (typeof TICKET_STATES)[number];

export const ticketMachine = defineMachine({
  id: 'ticket.ticket',
  states: TICKET_STATES,
  initial: 'unused',
  labels: {
    unused: { zh: '未使用', en: 'Unused' },
    used: { zh: '已使用', en: 'Used' },
    expired: { zh: '已失效', en: 'Expired' },
    refunded: { zh: '已退款', en: 'Refunded' },
  },
  actions: [
    { name: 'writeOff', from: ['unused'], to: 'used', permission: TicketPermission.writeOff, confirm: true },
    {
      name: 'invalidate',
      from: ['unused'],
      to: 'expired',
      permission: TicketPermission.tickets,
      confirm: true,
      destructive: true,
      form: 'invalidateForm',
    },
    { name: 'expire', from: ['unused'], to: 'expired', permission: 'public', automatic: true },
    { name: 'refund', from: ['unused'], to: 'refunded', permission: 'public', automatic: true },
  ],
});
export type TicketAction = (typeof ticketMachine.actions)[number]['name'];

export const INVALIDATE_REASON_MAX = 100;

export const invalidateForm = z.strictObject({
  Reason: z.string().trim().min(1).max(INVALIDATE_REASON_MAX),
});
