import { sql } from 'drizzle-orm';
import type { MessageScene, ReplyContent } from '../../../contract/endpoints/wechat-messages';
import { fitKeywordValue, parseDataKey } from '../../../contract/wechat/subscribe-keywords';
import { type Config, loadConfig } from '../../config';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import type { Locale } from '../../i18n/messages';
import { openSecret } from '../../secret-box';
import { createFileStore, type FileStore } from '../../storage/file-store';
import { accessTokenCache } from './access-token';
import { errcodeReason } from './messages';
import { sandboxAdapter } from './sandbox-adapter';
import { wechatConnections } from './tables';
import { fetchAppToken, type WechatAdapter, WechatError, wechatHttpAdapter } from './wechat-api';

/**
 * What other areas use of the messages area: the WeChat adapter of a shop (live rooms use it too),
 * and `enqueueSceneMessage`, which the order lifecycle calls in its transaction when an event of a
 * scene happens (an order shipped); the sweep sends what it enqueued.
 */

export interface WechatEnvironment {
  apiBase: string;
  secretsKey: Buffer;
  files: FileStore;
}

export function environmentOf(config: Pick<Config, 'payment'>, files: FileStore): WechatEnvironment {
  return { apiBase: config.payment.wechatApiBase, secretsKey: config.payment.secretsKey, files };
}

/** The environment of the sweep, which runs without the server's config. */
export function wechatEnvironment(environment: NodeJS.ProcessEnv = process.env): WechatEnvironment {
  const config = loadConfig(environment);
  return environmentOf(config, createFileStore(config.storage));
}

export type ConnectionRecord = typeof wechatConnections.$inferSelect;

export async function readConnection(db: Executor, siteId: number): Promise<ConnectionRecord | null> {
  const [row] = await db.select().from(wechatConnections).where(sql`${wechatConnections.siteId} = ${siteId}`);
  return row ?? null;
}

/** One cache for the process: every shop's token, refreshed once however many sends want it. */
const tokens = accessTokenCache();

export function adapterOf(
  connection: ConnectionRecord | null,
  environment: WechatEnvironment,
): WechatAdapter {
  if (!connection?.appId || !connection.appSecretSealed)
    return sandboxAdapter({ errcode: connection?.sandboxErrcode ?? 0 });
  const secret = openSecret(connection.appSecretSealed, environment.secretsKey);
  const { appId } = connection;
  return wechatHttpAdapter({
    apiBase: environment.apiBase,
    appId,
    tokens,
    fetchToken: () => fetchAppToken(environment.apiBase, appId, secret),
  });
}

/** The sandbox as an unconnected shop sees it, for demo data made the way the screens make it. */
export function acceptingSandbox(): WechatAdapter {
  return sandboxAdapter({ errcode: 0 });
}

export async function siteAdapter(db: Executor, siteId: number, environment: WechatEnvironment) {
  return adapterOf(await readConnection(db, siteId), environment);
}

/** The bytes of one of the site's images (the image library's /uploads/ files, or an inline picture). */
export async function readSiteImage(
  files: FileStore,
  siteId: number,
  url: string,
): Promise<{ bytes: Buffer; fileName: string; contentType: string }> {
  const inline = /^data:([a-z/+.-]+)(;base64)?,(.*)$/s.exec(url);
  if (inline) {
    const bytes = inline[2] ? Buffer.from(inline[3]!, 'base64') : Buffer.from(decodeURIComponent(inline[3]!));
    return { bytes, fileName: 'image', contentType: inline[1]! };
  }
  const key = url.startsWith('/uploads/') ? url.slice('/uploads/'.length) : '';
  // Only the shop's own folder: another shop's file key is refused like a missing one.
  const stored = key.startsWith(`${siteId}/`) ? await files.get(key) : null;
  if (!stored) throw new AppError('message.imageUnreadable', { url: url.slice(0, 80) }, { field: 'Image' });
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return { bytes: Buffer.concat(chunks), fileName: key.split('/').pop()!, contentType: stored.contentType };
}

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

/** The `data` of a subscribe send: each keyword's text fitted to its rule. */
export function subscribeData(values: Record<string, string>): Record<string, { value: string }> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => {
      const parsed = parseDataKey(key);
      return [key, { value: parsed ? fitKeywordValue(parsed.rule, value) : value }];
    }),
  );
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
  const consented = await takeConsent(tx, event.siteId, event.openId, scene.pri_tmpl_id);
  const payload = {
    touser: event.openId,
    template_id: scene.pri_tmpl_id,
    page: scene.page,
    data: subscribeData(values),
    miniprogram_state: 'formal',
    lang: 'zh_CN',
  };
  await tx.execute(
    sql`insert into message_deliveries (site_id, kind, scene, member_id, open_id, payload, state, errcode, idempotency_key,
                                        created_at, next_attempt_at)
        values (${event.siteId}, 'subscribe', ${event.scene},
                (select id from members where site_id = ${event.siteId} and open_id = ${event.openId}),
                ${event.openId}, ${JSON.stringify(payload)}::jsonb, ${consented ? 'pending' : 'refused'},
                ${consented ? 0 : 43101}, ${event.key}, ${event.now.toISOString()}::timestamptz,
                ${event.now.toISOString()}::timestamptz)
        on conflict (site_id, idempotency_key) do nothing`,
  );
}

/** WeChat's customer-service body of a reply; images are uploaded first, so it takes the adapter. */
export async function customPayload(
  adapter: WechatAdapter,
  files: FileStore,
  siteId: number,
  openId: string,
  reply: ReplyContent,
): Promise<Record<string, unknown>> {
  if (reply.Kind === 'text') return { touser: openId, msgtype: 'text', text: { content: reply.Text } };
  const image = await readSiteImage(files, siteId, reply.Image);
  const mediaId = await adapter.uploadImage(image.bytes, image.fileName, image.contentType);
  if (reply.Kind === 'image') return { touser: openId, msgtype: 'image', image: { media_id: mediaId } };
  return {
    touser: openId,
    msgtype: 'miniprogrampage',
    miniprogrampage: { title: reply.CardTitle, pagepath: reply.CardPage, thumb_media_id: mediaId },
  };
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
