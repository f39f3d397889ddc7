import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import * as tickets from '../../../contract/endpoints/tickets';
import { dateBound, parseSort } from '../../../contract/list-query';
import { EXPORT_MAX_ROWS } from '../../../contract/scalars';
import { shopDateTime } from '../../../contract/shop-time';
import { readTicketCode } from '../../../contract/ticket-code';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { Executor } from '../../db/client';
import { containsPattern, queryRows } from '../../db/query';
import { pagedBatches, sendExport } from '../../export/send-export';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { refuseStale } from '../../http/stale';
import { type Locale, translate } from '../../i18n/messages';
import { storefrontSite } from '../storefront/service';
import {
  expireTickets,
  intArray,
  memberVerifier,
  operatorStore,
  requireStore,
  type Verifier,
  writeOffCode,
} from './service';
import './messages';

/**
 * Tickets, verifiers and the write-off log. Store accounts work for one store: they see the tickets
 * usable (or used) at it, its verifiers and its write-offs, and act there only; another store's
 * rows are "not found" like another site's.
 */

type Viewer = Pick<Session, 'siteId' | 'isStore' | 'storeId'>;

/** The store a store account is limited to; null for accounts that see the whole site. */
function ownStore(viewer: Viewer): number | null | 'none' {
  if (!viewer.isStore) return null;
  return viewer.storeId ?? 'none';
}

function ticketScope(viewer: Viewer): SQL {
  const store = ownStore(viewer);
  if (store === null) return sql`true`;
  if (store === 'none') return sql`false`;
  return sql`((t.state = 'used' and t.used_store_id = ${store})
           or (t.state <> 'used' and (cardinality(t.store_ids) = 0 or ${store} = any(t.store_ids))))`;
}

function storeScope(viewer: Viewer, column: SQL): SQL {
  const store = ownStore(viewer);
  if (store === null) return sql`true`;
  if (store === 'none') return sql`false`;
  return sql`${column} = ${store}`;
}

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

interface TicketRecord extends Record<string, unknown> {
  id: number;
  code: string;
  state: tickets.TicketRow['State'];
  member_id: number;
  member_no: string;
  member_name: string;
  goods_name: string;
  order_no: string;
  unit_fen: number;
  valid_from: Date | string;
  valid_until: Date | string;
  stores: { Id: number; Title: string }[] | null;
  used_at: Date | string | null;
  used_store_title: string | null;
  end_reason: string;
  created_at: Date | string;
  version: number;
}

/** A ticket's order, or the points mall exchange it came from: its number is shown as the order's. */
const SOURCE_JOIN = sql`left join orders o on o.id = t.order_id left join points_exchanges x on x.id = t.exchange_id`;
const SOURCE_NO = sql`coalesce(o.order_no, x.exchange_no)`;

const TICKET_COLUMNS = sql`t.id, t.code, t.state, t.member_id, m.member_no,
  coalesce(nullif(m.nickname, ''), m.member_no) as member_name, t.goods_name, ${SOURCE_NO} as order_no, t.unit_fen,
  t.valid_from, t.valid_until, t.used_at, us.title as used_store_title, t.end_reason, t.created_at, t.version,
  (select json_agg(json_build_object('Id', s.id, 'Title', s.title) order by s.id)
     from stores s where s.id = any(t.store_ids)) as stores`;

const TICKET_FROM = sql`tickets t join members m on m.id = t.member_id ${SOURCE_JOIN}
  left join stores us on us.id = t.used_store_id`;

function endReason(locale: Locale, reason: string): string {
  return reason === 'expired' || reason === 'refunded'
    ? translate(locale, `ticket.endReason.${reason}`)
    : reason;
}

function ticketRow(locale: Locale, record: TicketRecord): tickets.TicketRow {
  return {
    Id: record.id,
    Code: record.code,
    State: record.state,
    MemberId: record.member_id,
    MemberNo: record.member_no,
    MemberName: record.member_name,
    GoodsName: record.goods_name,
    OrderNo: record.order_no,
    UnitFen: record.unit_fen,
    ValidFrom: iso(record.valid_from),
    ValidUntil: iso(record.valid_until),
    Stores: record.stores ?? [],
    UsedAt: iso(record.used_at),
    UsedStoreTitle: record.used_store_title ?? '',
    EndReason: endReason(locale, record.end_reason),
    CreatedAt: iso(record.created_at)!,
    Version: record.version,
  };
}

async function readTicket(
  db: Executor,
  viewer: Viewer,
  locale: Locale,
  id: number,
): Promise<tickets.TicketRow> {
  const [record] = await queryRows<TicketRecord>(
    db,
    sql`select ${TICKET_COLUMNS} from ${TICKET_FROM}
         where t.id = ${id} and t.site_id = ${viewer.siteId} and ${ticketScope(viewer)}`,
  );
  if (!record) throw new AppError('ticket.notFound', { id }, { field: 'Id' });
  return ticketRow(locale, record);
}

function ticketFilters(viewer: Viewer, input: z.infer<typeof tickets.ticketListQuerySchema>): SQL[] {
  const conditions = [sql`t.site_id = ${viewer.siteId}`, ticketScope(viewer)];
  if (input.keyword) {
    const pattern = containsPattern(input.keyword);
    const code = containsPattern(input.keyword.replace(/[\s-]/g, ''));
    conditions.push(sql`(t.code like ${code} or m.nickname ilike ${pattern} or m.member_no ilike ${pattern}
      or m.mobile like ${pattern} or t.goods_name ilike ${pattern})`);
  }
  if (input.storeId !== undefined) {
    conditions.push(sql`(t.used_store_id = ${input.storeId}
      or (t.state <> 'used' and (cardinality(t.store_ids) = 0 or ${input.storeId} = any(t.store_ids))))`);
  }
  if (input.createdFrom)
    conditions.push(sql`t.created_at >= ${dateBound(input.createdFrom, false).toISOString()}::timestamptz`);
  if (input.createdTo)
    conditions.push(sql`t.created_at < ${dateBound(input.createdTo, true).toISOString()}::timestamptz`);
  return conditions;
}

const and = (conditions: SQL[]) => sql.join(conditions, sql` and `);

function typedCode(typed: string): string {
  const code = readTicketCode(typed);
  if (!code) throw new AppError('ticket.codeInvalid', {}, { field: 'Code' });
  return code;
}

interface VerifierRecord extends Record<string, unknown> {
  id: number;
  kind: tickets.VerifierKind;
  name: string;
  member_no: string | null;
  store_id: number;
  store_title: string;
  created_at: Date | string;
}

const VERIFIER_SELECT = sql`select v.id, v.kind, v.store_id, s.title as store_title, v.created_at, m.member_no,
    coalesce(nullif(m.nickname, ''), m.member_no, a.user_name) as name
  from ticket_verifiers v join stores s on s.id = v.store_id
  left join members m on m.id = v.member_id left join accounts a on a.id = v.account_id`;

function verifierRow(record: VerifierRecord): tickets.VerifierRow {
  return {
    Id: record.id,
    Kind: record.kind,
    Name: record.name,
    MemberNo: record.member_no ?? '',
    StoreId: record.store_id,
    StoreTitle: record.store_title,
    CreatedAt: iso(record.created_at)!,
  };
}

interface WriteOffRecord extends Record<string, unknown> {
  id: number | string;
  kind: tickets.WriteOffKind;
  reference: string;
  title: string;
  member_name: string;
  store_id: number;
  store_title: string;
  verifier_kind: tickets.VerifierKind;
  verifier_name: string;
  created_at: Date | string;
}

function writeOffFilters(
  viewer: Viewer,
  input: Omit<z.infer<typeof tickets.exportWriteOffLog.input>, 'format'>,
): SQL[] {
  const conditions = [sql`w.site_id = ${viewer.siteId}`, storeScope(viewer, sql`w.store_id`)];
  if (input.kind) conditions.push(sql`w.kind = ${input.kind}`);
  if (input.storeId !== undefined) conditions.push(sql`w.store_id = ${input.storeId}`);
  if (input.keyword) {
    const pattern = containsPattern(input.keyword);
    const code = containsPattern(input.keyword.replace(/[\s-]/g, ''));
    conditions.push(sql`(w.reference like ${code} or w.title ilike ${pattern} or w.member_name ilike ${pattern}
      or w.verifier_name ilike ${pattern})`);
  }
  if (input.createdFrom)
    conditions.push(sql`w.created_at >= ${dateBound(input.createdFrom, false).toISOString()}::timestamptz`);
  if (input.createdTo)
    conditions.push(sql`w.created_at < ${dateBound(input.createdTo, true).toISOString()}::timestamptz`);
  return conditions;
}

function writeOffPage(
  db: Executor,
  conditions: SQL[],
  descending: boolean,
  offset: number,
  limit: number,
): Promise<WriteOffRecord[]> {
  const direction = descending ? sql`desc` : sql`asc`;
  return queryRows<WriteOffRecord>(
    db,
    sql`select w.id, w.kind, w.reference, w.title, w.member_name, w.store_id, s.title as store_title,
               w.verifier_kind, w.verifier_name, w.created_at
          from write_offs w join stores s on s.id = w.store_id
         where ${and(conditions)}
         order by w.created_at ${direction}, w.id ${direction} limit ${limit} offset ${offset}`,
  );
}

function writeOffRow(record: WriteOffRecord): tickets.WriteOffRow {
  return {
    Id: Number(record.id),
    Kind: record.kind,
    Reference: record.reference,
    Title: record.title,
    MemberName: record.member_name,
    StoreId: record.store_id,
    StoreTitle: record.store_title,
    VerifierKind: record.verifier_kind,
    VerifierName: record.verifier_name,
    CreatedAt: iso(record.created_at)!,
  };
}

export const ticketRoutes = [
  defineRoute(tickets.getTicketList, async ({ db, session, input, locale }) => {
    const conditions = ticketFilters(session, input);
    const tab = input.state === 'all' ? sql`true` : sql`t.state = ${input.state}`;
    const order = parseSort(input.sort);
    const column = order.field === 'validUntil' ? sql`t.valid_until` : sql`t.created_at`;
    const direction = order.descending ? sql`desc` : sql`asc`;
    const [records, [counts]] = await Promise.all([
      queryRows<TicketRecord>(
        db,
        sql`select ${TICKET_COLUMNS} from ${TICKET_FROM} where ${and([...conditions, tab])}
             order by ${column} ${direction}, t.id ${direction}
             limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
      ),
      queryRows<z.infer<typeof tickets.ticketCountsSchema>>(
        db,
        sql`select count(*)::int as "all",
                   (count(*) filter (where t.state = 'unused'))::int as unused,
                   (count(*) filter (where t.state = 'used'))::int as used,
                   (count(*) filter (where t.state = 'expired'))::int as expired,
                   (count(*) filter (where t.state = 'refunded'))::int as refunded
              from ${TICKET_FROM} where ${and(conditions)}`,
      ),
    ]);
    const tally = counts ?? { all: 0, unused: 0, used: 0, expired: 0, refunded: 0 };
    return {
      Data: records.map((record) => ticketRow(locale, record)),
      Total: tally[input.state],
      Counts: tally,
    };
  }),

  defineRoute(tickets.invalidateTicket, async ({ db, session, input, locale, reply }) => {
    return db.transaction(async (tx) => {
      const current = await readTicket(tx, session, locale, input.Id);
      if (input.Version !== undefined && input.Version !== current.Version) {
        return refuseStale(reply, {
          locale,
          message: 'common.staleVersion',
          yours: input.Version,
          current: current.Version,
        });
      }
      const [changed] = await queryRows<{ id: number }>(
        tx,
        sql`update tickets set state = 'expired', end_reason = ${input.Reason}, ended_at = now(),
                   version = version + 1, updated_at = now()
             where id = ${input.Id} and site_id = ${session.siteId} and state = 'unused'
             returning id`,
      );
      if (!changed) {
        const state = translate(locale, `ticket.state.${current.State}`);
        throw new AppError('ticket.notUnused', { code: current.Code, state }, { field: 'Id' });
      }
      await audit(tx, session, 'ticket.invalidate', `ticket:${input.Id}`, {
        code: current.Code,
        reason: input.Reason,
      });
      return { Ticket: await readTicket(tx, session, locale, input.Id) };
    });
  }),

  defineRoute(tickets.getTicketStores, async ({ db, session }) => {
    const rows = await queryRows<{ id: number; title: string }>(
      db,
      sql`select id, title from stores s
           where site_id = ${session.siteId} and deleted = false and ${storeScope(session, sql`s.id`)}
           order by sort desc, id`,
    );
    return { Data: rows.map((row) => ({ Id: row.id, Title: row.title })) };
  }),

  defineRoute(tickets.writeOffTicket, async ({ db, session, input, locale }) => {
    const code = typedCode(input.Code);
    return db.transaction(async (tx) => {
      const storeId = await operatorStore(tx, session, input.StoreId);
      const verifier: Verifier = {
        kind: 'account',
        memberId: null,
        accountId: session.accountId,
        name: session.userName,
      };
      const done = await writeOffCode(tx, session.siteId, code, storeId, verifier, new Date(), locale);
      await audit(tx, session, 'ticket.writeOff', `ticket:${done.ticketId}`, { code, storeId });
      return {
        WriteOffId: done.writeOffId,
        Ticket: await readTicket(tx, session, locale, done.ticketId),
      };
    });
  }),

  defineRoute(tickets.getVerifierList, async ({ db, session, input }) => {
    const conditions = [sql`v.site_id = ${session.siteId}`, storeScope(session, sql`v.store_id`)];
    if (input.storeId !== undefined) conditions.push(sql`v.store_id = ${input.storeId}`);
    if (input.keyword) {
      const pattern = containsPattern(input.keyword);
      conditions.push(sql`(m.nickname ilike ${pattern} or m.member_no ilike ${pattern} or m.mobile like ${pattern}
        or a.user_name ilike ${pattern})`);
    }
    const direction = parseSort(input.sort).descending ? sql`desc` : sql`asc`;
    const [records, [total]] = await Promise.all([
      queryRows<VerifierRecord>(
        db,
        sql`${VERIFIER_SELECT} where ${and(conditions)} order by v.created_at ${direction}, v.id ${direction}
             limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
      ),
      queryRows<{ count: number }>(
        db,
        sql`select count(*)::int as count from ticket_verifiers v
              left join members m on m.id = v.member_id left join accounts a on a.id = v.account_id
             where ${and(conditions)}`,
      ),
    ]);
    return { Data: records.map(verifierRow), Total: total?.count ?? 0 };
  }),

  defineRoute(tickets.addVerifier, async ({ db, session, input }) => {
    return db.transaction(async (tx) => {
      if (session.isStore && input.StoreId !== session.storeId)
        throw new AppError('ticket.storeUnknown', { id: input.StoreId }, { field: 'StoreId' });
      const storeId = await requireStore(tx, session.siteId, input.StoreId, 'StoreId');
      let memberId: number | null = null;
      let accountId: number | null = null;
      if (input.Kind === 'member') {
        const [member] = await queryRows<{ id: number }>(
          tx,
          sql`select id from members where site_id = ${session.siteId} and (member_no = ${input.Who} or mobile = ${input.Who})
               order by (member_no = ${input.Who}) desc, id limit 1`,
        );
        if (!member) throw new AppError('ticket.memberUnknown', { who: input.Who }, { field: 'Who' });
        memberId = member.id;
      } else {
        const [account] = await queryRows<{ id: number; store_id: number | null }>(
          tx,
          sql`select id, store_id from accounts
               where site_id = ${session.siteId} and kind = 'store' and user_name = ${input.Who}`,
        );
        if (!account) throw new AppError('ticket.accountUnknown', { who: input.Who }, { field: 'Who' });
        if (account.store_id !== null && account.store_id !== storeId)
          throw new AppError('ticket.accountOtherStore', { who: input.Who }, { field: 'Who' });
        accountId = account.id;
      }
      const [inserted] = await queryRows<{ id: number }>(
        tx,
        sql`insert into ticket_verifiers (site_id, kind, member_id, account_id, store_id, created_by)
            values (${session.siteId}, ${input.Kind}, ${memberId}, ${accountId}, ${storeId}, ${session.accountId})
            on conflict do nothing returning id`,
      );
      if (!inserted) throw new AppError('ticket.verifierExists', { name: input.Who }, { field: 'Who' });
      await audit(tx, session, 'ticket.verifier.add', `ticketVerifier:${inserted.id}`, {
        kind: input.Kind,
        who: input.Who,
        storeId,
      });
      const [record] = await queryRows<VerifierRecord>(
        tx,
        sql`${VERIFIER_SELECT} where v.id = ${inserted.id}`,
      );
      return { Verifier: verifierRow(record!) };
    });
  }),

  defineRoute(tickets.removeVerifiers, async ({ db, session, input }) => {
    return db.transaction(async (tx) => {
      const ids = [...new Set(input.Ids)];
      const rows = await queryRows<{ id: number }>(
        tx,
        sql`delete from ticket_verifiers v
             where v.site_id = ${session.siteId} and v.id = any(${intArray(ids)}) and ${storeScope(session, sql`v.store_id`)}
             returning v.id`,
      );
      const removed = new Set(rows.map((row) => row.id));
      const missing = ids.filter((id) => !removed.has(id));
      if (missing.length > 0) {
        throw new AppError('ticket.someVerifiersNotFound', { ids: missing.join(', ') }, { field: 'Ids' });
      }
      await audit(tx, session, 'ticket.verifier.remove', `ticketVerifier:${ids.join(',')}`);
      return { Removed: ids };
    });
  }),

  defineRoute(tickets.getWriteOffLog, async ({ db, session, input }) => {
    const conditions = writeOffFilters(session, input);
    const descending = parseSort(input.sort).descending;
    const [records, [total]] = await Promise.all([
      writeOffPage(db, conditions, descending, (input.page - 1) * input.pageSize, input.pageSize),
      queryRows<{ count: number }>(
        db,
        sql`select count(*)::int as count from write_offs w where ${and(conditions)}`,
      ),
    ]);
    return { Data: records.map(writeOffRow), Total: total?.count ?? 0 };
  }),

  defineRoute(tickets.exportWriteOffLog, async ({ db, session, input, locale, reply }) => {
    const conditions = writeOffFilters(session, input);
    const say = (key: string) => translate(locale, key);
    sendExport(reply, {
      format: input.format,
      fileName: say('ticket.export.fileName'),
      asciiName: 'write-offs',
      sheetName: say('ticket.export.sheet'),
      columns: [
        {
          header: say('ticket.export.time'),
          width: 20,
          value: (row) => shopDateTime(new Date(row.created_at)),
        },
        { header: say('ticket.export.kind'), width: 10, value: (row) => say(`ticket.kind.${row.kind}`) },
        { header: say('ticket.export.reference'), width: 16, value: (row) => row.reference },
        { header: say('ticket.export.title'), width: 24, value: (row) => row.title },
        { header: say('ticket.export.member'), width: 16, value: (row) => row.member_name },
        { header: say('ticket.export.store'), width: 16, value: (row) => row.store_title },
        { header: say('ticket.export.verifier'), width: 16, value: (row) => row.verifier_name },
      ],
      batches: pagedBatches<WriteOffRecord>(
        (offset, limit) => writeOffPage(db, conditions, true, offset, limit),
        EXPORT_MAX_ROWS,
      ),
    });
    return undefined;
  }),
];

/** The buyer's and the verifier's calls, with the shop's key. */
export const ticketStorefrontRoutes = [
  defineRoute(tickets.storefrontWriteOffTicket, async ({ db, request, input, locale }) => {
    const siteId = await storefrontSite(db, request);
    const code = typedCode(input.Code);
    return db.transaction(async (tx) => {
      const storeId = await requireStore(tx, siteId, input.StoreId, 'StoreId');
      const verifier = await memberVerifier(tx, siteId, storeId, input.VerifierId);
      const done = await writeOffCode(tx, siteId, code, storeId, verifier, new Date(), locale);
      return {
        WriteOffId: done.writeOffId,
        Code: done.code,
        GoodsName: done.goodsName,
        MemberName: done.memberName,
        UsedAt: done.usedAt.toISOString(),
      };
    });
  }),

  defineRoute(tickets.storefrontGetTickets, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    const rows = await queryRows<TicketRecord>(
      db,
      sql`select t.code, t.state, t.goods_name, ${SOURCE_NO} as order_no, t.valid_from, t.valid_until, t.used_at
            from tickets t join members m on m.id = t.member_id ${SOURCE_JOIN}
           where t.site_id = ${siteId} and m.open_id = ${input.buyerId}
           order by t.id desc limit 200`,
    );
    return {
      Data: rows.map((row) => ({
        Code: row.code,
        State: row.state,
        GoodsName: row.goods_name,
        OrderNo: row.order_no,
        ValidFrom: iso(row.valid_from),
        ValidUntil: iso(row.valid_until),
        UsedAt: iso(row.used_at),
      })),
    };
  }),
];

/** The ticket area's sweep: unused tickets past their validity expire. */
export async function ticketSweep(db: Executor, now: Date): Promise<Record<string, number>> {
  return { expiredTickets: await expireTickets(db, now) };
}
