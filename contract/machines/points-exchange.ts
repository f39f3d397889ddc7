import { z } from 'zod';
import { defineMachine } from '../state-machine';
import { REASON_MAX, shipForm } from './order';

/** Menu paths of the points screens (SPEC §2 /marketing/integralExchange). */
export const PointsPermission = {
  setting: '/marketing/integralExchange/integralSetting',
  issue: '/marketing/integralExchange/issueIntegral',
  goods: '/marketing/integralExchange/integralList',
  exchanges: '/marketing/integralExchange/exchangeOrderList',
  exchangeDetails: '/marketing/integralExchange/integralOrderDetails',
  inquiry: '/marketing/integralExchange/integralInquiry',
  details: '/marketing/integralExchange/integralDetails',
} as const;

/**
 * An exchange order's life. Points and stock are taken when the buyer exchanges; with a cash part
 * the order waits to be paid (and is cancelled when the order settings' unpaid time runs out), then
 * a physical good waits to ship, ships with a carrier and tracking number like an order, and is
 * completed when the buyer confirms or the order settings' auto-confirm days pass. A virtual good is
 * completed at once by the tickets it issues. Cancelling gives the points, the stock and any cash
 * back. Buyer and system actions are `automatic`: never an operator's button.
 */
export const EXCHANGE_STATES = ['toPay', 'toShip', 'shipped', 'completed', 'cancelled'] as const;
export type ExchangeState = (typeof EXCHANGE_STATES)[number];

export const exchangeMachine = defineMachine({
  id: 'points.exchange',
  states: EXCHANGE_STATES,
  initial: 'toShip',
  labels: {
    toPay: { zh: '待付款', en: 'To pay' },
    toShip: { zh: '待发货', en: 'To ship' },
    shipped: { zh: '已发货', en: 'Shipped' },
    completed: { zh: '已完成', en: 'Completed' },
    cancelled: { zh: '已取消', en: 'Cancelled' },
  },
  actions: [
    { name: 'pay', from: ['toPay'], to: 'toShip', permission: 'public', automatic: true },
    /** Tickets issued for a virtual good: nothing ships. */
    { name: 'deliverTickets', from: ['toShip'], to: 'completed', permission: 'public', automatic: true },
    {
      name: 'ship',
      from: ['toShip'],
      to: 'shipped',
      permission: PointsPermission.exchanges,
      form: 'shipExchangeForm',
    },
    { name: 'confirmReceipt', from: ['shipped'], to: 'completed', permission: 'public', automatic: true },
    { name: 'autoConfirm', from: ['shipped'], to: 'completed', permission: 'public', automatic: true },
    /** The buyer changes their mind before paying. */
    { name: 'withdraw', from: ['toPay'], to: 'cancelled', permission: 'public', automatic: true },
    { name: 'expire', from: ['toPay'], to: 'cancelled', permission: 'public', automatic: true },
    {
      name: 'cancel',
      from: ['toPay', 'toShip'],
      to: 'cancelled',
      permission: PointsPermission.exchanges,
      confirm: true,
      destructive: true,
      form: 'cancelExchangeForm',
    },
  ],
});
export type ExchangeAction = (typeof exchangeMachine.actions)[number]['name'];

/** Shipped like an order (carrier and tracking number, the order area's rules), every line at once. */
export const shipExchangeForm = shipForm.pick({ Carrier: true, TrackingNo: true });

export const cancelExchangeForm = z.strictObject({
  Reason: z.string().trim().min(1).max(REASON_MAX),
});
