import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { receiptSchema } from '../../../contract/endpoints/orders';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { orderNotFound } from './errors';
import { isoTime } from './order-list';
import { type OrderViewer, storeCondition } from './store-scope';
import { orderLines, orders } from './tables';

/** What a receipt of an order prints (the receipt settings choose which parts). */
export async function readReceipt(
  db: Executor,
  viewer: OrderViewer,
  id: number,
): Promise<z.infer<typeof receiptSchema>> {
  const { siteId } = viewer;
  const [order] = await db
    .select()
    .from(orders)
    .where(
      sql`${orders.id} = ${id} and ${orders.siteId} = ${siteId} and ${storeCondition(viewer, orders.storeId)}`,
    );
  if (!order) throw orderNotFound(id, 'id');
  const [lines, [site]] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.position)),
    queryRows<{ name: string }>(db, sql`select name from sites where id = ${siteId}`),
  ]);
  return {
    ShopName: site?.name ?? '',
    OrderNo: order.orderNo,
    CreatedAt: isoTime(order.createdAt)!,
    PaidAt: isoTime(order.paidAt),
    Cashier: order.cashierName,
    BuyerName: order.buyerName,
    BuyerPhone: order.buyerPhone,
    Lines: lines.map((line) => ({
      Name: line.name,
      SpecText: line.specText,
      Quantity: line.quantity,
      UnitFen: line.unitFen,
      AmountFen: line.amountFen,
    })),
    GoodsFen: order.goodsFen,
    FreightFen: order.freightFen,
    DiscountFen: order.discountFen,
    AdjustFen: order.adjustFen,
    TotalFen: order.totalFen,
    PaidFen: order.paidFen,
    PaymentMethod: order.paymentMethod,
    Remark: [order.buyerRemark, order.sellerRemark].filter(Boolean).join(' / '),
  };
}
