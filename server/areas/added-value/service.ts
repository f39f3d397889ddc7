import type { CARRIERS } from '../../../contract/machines/order';
import { SMS_MOBILE_PATTERN } from '../../../contract/sms';
import type { Executor } from '../../db/client';
import { type QueueOutcome, queueAutomaticMessage } from './sms-sending';
import './messages';

/**
 * The added-value area's public service: what other areas call. Messages are only queued here, in
 * the caller's transaction (the balance taken, the outbox row written); the sweep sends them.
 */

export { giveBackDataStock, type OfferedPackage, offeredDataPackage, takeDataStock } from './data-stock';
export type { QueueOutcome } from './sms-sending';

/** What buyers read for a carrier in a shipping message. */
const CARRIER_NAMES: Record<(typeof CARRIERS)[number], string> = {
  SF: '顺丰速运',
  ZTO: '中通快递',
  YTO: '圆通速递',
  STO: '申通快递',
  YD: '韵达快递',
  JT: '极兔速递',
  EMS: 'EMS',
  JD: '京东物流',
  DBL: '德邦快递',
  self: '商家自配送',
};

/**
 * An order's parcel has left: the buyer gets the shop's approved "order shipped" message with the
 * order number, carrier and tracking number. Sends nothing without a mainland mobile or a template.
 */
export function queueOrderShippedMessage(
  tx: Executor,
  shipment: {
    siteId: number;
    orderNo: string;
    mobile: string;
    carrier: (typeof CARRIERS)[number];
    trackingNo: string;
    now: Date;
  },
): Promise<QueueOutcome | null> {
  if (!SMS_MOBILE_PATTERN.test(shipment.mobile)) return Promise.resolve(null);
  return queueAutomaticMessage(
    tx,
    {
      siteId: shipment.siteId,
      scene: 'orderShipped',
      mobile: shipment.mobile,
      values: [shipment.orderNo, CARRIER_NAMES[shipment.carrier], shipment.trackingNo],
      reference: shipment.orderNo,
    },
    shipment.now,
  );
}

/**
 * Reminds a member of a booking with the shop's approved "booking reminder" template: what is
 * booked, when and where (the template may use the first few). For the bookings area's reminder
 * sweep; `reference` names the booking in the send records.
 */
export function queueBookingReminder(
  tx: Executor,
  reminder: {
    siteId: number;
    mobile: string;
    item: string;
    time: string;
    place: string;
    reference: string;
    now: Date;
  },
): Promise<QueueOutcome | null> {
  if (!SMS_MOBILE_PATTERN.test(reminder.mobile)) return Promise.resolve(null);
  return queueAutomaticMessage(
    tx,
    {
      siteId: reminder.siteId,
      scene: 'bookingReminder',
      mobile: reminder.mobile,
      values: [reminder.item, reminder.time, reminder.place],
      reference: reminder.reference,
    },
    reminder.now,
  );
}
