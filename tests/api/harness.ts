import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { z } from 'zod';
import { API_BASE, type EndpointDefinition } from '../../contract/endpoint';
import { login as loginEndpoint } from '../../contract/endpoints/user';
import { buildApp } from '../../server/app';
import { VERIFY_CODE_COOKIE } from '../../server/auth/verify-code';
import { loadConfig } from '../../server/config';
import { type DatabaseHandle, openDatabase } from '../../server/db/client';
import { queryRows } from '../../server/db/query';
import { SNAPSHOT_PATH, TEMPLATE_DATABASE, withDatabase } from './global-setup';
import { TEST_ENV, TEST_PASSWORD, TEST_VERIFY_CODE } from './test-env';

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: { Errcode: number; Errmsg: string; ErrShowType: number } & T;
  raw: LightMyRequestResponse;
}

export interface TestServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Calls an endpoint of the contract; GET input goes to the query string, POST input to the body. */
  call<E extends EndpointDefinition>(
    endpoint: E,
    input: unknown,
    options?: { token?: string | null; locale?: string; headers?: Record<string, string> },
  ): Promise<ApiResponse<z.infer<E['output']>>>;
  /** Logs in with the fixed test verification code; returns the access token. */
  login(userName: string, options?: { password?: string; siteId?: number }): Promise<string>;
  /** A fresh verification-code cookie value, as the login page gets with the captcha image. */
  verifyCode(): Promise<string>;
  /**
   * POST /user/login as a browser would: with a fresh code cookie unless `cookie` is given (null
   * sends none), from `address` (X-Forwarded-For, trusted from loopback) when given.
   */
  loginRequest(
    payload: Record<string, unknown>,
    options?: { cookie?: string | null; address?: string; locale?: string },
  ): Promise<ApiResponse<{ AccessToken: string }>>;
  /** Raw SQL on the test database, to arrange a case or check what a call changed. */
  query<T extends Record<string, unknown>>(statement: SQL): Promise<T[]>;
  /** The id of a seeded account by its user name (sub-accounts: the first with that name). */
  accountId(userName: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * A server on its own copy of the seeded database: each test file gets a fresh one. `env` adds to
 * or overrides the test environment (e.g. STORAGE=s3).
 */
export async function startTestServer(options: { env?: Record<string, string> } = {}): Promise<TestServer> {
  const config = loadConfig({ ...TEST_ENV, ...options.env });
  let database: DatabaseHandle;
  let dropDatabase: (() => Promise<void>) | undefined;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `api_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
    await admin.end();
    database = await openDatabase({ databaseUrl: withDatabase(adminUrl, name), poolSize: 20 });
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  } else {
    database = await openDatabase({ memory: { loadDataDir: readFileSync(SNAPSHOT_PATH) } });
  }
  const app = await buildApp({ services: { db: database.db, config }, logger: false });
  await app.ready();

  const call: TestServer['call'] = async (endpoint, input, options = {}) => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.locale) headers['accept-language'] = options.locale;
    const url = `${API_BASE}${endpoint.path}`;
    const raw =
      endpoint.method === 'GET'
        ? await app.inject({ method: 'GET', url, query: input as Record<string, string>, headers })
        : await app.inject({ method: 'POST', url, payload: input as object, headers });
    const isJson = String(raw.headers['content-type'] ?? '').includes('json');
    return { status: raw.statusCode, body: isJson ? raw.json() : ({} as never), raw };
  };

  const verifyCode: TestServer['verifyCode'] = async () => {
    const code = await app.inject({ method: 'GET', url: `${API_BASE}/Comm/GetVerifyCode` });
    const cookie = code.cookies.find((entry) => entry.name === VERIFY_CODE_COOKIE);
    if (!cookie) throw new Error('GetVerifyCode set no cookie');
    return cookie.value;
  };

  const loginRequest: TestServer['loginRequest'] = async (payload, options = {}) => {
    const cookie = options.cookie === undefined ? await verifyCode() : options.cookie;
    const headers: Record<string, string> = {};
    if (options.address) headers['x-forwarded-for'] = options.address;
    if (options.locale) headers['accept-language'] = options.locale;
    const raw = await app.inject({
      method: 'POST',
      url: `${API_BASE}${loginEndpoint.path}`,
      cookies: cookie === null ? {} : { [VERIFY_CODE_COOKIE]: cookie },
      headers,
      payload,
    });
    return { status: raw.statusCode, body: raw.json(), raw };
  };

  const login: TestServer['login'] = async (userName, options = {}) => {
    const response = await loginRequest({
      userName,
      passWord: options.password ?? TEST_PASSWORD,
      verifyCode: TEST_VERIFY_CODE,
      ...(options.siteId ? { SiteId: options.siteId } : {}),
    });
    if (response.body.Errcode !== 0) throw new Error(`login ${userName} failed: ${response.body.Errmsg}`);
    return response.body.AccessToken;
  };

  const query: TestServer['query'] = (statement) => queryRows(database.db, statement);

  const accountId: TestServer['accountId'] = async (userName) => {
    const [row] = await query<{ id: number }>(
      sql`select id from accounts where user_name = ${userName} order by id limit 1`,
    );
    if (!row) throw new Error(`no account ${userName}`);
    return row.id;
  };

  return {
    app,
    database,
    call,
    login,
    verifyCode,
    loginRequest,
    query,
    accountId,
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase?.();
    },
  };
}
