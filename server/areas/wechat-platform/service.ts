import { sql } from 'drizzle-orm';
import type { Config, WechatPlatformConfig } from '../../config';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { openSecret, sealSecret } from '../../secret-box';
import { wechatTokens, wechatVerifyTickets } from './tables';

/**
 * WeChat's third-party platform, shared by the mini-program areas: the platform's
 * component_access_token and each mini-program's authorizer_access_token, cached in the database and
 * fetched by one caller at a time across instances; the HTTP call with errcodes as errors; the push
 * crypto. Calls go over the network: never make one inside a database transaction.
 */

export { retryable, wechatErrorText } from './errcodes';
export { decryptMessage, encryptMessage, messageSignature, signatureMatches } from './message-crypto';
export { wechatAuthorizers, wechatPushes } from './tables';

/** The platform as the server runs it: its settings, WeChat's address and the key sealing tokens. */
export interface WechatPlatform {
  config: WechatPlatformConfig;
  apiBase: string;
  secretsKey: Buffer;
}

/** WeChat's refusal (its errcode and errmsg), or -2 when WeChat could not be reached or answered nonsense. */
export class WechatError extends Error {
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
  ) {
    super(`${errcode} ${errmsg}`);
  }
}

export const NETWORK_ERRCODE = -2;
const TIMEOUT_MS = 10_000;

/** POSTs JSON (or GETs without a body); an answer with a non-zero errcode becomes a WechatError. */
export async function wechatRequest(
  apiBase: string,
  path: string,
  query: Record<string, string>,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const response = await wechatFetch(apiBase, path, query, body);
  const text = await response.text();
  return parseAnswer(text);
}

/** The same call for answers that may be a file (get_qrcode): the bytes, or a WechatError from its JSON. */
export async function wechatFile(
  apiBase: string,
  path: string,
  query: Record<string, string>,
  body?: unknown,
): Promise<{ contentType: string; data: Buffer }> {
  const response = await wechatFetch(apiBase, path, query, body);
  const contentType = response.headers.get('content-type') ?? '';
  const data = Buffer.from(await response.arrayBuffer());
  if (contentType.includes('json') || contentType.startsWith('text/')) {
    parseAnswer(data.toString('utf8'));
    throw new WechatError(NETWORK_ERRCODE, 'WeChat answered no image');
  }
  return { contentType, data };
}

async function wechatFetch(apiBase: string, path: string, query: Record<string, string>, body: unknown) {
  const url = `${apiBase}${path}?${new URLSearchParams(query).toString()}`;
  try {
    return await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new WechatError(NETWORK_ERRCODE, error instanceof Error ? error.message : String(error));
  }
}

function parseAnswer(text: string): Record<string, unknown> {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new WechatError(NETWORK_ERRCODE, 'WeChat answered something that is not JSON');
  }
  const errcode = typeof parsed.errcode === 'number' ? parsed.errcode : 0;
  if (errcode !== 0) throw new WechatError(errcode, typeof parsed.errmsg === 'string' ? parsed.errmsg : '');
  return parsed;
}

/** A token is replaced this long before WeChat's expiry, so no call goes out with one about to lapse. */
const EARLY_SECONDS = 300;
/** How long one caller may take to fetch a token before another may try. */
const LEASE_SECONDS = 30;
const WAIT_STEP_MS = 100;
const WAIT_STEPS = 100;

const inFlight = new Map<string, Promise<string>>();

/**
 * The cached token of `key`, fetched with `fetchToken` when missing or about to lapse. In this process
 * one promise per key; across instances a lease on the row: the caller that takes it fetches, the
 * others wait for the row to hold a fresh token. No transaction is open while WeChat is called.
 */
export function cachedToken(
  db: Executor,
  key: string,
  secretsKey: Buffer,
  fetchToken: () => Promise<{ token: string; expiresIn: number }>,
): Promise<string> {
  const running = inFlight.get(key);
  if (running) return running;
  const promise = obtainToken(db, key, secretsKey, fetchToken).finally(() => inFlight.delete(key));
  inFlight.set(key, promise);
  return promise;
}

async function freshToken(db: Executor, key: string, secretsKey: Buffer): Promise<string | null> {
  const [row] = await queryRows<{ token_sealed: string | null; fresh: boolean }>(
    db,
    sql`select token_sealed, coalesce(expires_at > now() + make_interval(secs => ${EARLY_SECONDS}), false) as fresh
          from wechat_tokens where key = ${key}`,
  );
  return row?.token_sealed && row.fresh ? openSecret(row.token_sealed, secretsKey) : null;
}

async function obtainToken(
  db: Executor,
  key: string,
  secretsKey: Buffer,
  fetchToken: () => Promise<{ token: string; expiresIn: number }>,
): Promise<string> {
  const cached = await freshToken(db, key, secretsKey);
  if (cached) return cached;
  await db.insert(wechatTokens).values({ key }).onConflictDoNothing();
  for (let step = 0; step < WAIT_STEPS; step += 1) {
    const [lease] = await queryRows<{ key: string }>(
      db,
      sql`update wechat_tokens set refreshing_until = now() + make_interval(secs => ${LEASE_SECONDS})
           where key = ${key} and (refreshing_until is null or refreshing_until < now())
             and (expires_at is null or expires_at <= now() + make_interval(secs => ${EARLY_SECONDS}))
       returning key`,
    );
    if (lease) {
      let fetched: { token: string; expiresIn: number };
      try {
        fetched = await fetchToken();
      } catch (error) {
        await db.execute(sql`update wechat_tokens set refreshing_until = null where key = ${key}`);
        throw error;
      }
      await db.execute(
        sql`update wechat_tokens set token_sealed = ${sealSecret(fetched.token, secretsKey)},
                   expires_at = now() + make_interval(secs => ${fetched.expiresIn}),
                   refreshing_until = null, refresh_count = refresh_count + 1
             where key = ${key}`,
      );
      return fetched.token;
    }
    const waited = await freshToken(db, key, secretsKey);
    if (waited) return waited;
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
  throw new WechatError(NETWORK_ERRCODE, 'another instance is fetching the WeChat token; try again');
}

/**
 * After WeChat calls a token invalid (40001, 42001): the next call fetches a new one. Given the token
 * WeChat refused, only that one is forgotten: of several callers that met it together, the later ones
 * must not void the replacement the first one has fetched meanwhile.
 */
export async function forgetToken(
  db: Executor,
  key: string,
  refused?: { token: string; secretsKey: Buffer },
): Promise<void> {
  if (!refused) {
    await db.execute(sql`update wechat_tokens set expires_at = null where key = ${key}`);
    return;
  }
  const [row] = await queryRows<{ token_sealed: string | null }>(
    db,
    sql`select token_sealed from wechat_tokens where key = ${key}`,
  );
  if (!row?.token_sealed || openSecret(row.token_sealed, refused.secretsKey) !== refused.token) return;
  await db.execute(
    sql`update wechat_tokens set expires_at = null where key = ${key} and token_sealed = ${row.token_sealed}`,
  );
}

/** The platform as configured, or null when mini-programs are authorised in the sandbox. */
export function wechatPlatformOf(
  config: Pick<Config, 'wechatPlatform' | 'wechatApiBase' | 'payment'>,
): WechatPlatform | null {
  return config.wechatPlatform
    ? { config: config.wechatPlatform, apiBase: config.wechatApiBase, secretsKey: config.payment.secretsKey }
    : null;
}

/** The app id of the site's mini-program authorised to the platform, '' when none is. */
export async function authorizedAppId(db: Executor, siteId: number): Promise<string> {
  const [row] = await queryRows<{ app_id: string }>(
    db,
    sql`select app_id from wechat_authorizers where site_id = ${siteId} and provider = 'wechat' and state = 'authorized'`,
  );
  return row?.app_id ?? '';
}

/**
 * The app id of the shop's authorised mini-program, at WeChat or in the sandbox; '' when none. What
 * the shop's other paperwork (the payment applyment) names as its mini-program.
 */
export async function shopMiniProgramAppId(db: Executor, siteId: number): Promise<string> {
  const [row] = await queryRows<{ app_id: string }>(
    db,
    sql`select app_id from wechat_authorizers where site_id = ${siteId} and state = 'authorized'`,
  );
  return row?.app_id ?? '';
}

/** The site whose mini-program `appId` is authorised to the platform, for its pushes. */
export async function authorizedSite(db: Executor, appId: string): Promise<number | null> {
  const [row] = await queryRows<{ site_id: number }>(
    db,
    sql`select site_id from wechat_authorizers where provider = 'wechat' and app_id = ${appId} and state = 'authorized'`,
  );
  return row?.site_id ?? null;
}

export const componentTokenKey = (platform: WechatPlatform) => `component:${platform.config.appId}`;
export const authorizerTokenKey = (appId: string) => `authorizer:${appId}`;

/** Stores the ticket of a verified push; a ticket older than the stored one changes nothing. */
export async function storeVerifyTicket(db: Executor, componentAppId: string, ticket: string, at: Date) {
  await db
    .insert(wechatVerifyTickets)
    .values({ componentAppId, ticket, receivedAt: at })
    .onConflictDoUpdate({
      target: wechatVerifyTickets.componentAppId,
      set: { ticket, receivedAt: at },
      setWhere: sql`${wechatVerifyTickets.receivedAt} <= ${at.toISOString()}::timestamptz`,
    });
}

/** The platform's component_access_token (api_component_token), bought with the latest verify ticket. */
export function componentAccessToken(db: Executor, platform: WechatPlatform): Promise<string> {
  return cachedToken(db, componentTokenKey(platform), platform.secretsKey, async () => {
    const [ticket] = await queryRows<{ ticket: string }>(
      db,
      sql`select ticket from wechat_verify_tickets where component_app_id = ${platform.config.appId}`,
    );
    if (!ticket) throw new WechatError(61002, 'no component_verify_ticket pushed yet');
    const answer = await wechatRequest(
      platform.apiBase,
      '/cgi-bin/component/api_component_token',
      {},
      {
        component_appid: platform.config.appId,
        component_appsecret: platform.config.appSecret,
        component_verify_ticket: ticket.ticket,
      },
    );
    return {
      token: String(answer.component_access_token ?? ''),
      expiresIn: Number(answer.expires_in ?? 7200),
    };
  });
}

/**
 * A mini-program's authorizer_access_token (api_authorizer_token) from its sealed refresh token; a
 * new refresh token in the answer replaces the stored one.
 */
export async function authorizerAccessToken(
  db: Executor,
  platform: WechatPlatform,
  siteId: number,
): Promise<{ appId: string; token: string }> {
  const [authorizer] = await queryRows<{ app_id: string; refresh_token_sealed: string }>(
    db,
    sql`select app_id, refresh_token_sealed from wechat_authorizers
          where site_id = ${siteId} and provider = 'wechat' and state = 'authorized'`,
  );
  if (!authorizer) throw new WechatError(61003, 'the mini-program is not authorised');
  const token = await cachedToken(
    db,
    authorizerTokenKey(authorizer.app_id),
    platform.secretsKey,
    async () => {
      const component = await componentAccessToken(db, platform);
      const answer = await wechatRequest(
        platform.apiBase,
        '/cgi-bin/component/api_authorizer_token',
        { component_access_token: component },
        {
          component_appid: platform.config.appId,
          authorizer_appid: authorizer.app_id,
          authorizer_refresh_token: openSecret(authorizer.refresh_token_sealed, platform.secretsKey),
        },
      );
      const refresh =
        typeof answer.authorizer_refresh_token === 'string' ? answer.authorizer_refresh_token : '';
      if (refresh) {
        await db.execute(
          sql`update wechat_authorizers set refresh_token_sealed = ${sealSecret(refresh, platform.secretsKey)}
             where site_id = ${siteId}`,
        );
      }
      return {
        token: String(answer.authorizer_access_token ?? ''),
        expiresIn: Number(answer.expires_in ?? 7200),
      };
    },
  );
  return { appId: authorizer.app_id, token };
}
