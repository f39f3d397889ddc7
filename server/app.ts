import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyError } from 'fastify';
import { ZodError } from 'zod';
import { API_BASE } from '../contract/endpoint';
import { bearerToken, findSession, type Session } from './auth/session';
import type { Config } from './config';
import type { Database } from './db/client';
import { AppError } from './http/errors';
import { type ApiRouteConfig, registerRoute, type RouteDefinition } from './http/route';
import { describeZodError } from './http/validation';
import { type Locale, localeFromHeader, translate } from './i18n/messages';
import { allRoutes } from './routes';

export interface Services {
  db: Database;
  config: Config;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
  interface FastifyRequest {
    locale: Locale;
    session: Session | null;
  }
}

export const JSON_BODY_LIMIT = 1024 * 1024;
export const UPLOAD_LIMIT = 5 * 1024 * 1024;

export interface BuildOptions {
  services: Services;
  /** Folder of the built browser app; served with SPA fallback when present. */
  staticDir?: string;
  routes?: RouteDefinition[];
  logger?: boolean;
}

function envelope(message: string, extra: Record<string, unknown> = {}) {
  return { Errcode: -1, Errmsg: message, ErrShowType: 0, ...extra };
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { services } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: services.config.logLevel },
    disableRequestLogging: true,
    bodyLimit: JSON_BODY_LIMIT,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    trustProxy: true,
  });
  app.decorate('services', services);
  app.decorateRequest('locale', 'en');
  app.decorateRequest('session', null);

  // Fail closed: every /api route must declare who may call it.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_BASE)) return;
    const config = route.config as Partial<ApiRouteConfig> | undefined;
    if (!config?.permission) {
      throw new Error(`Route ${route.method} ${route.url} declares no permission; refusing to start`);
    }
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:', 'data:'],
        frameAncestors: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT, files: 1, fields: 10 } });

  app.addHook('onRequest', async (request) => {
    request.locale = localeFromHeader(request.headers['accept-language']);
    if (!request.url.startsWith(API_BASE)) return;
    const token = bearerToken(request.headers.authorization);
    if (token) request.session = await findSession(services.db, token);
  });

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        siteId: request.session?.siteId,
        accountId: request.session?.accountId,
      },
      'request',
    );
  });

  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const locale = request.locale ?? 'en';
    if (error instanceof ZodError) {
      const described = describeZodError(error, locale);
      return reply.code(200).send(envelope(described.message, { Errors: described.fields }));
    }
    if (error instanceof AppError) {
      const message = error.options.raw ?? translate(locale, error.key, error.params);
      const extra: Record<string, unknown> = { ErrShowType: error.options.showType ?? 0 };
      if (error.options.field) extra.Errors = [{ Field: error.options.field, Message: message }];
      return reply.code(error.options.status ?? 200).send(envelope(message, extra));
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (fastifyError.statusCode === 400 && error instanceof SyntaxError)) {
      return reply.code(400).send(envelope(translate(locale, 'common.invalidJson')));
    }
    if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fastifyError.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(413).send(envelope(translate(locale, 'common.bodyTooLarge', { limit: '1 MB' })));
    }
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .code(415)
        .send(envelope(translate(locale, 'common.unsupportedMediaType', { type: request.headers['content-type'] ?? '' })));
    }
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      return reply.code(fastifyError.statusCode).send(envelope(fastifyError.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(envelope(translate(locale, 'common.internal', { requestId: String(request.id) })));
  });

  for (const route of options.routes ?? allRoutes) registerRoute(app, route);

  const uploadsDir = path.join(services.config.dataDir, 'uploads');
  await app.register(fastifyStatic, { root: uploadsDir, prefix: '/uploads/', decorateReply: false, maxAge: '7d' });

  const staticDir = options.staticDir;
  const hasApp = staticDir !== undefined && existsSync(path.join(staticDir, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, { root: staticDir, prefix: '/', wildcard: false, index: false });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith(`${API_BASE}/`) || url === API_BASE || url.startsWith('/uploads/')) {
      return reply.code(404).send(envelope(translate(request.locale, 'common.apiNotFound', { path: url })));
    }
    if (hasApp && request.method === 'GET') {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html', staticDir!);
    }
    return reply.code(404).send(envelope(translate(request.locale, 'common.notFound')));
  });

  return app;
}
