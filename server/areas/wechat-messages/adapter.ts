import { sql } from 'drizzle-orm';
import type { ReplyContent } from '../../../contract/endpoints/wechat-messages';
import { fitKeywordValue, parseDataKey } from '../../../contract/wechat/subscribe-keywords';
import { type Config, loadConfig } from '../../config';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../http/errors';
import { createFileStore, type FileStore } from '../../storage/file-store';
import {
  authorizedAppId,
  authorizerAccessToken,
  authorizerTokenKey,
  forgetToken,
  NETWORK_ERRCODE,
  WechatError as PlatformError,
  type WechatPlatform,
  wechatPlatformOf,
} from '../wechat-platform/service';
import { sandboxAdapter } from './sandbox-adapter';
import { wechatConnections } from './tables';
import { UNREACHABLE, type WechatAdapter, WechatError, wechatHttpAdapter } from './wechat-api';

/**
 * A shop's WeChat adapter and what a send carries: the outbox and the routes build on this; other
 * areas reach it through service.ts.
 */

export interface WechatEnvironment {
  /** The third-party platform the shops' mini-programs are authorised to; null: the sandbox. */
  platform: WechatPlatform | null;
  files: FileStore;
}

export function environmentOf(
  config: Pick<Config, 'payment' | 'wechatPlatform' | 'wechatApiBase'>,
  files: FileStore,
): WechatEnvironment {
  return { platform: wechatPlatformOf(config), files };
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

/** The refusal of every WeChat call of a shop whose mini-program is not authorised to the platform. */
export const UNAUTHORISED_KEY = 'wechat.miniProgramUnauthorised';

/**
 * With the platform configured, a shop whose mini-program is not authorised has nothing to call
 * WeChat with: true when that is the case, so callers say so instead of trying.
 */
export async function mustAuthoriseFirst(
  db: Executor,
  siteId: number,
  environment: Pick<WechatEnvironment, 'platform'>,
): Promise<boolean> {
  return environment.platform !== null && (await authorizedAppId(db, siteId)) === '';
}

/**
 * The shop's adapter: with the platform configured, WeChat's API called with the authorizer token of
 * the shop's mini-program (cached in the database and refreshed by one caller however many sends
 * want it); without it, the sandbox. Never call it with a transaction: fetching a token is a call.
 * A shop whose mini-program is not authorised gets UNAUTHORISED_KEY, before anything is called.
 */
export async function siteAdapter(
  db: Database,
  siteId: number,
  environment: WechatEnvironment,
): Promise<WechatAdapter> {
  const { platform } = environment;
  if (!platform) {
    const connection = await readConnection(db, siteId);
    return sandboxAdapter({ errcode: connection?.sandboxErrcode ?? 0 });
  }
  if (await mustAuthoriseFirst(db, siteId, environment)) throw new AppError(UNAUTHORISED_KEY);
  let appId = '';
  return wechatHttpAdapter({
    apiBase: platform.apiBase,
    async token() {
      try {
        const authorizer = await authorizerAccessToken(db, platform, siteId);
        appId = authorizer.appId;
        return authorizer.token;
      } catch (error) {
        if (error instanceof PlatformError)
          throw new WechatError(
            error.errcode === NETWORK_ERRCODE ? UNREACHABLE : error.errcode,
            error.errmsg,
          );
        throw error;
      }
    },
    invalidate: (token) =>
      forgetToken(db, authorizerTokenKey(appId), { token, secretsKey: platform.secretsKey }),
  });
}

/** The sandbox as an unconnected shop sees it, for demo data made the way the screens make it. */
export function acceptingSandbox(): WechatAdapter {
  return sandboxAdapter({ errcode: 0 });
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

/** The `data` of a subscribe send: each keyword's text fitted to its rule. */
export function subscribeData(values: Record<string, string>): Record<string, { value: string }> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => {
      const parsed = parseDataKey(key);
      return [key, { value: parsed ? fitKeywordValue(parsed.rule, value) : value }];
    }),
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
