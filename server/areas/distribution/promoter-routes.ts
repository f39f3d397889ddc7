import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import * as promoters from '../../../contract/endpoints/promoters';
import { dateBound, parseSort } from '../../../contract/list-query';
import { promoterMachine } from '../../../contract/machines/distribution';
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
import { promoterInvite } from './invite';
import { approveApplications, movePromoters, operator, rejectApplication, setGrade } from './promoters';
import './messages';

/**
 * Promoters (accountList), their applications, their teams (umbrellaPerformance) and the WeChat
 * accounts their change is paid to (wechartList).
 */

type PromoterQuery = Omit<z.infer<typeof promoters.getPromoterList.input>, 'page' | 'pageSize'>;

interface PromoterRecord extends Record<string, unknown> {
  id: number;
  member_id: number;
  member_no: string;
  nickname: string;
  avatar: string;
  mobile: string;
  grade_id: number | null;
  grade_name: string;
  parent_id: number | null;
  parent_name: string;
  status: 'active' | 'frozen';
  team: number;
  earned_fen: number;
  withdrawable_fen: number;
  frozen_fen: number;
  pending_fen: string | number;
  joined_at: Date | string;
  version: number;
}

/** Every promoter of the site with the figures of the list, as a subquery named `promoter`. */
export function promoterRows(siteId: number): SQL {
  return sql`(select p.id, p.member_id, m.member_no, m.nickname, m.avatar, m.mobile, p.grade_id,
                     coalesce(g.name, '') as grade_name, p.parent_id,
                     coalesce(nullif(pm.nickname, ''), pm.member_no, '') as parent_name, p.status,
                     ((select count(*) from members t where t.site_id = p.site_id and t.inviter_id = p.member_id)
                      + (select count(*) from members t join promoters c on c.member_id = t.inviter_id
                          where c.parent_id = p.id))::int as team,
                     p.earned_fen, p.withdrawable_fen, p.frozen_fen,
                     coalesce((select sum(c.amount_fen - c.void_fen) from commissions c
                                where c.promoter_id = p.id and c.state = 'pending'), 0) as pending_fen,
                     p.joined_at, p.version
                from promoters p join members m on m.id = p.member_id
                left join promoter_grades g on g.id = p.grade_id
                left join promoters pp on pp.id = p.parent_id left join members pm on pm.id = pp.member_id
               where p.site_id = ${siteId}) promoter`;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function promoterRow(record: PromoterRecord): promoters.PromoterRow {
  return {
    Id: record.id,
    MemberId: record.member_id,
    MemberNo: record.member_no,
    Nickname: record.nickname,
    Avatar: record.avatar,
    Mobile: record.mobile,
    GradeId: record.grade_id,
    GradeName: record.grade_name,
    ParentId: record.parent_id,
    ParentName: record.parent_name,
    Status: record.status,
    TeamSize: record.team,
    EarnedFen: record.earned_fen,
    WithdrawableFen: record.withdrawable_fen,
    FrozenFen: record.frozen_fen,
    PendingFen: Number(record.pending_fen),
    JoinedAt: iso(record.joined_at)!,
    Version: record.version,
  };
}

export async function readPromoter(db: Executor, siteId: number, id: number, field: string) {
  const [record] = await queryRows<PromoterRecord>(
    db,
    sql`select * from ${promoterRows(siteId)} where promoter.id = ${id}`,
  );
  if (!record) throw new AppError('distribution.promoter.notFound', { id }, { field });
  return promoterRow(record);
}

function promoterConditions(input: Omit<PromoterQuery, 'status' | 'sort'>): SQL[] {
  const where: SQL[] = [sql`true`];
  if (input.keyword) {
    const pattern = containsPattern(input.keyword);
    where.push(
      sql`(promoter.nickname ilike ${pattern} or promoter.mobile ilike ${pattern} or promoter.member_no ilike ${pattern})`,
    );
  }
  if (input.gradeId !== undefined)
    where.push(
      input.gradeId === 0 ? sql`promoter.grade_id is null` : sql`promoter.grade_id = ${input.gradeId}`,
    );
  if (input.joinedFrom)
    where.push(sql`promoter.joined_at >= ${dateBound(input.joinedFrom, false).toISOString()}::timestamptz`);
  if (input.joinedTo)
    where.push(sql`promoter.joined_at < ${dateBound(input.joinedTo, true).toISOString()}::timestamptz`);
  return where;
}

const PROMOTER_SORTS: Record<(typeof promoters.PROMOTER_SORTS)[number], SQL> = {
  joinedAt: sql`promoter.joined_at`,
  earned: sql`promoter.earned_fen`,
  withdrawable: sql`promoter.withdrawable_fen`,
  team: sql`promoter.team`,
};

async function readPromoters(
  db: Executor,
  siteId: number,
  input: PromoterQuery,
  offset: number,
  limit: number,
) {
  const where = promoterConditions(input);
  if (input.status !== 'all') where.push(sql`promoter.status = ${input.status}`);
  const order = parseSort(input.sort);
  const direction = sql.raw(order.descending ? 'desc' : 'asc');
  const rows = await queryRows<PromoterRecord>(
    db,
    sql`select * from ${promoterRows(siteId)} where ${sql.join(where, sql` and `)}
         order by ${PROMOTER_SORTS[order.field]} ${direction}, promoter.id ${direction} limit ${limit} offset ${offset}`,
  );
  return rows.map(promoterRow);
}

const money = (fen: number) => fen / 100;

function promoterColumns(locale: Locale): ExportColumn<promoters.PromoterRow>[] {
  const say = (key: string) => translate(locale, key);
  const yuan = { width: 14, numberFormat: '0.00' };
  return [
    { header: say('distribution.export.memberNo'), width: 14, value: (row) => row.MemberNo },
    { header: say('distribution.export.nickname'), width: 16, value: (row) => row.Nickname },
    { header: say('distribution.export.mobile'), width: 14, value: (row) => row.Mobile },
    {
      header: say('distribution.export.grade'),
      width: 12,
      value: (row) => row.GradeName || say('distribution.export.defaultGrade'),
    },
    { header: say('distribution.export.parent'), width: 16, value: (row) => row.ParentName },
    {
      header: say('distribution.export.status'),
      width: 10,
      value: (row) => say(stateLabelKey(promoterMachine, row.Status)),
    },
    { header: say('distribution.export.team'), width: 10, value: (row) => row.TeamSize },
    { header: say('distribution.export.pending'), ...yuan, value: (row) => money(row.PendingFen) },
    { header: say('distribution.export.earned'), ...yuan, value: (row) => money(row.EarnedFen) },
    { header: say('distribution.export.withdrawable'), ...yuan, value: (row) => money(row.WithdrawableFen) },
    { header: say('distribution.export.frozen'), ...yuan, value: (row) => money(row.FrozenFen) },
    {
      header: say('distribution.export.joinedAt'),
      width: 20,
      value: (row) => shopDateTime(new Date(row.JoinedAt)),
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Applications

type ApplicationQuery = Omit<z.infer<typeof promoters.getApplicationList.input>, 'page' | 'pageSize'>;

interface ApplicationRecord extends Record<string, unknown> {
  id: number;
  member_id: number;
  member_no: string;
  nickname: string;
  avatar: string;
  mobile: string;
  inviter_name: string;
  state: promoters.ApplicationRow['State'];
  paid_orders: number;
  paid_fen: string | number;
  reason: string;
  decider_name: string;
  applied_at: Date | string;
  decided_at: Date | string | null;
}

const APPLICATION_FROM = sql`promoter_applications a join members m on m.id = a.member_id
  left join members i on i.id = m.inviter_id`;

function applicationConditions(siteId: number, input: Omit<ApplicationQuery, 'state' | 'sort'>): SQL[] {
  const where: SQL[] = [sql`a.site_id = ${siteId}`];
  if (input.keyword) {
    const pattern = containsPattern(input.keyword);
    where.push(
      sql`(m.nickname ilike ${pattern} or m.mobile ilike ${pattern} or m.member_no ilike ${pattern})`,
    );
  }
  if (input.appliedFrom)
    where.push(sql`a.applied_at >= ${dateBound(input.appliedFrom, false).toISOString()}::timestamptz`);
  if (input.appliedTo)
    where.push(sql`a.applied_at < ${dateBound(input.appliedTo, true).toISOString()}::timestamptz`);
  return where;
}

// ---------------------------------------------------------------------------------------------
// Teams

interface TeamRecord extends Record<string, unknown> {
  member_id: number;
  member_no: string;
  nickname: string;
  avatar: string;
  mobile: string;
  via_name: string;
  is_promoter: boolean;
  registered_at: Date | string;
  orders: number;
  paid_fen: string | number;
  commission_fen: string | number;
}

/**
 * The promoter's downline at a level: level 1 the members they invited, level 2 the members their
 * direct sub-promoters invited; with the orders of each that earned this promoter commission.
 */
function teamRows(siteId: number, promoter: { Id: number; MemberId: number }, level: '1' | '2'): SQL {
  const members =
    level === '1'
      ? sql`select t.*, '' as via_name from members t where t.site_id = ${siteId} and t.inviter_id = ${promoter.MemberId}`
      : sql`select t.*, coalesce(nullif(v.nickname, ''), v.member_no) as via_name
              from members t join promoters c on c.member_id = t.inviter_id join members v on v.id = c.member_id
             where c.parent_id = ${promoter.Id} and t.site_id = ${siteId}`;
  return sql`(select t.id as member_id, t.member_no, t.nickname, t.avatar, t.mobile, t.via_name,
                     exists (select 1 from promoters x where x.member_id = t.id) as is_promoter,
                     t.registered_at,
                     coalesce(e.orders, 0)::int as orders, coalesce(e.paid_fen, 0) as paid_fen,
                     coalesce(e.commission_fen, 0) as commission_fen
                from (${members}) t
                left join (select c.buyer_member_id, count(distinct c.order_id) as orders,
                                  sum(c.amount_fen - c.void_fen) as commission_fen,
                                  (select sum(o.paid_fen) from orders o where o.id in
                                     (select d.order_id from commissions d
                                       where d.promoter_id = ${promoter.Id} and d.buyer_member_id = c.buyer_member_id))
                                    as paid_fen
                             from commissions c where c.promoter_id = ${promoter.Id}
                            group by c.buyer_member_id) e on e.buyer_member_id = t.id) team`;
}

// ---------------------------------------------------------------------------------------------
// WeChat accounts

interface WechatRecord extends Record<string, unknown> {
  id: number;
  promoter_id: number;
  member_id: number;
  member_no: string;
  nickname: string;
  avatar: string;
  mobile: string;
  open_id: string;
  real_name: string;
  state: 'bound' | 'unbound';
  bound_at: Date | string;
  unbound_at: Date | string | null;
  payouts: number;
  paid_fen: string | number;
}

/** `oAbc…wxyz`: enough to tell accounts apart, not enough to use one. */
export function maskOpenId(openId: string): string {
  return openId.length <= 8 ? `${openId.slice(0, 2)}…` : `${openId.slice(0, 4)}…${openId.slice(-4)}`;
}

/** `张*` / `欧阳**`: the first character and a star for each other. */
export function maskName(name: string): string {
  const characters = [...name];
  return characters.length <= 1 ? name : `${characters[0]}${'*'.repeat(characters.length - 1)}`;
}

export const promoterRoutes = [
  defineRoute(promoters.getPromoterList, async ({ db, session, input }) => {
    const where = sql.join(promoterConditions(input), sql` and `);
    const [rows, [counts]] = await Promise.all([
      readPromoters(db, session.siteId, input, (input.page - 1) * input.pageSize, input.pageSize),
      queryRows<{ all: number; active: number; frozen: number }>(
        db,
        sql`select count(*)::int as "all", (count(*) filter (where promoter.status = 'active'))::int as active,
                   (count(*) filter (where promoter.status = 'frozen'))::int as frozen
              from ${promoterRows(session.siteId)} where ${where}`,
      ),
    ]);
    return { Data: rows, Total: counts![input.status], Counts: counts! };
  }),

  defineRoute(promoters.exportPromoterList, async ({ db, session, input, locale, reply }) => {
    sendExport(reply, {
      format: input.format,
      fileName: translate(locale, 'distribution.export.promoters'),
      asciiName: 'promoters',
      sheetName: translate(locale, 'distribution.export.promoters'),
      columns: promoterColumns(locale),
      batches: pagedBatches(
        (offset, limit) => readPromoters(db, session.siteId, input, offset, limit),
        EXPORT_MAX_ROWS,
      ),
    });
    return undefined;
  }),

  defineRoute(promoters.freezePromoters, async ({ db, session, input, locale }) =>
    db.transaction(async (tx) => {
      const changed = await movePromoters(tx, session.siteId, input.Ids, 'freeze', locale);
      await audit(tx, session, 'distribution.promoter.freeze', `promoters:${input.Ids.join(',')}`, {
        changed,
      });
      return { Changed: changed };
    }),
  ),

  defineRoute(promoters.unfreezePromoters, async ({ db, session, input, locale }) =>
    db.transaction(async (tx) => {
      const changed = await movePromoters(tx, session.siteId, input.Ids, 'unfreeze', locale);
      await audit(tx, session, 'distribution.promoter.unfreeze', `promoters:${input.Ids.join(',')}`, {
        changed,
      });
      return { Changed: changed };
    }),
  ),

  defineRoute(promoters.setPromoterGrade, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      const { changed, before } = await setGrade(tx, session.siteId, input.Ids, input.GradeId);
      await audit(tx, session, 'distribution.promoter.grade', `promoters:${input.Ids.join(',')}`, {
        before,
        after: input.GradeId,
      });
      return { Changed: changed };
    }),
  ),

  defineRoute(promoters.getStoreDistributorsShopUrl, async ({ db, session, input, request }) => {
    const promoter = await readPromoter(db, session.siteId, input.promoterId, 'promoterId');
    return promoterInvite(session.siteId, promoter.MemberNo, request);
  }),

  defineRoute(promoters.getApplicationList, async ({ db, session, input }) => {
    const where = applicationConditions(session.siteId, input);
    const filtered = [...where];
    if (input.state !== 'all') filtered.push(sql`a.state = ${input.state}`);
    const direction = sql.raw(parseSort(input.sort).descending ? 'desc' : 'asc');
    const [rows, [counts]] = await Promise.all([
      queryRows<ApplicationRecord>(
        db,
        sql`select a.id, a.member_id, m.member_no, m.nickname, m.avatar, m.mobile,
                   coalesce(nullif(i.nickname, ''), i.member_no, '') as inviter_name, a.state,
                   (select count(*)::int from orders o where o.site_id = a.site_id and o.buyer_id = m.open_id
                      and o.paid_at is not null) as paid_orders,
                   (select coalesce(sum(o.paid_fen - o.refunded_fen), 0) from orders o
                     where o.site_id = a.site_id and o.buyer_id = m.open_id and o.paid_at is not null) as paid_fen,
                   a.reason, a.decider_name, a.applied_at, a.decided_at
              from ${APPLICATION_FROM} where ${sql.join(filtered, sql` and `)}
             order by a.applied_at ${direction}, a.id ${direction}
             limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
      ),
      queryRows<Record<(typeof promoters.APPLICATION_TABS)[number], number>>(
        db,
        sql`select count(*)::int as "all", (count(*) filter (where a.state = 'pending'))::int as pending,
                   (count(*) filter (where a.state = 'approved'))::int as approved,
                   (count(*) filter (where a.state = 'rejected'))::int as rejected
              from ${APPLICATION_FROM} where ${sql.join(where, sql` and `)}`,
      ),
    ]);
    return {
      Data: rows.map((row) => ({
        Id: row.id,
        MemberId: row.member_id,
        MemberNo: row.member_no,
        Nickname: row.nickname,
        Avatar: row.avatar,
        Mobile: row.mobile,
        InviterName: row.inviter_name,
        State: row.state,
        PaidOrders: row.paid_orders,
        PaidFen: Number(row.paid_fen),
        Reason: row.reason,
        DeciderName: row.decider_name,
        AppliedAt: iso(row.applied_at)!,
        DecidedAt: iso(row.decided_at),
      })),
      Total: counts![input.state],
      Counts: counts!,
    };
  }),

  defineRoute(promoters.approveApplications, async ({ db, session, input, locale }) =>
    db.transaction(async (tx) => {
      const changed = await approveApplications(
        tx,
        session.siteId,
        input.Ids,
        operator(session),
        locale,
        new Date(),
      );
      await audit(tx, session, 'distribution.application.approve', `applications:${input.Ids.join(',')}`, {
        changed,
      });
      return { Changed: changed };
    }),
  ),

  defineRoute(promoters.rejectApplication, async ({ db, session, input, locale }) =>
    db.transaction(async (tx) => {
      const row = await rejectApplication(
        tx,
        session.siteId,
        input.Id,
        input.Reason,
        operator(session),
        locale,
        new Date(),
      );
      await audit(tx, session, 'distribution.application.reject', `application:${input.Id}`, {
        memberNo: row.member_no,
        reason: input.Reason,
      });
      return {};
    }),
  ),

  defineRoute(promoters.getPromoterTeam, async ({ db, session, input }) => {
    const promoter = await readPromoter(db, session.siteId, input.promoterId, 'promoterId');
    const where: SQL[] = [sql`true`];
    if (input.keyword) {
      const pattern = containsPattern(input.keyword);
      where.push(
        sql`(team.nickname ilike ${pattern} or team.mobile ilike ${pattern} or team.member_no ilike ${pattern})`,
      );
    }
    const order = parseSort(input.sort);
    const direction = sql.raw(order.descending ? 'desc' : 'asc');
    const sortColumn = order.field === 'commission' ? sql`team.commission_fen` : sql`team.registered_at`;
    const condition = sql.join(where, sql` and `);
    const counted = (level: '1' | '2') =>
      sql`(select count(*)::int from ${teamRows(session.siteId, promoter, level)} where ${condition})`;
    const [rows, [counts], [totals]] = await Promise.all([
      queryRows<TeamRecord>(
        db,
        sql`select * from ${teamRows(session.siteId, promoter, input.level)} where ${condition}
             order by ${sortColumn} ${direction}, team.member_id ${direction}
             limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
      ),
      queryRows<{ '1': number; '2': number }>(db, sql`select ${counted('1')} as "1", ${counted('2')} as "2"`),
      queryRows<{ orders: number; paid_fen: string | number; commission_fen: string | number }>(
        db,
        sql`select count(distinct c.order_id)::int as orders,
                   coalesce((select sum(o.paid_fen) from orders o where o.id in
                               (select order_id from commissions where promoter_id = ${promoter.Id})), 0) as paid_fen,
                   coalesce(sum(c.amount_fen - c.void_fen), 0) as commission_fen
              from commissions c where c.promoter_id = ${promoter.Id}`,
      ),
    ]);
    return {
      Promoter: promoter,
      Data: rows.map((row) => ({
        MemberId: row.member_id,
        MemberNo: row.member_no,
        Nickname: row.nickname,
        Avatar: row.avatar,
        Mobile: row.mobile,
        ViaName: row.via_name,
        IsPromoter: row.is_promoter,
        RegisteredAt: iso(row.registered_at)!,
        Orders: row.orders,
        PaidFen: Number(row.paid_fen),
        CommissionFen: Number(row.commission_fen),
      })),
      Total: counts![input.level],
      Counts: counts!,
      Totals: {
        Orders: totals?.orders ?? 0,
        PaidFen: Number(totals?.paid_fen ?? 0),
        CommissionFen: Number(totals?.commission_fen ?? 0),
      },
    };
  }),

  defineRoute(promoters.getWechatAccountList, async ({ db, session, input }) => {
    const promoter =
      input.promoterId === undefined
        ? null
        : await readPromoter(db, session.siteId, input.promoterId, 'promoterId');
    const where: SQL[] = [sql`w.site_id = ${session.siteId}`];
    if (promoter) where.push(sql`w.promoter_id = ${promoter.Id}`);
    if (input.keyword) {
      const pattern = containsPattern(input.keyword);
      where.push(
        sql`(m.nickname ilike ${pattern} or m.mobile ilike ${pattern} or m.member_no ilike ${pattern})`,
      );
    }
    const filtered = input.state === 'all' ? where : [...where, sql`w.state = ${input.state}`];
    const from = sql`promoter_wechat_accounts w join promoters p on p.id = w.promoter_id join members m on m.id = p.member_id`;
    const direction = sql.raw(parseSort(input.sort).descending ? 'desc' : 'asc');
    const [rows, [counts]] = await Promise.all([
      queryRows<WechatRecord>(
        db,
        sql`select w.id, w.promoter_id, m.id as member_id, m.member_no, m.nickname, m.avatar, m.mobile, w.open_id,
                   w.real_name, w.state, w.bound_at, w.unbound_at,
                   (select count(*)::int from withdrawals d where d.wechat_account_id = w.id and d.state = 'paid') as payouts,
                   (select coalesce(sum(d.payout_fen), 0) from withdrawals d
                     where d.wechat_account_id = w.id and d.state = 'paid') as paid_fen
              from ${from} where ${sql.join(filtered, sql` and `)}
             order by w.bound_at ${direction}, w.id ${direction}
             limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
      ),
      queryRows<{ all: number; bound: number; unbound: number }>(
        db,
        sql`select count(*)::int as "all", (count(*) filter (where w.state = 'bound'))::int as bound,
                   (count(*) filter (where w.state = 'unbound'))::int as unbound
              from ${from} where ${sql.join(where, sql` and `)}`,
      ),
    ]);
    return {
      Promoter: promoter,
      Data: rows.map((row) => ({
        Id: row.id,
        PromoterId: row.promoter_id,
        MemberId: row.member_id,
        MemberNo: row.member_no,
        Nickname: row.nickname,
        Avatar: row.avatar,
        Mobile: row.mobile,
        OpenId: maskOpenId(row.open_id),
        RealName: maskName(row.real_name),
        State: row.state,
        BoundAt: iso(row.bound_at)!,
        UnboundAt: iso(row.unbound_at),
        Payouts: row.payouts,
        PaidFen: Number(row.paid_fen),
      })),
      Total: counts![input.state],
      Counts: counts!,
    };
  }),

  defineRoute(promoters.unbindWechatAccounts, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      const ids = sql.join(
        input.Ids.map((id) => sql`${id}`),
        sql`, `,
      );
      const found = await queryRows<{ id: number }>(
        tx,
        sql`select id from promoter_wechat_accounts where site_id = ${session.siteId} and id in (${ids}) for update`,
      );
      const missing = input.Ids.find((id) => !found.some((row) => row.id === id));
      if (missing !== undefined)
        throw new AppError('distribution.wechat.notFound', { id: missing }, { field: 'Ids' });
      const changed = await queryRows<{ id: number }>(
        tx,
        sql`update promoter_wechat_accounts set state = 'unbound', unbound_at = now()
             where site_id = ${session.siteId} and id in (${ids}) and state = 'bound' returning id`,
      );
      await audit(tx, session, 'distribution.wechat.unbind', `promoterWechat:${input.Ids.join(',')}`, {
        changed: changed.length,
      });
      return { Changed: changed.length };
    }),
  ),
];
