import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_BASE, defineEndpoint, type EndpointDefinition } from '../../contract/endpoint';
import * as comm from '../../contract/endpoints/comm';
import { buildApp } from '../../server/app';
import { allRoutes } from '../../server/area-list';
import { loadConfig } from '../../server/config';
import { defineRoute } from '../../server/http/route';
import { startTestServer, type TestServer } from './harness';
import { multipartBody, solidPng } from './images';
import { TEST_ENV } from './test-env';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin');
});
afterAll(() => server.close());

/** The top-level field names of an input schema, through the pipes and wrappers zod builds. */
function fieldNames(schema: z.ZodType): string[] {
  const def = schema.def as unknown as {
    shape?: Record<string, unknown>;
    in?: z.ZodType;
    innerType?: z.ZodType;
  };
  if (def.shape) return Object.keys(def.shape);
  if (def.in) return fieldNames(def.in);
  if (def.innerType) return fieldNames(def.innerType);
  return [];
}

/** Every JSON endpoint (multipart uploads read their own body) with one field to put text in. */
const targets = allRoutes
  .filter((route) => !route.multipart)
  .map((route) => ({
    path: route.endpoint.path,
    endpoint: route.endpoint,
    field: fieldNames(route.endpoint.input)[0] ?? 'Name',
  }));

function send(endpoint: EndpointDefinition, field: string, text: string) {
  return server.call(endpoint, { [field]: text }, { token });
}

describe('text characters, on every endpoint', () => {
  it('covers the whole API', () => {
    expect(targets.length).toBeGreaterThan(150);
  });

  it.each(targets)('$path refuses a NUL in $field, naming it', async ({ endpoint, field }) => {
    const response = await send(endpoint, field, 'a\u0000b');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      Errcode: -1,
      Errmsg: `${field}: must not contain control characters`,
      Errors: [{ Field: field, Message: `${field}: must not contain control characters` }],
    });
  });

  it.each(targets)('$path refuses an escape character in $field', async ({ endpoint, field }) => {
    const response = await send(endpoint, field, '\u001B[2J');
    expect(response.status).toBe(200);
    expect(response.body.Errmsg).toBe(`${field}: must not contain control characters`);
  });

  it.each(targets)('$path refuses a lone surrogate in $field', async ({ endpoint, field }) => {
    const response =
      endpoint.method === 'POST'
        ? await server.app.inject({
            method: 'POST',
            url: `${API_BASE}${endpoint.path}`,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            // JSON.stringify would escape it the same way; written out so the test shows the wire.
            payload: `{"${field}": "x\\ud800y"}`,
          })
        : await server.app.inject({
            method: 'GET',
            // A URL carries UTF-8 bytes; these are a surrogate's, which UTF-8 forbids.
            url: `${API_BASE}${endpoint.path}?${field}=x%ED%A0%80y`,
            headers: { authorization: `Bearer ${token}` },
          });
    expect(response.statusCode).toBeLessThan(500);
    if (endpoint.method === 'POST') {
      expect(response.json().Errmsg).toBe(
        `${field}: must not contain broken characters (a lone UTF-16 surrogate)`,
      );
    }
  });

  it.each(targets)('$path takes right-to-left marks in $field as text', async ({ endpoint, field }) => {
    const response = await send(endpoint, field, '\u200F\u202Eمرحبا\u202C');
    expect(response.status).toBeLessThan(500);
    expect(response.body.Errmsg ?? '').not.toMatch(/control characters|Internal error/);
  });
});

describe('where the characters go', () => {
  it('names the path of a bad string inside a list, in Chinese', async () => {
    const response = await server.call(
      comm.setSiteName,
      { Id: 1, Text: 'ok', Extra: ['fine', 'bad\u0007'] },
      { token, locale: 'zh-CN' },
    );
    expect(response.body.Errmsg).toBe('Extra.1：不能包含控制字符');
  });

  it('stores right-to-left marks unchanged', async () => {
    const name = '\u200Fמרכז\u202Eshop\u202C';
    const saved = await server.call(comm.setSiteName, { Id: 1, Text: name }, { token });
    expect(saved.body.Errcode).toBe(0);
    const read = await server.call(comm.getSiteName, {}, { token });
    expect(read.body.Text).toBe(name);
  });

  it('keeps tabs and line breaks', async () => {
    const saved = await server.call(comm.setSiteName, { Id: 1, Text: 'a\tb\r\nc' }, { token });
    expect(saved.body.Errcode).toBe(0);
    const read = await server.call(comm.getSiteName, {}, { token });
    expect(read.body.Text).toBe('a\tb\r\nc');
  });
});

describe('multipart uploads', () => {
  it('check their text fields too', async () => {
    const body = multipartBody(
      { filename: 'a.png', contentType: 'image/png', bytes: solidPng(1, 1) },
      { FolderId: '1\u0000' },
    );
    const response = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}${comm.uploadImage.path}`,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      Errcode: -1,
      Errmsg: 'FolderId: must not contain control characters',
    });
  });
});

describe('the last resort', () => {
  it('answers text the database cannot store with Errcode -1, not HTTP 500', async () => {
    // A route that skips the character check, as a future multipart or raw-body route might.
    const unchecked = defineEndpoint({
      method: 'POST',
      path: '/Test/Unchecked',
      permission: 'public',
      input: z.object({}),
      output: z.object({}),
    });
    const app = await buildApp({
      services: { db: server.database.db, config: loadConfig({ ...TEST_ENV }) },
      routes: [
        defineRoute(unchecked, async ({ db }) => {
          await db.execute(sql`select ${'a\u0000b'}::text`);
          return {};
        }),
      ],
      logger: false,
    });
    const response = await app.inject({ method: 'POST', url: `${API_BASE}/Test/Unchecked`, payload: {} });
    await app.close();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      Errcode: -1,
      Errmsg: 'The request holds characters that cannot be stored',
      ErrShowType: 0,
    });
  });
});
