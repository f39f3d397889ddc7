import type { OrderDetail, OrderRow } from '../../../contract/endpoints/orders';
import {
  type Address,
  type OrderCommand,
  orderCommands,
  orderMachine,
  refundMachine,
} from '../../../contract/machines/order';
import { yuanToFen } from '../../core/list-state';

/** Commands a list row offers as buttons; the others need the whole order and live on its details page. */
export const ROW_COMMANDS: readonly OrderCommand[] = ['ship', 'close', 'remark'];

/**
 * The row buttons for an order of the list. A row does not say whether part of the order shipped,
 * which only matters to changing the address (a details-page command), so it is taken as not.
 */
export function rowCommands(row: OrderRow, granted: ReadonlySet<string>): OrderCommand[] {
  const commands = orderCommands(
    {
      state: row.State,
      refundState: row.RefundState,
      deliveryType: row.DeliveryType,
      source: row.Source,
      // Stryker disable next-line BooleanLiteral: only changeAddress reads it, and no row offers changeAddress.
      partlyShipped: false,
      shipHold: row.ShipHold,
    },
    granted,
  );
  return commands.filter((command) => ROW_COMMANDS.includes(command));
}

export interface PriceChange {
  AdjustFen: number;
  FreightFen: number;
  TotalFen: number;
}

/** The goods amount the buyer pays now (after discounts and any earlier change). */
export function payableGoodsFen(order: Pick<OrderDetail, 'GoodsFen' | 'DiscountFen' | 'AdjustFen'>): number {
  return order.GoodsFen - order.DiscountFen + order.AdjustFen;
}

/**
 * A new goods amount and freight typed in yuan → the modifyPrice command's figures; null when a
 * field is not an amount or the order would cost less than 0.01 yuan (the server's rule too).
 */
export function priceChange(
  order: Pick<OrderDetail, 'GoodsFen' | 'DiscountFen'>,
  goodsText: string,
  freightText: string,
): PriceChange | null {
  const goods = yuanToFen(goodsText);
  const freight = yuanToFen(freightText);
  if (goods === null || freight === null || goods + freight < 1) return null;
  return {
    AdjustFen: goods - (order.GoodsFen - order.DiscountFen),
    FreightFen: freight,
    TotalFen: goods + freight,
  };
}

/** Lines not shipped yet, the ones a new parcel may hold. */
export function unshippedLineIds(order: Pick<OrderDetail, 'Lines'>): number[] {
  return order.Lines.filter((line) => line.ShipmentId === null).map((line) => line.Id);
}

/** The refund waiting for a decision or for the money to go back, the latest first. */
export function openRefund<Refund extends { State: string }>(refunds: readonly Refund[]): Refund | undefined {
  return [...refunds].reverse().find((refund) => refund.State === 'requested' || refund.State === 'approved');
}

/** What can still go back to the buyer. */
export function refundableFen(order: Pick<OrderRow, 'PaidFen' | 'RefundedFen'>): number {
  return Math.max(0, order.PaidFen - order.RefundedFen);
}

/** An address on one line, as a courier would read it. */
export function addressLine(address: Address | null): string {
  if (!address) return '';
  return `${address.Province}${address.City}${address.District ?? ''}${address.Detail}`;
}

/** One fact of an order-log entry, for its line in the timeline. */
export type TimelineFact =
  | { kind: 'money'; label: 'amount' | 'total'; fen: number }
  | { kind: 'text'; label: 'reason' | 'remark'; text: string }
  | { kind: 'parcel'; carrier: string; trackingNo: string }
  | { kind: 'method'; method: string }
  | { kind: 'change'; label: 'address' | 'total'; before: string | number; after: string | number };

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';
// Stryker disable next-line ConditionalExpression: Number.isInteger is false for anything but a number.
const isFen = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** The facts worth showing of a log entry's `Detail` (each action stores its own), in a stable order. */
export function timelineFacts(detail: Record<string, unknown>): TimelineFact[] {
  const facts: TimelineFact[] = [];
  if (isText(detail.Carrier))
    facts.push({
      kind: 'parcel',
      carrier: detail.Carrier,
      trackingNo: isText(detail.TrackingNo) ? detail.TrackingNo : '',
    });
  if (isText(detail.Method)) facts.push({ kind: 'method', method: detail.Method });
  if (isFen(detail.AmountFen)) facts.push({ kind: 'money', label: 'amount', fen: detail.AmountFen });
  if (isFen(detail.TotalFen)) facts.push({ kind: 'money', label: 'total', fen: detail.TotalFen });
  const before = detail.Before as Record<string, unknown> | string | undefined;
  const after = detail.After as Record<string, unknown> | string | undefined;
  if (typeof before === 'string' && typeof after === 'string')
    facts.push({ kind: 'change', label: 'address', before, after });
  else if (
    before &&
    after &&
    // Stryker disable next-line ConditionalExpression: a string or number has no TotalFen, so isFen below refuses it anyway.
    typeof before === 'object' &&
    // Stryker disable next-line ConditionalExpression: a string or number has no TotalFen, so isFen below refuses it anyway.
    typeof after === 'object' &&
    isFen(before.TotalFen) &&
    isFen(after.TotalFen)
  )
    facts.push({ kind: 'change', label: 'total', before: before.TotalFen, after: after.TotalFen });
  if (isText(detail.Reason)) facts.push({ kind: 'text', label: 'reason', text: detail.Reason });
  if (typeof detail.Remark === 'string') facts.push({ kind: 'text', label: 'remark', text: detail.Remark });
  return facts;
}

const REFUND_LOG_ACTIONS = ['apply', 'approveRefund', 'rejectRefund', 'markRefunded'];

/**
 * The states a log entry moved between, with the machine (a GetEnumForType type) of the axis its
 * action belongs to; null when the entry changed no state (a remark, a new price). `from` is absent
 * for the order's creation.
 */
export function timelineStates(entry: {
  Action: string;
  FromState: string | null;
  ToState: string | null;
}): { type: string; from?: string; to: string } | null {
  if (!entry.ToState || entry.ToState === entry.FromState) return null;
  return {
    type: REFUND_LOG_ACTIONS.includes(entry.Action) ? refundMachine.id : orderMachine.id,
    ...(entry.FromState ? { from: entry.FromState } : {}),
    to: entry.ToState,
  };
}
