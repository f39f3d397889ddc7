import { type SQL, sql } from 'drizzle-orm';
import type { SendTargetInput } from '../../../contract/endpoints/coupons';
import type { Database, Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { type Locale, translate } from '../../i18n/messages';
import { intArray } from './coupon-records';
import { issueCopies } from './issue';
import './messages';

/**
 * Manual sends as background jobs. Making a send resolves its target into one item per member (or
 * per uploaded mobile no member has, failed at once) in the request's transaction. The job then
 * takes a send with a lease (SKIP LOCKED, so instances never share one) and sends its pending items
 * a chunk per transaction: each item's copies are issued and the item marked sent in the same
 * transaction, by an UPDATE guarded on `pending`, so a job that dies, or is run again, only ever
 * finishes what was left and never sends an item twice.
 */

/** Items sent per transaction. */
const CHUNK = 50;
/** A job that has not renewed its lease for this long is taken to have died. */
const LEASE_SECONDS = 120;
/** Items one run sends before it lets the next run (or instance) carry on. */
const RUN_BUDGET = 2000;

export interface SendRequest {
  siteId: number;
  accountId: number;
  accountName: string;
  couponId: number;
  copies: number;
  target: SendTargetInput;
  requestKey: string;
}

interface Resolved {
  label: string;
  /** Selects (member_id, mobile, row, state, reason) of the items. */
  items: SQL;
}

async function resolveTarget(tx: Executor, request: SendRequest, locale: Locale): Promise<Resolved> {
  const { siteId, target } = request;
  switch (target.Kind) {
    case 'members': {
      const ids = [...new Set(target.MemberIds)];
      const known = await queryRows<{ id: number }>(
        tx,
        sql`select id from members where site_id = ${siteId} and id = any(${intArray(ids)})`,
      );
      const found = new Set(known.map((row) => row.id));
      const foreign = ids.filter((id) => !found.has(id));
      if (foreign.length > 0)
        throw new AppError(
          'coupon.send.membersUnknown',
          { ids: foreign.join(', ') },
          { field: 'Target.MemberIds' },
        );
      return {
        label: translate(locale, 'coupon.send.chosen', { count: ids.length }),
        items: sql`select m.id, m.mobile, null::int, 'pending', '' from members m
                    where m.site_id = ${siteId} and m.id = any(${intArray(ids)})`,
      };
    }
    case 'grade': {
      const [grade] = await queryRows<{ name: string }>(
        tx,
        sql`select name from member_grades where id = ${target.GradeId} and site_id = ${siteId}`,
      );
      if (!grade)
        throw new AppError('coupon.send.gradeUnknown', { id: target.GradeId }, { field: 'Target.GradeId' });
      return {
        label: grade.name,
        items: sql`select m.id, m.mobile, null::int, 'pending', '' from members m
                    where m.site_id = ${siteId} and m.grade_id = ${target.GradeId}`,
      };
    }
    case 'tag':
      return {
        label: target.Tag,
        items: sql`select m.id, m.mobile, null::int, 'pending', '' from members m
                    where m.site_id = ${siteId} and ${target.Tag} = any(m.tags)`,
      };
    case 'mobiles': {
      // The first member of a mobile (rows repeating a mobile were dropped when the file was checked).
      const mobiles = [...new Set(target.Mobiles)];
      const list = sql`array[${sql.join(
        mobiles.map((mobile) => sql`${mobile}`),
        sql`, `,
      )}]::text[]`;
      return {
        label: target.FileName,
        items: sql`select m.id, wanted.mobile, wanted.row::int,
                          case when m.id is null then 'failed' else 'pending' end,
                          case when m.id is null then 'coupon.issue.noMember' else '' end
                     from unnest(${list}) with ordinality as wanted(mobile, row)
                     left join lateral (select id from members where site_id = ${siteId} and mobile = wanted.mobile
                                         order by id limit 1) m on true`,
      };
    }
  }
}

/**
 * Makes a send and its items, or finds the one a former submit of the same form made. Refused when
 * the coupon is not an online one on offer or the target names no member.
 */
export async function createSend(
  tx: Executor,
  request: SendRequest,
  locale: Locale,
  now: Date,
): Promise<number> {
  const [existing] = await queryRows<{ id: number }>(
    tx,
    sql`select id from coupon_sends where site_id = ${request.siteId} and request_key = ${request.requestKey}`,
  );
  if (existing) return existing.id;
  const [coupon] = await queryRows<{ id: number; title: string; usable: boolean }>(
    tx,
    sql`select id, title, (state = 'active' and channel = 'online') as usable from coupons
         where id = ${request.couponId} and site_id = ${request.siteId} and not deleted`,
  );
  if (!coupon) throw new AppError('coupon.notFound', { id: request.couponId }, { field: 'CouponId' });
  if (!coupon.usable)
    throw new AppError('coupon.send.couponUnusable', { title: coupon.title }, { field: 'CouponId' });
  const resolved = await resolveTarget(tx, request, locale);
  const [send] = await queryRows<{ id: number }>(
    tx,
    sql`insert into coupon_sends (site_id, coupon_id, copies, target, target_label, request_key, created_by,
                                  created_by_name, created_at)
        values (${request.siteId}, ${request.couponId}, ${request.copies}, ${request.target.Kind}, ${resolved.label},
                ${request.requestKey}, ${request.accountId}, ${request.accountName}, ${now.toISOString()}::timestamptz)
        returning id`,
  );
  const id = send!.id;
  const [tally] = await queryRows<{ total: number; failed: number }>(
    tx,
    sql`with added as (
          insert into coupon_send_items (site_id, send_id, member_id, mobile, row, state, reason, done_at)
          select ${request.siteId}, ${id}, item.member_id, item.mobile, item.row, item.state, item.reason,
                 case when item.state = 'failed' then ${now.toISOString()}::timestamptz end
            from (${resolved.items}) as item(member_id, mobile, row, state, reason)
          returning state
        )
        select count(*)::int as total, (count(*) filter (where state = 'failed'))::int as failed from added`,
  );
  if (!tally || tally.total === 0) throw new AppError('coupon.send.noMembers', {}, { field: 'Target' });
  await tx.execute(
    sql`update coupon_sends set total = ${tally.total}, failed = ${tally.failed},
               state = case when ${tally.failed} = ${tally.total} then 'done' else 'queued' end,
               finished_at = case when ${tally.failed} = ${tally.total} then ${now.toISOString()}::timestamptz end
         where id = ${id}`,
  );
  return id;
}

interface SendJob extends Record<string, unknown> {
  id: number;
  site_id: number;
  coupon_id: number;
  copies: number;
}

/** Takes the oldest unfinished send no live job holds, holding it for the lease. */
async function claimSend(db: Database, now: Date): Promise<SendJob | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [job] = await queryRows<SendJob>(
    db,
    sql`update coupon_sends set state = 'running', attempts = attempts + 1, started_at = coalesce(started_at, ${at}),
               lease_until = ${at} + make_interval(secs => ${LEASE_SECONDS})
         where id = (select id from coupon_sends where state <> 'done' and (lease_until is null or lease_until < ${at})
                      order by id limit 1 for update skip locked)
         returning id, site_id, coupon_id, copies`,
  );
  return job ?? null;
}

/** Sends one chunk of a send's pending items; how many it sent and failed (0 and 0: nothing left). */
async function sendChunk(db: Database, job: SendJob, now: Date): Promise<{ sent: number; failed: number }> {
  return db.transaction(async (tx) => {
    const items = await queryRows<{ id: number; member_id: number; status: string }>(
      tx,
      sql`select i.id, i.member_id, m.status from coupon_send_items i join members m on m.id = i.member_id
           where i.send_id = ${job.id} and i.state = 'pending' order by i.id limit ${CHUNK}
           for update of i skip locked`,
    );
    const counts = { sent: 0, failed: 0 };
    for (const item of items) {
      let reason = '';
      if (item.status !== 'active') reason = 'coupon.issue.memberDisabled';
      else {
        const outcome = await issueCopies(
          tx,
          job.site_id,
          job.coupon_id,
          item.member_id,
          job.copies,
          { source: 'send', sendItemId: item.id },
          now,
        );
        if (!outcome.ok) reason = `coupon.issue.${outcome.reason}`;
      }
      const [done] = await queryRows<{ id: number }>(
        tx,
        sql`update coupon_send_items set state = ${reason ? 'failed' : 'sent'}, reason = ${reason},
                   done_at = ${now.toISOString()}::timestamptz
             where id = ${item.id} and state = 'pending' returning id`,
      );
      // Locked above, so the guard cannot miss; were it to, the whole chunk rolls back unsent.
      if (!done) throw new Error(`send item ${item.id} changed under its lock`);
      if (reason) counts.failed += 1;
      else counts.sent += 1;
    }
    await tx.execute(
      sql`update coupon_sends set sent = sent + ${counts.sent}, failed = failed + ${counts.failed},
                 lease_until = ${now.toISOString()}::timestamptz + make_interval(secs => ${LEASE_SECONDS})
           where id = ${job.id}`,
    );
    return counts;
  });
}

/**
 * Runs sends until none is left or the run's budget is spent. Safe from several instances and
 * after a crash (see above). Counts of the items sent and failed.
 */
export async function runCouponSends(
  db: Database,
  now: Date,
  budget = RUN_BUDGET,
): Promise<{ sendItemsSent: number; sendItemsFailed: number }> {
  const counts = { sendItemsSent: 0, sendItemsFailed: 0 };
  let left = budget;
  while (left > 0) {
    const job = await claimSend(db, now);
    if (!job) break;
    for (;;) {
      if (left <= 0) {
        // Out of budget: let the next run take the send at once rather than after the lease.
        await db.execute(sql`update coupon_sends set lease_until = null where id = ${job.id}`);
        break;
      }
      const chunk = await sendChunk(db, job, now);
      counts.sendItemsSent += chunk.sent;
      counts.sendItemsFailed += chunk.failed;
      left -= chunk.sent + chunk.failed;
      if (chunk.sent + chunk.failed === 0) {
        await db.execute(
          sql`update coupon_sends set state = 'done', lease_until = null, finished_at = ${now.toISOString()}::timestamptz
               where id = ${job.id}
                 and not exists (select 1 from coupon_send_items where send_id = ${job.id} and state = 'pending')`,
        );
        break;
      }
    }
  }
  return counts;
}
