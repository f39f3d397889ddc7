import { type SQL, sql } from 'drizzle-orm';
import {
  ORDER_FILTER_RANGES,
  type OrderListQuery,
  type OrderRow,
  type OrderTab,
} from '../../../contract/endpoints/orders';
import { dateBound, parseSort, rangeProblems } from '../../../contract/list-query';
import type { Executor } from '../../db/client';
import { readListPage, tabCounters } from '../../db/list-page';
import { escapeLike, queryRows } from '../../db/query';
import { shipHoldSql } from './activity-hooks';
import { throwProblems } from './errors';
import { type OrderViewer, orderScope } from './store-scope';

export type OrderFilters = Omit<OrderListQuery, 'page' | 'pageSize'>;

export function timeBound(value: string, end: boolean): SQL {
  return sql`${dateBound(value, end).toISOString()}::timestamptz`;
}

/** Conditions for the filters (the tab aside) on the orders the viewer may see; `o` is the orders table. */
export function orderFilterConditions(viewer: OrderViewer, filters: Partial<OrderFilters>): SQL[] {
  throwProblems(rangeProblems(filters, ORDER_FILTER_RANGES));
  const conditions = orderScope(viewer);
  if (filters.storeId !== undefined) conditions.push(sql`o.store_id = ${filters.storeId}`);
  if (filters.orderNo) conditions.push(sql`o.order_no like ${`${escapeLike(filters.orderNo)}%`}`);
  if (filters.buyer) {
    conditions.push(
      sql`(o.buyer_name ilike ${`%${escapeLike(filters.buyer)}%`} or o.buyer_id = ${filters.buyer})`,
    );
  }
  if (filters.phone) {
    const prefix = `${escapeLike(filters.phone)}%`;
    conditions.push(sql`(o.buyer_phone like ${prefix} or o.receiver_phone like ${prefix})`);
  }
  if (filters.goods) {
    conditions.push(sql`exists (select 1 from order_lines l where l.order_id = o.id
      and l.name ilike ${`%${escapeLike(filters.goods)}%`})`);
  }
  if (filters.type) conditions.push(sql`o.type = ${filters.type}`);
  if (filters.source) conditions.push(sql`o.source = ${filters.source}`);
  if (filters.paymentMethod) conditions.push(sql`o.payment_method = ${filters.paymentMethod}`);
  if (filters.deliveryType) conditions.push(sql`o.delivery_type = ${filters.deliveryType}`);
  if (filters.createdFrom) conditions.push(sql`o.created_at >= ${timeBound(filters.createdFrom, false)}`);
  if (filters.createdTo) conditions.push(sql`o.created_at < ${timeBound(filters.createdTo, true)}`);
  if (filters.paidFrom) conditions.push(sql`o.paid_at >= ${timeBound(filters.paidFrom, false)}`);
  if (filters.paidTo) conditions.push(sql`o.paid_at < ${timeBound(filters.paidTo, true)}`);
  if (filters.amountMin !== undefined) conditions.push(sql`o.total_fen >= ${filters.amountMin}`);
  if (filters.amountMax !== undefined) conditions.push(sql`o.total_fen <= ${filters.amountMax}`);
  return conditions;
}

export const REFUNDING = sql`o.refund_state in ('requested', 'approved')`;

export const TAB_CONDITIONS: Record<OrderTab, SQL> = {
  all: sql`true`,
  toPay: sql`o.state = 'toPay'`,
  toShip: sql`o.state = 'toShip'`,
  shipped: sql`o.state = 'shipped'`,
  completed: sql`o.state in ('received', 'completed')`,
  closed: sql`o.state = 'closed'`,
  refunding: REFUNDING,
};

const SORT_COLUMNS: Record<string, SQL> = {
  createdAt: sql`o.created_at`,
  paidAt: sql`o.paid_at`,
  total: sql`o.total_fen`,
};

/** ORDER BY with the id as tie-breaker so pages never overlap; unpaid orders sort last by payment time. */
export function orderSort(sort: string): SQL {
  const { field, descending } = parseSort(sort);
  const direction = descending ? sql`desc` : sql`asc`;
  const nulls = field === 'paidAt' ? sql` nulls last` : sql``;
  return sql`${SORT_COLUMNS[field]!} ${direction}${nulls}, o.id ${direction}`;
}

export function where(conditions: readonly SQL[]): SQL {
  return sql.join([...conditions], sql` and `);
}

export interface OrderListPage<Tab extends string> {
  rows: OrderRow[];
  counts: Record<Tab, number>;
}

/**
 * A page of orders for `conditions` and the tab, and the rows per tab for the same conditions, in
 * one statement (the counts read the created index alone, which carries the filtered columns): one
 * round trip and one pooled connection a list instead of two.
 */
export async function readOrderListPage<Tab extends string>(
  db: Executor,
  conditions: readonly SQL[],
  tabs: Record<Tab, SQL>,
  tab: Tab,
  order: SQL,
  limit: number,
  offset: number,
): Promise<OrderListPage<Tab>> {
  const list = await readListPage<OrderRowRecord, Record<Tab, number>>(db, {
    alias: 'o',
    page: sql`select o.id from orders o where ${where([...conditions, tabs[tab]])}
               order by ${order} limit ${limit} offset ${offset}`,
    counts: sql`select ${tabCounters(tabs)} from orders o where ${where(conditions)}`,
    rows: sql`select ${orderRowColumns()} from page join orders o on o.id = page.id`,
    order,
    prepareAs: 'order_list',
  });
  return { rows: list.rows.map(toOrderRow), counts: list.counts };
}

export async function countOrders(db: Executor, conditions: readonly SQL[]): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from orders o where ${where(conditions)}`,
  );
  return row?.count ?? 0;
}

interface OrderRowRecord extends Record<string, unknown> {
  id: number;
  order_no: string;
  type: OrderRow['Type'];
  source: OrderRow['Source'];
  state: OrderRow['State'];
  refund_state: OrderRow['RefundState'];
  delivery_type: OrderRow['DeliveryType'];
  buyer_id: string;
  buyer_name: string;
  buyer_phone: string;
  receiver_name: string;
  receiver_phone: string;
  goods_name: string;
  image: string;
  line_count: number;
  item_count: number;
  total_fen: number;
  paid_fen: number;
  refunded_fen: number;
  payment_method: OrderRow['PaymentMethod'];
  seller_remark: string;
  created_at: Date | string;
  paid_at: Date | string | null;
  version: number;
  ship_hold: OrderRow['ShipHold'];
}

/** The list's columns of the orders row `o`; the ship hold is asked of the activity modules each time. */
export function orderRowColumns(): SQL {
  return sql`o.id, o.order_no, o.type, o.source, o.state, o.refund_state, o.delivery_type,
  o.buyer_id, o.buyer_name, o.buyer_phone, o.receiver_name, o.receiver_phone, o.goods_name, o.image, o.line_count,
  o.item_count, o.total_fen, o.paid_fen, o.refunded_fen, o.payment_method, o.seller_remark, o.created_at, o.paid_at,
  o.version, ${shipHoldSql()} as ship_hold`;
}

export function isoTime(value: Date | string | null): string | null {
  return value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();
}

export function toOrderRow(record: OrderRowRecord): OrderRow {
  return {
    Id: record.id,
    OrderNo: record.order_no,
    Type: record.type,
    Source: record.source,
    State: record.state,
    RefundState: record.refund_state,
    DeliveryType: record.delivery_type,
    BuyerId: record.buyer_id,
    BuyerName: record.buyer_name,
    BuyerPhone: record.buyer_phone,
    ReceiverName: record.receiver_name,
    ReceiverPhone: record.receiver_phone,
    GoodsName: record.goods_name,
    Image: record.image,
    LineCount: record.line_count,
    ItemCount: record.item_count,
    TotalFen: record.total_fen,
    PaidFen: record.paid_fen,
    RefundedFen: record.refunded_fen,
    PaymentMethod: record.payment_method,
    SellerRemark: record.seller_remark,
    CreatedAt: isoTime(record.created_at)!,
    PaidAt: isoTime(record.paid_at),
    Version: record.version,
    ShipHold: record.ship_hold,
  };
}

export async function readOrderRows(
  db: Executor,
  conditions: readonly SQL[],
  order: SQL,
  limit: number,
  offset: number,
): Promise<OrderRow[]> {
  const records = await queryRows<OrderRowRecord>(
    db,
    sql`select ${orderRowColumns()} from orders o where ${where(conditions)}
         order by ${order} limit ${limit} offset ${offset}`,
    { prepareAs: 'order_rows' },
  );
  return records.map(toOrderRow);
}

/** The order list's page and its tab counts for the filters. */
export function readOrderList(
  db: Executor,
  viewer: OrderViewer,
  filters: OrderFilters,
  offset: number,
  limit: number,
): Promise<OrderListPage<OrderTab>> {
  return readOrderListPage(
    db,
    orderFilterConditions(viewer, filters),
    TAB_CONDITIONS,
    filters.tab,
    orderSort(filters.sort),
    limit,
    offset,
  );
}

/** One page of the order list for the filters and tab. */
export function readOrderPage(
  db: Executor,
  viewer: OrderViewer,
  filters: OrderFilters,
  offset: number,
  limit: number,
): Promise<OrderRow[]> {
  return readOrderRows(
    db,
    [...orderFilterConditions(viewer, filters), TAB_CONDITIONS[filters.tab]],
    orderSort(filters.sort),
    limit,
    offset,
  );
}
