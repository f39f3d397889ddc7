import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { z } from 'zod';
import { API_BASE, type EndpointDefinition } from '../../contract/endpoint';
import { login as loginEndpoint } from '../../contract/endpoints/user';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { type DatabaseHandle, openDatabase } from '../../server/db/client';
import { SNAPSHOT_PATH, withDatabase } from './global-setup';
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
  close(): Promise<void>;
}

/** A server on its own copy of the seeded database: each test file gets a fresh one. */
export async function startTestServer(): Promise<TestServer> {
  const config = loadConfig({ ...TEST_ENV });
  let database: DatabaseHandle;
  let dropDatabase: (() => Promise<void>) | undefined;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `api_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template api_template`);
    await admin.end();
    database = await openDatabase({ databaseUrl: withDatabase(adminUrl, name), poolSize: 20 });
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  } else {
    const pglite = await PGlite.create('memory://', { loadDataDir: new Blob([readFileSync(SNAPSHOT_PATH)]) });
    database = await openDatabase({ pglite });
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

  const login: TestServer['login'] = async (userName, options = {}) => {
    const code = await app.inject({ method: 'GET', url: `${API_BASE}/Comm/GetVerifyCode` });
    const cookie = code.cookies.find((entry) => entry.name === 'verify_code_id');
    const response = await app.inject({
      method: 'POST',
      url: `${API_BASE}${loginEndpoint.path}`,
      cookies: cookie ? { verify_code_id: cookie.value } : {},
      payload: {
        userName,
        passWord: options.password ?? TEST_PASSWORD,
        verifyCode: TEST_VERIFY_CODE,
        ...(options.siteId ? { SiteId: options.siteId } : {}),
      },
    });
    const body = response.json();
    if (body.Errcode !== 0) throw new Error(`login ${userName} failed: ${body.Errmsg}`);
    return body.AccessToken as string;
  };

  return {
    app,
    database,
    call,
    login,
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase?.();
    },
  };
}
