import type { z } from 'zod';
import type { bindOfflineOrderState, OrderCommandInput } from '../../../contract/endpoints/orders';
import type { Address } from '../../../contract/machines/order';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../http/errors';
import type { Locale } from '../../i18n/messages';
import { requireOfflineMethod } from '../payment/service';
import { distanceKm } from './distance';
import { orderNotFound, staleVersion } from './errors';
import {
  type Actor,
  approveRefund,
  closeUnpaid,
  lockOrder,
  logOrder,
  markRefunded,
  type OrderContext,
  type OrderRecord,
  payInStore,
  receiveOrder,
  rejectRefund,
  requireCommand,
  requireOrderAction,
  shipOrder,
  updateOrder,
} from './lifecycle';
import { readDeliverySetting, readParameterSetting } from './settings';
import { storeCondition } from './store-scope';
import { orders } from './tables';

/** Operators' commands on one order (BindOrderState, BindUnderLineOrderState), each audited. */

/** What the order writes need to know of the operator's session. */
export type Operator = Pick<Session, 'siteId' | 'accountId' | 'userName' | 'ip'> &
  Partial<Pick<Session, 'isStore' | 'storeId'>>;

export function operatorActor(session: Pick<Session, 'accountId' | 'userName'>): Actor {
  return { kind: 'operator', accountId: session.accountId, name: session.userName };
}

export interface CommandResult {
  Id: number;
  Version: number;
  State: OrderRecord['state'];
  RefundState: OrderRecord['refundState'];
}

function result(order: OrderRecord): CommandResult {
  return { Id: order.id, Version: order.version, State: order.state, RefundState: order.refundState };
}

/** Same-city addresses must carry a location within the shop's delivery range. */
async function checkSameCityAddress(tx: Executor, siteId: number, address: Address): Promise<void> {
  const { value } = await readDeliverySetting(tx, siteId);
  if (address.Latitude === undefined || address.Longitude === undefined) {
    throw new AppError('order.sameCityLocation', {}, { field: 'Address.Latitude' });
  }
  const distance = distanceKm(
    { latitude: value.SameCity.Latitude ?? 0, longitude: value.SameCity.Longitude ?? 0 },
    { latitude: address.Latitude, longitude: address.Longitude },
  );
  if (distance > value.SameCity.RangeKm) {
    throw new AppError(
      'order.sameCityOutOfRange',
      { distance: distance.toFixed(1), range: value.SameCity.RangeKm },
      { field: 'Address' },
    );
  }
}

function addressLine(address: Address | null): string {
  return address
    ? `${address.Name} ${address.Phone} ${address.Province}${address.City}${address.District}${address.Detail}`
    : '';
}

async function modifyPrice(
  context: OrderContext,
  order: OrderRecord,
  input: Extract<OrderCommandInput, { Action: 'modifyPrice' }>,
): Promise<OrderRecord> {
  const goodsAfter = order.goodsFen - order.discountFen + input.AdjustFen;
  const total = goodsAfter + input.FreightFen;
  if (goodsAfter < 0 || total < 1) throw new AppError('order.totalTooLow', {}, { field: 'AdjustFen' });
  const updated = await updateOrder(context, order, {
    adjustFen: input.AdjustFen,
    freightFen: input.FreightFen,
    totalFen: total,
  });
  await logOrder(context, order, {
    action: 'modifyPrice',
    detail: {
      Before: { AdjustFen: order.adjustFen, FreightFen: order.freightFen, TotalFen: order.totalFen },
      After: { AdjustFen: input.AdjustFen, FreightFen: input.FreightFen, TotalFen: total },
      Reason: input.Reason,
    },
  });
  return updated;
}

async function applyCommand(
  context: OrderContext,
  order: OrderRecord,
  input: OrderCommandInput,
): Promise<OrderRecord> {
  const { tx } = context;
  switch (input.Action) {
    case 'modifyPrice':
      return modifyPrice(context, order, input);
    case 'changeAddress': {
      if (order.deliveryType === 'sameCity') await checkSameCityAddress(tx, order.siteId, input.Address);
      const updated = await updateOrder(context, order, {
        address: input.Address,
        receiverName: input.Address.Name,
        receiverPhone: input.Address.Phone,
      });
      await logOrder(context, order, {
        action: 'changeAddress',
        detail: { Before: addressLine(order.address), After: addressLine(input.Address) },
      });
      return updated;
    }
    case 'remark': {
      const updated = await updateOrder(context, order, { sellerRemark: input.Remark });
      await logOrder(context, order, { action: 'remark', detail: { Remark: input.Remark } });
      return updated;
    }
    case 'ship': {
      const { value } = await readParameterSetting(tx, order.siteId);
      const shipped = await shipOrder(
        context,
        order,
        { carrier: input.Carrier, trackingNo: input.TrackingNo ?? '', lineIds: input.LineIds },
        value,
      );
      return shipped.order;
    }
    case 'close':
      return closeUnpaid(context, order, 'close', input.Reason);
    case 'verifyPickup': {
      if (order.pickupCode !== input.Code) throw new AppError('order.pickupCodeWrong', {}, { field: 'Code' });
      const { value } = await readParameterSetting(tx, order.siteId);
      return receiveOrder(context, order, 'verifyPickup', value);
    }
    case 'approveRefund':
      return approveRefund(context, order, input.AmountFen, input.Reason);
    case 'rejectRefund':
      return rejectRefund(context, order, input.Reason);
    case 'markRefunded':
      return markRefunded(context, order);
  }
}

/** Summary for the audit log: what changed, never the pickup code. */
function auditSummary(before: OrderRecord, after: OrderRecord, input: { Action: string }) {
  const { Id: _id, Version: _version, Action: _action, ...form } = input as Record<string, unknown>;
  if ('Code' in form) delete form.Code;
  return {
    orderNo: before.orderNo,
    before: { state: before.state, refundState: before.refundState, totalFen: before.totalFen },
    after: { state: after.state, refundState: after.refundState, totalFen: after.totalFen },
    form,
  };
}

/**
 * Runs one command: the order is locked, the command must be legal in its states (checked before
 * the version, so the loser of two operators shipping at once hears "it is shipped", not "reload"),
 * then the version must be current.
 */
export function runOrderCommand(
  db: Database,
  session: Session,
  locale: Locale,
  input: OrderCommandInput,
  now = new Date(),
): Promise<CommandResult> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(
      tx,
      session.siteId,
      { id: input.Id },
      storeCondition(session, orders.storeId),
    );
    if (!order) throw orderNotFound(input.Id);
    const context: OrderContext = { tx, siteId: session.siteId, actor: operatorActor(session), locale, now };
    await requireCommand(context, order, input.Action);
    if (order.version !== input.Version) throw staleVersion();
    const updated = await applyCommand(context, order, input);
    await audit(
      tx,
      session,
      `order.${input.Action}`,
      `order:${order.id}`,
      auditSummary(order, updated, input),
    );
    return result(updated);
  });
}

/** Walk-in orders: take the money at the counter, or give the order up. */
export function runOfflineCommand(
  db: Database,
  session: Session,
  locale: Locale,
  input: z.infer<(typeof bindOfflineOrderState)['input']>,
  now = new Date(),
): Promise<CommandResult> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(
      tx,
      session.siteId,
      { id: input.Id },
      storeCondition(session, orders.storeId),
    );
    if (order?.source !== 'offline') throw orderNotFound(input.Id);
    const context: OrderContext = { tx, siteId: session.siteId, actor: operatorActor(session), locale, now };
    requireOrderAction(context, order, input.Action);
    if (order.version !== input.Version) throw staleVersion();
    if (input.Action === 'payInStore')
      await requireOfflineMethod(tx, session.siteId, input.PaymentMethod, locale);
    const updated =
      input.Action === 'payInStore'
        ? await payInStore(context, order, input.PaymentMethod)
        : await closeUnpaid(context, order, 'close', input.Reason);
    await audit(
      tx,
      session,
      `order.${input.Action}`,
      `order:${order.id}`,
      auditSummary(order, updated, input),
    );
    return result(updated);
  });
}
