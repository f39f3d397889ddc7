import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, LogController } from 'fastify';
import { ZodError } from 'zod';
import { API_BASE } from '../contract/endpoint';
import { flattenMenuTree } from '../contract/menu-tree';
import { allRoutes } from './area-list';
import { bearerToken, findSession, type Session } from './auth/session';
import type { Config } from './config';
import type { Database } from './db/client';
import { isTextEncodingError } from './http/database-errors';
import { AppError } from './http/errors';
import { JSON_BODY_LIMIT, megabytes, UPLOAD_LIMIT } from './http/limits';
import { requestLogger } from './http/request-logger';
import { type ApiRouteConfig, type RouteDefinition, registerRoute } from './http/route';
import { API_SECURITY_HEADERS, overHttps, pageSecurityHeaders } from './http/security-headers';
import { describeZodError, InputError } from './http/validation';
import { parseFlatXml } from './http/xml';
import { type Locale, localeFromHeader, translate } from './i18n/messages';
import { registerServices } from './services-of';
import { createFileStore, type FileStore, isFileKey } from './storage/file-store';

export interface Services {
  db: Database;
  config: Config;
  /** Uploaded files: the folder or bucket that config.storage names. */
  files: FileStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
  interface FastifyRequest {
    locale: Locale;
    session: Session | null;
    /** A JSON body as received, for signatures that cover its exact bytes (payment notifications). */
    rawBody: string;
  }
}

export interface BuildOptions {
  /** Without `files`, the store config.storage describes. */
  services: Omit<Services, 'files'> & { files?: FileStore };
  /** Folder of the built browser app; served with SPA fallback when present. */
  staticDir?: string;
  routes?: RouteDefinition[];
  logger?: boolean;
}

const REQUEST_ID_PATTERN = /^[\w.:-]{1,100}$/;

function envelope(message: string, extra: Record<string, unknown> = {}) {
  return { Errcode: -1, Errmsg: message, ErrShowType: 0, ...extra };
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const services: Services = {
    ...options.services,
    files: options.services.files ?? createFileStore(options.services.config.storage),
  };
  const app = Fastify({
    logger: options.logger === false ? false : { level: services.config.logLevel },
    // Fastify's own two lines per request are off: the onResponse hook below writes one richer line.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: requestLogger,
    bodyLimit: JSON_BODY_LIMIT,
    // A proxy's X-Request-Id is kept when it looks like an id; anything else gets a fresh UUID.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : crypto.randomUUID();
    },
    // Only a proxy on this machine may set X-Forwarded-For; anyone else could fake their address
    // and slip past the per-address login throttle.
    trustProxy: 'loopback',
  });
  app.decorate('services', services);
  registerServices(services, app.log);
  app.decorateRequest('locale', 'en');
  app.decorateRequest('session', null);
  app.decorateRequest('rawBody', '');

  // Fail closed: every /api route must declare who may call it, and a menu path must exist.
  const menuPaths = new Set(flattenMenuTree().map((menu) => menu.path));
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_BASE)) return;
    const permission = (route.config as Partial<ApiRouteConfig> | undefined)?.permission;
    if (!permission) {
      throw new Error(`Route ${route.method} ${route.url} declares no permission; refusing to start`);
    }
    if (permission !== 'public' && permission !== 'session' && !menuPaths.has(permission)) {
      throw new Error(
        `Route ${route.method} ${route.url} needs unknown menu ${permission}; refusing to start`,
      );
    }
  });

  // A POST without a body (UnbindWX, Logout) may still say application/json: read it as no input.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    if (body === '') done(null, undefined);
    else parseJson(request, body as string, done);
  });
  // WeChat pushes flat XML (tickets, authorisation and audit events); its signature covers the raw text.
  app.addContentTypeParser(['text/xml', 'application/xml'], { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    const fields = parseFlatXml(body as string);
    if (fields) done(null, fields);
    else done(new AppError('common.invalidXml', {}, { status: 400 }), undefined);
  });

  // Every header an answer gets whatever its route, worked out once: pages and files, and API
  // answers, each over plain HTTP and over HTTPS. API answers hold member and order data, so no
  // browser cache on a shared computer and no proxy may keep them; a route whose answer may be
  // cached takes no-store off again (cacheableAnswer in server/http/route.ts), and a handler may set
  // its own cache-control over it.
  const pageHeaders = await pageSecurityHeaders();
  const apiHeaders = { ...API_SECURITY_HEADERS, 'cache-control': 'no-store' };
  const plainHeaders = { api: apiHeaders, page: pageHeaders };
  const httpsHeaders = { api: overHttps(apiHeaders), page: overHttps(pageHeaders) };
  const alwaysHttps = services.config.httpsHeaders === 'always';
  // Hooks every request runs take a callback, not a promise: at thousands of calls a second the
  // promise each async hook makes is a measurable share of the request's cost.
  app.addHook('onRequest', (request, reply, done) => {
    const isApi = request.url.startsWith(API_BASE);
    // `protocol` honours X-Forwarded-Proto only from the trusted proxy (trustProxy above).
    const headers = alwaysHttps || request.protocol === 'https' ? httpsHeaders : plainHeaders;
    reply.headers(isApi ? headers.api : headers.page);
    reply.header('x-request-id', request.id);
    request.locale = localeFromHeader(request.headers['accept-language']);
    const token = isApi ? bearerToken(request.headers.authorization) : null;
    if (!token) {
      done();
      return;
    }
    findSession(services.db, token, request.ip).then((session) => {
      request.session = session;
      done();
    }, done);
  });

  // On shutdown, answers still in flight tell keep-alive clients to hang up, so close() is not left
  // waiting for idle sockets.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  // The level is fixed when the server starts; below "info" the hook is not even added, since
  // every hook costs each request its runner.
  if (['trace', 'debug', 'info'].includes(app.log.level)) {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        {
          method: request.method,
          url: request.url,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
          ip: request.ip,
          siteId: request.session?.siteId,
          accountId: request.session?.accountId,
        },
        'request',
      );
      done();
    });
  }

  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const locale = request.locale ?? 'en';
    if (error instanceof InputError || error instanceof ZodError) {
      const described =
        error instanceof InputError
          ? describeZodError(error.zodError, locale, error.input)
          : describeZodError(error, locale);
      return reply.code(200).send(envelope(described.message, { Errors: described.fields }));
    }
    if (error instanceof AppError) {
      const message = error.options.raw ?? translate(locale, error.key, error.params);
      const extra: Record<string, unknown> = { ErrShowType: error.options.showType ?? 0 };
      if (error.options.field) extra.Errors = [{ Field: error.options.field, Message: message }];
      return reply.code(error.options.status ?? 200).send(envelope(message, extra));
    }
    const fastifyError = error as FastifyError;
    if (
      fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      (fastifyError.statusCode === 400 && error instanceof SyntaxError)
    ) {
      return reply.code(400).send(envelope(translate(locale, 'common.invalidJson')));
    }
    if (
      fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ||
      fastifyError.code === 'FST_REQ_FILE_TOO_LARGE'
    ) {
      const limit = megabytes(
        fastifyError.code === 'FST_REQ_FILE_TOO_LARGE' ? UPLOAD_LIMIT : JSON_BODY_LIMIT,
      );
      return reply.code(413).send(envelope(translate(locale, 'common.bodyTooLarge', { limit })));
    }
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .code(415)
        .send(
          envelope(
            translate(locale, 'common.unsupportedMediaType', { type: request.headers['content-type'] ?? '' }),
          ),
        );
    }
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      return reply.code(fastifyError.statusCode).send(envelope(fastifyError.message));
    }
    if (isTextEncodingError(error)) {
      request.log.warn({ err: error }, 'input the database cannot store');
      return reply.code(200).send(envelope(translate(locale, 'common.unstorableText')));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .code(500)
      .send(envelope(translate(locale, 'common.internal', { requestId: String(request.id) })));
  });

  const routes = options.routes ?? allRoutes;
  for (const route of routes) if (!route.multipart && !route.cookies) registerRoute(app, route);
  // The multipart plugin adds two hooks to every request and a listener to every reply; only the
  // upload routes need them, so only they see it (a multipart body elsewhere is answered 415).
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: UPLOAD_LIMIT, files: 1, fields: 10 } });
    for (const route of routes) if (route.multipart) registerRoute(uploads, route);
  });
  // Likewise the cookie plugin's two hooks: only the verification code travels in a cookie.
  await app.register(async (withCookies) => {
    await withCookies.register(cookie);
    for (const route of routes) if (route.cookies) registerRoute(withCookies, route);
  });

  const storage = services.config.storage;
  if (storage.kind === 'local' && services.files.kind === 'local') {
    await app.register(fastifyStatic, {
      root: storage.directory,
      prefix: '/uploads/',
      decorateReply: false,
      maxAge: '7d',
    });
  } else {
    app.get('/uploads/*', async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const file = isFileKey(key) ? await services.files.get(key) : null;
      if (!file) {
        const url = request.url.split('?')[0] ?? '';
        return reply.code(404).send(envelope(translate(request.locale, 'common.apiNotFound', { path: url })));
      }
      reply
        .header('content-type', file.contentType)
        .header('cache-control', 'public, max-age=604800')
        .header('content-length', String(file.size));
      if (file.etag) reply.header('etag', file.etag);
      return reply.send(file.body);
    });
  }

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
