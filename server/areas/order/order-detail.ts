import { asc, eq, sql } from 'drizzle-orm';
import type { OrderDetail } from '../../../contract/endpoints/orders';
import { orderCommands } from '../../../contract/machines/order';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { readOrderCommission } from '../distribution/service';
import { orderNotFound } from './errors';
import { orderCouponView } from './order-coupon';
import { isoTime, orderRowColumns, toOrderRow, where } from './order-list';
import { type OrderViewer, orderScope } from './store-scope';
import { orderLines, orderLog, orderRefunds, orderShipments, orders } from './tables';

/** Everything the order details page shows, for an order the viewer may see. */
export async function readOrderDetail(
  db: Executor,
  viewer: OrderViewer,
  id: number,
  grantedPaths: ReadonlySet<string>,
): Promise<OrderDetail> {
  const [record] = await queryRows<Parameters<typeof toOrderRow>[0]>(
    db,
    sql`select ${orderRowColumns()} from orders o where o.id = ${id} and ${where(orderScope(viewer))}`,
    { prepareAs: 'order_detail' },
  );
  if (!record) throw orderNotFound(id, 'id');
  const [[order], lines, shipments, refunds, timeline] = await Promise.all([
    db.select().from(orders).where(eq(orders.id, id)),
    db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.position)),
    db.select().from(orderShipments).where(eq(orderShipments.orderId, id)).orderBy(asc(orderShipments.id)),
    db.select().from(orderRefunds).where(eq(orderRefunds.orderId, id)).orderBy(asc(orderRefunds.id)),
    db.select().from(orderLog).where(eq(orderLog.orderId, id)).orderBy(asc(orderLog.id)),
  ]);
  const full = order!;
  const commission = await readOrderCommission(db, full);
  const coupon = await orderCouponView(db, full);
  const partlyShipped = lines.some((line) => line.shipmentId !== null);
  return {
    ...toOrderRow(record),
    Address: full.address,
    PickupPoint: full.pickupPoint,
    Lines: lines.map((line) => ({
      Id: line.id,
      ProductId: line.productId,
      SkuId: line.skuId,
      Name: line.name,
      SpecText: line.specText,
      Image: line.image,
      SkuCode: line.skuCode,
      UnitFen: line.unitFen,
      Quantity: line.quantity,
      AmountFen: line.amountFen,
      ShipmentId: line.shipmentId,
    })),
    GoodsFen: full.goodsFen,
    FreightFen: full.freightFen,
    DiscountFen: full.discountFen,
    Coupon: coupon,
    AdjustFen: full.adjustFen,
    TransactionNo: full.transactionNo,
    BuyerRemark: full.buyerRemark,
    CloseReason: full.closeReason,
    Invoice: full.invoice,
    PayDueAt: full.state === 'toPay' ? isoTime(full.payDueAt) : null,
    ShippedAt: isoTime(full.shippedAt),
    ReceivedAt: isoTime(full.receivedAt),
    CompletedAt: isoTime(full.completedAt),
    ClosedAt: isoTime(full.closedAt),
    Shipments: shipments.map((shipment) => ({
      Id: shipment.id,
      Carrier: shipment.carrier,
      TrackingNo: shipment.trackingNo,
      ShippedAt: isoTime(shipment.shippedAt)!,
      LineIds: lines.filter((line) => line.shipmentId === shipment.id).map((line) => line.id),
    })),
    Refunds: refunds.map((refund) => ({
      Id: refund.id,
      State: refund.state,
      RequestedFen: refund.requestedFen,
      AmountFen: refund.amountFen,
      Reason: refund.reason,
      Reply: refund.reply,
      RequestedAt: isoTime(refund.requestedAt)!,
      DecidedAt: isoTime(refund.decidedAt),
      RefundedAt: isoTime(refund.refundedAt),
    })),
    Timeline: timeline.map((entry) => ({
      Action: entry.action,
      FromState: entry.fromState,
      ToState: entry.toState,
      Actor: entry.actor,
      ActorName: entry.actorName,
      Detail: entry.detail,
      At: isoTime(entry.at)!,
    })),
    Commands: orderCommands(
      {
        state: full.state,
        refundState: full.refundState,
        deliveryType: full.deliveryType,
        source: full.source,
        partlyShipped,
        shipHold: record.ship_hold,
      },
      grantedPaths,
    ),
    Commission: commission,
  };
}
