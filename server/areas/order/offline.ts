import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  counterSkuSchema,
  getOfflineOrders,
  OFFLINE_TABS,
  offlineOrderFormSchema,
} from '../../../contract/endpoints/orders';
import { rangeProblems } from '../../../contract/list-query';
import { audit } from '../../audit';
import type { Executor } from '../../db/client';
import { escapeLike, queryRows, runStatements } from '../../db/query';
import { AppError } from '../../http/errors';
import type { Locale } from '../../i18n/messages';
import { requireOfflineMethod } from '../payment/service';
import { type Operator, operatorActor } from './commands';
import { throwProblems } from './errors';
import { addDays, type OrderRecord, payInStore } from './lifecycle';
import { timeBound, where } from './order-list';
import { goodsTotal, insertOrder, priceLines } from './pricing';
import { placedCount } from './sales-summary';
import { readParameterSetting } from './settings';
import { stockTaking } from './stock';
import { type OrderViewer, orderScope, walkInStore } from './store-scope';

/**
 * A walk-in order taken at the counter. Its stock is taken at once (the goods are in the customer's
 * hands); given a payment method it is paid and completed in the same step.
 */
export async function placeOfflineOrder(
  tx: Executor,
  session: Operator,
  input: z.infer<typeof offlineOrderFormSchema>,
  locale: Locale,
  now = new Date(),
): Promise<OrderRecord> {
  if (input.PaymentMethod) await requireOfflineMethod(tx, session.siteId, input.PaymentMethod, locale);
  const storeId = await walkInStore(tx, session, input.StoreId);
  const lines = await priceLines(tx, session.siteId, input.Lines);
  const goodsFen = goodsTotal(lines);
  if (input.DiscountFen > goodsFen) {
    throw new AppError('order.discountTooHigh', { max: goodsFen }, { field: 'DiscountFen' });
  }
  const { value: setting } = await readParameterSetting(tx, session.siteId);
  const actor = operatorActor(session);
  const order = await insertOrder(
    tx,
    {
      siteId: session.siteId,
      type: 'normal',
      source: 'offline',
      deliveryType: 'inStore',
      buyer: { id: input.Buyer.Phone, name: input.Buyer.Name, phone: input.Buyer.Phone },
      address: null,
      pickupPoint: null,
      pickupCode: null,
      lines,
      freightFen: 0,
      discountFen: input.DiscountFen,
      stockMode: 'creation',
      stockDeducted: true,
      payDueAt: addDays(now, setting.UnpaidCloseMinutes.Normal / (24 * 60)),
      buyerRemark: '',
      sellerRemark: input.Remark,
      invoice: null,
      cashier: { id: session.accountId, name: session.userName },
      storeId,
    },
    actor,
    now,
  );
  const cashier = { accountId: session.accountId, name: session.userName };
  // The goods rows are locked since priceLines.
  await runStatements(tx, [
    stockTaking(session.siteId, lines, order.orderNo, cashier, now),
    placedCount(order),
  ]);
  let placed: OrderRecord = order;
  if (input.PaymentMethod) {
    placed = await payInStore(
      { tx, siteId: session.siteId, actor, locale, now },
      placed,
      input.PaymentMethod,
    );
  }
  await audit(tx, session, 'order.offlineCreate', `order:${order.id}`, {
    orderNo: order.orderNo,
    totalFen: order.totalFen,
    paid: input.PaymentMethod ?? null,
  });
  return placed;
}

type OfflineQuery = z.infer<(typeof getOfflineOrders)['input']>;

export const OFFLINE_TAB_CONDITIONS: Record<(typeof OFFLINE_TABS)[number], SQL> = {
  all: sql`true`,
  toPay: sql`o.state = 'toPay'`,
  completed: sql`o.state = 'completed'`,
  closed: sql`o.state = 'closed'`,
};

export function offlineConditions(viewer: OrderViewer, query: Partial<OfflineQuery>): SQL[] {
  throwProblems(rangeProblems(query, [['createdFrom', 'createdTo']]));
  const conditions = [...orderScope(viewer), sql`o.source = 'offline'`];
  if (query.keyword) {
    const prefix = `${escapeLike(query.keyword)}%`;
    conditions.push(sql`(o.order_no like ${prefix} or o.buyer_phone like ${prefix})`);
  }
  if (query.paymentMethod) conditions.push(sql`o.payment_method = ${query.paymentMethod}`);
  if (query.createdFrom) conditions.push(sql`o.created_at >= ${timeBound(query.createdFrom, false)}`);
  if (query.createdTo) conditions.push(sql`o.created_at < ${timeBound(query.createdTo, true)}`);
  return conditions;
}

/** SKUs of goods on the shelf for the counter's goods picker: name, goods code or SKU code. */
export async function readCounterSkus(
  db: Executor,
  siteId: number,
  keyword: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: z.infer<typeof counterSkuSchema>[]; total: number }> {
  const conditions = [sql`s.site_id = ${siteId}`, sql`p.shelf_state = 'on'`, sql`p.recycle_state = 'active'`];
  if (keyword) {
    const pattern = `%${escapeLike(keyword)}%`;
    conditions.push(sql`(p.name ilike ${pattern} or p.code ilike ${pattern} or s.code ilike ${pattern})`);
  }
  const from = sql`skus s join products p on p.id = s.product_id`;
  const [records, [count]] = await Promise.all([
    queryRows<{
      id: number;
      product_id: number;
      name: string;
      spec_text: string;
      image: string;
      cover: string | null;
      code: string;
      price_fen: number;
      stock: number;
    }>(
      db,
      sql`select s.id, s.product_id, p.name, s.spec_text, s.image, p.gallery->>0 as cover, s.code, s.price_fen, s.stock
            from ${from} where ${where(conditions)}
           order by p.sort desc, p.id desc, s.position limit ${limit} offset ${offset}`,
    ),
    queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from ${from} where ${where(conditions)}`,
    ),
  ]);
  return {
    rows: records.map((record) => ({
      SkuId: record.id,
      ProductId: record.product_id,
      Name: record.name,
      SpecText: record.spec_text,
      Image: record.image || record.cover || '',
      Code: record.code,
      PriceFen: record.price_fen,
      Stock: record.stock,
    })),
    total: count?.total ?? 0,
  };
}
