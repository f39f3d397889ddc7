import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { API_BASE, type EndpointDefinition } from '../../contract/endpoint';
import { expiredSiteMessage } from '../../contract/envelope-rules';
import { auditRefusal, withAuditRequest } from '../audit';
import type { Session } from '../auth/session';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Locale } from '../i18n/messages';
import { translate } from '../i18n/messages';
import type { FileStore } from '../storage/file-store';
import { AppError, rawError } from './errors';
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

export interface RouteDefinition<E extends EndpointDefinition = EndpointDefinition> {
  endpoint: E;
  handler: Handler<E>;
  /** Multipart endpoints read their own body; the input schema then checks the text fields only. */
  multipart?: boolean;
}

export function defineRoute<E extends EndpointDefinition>(
  endpoint: E,
  handler: Handler<E>,
  options: { multipart?: boolean } = {},
): RouteDefinition {
  return { endpoint, handler: handler as unknown as Handler<EndpointDefinition>, ...options };
}

/** Route config every /api route must carry; a route without it makes the server refuse to start. */
export interface ApiRouteConfig {
  permission: EndpointDefinition['permission'];
}

export function hasPermission(session: Session, permission: EndpointDefinition['permission']): boolean {
  if (permission === 'public' || permission === 'session') return true;
  return session.grantedPaths.has(permission);
}

export function registerRoute(app: FastifyInstance, route: RouteDefinition): void {
  const { endpoint } = route;
  app.route({
    method: endpoint.method,
    url: `${API_BASE}${endpoint.path}`,
    config: { permission: endpoint.permission } satisfies ApiRouteConfig,
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
      const run = async () => {
        const input = parseInput(endpoint.input, raw);
        return route.handler({
          input,
          db: app.services.db,
          config: app.services.config,
          files: app.services.files,
          locale: request.locale,
          session: session as Session,
          request,
          reply,
        });
      };
      let output: Awaited<ReturnType<typeof run>>;
      try {
        output = await withAuditRequest({ ip: request.ip }, run);
      } catch (error) {
        // A log row that cannot be written must not hide the refusal the caller is owed.
        await recordRefusal(app, session, endpoint, error, request.locale, request.ip).catch((failure) =>
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
 * Encoded serialised parts, by their text. A part comes from a cache (GetUserInfo's MenuList per
 * grant set), so the same few texts come back on every call; encoding them once spares each answer
 * a 30 KB string flattened on the heap and encoded again on the socket.
 */
const encodedParts = new Map<string, Buffer>();
const MAX_ENCODED_PARTS = 500;

function encodedPart(text: string): Buffer {
  let bytes = encodedParts.get(text);
  if (bytes === undefined) {
    bytes = Buffer.from(text);
    if (encodedParts.size >= MAX_ENCODED_PARTS) encodedParts.delete(encodedParts.keys().next().value!);
    encodedParts.set(text, bytes);
  }
  return bytes;
}

/** JSON text made once and kept (a cached part of an answer), placed in the answer as it is. */
class SerialisedJson {
  constructor(readonly text: string) {}
  /** Anything that serialises the answer some other way still gets the right value. */
  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

/**
 * A field of a handler's answer given as JSON text already serialised, so that a large part which
 * rarely changes (GetUserInfo's MenuList) is not serialised again on every call.
 */
export function serialisedField<T>(text: string): T {
  return new SerialisedJson(text) as unknown as T;
}

/** The answer as UTF-8 JSON when some top-level field came serialised; undefined when none did. */
export function withSerialisedParts(answer: Record<string, unknown>): Buffer | undefined {
  const parts: Buffer[] = [];
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(answer)) {
    if (value instanceof SerialisedJson)
      parts.push(Buffer.from(`,${JSON.stringify(key)}:`), encodedPart(value.text));
    else rest[key] = value;
  }
  if (parts.length === 0) return undefined;
  const head = JSON.stringify(rest);
  // The first part's leading comma goes when no other field comes before it.
  if (head === '{}') parts[0] = parts[0]!.subarray(1);
  return Buffer.concat([Buffer.from(head.slice(0, -1)), ...parts, Buffer.from('}')]);
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
  ip: string,
): Promise<void> {
  if (!session || endpoint.method === 'GET') return;
  if (!(error instanceof AppError) && !(error instanceof InputError)) return;
  const message =
    error instanceof AppError
      ? (error.options.raw ?? translate(locale, error.key, error.params))
      : error.zodError.issues.map((issue) => issue.path.join('.') || issue.message).join(', ');
  await withAuditRequest({ ip }, () => auditRefusal(app.services.db, session, endpoint.path, message));
}
