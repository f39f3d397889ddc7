import { defineMachine } from '../state-machine';
import { shipForm } from './order';

/** Menu paths of the lucky-draw screens (SPEC §2 /marketing/lotteryActivity). */
export const LotteryPermission = {
  list: '/marketing/lotteryActivity',
  edit: '/marketing/editLotteryActivity',
  details: '/marketing/lotteryDetails',
} as const;

/**
 * A draw record's delivery. Nothing won: `none`, and it stays so. Points, balance and coupons are
 * delivered in the draw's own transaction (`delivered`). A goods prize waits to ship, ships with a
 * carrier and tracking number like an order, and is `received` when the buyer confirms. Buyer
 * actions are `automatic`: never an operator's button.
 */
export const RECORD_STATES = ['none', 'delivered', 'toShip', 'shipped', 'received'] as const;
export type RecordState = (typeof RECORD_STATES)[number];

export const lotteryRecordMachine = defineMachine({
  id: 'lottery.record',
  states: RECORD_STATES,
  initial: 'none',
  actions: [
    {
      name: 'ship',
      from: ['toShip'],
      to: 'shipped',
      permission: LotteryPermission.details,
      form: 'shipPrizeForm',
    },
    { name: 'confirmReceipt', from: ['shipped'], to: 'received', permission: 'public', automatic: true },
  ],
});
export type RecordAction = (typeof lotteryRecordMachine.actions)[number]['name'];

/** A goods prize ships like an order: carrier and tracking number by the order area's rules. */
export const shipPrizeForm = shipForm.pick({ Carrier: true, TrackingNo: true });
