import { type SQL, sql } from 'drizzle-orm';
import * as api from '../../../contract/endpoints/members';
import { dateBound, parseSort } from '../../../contract/list-query';
import { EXPORT_MAX_ROWS } from '../../../contract/scalars';
import { shopDate, shopDateTime } from '../../../contract/shop-time';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { Executor } from '../../db/client';
import { containsPattern, queryRows } from '../../db/query';
import { pagedBatches, sendExport } from '../../export/send-export';
import type { ExportColumn } from '../../export/xlsx';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { refuseStale } from '../../http/stale';
import { type Locale, translate } from '../../i18n/messages';
import { changeGrowth } from './members';
import './messages';
import { credit, debit } from './service';

/** The operators' members list, details and adjustments (SPEC §2 allCustomer, memberDetails). */

type Filters = Omit<api.MemberListQuery, 'page' | 'pageSize' | 'sort' | 'status'> & {
  status: api.MemberListQuery['status'];
};

interface MemberRecord extends Record<string, unknown> {
  id: number;
  member_no: string;
  open_id: string;
  nickname: string;
  avatar: string;
  mobile: string;
  grade_id: number | null;
  grade_name: string | null;
  growth: number;
  tags: string[];
  source: api.MemberRow['Source'];
  status: api.MemberRow['Status'];
  balance_fen: number;
  points: number;
  spent_fen: number;
  order_count: number;
  last_order_at: string | Date | null;
  registered_at: string | Date;
}

/** Members with their grade, wallet and order totals; `m`, `g`, `w` and `s` for the filters. */
const FROM = sql`from members m
  left join member_grades g on g.id = m.grade_id
  left join buyer_wallets w on w.site_id = m.site_id and w.buyer_id = m.open_id
  left join lateral (
    select coalesce(sum(o.paid_fen - o.refunded_fen), 0)::int as spent_fen, count(*)::int as order_count,
           max(o.paid_at) as last_order_at
      from orders o
     where o.site_id = m.site_id and o.buyer_id = m.open_id and o.paid_at is not null
  ) s on true`;

const COLUMNS = sql`m.id, m.member_no, m.open_id, m.nickname, m.avatar, m.mobile, m.grade_id, g.name as grade_name,
  m.growth, m.tags, m.source, m.status, coalesce(w.balance_fen, 0) as balance_fen, coalesce(w.points, 0) as points,
  s.spent_fen, s.order_count, s.last_order_at, m.registered_at`;

function conditions(siteId: number, input: Filters): SQL[] {
  const where: SQL[] = [sql`m.site_id = ${siteId}`];
  if (input.keyword) {
    const pattern = containsPattern(input.keyword);
    where.push(
      sql`(m.nickname ilike ${pattern} or m.mobile ilike ${pattern} or m.member_no ilike ${pattern})`,
    );
  }
  if (input.gradeId !== undefined) where.push(sql`m.grade_id = ${input.gradeId}`);
  if (input.tag) where.push(sql`${input.tag} = any(m.tags)`);
  if (input.source) where.push(sql`m.source = ${input.source}`);
  const from = (value: string) => dateBound(value, false).toISOString();
  const to = (value: string) => dateBound(value, true).toISOString();
  if (input.registeredFrom) where.push(sql`m.registered_at >= ${from(input.registeredFrom)}::timestamptz`);
  if (input.registeredTo) where.push(sql`m.registered_at < ${to(input.registeredTo)}::timestamptz`);
  if (input.spentMin !== undefined) where.push(sql`s.spent_fen >= ${input.spentMin}`);
  if (input.spentMax !== undefined) where.push(sql`s.spent_fen <= ${input.spentMax}`);
  if (input.lastOrderFrom) where.push(sql`s.last_order_at >= ${from(input.lastOrderFrom)}::timestamptz`);
  if (input.lastOrderTo) where.push(sql`s.last_order_at < ${to(input.lastOrderTo)}::timestamptz`);
  return where;
}

const SORT: Record<string, SQL> = {
  registeredAt: sql`m.registered_at`,
  spent: sql`s.spent_fen`,
  lastOrderAt: sql`s.last_order_at`,
  growth: sql`m.growth`,
};

function iso(value: string | Date | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

function memberRow(row: MemberRecord): api.MemberRow {
  return {
    Id: row.id,
    MemberNo: row.member_no,
    OpenId: row.open_id,
    Nickname: row.nickname,
    Avatar: row.avatar,
    Mobile: row.mobile,
    GradeId: row.grade_id,
    GradeName: row.grade_name ?? '',
    Growth: row.growth,
    Tags: row.tags,
    Source: row.source,
    Status: row.status,
    BalanceFen: row.balance_fen,
    Points: row.points,
    SpentFen: row.spent_fen,
    OrderCount: row.order_count,
    LastOrderAt: iso(row.last_order_at),
    RegisteredAt: iso(row.registered_at)!,
  };
}

async function readPage(
  db: Executor,
  siteId: number,
  input: Filters & { sort: api.MemberListQuery['sort'] },
  offset: number,
  limit: number,
): Promise<api.MemberRow[]> {
  const where = conditions(siteId, input);
  if (input.status !== 'all') where.push(sql`m.status = ${input.status}`);
  const order = parseSort(input.sort);
  const direction = sql.raw(order.descending ? 'desc nulls last' : 'asc nulls first');
  const rows = await queryRows<MemberRecord>(
    db,
    sql`select ${COLUMNS} ${FROM} where ${sql.join(where, sql` and `)}
        order by ${SORT[order.field]} ${direction}, m.id desc limit ${limit} offset ${offset}`,
  );
  return rows.map(memberRow);
}

function yuan(fen: number): number {
  return fen / 100;
}

function exportColumns(locale: Locale): ExportColumn<api.MemberRow>[] {
  const say = (key: string) => translate(locale, key);
  return [
    { header: say('member.export.memberNo'), width: 14, value: (row) => row.MemberNo },
    { header: say('member.export.nickname'), width: 20, value: (row) => row.Nickname },
    { header: say('member.export.mobile'), width: 14, value: (row) => row.Mobile },
    { header: say('member.export.grade'), width: 12, value: (row) => row.GradeName },
    { header: say('member.export.growth'), width: 10, value: (row) => row.Growth },
    { header: say('member.export.balance'), numberFormat: '0.00', value: (row) => yuan(row.BalanceFen) },
    { header: say('member.export.points'), width: 10, value: (row) => row.Points },
    { header: say('member.export.spent'), numberFormat: '0.00', value: (row) => yuan(row.SpentFen) },
    { header: say('member.export.orders'), width: 8, value: (row) => row.OrderCount },
    { header: say('member.export.tags'), width: 24, value: (row) => row.Tags.join(', ') },
    { header: say('member.export.source'), width: 12, value: (row) => say(`member.source.${row.Source}`) },
    { header: say('member.export.status'), width: 10, value: (row) => say(`member.status.${row.Status}`) },
    {
      header: say('member.export.registered'),
      width: 20,
      value: (row) => shopDateTime(new Date(row.RegisteredAt)),
    },
  ];
}

async function findMember(db: Executor, siteId: number, id: number, field: string) {
  const [row] = await queryRows<{ id: number; open_id: string; status: string; version: number }>(
    db,
    sql`select id, open_id, status, version from members where id = ${id} and site_id = ${siteId}`,
  );
  if (!row) throw new AppError('member.notFound', { id }, { field });
  return row;
}

/** Every id must be a member of the caller's site; names the missing ones otherwise. */
async function requireMembers(db: Executor, siteId: number, ids: number[]) {
  const rows = await queryRows<{ id: number; status: string; tags: string[] }>(
    db,
    sql`select id, status, tags from members where site_id = ${siteId}
          and id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) order by id for update`,
  );
  const found = new Set(rows.map((row) => row.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0)
    throw new AppError('member.someNotFound', { ids: missing.join(', ') }, { field: 'Ids' });
  return rows;
}

interface LedgerRecord extends Record<string, unknown> {
  id: number | string;
  delta: number;
  after: number;
  reason: string;
  note: string;
  order_no: string;
  actor_name: string;
  created_at: string | Date;
}

function ledgerRow(row: LedgerRecord): api.MemberLedgerRow {
  return {
    Id: Number(row.id),
    Delta: row.delta,
    After: row.after,
    Reason: row.reason,
    Note: row.note,
    OrderNo: row.order_no,
    ActorName: row.actor_name,
    CreatedAt: iso(row.created_at)!,
  };
}

async function readDetail(db: Executor, siteId: number, id: number): Promise<api.MemberDetail> {
  const [row] = await queryRows<
    MemberRecord & {
      gender: api.MemberDetail['Gender'];
      birthday: string | null;
      remark: string;
      version: number;
      inviter_id: number | null;
    }
  >(
    db,
    sql`select ${COLUMNS}, m.gender, m.birthday::text as birthday, m.remark, m.version, m.inviter_id
        ${FROM} where m.site_id = ${siteId} and m.id = ${id}`,
  );
  if (!row) throw new AppError('member.notFound', { id }, { field: 'id' });
  const limit = api.MEMBER_DETAIL_ROWS;
  const wallet = (currency: string) =>
    queryRows<LedgerRecord>(
      db,
      sql`select id, delta, after, reason, note, order_no, actor_name, created_at from wallet_ledger
           where site_id = ${siteId} and buyer_id = ${row.open_id} and currency = ${currency}
           order by id desc limit ${limit}`,
    );
  const [growth, balance, points, orders, addresses, inviter, invitees] = await Promise.all([
    queryRows<LedgerRecord>(
      db,
      sql`select id, delta, after, reason, note, order_no, actor_name, created_at from member_growth_ledger
           where site_id = ${siteId} and member_id = ${id} order by id desc limit ${limit}`,
    ),
    wallet('balance'),
    wallet('points'),
    queryRows<{
      id: number;
      order_no: string;
      state: string;
      total_fen: number;
      goods_name: string;
      created_at: string | Date;
    }>(
      db,
      sql`select id, order_no, state, total_fen, goods_name, created_at from orders
           where site_id = ${siteId} and buyer_id = ${row.open_id} order by created_at desc, id desc limit ${limit}`,
    ),
    // Addresses are the distinct receivers the member's orders were sent to, latest first.
    queryRows<{ name: string; phone: string; text: string }>(
      db,
      sql`select name, phone, text from (
            select distinct on (text) receiver_name as name, receiver_phone as phone, created_at,
                   concat_ws(' ', address->>'Province', address->>'City', address->>'District', address->>'Detail') as text
              from orders
             where site_id = ${siteId} and buyer_id = ${row.open_id} and address is not null
             order by text, created_at desc) latest
          order by created_at desc limit ${limit}`,
    ),
    row.inviter_id === null
      ? Promise.resolve([])
      : queryRows<{ id: number; member_no: string; nickname: string }>(
          db,
          sql`select id, member_no, nickname from members where id = ${row.inviter_id} and site_id = ${siteId}`,
        ),
    queryRows<{ id: number; member_no: string; nickname: string }>(
      db,
      sql`select id, member_no, nickname from members where site_id = ${siteId} and inviter_id = ${id}
           order by id desc limit ${limit}`,
    ),
  ]);
  const link = (member: { id: number; member_no: string; nickname: string }) => ({
    Id: member.id,
    MemberNo: member.member_no,
    Nickname: member.nickname,
  });
  return {
    ...memberRow(row),
    Gender: row.gender,
    Birthday: row.birthday,
    Remark: row.remark,
    Version: row.version,
    Inviter: inviter[0] ? link(inviter[0]) : null,
    Invitees: invitees.map(link),
    GrowthLedger: growth.map(ledgerRow),
    BalanceLedger: balance.map(ledgerRow),
    PointsLedger: points.map(ledgerRow),
    Orders: orders.map((order) => ({
      Id: order.id,
      OrderNo: order.order_no,
      State: order.state,
      TotalFen: order.total_fen,
      GoodsName: order.goods_name,
      CreatedAt: iso(order.created_at)!,
    })),
    Addresses: addresses.map((address) => ({ Name: address.name, Phone: address.phone, Text: address.text })),
  };
}

const target = (id: number) => `member:${id}`;
const operator = (session: Session) => ({
  kind: 'operator' as const,
  accountId: session.accountId,
  name: session.userName,
});

export const memberRoutes = [
  defineRoute(api.getMemberList, async ({ db, session, input }) => {
    const where = conditions(session.siteId, input);
    const [data, [counts]] = await Promise.all([
      readPage(db, session.siteId, input, (input.page - 1) * input.pageSize, input.pageSize),
      queryRows<{ all: number; active: number; disabled: number }>(
        db,
        sql`select count(*)::int as all, (count(*) filter (where m.status = 'active'))::int as active,
                   (count(*) filter (where m.status = 'disabled'))::int as disabled
            ${FROM} where ${sql.join(where, sql` and `)}`,
      ),
    ]);
    const tally = counts ?? { all: 0, active: 0, disabled: 0 };
    return { Data: data, Total: tally[input.status], Counts: tally };
  }),

  defineRoute(api.exportMemberList, async ({ db, session, input, locale, reply }) => {
    const stamp = shopDate(new Date());
    sendExport(reply, {
      format: input.format,
      fileName: `${translate(locale, 'member.export.fileName')}-${stamp}`,
      asciiName: `members-${stamp}`,
      sheetName: translate(locale, 'member.export.sheet'),
      columns: exportColumns(locale),
      batches: pagedBatches(
        (offset, limit) => readPage(db, session.siteId, input, offset, limit),
        EXPORT_MAX_ROWS,
      ),
    });
    return undefined;
  }),

  defineRoute(api.getMemberFilterOptions, async ({ db, session }) => {
    const [grades, tags] = await Promise.all([
      queryRows<{ id: number; name: string; level: number }>(
        db,
        sql`select id, name, level from member_grades where site_id = ${session.siteId} order by level, id`,
      ),
      queryRows<{ tag: string }>(
        db,
        sql`select distinct unnest(tags) as tag from members where site_id = ${session.siteId} order by tag`,
      ),
    ]);
    return {
      Grades: grades.map((grade) => ({ Id: grade.id, Name: grade.name, Level: grade.level })),
      Tags: tags.map((row) => row.tag),
    };
  }),

  defineRoute(api.setMemberTags, async ({ db, session, input }) => {
    const ids = [...new Set(input.Ids)];
    const add = [...new Set(input.Add)];
    const remove = new Set(input.Remove);
    return db.transaction(async (tx) => {
      const rows = await requireMembers(tx, session.siteId, ids);
      const changed: number[] = [];
      for (const row of rows) {
        const tags = [...row.tags.filter((tag) => !remove.has(tag))];
        for (const tag of add) if (!tags.includes(tag)) tags.push(tag);
        if (tags.length > api.MAX_MEMBER_TAGS) {
          throw new AppError(
            'member.tooManyTags',
            { id: row.id, max: api.MAX_MEMBER_TAGS },
            { field: 'Add' },
          );
        }
        if (tags.join('\u0000') === row.tags.join('\u0000')) continue;
        await tx.execute(
          sql`update members set tags = ${sql`array[${sql.join(
            tags.map((tag) => sql`${tag}`),
            sql`, `,
          )}]::text[]`}, version = version + 1, updated_at = now() where id = ${row.id}`,
        );
        changed.push(row.id);
      }
      if (changed.length > 0) {
        await audit(tx, session, 'member.tags', `member:${changed.join(',')}`, {
          add,
          remove: [...remove],
        });
      }
      return { Changed: changed };
    });
  }),

  defineRoute(api.setMemberStatus, async ({ db, session, input }) => {
    const ids = [...new Set(input.Ids)];
    return db.transaction(async (tx) => {
      const rows = await requireMembers(tx, session.siteId, ids);
      const changed = rows.filter((row) => row.status !== input.Status).map((row) => row.id);
      if (changed.length > 0) {
        await tx.execute(
          sql`update members set status = ${input.Status}, version = version + 1, updated_at = now()
               where site_id = ${session.siteId} and id in (${sql.join(
                 changed.map((id) => sql`${id}`),
                 sql`, `,
               )})`,
        );
        await audit(tx, session, 'member.status', `member:${changed.join(',')}`, { status: input.Status });
      }
      return { Changed: changed, Unchanged: ids.filter((id) => !changed.includes(id)) };
    });
  }),

  defineRoute(api.getMemberInfo, async ({ db, session, input }) => readDetail(db, session.siteId, input.id)),

  defineRoute(api.setMemberProfile, async ({ db, session, input, locale, reply }) => {
    return db.transaction(async (tx) => {
      const current = await findMember(tx, session.siteId, input.Id, 'Id');
      const [saved] = await queryRows<{ version: number }>(
        tx,
        sql`update members set nickname = ${input.Nickname}, mobile = ${input.Mobile}, gender = ${input.Gender},
                   birthday = ${input.Birthday}, remark = ${input.Remark}, version = version + 1, updated_at = now()
             where id = ${input.Id} and site_id = ${session.siteId} and version = ${input.Version}
            returning version`,
      );
      if (!saved) {
        return refuseStale(reply, {
          locale,
          message: 'member.staleSave',
          yours: input.Version,
          current: current.version,
        });
      }
      await audit(tx, session, 'member.profile', target(input.Id), {
        from: input.Version,
        to: saved.version,
      });
      return { Version: saved.version };
    });
  }),

  defineRoute(api.adjustMember, async ({ db, session, input }) => {
    return db.transaction(async (tx) => {
      const member = await findMember(tx, session.siteId, input.Id, 'Id');
      const now = new Date();
      let after: number;
      if (input.Kind === 'growth') {
        after = (
          await changeGrowth(tx, {
            siteId: session.siteId,
            memberId: member.id,
            delta: input.Delta,
            reason: 'operator',
            note: input.Reason,
            orderNo: '',
            actor: operator(session),
            now,
          })
        ).after;
      } else {
        const change = {
          siteId: session.siteId,
          buyerId: member.open_id,
          currency: input.Kind,
          amount: Math.abs(input.Delta),
          reason: 'adjust' as const,
          orderNo: '',
          note: input.Reason,
          actor: operator(session),
          now,
        };
        after =
          input.Delta > 0
            ? await credit(tx, change)
            : await debit(
                tx,
                change,
                (available) => new AppError('member.adjustShort', { available }, { field: 'Delta' }),
              );
      }
      await audit(tx, session, 'member.adjust', target(member.id), {
        kind: input.Kind,
        delta: input.Delta,
        after,
        reason: input.Reason,
      });
      return { After: after };
    });
  }),
];
