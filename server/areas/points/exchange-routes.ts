import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import * as exchanges from '../../../contract/endpoints/points-exchange';
import { dateBound, parseSort } from '../../../contract/list-query';
import { exchangeMachine } from '../../../contract/machines/points-exchange';
import { EXPORT_MAX_ROWS } from '../../../contract/scalars';
import { shopDateTime } from '../../../contract/shop-time';
import { stateLabelKey } from '../../../contract/state-machine';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { Executor } from '../../db/client';
import { containsPattern, queryRows } from '../../db/query';
import { pagedBatches, sendExport } from '../../export/send-export';
import type { ExportColumn } from '../../export/xlsx';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { type Locale, translate } from '../../i18n/messages';
import {
  cancelExchangeOrder,
  type ExchangeContext,
  type ExchangeRecord,
  lockExchange,
  shipExchange,
} from './exchange';
import './messages';
import { pointsExchangeLog, pointsExchanges } from './tables';

/** Exchange orders (exchangeOrderList, integralOrderDetails): listed by state, shipped, cancelled, exported. */

type ListQuery = Omit<z.infer<typeof exchanges.getExchangeList.input>, 'page' | 'pageSize'>;

interface RowRecord extends Record<string, unknown> {
  id: number;
  exchange_no: string;
  state: ExchangeRecord['state'];
  kind: ExchangeRecord['kind'];
  goods_id: number;
  title: string;
  image: string;
  quantity: number;
  points: number;
  cash_fen: number;
  created_at: Date | string;
  member_id: number;
  member_no: string;
  member_name: string;
  receiver_name: string;
  receiver_phone: string;
  carrier: ExchangeRecord['carrier'];
  tracking_no: string;
  version: number;
  address: ExchangeRecord['address'];
  member_mobile: string;
}

const ROW_COLUMNS = sql`x.id, x.exchange_no, x.state, x.kind, x.goods_id, x.title, x.image, x.quantity, x.points,
  x.cash_fen, x.created_at, x.member_id, m.member_no, coalesce(nullif(m.nickname, ''), m.member_no) as member_name,
  x.receiver_name, x.receiver_phone, x.carrier, x.tracking_no, x.version, x.address, m.mobile as member_mobile`;

const ROW_FROM = sql`points_exchanges x join members m on m.id = x.member_id`;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function exchangeRow(record: RowRecord): exchanges.ExchangeRow {
  return {
    Id: record.id,
    ExchangeNo: record.exchange_no,
    State: record.state,
    Kind: record.kind,
    GoodsId: record.goods_id,
    Title: record.title,
    Image: record.image,
    Quantity: record.quantity,
    Points: record.points,
    CashFen: record.cash_fen,
    CreatedAt: iso(record.created_at)!,
    MemberId: record.member_id,
    MemberNo: record.member_no,
    MemberName: record.member_name,
    ReceiverName: record.receiver_name,
    ReceiverPhone: record.receiver_phone,
    Carrier: record.carrier,
    TrackingNo: record.tracking_no,
    Version: record.version,
  };
}

function listConditions(siteId: number, input: Omit<ListQuery, 'state' | 'sort'>): SQL[] {
  const where: SQL[] = [sql`x.site_id = ${siteId}`];
  if (input.keyword) {
    const pattern = containsPattern(input.keyword);
    where.push(sql`(x.exchange_no ilike ${pattern} or x.tracking_no ilike ${pattern} or x.title ilike ${pattern}
                    or x.receiver_name ilike ${pattern} or x.receiver_phone ilike ${pattern}
                    or m.nickname ilike ${pattern} or m.member_no ilike ${pattern} or m.mobile ilike ${pattern})`);
  }
  if (input.kind) where.push(sql`x.kind = ${input.kind}`);
  if (input.createdFrom)
    where.push(sql`x.created_at >= ${dateBound(input.createdFrom, false).toISOString()}::timestamptz`);
  if (input.createdTo)
    where.push(sql`x.created_at < ${dateBound(input.createdTo, true).toISOString()}::timestamptz`);
  return where;
}

async function readRows(
  db: Executor,
  siteId: number,
  input: ListQuery,
  offset: number,
  limit: number,
): Promise<RowRecord[]> {
  const where = listConditions(siteId, input);
  if (input.state !== 'all') where.push(sql`x.state = ${input.state}`);
  const direction = sql.raw(parseSort(input.sort).descending ? 'desc' : 'asc');
  return queryRows<RowRecord>(
    db,
    sql`select ${ROW_COLUMNS} from ${ROW_FROM} where ${sql.join(where, sql` and `)}
         order by x.created_at ${direction}, x.id ${direction} limit ${limit} offset ${offset}`,
  );
}

async function readRow(db: Executor, siteId: number, id: number): Promise<RowRecord> {
  const [record] = await queryRows<RowRecord>(
    db,
    sql`select ${ROW_COLUMNS} from ${ROW_FROM} where x.id = ${id} and x.site_id = ${siteId}`,
  );
  if (!record) throw new AppError('points.exchange.notFound', { id }, { field: 'Id' });
  return record;
}

function addressText(address: ExchangeRecord['address']): string {
  return address ? `${address.Province}${address.City}${address.District}${address.Detail}` : '';
}

function exportColumns(locale: Locale): ExportColumn<RowRecord>[] {
  const say = (key: string) => translate(locale, key);
  return [
    { header: say('points.export.exchangeNo'), width: 22, value: (row) => row.exchange_no },
    {
      header: say('points.export.createdAt'),
      width: 20,
      value: (row) => shopDateTime(new Date(row.created_at)),
    },
    {
      header: say('points.export.state'),
      width: 10,
      value: (row) => say(stateLabelKey(exchangeMachine, row.state)),
    },
    { header: say('points.export.goods'), width: 24, value: (row) => row.title },
    { header: say('points.export.kind'), width: 14, value: (row) => say(`points.kind.${row.kind}`) },
    { header: say('points.export.quantity'), width: 8, value: (row) => row.quantity },
    { header: say('points.export.points'), width: 10, value: (row) => row.points },
    {
      header: say('points.export.cash'),
      width: 10,
      numberFormat: '0.00',
      value: (row) => row.cash_fen / 100,
    },
    { header: say('points.export.memberNo'), width: 14, value: (row) => row.member_no },
    { header: say('points.export.member'), width: 14, value: (row) => row.member_name },
    { header: say('points.export.receiver'), width: 12, value: (row) => row.receiver_name },
    { header: say('points.export.phone'), width: 14, value: (row) => row.receiver_phone },
    { header: say('points.export.address'), width: 36, value: (row) => addressText(row.address) },
    { header: say('points.export.carrier'), width: 10, value: (row) => row.carrier ?? '' },
    { header: say('points.export.trackingNo'), width: 20, value: (row) => row.tracking_no },
  ];
}

function operatorContext(tx: Executor, session: Session, locale: Locale): ExchangeContext {
  return {
    tx,
    siteId: session.siteId,
    actor: { kind: 'operator', accountId: session.accountId, name: session.userName },
    now: new Date(),
    locale,
  };
}

const target = (id: number) => `pointsExchange:${id}`;

export const exchangeRoutes = [
  defineRoute(exchanges.getExchangeList, async ({ db, session, input }) => {
    const where = sql.join(listConditions(session.siteId, input), sql` and `);
    const [records, [counts]] = await Promise.all([
      readRows(db, session.siteId, input, (input.page - 1) * input.pageSize, input.pageSize),
      queryRows<Record<(typeof exchanges.EXCHANGE_TABS)[number], number>>(
        db,
        sql`select count(*)::int as "all",
                   (count(*) filter (where x.state = 'toPay'))::int as "toPay",
                   (count(*) filter (where x.state = 'toShip'))::int as "toShip",
                   (count(*) filter (where x.state = 'shipped'))::int as shipped,
                   (count(*) filter (where x.state = 'completed'))::int as completed,
                   (count(*) filter (where x.state = 'cancelled'))::int as cancelled
              from ${ROW_FROM} where ${where}`,
      ),
    ]);
    return { Data: records.map(exchangeRow), Total: counts![input.state], Counts: counts! };
  }),

  defineRoute(exchanges.exportExchangeList, async ({ db, session, input, locale, reply }) => {
    sendExport(reply, {
      format: input.format,
      fileName: translate(locale, 'points.export.exchanges'),
      asciiName: 'exchange-orders',
      sheetName: translate(locale, 'points.export.exchanges'),
      columns: exportColumns(locale),
      batches: pagedBatches(
        (offset, limit) => readRows(db, session.siteId, input, offset, limit),
        EXPORT_MAX_ROWS,
      ),
    });
    return undefined;
  }),

  defineRoute(exchanges.getExchangeInfo, async ({ db, session, input }) => {
    const row = await readRow(db, session.siteId, input.id);
    const [[record], tickets, log] = await Promise.all([
      db.select().from(pointsExchanges).where(eq(pointsExchanges.id, row.id)),
      queryRows<{ code: string; state: string; valid_until: Date | string }>(
        db,
        sql`select code, state, valid_until from tickets where exchange_id = ${row.id} order by id`,
      ),
      db
        .select()
        .from(pointsExchangeLog)
        .where(eq(pointsExchangeLog.exchangeId, row.id))
        .orderBy(asc(pointsExchangeLog.id)),
    ]);
    const exchange = record!;
    return {
      ...exchangeRow(row),
      MemberMobile: row.member_mobile,
      ProductId: exchange.productId,
      UnitPoints: exchange.unitPoints,
      UnitCashFen: exchange.unitCashFen,
      Address: exchange.address,
      BuyerRemark: exchange.buyerRemark,
      PaymentMethod: exchange.paymentMethod,
      TransactionNo: exchange.transactionNo,
      CancelReason: exchange.cancelReason,
      PayDueAt: iso(exchange.payDueAt),
      PaidAt: iso(exchange.paidAt),
      ShippedAt: iso(exchange.shippedAt),
      CompletedAt: iso(exchange.completedAt),
      CancelledAt: iso(exchange.cancelledAt),
      Tickets: tickets.map((ticket) => ({
        Code: ticket.code,
        State: ticket.state,
        ValidUntil: iso(ticket.valid_until)!,
      })),
      Log: log.map((entry) => ({
        Event: entry.event,
        Actor: entry.actor,
        ActorName: entry.actorName,
        Detail: entry.detail as Record<string, string | number>,
        At: iso(entry.at)!,
      })),
    };
  }),

  defineRoute(exchanges.shipExchange, async ({ db, session, input, locale }) =>
    db.transaction(async (tx) => {
      const exchange = await lockExchange(tx, session.siteId, { id: input.Id });
      await shipExchange(operatorContext(tx, session, locale), exchange, {
        carrier: input.Carrier,
        trackingNo: input.TrackingNo ?? '',
      });
      await audit(tx, session, 'pointsExchange.ship', target(input.Id), {
        exchangeNo: exchange.exchangeNo,
        carrier: input.Carrier,
        trackingNo: input.TrackingNo ?? '',
      });
      return { Exchange: exchangeRow(await readRow(tx, session.siteId, input.Id)) };
    }),
  ),

  defineRoute(exchanges.cancelExchange, async ({ db, session, input, locale }) =>
    db.transaction(async (tx) => {
      const exchange = await lockExchange(tx, session.siteId, { id: input.Id });
      await cancelExchangeOrder(operatorContext(tx, session, locale), exchange, 'cancel', input.Reason);
      await audit(tx, session, 'pointsExchange.cancel', target(input.Id), {
        exchangeNo: exchange.exchangeNo,
        reason: input.Reason,
        points: exchange.points,
        cashFen: exchange.cashFen,
      });
      return { Exchange: exchangeRow(await readRow(tx, session.siteId, input.Id)) };
    }),
  ),
];
