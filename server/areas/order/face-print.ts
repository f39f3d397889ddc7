import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { batchFailureSchema, FaceSheet } from '../../../contract/endpoints/orders';
import {
  ACTIVE_REFUND_STATES,
  REPRINTABLE_WAYBILL_STATES,
  TRACKING_NO_PATTERN,
  waybillMachine,
} from '../../../contract/machines/order';
import { shopStamp } from '../../../contract/shop-time';
import { can } from '../../../contract/state-machine';
import { CARRIER_TRACKING_FORMATS, trackingNumberFitsCarrier } from '../../../contract/tracking-number';
import { audit } from '../../audit';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { type Locale, translate } from '../../i18n/messages';
import { shipHoldSql } from './activity-hooks';
import { type Operator, operatorActor } from './commands';
import { illegalTransition } from './errors';
import { type FaceConfigRecord, findFaceConfig, senderAddress } from './face-configs';
import { WaybillProviderError, waybillProviders } from './kuaidi100';
import { idList, lockOrder, type OrderContext, shipOrder } from './lifecycle';
import { isoTime } from './order-list';
import { readParameterSetting } from './settings';
import { faceConfigs, waybills } from './tables';

/**
 * Face-sheet printing: a batch of orders waiting to ship gets waybills (numbers from the carrier
 * account's electronic-waybill provider, or typed by the operator when it has none), the browser
 * prints them, and confirming the batch marks its orders shipped. Provider calls happen outside any
 * transaction.
 */

type Failure = z.infer<typeof batchFailureSchema>;
type WaybillRecord = typeof waybills.$inferSelect;

interface PrintCandidate extends Record<string, unknown> {
  id: number;
  order_no: string;
  state: string;
  refund_state: string;
  ship_hold: string | null;
  delivery_type: string;
  source: string;
  address: {
    Name: string;
    Phone: string;
    Province: string;
    City: string;
    District: string;
    Detail: string;
  } | null;
  buyer_remark: string;
  printed: boolean;
  items: { name: string; spec_text: string; quantity: number }[];
}

export function sheetOf(waybill: WaybillRecord, orderNo: string): FaceSheet {
  return {
    WaybillId: waybill.id,
    OrderId: waybill.orderId,
    OrderNo: orderNo,
    Carrier: waybill.carrier as FaceSheet['Carrier'],
    TrackingNo: waybill.trackingNo,
    Paper: waybill.paper,
    Sender: waybill.sender,
    Receiver: waybill.receiver,
    Items: waybill.items,
    ItemCount: waybill.itemCount,
    BuyerRemark: waybill.buyerRemark,
    SortingCode: waybill.sortingCode,
    PrintCount: waybill.printCount,
    PrintedAt: isoTime(waybill.createdAt)!,
  };
}

function batchNumber(now: Date): string {
  return `FP${shopStamp(now)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}

/** Why an order cannot get a face sheet, or null. */
function unprintable(candidate: PrintCandidate): string | null {
  if (candidate.source === 'offline' || candidate.delivery_type !== 'express') return 'order.faceNotExpress';
  if (candidate.state !== 'toShip') return 'order.faceNotToShip';
  if (candidate.ship_hold !== null) return `order.blocker.${candidate.ship_hold}`;
  if ((ACTIVE_REFUND_STATES as readonly string[]).includes(candidate.refund_state))
    return 'order.blocker.refundPending';
  if (candidate.printed) return 'order.faceAlreadyPrinted';
  return null;
}

export async function printFaceSheets(
  db: Database,
  session: Operator,
  locale: Locale,
  input: { FaceConfigId: number; Orders: { Id: number; TrackingNo?: string | undefined }[] },
  now = new Date(),
): Promise<{ BatchNo: string; Sheets: FaceSheet[]; Failed: Failure[] }> {
  const config: FaceConfigRecord = await findFaceConfig(db, session.siteId, input.FaceConfigId);
  const ids = [...new Set(input.Orders.map((entry) => entry.Id))];
  const candidates = await queryRows<PrintCandidate>(
    db,
    sql`select o.id, o.order_no, o.state, o.refund_state, o.delivery_type, o.source, o.address, o.buyer_remark,
               ${shipHoldSql()} as ship_hold,
               exists (select 1 from waybills w where w.order_id = o.id and w.state = 'printed') as printed,
               (select coalesce(json_agg(json_build_object('name', l.name, 'spec_text', l.spec_text,
                        'quantity', l.quantity) order by l.position), '[]'::json)
                  from order_lines l where l.order_id = o.id) as items
          from orders o where o.site_id = ${session.siteId} and o.id in ${idList(ids)}`,
  );
  const byId = new Map(candidates.map((candidate) => [candidate.id, candidate]));
  const failed: Failure[] = [];
  const fail = (id: number, orderNo: string, key: string, params: Record<string, string | number> = {}) =>
    failed.push({
      OrderId: id,
      OrderNo: orderNo,
      Message: translate(locale, key, { subject: orderNo, ...params }),
    });
  const sender = {
    Name: config.sender.Name,
    Phone: config.sender.Phone,
    Address: senderAddress(config.sender),
  };
  const planned: { candidate: PrintCandidate; trackingNo: string; taskId: string; sortingCode: string }[] =
    [];
  for (const entry of input.Orders) {
    const candidate = byId.get(entry.Id);
    if (!candidate) {
      fail(entry.Id, '', 'order.notFound', { id: entry.Id });
      continue;
    }
    if (planned.some((plan) => plan.candidate.id === candidate.id)) continue;
    const problem = unprintable(candidate);
    if (problem) {
      fail(candidate.id, candidate.order_no, problem);
      continue;
    }
    const address = candidate.address!;
    const receiverAddress = `${address.Province}${address.City}${address.District}${address.Detail}`;
    if (config.provider === 'kuaidi100' && config.kuaidi100) {
      if (entry.TrackingNo) {
        fail(candidate.id, candidate.order_no, 'order.faceTrackingFromProvider');
        continue;
      }
      try {
        const result = await waybillProviders.kuaidi100.order(config.kuaidi100, {
          orderNo: candidate.order_no,
          carrier: config.carrier,
          sender: { name: sender.Name, mobile: sender.Phone, printAddr: sender.Address },
          receiver: { name: address.Name, mobile: address.Phone, printAddr: receiverAddress },
          cargo: candidate.items[0]?.name ?? '',
          count: 1,
          remark: candidate.buyer_remark,
        });
        planned.push({ candidate, ...result });
      } catch (error) {
        if (!(error instanceof WaybillProviderError)) throw error;
        fail(candidate.id, candidate.order_no, 'order.faceProviderFailed', { message: error.message });
      }
    } else {
      const trackingNo = entry.TrackingNo ?? '';
      if (!TRACKING_NO_PATTERN.test(trackingNo)) {
        fail(candidate.id, candidate.order_no, 'order.faceTrackingRequired');
        continue;
      }
      if (!trackingNumberFitsCarrier(config.carrier, trackingNo)) {
        fail(candidate.id, candidate.order_no, 'order.faceTrackingCarrier', {
          trackingNo,
          carrier: config.carrier,
          example: CARRIER_TRACKING_FORMATS[config.carrier]?.example ?? '',
        });
        continue;
      }
      planned.push({ candidate, trackingNo, taskId: '', sortingCode: '' });
    }
  }
  if (planned.length === 0) return { BatchNo: '', Sheets: [], Failed: failed };

  const batchNo = batchNumber(now);
  const sheets = await db.transaction(async (tx) => {
    const printed: FaceSheet[] = [];
    for (const plan of planned) {
      const address = plan.candidate.address!;
      const [waybill] = await tx
        .insert(waybills)
        .values({
          siteId: session.siteId,
          orderId: plan.candidate.id,
          faceConfigId: config.id,
          batchNo,
          carrier: config.carrier,
          trackingNo: plan.trackingNo,
          fromProvider: config.provider !== 'none',
          providerTaskId: plan.taskId,
          sortingCode: plan.sortingCode,
          paper: config.paper,
          sender,
          receiver: {
            Name: address.Name,
            Phone: address.Phone,
            Address: `${address.Province}${address.City}${address.District}${address.Detail}`,
          },
          items: plan.candidate.items.map(
            (item) => `${item.name}${item.spec_text ? ` ${item.spec_text}` : ''} ×${item.quantity}`,
          ),
          itemCount: plan.candidate.items.reduce((sum, item) => sum + item.quantity, 0),
          buyerRemark: plan.candidate.buyer_remark,
          accountId: session.accountId,
          createdAt: now,
        })
        // Another operator printed this order meanwhile: the unique "one printed sheet" index says so.
        .onConflictDoNothing()
        .returning();
      if (!waybill) {
        fail(plan.candidate.id, plan.candidate.order_no, 'order.faceAlreadyPrinted');
        continue;
      }
      printed.push(sheetOf(waybill, plan.candidate.order_no));
    }
    if (printed.length > 0) {
      await audit(tx, session, 'order.facePrint', `faceBatch:${batchNo}`, {
        faceConfigId: config.id,
        orders: printed.map((sheet) => sheet.OrderNo),
      });
    }
    return printed;
  });
  return { BatchNo: sheets.length > 0 ? batchNo : '', Sheets: sheets, Failed: failed };
}

/** The sheets of a batch came out of the printer: each order ships with its waybill's number. */
export async function confirmFacePrint(
  db: Database,
  session: Operator,
  locale: Locale,
  batchNo: string,
  now = new Date(),
): Promise<{ Shipped: number[]; Failed: Failure[] }> {
  const batch = await queryRows<{ id: number; order_id: number; order_no: string }>(
    db,
    sql`select w.id, w.order_id, o.order_no from waybills w join orders o on o.id = w.order_id
         where w.site_id = ${session.siteId} and w.batch_no = ${batchNo} and w.state = 'printed' order by w.id`,
  );
  if (batch.length === 0)
    throw new AppError('order.faceBatchNotFound', { batch: batchNo }, { field: 'BatchNo' });
  const { value: settings } = await readParameterSetting(db, session.siteId);
  const shipped: number[] = [];
  const failed: Failure[] = [];
  for (const entry of batch) {
    try {
      await db.transaction(async (tx) => {
        const order = await lockOrder(tx, session.siteId, { id: entry.order_id });
        const [waybill] = await tx
          .select()
          .from(waybills)
          .where(and(eq(waybills.id, entry.id), eq(waybills.state, 'printed')))
          .for('update');
        if (!order || !waybill) throw new AppError('order.changedMeanwhile', { subject: entry.order_no });
        const context: OrderContext = {
          tx,
          siteId: session.siteId,
          actor: operatorActor(session),
          locale,
          now,
        };
        await shipOrder(
          context,
          order,
          { carrier: waybill.carrier, trackingNo: waybill.trackingNo },
          settings,
        );
        await tx
          .update(waybills)
          .set({ state: 'confirmed', confirmedAt: now })
          .where(and(eq(waybills.id, waybill.id), eq(waybills.state, 'printed')));
        await audit(tx, session, 'order.ship', `order:${order.id}`, {
          orderNo: order.orderNo,
          carrier: waybill.carrier,
          trackingNo: waybill.trackingNo,
          batchNo,
        });
      });
      shipped.push(entry.order_id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failed.push({
        OrderId: entry.order_id,
        OrderNo: entry.order_no,
        Message: translate(locale, error.key, error.params),
      });
    }
  }
  return { Shipped: shipped, Failed: failed };
}

async function findWaybill(db: Database, siteId: number, id: number) {
  const [row] = await queryRows<{ id: number; order_no: string }>(
    db,
    sql`select w.id, o.order_no from waybills w join orders o on o.id = w.order_id
         where w.id = ${id} and w.site_id = ${siteId}`,
  );
  if (!row) throw new AppError('order.waybillNotFound', { id }, { field: 'Id' });
  return row;
}

export async function reprintWaybill(db: Database, session: Operator, id: number): Promise<FaceSheet> {
  const { order_no: orderNo } = await findWaybill(db, session.siteId, id);
  return db.transaction(async (tx) => {
    const [waybill] = await tx.select().from(waybills).where(eq(waybills.id, id)).for('update');
    if (!REPRINTABLE_WAYBILL_STATES.includes(waybill!.state)) {
      throw new AppError('order.waybillVoid', { subject: waybill!.trackingNo }, { field: 'Id' });
    }
    const [updated] = await tx
      .update(waybills)
      .set({ printCount: sql`${waybills.printCount} + 1` })
      .where(eq(waybills.id, id))
      .returning();
    await audit(tx, session, 'order.faceReprint', `waybill:${id}`, {
      orderNo,
      printCount: updated!.printCount,
    });
    return sheetOf(updated!, orderNo);
  });
}

/**
 * Voids a printed sheet not yet confirmed. A number from the provider is cancelled with it first;
 * if the provider refuses, the sheet stays printed.
 */
export async function voidWaybill(db: Database, session: Operator, locale: Locale, id: number) {
  const { order_no: orderNo } = await findWaybill(db, session.siteId, id);
  const [waybill] = await db.select().from(waybills).where(eq(waybills.id, id));
  if (!can(waybillMachine, waybill!.state, 'void')) {
    throw illegalTransition(
      locale,
      waybill!.trackingNo,
      { machine: waybillMachine, value: waybill!.state },
      { machine: waybillMachine, name: 'void' },
    );
  }
  if (waybill!.fromProvider) {
    const config = await findFaceConfigAnyState(db, session.siteId, waybill!.faceConfigId);
    if (config?.kuaidi100) {
      try {
        await waybillProviders.kuaidi100.cancel(config.kuaidi100, {
          carrier: waybill!.carrier,
          trackingNo: waybill!.trackingNo,
          orderNo,
          reason: 'void',
        });
      } catch (error) {
        if (!(error instanceof WaybillProviderError)) throw error;
        throw new AppError('order.faceProviderFailed', { message: error.message }, { field: 'Id' });
      }
    }
  }
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(waybills)
      .set({ state: 'void', voidedAt: new Date() })
      .where(and(eq(waybills.id, id), eq(waybills.state, 'printed')))
      .returning();
    if (!updated) throw new AppError('order.changedMeanwhile', { subject: waybill!.trackingNo });
    await audit(tx, session, 'order.faceVoid', `waybill:${id}`, { orderNo, trackingNo: updated.trackingNo });
    return { Id: id, State: updated.state };
  });
}

/** A carrier account even after deletion (its printed sheets still need it). */
async function findFaceConfigAnyState(db: Database, siteId: number, id: number) {
  const [row] = await db
    .select()
    .from(faceConfigs)
    .where(and(eq(faceConfigs.id, id), eq(faceConfigs.siteId, siteId)));
  return row ?? null;
}
