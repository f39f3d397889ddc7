import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTranslator, translatorFunction } from '../../lib/i18n/language';
import { type LoginRequest, requestLogin } from './login-client';

const translate = translatorFunction(createTranslator('en'));
const FORM: LoginRequest = { userName: '  admin ', passWord: 'admin123', verifyCode: 'T3ST5' };

function reply(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status }));
}

afterEach(() => vi.unstubAllGlobals());

describe('requestLogin', () => {
  it('posts the trimmed form as a password login in the page language and returns the token', async () => {
    const fetchMock = reply(200, { Errcode: 0, Errmsg: '', ErrShowType: 0, AccessToken: 'token-1' });
    vi.stubGlobal('fetch', fetchMock);
    expect(await requestLogin(FORM, 'zh', translate)).toEqual({ ok: true, token: 'token-1' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user/login');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['Accept-Language']).toBe('zh-CN');
    expect(JSON.parse(init.body as string)).toEqual({
      userName: 'admin',
      passWord: 'admin123',
      verifyCode: 'T3ST5',
      LoginType: 1,
    });
  });

  it('sends the site id for a sub-account login', async () => {
    const fetchMock = reply(200, { Errcode: 0, Errmsg: '', ErrShowType: 0, AccessToken: 'token-2' });
    vi.stubGlobal('fetch', fetchMock);
    await requestLogin({ ...FORM, siteId: 7 }, 'en', translate);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({ LoginType: 2, SiteId: 7 });
  });

  it.each([
    [
      "the server's message",
      reply(200, { Errcode: -1, Errmsg: 'The verification code is wrong', ErrShowType: 0 }),
      'The verification code is wrong',
      'toast',
    ],
    [
      'the expired-site page',
      reply(200, { Errcode: -1, Errmsg: 'noNormalsite|42', ErrShowType: 0 }),
      'noNormalsite|42',
      'navigate',
    ],
    [
      'a refused request by its status',
      reply(429, { Errcode: -1, Errmsg: 'Too many attempts', ErrShowType: 0 }),
      'Too many attempts',
      'toast',
    ],
    [
      'the network message when nothing came back',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
      translate('http.network'),
      'toast',
    ],
  ])('a failure shows %s', async (_case, fetchMock, message, effect) => {
    vi.stubGlobal('fetch', fetchMock);
    const result = await requestLogin(FORM, 'en', translate);
    expect(result).toMatchObject({ ok: false, message });
    expect(result.ok ? [] : result.effects.map((entry) => entry.kind)).toContain(effect);
  });

  it('treats a success without a token as a failure', async () => {
    vi.stubGlobal('fetch', reply(200, { Errcode: 0, Errmsg: '', ErrShowType: 0 }));
    expect(await requestLogin(FORM, 'en', translate)).toMatchObject({ ok: false });
  });
});
