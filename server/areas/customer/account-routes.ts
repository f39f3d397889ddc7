import { type SQL, sql } from 'drizzle-orm';
import * as api from '../../../contract/endpoints/members';
import { dateBound, parseSort } from '../../../contract/list-query';
import { EXPORT_MAX_ROWS } from '../../../contract/scalars';
import { shopDate, shopDateTime } from '../../../contract/shop-time';
import type { Executor } from '../../db/client';
import { containsPattern, queryRows } from '../../db/query';
import { pagedBatches, sendExport } from '../../export/send-export';
import type { ExportColumn } from '../../export/xlsx';
import { defineRoute } from '../../http/route';
import { type Locale, translate } from '../../i18n/messages';
import './messages';

/** Accounts (SPEC §2 accountList): members' balance, points and growth, and their ledgers as one. */

const ACCOUNT_SORT: Record<string, SQL> = {
  balance: sql`balance_fen`,
  points: sql`points`,
  growth: sql`growth`,
};

/** Both wallets' rows and the growth rows of members of one site, with the member they belong to. */
function ledgerUnion(siteId: number): SQL {
  return sql`(
    select l.id, l.currency as kind, m.id as member_id, m.member_no, m.nickname, l.delta, l.after, l.reason,
           l.note, l.order_no, l.actor_name, l.created_at
      from wallet_ledger l join members m on m.site_id = l.site_id and m.open_id = l.buyer_id
     where l.site_id = ${siteId}
    union all
    select g.id, 'growth' as kind, m.id, m.member_no, m.nickname, g.delta, g.after, g.reason, g.note, g.order_no,
           g.actor_name, g.created_at
      from member_growth_ledger g join members m on m.id = g.member_id
     where g.site_id = ${siteId}
  ) entry`;
}

type LedgerFilters = Pick<api.LedgerQuery, 'memberNo' | 'reason' | 'from' | 'to'>;

function ledgerConditions(input: LedgerFilters): SQL[] {
  const where: SQL[] = [sql`true`];
  if (input.memberNo) where.push(sql`entry.member_no = ${input.memberNo}`);
  if (input.reason) where.push(sql`entry.reason = ${input.reason}`);
  if (input.from)
    where.push(sql`entry.created_at >= ${dateBound(input.from, false).toISOString()}::timestamptz`);
  if (input.to) where.push(sql`entry.created_at < ${dateBound(input.to, true).toISOString()}::timestamptz`);
  return where;
}

interface EntryRecord extends Record<string, unknown> {
  id: number | string;
  kind: api.LedgerEntry['Kind'];
  member_id: number;
  member_no: string;
  nickname: string;
  delta: number;
  after: number;
  reason: string;
  note: string;
  order_no: string;
  actor_name: string;
  created_at: string | Date;
}

function entryRow(row: EntryRecord): api.LedgerEntry {
  return {
    Id: Number(row.id),
    Kind: row.kind,
    MemberId: row.member_id,
    MemberNo: row.member_no,
    Nickname: row.nickname,
    Delta: row.delta,
    After: row.after,
    Reason: row.reason,
    Note: row.note,
    OrderNo: row.order_no,
    ActorName: row.actor_name,
    CreatedAt: new Date(row.created_at).toISOString(),
  };
}

async function readLedgerPage(
  db: Executor,
  siteId: number,
  input: LedgerFilters & { kind: api.LedgerQuery['kind']; sort: api.LedgerQuery['sort'] },
  offset: number,
  limit: number,
): Promise<api.LedgerEntry[]> {
  const where = ledgerConditions(input);
  if (input.kind !== 'all') where.push(sql`entry.kind = ${input.kind}`);
  const direction = sql.raw(parseSort(input.sort).descending ? 'desc' : 'asc');
  const rows = await queryRows<EntryRecord>(
    db,
    sql`select * from ${ledgerUnion(siteId)} where ${sql.join(where, sql` and `)}
        order by entry.created_at ${direction}, entry.kind, entry.id ${direction} limit ${limit} offset ${offset}`,
  );
  return rows.map(entryRow);
}

function ledgerColumns(locale: Locale): ExportColumn<api.LedgerEntry>[] {
  const say = (key: string) => translate(locale, key);
  const amount = (row: api.LedgerEntry, value: number) => (row.Kind === 'balance' ? value / 100 : value);
  return [
    { header: say('ledger.export.time'), width: 20, value: (row) => shopDateTime(new Date(row.CreatedAt)) },
    { header: say('ledger.export.memberNo'), width: 14, value: (row) => row.MemberNo },
    { header: say('ledger.export.nickname'), width: 16, value: (row) => row.Nickname },
    { header: say('ledger.export.kind'), width: 10, value: (row) => say(`ledger.kind.${row.Kind}`) },
    { header: say('ledger.export.delta'), width: 12, value: (row) => amount(row, row.Delta) },
    { header: say('ledger.export.after'), width: 12, value: (row) => amount(row, row.After) },
    { header: say('ledger.export.reason'), width: 14, value: (row) => say(`ledger.reason.${row.Reason}`) },
    { header: say('ledger.export.note'), width: 24, value: (row) => row.Note },
    { header: say('ledger.export.orderNo'), width: 22, value: (row) => row.OrderNo },
    { header: say('ledger.export.actor'), width: 12, value: (row) => row.ActorName },
  ];
}

export const accountRoutes = [
  defineRoute(api.getAccountList, async ({ db, session, input }) => {
    const where: SQL[] = [sql`m.site_id = ${session.siteId}`];
    if (input.keyword) {
      const pattern = containsPattern(input.keyword);
      where.push(
        sql`(m.nickname ilike ${pattern} or m.mobile ilike ${pattern} or m.member_no ilike ${pattern})`,
      );
    }
    const accounts = sql`(select m.id, m.member_no, m.nickname, m.mobile, m.growth,
                                 coalesce(w.balance_fen, 0) as balance_fen, coalesce(w.points, 0) as points
                            from members m
                            left join buyer_wallets w on w.site_id = m.site_id and w.buyer_id = m.open_id
                           where ${sql.join(where, sql` and `)}) account`;
    const order = parseSort(input.sort);
    const [rows, [totals]] = await Promise.all([
      queryRows<{
        id: number;
        member_no: string;
        nickname: string;
        mobile: string;
        growth: number;
        balance_fen: number;
        points: number;
      }>(
        db,
        sql`select * from ${accounts} order by ${ACCOUNT_SORT[order.field]} ${sql.raw(order.descending ? 'desc' : 'asc')}, id desc
            limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
      ),
      queryRows<{ count: number; balance: number; points: number; growth: number }>(
        db,
        sql`select count(*)::int as count, coalesce(sum(balance_fen), 0)::float8 as balance,
                   coalesce(sum(points), 0)::float8 as points, coalesce(sum(growth), 0)::float8 as growth
              from ${accounts}`,
      ),
    ]);
    return {
      Data: rows.map((row) => ({
        Id: row.id,
        MemberNo: row.member_no,
        Nickname: row.nickname,
        Mobile: row.mobile,
        BalanceFen: row.balance_fen,
        Points: row.points,
        Growth: row.growth,
      })),
      Total: totals?.count ?? 0,
      Totals: {
        BalanceFen: Number(totals?.balance ?? 0),
        Points: Number(totals?.points ?? 0),
        Growth: Number(totals?.growth ?? 0),
      },
    };
  }),

  defineRoute(api.getAccountLedger, async ({ db, session, input }) => {
    const where = ledgerConditions(input);
    const [data, [counts]] = await Promise.all([
      readLedgerPage(db, session.siteId, input, (input.page - 1) * input.pageSize, input.pageSize),
      queryRows<{ all: number; balance: number; points: number; growth: number }>(
        db,
        sql`select count(*)::int as "all", (count(*) filter (where entry.kind = 'balance'))::int as balance,
                   (count(*) filter (where entry.kind = 'points'))::int as points,
                   (count(*) filter (where entry.kind = 'growth'))::int as growth
              from ${ledgerUnion(session.siteId)} where ${sql.join(where, sql` and `)}`,
      ),
    ]);
    const tally = counts ?? { all: 0, balance: 0, points: 0, growth: 0 };
    return { Data: data, Total: tally[input.kind], Counts: tally };
  }),

  defineRoute(api.exportAccountLedger, async ({ db, session, input, locale, reply }) => {
    const stamp = shopDate(new Date());
    sendExport(reply, {
      format: input.format,
      fileName: `${translate(locale, 'ledger.export.fileName')}-${stamp}`,
      asciiName: `ledger-${stamp}`,
      sheetName: translate(locale, 'ledger.export.sheet'),
      columns: ledgerColumns(locale),
      batches: pagedBatches(
        (offset, limit) => readLedgerPage(db, session.siteId, input, offset, limit),
        EXPORT_MAX_ROWS,
      ),
    });
    return undefined;
  }),
];
