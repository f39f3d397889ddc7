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
