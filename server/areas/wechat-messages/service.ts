import { type SQL, sql } from 'drizzle-orm';
import type { SubscribeSceneStatus } from '../../../contract/endpoints/user';
import {
  MESSAGE_SCENES,
  type MessageScene,
  type ReplyContent,
} from '../../../contract/endpoints/wechat-messages';
import { afterCommit } from '../../db/after-commit';
import type { Database, Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import type { Locale } from '../../i18n/messages';
import { servicesOf } from '../../services-of';
import { environmentOf, readConnection, subscribeData } from './adapter';
import { errcodeReason } from './messages';
import { messagesSweep } from './outbox';
import { WechatError } from './wechat-api';

export {
  acceptingSandbox,
  environmentOf,
  readSiteImage,
  siteAdapter,
  type WechatEnvironment,
  wechatEnvironment,
} from './adapter';
export type { LiveRoomInfo } from './wechat-api';

/**
 * What other areas use of the messages area: the WeChat adapter of a shop (live rooms use it too),
 * `enqueueSceneMessage`, which other areas call in their transaction when an event of a scene
 * happens (the sweep, kicked once the transaction commits, sends it), and `receiveCustomerMessage`
 * for the buyers' messages the platform's push brings.
 */

/**
 * Takes one of the buyer's acceptances of a template: true when one was left. Guarded in SQL so
 * two events racing for the last acceptance send one message.
 */
export async function takeConsent(tx: Executor, siteId: number, openId: string, priTmplId: string) {
  const taken = await queryRows<{ remaining: number }>(
    tx,
    sql`update message_consents set remaining = remaining - 1, updated_at = now()
         where site_id = ${siteId} and open_id = ${openId} and pri_tmpl_id = ${priTmplId} and remaining >= 1
     returning remaining`,
  );
  return taken.length === 1;
}

/**
 * Every scene of the shop with its template and whether the buyer `openId` (null: no buyer, so no
 * consent) has an acceptance of it left; what the buyer's mini-program needs to ask for consent.
 */
export async function subscribeStatus(
  db: Executor,
  siteId: number,
  openId: string | null,
): Promise<SubscribeSceneStatus[]> {
  const rows = await queryRows<{ scene: string; pri_tmpl_id: string; enabled: boolean; remaining: number }>(
    db,
    sql`select s.scene, t.pri_tmpl_id, s.enabled and not t.deleted as enabled,
               coalesce((select c.remaining from message_consents c
                          where c.site_id = s.site_id and c.open_id = ${openId} and c.pri_tmpl_id = t.pri_tmpl_id), 0)
                 as remaining
          from message_scenes s join message_templates t on t.id = s.template_id
         where s.site_id = ${siteId}`,
  );
  const byScene = new Map(rows.map((row) => [row.scene, row]));
  return MESSAGE_SCENES.map((scene) => {
    const row = byScene.get(scene);
    const remaining = row?.remaining ?? 0;
    return {
      Scene: scene,
      Enabled: row?.enabled ?? false,
      TemplateId: row?.pri_tmpl_id ?? '',
      HasConsent: remaining > 0,
      Remaining: remaining,
    };
  });
}

export interface SceneEvent {
  siteId: number;
  scene: MessageScene;
  /** The buyer's open id (the order's buyer id). */
  openId: string;
  /** The scene's fields (SCENE_FIELDS) for this event. */
  fields: Record<string, string>;
  /** Unique per event: the same event enqueued twice makes one message. */
  key: string;
  now: Date;
}

/**
 * Enqueues the scene's message for the buyer in the caller's transaction, when the scene is bound
 * and switched on. Without an acceptance left, the message is recorded as refused and never sent.
 * The row is inserted before the acceptance is taken, so an event enqueued again (a sweep that
 * meets the same coupon or booking each run) finds its key and leaves the buyer's acceptances alone;
 * a racing second insert waits on the key's unique index and then does nothing.
 */
export async function enqueueSceneMessage(tx: Executor, event: SceneEvent): Promise<void> {
  const [scene] = await queryRows<{
    pri_tmpl_id: string;
    mapping: { Key: string; Field: string; Text: string }[];
    page: string;
  }>(
    tx,
    sql`select t.pri_tmpl_id, s.mapping, s.page from message_scenes s join message_templates t on t.id = s.template_id
         where s.site_id = ${event.siteId} and s.scene = ${event.scene} and s.enabled and not t.deleted`,
  );
  if (!scene) return;
  const values = Object.fromEntries(
    scene.mapping.map((entry) => [
      entry.Key,
      entry.Field === 'text' ? entry.Text : (event.fields[entry.Field] ?? ''),
    ]),
  );
  const payload = {
    touser: event.openId,
    template_id: scene.pri_tmpl_id,
    page: scene.page,
    data: subscribeData(values),
    miniprogram_state: 'formal',
    lang: 'zh_CN',
  };
  const [inserted] = await queryRows<{ id: number }>(
    tx,
    sql`insert into message_deliveries (site_id, kind, scene, member_id, open_id, payload, state, errcode, idempotency_key,
                                        created_at, next_attempt_at)
        values (${event.siteId}, 'subscribe', ${event.scene},
                (select id from members where site_id = ${event.siteId} and open_id = ${event.openId}),
                ${event.openId}, ${JSON.stringify(payload)}::jsonb, 'pending', 0, ${event.key},
                ${event.now.toISOString()}::timestamptz, ${event.now.toISOString()}::timestamptz)
        on conflict (site_id, idempotency_key) do nothing
     returning id`,
  );
  if (!inserted) return;
  if (await takeConsent(tx, event.siteId, event.openId, scene.pri_tmpl_id)) sendSoon(tx);
  else
    await tx.execute(
      sql`update message_deliveries set state = 'refused', errcode = 43101 where id = ${inserted.id}`,
    );
}

/**
 * A condition for a sweep's query that looks for events of `scene`: true for a row whose shop has
 * the scene bound and on, and whose message (by `key`) is not enqueued yet. Sweeps that meet the
 * same event on every run use it so each run enqueues only what is new, and rows of shops without
 * the scene never fill a batch.
 */
export function sceneMessageDue(scene: MessageScene, siteId: SQL, key: SQL): SQL {
  return sql`exists (select 1 from message_scenes s join message_templates t on t.id = s.template_id
                      where s.site_id = ${siteId} and s.scene = ${scene} and s.enabled and not t.deleted)
         and not exists (select 1 from message_deliveries d where d.site_id = ${siteId} and d.idempotency_key = ${key})`;
}

/** A provider refusal as the operator's error, in their language. */
export async function askWechat<T>(locale: Locale, call: () => Promise<T>, field?: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof WechatError)
      throw new AppError(
        'wechat.refused',
        { reason: errcodeReason(locale, error.errcode, error.message) },
        field ? { field } : {},
      );
    throw error;
  }
}

/**
 * Sends what the caller's transaction enqueued as soon as it commits, so the buyer need not wait for
 * the periodic sweep (which stays the safety net for whatever this run leaves or fails to reach).
 */
export function sendSoon(tx: Executor): void {
  afterCommit(tx, (db) => {
    // Only a running server sends at once; seeds and scripts leave the rows to the sweep.
    const services = servicesOf(db);
    if (!services) return;
    messagesSweep(db, new Date(), environmentOf(services.config, services.files)).catch((error: unknown) =>
      services.log.error({ err: error }, 'message sends failed'),
    );
  });
}

/** Enqueues an answer to a buyer and logs it; sent once the caller's transaction commits. */
export async function enqueueAnswer(
  tx: Executor,
  answer: {
    siteId: number;
    openId: string;
    reply: ReplyContent;
    autoReplyId?: number;
    accountId?: number;
  },
): Promise<number> {
  const [logged] = await queryRows<{ id: number }>(
    tx,
    sql`insert into customer_messages (site_id, direction, open_id, msg_type, content, auto_reply_id, account_id)
        values (${answer.siteId}, 'out', ${answer.openId}, ${answer.reply.Kind},
                ${answer.reply.Kind === 'text' ? answer.reply.Text : answer.reply.Kind === 'card' ? answer.reply.CardTitle : answer.reply.Image},
                ${answer.autoReplyId ?? null}, ${answer.accountId ?? null})
     returning id`,
  );
  const id = logged!.id;
  const [delivery] = await queryRows<{ id: number }>(
    tx,
    sql`insert into message_deliveries (site_id, kind, member_id, open_id, payload, state, idempotency_key)
        values (${answer.siteId}, 'custom', (select id from members where site_id = ${answer.siteId} and open_id = ${answer.openId}),
                ${answer.openId}, ${JSON.stringify({ touser: answer.openId, reply: answer.reply })}::jsonb, 'pending',
                ${`custom:${id}`})
     returning id`,
  );
  await tx.execute(sql`update customer_messages set delivery_id = ${delivery!.id} where id = ${id}`);
  sendSoon(tx);
  return id;
}

/** The fields of a buyer's message WeChat pushes (XML, already opened and flattened). */
export interface PushedMessage {
  FromUserName?: unknown;
  MsgType?: unknown;
  Content?: unknown;
  MsgId?: unknown;
  PicUrl?: unknown;
  Title?: unknown;
  PagePath?: unknown;
  CreateTime?: unknown;
}

/**
 * Logs a buyer's message once (by WeChat's MsgId) and answers it: the first matching keyword rule
 * (exact before contains), else the default reply when it is on. True when an answer was enqueued.
 */
async function takeIncoming(
  tx: Executor,
  siteId: number,
  connection: { defaultReplyOn: boolean; defaultReply: ReplyContent | null },
  message: { openId: string; msgType: string; msgId: string | null; content: string },
): Promise<boolean> {
  const { openId, msgType, msgId, content } = message;
  const inserted = await queryRows<{ id: number }>(
    tx,
    sql`insert into customer_messages (site_id, direction, open_id, msg_id, msg_type, content)
        values (${siteId}, 'in', ${openId}, ${msgId}, ${msgType}, ${content.slice(0, 2000)})
        on conflict (site_id, msg_id) do nothing returning id`,
  );
  // A push WeChat sent again (it retries unanswered ones) is already logged and answered.
  if (inserted.length === 0) return false;
  const text = msgType === 'text' ? content.trim() : '';
  const [rule] = text
    ? await queryRows<{ id: number; reply: ReplyContent }>(
        tx,
        sql`select id, reply from auto_replies where site_id = ${siteId} and not deleted and status = 'on'
              and ((match = 'exact' and keyword = ${text})
                or (match = 'contains' and position(keyword in ${text}) > 0))
            order by (match = 'exact') desc, id limit 1`,
      )
    : [];
  if (rule) {
    await tx.execute(sql`update auto_replies set hits = hits + 1 where id = ${rule.id}`);
    await enqueueAnswer(tx, { siteId, openId, reply: rule.reply, autoReplyId: rule.id });
    return true;
  }
  if (connection.defaultReplyOn && connection.defaultReply) {
    await enqueueAnswer(tx, { siteId, openId, reply: connection.defaultReply });
    return true;
  }
  return false;
}

/**
 * A buyer's message to the shop's mini-program, pushed by WeChat to the platform: logged once and
 * answered by the auto replies; events and kinds with nothing to log are ignored.
 */
export async function receiveCustomerMessage(db: Database, siteId: number, pushed: PushedMessage) {
  const openId = typeof pushed.FromUserName === 'string' ? pushed.FromUserName.slice(0, 64) : '';
  const msgType = typeof pushed.MsgType === 'string' ? pushed.MsgType.slice(0, 32) : '';
  const msgId = pushed.MsgId === undefined ? null : String(pushed.MsgId).slice(0, 64);
  if (!openId || !msgType || msgType === 'event') return;
  const content =
    msgType === 'text'
      ? String(pushed.Content ?? '')
      : msgType === 'miniprogrampage'
        ? String(pushed.Title ?? '')
        : String(pushed.PicUrl ?? '');
  const connection = await readConnection(db, siteId);
  await db.transaction((tx) =>
    takeIncoming(tx, siteId, connection ?? { defaultReplyOn: false, defaultReply: null }, {
      openId,
      msgType,
      msgId,
      content,
    }),
  );
}
