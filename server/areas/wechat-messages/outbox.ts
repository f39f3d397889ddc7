import { sql } from 'drizzle-orm';
import type { ReplyContent } from '../../../contract/endpoints/wechat-messages';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import {
  customPayload,
  siteAdapter,
  subscribeData,
  UNAUTHORISED_KEY,
  type WechatEnvironment,
} from './adapter';
import { INTERRUPTED, WechatError } from './wechat-api';

/** Attempts of a retryable failure (WeChat busy, unreachable) before the row is failed. */
export const MAX_ATTEMPTS = 5;
/** Rows sent per sweep at most, so one run ends; a mass send larger than this goes on in the next. */
const BATCH = 1000;
/** A claimed row whose sender has not finished by then is closed as failed, never sent again. */
const LEASE_SECONDS = 300;

export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(attempts - 1, 0), 1800);
}

type DeliveryRow = {
  id: number;
  site_id: number;
  kind: 'subscribe' | 'custom';
  payload: Record<string, unknown>;
  attempts: number;
};

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/**
 * Sends the messages due. A row is claimed as `sending` by one statement with SKIP LOCKED, so two
 * instances draining at once take different rows; only the claimer finishes it (guarded on
 * `sending` and its attempt), and a claim left behind by a dead process is failed after the lease,
 * since WeChat's sends take no idempotency key and a second call could reach the buyer twice.
 */
export async function drainMessages(
  db: Database,
  now: Date,
  environment: WechatEnvironment,
): Promise<{ sent: number; refused: number; failed: number; retried: number }> {
  const counts = { sent: 0, refused: 0, failed: 0, retried: 0 };
  const abandoned = await queryRows<{ id: number }>(
    db,
    sql`update message_deliveries set state = 'failed', errcode = ${INTERRUPTED}, errmsg = 'lease expired'
         where state = 'sending' and lease_until < ${at(now)} returning id`,
  );
  counts.failed += abandoned.length;
  for (let index = 0; index < BATCH; index += 1) {
    const [row] = await queryRows<DeliveryRow>(
      db,
      sql`update message_deliveries set state = 'sending', attempts = attempts + 1,
                 lease_until = ${at(now)} + make_interval(secs => ${LEASE_SECONDS})
           where id = (select id from message_deliveries where state = 'pending' and next_attempt_at <= ${at(now)}
                        order by id limit 1 for update skip locked)
       returning id, site_id, kind, payload, attempts`,
    );
    if (!row) break;
    const outcome = await sendOne(db, row, environment);
    const finish = (set: ReturnType<typeof sql>) =>
      db.execute(
        sql`update message_deliveries set ${set}, lease_until = null
             where id = ${row.id} and state = 'sending' and attempts = ${row.attempts}`,
      );
    if (outcome === null) {
      await finish(sql`state = 'sent', errcode = 0, errmsg = '', sent_at = ${at(now)}`);
      counts.sent += 1;
    } else if (outcome.retryable && row.attempts < MAX_ATTEMPTS) {
      await finish(
        sql`state = 'pending', errcode = ${outcome.errcode}, errmsg = ${outcome.message.slice(0, 300)},
            next_attempt_at = ${at(now)} + make_interval(secs => ${retryDelaySeconds(row.attempts)})`,
      );
      counts.retried += 1;
    } else {
      // 43101: the buyer turned the message down on WeChat's side; the rest are failures.
      const state = outcome.errcode === 43101 ? 'refused' : 'failed';
      await finish(
        sql`state = ${state}, errcode = ${outcome.errcode}, errmsg = ${outcome.message.slice(0, 300)}`,
      );
      counts[state] += 1;
    }
  }
  return counts;
}

async function sendOne(
  db: Database,
  row: DeliveryRow,
  environment: WechatEnvironment,
): Promise<WechatError | null> {
  try {
    const adapter = await siteAdapter(db, row.site_id, environment);
    if (row.kind === 'subscribe') await adapter.sendSubscribe(row.payload);
    else {
      const { touser, reply } = row.payload as { touser: string; reply: ReplyContent };
      await adapter.sendCustom(await customPayload(adapter, environment.files, row.site_id, touser, reply));
    }
    return null;
  } catch (error) {
    if (error instanceof WechatError) return error;
    // Recorded as WeChat's own code for it, whose reason tells the operator to authorise first.
    if (error instanceof AppError && error.key === UNAUTHORISED_KEY)
      return new WechatError(61003, 'the mini-program is not authorised to the platform; nothing was sent');
    if (error instanceof AppError) return new WechatError(-102, error.key);
    throw error;
  }
}

/**
 * Starts the mass sends that are due: members of the target become deliveries in one transaction,
 * each taking one of the member's acceptances of the template (refused without one). The send is
 * claimed by its guarded `scheduled → running` step, so two instances never resolve it twice.
 */
export async function startDueSends(db: Database, now: Date): Promise<number> {
  let started = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [send] = await queryRows<{
        id: number;
        site_id: number;
        target: string;
        tag: string | null;
        grade_id: number | null;
        page: string;
        values: Record<string, string>;
        pri_tmpl_id: string;
      }>(
        tx,
        sql`update message_sends s set state = 'running'
              from message_templates t
             where s.id = (select id from message_sends where state = 'scheduled' and scheduled_at <= ${at(now)}
                            order by scheduled_at, id limit 1 for update skip locked)
               and t.id = s.template_id
         returning s.id, s.site_id, s.target, s.tag, s.grade_id, s.page, s.values, t.pri_tmpl_id`,
      );
      if (!send) return false;
      const audience =
        send.target === 'tag'
          ? sql`${send.tag} = any(m.tags)`
          : send.target === 'grade'
            ? sql`m.grade_id = ${send.grade_id}`
            : sql`true`;
      const payload = {
        template_id: send.pri_tmpl_id,
        page: send.page,
        data: subscribeData(send.values),
        miniprogram_state: 'formal',
        lang: 'zh_CN',
      };
      await tx.execute(
        sql`with audience as (
              select m.id, m.open_id from members m
               where m.site_id = ${send.site_id} and m.status = 'active' and ${audience}
            ), consumed as (
              update message_consents c set remaining = remaining - 1, updated_at = ${at(now)}
                from audience a
               where c.site_id = ${send.site_id} and c.open_id = a.open_id
                 and c.pri_tmpl_id = ${send.pri_tmpl_id} and c.remaining >= 1
              returning c.open_id
            )
            insert into message_deliveries (site_id, kind, send_id, member_id, open_id, payload, state, errcode,
                                            idempotency_key, created_at, next_attempt_at)
            select ${send.site_id}, 'subscribe', ${send.id}, a.id, a.open_id,
                   ${JSON.stringify(payload)}::jsonb || jsonb_build_object('touser', a.open_id),
                   case when c.open_id is null then 'refused' else 'pending' end,
                   case when c.open_id is null then 43101 else 0 end,
                   'send:' || ${send.id} || ':member:' || a.id, ${at(now)}, ${at(now)}
              from audience a left join consumed c on c.open_id = a.open_id
            on conflict (site_id, idempotency_key) do nothing`,
      );
      return true;
    });
    if (!done) return started;
    started += 1;
  }
}

/** Closes the running sends none of whose messages is still waiting. */
export async function finishSends(db: Database, now: Date): Promise<number> {
  const finished = await queryRows<{ id: number }>(
    db,
    sql`update message_sends s set state = 'done', finished_at = ${at(now)}
         where s.state = 'running'
           and not exists (select 1 from message_deliveries d where d.send_id = s.id and d.state in ('pending', 'sending'))
     returning s.id`,
  );
  return finished.length;
}

export async function messagesSweep(db: Database, now: Date, environment: WechatEnvironment) {
  const started = await startDueSends(db, now);
  const counts = await drainMessages(db, now, environment);
  const finished = await finishSends(db, now);
  return { ...counts, started, finished };
}
