import { type SQL, sql } from 'drizzle-orm';
import * as api from '../../../contract/endpoints/complaints';
import { dateBound, parseSort } from '../../../contract/list-query';
import {
  type ComplaintAction,
  type ComplaintState,
  complaintMachine,
} from '../../../contract/machines/complaint';
import { nextState } from '../../../contract/state-machine';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { Executor } from '../../db/client';
import { containsPattern, queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { storefrontSite } from '../storefront/service';
import { ensureMember } from './members';
import './messages';

/** Complaints and suggestions: the buyer's storefront calls and the operators' screen (complainAdvise). */

interface ComplaintRecord extends Record<string, unknown> {
  id: number;
  kind: api.ComplaintKind;
  subject: api.ComplaintSubject;
  order_no: string;
  store_id: number | null;
  store_name: string | null;
  member_no: string;
  member_name: string;
  contact: string;
  content: string;
  images: string[];
  status: ComplaintState;
  assignee_id: number | null;
  assignee_name: string | null;
  reply: string;
  replied_at: string | Date | null;
  created_at: string | Date;
  updated_at: string | Date;
}

const FROM = sql`from complaints c
  join members m on m.id = c.member_id
  left join stores st on st.id = c.store_id
  left join accounts a on a.id = c.assignee_id`;

const COLUMNS = sql`c.id, c.kind, c.subject, c.order_no, c.store_id, st.title as store_name, m.member_no,
  m.nickname as member_name, c.contact, c.content, c.images, c.status, c.assignee_id, a.user_name as assignee_name,
  c.reply, c.replied_at, c.created_at, c.updated_at`;

const iso = (value: string | Date) => new Date(value).toISOString();

function complaintRow(row: ComplaintRecord): api.ComplaintRow {
  return {
    Id: row.id,
    Kind: row.kind,
    Subject: row.subject,
    OrderNo: row.order_no,
    StoreId: row.store_id,
    StoreName: row.store_name ?? '',
    MemberNo: row.member_no,
    MemberName: row.member_name,
    Contact: row.contact,
    Content: row.content,
    Images: row.images,
    Status: row.status,
    AssigneeId: row.assignee_id,
    AssigneeName: row.assignee_name ?? '',
    Reply: row.reply,
    RepliedAt: row.replied_at === null ? null : iso(row.replied_at),
    CreatedAt: iso(row.created_at),
    UpdatedAt: iso(row.updated_at),
  };
}

function buyerView(row: ComplaintRecord) {
  const full = complaintRow(row);
  return {
    Id: full.Id,
    Kind: full.Kind,
    Subject: full.Subject,
    OrderNo: full.OrderNo,
    StoreName: full.StoreName,
    Content: full.Content,
    Images: full.Images,
    Status: full.Status,
    Reply: full.Reply,
    RepliedAt: full.RepliedAt,
    CreatedAt: full.CreatedAt,
  };
}

async function readComplaint(db: Executor, siteId: number, id: number, field: string) {
  const [row] = await queryRows<ComplaintRecord>(
    db,
    sql`select ${COLUMNS} ${FROM} where c.site_id = ${siteId} and c.id = ${id}`,
  );
  if (!row) throw new AppError('complaint.notFound', { id }, { field });
  return row;
}

async function readDetail(
  db: Executor,
  siteId: number,
  id: number,
  field = 'id',
): Promise<api.ComplaintDetail> {
  const row = await readComplaint(db, siteId, id, field);
  const events = await queryRows<{
    event: api.ComplaintDetail['Timeline'][number]['Event'];
    actor_name: string;
    note: string;
    created_at: string | Date;
  }>(
    db,
    sql`select event, actor_name, note, created_at from complaint_events
         where site_id = ${siteId} and complaint_id = ${id} order by id`,
  );
  return {
    ...complaintRow(row),
    Timeline: events.map((event) => ({
      Event: event.event,
      ActorName: event.actor_name,
      Note: event.note,
      CreatedAt: iso(event.created_at),
    })),
  };
}

async function logEvent(
  tx: Executor,
  siteId: number,
  complaintId: number,
  event: api.ComplaintDetail['Timeline'][number]['Event'],
  actor: { accountId: number | null; name: string },
  note: string,
) {
  await tx.execute(
    sql`insert into complaint_events (site_id, complaint_id, event, account_id, actor_name, note)
        values (${siteId}, ${complaintId}, ${event}, ${actor.accountId}, ${actor.name}, ${note})`,
  );
}

/**
 * Moves one complaint by the machine in a guarded UPDATE: the row changes only while it is still in
 * a state the action leaves from, so two operators acting at once cannot skip the machine.
 */
async function transition(
  tx: Executor,
  session: ComplaintOperator,
  id: number,
  action: ComplaintAction,
  set?: SQL,
): Promise<void> {
  const row = await readComplaint(tx, session.siteId, id, 'Id');
  const to = nextState(complaintMachine, row.status, action);
  if (to === null) throw new AppError('complaint.illegal', { id }, { field: 'Id' });
  const from = complaintMachine.actions.find((candidate) => candidate.name === action)!.from;
  const [moved] = await queryRows<{ id: number }>(
    tx,
    sql`update complaints set status = ${to}, ${set ? sql`${set},` : sql``} updated_at = now()
         where id = ${id} and site_id = ${session.siteId}
           and status in (${sql.join(
             from.map((state) => sql`${state}`),
             sql`, `,
           )})
        returning id`,
  );
  if (!moved) throw new AppError('complaint.illegal', { id }, { field: 'Id' });
}

function listConditions(siteId: number, input: typeof api.complaintListQuerySchema._output): SQL[] {
  const where: SQL[] = [sql`c.site_id = ${siteId}`];
  if (input.kind) where.push(sql`c.kind = ${input.kind}`);
  if (input.keyword) {
    const pattern = containsPattern(input.keyword);
    where.push(
      sql`(m.nickname ilike ${pattern} or c.contact ilike ${pattern} or c.order_no ilike ${pattern}
           or c.content ilike ${pattern})`,
    );
  }
  if (input.createdFrom) {
    where.push(sql`c.created_at >= ${dateBound(input.createdFrom, false).toISOString()}::timestamptz`);
  }
  if (input.createdTo) {
    where.push(sql`c.created_at < ${dateBound(input.createdTo, true).toISOString()}::timestamptz`);
  }
  return where;
}

/** Who acts on a complaint: a session, or the demo seed acting as the shop's main account. */
export type ComplaintOperator = Pick<Session, 'siteId' | 'accountId' | 'userName' | 'ip'>;

const actorOf = (session: ComplaintOperator) => ({ accountId: session.accountId, name: session.userName });

export async function assignComplaintTo(
  tx: Executor,
  session: ComplaintOperator,
  id: number,
  assigneeId: number,
) {
  const [assignee] = await queryRows<{ id: number; user_name: string }>(
    tx,
    sql`select id, user_name from accounts where id = ${assigneeId} and site_id = ${session.siteId}
          and kind in ('main', 'sub')`,
  );
  if (!assignee)
    throw new AppError('complaint.assigneeNotFound', { id: assigneeId }, { field: 'AssigneeId' });
  await transition(tx, session, id, 'assign', sql`assignee_id = ${assignee.id}`);
  await logEvent(tx, session.siteId, id, 'assign', actorOf(session), assignee.user_name);
  await audit(tx, session, 'complaint.assign', `complaint:${id}`, { assignee: assignee.id });
}

export async function replyToComplaint(tx: Executor, session: ComplaintOperator, id: number, reply: string) {
  await transition(
    tx,
    session,
    id,
    'reply',
    sql`reply = ${reply}, replied_at = now(), assignee_id = coalesce(assignee_id, ${session.accountId})`,
  );
  await logEvent(tx, session.siteId, id, 'reply', actorOf(session), reply);
  await audit(tx, session, 'complaint.reply', `complaint:${id}`, { length: reply.length });
}

/** Closes the complaints of `ids` not closed yet; returns those it closed. */
export async function closeComplaintsOf(tx: Executor, session: ComplaintOperator, ids: number[]) {
  const rows = await queryRows<{ id: number; status: ComplaintState }>(
    tx,
    sql`select id, status from complaints where site_id = ${session.siteId}
          and id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) order by id for update`,
  );
  const found = new Set(rows.map((row) => row.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new AppError('complaint.someNotFound', { ids: missing.join(', ') }, { field: 'Ids' });
  }
  const changed = rows.filter((row) => row.status !== 'closed').map((row) => row.id);
  for (const id of changed) {
    await transition(tx, session, id, 'close');
    await logEvent(tx, session.siteId, id, 'close', actorOf(session), '');
  }
  if (changed.length > 0) await audit(tx, session, 'complaint.close', `complaint:${changed.join(',')}`);
  return changed;
}

/** The buyer's filing: the order must be theirs and the store the shop's; the buyer becomes a member. */
export async function fileComplaintFor(
  tx: Executor,
  siteId: number,
  input: api.FileComplaintInput,
  now = new Date(),
): Promise<number> {
  if (input.Subject === 'order') {
    const [order] = await queryRows<{ id: number }>(
      tx,
      sql`select id from orders where site_id = ${siteId} and order_no = ${input.OrderNo}
            and buyer_id = ${input.BuyerId}`,
    );
    if (!order)
      throw new AppError('complaint.orderNotFound', { orderNo: input.OrderNo }, { field: 'OrderNo' });
  }
  if (input.Subject === 'store') {
    const [store] = await queryRows<{ id: number }>(
      tx,
      sql`select id from stores where site_id = ${siteId} and id = ${input.StoreId!} and not deleted`,
    );
    if (!store) throw new AppError('complaint.storeNotFound', { id: input.StoreId! }, { field: 'StoreId' });
  }
  const memberId = await ensureMember(tx, {
    siteId,
    openId: input.BuyerId,
    nickname: '',
    mobile: '',
    source: 'miniProgram',
    now,
  });
  const at = now.toISOString();
  const [created] = await queryRows<{ id: number }>(
    tx,
    sql`insert into complaints (site_id, member_id, kind, subject, order_no, store_id, content, images, contact,
                                created_at, updated_at)
        values (${siteId}, ${memberId}, ${input.Kind}, ${input.Subject},
                ${input.Subject === 'order' ? input.OrderNo : ''},
                ${input.Subject === 'store' ? input.StoreId! : null}, ${input.Content},
                ${imagesArray(input.Images)}, ${input.Contact}, ${at}::timestamptz, ${at}::timestamptz)
        returning id`,
  );
  await tx.execute(
    sql`insert into complaint_events (site_id, complaint_id, event, actor_name, created_at)
        values (${siteId}, ${created!.id}, 'filed', '', ${at}::timestamptz)`,
  );
  return created!.id;
}

export const complaintRoutes = [
  defineRoute(api.getComplaintList, async ({ db, session, input }) => {
    const where = listConditions(session.siteId, input);
    const filtered = input.status === 'all' ? where : [...where, sql`c.status = ${input.status}`];
    const order = parseSort(input.sort);
    const [rows, [counts]] = await Promise.all([
      queryRows<ComplaintRecord>(
        db,
        sql`select ${COLUMNS} ${FROM} where ${sql.join(filtered, sql` and `)}
            order by c.created_at ${sql.raw(order.descending ? 'desc' : 'asc')}, c.id desc
            limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
      ),
      queryRows<Record<(typeof api.COMPLAINT_TABS)[number], number>>(
        db,
        sql`select count(*)::int as "all",
                   (count(*) filter (where c.status = 'new'))::int as "new",
                   (count(*) filter (where c.status = 'inProgress'))::int as "inProgress",
                   (count(*) filter (where c.status = 'resolved'))::int as "resolved",
                   (count(*) filter (where c.status = 'closed'))::int as "closed"
            ${FROM} where ${sql.join(where, sql` and `)}`,
      ),
    ]);
    const tally = counts ?? { all: 0, new: 0, inProgress: 0, resolved: 0, closed: 0 };
    return { Data: rows.map(complaintRow), Total: tally[input.status], Counts: tally };
  }),

  defineRoute(api.getComplaintInfo, async ({ db, session, input }) =>
    readDetail(db, session.siteId, input.id),
  ),

  defineRoute(api.getComplaintAssignees, async ({ db, session }) => {
    const rows = await queryRows<{ id: number; user_name: string }>(
      db,
      sql`select id, user_name from accounts where site_id = ${session.siteId} and kind in ('main', 'sub')
           order by id`,
    );
    return { Data: rows.map((row) => ({ Id: row.id, Name: row.user_name })) };
  }),

  defineRoute(api.assignComplaint, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      await assignComplaintTo(tx, session, input.Id, input.AssigneeId);
      return readDetail(tx, session.siteId, input.Id, 'Id');
    }),
  ),

  defineRoute(api.replyComplaint, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      await replyToComplaint(tx, session, input.Id, input.Reply);
      return readDetail(tx, session.siteId, input.Id, 'Id');
    }),
  ),

  defineRoute(api.closeComplaints, async ({ db, session, input }) => {
    const ids = [...new Set(input.Ids)];
    return db.transaction(async (tx) => {
      const changed = await closeComplaintsOf(tx, session, ids);
      return { Changed: changed, Unchanged: ids.filter((id) => !changed.includes(id)) };
    });
  }),

  defineRoute(api.fileComplaint, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    return db.transaction(async (tx) =>
      buyerView(await readComplaint(tx, siteId, await fileComplaintFor(tx, siteId, input), 'Id')),
    );
  }),

  defineRoute(api.getMyComplaints, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    const rows = await queryRows<ComplaintRecord>(
      db,
      sql`select ${COLUMNS} ${FROM} where c.site_id = ${siteId} and m.open_id = ${input.BuyerId}
          order by c.id desc limit 100`,
    );
    return { Data: rows.map(buyerView) };
  }),
];

function imagesArray(images: string[]): SQL {
  if (images.length === 0) return sql`'{}'::text[]`;
  return sql`array[${sql.join(
    images.map((image) => sql`${image}`),
    sql`, `,
  )}]::text[]`;
}
