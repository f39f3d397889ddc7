import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, type EndpointDefinition } from '../../contract/endpoint';
import * as comm from '../../contract/endpoints/comm';
import * as user from '../../contract/endpoints/user';
import { JSON_BODY_LIMIT } from '../../server/http/limits';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin');
});
afterAll(() => server.close());

/** Every JSON endpoint of the foundation (UploadImage1 is multipart: see upload.test.ts). */
const endpoints: EndpointDefinition[] = [
  user.login,
  user.getUserInfo,
  user.logout,
  user.getSubscribeStatus,
  comm.getVerifyCode,
  comm.getSiteName,
  comm.setSiteName,
  comm.updatePassword,
  comm.unbindWechat,
  comm.getChangeSiteList,
  comm.changeSite,
  comm.getExpirySiteList,
  comm.initCities,
  comm.nextCities,
  comm.initArea,
];
const postEndpoints = endpoints.filter((endpoint) => endpoint.method === 'POST');

function inject(
  endpoint: EndpointDefinition,
  options: { payload?: string | object; headers?: Record<string, string> },
) {
  return server.app.inject({
    method: endpoint.method,
    url: `${API_BASE}${endpoint.path}`,
    headers: { authorization: `Bearer ${token}`, ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload }),
  });
}

describe('every endpoint', () => {
  it.each(endpoints.map((endpoint) => ({ path: endpoint.path, endpoint })))(
    '$path refuses an unknown field, naming it',
    async ({ endpoint }) => {
      const response = await server.call(endpoint, { sneaky: '1' }, { token });
      expect(response.status).toBe(200);
      expect(response.body.Errcode).toBe(-1);
      expect(response.body.Errmsg).toContain('sneaky: unknown field');
    },
  );

  it.each(postEndpoints.map((endpoint) => ({ path: endpoint.path, endpoint })))(
    '$path refuses a body over 1 MB with HTTP 413 and the envelope',
    async ({ endpoint }) => {
      const payload = JSON.stringify({ userName: 'x'.repeat(JSON_BODY_LIMIT + 10) });
      const response = await inject(endpoint, { payload, headers: { 'content-type': 'application/json' } });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        Errcode: -1,
        Errmsg: 'The request body is too large (limit 1 MB)',
        ErrShowType: 0,
      });
    },
  );

  it.each(postEndpoints.map((endpoint) => ({ path: endpoint.path, endpoint })))(
    '$path answers invalid JSON with the envelope, in the caller’s language',
    async ({ endpoint }) => {
      const response = await inject(endpoint, {
        payload: '{"userName": "admin",',
        headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Errcode: -1, Errmsg: '请求内容不是合法的 JSON' });
    },
  );
});

describe('missing fields and wrong types', () => {
  const cases: {
    name: string;
    endpoint: EndpointDefinition;
    input: unknown;
    message: string;
    locale?: string;
  }[] = [
    {
      name: 'login without a password',
      endpoint: user.login,
      input: { userName: 'admin' },
      message: 'passWord: is required',
    },
    {
      name: 'login without anything, in Chinese',
      endpoint: user.login,
      input: {},
      locale: 'zh-CN',
      message: 'userName：不能为空; passWord：不能为空',
    },
    {
      name: 'login with a number as user name',
      endpoint: user.login,
      input: { userName: 123, passWord: 'x' },
      message: 'userName: must be text',
    },
    {
      name: 'login with a blank user name',
      endpoint: user.login,
      input: { userName: '   ', passWord: 'x' },
      message: 'userName: is required',
    },
    {
      name: 'login with a word as LoginType',
      endpoint: user.login,
      input: { userName: 'a', passWord: 'x', LoginType: 'x' },
      message: 'LoginType: must be a number',
    },
    {
      name: 'login with LoginType out of range',
      endpoint: user.login,
      input: { userName: 'a', passWord: 'x', LoginType: 9 },
      message: 'LoginType: must be at most 3',
    },
    {
      name: 'SetSiteName without an Id',
      endpoint: comm.setSiteName,
      input: { Text: 'a' },
      message: 'Id: is required',
    },
    {
      name: 'SetSiteName with a word as Id',
      endpoint: comm.setSiteName,
      input: { Id: 'abc', Text: 'a' },
      message: 'Id: must be a number',
    },
    {
      name: 'SetSiteName with Id 0',
      endpoint: comm.setSiteName,
      input: { Id: 0, Text: 'a' },
      message: 'Id: must be greater than 0',
    },
    {
      name: 'SetSiteName with a list as Text',
      endpoint: comm.setSiteName,
      input: { Id: 1, Text: ['a'] },
      message: 'Text: must be text',
    },
    {
      name: 'SetSiteName with a list as body',
      endpoint: comm.setSiteName,
      input: [1, 2],
      message: 'must be an object',
    },
    {
      name: 'UpdatePwd without fields',
      endpoint: comm.updatePassword,
      input: {},
      message: 'OldPwd: is required; NewPwd: is required; ConfirmPwd: is required',
    },
    {
      name: 'ChangeSite with a fraction',
      endpoint: comm.changeSite,
      input: { Id: 1.5 },
      message: 'Id: must be a whole number',
    },
    {
      name: 'GetExpirySiteList with aid 0',
      endpoint: comm.getExpirySiteList,
      input: { aid: '0' },
      message: 'aid: must be greater than 0',
    },
    {
      name: 'NextCitys with a 5-digit code',
      endpoint: comm.nextCities,
      input: { code: '44000' },
      message: 'code: has the wrong format',
    },
  ];

  it.each(cases)('$name', async ({ endpoint, input, message, locale }) => {
    const response = await server.call(endpoint, input, { token, ...(locale ? { locale } : {}) });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ Errcode: -1, Errmsg: message, ErrShowType: 0 });
  });

  it('lists every field error in Errors for forms', async () => {
    const response = await server.call(comm.updatePassword, { OldPwd: 'x', NewPwd: '123' }, { token });
    expect(response.body).toHaveProperty('Errors', [
      { Field: 'NewPwd', Message: 'NewPwd: must be at least 6 characters' },
      { Field: 'ConfirmPwd', Message: 'ConfirmPwd: is required' },
    ]);
  });
});

describe('request bodies', () => {
  it('reads an empty JSON body of a no-input POST as no input', async () => {
    const response = await inject(comm.unbindWechat, {
      payload: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().Errcode).toBe(0);
  });

  it('refuses a prototype-polluting body', async () => {
    const response = await inject(comm.setSiteName, {
      payload: '{"Id": 1, "Text": "a", "__proto__": {"admin": true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Errmsg).toBe('The request body is not valid JSON');
  });

  it('refuses a form-encoded body with HTTP 415 and the envelope', async () => {
    const response = await inject(comm.setSiteName, {
      payload: 'Id=1&Text=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ Errcode: -1 });
    expect(response.json().Errmsg).toMatch(/^Unsupported content type/);
  });

  it('refuses a multipart body outside the upload routes with HTTP 415 and the envelope', async () => {
    const boundary = 'x-boundary';
    const response = await inject(comm.setSiteName, {
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="Text"\r\n\r\na\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ Errcode: -1 });
    expect(response.json().Errmsg).toMatch(/^Unsupported content type/);
  });
});

describe('the API surface', () => {
  it('answers an unknown /api path with a JSON 404 envelope, never the app’s HTML', async () => {
    const response = await server.app.inject({ method: 'GET', url: `${API_BASE}/Nope/Missing` });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ Errcode: -1, Errmsg: 'No such API: /api/Nope/Missing' });
  });

  it('sends an API answer the headers that keep it from being framed, sniffed, run or read by another site, and a request id', async () => {
    const response = await server.app.inject({ method: 'GET', url: `${API_BASE}${user.getUserInfo.path}` });
    expect(response.headers).toMatchObject({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Document-only policies stay on pages.
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('sends a page helmet’s whole set, its script policy allowing the app’s own scripts', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/login' });
    expect(response.headers).toMatchObject({
      'cross-origin-opener-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
    });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('keeps a request id the proxy sent', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: `${API_BASE}${user.getUserInfo.path}`,
      headers: { 'x-request-id': 'edge-42' },
    });
    expect(response.headers['x-request-id']).toBe('edge-42');
  });

  it('replaces a request id that does not look like one', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: `${API_BASE}${user.getUserInfo.path}`,
      headers: { 'x-request-id': `bad id\n${'x'.repeat(200)}` },
    });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
