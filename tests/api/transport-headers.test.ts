import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract/endpoint';
import * as comm from '../../contract/endpoints/comm';
import { getOrder } from '../../contract/endpoints/storefront';
import * as user from '../../contract/endpoints/user';
import { startTestServer, type TestServer } from './harness';
import { storefront, storefrontKey } from './order-helpers';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin');
});
afterAll(() => server.close());

describe('answers that must not be cached', () => {
  it('sends no-store on an answer that needs a session', async () => {
    const response = await server.call(user.getUserInfo, {}, { token });
    expect(response.body.Errcode).toBe(0);
    expect(response.raw.headers['cache-control']).toBe('no-store');
  });

  it('sends no-store on a refusal of a call that needs a session', async () => {
    const response = await server.call(user.getUserInfo, {});
    expect(response.raw.headers['cache-control']).toBe('no-store');
  });

  it('sends no-store on a storefront answer, which carries a buyer’s data', async () => {
    const key = await storefrontKey(server, token);
    const response = await storefront(server, key, getOrder, { orderNo: '1', buyerId: 'nobody' });
    expect(response.raw.headers['cache-control']).toBe('no-store');
  });

  it('sends no-store on an unknown API path', async () => {
    const response = await server.app.inject({ method: 'GET', url: `${API_BASE}/user/NoSuchCall` });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('sends no-store on a body refused before the handler, unless the call is public', async () => {
    const refused = (url: string) =>
      server.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{',
      });
    const ofSession = await refused(`${API_BASE}${user.logout.path}`);
    expect(ofSession.statusCode).toBe(400);
    expect(ofSession.headers['cache-control']).toBe('no-store');
    const ofPublic = await refused(`${API_BASE}${user.login.path}`);
    expect(ofPublic.statusCode).toBe(400);
    expect(ofPublic.headers['cache-control']).toBeUndefined();
  });

  it('sends no cache-control of ours on a page', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it('lets a public answer choose for itself', async () => {
    const response = await server.call(comm.getExpirySiteList, { aid: await server.accountId('expired') });
    expect(response.body.Errcode).toBe(0);
    expect(response.raw.headers['cache-control']).toBeUndefined();
  });
});

describe('HTTPS-only headers', () => {
  const url = `${API_BASE}${comm.getSiteName.path}`;

  it('sends neither HSTS nor upgrade-insecure-requests over plain HTTP', async () => {
    const response = await server.app.inject({ method: 'GET', url });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('sends both when a trusted proxy on this machine says the request came over HTTPS', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it.each([
    ['a public answer', `${API_BASE}${comm.getExpirySiteList.path}?aid=1`, undefined],
    ['an answer that needs a session', url, 'no-store'],
    ['an unknown API path', `${API_BASE}/user/NoSuchCall`, 'no-store'],
  ])('keeps the cache rule of %s over HTTPS', async (_, target, cacheControl) => {
    const response = await server.app.inject({
      method: 'GET',
      url: target,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none';upgrade-insecure-requests",
    );
    expect(response.headers['cache-control']).toBe(cacheControl);
  });

  it('upgrades a page’s own policy over HTTPS, and only over HTTPS', async () => {
    const plain = await server.app.inject({ method: 'GET', url: '/no/such/page' });
    const secure = await server.app.inject({
      method: 'GET',
      url: '/no/such/page',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    const policy = plain.headers['content-security-policy'];
    expect(policy).toContain("script-src 'self'");
    expect(secure.headers['content-security-policy']).toBe(`${policy};upgrade-insecure-requests`);
    expect(secure.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('ignores X-Forwarded-Proto from anyone else', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url,
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});

describe('HTTPS_HEADERS=always, for a TLS proxy that sends no X-Forwarded-Proto', () => {
  let always: TestServer;
  beforeAll(async () => {
    always = await startTestServer({ env: { HTTPS_HEADERS: 'always' } });
  });
  afterAll(() => always.close());

  it('sends both headers on a plain request', async () => {
    const response = await always.app.inject({ method: 'GET', url: `${API_BASE}${comm.getSiteName.path}` });
    expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
