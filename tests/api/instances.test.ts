import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, type EndpointDefinition } from '../../contract/endpoint';
import { uploadImage } from '../../contract/endpoints/comm';
import { addStorefrontKey, revokeStorefrontKey } from '../../contract/endpoints/orders';
import { SUBMIT_RATE_LIMIT, submitFormData } from '../../contract/endpoints/smart-form';
import { getOrder, STOREFRONT_KEY_HEADER } from '../../contract/endpoints/storefront';
import { getUserInfo, login, logout } from '../../contract/endpoints/user';
import { findFreePort } from '../../scripts/free-port.mjs';
import { KEY_TRUSTED_MILLISECONDS } from '../../server/areas/storefront/service';
import { TEMPLATE_DATABASE, withDatabase } from './global-setup';
import { multipartBody, solidPng } from './images';
import { type LocalS3, startLocalS3 } from './s3-server';
import { TEST_PASSWORD, TEST_VERIFY_CODE } from './test-env';

/**
 * Two server processes on one PostgreSQL database and one S3 bucket, each with its own DATA_DIR,
 * as the README's "Several instances" section runs them behind a load balancer.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

interface Instance {
  base: string;
  child: ChildProcess;
  output: () => string;
  dataDir: string;
}

async function startInstance(databaseUrl: string, s3Env: Record<string, string>): Promise<Instance> {
  const port = await findFreePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-instance-'));
  let output = '';
  // node with tsx's loader, as shutdown.test.ts starts the server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: path.resolve(__dirname, '../..'),
    env: {
      ...process.env,
      ...s3Env,
      NODE_ENV: 'test',
      SKIP_APP_BUILD: '1',
      APP_DIST_DIR: path.join(dataDir, 'no-app'),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: TEST_PASSWORD,
      TEST_VERIFY_CODE,
      LOG_LEVEL: 'warn',
      SWEEP_INTERVAL_SECONDS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (/is running at/.test(output)) {
        clearInterval(timer);
        resolve();
      } else if (child.exitCode !== null || Date.now() - started > 240_000) {
        clearInterval(timer);
        reject(new Error(`instance did not start (exit ${child.exitCode}):\n${output}`));
      }
    }, 100);
  });
  return { base: `http://127.0.0.1:${port}`, child, output: () => output, dataDir };
}

async function call(
  instance: Instance,
  endpoint: EndpointDefinition,
  input: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const url = new URL(`${API_BASE}${endpoint.path}`, instance.base);
  if (endpoint.method === 'GET') {
    for (const [name, value] of Object.entries(input)) url.searchParams.set(name, String(value));
  }
  const response = await fetch(url, {
    method: endpoint.method,
    headers: { ...(endpoint.method === 'POST' ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(endpoint.method === 'POST' ? { body: JSON.stringify(input) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function logIn(instance: Instance): Promise<string> {
  const code = await fetch(new URL(`${API_BASE}/Comm/GetVerifyCode`, instance.base));
  const cookie = (code.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const answer = await call(
    instance,
    login,
    { userName: 'admin', passWord: TEST_PASSWORD, verifyCode: TEST_VERIFY_CODE },
    { cookie },
  );
  expect(answer.body.Errmsg).toBe('');
  return String(answer.body.AccessToken);
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.skipIf(!adminUrl)('two instances on one PostgreSQL (skipped on PGlite: it is one process)', () => {
  const databaseName = `instances_${process.pid}_${Date.now()}`;
  let s3: LocalS3;
  let first: Instance;
  let second: Instance;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName} template ${TEMPLATE_DATABASE}`);
    await admin.end();
    s3 = await startLocalS3();
    const databaseUrl = withDatabase(adminUrl!, databaseName);
    [first, second] = await Promise.all([
      startInstance(databaseUrl, s3.env),
      startInstance(databaseUrl, s3.env),
    ]);
  }, 300_000);

  afterAll(async () => {
    for (const instance of [first, second]) {
      if (instance?.child.exitCode === null) instance.child.kill('SIGKILL');
      if (instance) rmSync(instance.dataDir, { recursive: true, force: true });
    }
    await s3?.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  });

  it('serves on one a login made on the other, and a logout on either ends it on both', async () => {
    const token = await logIn(first);
    expect((await call(second, getUserInfo, {}, bearer(token))).body.Errcode).toBe(0);
    expect((await call(first, getUserInfo, {}, bearer(token))).body.Errcode).toBe(0);

    expect((await call(second, logout, {}, bearer(token))).body.Errcode).toBe(0);
    for (const instance of [first, second]) {
      const after = await call(instance, getUserInfo, {}, bearer(token));
      expect(after.status).toBe(401);
    }
  });

  it('shares the form-submit limit: attempts on both count into one window', async () => {
    const token = await logIn(first);
    const created = await call(first, addStorefrontKey, { Name: 'instances test' }, bearer(token));
    expect(created.body.Errmsg).toBe('');
    const headers = { [STOREFRONT_KEY_HEADER]: String(created.body.Key), 'x-forwarded-for': '10.9.8.7' };
    // Answers that fail the form's rules still count: the limit guards the work, not the success.
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= SUBMIT_RATE_LIMIT; attempt += 1) {
      const instance = attempt % 2 === 0 ? first : second;
      statuses.push((await call(instance, submitFormData, { FormId: 1, Values: {} }, headers)).status);
    }
    expect(statuses.slice(0, SUBMIT_RATE_LIMIT).every((status) => status !== 429)).toBe(true);
    expect(statuses[SUBMIT_RATE_LIMIT]).toBe(429);
    const onFirst = await call(first, submitFormData, { FormId: 1, Values: {} }, headers);
    expect(onFirst.status).toBe(429);
  });

  it('refuses a revoked storefront key at once where it was revoked, and on the other within the trusted time', async () => {
    const token = await logIn(first);
    const created = await call(first, addStorefrontKey, { Name: 'revoked across' }, bearer(token));
    const headers = { [STOREFRONT_KEY_HEADER]: String(created.body.Key) };
    const lookup = { orderNo: '1', buyerId: 'nobody' };
    // Both instances read and keep the key: an unknown order is the shop's own "not found".
    for (const instance of [first, second])
      expect((await call(instance, getOrder, lookup, headers)).status).toBe(200);
    expect(
      (await call(first, revokeStorefrontKey, { Id: created.body.Id }, bearer(token))).body.Errcode,
    ).toBe(0);
    expect((await call(first, getOrder, lookup, headers)).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, KEY_TRUSTED_MILLISECONDS + 100));
    expect((await call(second, getOrder, lookup, headers)).status).toBe(401);
  });

  it('serves from one an image uploaded through the other', async () => {
    const token = await logIn(second);
    const bytes = solidPng(5, 3);
    const body = multipartBody({ filename: 'shared.png', contentType: 'image/png', bytes });
    const uploaded = await fetch(new URL(`${API_BASE}${uploadImage.path}`, second.base), {
      method: 'POST',
      headers: { ...body.headers, ...bearer(token) },
      body: new Uint8Array(body.payload),
    });
    const answer = (await uploaded.json()) as { Errcode: number; Url: string };
    expect(answer.Errcode).toBe(0);
    const served = await fetch(new URL(answer.Url, first.base));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
