import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { z } from 'zod';
import { API_BASE, type EndpointDefinition } from '../../contract/endpoint';
import { expiredSiteMessage } from '../../contract/envelope-rules';
import { auditRefusal } from '../audit';
import type { Session } from '../auth/session';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Locale } from '../i18n/messages';
import { translate } from '../i18n/messages';
import type { FileStore } from '../storage/file-store';
import { AppError, rawError } from './errors';
import { type SerialisedJson, withSerialisedParts } from './serialised-json';
import { InputError, parseInput } from './validation';

/** Everything a handler gets: parsed input, the database, the caller's session and language. */
export interface HandlerContext<E extends EndpointDefinition> {
  input: z.infer<E['input']>;
  db: Database;
  config: Config;
  files: FileStore;
  locale: Locale;
  session: E['permission'] extends 'public' ? Session | null : Session;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<E extends EndpointDefinition> = (
  context: HandlerContext<E>,
) => Promise<(z.input<E['output']> & { Errmsg?: string }) | undefined>;

/** How a route reads its request beyond a JSON body. */
export interface RouteOptions {
  /** Multipart endpoints read their own body; the input schema then checks the text fields only. */
  multipart?: boolean;
  /** Reads or sets cookies (the verification code's, from its image to the login). */
  cookies?: boolean;
}

export interface RouteDefinition<E extends EndpointDefinition = EndpointDefinition> extends RouteOptions {
  endpoint: E;
  handler: Handler<E>;
}

export function defineRoute<E extends EndpointDefinition>(
  endpoint: E,
  handler: Handler<E>,
  options: RouteOptions = {},
): RouteDefinition {
  return { endpoint, handler: handler as unknown as Handler<EndpointDefinition>, ...options };
}

/** Route config every /api route must carry; a route without it makes the server refuse to start. */
export interface ApiRouteConfig {
  permission: EndpointDefinition['permission'];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: EndpointDefinition['permission'];
  }
}

export function hasPermission(session: Session, permission: EndpointDefinition['permission']): boolean {
  if (permission === 'public' || permission === 'session') return true;
  return session.grantedPaths.has(permission);
}

/**
 * Whether an endpoint's answer may be cached: a public call's (the verification image, public
 * previews), but not a storefront call's, which is public to the router yet carries a buyer's data
 * behind a key. Decided once per route; every other API answer keeps the no-store that server/app.ts
 * sends.
 */
export function cacheableAnswer(endpoint: EndpointDefinition): boolean {
  return endpoint.permission === 'public' && !endpoint.path.startsWith('/storefront/');
}

/** Takes off the no-store every API answer starts with; the handler may set its own. */
const mayBeCached: onRequestHookHandler = (_request, reply, done) => {
  reply.removeHeader('cache-control');
  done();
};

export function registerRoute(app: FastifyInstance, route: RouteDefinition): void {
  const { endpoint } = route;
  app.route({
    method: endpoint.method,
    url: `${API_BASE}${endpoint.path}`,
    config: { permission: endpoint.permission } satisfies ApiRouteConfig,
    // Only on the few routes that need it, so that every other call runs no hook of its own.
    onRequest: cacheableAnswer(endpoint) ? [mayBeCached] : [],
    handler: async (request, reply) => {
      const session = request.session;
      if (endpoint.permission !== 'public') {
        if (!session) throw new AppError('common.loginRequired', {}, { status: 401 });
        if (session.siteExpired) throw rawError(expiredSiteMessage(session.accountId));
        if (!hasPermission(session, endpoint.permission)) {
          throw new AppError('common.forbidden', {}, { status: 403 });
        }
      }
      const raw = route.multipart ? {} : endpoint.method === 'GET' ? request.query : (request.body ?? {});
      let output: Awaited<ReturnType<Handler<EndpointDefinition>>>;
      try {
        output = await route.handler({
          input: parseInput(endpoint.input, raw),
          db: app.services.db,
          config: app.services.config,
          files: app.services.files,
          locale: request.locale,
          session: session as Session,
          request,
          reply,
        });
      } catch (error) {
        // A log row that cannot be written must not hide the refusal the caller is owed.
        await recordRefusal(app, session, endpoint, error, request.locale).catch((failure) =>
          request.log.warn({ err: failure }, 'refused write not logged'),
        );
        throw error;
      }
      if (endpoint.binary || reply.sent) return reply;
      const answer = { Errcode: 0, Errmsg: '', ErrShowType: 0, ...(output ?? {}) };
      const bytes = withSerialisedParts(answer);
      if (bytes === undefined) return answer;
      return reply.type('application/json; charset=utf-8').send(bytes);
    },
  });
}

/**
 * A field of a handler's answer given as JSON kept serialised, so that a large part which rarely
 * changes (GetUserInfo's MenuList) is not serialised again on every call.
 */
export function serialisedField<T>(part: SerialisedJson): T {
  return part as unknown as T;
}

/**
 * An operator's write turned down by a rule or by bad input goes to the system log as refused. Reads,
 * storefront calls and unexpected failures (which are not the operator's doing) are not logged.
 */
async function recordRefusal(
  app: FastifyInstance,
  session: Session | null,
  endpoint: EndpointDefinition,
  error: unknown,
  locale: FastifyRequest['locale'],
): Promise<void> {
  if (!session || endpoint.method === 'GET') return;
  if (!(error instanceof AppError) && !(error instanceof InputError)) return;
  const message =
    error instanceof AppError
      ? (error.options.raw ?? translate(locale, error.key, error.params))
      : error.zodError.issues.map((issue) => issue.path.join('.') || issue.message).join(', ');
  await auditRefusal(app.services.db, session, endpoint.path, message);
}
