import type { EndpointOutput } from '../../../contract/endpoint';
import type { login } from '../../../contract/endpoints/user';
import { LoginType } from '../../../contract/enums';
import { loginRef } from '../../lib/auth-endpoints';
import { endpointUrl } from '../../lib/endpoint-ref';
import {
  type EnvelopeLike,
  envelopeOutcome,
  HTTP_TIMEOUT_MS,
  type HttpEffect,
  httpErrorOutcome,
} from '../../lib/http-outcome';
import type { Language, Translate } from '../../lib/i18n/language';

export interface LoginRequest {
  userName: string;
  passWord: string;
  verifyCode: string;
  /** Sub-account login (/dislogin) names its site. */
  siteId?: number | null;
}

export type LoginResult =
  | { ok: true; token: string }
  /** What the user is shown (the HTTP layer's rules of SPEC §8) and any navigation it asks for. */
  | { ok: false; message: string; effects: HttpEffect[] };

function requestBody(request: LoginRequest) {
  return {
    userName: request.userName.trim(),
    passWord: request.passWord,
    verifyCode: request.verifyCode,
    LoginType: request.siteId ? LoginType.subAccount : LoginType.password,
    ...(request.siteId ? { SiteId: request.siteId } : {}),
  };
}

async function readEnvelope(response: Response): Promise<EnvelopeLike | undefined> {
  try {
    return (await response.json()) as EnvelopeLike;
  } catch {
    return undefined;
  }
}

/**
 * POST /user/login with fetch rather than the app's axios client: the login route is the first page
 * most visitors load, and it stays small. Responses go through the same pure outcome rules.
 */
export async function requestLogin(
  request: LoginRequest,
  language: Language,
  translate: Translate,
): Promise<LoginResult> {
  let response: Response;
  try {
    response = await fetch(endpointUrl(loginRef), {
      method: loginRef.method,
      headers: { 'Content-Type': 'application/json', 'Accept-Language': language === 'zh' ? 'zh-CN' : 'en' },
      body: JSON.stringify(requestBody(request)),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    const outcome = httpErrorOutcome(
      { status: 0, code: timedOut ? 'ETIMEDOUT' : 'ERR_NETWORK', hadToken: false },
      translate,
    );
    return { ok: false, message: outcome.message, effects: outcome.effects };
  }
  const body = await readEnvelope(response);
  const outcome = response.ok
    ? envelopeOutcome(body ?? {}, translate)
    : httpErrorOutcome({ status: response.status, body, hadToken: false }, translate);
  if (!outcome.ok) return { ok: false, message: outcome.message, effects: outcome.effects };
  const token = (body as EndpointOutput<typeof login> | undefined)?.AccessToken;
  if (!token) return { ok: false, message: translate('http.defaultError'), effects: [] };
  return { ok: true, token };
}
