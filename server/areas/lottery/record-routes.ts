import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import * as lotteries from '../../../contract/endpoints/lotteries';
import { dateBound, parseSort } from '../../../contract/list-query';
import { lotteryRecordMachine } from '../../../contract/machines/lottery';
import type { Address } from '../../../contract/machines/order';
import { EXPORT_MAX_ROWS } from '../../../contract/scalars';
import { shopDateTime } from '../../../contract/shop-time';
import { stateLabelKey } from '../../../contract/state-machine';
import { audit } from '../../audit';
import type { Executor } from '../../db/client';
import { containsPattern, queryRows } from '../../db/query';
import { pagedBatches, sendExport } from '../../export/send-export';
import type { ExportColumn } from '../../export/xlsx';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { type Locale, translate } from '../../i18n/messages';
import { type DrawRecord, lockRecord, shipPrize } from './draw';
import './messages';

/** Draw records (lotteryDetails): by delivery state, filtered, exported; goods prizes shipped here. */

type ListQuery = Omit<z.infer<typeof lotteries.getLotteryRecordList.input>, 'page' | 'pageSize'>;

interface RowRecord extends Record<string, unknown> {
  id: number;
  record_no: string;
  lottery_id: number;
  lottery_title: string;
  member_id: number;
  member_no: string;
  member_name: string;
  outcome: DrawRecord['outcome'];
  prize_id: number | null;
  prize_name: string;
  state: DrawRecord['state'];
  points_spent: number;
  receiver_name: string;
  receiver_phone: string;
  address: Address | null;
  carrier: DrawRecord['carrier'];
  tracking_no: string;
  created_at: Date | string;
}

const ROW_COLUMNS = sql`r.id, r.record_no, r.lottery_id, a.title as lottery_title, r.member_id, m.member_no,
  coalesce(nullif(m.nickname, ''), m.member_no) as member_name, r.outcome, r.prize_id, r.prize_name, r.state,
  r.points_spent, r.receiver_name, r.receiver_phone, r.address, r.carrier, r.tracking_no, r.created_at`;

const ROW_FROM = sql`lottery_records r join members m on m.id = r.member_id
  join marketing_activities a on a.id = r.lottery_id`;

function addressText(address: Address | null): string {
  return address ? `${address.Province}${address.City}${address.District}${address.Detail}` : '';
}

function recordRow(record: RowRecord): lotteries.RecordRow {
  return {
    Id: record.id,
    RecordNo: record.record_no,
    LotteryId: record.lottery_id,
    LotteryTitle: record.lottery_title,
    MemberId: record.member_id,
    MemberNo: record.member_no,
    MemberName: record.member_name,
    Outcome: record.outcome,
    PrizeId: record.prize_id,
    PrizeName: record.prize_name,
    State: record.state,
    PointsSpent: record.points_spent,
    ReceiverName: record.receiver_name,
    ReceiverPhone: record.receiver_phone,
    AddressText: addressText(record.address),
    Carrier: record.carrier,
    TrackingNo: record.tracking_no,
    CreatedAt: new Date(record.created_at).toISOString(),
  };
}

function listConditions(siteId: number, input: Omit<ListQuery, 'state' | 'sort'>): SQL[] {
  const where: SQL[] = [sql`r.site_id = ${siteId}`];
  if (input.lotteryId) where.push(sql`r.lottery_id = ${input.lotteryId}`);
  if (input.outcome) where.push(sql`r.outcome = ${input.outcome}`);
  if (input.keyword) {
    const pattern = containsPattern(input.keyword);
    where.push(sql`(r.record_no ilike ${pattern} or r.tracking_no ilike ${pattern} or r.receiver_name ilike ${pattern}
                    or r.receiver_phone ilike ${pattern} or r.prize_name ilike ${pattern}
                    or m.nickname ilike ${pattern} or m.member_no ilike ${pattern} or m.mobile ilike ${pattern})`);
  }
  if (input.createdFrom)
    where.push(sql`r.created_at >= ${dateBound(input.createdFrom, false).toISOString()}::timestamptz`);
  if (input.createdTo)
    where.push(sql`r.created_at < ${dateBound(input.createdTo, true).toISOString()}::timestamptz`);
  return where;
}

function readRows(db: Executor, siteId: number, input: ListQuery, offset: number, limit: number) {
  const where = listConditions(siteId, input);
  if (input.state !== 'all') where.push(sql`r.state = ${input.state}`);
  const direction = sql.raw(parseSort(input.sort).descending ? 'desc' : 'asc');
  return queryRows<RowRecord>(
    db,
    sql`select ${ROW_COLUMNS} from ${ROW_FROM} where ${sql.join(where, sql` and `)}
         order by r.created_at ${direction}, r.id ${direction} limit ${limit} offset ${offset}`,
  );
}

async function readRow(db: Executor, siteId: number, id: number): Promise<RowRecord> {
  const [record] = await queryRows<RowRecord>(
    db,
    sql`select ${ROW_COLUMNS} from ${ROW_FROM} where r.id = ${id} and r.site_id = ${siteId}`,
  );
  if (!record) throw new AppError('lottery.record.notFound', { id }, { field: 'Id' });
  return record;
}

function exportColumns(locale: Locale): ExportColumn<RowRecord>[] {
  const say = (key: string) => translate(locale, key);
  return [
    { header: say('lottery.export.recordNo'), width: 22, value: (row) => row.record_no },
    {
      header: say('lottery.export.createdAt'),
      width: 20,
      value: (row) => shopDateTime(new Date(row.created_at)),
    },
    { header: say('lottery.export.lottery'), width: 20, value: (row) => row.lottery_title },
    { header: say('lottery.export.memberNo'), width: 14, value: (row) => row.member_no },
    { header: say('lottery.export.member'), width: 14, value: (row) => row.member_name },
    {
      header: say('lottery.export.outcome'),
      width: 10,
      value: (row) => say(`lottery.outcome.${row.outcome}`),
    },
    { header: say('lottery.export.prize'), width: 20, value: (row) => row.prize_name },
    {
      header: say('lottery.export.state'),
      width: 10,
      value: (row) => say(stateLabelKey(lotteryRecordMachine, row.state)),
    },
    { header: say('lottery.export.points'), width: 10, value: (row) => row.points_spent },
    { header: say('lottery.export.receiver'), width: 12, value: (row) => row.receiver_name },
    { header: say('lottery.export.phone'), width: 14, value: (row) => row.receiver_phone },
    { header: say('lottery.export.address'), width: 36, value: (row) => addressText(row.address) },
    { header: say('lottery.export.carrier'), width: 10, value: (row) => row.carrier ?? '' },
    { header: say('lottery.export.trackingNo'), width: 20, value: (row) => row.tracking_no },
  ];
}

export const recordRoutes = [
  defineRoute(lotteries.getLotteryRecordList, async ({ db, session, input }) => {
    const where = sql.join(listConditions(session.siteId, input), sql` and `);
    const [records, [counts]] = await Promise.all([
      readRows(db, session.siteId, input, (input.page - 1) * input.pageSize, input.pageSize),
      queryRows<Record<(typeof lotteries.RECORD_TABS)[number], number>>(
        db,
        sql`select count(*)::int as "all",
                   (count(*) filter (where r.state = 'none'))::int as none,
                   (count(*) filter (where r.state = 'delivered'))::int as delivered,
                   (count(*) filter (where r.state = 'toShip'))::int as "toShip",
                   (count(*) filter (where r.state = 'shipped'))::int as shipped,
                   (count(*) filter (where r.state = 'received'))::int as received
              from ${ROW_FROM} where ${where}`,
      ),
    ]);
    return { Data: records.map(recordRow), Total: counts![input.state], Counts: counts! };
  }),

  defineRoute(lotteries.exportLotteryRecordList, async ({ db, session, input, locale, reply }) => {
    sendExport(reply, {
      format: input.format,
      fileName: translate(locale, 'lottery.export.records'),
      asciiName: 'lottery-records',
      sheetName: translate(locale, 'lottery.export.records'),
      columns: exportColumns(locale),
      batches: pagedBatches(
        (offset, limit) => readRows(db, session.siteId, input, offset, limit),
        EXPORT_MAX_ROWS,
      ),
    });
    return undefined;
  }),

  defineRoute(lotteries.shipLotteryPrize, async ({ db, session, input, locale }) =>
    db.transaction(async (tx) => {
      const record = await lockRecord(tx, session.siteId, { id: input.Id });
      await shipPrize({ tx, now: new Date(), locale }, record, {
        carrier: input.Carrier,
        trackingNo: input.TrackingNo ?? '',
      });
      await audit(tx, session, 'lottery.ship', `lotteryRecord:${input.Id}`, {
        recordNo: record.recordNo,
        carrier: input.Carrier,
        trackingNo: input.TrackingNo ?? '',
      });
      return { Record: recordRow(await readRow(tx, session.siteId, input.Id)) };
    }),
  ),
];
