import { expiredSiteAid } from '../../contract/envelope-rules';
import type { Translate } from './i18n/language';

/** SPEC §9: every call gives up after this long. */
export const HTTP_TIMEOUT_MS = 30_000;
/** SPEC §9 toast durations. */
export const ERROR_TOAST_MS = 5000;
export const SUCCESS_TOAST_MS = 2000;
/** SPEC §8: codes of the second client that offer to log in again. */
export const RELOGIN_CODES: readonly number[] = [50008, 50012, 50014];

export type HttpEffect =
  | { kind: 'toast'; status: 'error' | 'success'; message: string; duration: number }
  | { kind: 'dialog'; title: string; message: string }
  | { kind: 'navigate'; to: string }
  | { kind: 'endSession' }
  /** Forget the token without leaving the page (an expired site's session is of no further use). */
  | { kind: 'clearToken' }
  | { kind: 'confirmRelogin' };

/** What a response means: resolve or reject the call, and the side effects to show. */
export interface Outcome {
  ok: boolean;
  message: string;
  effects: HttpEffect[];
}

export interface EnvelopeLike {
  Errcode?: unknown;
  Errmsg?: unknown;
  ErrShowType?: unknown;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function expiredSiteEffects(aid: string): HttpEffect[] {
  return [{ kind: 'clearToken' }, { kind: 'navigate', to: `/expirySite?aid=${encodeURIComponent(aid)}` }];
}

/** Main client, HTTP 200 with an envelope (SPEC §8). */
export function envelopeOutcome(body: EnvelopeLike, translate: Translate): Outcome {
  const message = text(body.Errmsg);
  if (body.Errcode === -1) {
    const aid = expiredSiteAid(message);
    if (aid !== null) {
      return { ok: false, message, effects: expiredSiteEffects(aid) };
    }
    const shown = message || translate('http.defaultError');
    const effect: HttpEffect =
      body.ErrShowType === 0 || body.ErrShowType === undefined
        ? { kind: 'toast', status: 'error', message: shown, duration: ERROR_TOAST_MS }
        : { kind: 'dialog', title: translate('app.prompt'), message: shown };
    return { ok: false, message: shown, effects: [effect] };
  }
  if (message) {
    return {
      ok: true,
      message,
      effects: [{ kind: 'toast', status: 'success', message, duration: SUCCESS_TOAST_MS }],
    };
  }
  return { ok: true, message: '', effects: [] };
}

export interface HttpFailure {
  /** HTTP status, or 0 when no response came back. */
  status: number;
  body?: EnvelopeLike | undefined;
  /** axios error code: ECONNABORTED / ETIMEDOUT for timeouts, ERR_NETWORK… */
  code?: string | undefined;
  fallbackMessage?: string | undefined;
  /** Whether the call carried a token: a 401 then means the session ended. */
  hadToken: boolean;
}

/** Main client, HTTP error (SPEC §8): a 5 s toast; 401 says 您没有操作权限！ and ends a dead session. */
export function httpErrorOutcome(failure: HttpFailure, translate: Translate): Outcome {
  if (failure.status === 401) {
    const message = translate('http.noPermission');
    const effects: HttpEffect[] = [{ kind: 'toast', status: 'error', message, duration: ERROR_TOAST_MS }];
    if (failure.hadToken) effects.push({ kind: 'endSession' });
    return { ok: false, message, effects };
  }
  if (failure.body && typeof failure.body.Errmsg === 'string' && failure.body.Errcode === -1) {
    const aid = expiredSiteAid(failure.body.Errmsg);
    if (aid !== null) {
      return {
        ok: false,
        message: failure.body.Errmsg,
        effects: expiredSiteEffects(aid),
      };
    }
  }
  let message = text(failure.body?.Errmsg);
  if (!message) {
    if (failure.code === 'ECONNABORTED' || failure.code === 'ETIMEDOUT') message = translate('http.timeout');
    else if (failure.status === 0) message = translate('http.network');
    else message = failure.fallbackMessage || translate('http.defaultError');
  }
  return {
    ok: false,
    message,
    effects: [{ kind: 'toast', status: 'error', message, duration: ERROR_TOAST_MS }],
  };
}

/** Second client (/prod-api): Errcode -1 toasts; 50008/50012/50014 offer 'Re-Login'. */
export function prodApiOutcome(
  body: EnvelopeLike & { code?: unknown; message?: unknown },
  translate: Translate,
): Outcome {
  const message = text(body.Errmsg) || text(body.message) || translate('http.defaultError');
  if (typeof body.code === 'number' && RELOGIN_CODES.includes(body.code)) {
    return { ok: false, message, effects: [{ kind: 'confirmRelogin' }] };
  }
  if (body.Errcode === -1) {
    return {
      ok: false,
      message,
      effects: [{ kind: 'toast', status: 'error', message, duration: ERROR_TOAST_MS }],
    };
  }
  return { ok: true, message: '', effects: [] };
}

/**
 * File name from Content-Disposition: RFC 5987 `filename*=UTF-8''…` wins over `filename="…"`; a
 * plain name that was percent-encoded by the server is decoded.
 */
export function fileNameFromDisposition(header: string | null | undefined, fallback = 'download'): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      return extended[2].trim();
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const value = (plain?.[2] ?? plain?.[1] ?? '').trim();
  if (!value) return fallback;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
