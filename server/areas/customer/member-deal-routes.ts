import { type SQL, sql } from 'drizzle-orm';
import * as api from '../../../contract/endpoints/member-deals';
import { dateBound, parseSort } from '../../../contract/list-query';
import { EXPORT_MAX_ROWS } from '../../../contract/scalars';
import { shopDate, shopDateTime } from '../../../contract/shop-time';
import { maskMobile } from '../../../contract/sms';
import type { Session } from '../../auth/session';
import type { Executor } from '../../db/client';
import type { DealMember } from '../../db/member-deal-rows';
import { queryRows } from '../../db/query';
import { pagedBatches, sendExport } from '../../export/send-export';
import type { ExportColumn } from '../../export/xlsx';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { type Locale, translate } from '../../i18n/messages';
import { memberCommissionDeals } from '../distribution/service';
import { memberOrderDeals } from '../order/service';
import { memberBalanceDeals } from './member-deals';
import './messages';

/**
 * A member's deals (contract/endpoints/member-deals.ts): the one UNION of every ledger's money
 * movements of the member, each area selecting its own rows through its service. Store accounts see
 * the rows of their store's orders only (as they see orders); the site's own money (stored value,
 * commission) is no store's.
 */

interface DealsMember extends DealMember {
  memberNo: string;
  nickname: string;
  mobile: string;
}

async function requireMember(db: Executor, siteId: number, id: number): Promise<DealsMember> {
  const [row] = await queryRows<{
    id: number;
    open_id: string;
    member_no: string;
    nickname: string;
    mobile: string;
  }>(
    db,
    sql`select id, open_id, member_no, nickname, mobile from members where id = ${id} and site_id = ${siteId}`,
  );
  if (!row) throw new AppError('member.notFound', { id }, { field: 'id' });
  return {
    siteId,
    memberId: row.id,
    openId: row.open_id,
    memberNo: row.member_no,
    nickname: row.nickname,
    mobile: row.mobile,
  };
}

function dealUnion(member: DealMember): SQL {
  const selects = [...memberOrderDeals(member), ...memberCommissionDeals(member), memberBalanceDeals(member)];
  return sql`(${sql.join(selects, sql` union all `)}) deal`;
}

type DealFilters = Pick<api.MemberDealQuery, 'kind' | 'direction' | 'from' | 'to'>;

function dealConditions(session: Pick<Session, 'isStore' | 'storeId'>, input: DealFilters): SQL {
  const where: SQL[] = [];
  if (session.isStore) where.push(session.storeId ? sql`deal.store_id = ${session.storeId}` : sql`false`);
  if (input.kind) where.push(sql`deal.kind = ${input.kind}`);
  if (input.direction === 'in') where.push(sql`deal.amount_fen > 0`);
  if (input.direction === 'out') where.push(sql`deal.amount_fen < 0`);
  if (input.from) where.push(sql`deal.at >= ${dateBound(input.from, false).toISOString()}::timestamptz`);
  if (input.to) where.push(sql`deal.at < ${dateBound(input.to, true).toISOString()}::timestamptz`);
  return where.length === 0 ? sql`true` : sql.join(where, sql` and `);
}

interface DealRecord extends Record<string, unknown> {
  kind: api.MemberDealKind;
  id: number | string;
  amount_fen: number;
  balance_after_fen: number | null;
  reference: string;
  source_id: number | null;
  detail: string;
  at: string | Date;
}

function dealRow(row: DealRecord): api.MemberDeal {
  return {
    Kind: row.kind,
    Id: Number(row.id),
    AmountFen: row.amount_fen,
    BalanceAfterFen: row.balance_after_fen,
    Reference: row.reference,
    SourceId: row.source_id,
    Detail: row.detail,
    At: new Date(row.at).toISOString(),
  };
}

async function readDeals(
  db: Executor,
  session: Session,
  member: DealMember,
  input: DealFilters & Pick<api.MemberDealQuery, 'sort'>,
  offset: number,
  limit: number,
): Promise<api.MemberDeal[]> {
  const direction = sql.raw(parseSort(input.sort).descending ? 'desc' : 'asc');
  const rows = await queryRows<DealRecord>(
    db,
    sql`select * from ${dealUnion(member)} where ${dealConditions(session, input)}
        order by deal.at ${direction}, deal.kind ${direction}, deal.id ${direction} limit ${limit} offset ${offset}`,
  );
  return rows.map(dealRow);
}

/** The catalogue key naming a row's detail: orders by payment method, stored value by wallet reason. */
function detailKey(row: api.MemberDeal): string {
  if (row.Kind === 'order') return `order.payment.${row.Detail}`;
  if (row.Kind === 'balance') return `ledger.reason.${row.Detail}`;
  return `memberDeal.detail.${row.Detail}`;
}

function dealColumns(locale: Locale, member: DealsMember): ExportColumn<api.MemberDeal>[] {
  const say = (key: string) => translate(locale, key);
  const yuan = (fen: number | null) => (fen === null ? '' : fen / 100);
  return [
    { header: say('memberDeal.export.time'), width: 20, value: (row) => shopDateTime(new Date(row.At)) },
    { header: say('memberDeal.export.memberNo'), width: 14, value: () => member.memberNo },
    { header: say('memberDeal.export.nickname'), width: 16, value: () => member.nickname },
    { header: say('memberDeal.export.mobile'), width: 14, value: () => maskMobile(member.mobile) },
    { header: say('memberDeal.export.kind'), width: 10, value: (row) => say(`memberDeal.kind.${row.Kind}`) },
    {
      header: say('memberDeal.export.detail'),
      width: 16,
      value: (row) => (row.Detail ? say(detailKey(row)) : ''),
    },
    {
      header: say('memberDeal.export.amount'),
      width: 12,
      numberFormat: '0.00',
      value: (row) => yuan(row.AmountFen),
    },
    {
      header: say('memberDeal.export.balanceAfter'),
      width: 12,
      numberFormat: '0.00',
      value: (row) => yuan(row.BalanceAfterFen),
    },
    { header: say('memberDeal.export.reference'), width: 24, value: (row) => row.Reference },
    {
      header: say('memberDeal.export.balanceOf'),
      width: 12,
      value: (row) =>
        row.BalanceAfterFen === null
          ? ''
          : say(
              row.Kind === 'commission' || row.Kind === 'withdrawal'
                ? 'memberDeal.commission'
                : 'memberDeal.storedValue',
            ),
    },
  ];
}

export const memberDealRoutes = [
  defineRoute(api.getMemberDealList, async ({ db, session, input }) => {
    const member = await requireMember(db, session.siteId, input.id);
    const [data, [totals]] = await Promise.all([
      readDeals(db, session, member, input, (input.page - 1) * input.pageSize, input.pageSize),
      queryRows<{ count: number; in_fen: number; out_fen: number }>(
        db,
        sql`select count(*)::int as count,
                   coalesce(sum(deal.amount_fen) filter (where deal.amount_fen > 0), 0)::float8 as in_fen,
                   coalesce(-sum(deal.amount_fen) filter (where deal.amount_fen < 0), 0)::float8 as out_fen
              from ${dealUnion(member)} where ${dealConditions(session, input)}`,
      ),
    ]);
    return {
      Data: data,
      Total: totals?.count ?? 0,
      Totals: { InFen: Number(totals?.in_fen ?? 0), OutFen: Number(totals?.out_fen ?? 0) },
    };
  }),

  defineRoute(api.exportMemberDealList, async ({ db, session, input, locale, reply }) => {
    const member = await requireMember(db, session.siteId, input.id);
    const stamp = shopDate(new Date());
    sendExport(reply, {
      format: input.format,
      fileName: `${translate(locale, 'memberDeal.export.fileName')}-${member.memberNo}-${stamp}`,
      asciiName: `deals-${member.memberNo}-${stamp}`,
      sheetName: translate(locale, 'memberDeal.export.sheet'),
      columns: dealColumns(locale, member),
      batches: pagedBatches(
        (offset, limit) => readDeals(db, session, member, input, offset, limit),
        EXPORT_MAX_ROWS,
      ),
    });
    return undefined;
  }),
];
