import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import * as points from '../../../contract/endpoints/points';
import { dateBound, parseSort } from '../../../contract/list-query';
import { nextExpiry, type PointsExpiryRule } from '../../../contract/points';
import { EXPORT_MAX_ROWS } from '../../../contract/scalars';
import { shopDate, shopDateTime, shopDayStart } from '../../../contract/shop-time';
import { audit } from '../../audit';
import type { Executor } from '../../db/client';
import { containsPattern, queryRows } from '../../db/query';
import { shopDateSql } from '../../db/shop-time-sql';
import { pagedBatches, sendExport } from '../../export/send-export';
import type { ExportColumn } from '../../export/xlsx';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { refuseStale } from '../../http/stale';
import { type Locale, translate } from '../../i18n/messages';
import { readParameterSetting } from '../order/service';
import { flowOf } from './flows';
import { readPointsSetting, writePointsSetting } from './settings';
import './messages';

/**
 * The points rules (integralSetting) and the inquiry (integralInquiry, integralDetails): members'
 * points with what they earned, spent and lost, every points ledger row searchable across members,
 * and the totals per month. Figures come from the ledger, the one record of every change.
 */

type MemberQuery = Omit<z.infer<typeof points.getPointsMemberList.input>, 'page' | 'pageSize'>;
type LedgerQuery = Omit<z.infer<typeof points.getPointsLedger.input>, 'page' | 'pageSize'>;

interface MemberRecord extends Record<string, unknown> {
  id: number;
  member_no: string;
  nickname: string;
  mobile: string;
  avatar: string;
  status: 'active' | 'disabled';
  grade_name: string | null;
  points: number;
  issued: string | number;
  used: string | number;
  expired: string | number;
  expiring: string | number;
  last_change_at: Date | string | null;
}

/**
 * Members of the site with their balance and flows; `expiring` is what goes at the next expiry
 * under the yearEnd rule (contract/points.ts pointsToExpire, in SQL).
 */
function memberFlows(siteId: number, rule: PointsExpiryRule, now: Date): SQL {
  const cutoff = nextExpiry(now).cutoff.toISOString();
  const flow = flowOf('l.');
  const expiring =
    rule === 'never'
      ? sql`0`
      : sql`greatest(0, least(coalesce(w.points, 0),
              coalesce(f.earned_before, 0) - greatest(coalesce(f.used, 0), 0) - coalesce(f.expired, 0)))`;
  return sql`(select m.id, m.member_no, m.nickname, m.mobile, m.avatar, m.status, g.name as grade_name,
                     coalesce(w.points, 0) as points, coalesce(f.issued, 0) as issued, coalesce(f.used, 0) as used,
                     coalesce(f.expired, 0) as expired, ${expiring} as expiring, f.last_change_at
                from members m
                left join member_grades g on g.id = m.grade_id
                left join buyer_wallets w on w.site_id = m.site_id and w.buyer_id = m.open_id
                left join (select l.buyer_id,
                                  sum(l.delta) filter (where ${flow} = 'issued') as issued,
                                  -sum(l.delta) filter (where ${flow} in ('used', 'returned')) as used,
                                  -sum(l.delta) filter (where ${flow} = 'expired') as expired,
                                  sum(l.delta) filter (where ${flow} = 'issued'
                                                        and l.created_at < ${cutoff}::timestamptz) as earned_before,
                                  max(l.created_at) as last_change_at
                             from wallet_ledger l
                            where l.site_id = ${siteId} and l.currency = 'points'
                            group by l.buyer_id) f on f.buyer_id = m.open_id
               where m.site_id = ${siteId}) member`;
}

function memberConditions(input: Pick<MemberQuery, 'keyword' | 'pointsMin' | 'pointsMax'>): SQL[] {
  const where: SQL[] = [sql`true`];
  if (input.keyword) {
    const pattern = containsPattern(input.keyword);
    where.push(
      sql`(member.nickname ilike ${pattern} or member.mobile ilike ${pattern} or member.member_no ilike ${pattern})`,
    );
  }
  if (input.pointsMin !== undefined) where.push(sql`member.points >= ${input.pointsMin}`);
  if (input.pointsMax !== undefined) where.push(sql`member.points <= ${input.pointsMax}`);
  return where;
}

const MEMBER_SORTS: Record<(typeof points.POINTS_MEMBER_SORTS)[number], SQL> = {
  points: sql`member.points`,
  issued: sql`member.issued`,
  used: sql`member.used`,
  lastChangeAt: sql`member.last_change_at`,
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function memberRow(record: MemberRecord): points.PointsMemberRow {
  return {
    Id: record.id,
    MemberNo: record.member_no,
    Nickname: record.nickname,
    Mobile: record.mobile,
    Points: record.points,
    Issued: Number(record.issued),
    Used: Number(record.used),
    Expired: Number(record.expired),
    Expiring: Number(record.expiring),
    LastChangeAt: iso(record.last_change_at),
  };
}

async function readMembers(
  db: Executor,
  siteId: number,
  rule: PointsExpiryRule,
  input: MemberQuery,
  offset: number,
  limit: number,
): Promise<points.PointsMemberRow[]> {
  const order = parseSort(input.sort);
  const direction = sql.raw(order.descending ? 'desc nulls last' : 'asc nulls first');
  const rows = await queryRows<MemberRecord>(
    db,
    sql`select * from ${memberFlows(siteId, rule, new Date())} where ${sql.join(memberConditions(input), sql` and `)}
         order by ${MEMBER_SORTS[order.field]} ${direction}, member.id desc limit ${limit} offset ${offset}`,
  );
  return rows.map(memberRow);
}

interface LedgerRecord extends Record<string, unknown> {
  id: string | number;
  member_id: number;
  member_no: string;
  nickname: string;
  flow: points.PointsFlowKind;
  delta: number;
  after: number;
  reason: points.PointsLedgerRow['Reason'];
  order_no: string;
  note: string;
  actor_name: string;
  created_at: Date | string;
}

const LEDGER_FROM = sql`wallet_ledger l join members m on m.site_id = l.site_id and m.open_id = l.buyer_id`;

function ledgerConditions(siteId: number, input: Omit<LedgerQuery, 'flow' | 'sort'>): SQL[] {
  const where: SQL[] = [sql`l.site_id = ${siteId}`, sql`l.currency = 'points'`];
  if (input.memberId !== undefined) where.push(sql`m.id = ${input.memberId}`);
  if (input.keyword) {
    const pattern = containsPattern(input.keyword);
    where.push(sql`(m.nickname ilike ${pattern} or m.member_no ilike ${pattern} or m.mobile ilike ${pattern}
                    or l.order_no ilike ${pattern})`);
  }
  if (input.reason) where.push(sql`l.reason = ${input.reason}`);
  if (input.from) where.push(sql`l.created_at >= ${dateBound(input.from, false).toISOString()}::timestamptz`);
  if (input.to) where.push(sql`l.created_at < ${dateBound(input.to, true).toISOString()}::timestamptz`);
  return where;
}

async function readLedger(
  db: Executor,
  siteId: number,
  input: LedgerQuery,
  offset: number,
  limit: number,
): Promise<points.PointsLedgerRow[]> {
  const where = ledgerConditions(siteId, input);
  if (input.flow !== 'all') where.push(sql`${flowOf('l.')} = ${input.flow}`);
  const direction = sql.raw(parseSort(input.sort).descending ? 'desc' : 'asc');
  const rows = await queryRows<LedgerRecord>(
    db,
    sql`select l.id, m.id as member_id, m.member_no, m.nickname, ${flowOf('l.')} as flow, l.delta, l.after, l.reason,
               l.order_no, l.note, l.actor_name, l.created_at
          from ${LEDGER_FROM} where ${sql.join(where, sql` and `)}
         order by l.created_at ${direction}, l.id ${direction} limit ${limit} offset ${offset}`,
  );
  return rows.map((row) => ({
    Id: Number(row.id),
    MemberId: row.member_id,
    MemberNo: row.member_no,
    Nickname: row.nickname,
    Flow: row.flow,
    Delta: row.delta,
    After: row.after,
    Reason: row.reason,
    OrderNo: row.order_no,
    Note: row.note,
    ActorName: row.actor_name,
    CreatedAt: iso(row.created_at)!,
  }));
}

/** `2026-05` → the instant that month starts in the shop. */
function monthStart(month: string): Date {
  return shopDayStart(`${month}-01`);
}

function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from; month <= to; month = nextMonth(month)) months.push(month);
  return months;
}

function monthsBack(to: string, count: number): string {
  let [year, number] = to.split('-').map(Number) as [number, number];
  number -= count - 1;
  while (number < 1) {
    number += 12;
    year -= 1;
  }
  return `${year}-${String(number).padStart(2, '0')}`;
}

function memberColumns(locale: Locale): ExportColumn<points.PointsMemberRow>[] {
  const say = (key: string) => translate(locale, key);
  return [
    { header: say('points.export.memberNo'), width: 14, value: (row) => row.MemberNo },
    { header: say('points.export.member'), width: 16, value: (row) => row.Nickname },
    { header: say('points.export.mobile'), width: 14, value: (row) => row.Mobile },
    { header: say('points.export.balance'), width: 12, value: (row) => row.Points },
    { header: say('points.export.issued'), width: 12, value: (row) => row.Issued },
    { header: say('points.export.used'), width: 12, value: (row) => row.Used },
    { header: say('points.export.expired'), width: 12, value: (row) => row.Expired },
    { header: say('points.export.expiring'), width: 12, value: (row) => row.Expiring },
  ];
}

function ledgerColumns(locale: Locale): ExportColumn<points.PointsLedgerRow>[] {
  const say = (key: string) => translate(locale, key);
  return [
    { header: say('points.export.time'), width: 20, value: (row) => shopDateTime(new Date(row.CreatedAt)) },
    { header: say('points.export.memberNo'), width: 14, value: (row) => row.MemberNo },
    { header: say('points.export.member'), width: 16, value: (row) => row.Nickname },
    { header: say('points.export.change'), width: 10, value: (row) => row.Delta },
    { header: say('points.export.after'), width: 10, value: (row) => row.After },
    { header: say('points.export.reason'), width: 16, value: (row) => say(`ledger.reason.${row.Reason}`) },
    { header: say('points.export.orderNo'), width: 22, value: (row) => row.OrderNo },
    { header: say('points.export.note'), width: 20, value: (row) => row.Note },
  ];
}

export const inquiryRoutes = [
  defineRoute(points.getPointsSetting, async ({ db, session }) => {
    const [setting, parameter] = await Promise.all([
      readPointsSetting(db, session.siteId),
      readParameterSetting(db, session.siteId),
    ]);
    return {
      ...setting,
      Earning: { PointsPerYuan: parameter.value.PointsPerYuan, PointsGrant: parameter.value.PointsGrant },
    };
  }),

  defineRoute(points.setPointsSetting, async ({ db, session, input, locale, reply }) => {
    const { Version, ...setting } = input;
    const saved = await db.transaction(async (tx) => {
      const { Version: current, ...before } = await readPointsSetting(tx, session.siteId);
      const version = await writePointsSetting(tx, session.siteId, setting, Version);
      if (version !== null)
        await audit(tx, session, 'points.setting', `site:${session.siteId}`, { before, after: setting });
      return { version, current };
    });
    if (saved.version === null) {
      return refuseStale(reply, {
        locale,
        message: 'points.settingStale',
        yours: Version,
        current: saved.current,
      });
    }
    return { Version: saved.version };
  }),

  defineRoute(points.getPointsMemberList, async ({ db, session, input }) => {
    const { Expiry } = await readPointsSetting(db, session.siteId);
    const where = sql.join(memberConditions(input), sql` and `);
    const [rows, [totals]] = await Promise.all([
      readMembers(db, session.siteId, Expiry, input, (input.page - 1) * input.pageSize, input.pageSize),
      queryRows<{ total: number; points: string | number; expiring: string | number }>(
        db,
        sql`select count(*)::int as total, coalesce(sum(member.points), 0) as points,
                   coalesce(sum(member.expiring), 0) as expiring
              from ${memberFlows(session.siteId, Expiry, new Date())} where ${where}`,
      ),
    ]);
    return {
      Data: rows,
      Total: totals?.total ?? 0,
      Totals: { Points: Number(totals?.points ?? 0), Expiring: Number(totals?.expiring ?? 0) },
      ExpiringAt: Expiry === 'never' ? null : nextExpiry(new Date()).at.toISOString(),
    };
  }),

  defineRoute(points.exportPointsMemberList, async ({ db, session, input, locale, reply }) => {
    const { Expiry } = await readPointsSetting(db, session.siteId);
    sendExport(reply, {
      format: input.format,
      fileName: translate(locale, 'points.export.members'),
      asciiName: 'member-points',
      sheetName: translate(locale, 'points.export.members'),
      columns: memberColumns(locale),
      batches: pagedBatches(
        (offset, limit) => readMembers(db, session.siteId, Expiry, input, offset, limit),
        EXPORT_MAX_ROWS,
      ),
    });
    return undefined;
  }),

  defineRoute(points.getPointsLedger, async ({ db, session, input }) => {
    const where = sql.join(ledgerConditions(session.siteId, input), sql` and `);
    const flow = flowOf('l.');
    const [rows, [counts]] = await Promise.all([
      readLedger(db, session.siteId, input, (input.page - 1) * input.pageSize, input.pageSize),
      queryRows<Record<(typeof points.POINTS_LEDGER_TABS)[number], number>>(
        db,
        sql`select count(*)::int as "all",
                   (count(*) filter (where ${flow} = 'issued'))::int as issued,
                   (count(*) filter (where ${flow} = 'used'))::int as used,
                   (count(*) filter (where ${flow} = 'returned'))::int as returned,
                   (count(*) filter (where ${flow} = 'expired'))::int as expired
              from ${LEDGER_FROM} where ${where}`,
      ),
    ]);
    return { Data: rows, Total: counts![input.flow], Counts: counts! };
  }),

  defineRoute(points.exportPointsLedger, async ({ db, session, input, locale, reply }) => {
    sendExport(reply, {
      format: input.format,
      fileName: translate(locale, 'points.export.ledger'),
      asciiName: 'points-ledger',
      sheetName: translate(locale, 'points.export.ledger'),
      columns: ledgerColumns(locale),
      batches: pagedBatches(
        (offset, limit) => readLedger(db, session.siteId, input, offset, limit),
        EXPORT_MAX_ROWS,
      ),
    });
    return undefined;
  }),

  defineRoute(points.getPointsMonthlyTotals, async ({ db, session, input }) => {
    const thisMonth = shopDate(new Date()).slice(0, 7);
    const to = input.to ?? (input.from && input.from > thisMonth ? input.from : thisMonth);
    const from = input.from ?? monthsBack(to, 12);
    const months = monthsBetween(from, to);
    if (months.length > points.MAX_TOTAL_MONTHS) {
      throw new AppError('points.monthsTooMany', { max: points.MAX_TOTAL_MONTHS }, { field: 'from' });
    }
    const flow = flowOf('l.');
    const member =
      input.memberId === undefined
        ? sql`true`
        : sql`l.buyer_id = (select open_id from members where id = ${input.memberId} and site_id = ${session.siteId})`;
    const rows = await queryRows<{ month: string; issued: string; used: string; expired: string }>(
      db,
      sql`select to_char(${shopDateSql('l.created_at')}, 'YYYY-MM') as month,
                 coalesce(sum(l.delta) filter (where ${flow} = 'issued'), 0) as issued,
                 coalesce(-sum(l.delta) filter (where ${flow} in ('used', 'returned')), 0) as used,
                 coalesce(-sum(l.delta) filter (where ${flow} = 'expired'), 0) as expired
            from wallet_ledger l
           where l.site_id = ${session.siteId} and l.currency = 'points' and ${member}
             and l.created_at >= ${monthStart(from).toISOString()}::timestamptz
             and l.created_at < ${monthStart(nextMonth(to)).toISOString()}::timestamptz
           group by 1`,
    );
    const byMonth = new Map(rows.map((row) => [row.month, row]));
    return {
      Data: months.map((month) => {
        const row = byMonth.get(month);
        return {
          Month: month,
          Issued: Number(row?.issued ?? 0),
          Used: Number(row?.used ?? 0),
          Expired: Number(row?.expired ?? 0),
        };
      }),
    };
  }),

  defineRoute(points.getPointsMemberInfo, async ({ db, session, input }) => {
    const { Expiry } = await readPointsSetting(db, session.siteId);
    const [record] = await queryRows<MemberRecord>(
      db,
      sql`select * from ${memberFlows(session.siteId, Expiry, new Date())} where member.id = ${input.id}`,
    );
    if (!record) throw new AppError('points.memberNotFound', { id: input.id }, { field: 'id' });
    return {
      ...memberRow(record),
      Avatar: record.avatar,
      GradeName: record.grade_name ?? '',
      Status: record.status,
      ExpiringAt: Expiry === 'never' ? null : nextExpiry(new Date()).at.toISOString(),
      Expiry,
    };
  }),
];
