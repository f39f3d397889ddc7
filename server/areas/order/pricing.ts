import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FreightRules } from '../../../contract/freight';
import type { OrderSource, OrderType } from '../../../contract/machines/order';
import type { Executor } from '../../db/client';
import { runStatements, type Statement } from '../../db/query';
import { AppError } from '../../http/errors';
import { type Actor, idList, type OrderLogRow, type OrderRecord, orderLogRow } from './lifecycle';
import { orderNumber, reserveId } from './order-number';
import type { StockLine } from './stock-rules';
import { orderLines, orderLog, orders, type StoredBreakdown } from './tables';

/**
 * Lines priced from the database (never from the caller) and the insertion of a new order, shared
 * by the storefront and the walk-in counter.
 */

export interface LineRequest {
  SkuId: number;
  Quantity: number;
}

export interface PricedLine extends StockLine {
  categoryId: number | null;
  name: string;
  specText: string;
  image: string;
  skuCode: string;
  freightTemplateId: number | null;
  /** The goods' freight template (null: none, ships free). */
  freight: FreightRules | null;
  /** One unit's weight (grams) and volume (cm³), for templates charging by them. */
  weightG: number;
  volumeCm3: number;
  unitFen: number;
  amountFen: number;
  /** Virtual goods issue tickets at payment instead of shipping. */
  virtual: boolean;
}

interface SkuRecord extends Record<string, unknown> {
  id: number;
  product_id: number;
  spec_text: string;
  price_fen: number;
  stock: number;
  code: string;
  image: string;
  name: string;
  cover: string | null;
  category_id: number | null;
  freight_template_id: number | null;
  shelf_state: 'on' | 'off';
  recycle_state: 'active' | 'recycled' | 'purged';
  freight: FreightRules | null;
  weight_g: number;
  volume_cm3: number;
  kind: 'physical' | 'virtual';
}

/** The SKU ids of the lines, each once; a SKU on two lines is refused. */
function distinctSkuIds(lines: readonly LineRequest[]): number[] {
  const seen = new Set<number>();
  for (const line of lines) {
    if (seen.has(line.SkuId))
      throw new AppError('order.duplicateSku', { id: line.SkuId }, { field: 'Lines' });
    seen.add(line.SkuId);
  }
  return [...seen];
}

/**
 * Reads the lines' SKUs and goods and prices them, refused as priceLines says. With `lock`, the
 * goods rows and the SKU rows are locked by the same statement, in goods id order as every stock
 * writer locks them; a row changed while the statement waited for its lock is read as committed.
 */
/** priceLines as a statement, for an order to read its lines with its other reads (runStatements). */
export function linePricing(
  siteId: number,
  lines: readonly LineRequest[],
  lock: boolean,
): Statement<PricedLine[]> {
  const skuIds = distinctSkuIds(lines);
  return {
    query: sql`select s.id, s.product_id, s.spec_text, s.price_fen, s.stock, s.code, s.image, s.weight_g, s.volume_cm3,
                      p.name, p.gallery->>0 as cover, p.category_id, p.freight_template_id, p.shelf_state, p.recycle_state, p.kind,
                      (select jsonb_build_object('ChargeMode', f.charge_mode) || f.rules from freight_templates f
                        where f.id = p.freight_template_id and f.site_id = p.site_id) as freight
                 from skus s join products p on p.id = s.product_id
                where s.site_id = ${siteId} and s.id in ${idList(skuIds)}
                ${lock ? sql`order by p.id, s.id for update of p, s` : sql``}`,
    read: (rows) => {
      const byId = new Map((rows as SkuRecord[]).map((record) => [record.id, record]));
      return lines.map((line) => pricedLine(line, byId.get(line.SkuId)));
    },
  };
}

function pricedLine(line: LineRequest, record: SkuRecord | undefined): PricedLine {
  if (!record) throw new AppError('order.skuNotFound', { id: line.SkuId }, { field: 'Lines' });
  const label = record.spec_text ? `${record.name} ${record.spec_text}` : record.name;
  if (record.shelf_state !== 'on' || record.recycle_state !== 'active') {
    throw new AppError('order.goodsUnavailable', { name: label }, { field: 'Lines' });
  }
  if (record.stock < line.Quantity)
    throw new AppError('order.outOfStock', { name: label }, { field: 'Lines' });
  return {
    productId: record.product_id,
    skuId: record.id,
    quantity: line.Quantity,
    label,
    categoryId: record.category_id,
    name: record.name,
    specText: record.spec_text,
    image: record.image || record.cover || '',
    skuCode: record.code,
    freightTemplateId: record.freight_template_id,
    freight: record.freight,
    weightG: record.weight_g,
    volumeCm3: record.volume_cm3,
    unitFen: record.price_fen,
    amountFen: record.price_fen * line.Quantity,
    virtual: record.kind === 'virtual',
  };
}

/**
 * Prices the lines: each SKU must be the site's, its goods on the shelf, its stock enough now. The
 * goods and SKU rows are locked (in goods id order) by the statement that reads prices and stock, so
 * what is charged is what the database holds at this moment, and taking stock later in the same
 * transaction cannot deadlock.
 * Read without locking (`lock: false`) for a quote, which charges nothing, and for an order, which
 * confirms the lines under the lock at its end (confirmLines).
 */
export async function priceLines(
  tx: Executor,
  siteId: number,
  lines: readonly LineRequest[],
  options: { lock: boolean } = { lock: true },
): Promise<PricedLine[]> {
  const [priced] = await runStatements(tx, [linePricing(siteId, lines, options.lock)]);
  return priced;
}

/**
 * Lines an order priced without a lock, confirmed under the goods rows' lock: priced again with the
 * lock (refused as priceLines refuses: off the shelf, stock short) and refused as well when anything
 * the order was priced from changed meanwhile (price, name, category, freight, weight), so what is
 * charged is what the database holds while the lock is held. An order runs this as late as it can,
 * with the statements that take its stock (runStatements), so buyers of one good queue for the end of
 * an order, not the whole.
 */
export function confirmLines(siteId: number, priced: readonly PricedLine[]): Statement {
  const again = linePricing(
    siteId,
    priced.map((line) => ({ SkuId: line.skuId, Quantity: line.quantity })),
    true,
  );
  return {
    query: again.query,
    read: (rows) => {
      const locked = again.read(rows);
      priced.forEach((line, index) => {
        if (!isDeepStrictEqual(line, locked[index]))
          throw new AppError('order.goodsChanged', { name: line.label }, { field: 'Lines' });
      });
    },
  };
}

export interface NewOrder {
  /** The id reserved for it beforehand (reservedOrder); otherwise one is reserved now. */
  id?: number;
  siteId: number;
  type: OrderType;
  source: OrderSource;
  deliveryType: OrderRecord['deliveryType'];
  buyer: { id: string; name: string; phone: string };
  address: OrderRecord['address'];
  pickupPoint: OrderRecord['pickupPoint'];
  pickupCode: string | null;
  lines: readonly PricedLine[];
  freightFen: number;
  discountFen: number;
  /** What each pricing stage took; walk-in orders, priced by the cashier, have none. */
  breakdown?: StoredBreakdown;
  stockMode: 'creation' | 'payment';
  /** The caller takes the stock in the same transaction right after (walk-in orders, stock at creation). */
  stockDeducted: boolean;
  payDueAt: Date | null;
  buyerRemark: string;
  sellerRemark: string;
  invoice: OrderRecord['invoice'];
  cashier: { id: number; name: string } | null;
  /** The serving store; a pickup order's defaults to its pickup point's store. */
  storeId?: number | null;
}

export function goodsTotal(lines: readonly Pick<PricedLine, 'amountFen'>[]): number {
  return lines.reduce((sum, line) => sum + line.amountFen, 0);
}

/** The lines of orders this process has just inserted, by the record insertOrder returned. */
const insertedLines = new WeakMap<OrderRecord, readonly PricedLine[]>();

/**
 * The lines of an order record insertOrder returned, so the answer to the call that placed it need
 * not read them back; undefined for any other record (read from the database, or changed since).
 */
export function linesJustInserted(order: OrderRecord): readonly PricedLine[] | undefined {
  return insertedLines.get(order);
}

/**
 * Inserts the order and its lines and logs its creation, in one statement; stock is the caller's
 * business, and so is placedCount, after the stock: the day's summary row is the last lock a
 * transaction takes.
 */
export async function insertOrder(
  tx: Executor,
  order: NewOrder,
  actor: Actor,
  now: Date,
  logBuffer?: OrderLogRow[],
): Promise<OrderRecord> {
  const id = order.id ?? (await reserveId(tx, 'orders'));
  const goodsFen = goodsTotal(order.lines);
  const first = order.lines[0]!;
  const totalFen = goodsFen + order.freightFen - order.discountFen;
  const lines = tx.$with('inserted_lines').as(
    tx
      .insert(orderLines)
      .values(
        order.lines.map((line, position) => ({
          siteId: order.siteId,
          orderId: id,
          position,
          productId: line.productId,
          skuId: line.skuId,
          categoryId: line.categoryId,
          name: line.name,
          specText: line.specText,
          image: line.image,
          skuCode: line.skuCode,
          freightTemplateId: line.freightTemplateId,
          unitFen: line.unitFen,
          quantity: line.quantity,
          amountFen: line.amountFen,
        })),
      )
      .returning({ id: orderLines.id }),
  );
  const created = orderLogRow(
    { actor, now },
    { id, siteId: order.siteId },
    {
      action: 'create',
      to: 'toPay',
      detail: { TotalFen: totalFen, Lines: order.lines.length },
    },
  );
  if (logBuffer) logBuffer.push(created);
  const logged = tx.$with('logged').as(tx.insert(orderLog).values(created).returning({ id: orderLog.id }));
  const [row] = await (logBuffer ? tx.with(lines) : tx.with(lines, logged))
    .insert(orders)
    .values({
      id,
      siteId: order.siteId,
      orderNo: orderNumber(now, id),
      type: order.type,
      source: order.source,
      deliveryType: order.deliveryType,
      buyerId: order.buyer.id,
      buyerName: order.buyer.name,
      buyerPhone: order.buyer.phone,
      address: order.address,
      receiverName: order.address?.Name ?? order.buyer.name,
      receiverPhone: order.address?.Phone ?? order.buyer.phone,
      pickupPoint: order.pickupPoint,
      pickupCode: order.pickupCode,
      goodsName: first.name,
      image: first.image,
      lineCount: order.lines.length,
      itemCount: order.lines.reduce((sum, line) => sum + line.quantity, 0),
      goodsFen,
      freightFen: order.freightFen,
      discountFen: order.discountFen,
      breakdown: order.breakdown ?? null,
      totalFen,
      stockMode: order.stockMode,
      stockDeducted: order.stockDeducted,
      buyerRemark: order.buyerRemark,
      sellerRemark: order.sellerRemark,
      invoice: order.invoice,
      cashierId: order.cashier?.id ?? null,
      cashierName: order.cashier?.name ?? '',
      storeId: order.storeId ?? order.pickupPoint?.StoreId ?? null,
      createdAt: now,
      updatedAt: now,
      payDueAt: order.payDueAt,
    })
    .returning();
  insertedLines.set(row!, order.lines);
  return row!;
}
