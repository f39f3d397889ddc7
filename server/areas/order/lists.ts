import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  getRechargeOrders,
  getWaybills,
  RECHARGE_TABS,
  WAYBILL_TABS,
  waybillRowSchema,
} from '../../../contract/endpoints/orders';
import { parseSort, rangeProblems } from '../../../contract/list-query';
import type { Executor } from '../../db/client';
import { escapeLike, queryRows } from '../../db/query';
import { throwProblems } from './errors';
import { isoTime, timeBound, where } from './order-list';
import type { RechargeRecord } from './recharge';
import { rechargeOrders } from './tables';

/** The recharge order and printed waybill lists. */

type RechargeQuery = z.infer<(typeof getRechargeOrders)['input']>;
type RechargeTab = (typeof RECHARGE_TABS)[number];

export function rechargeConditions(siteId: number, query: RechargeQuery): SQL[] {
  throwProblems(rangeProblems(query, [['createdFrom', 'createdTo']]));
  const conditions = [sql`r.site_id = ${siteId}`];
  if (query.keyword) {
    const prefix = `${escapeLike(query.keyword)}%`;
    conditions.push(
      sql`(r.order_no like ${prefix} or r.phone like ${prefix} or r.buyer_phone like ${prefix}
           or r.buyer_name ilike ${`%${escapeLike(query.keyword)}%`})`,
    );
  }
  if (query.kind) conditions.push(sql`r.kind = ${query.kind}`);
  if (query.createdFrom) conditions.push(sql`r.created_at >= ${timeBound(query.createdFrom, false)}`);
  if (query.createdTo) conditions.push(sql`r.created_at < ${timeBound(query.createdTo, true)}`);
  return conditions;
}

export async function readRechargePage(
  db: Executor,
  conditions: readonly SQL[],
  query: RechargeQuery,
): Promise<{ rows: RechargeRecord[]; total: number; counts: Record<RechargeTab, number> }> {
  const tab = query.tab === 'all' ? sql`true` : sql`r.state = ${query.tab}`;
  const { field, descending } = parseSort(query.sort);
  const direction = descending ? sql`desc` : sql`asc`;
  const column = field === 'amount' ? sql`r.amount_fen` : sql`r.created_at`;
  const [ids, counts] = await Promise.all([
    queryRows<{ id: number }>(
      db,
      sql`select r.id from recharge_orders r where ${where([...conditions, tab])}
           order by ${column} ${direction}, r.id ${direction}
           limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    ),
    queryRows<{ state: string; count: number }>(
      db,
      sql`select r.state, count(*)::int as count from recharge_orders r where ${where(conditions)} group by r.state`,
    ),
  ]);
  const byState = new Map(counts.map((row) => [row.state, row.count]));
  const all = [...byState.values()].reduce((sum, count) => sum + count, 0);
  const tabCounts = {
    all,
    toPay: byState.get('toPay') ?? 0,
    paid: byState.get('paid') ?? 0,
    completed: byState.get('completed') ?? 0,
    refunded: byState.get('refunded') ?? 0,
    closed: byState.get('closed') ?? 0,
  } satisfies Record<RechargeTab, number>;
  const rows =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(rechargeOrders)
          .where(
            sql`${rechargeOrders.id} in (${sql.join(
              ids.map((row) => sql`${row.id}`),
              sql`, `,
            )})`,
          );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    rows: ids.map((row) => byId.get(row.id)!),
    total: query.tab === 'all' ? all : (tabCounts[query.tab] ?? 0),
    counts: tabCounts,
  };
}

type WaybillQuery = z.infer<(typeof getWaybills)['input']>;
type WaybillTab = (typeof WAYBILL_TABS)[number];

export function waybillConditions(siteId: number, query: WaybillQuery): SQL[] {
  throwProblems(rangeProblems(query, [['createdFrom', 'createdTo']]));
  const conditions = [sql`w.site_id = ${siteId}`];
  if (query.keyword) {
    const prefix = `${escapeLike(query.keyword)}%`;
    conditions.push(sql`(o.order_no like ${prefix} or w.tracking_no like ${prefix})`);
  }
  if (query.batchNo) conditions.push(sql`w.batch_no = ${query.batchNo}`);
  if (query.carrier) conditions.push(sql`w.carrier = ${query.carrier}`);
  if (query.createdFrom) conditions.push(sql`w.created_at >= ${timeBound(query.createdFrom, false)}`);
  if (query.createdTo) conditions.push(sql`w.created_at < ${timeBound(query.createdTo, true)}`);
  return conditions;
}

const WAYBILL_FROM = sql`waybills w join orders o on o.id = w.order_id join face_configs f on f.id = w.face_config_id`;

export async function readWaybillPage(
  db: Executor,
  conditions: readonly SQL[],
  query: WaybillQuery,
): Promise<{ rows: z.infer<typeof waybillRowSchema>[]; total: number; counts: Record<WaybillTab, number> }> {
  const tab = query.tab === 'all' ? sql`true` : sql`w.state = ${query.tab}`;
  const direction = query.sort.startsWith('-') ? sql`desc` : sql`asc`;
  const [records, counts] = await Promise.all([
    queryRows<{
      id: number;
      batch_no: string;
      order_id: number;
      order_no: string;
      carrier: z.infer<typeof waybillRowSchema>['Carrier'];
      tracking_no: string;
      state: z.infer<typeof waybillRowSchema>['State'];
      print_count: number;
      receiver: { Name: string };
      face_config_name: string;
      from_provider: boolean;
      created_at: Date;
      confirmed_at: Date | null;
      voided_at: Date | null;
    }>(
      db,
      sql`select w.id, w.batch_no, w.order_id, o.order_no, w.carrier, w.tracking_no, w.state, w.print_count,
                 w.receiver, f.name as face_config_name, w.from_provider, w.created_at, w.confirmed_at, w.voided_at
            from ${WAYBILL_FROM} where ${where([...conditions, tab])}
           order by w.created_at ${direction}, w.id ${direction}
           limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    ),
    queryRows<{ state: string; count: number }>(
      db,
      sql`select w.state, count(*)::int as count from ${WAYBILL_FROM} where ${where(conditions)} group by w.state`,
    ),
  ]);
  const byState = new Map(counts.map((row) => [row.state, row.count]));
  const tabCounts = {
    all: [...byState.values()].reduce((sum, count) => sum + count, 0),
    printed: byState.get('printed') ?? 0,
    confirmed: byState.get('confirmed') ?? 0,
    void: byState.get('void') ?? 0,
  } satisfies Record<WaybillTab, number>;
  return {
    rows: records.map((record) => ({
      Id: record.id,
      BatchNo: record.batch_no,
      OrderId: record.order_id,
      OrderNo: record.order_no,
      Carrier: record.carrier,
      TrackingNo: record.tracking_no,
      State: record.state,
      PrintCount: record.print_count,
      ReceiverName: record.receiver.Name,
      FaceConfigName: record.face_config_name,
      FromProvider: record.from_provider,
      CreatedAt: isoTime(record.created_at)!,
      ConfirmedAt: isoTime(record.confirmed_at),
      VoidedAt: isoTime(record.voided_at),
    })),
    total: tabCounts[query.tab],
    counts: tabCounts,
  };
}
