import axios, { type AxiosError, type AxiosInstance, type AxiosResponse } from 'axios';
import {
  API_BASE,
  type EndpointDefinition,
  type EndpointInput,
  type EndpointOutput,
} from '../../contract/endpoint';
import type { EnvelopeHeader } from '../../contract/envelope';
import { getToken } from './auth-token';
import type { EndpointRef } from './endpoint-ref';
import {
  type EnvelopeLike,
  envelopeOutcome,
  fileNameFromDisposition,
  HTTP_TIMEOUT_MS,
  type HttpEffect,
  httpErrorOutcome,
  type Outcome,
  prodApiOutcome,
} from './http-outcome';
import { createTranslator, type Language, type Translate, translatorFunction } from './i18n/language';

export const PROD_API_BASE = '/prod-api';

/** Tells a call's response handling that the caller shows some refusals itself (see `callEndpoint`). */
export type QuietErrors = (envelope: EnvelopeLike) => boolean;

declare module 'axios' {
  interface AxiosRequestConfig {
    quietErrors?: QuietErrors;
  }
}

/** The UI side effects of responses; the app plugs in its toaster, dialogs and router. */
export interface HttpEffects {
  toast(status: 'error' | 'success', message: string, duration: number): void;
  dialog(title: string, message: string): void;
  navigate(to: string): void;
  /** The token is no longer valid: forget the session and go to the login page. */
  endSession(): void;
  clearToken(): void;
  /** Ask whether to log in again; true clears the token and reloads. */
  confirmRelogin(): void;
}

const noEffects: HttpEffects = {
  toast: () => {},
  dialog: () => {},
  navigate: () => {},
  endSession: () => {},
  clearToken: () => {},
  confirmRelogin: () => {},
};

let effects: HttpEffects = noEffects;
let currentLanguage: () => Language = () => 'en';
let translators: Partial<Record<Language, Translate>> = {};

export function configureHttp(options: { effects: HttpEffects; language: () => Language }): void {
  effects = options.effects;
  currentLanguage = options.language;
  translators = {};
}

function translate(): Translate {
  const language = currentLanguage();
  translators[language] ??= translatorFunction(createTranslator(language));
  return translators[language]!;
}

export function applyEffects(list: readonly HttpEffect[], target: HttpEffects = effects): void {
  for (const effect of list) {
    if (effect.kind === 'toast') target.toast(effect.status, effect.message, effect.duration);
    else if (effect.kind === 'dialog') target.dialog(effect.title, effect.message);
    else if (effect.kind === 'navigate') target.navigate(effect.to);
    else if (effect.kind === 'endSession') target.endSession();
    else if (effect.kind === 'clearToken') target.clearToken();
    else target.confirmRelogin();
  }
}

/** A rejected call; its message is what the user was shown. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: EnvelopeLike | undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface FileDownload {
  blob: Blob;
  fileName: string;
}

/**
 * The effects of a response: all of them, or, for a refusal the caller shows itself, all but its
 * toast and dialog (an ended session is still handled as everywhere else).
 */
export function shownEffects(
  outcome: Outcome,
  body: EnvelopeLike | undefined,
  quietErrors: QuietErrors | undefined,
): readonly HttpEffect[] {
  if (outcome.ok || !quietErrors || !body || !quietErrors(body)) return outcome.effects;
  return outcome.effects.filter((effect) => effect.kind !== 'toast' && effect.kind !== 'dialog');
}

function settle(outcome: Outcome, response: AxiosResponse | undefined, body: EnvelopeLike | undefined) {
  applyEffects(shownEffects(outcome, body, response?.config.quietErrors));
  if (!outcome.ok) throw new ApiError(outcome.message, response?.status ?? 0, body);
}

async function blobEnvelope(blob: Blob): Promise<EnvelopeLike | null> {
  if (!blob.type.includes('json')) return null;
  try {
    return JSON.parse(await blob.text()) as EnvelopeLike;
  } catch {
    return null;
  }
}

function createMainClient(): AxiosInstance {
  const client = axios.create({ baseURL: API_BASE, timeout: HTTP_TIMEOUT_MS });
  client.interceptors.request.use((config) => {
    const token = getToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    config.headers.set('Accept-Language', currentLanguage() === 'zh' ? 'zh-CN' : 'en');
    return config;
  });
  client.interceptors.response.use(
    async (response) => {
      if (response.data instanceof Blob) {
        const envelope = await blobEnvelope(response.data);
        if (envelope) settle(envelopeOutcome(envelope, translate()), response, envelope);
        const download: FileDownload = {
          blob: response.data,
          fileName: fileNameFromDisposition(response.headers['content-disposition'] as string | undefined),
        };
        return { ...response, data: download };
      }
      const body = response.data as EnvelopeLike;
      settle(envelopeOutcome(body, translate()), response, body);
      return response;
    },
    async (error: AxiosError) => {
      if (error instanceof ApiError) throw error;
      // The caller gave up on the answer (a query whose input changed): nothing went wrong to show.
      if (axios.isCancel(error)) throw error;
      let body = error.response?.data as EnvelopeLike | Blob | undefined;
      if (body instanceof Blob) body = (await blobEnvelope(body)) ?? undefined;
      const outcome = httpErrorOutcome(
        {
          status: error.response?.status ?? 0,
          body,
          code: error.code,
          fallbackMessage: error.message,
          hadToken: Boolean(error.config?.headers?.Authorization),
        },
        translate(),
      );
      applyEffects(shownEffects(outcome, body, error.config?.quietErrors));
      throw new ApiError(outcome.message, error.response?.status ?? 0, body);
    },
  );
  return client;
}

function createProdClient(): AxiosInstance {
  const client = axios.create({ baseURL: PROD_API_BASE, timeout: HTTP_TIMEOUT_MS, withCredentials: true });
  client.interceptors.request.use((config) => {
    const token = getToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });
  client.interceptors.response.use(
    (response) => {
      const body = response.data as EnvelopeLike & { code?: unknown };
      settle(prodApiOutcome(body, translate()), response, body);
      return response;
    },
    (error: AxiosError) => {
      const outcome = httpErrorOutcome(
        {
          status: error.response?.status ?? 0,
          code: error.code,
          fallbackMessage: error.message,
          hadToken: false,
        },
        translate(),
      );
      applyEffects(outcome.effects);
      throw new ApiError(outcome.message, error.response?.status ?? 0, undefined);
    },
  );
  return client;
}

/** base /api, 30 s, bearer token from Admin-Token (SPEC §7). */
export const http = createMainClient();
/** base /prod-api with credentials (SPEC §7). */
export const prodHttp = createProdClient();

export type EndpointResponse<E extends EndpointDefinition> = EnvelopeHeader & EndpointOutput<E>;

type Callable<E extends EndpointDefinition> = E | EndpointRef<E>;

/**
 * Calls a contract endpoint: GET input as query parameters, POST input as a JSON body. A refusal is
 * shown to the user (toast or dialog) and thrown as an ApiError; with `quietErrors`, refusals it
 * accepts are only thrown, for a caller that shows them its own way.
 */
export async function callEndpoint<E extends EndpointDefinition>(
  endpoint: Callable<E>,
  input: EndpointInput<E>,
  options: { signal?: AbortSignal; quietErrors?: QuietErrors } = {},
): Promise<EndpointResponse<E>> {
  const config = { signal: options.signal, quietErrors: options.quietErrors };
  const response =
    endpoint.method === 'GET'
      ? await http.get(endpoint.path, { ...config, params: input })
      : await http.post(endpoint.path, input, config);
  return response.data as EndpointResponse<E>;
}

/** Calls a binary endpoint (an export, a file): the file and its name from Content-Disposition. */
export async function downloadEndpoint<E extends EndpointDefinition>(
  endpoint: Callable<E>,
  input: EndpointInput<E>,
): Promise<FileDownload> {
  const response =
    endpoint.method === 'GET'
      ? await http.get(endpoint.path, { params: input, responseType: 'blob' })
      : await http.post(endpoint.path, input, { responseType: 'blob' });
  return response.data as FileDownload;
}
