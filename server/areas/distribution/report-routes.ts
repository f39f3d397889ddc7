import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import * as report from '../../../contract/endpoints/commissions';
import { dateBound, parseSort } from '../../../contract/list-query';
import { EXPORT_MAX_ROWS } from '../../../contract/scalars';
import { shopDateTime } from '../../../contract/shop-time';
import { audit } from '../../audit';
import type { Executor } from '../../db/client';
import { containsPattern, queryRows } from '../../db/query';
import { shopDateSql } from '../../db/shop-time-sql';
import { pagedBatches, sendExport } from '../../export/send-export';
import type { ExportColumn } from '../../export/xlsx';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { type Locale, translate } from '../../i18n/messages';
import { readOrderCommission } from './commissions';
import { readPromoter } from './promoter-routes';
import { settleDueCommission } from './settlement';
import './messages';

/**
 * The settlement report (settlementReport): commission by promoter, by period and by order, each
 * order's breakdown (settlementOrderDetails), exports, and settling what is due now. Commission is
 * counted by the day its order was paid (the row's creation), in shop time.
 */

type Period = { from?: string; to?: string };

function periodConditions(input: Period): SQL[] {
  const where: SQL[] = [];
  if (input.from) where.push(sql`c.created_at >= ${dateBound(input.from, false).toISOString()}::timestamptz`);
  if (input.to) where.push(sql`c.created_at < ${dateBound(input.to, true).toISOString()}::timestamptz`);
  return where;
}

/** The sums of commission rows, for a SELECT over `commissions c`. */
const SUMS = sql`count(distinct c.order_id)::int as orders,
  coalesce(sum(c.amount_fen - c.void_fen) filter (where c.state = 'pending'), 0) as pending_fen,
  coalesce(sum(c.amount_fen - c.void_fen) filter (where c.state = 'settled'), 0) as settled_fen,
  coalesce(sum(c.void_fen), 0) as void_fen`;

interface SumsRecord extends Record<string, unknown> {
  orders: number;
  pending_fen: string | number;
  settled_fen: string | number;
  void_fen: string | number;
}

function totalsOf(record: SumsRecord | undefined): report.CommissionTotals {
  return {
    Orders: record?.orders ?? 0,
    PendingFen: Number(record?.pending_fen ?? 0),
    SettledFen: Number(record?.settled_fen ?? 0),
    VoidFen: Number(record?.void_fen ?? 0),
  };
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const yuan = (fen: number) => fen / 100;

// ---------------------------------------------------------------------------------------------
// By promoter

type PromoterQuery = Omit<z.infer<typeof report.getPromoterReport.input>, 'page' | 'pageSize'>;

interface PromoterSumsRecord extends SumsRecord {
  promoter_id: number;
  member_no: string;
  nickname: string;
  mobile: string;
}

function promoterReportWhere(siteId: number, input: PromoterQuery): SQL {
  const where = [sql`c.site_id = ${siteId}`, ...periodConditions(input)];
  if (input.keyword) {
    const pattern = containsPattern(input.keyword);
    where.push(
      sql`(m.nickname ilike ${pattern} or m.mobile ilike ${pattern} or m.member_no ilike ${pattern})`,
    );
  }
  return sql.join(where, sql` and `);
}

const PROMOTER_FROM = sql`commissions c join promoters p on p.id = c.promoter_id join members m on m.id = p.member_id`;

const REPORT_SORTS: Record<(typeof report.REPORT_SORTS)[number], SQL> = {
  pending: sql`pending_fen`,
  settled: sql`settled_fen`,
  void: sql`void_fen`,
  orders: sql`orders`,
};

async function readPromoterReport(
  db: Executor,
  siteId: number,
  input: PromoterQuery,
  offset: number,
  limit: number,
): Promise<report.PromoterReportRow[]> {
  const order = parseSort(input.sort);
  const direction = sql.raw(order.descending ? 'desc' : 'asc');
  const rows = await queryRows<PromoterSumsRecord>(
    db,
    sql`select p.id as promoter_id, m.member_no, m.nickname, m.mobile, ${SUMS}
          from ${PROMOTER_FROM} where ${promoterReportWhere(siteId, input)}
         group by p.id, m.member_no, m.nickname, m.mobile
         order by ${REPORT_SORTS[order.field]} ${direction}, p.id ${direction} limit ${limit} offset ${offset}`,
  );
  return rows.map((row) => ({
    PromoterId: row.promoter_id,
    MemberNo: row.member_no,
    Nickname: row.nickname,
    Mobile: row.mobile,
    ...totalsOf(row),
  }));
}

function totalsColumns<Row extends report.CommissionTotals>(locale: Locale): ExportColumn<Row>[] {
  const say = (key: string) => translate(locale, key);
  const money = { width: 14, numberFormat: '0.00' };
  return [
    { header: say('distribution.export.orderCount'), width: 10, value: (row) => row.Orders },
    { header: say('distribution.export.pending'), ...money, value: (row) => yuan(row.PendingFen) },
    { header: say('distribution.export.settled'), ...money, value: (row) => yuan(row.SettledFen) },
    { header: say('distribution.export.void'), ...money, value: (row) => yuan(row.VoidFen) },
  ];
}

// ---------------------------------------------------------------------------------------------
// By period

type PeriodQuery = Omit<z.infer<typeof report.getPeriodReport.input>, 'page' | 'pageSize'>;

function periodKey(unit: PeriodQuery['unit']): SQL {
  return unit === 'month'
    ? sql`to_char(${shopDateSql('c.created_at')}, 'YYYY-MM')`
    : sql`to_char(${shopDateSql('c.created_at')}, 'YYYY-MM-DD')`;
}

async function readPeriodReport(
  db: Executor,
  siteId: number,
  input: PeriodQuery,
  offset: number,
  limit: number,
): Promise<report.PeriodReportRow[]> {
  const where = sql.join([sql`c.site_id = ${siteId}`, ...periodConditions(input)], sql` and `);
  const direction = sql.raw(parseSort(input.sort).descending ? 'desc' : 'asc');
  const rows = await queryRows<SumsRecord & { period: string }>(
    db,
    sql`select ${periodKey(input.unit)} as period, ${SUMS} from commissions c where ${where}
         group by 1 order by 1 ${direction} limit ${limit} offset ${offset}`,
  );
  return rows.map((row) => ({ Period: row.period, ...totalsOf(row) }));
}

// ---------------------------------------------------------------------------------------------
// By order

type OrderQuery = Omit<z.infer<typeof report.getCommissionOrderList.input>, 'page' | 'pageSize'>;

interface OrderRecord extends Record<string, unknown> {
  order_id: number;
  order_no: string;
  buyer_name: string;
  buyer_member_no: string;
  order_state: report.CommissionOrderRow['OrderState'];
  paid_fen: number;
  refunded_fen: number;
  level1_name: string;
  level1_fen: string | number;
  level2_name: string;
  level2_fen: string | number;
  pending_fen: string | number;
  settled_fen: string | number;
  void_fen: string | number;
  paid_at: Date | string;
}

function orderConditions(siteId: number, input: Omit<OrderQuery, 'state' | 'sort'>): SQL[] {
  const where = [sql`c.site_id = ${siteId}`, ...periodConditions(input)];
  if (input.promoterId !== undefined) where.push(sql`c.promoter_id = ${input.promoterId}`);
  if (input.keyword) {
    const pattern = containsPattern(input.keyword);
    where.push(sql`(c.order_no ilike ${pattern} or b.nickname ilike ${pattern} or b.member_no ilike ${pattern}
                    or pm.nickname ilike ${pattern} or pm.member_no ilike ${pattern})`);
  }
  return where;
}

const ORDER_FROM = sql`commissions c join members b on b.id = c.buyer_member_id
  join promoters p on p.id = c.promoter_id join members pm on pm.id = p.member_id`;

/** Orders with a commission row matching the filters, one row each with all of its commission. */
function matchingOrders(siteId: number, input: Omit<OrderQuery, 'sort'>): SQL {
  const where = orderConditions(siteId, input);
  if (input.state !== 'all') where.push(sql`c.state = ${input.state}`);
  return sql`(select distinct c.order_id from ${ORDER_FROM} where ${sql.join(where, sql` and `)})`;
}

const earner = (level: 1 | 2) =>
  sql`coalesce(string_agg(distinct coalesce(nullif(pm.nickname, ''), pm.member_no), ', ')
        filter (where c.level = ${level}), '')`;

async function readOrders(
  db: Executor,
  siteId: number,
  input: OrderQuery,
  offset: number,
  limit: number,
): Promise<report.CommissionOrderRow[]> {
  const direction = sql.raw(parseSort(input.sort).descending ? 'desc' : 'asc');
  const rows = await queryRows<OrderRecord>(
    db,
    sql`select o.id as order_id, o.order_no, coalesce(nullif(b.nickname, ''), o.buyer_name) as buyer_name,
               b.member_no as buyer_member_no, o.state as order_state, o.paid_fen, o.refunded_fen,
               ${earner(1)} as level1_name,
               coalesce(sum(c.amount_fen - c.void_fen) filter (where c.level = 1 and c.state <> 'void'), 0) as level1_fen,
               ${earner(2)} as level2_name,
               coalesce(sum(c.amount_fen - c.void_fen) filter (where c.level = 2 and c.state <> 'void'), 0) as level2_fen,
               coalesce(sum(c.amount_fen - c.void_fen) filter (where c.state = 'pending'), 0) as pending_fen,
               coalesce(sum(c.amount_fen - c.void_fen) filter (where c.state = 'settled'), 0) as settled_fen,
               coalesce(sum(c.void_fen), 0) as void_fen, o.paid_at
          from ${ORDER_FROM} join orders o on o.id = c.order_id
         where c.order_id in ${matchingOrders(siteId, input)}
         group by o.id, o.order_no, b.nickname, o.buyer_name, b.member_no, o.state, o.paid_fen, o.refunded_fen, o.paid_at
         order by o.paid_at ${direction}, o.id ${direction} limit ${limit} offset ${offset}`,
  );
  return rows.map((row) => ({
    OrderId: row.order_id,
    OrderNo: row.order_no,
    BuyerName: row.buyer_name,
    BuyerMemberNo: row.buyer_member_no,
    OrderState: row.order_state,
    PaidFen: row.paid_fen,
    RefundedFen: row.refunded_fen,
    Level1Name: row.level1_name,
    Level1Fen: Number(row.level1_fen),
    Level2Name: row.level2_name,
    Level2Fen: Number(row.level2_fen),
    PendingFen: Number(row.pending_fen),
    SettledFen: Number(row.settled_fen),
    VoidFen: Number(row.void_fen),
    PaidAt: iso(row.paid_at)!,
  }));
}

function orderColumns(locale: Locale): ExportColumn<report.CommissionOrderRow>[] {
  const say = (key: string) => translate(locale, key);
  const money = { width: 14, numberFormat: '0.00' };
  return [
    { header: say('distribution.export.orderNo'), width: 22, value: (row) => row.OrderNo },
    {
      header: say('distribution.export.paidAt'),
      width: 20,
      value: (row) => shopDateTime(new Date(row.PaidAt)),
    },
    { header: say('distribution.export.buyer'), width: 16, value: (row) => row.BuyerName },
    { header: say('distribution.export.paid'), ...money, value: (row) => yuan(row.PaidFen) },
    { header: say('distribution.export.refunded'), ...money, value: (row) => yuan(row.RefundedFen) },
    { header: say('distribution.export.level1'), width: 16, value: (row) => row.Level1Name },
    { header: say('distribution.export.level1Fen'), ...money, value: (row) => yuan(row.Level1Fen) },
    { header: say('distribution.export.level2'), width: 16, value: (row) => row.Level2Name },
    { header: say('distribution.export.level2Fen'), ...money, value: (row) => yuan(row.Level2Fen) },
    { header: say('distribution.export.pending'), ...money, value: (row) => yuan(row.PendingFen) },
    { header: say('distribution.export.settled'), ...money, value: (row) => yuan(row.SettledFen) },
    { header: say('distribution.export.void'), ...money, value: (row) => yuan(row.VoidFen) },
  ];
}

export const reportRoutes = [
  defineRoute(report.getPromoterReport, async ({ db, session, input }) => {
    const [rows, [totals], [count]] = await Promise.all([
      readPromoterReport(db, session.siteId, input, (input.page - 1) * input.pageSize, input.pageSize),
      queryRows<SumsRecord>(
        db,
        sql`select ${SUMS} from ${PROMOTER_FROM} where ${promoterReportWhere(session.siteId, input)}`,
      ),
      queryRows<{ total: number }>(
        db,
        sql`select count(distinct c.promoter_id)::int as total from ${PROMOTER_FROM}
             where ${promoterReportWhere(session.siteId, input)}`,
      ),
    ]);
    return { Data: rows, Total: count?.total ?? 0, Totals: totalsOf(totals) };
  }),

  defineRoute(report.exportPromoterReport, async ({ db, session, input, locale, reply }) => {
    const say = (key: string) => translate(locale, key);
    sendExport(reply, {
      format: input.format,
      fileName: say('distribution.export.report'),
      asciiName: 'commission-by-promoter',
      sheetName: say('distribution.export.report'),
      columns: [
        { header: say('distribution.export.memberNo'), width: 14, value: (row) => row.MemberNo },
        { header: say('distribution.export.nickname'), width: 16, value: (row) => row.Nickname },
        { header: say('distribution.export.mobile'), width: 14, value: (row) => row.Mobile },
        ...totalsColumns<report.PromoterReportRow>(locale),
      ],
      batches: pagedBatches(
        (offset, limit) => readPromoterReport(db, session.siteId, input, offset, limit),
        EXPORT_MAX_ROWS,
      ),
    });
    return undefined;
  }),

  defineRoute(report.getPeriodReport, async ({ db, session, input }) => {
    const where = sql.join([sql`c.site_id = ${session.siteId}`, ...periodConditions(input)], sql` and `);
    const [rows, [totals], [count]] = await Promise.all([
      readPeriodReport(db, session.siteId, input, (input.page - 1) * input.pageSize, input.pageSize),
      queryRows<SumsRecord>(db, sql`select ${SUMS} from commissions c where ${where}`),
      queryRows<{ total: number }>(
        db,
        sql`select count(distinct ${periodKey(input.unit)})::int as total from commissions c where ${where}`,
      ),
    ]);
    return { Data: rows, Total: count?.total ?? 0, Totals: totalsOf(totals) };
  }),

  defineRoute(report.exportPeriodReport, async ({ db, session, input, locale, reply }) => {
    const say = (key: string) => translate(locale, key);
    sendExport(reply, {
      format: input.format,
      fileName: say('distribution.export.periods'),
      asciiName: 'commission-by-period',
      sheetName: say('distribution.export.periods'),
      columns: [
        { header: say('distribution.export.period'), width: 12, value: (row) => row.Period },
        ...totalsColumns<report.PeriodReportRow>(locale),
      ],
      batches: pagedBatches(
        (offset, limit) => readPeriodReport(db, session.siteId, input, offset, limit),
        EXPORT_MAX_ROWS,
      ),
    });
    return undefined;
  }),

  defineRoute(report.getCommissionOrderList, async ({ db, session, input }) => {
    const promoter =
      input.promoterId === undefined
        ? null
        : await readPromoter(db, session.siteId, input.promoterId, 'promoterId');
    const tab = (state: (typeof report.COMMISSION_ORDER_TABS)[number]) =>
      sql`(select count(*)::int from ${matchingOrders(session.siteId, { ...input, state })} counted)`;
    const [rows, [counts]] = await Promise.all([
      readOrders(db, session.siteId, input, (input.page - 1) * input.pageSize, input.pageSize),
      queryRows<Record<(typeof report.COMMISSION_ORDER_TABS)[number], number>>(
        db,
        sql`select ${tab('all')} as "all", ${tab('pending')} as pending, ${tab('settled')} as settled,
                   ${tab('void')} as void`,
      ),
    ]);
    return {
      Data: rows,
      Total: counts![input.state],
      Counts: counts!,
      PromoterName: promoter ? promoter.Nickname || promoter.MemberNo : '',
    };
  }),

  defineRoute(report.exportCommissionOrderList, async ({ db, session, input, locale, reply }) => {
    sendExport(reply, {
      format: input.format,
      fileName: translate(locale, 'distribution.export.orders'),
      asciiName: 'commission-orders',
      sheetName: translate(locale, 'distribution.export.orders'),
      columns: orderColumns(locale),
      batches: pagedBatches(
        (offset, limit) => readOrders(db, session.siteId, input, offset, limit),
        EXPORT_MAX_ROWS,
      ),
    });
    return undefined;
  }),

  defineRoute(report.getSettlementOrderDetails, async ({ db, session, input }) => {
    const [order] = await queryRows<{
      id: number;
      order_no: string;
      state: report.CommissionOrderRow['OrderState'];
      refund_state: 'none' | 'requested' | 'approved' | 'rejected' | 'refunded';
      buyer_name: string;
      buyer_member_no: string;
      buyer_id: string;
      source: string;
      goods_fen: number;
      freight_fen: number;
      paid_fen: number;
      refunded_fen: number;
      paid_at: Date | null;
      received_at: Date | null;
      completed_at: Date | null;
      complete_due_at: Date | null;
    }>(
      db,
      sql`select o.id, o.order_no, o.state, o.refund_state, coalesce(nullif(m.nickname, ''), o.buyer_name) as buyer_name,
                 coalesce(m.member_no, '') as buyer_member_no, o.buyer_id, o.source, o.goods_fen, o.freight_fen,
                 o.paid_fen, o.refunded_fen, o.paid_at, o.received_at, o.completed_at, o.complete_due_at
            from orders o left join members m on m.site_id = o.site_id and m.open_id = o.buyer_id
           where o.id = ${input.id} and o.site_id = ${session.siteId}`,
    );
    if (!order) throw new AppError('distribution.order.notFound', { id: input.id }, { field: 'id' });
    const commission = await readOrderCommission(db, {
      id: order.id,
      siteId: session.siteId,
      orderNo: order.order_no,
      source: order.source,
      buyerId: order.buyer_id,
      paidFen: order.paid_fen,
      freightFen: order.freight_fen,
      refundedFen: order.refunded_fen,
      receivedAt: order.received_at,
      completedAt: order.completed_at,
      completeDueAt: order.complete_due_at,
    });
    return {
      Order: {
        Id: order.id,
        OrderNo: order.order_no,
        State: order.state,
        RefundState: order.refund_state,
        BuyerName: order.buyer_name,
        BuyerMemberNo: order.buyer_member_no,
        GoodsFen: order.goods_fen,
        FreightFen: order.freight_fen,
        PaidFen: order.paid_fen,
        RefundedFen: order.refunded_fen,
        PaidAt: iso(order.paid_at),
        ReceivedAt: iso(order.received_at),
        CompletedAt: iso(order.completed_at),
      },
      Commission: commission ?? {
        BaseFen: 0,
        Rows: [],
        PendingFen: 0,
        SettledFen: 0,
        VoidFen: 0,
        DueAt: null,
      },
    };
  }),

  defineRoute(report.settleDueCommission, async ({ db, session }) => {
    const result = await settleDueCommission(db, new Date(), session.siteId);
    await audit(db, session, 'distribution.settle', `site:${session.siteId}`, result);
    return { Settled: result.settled, SettledFen: result.settledFen };
  }),
];
