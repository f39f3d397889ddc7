import { describe, expect, it } from 'vitest';
import {
  ERROR_TOAST_MS,
  envelopeOutcome,
  fileNameFromDisposition,
  httpErrorOutcome,
  prodApiOutcome,
  SUCCESS_TOAST_MS,
} from './http-outcome';
import { createTranslator, translatorFunction } from './i18n/language';

const zh = translatorFunction(createTranslator('zh'));
const en = translatorFunction(createTranslator('en'));

describe('envelopeOutcome (main client, SPEC §8)', () => {
  it.each([
    ['success without a message', { Errcode: 0, Errmsg: '', ErrShowType: 0 }, { ok: true, effects: [] }],
    [
      'success with a message: green toast for 2 s',
      { Errcode: 0, Errmsg: '保存成功', ErrShowType: 0 },
      {
        ok: true,
        effects: [{ kind: 'toast', status: 'success', message: '保存成功', duration: SUCCESS_TOAST_MS }],
      },
    ],
    [
      'error shown as a toast: red for 5 s',
      { Errcode: -1, Errmsg: 'Name is required', ErrShowType: 0 },
      {
        ok: false,
        effects: [{ kind: 'toast', status: 'error', message: 'Name is required', duration: ERROR_TOAST_MS }],
      },
    ],
    [
      'error with another show type: modal titled 提示',
      { Errcode: -1, Errmsg: '余额不足', ErrShowType: 1 },
      { ok: false, effects: [{ kind: 'dialog', title: '提示', message: '余额不足' }] },
    ],
    [
      'error without text: Error',
      { Errcode: -1, Errmsg: '', ErrShowType: 0 },
      {
        ok: false,
        effects: [{ kind: 'toast', status: 'error', message: 'Error', duration: ERROR_TOAST_MS }],
      },
    ],
    [
      'expired site: forget the token and go to /expirySite with the aid',
      { Errcode: -1, Errmsg: 'noNormalsite|42', ErrShowType: 0 },
      { ok: false, effects: [{ kind: 'clearToken' }, { kind: 'navigate', to: '/expirySite?aid=42' }] },
    ],
  ])('%s', (_, body, expected) => {
    expect(envelopeOutcome(body, zh)).toMatchObject(expected);
  });

  it('titles the modal in the active language', () => {
    expect(envelopeOutcome({ Errcode: -1, Errmsg: 'x', ErrShowType: 2 }, en).effects).toEqual([
      { kind: 'dialog', title: 'Notice', message: 'x' },
    ]);
  });
});

describe('httpErrorOutcome', () => {
  it.each([
    [
      '401 with a token: 您没有操作权限！ and the session ends',
      { status: 401, hadToken: true },
      [
        { kind: 'toast', status: 'error', message: '您没有操作权限！', duration: ERROR_TOAST_MS },
        { kind: 'endSession' },
      ],
    ],
    [
      '401 without a token: only the message',
      { status: 401, hadToken: false },
      [{ kind: 'toast', status: 'error', message: '您没有操作权限！', duration: ERROR_TOAST_MS }],
    ],
    [
      '403 with an envelope: its message for 5 s',
      {
        status: 403,
        hadToken: true,
        body: { Errcode: -1, Errmsg: 'You do not have permission', ErrShowType: 0 },
      },
      [{ kind: 'toast', status: 'error', message: 'You do not have permission', duration: ERROR_TOAST_MS }],
    ],
    [
      '500 without a body: the transport message',
      { status: 500, hadToken: true, fallbackMessage: 'Request failed with status code 500' },
      [
        {
          kind: 'toast',
          status: 'error',
          message: 'Request failed with status code 500',
          duration: ERROR_TOAST_MS,
        },
      ],
    ],
    [
      'timeout',
      { status: 0, hadToken: true, code: 'ECONNABORTED' },
      [{ kind: 'toast', status: 'error', message: '请求超时', duration: ERROR_TOAST_MS }],
    ],
    [
      'no response at all',
      { status: 0, hadToken: false, code: 'ERR_NETWORK' },
      [{ kind: 'toast', status: 'error', message: '网络错误：无法连接服务器', duration: ERROR_TOAST_MS }],
    ],
  ])('%s', (_, failure, effects) => {
    const outcome = httpErrorOutcome(failure, zh);
    expect(outcome.ok).toBe(false);
    expect(outcome.effects).toEqual(effects);
  });
});

describe('prodApiOutcome (second client)', () => {
  it.each([50008, 50012, 50014])('code %i offers Re-Login', (code) => {
    expect(prodApiOutcome({ code, message: 'Token expired' }, en)).toMatchObject({
      ok: false,
      effects: [{ kind: 'confirmRelogin' }],
    });
  });

  it('toasts an Errcode -1 and passes a success', () => {
    expect(prodApiOutcome({ Errcode: -1, Errmsg: 'bad' }, en).effects).toEqual([
      { kind: 'toast', status: 'error', message: 'bad', duration: ERROR_TOAST_MS },
    ]);
    expect(prodApiOutcome({ Errcode: 0, Errmsg: '' }, en)).toEqual({ ok: true, message: '', effects: [] });
  });
});

describe('fileNameFromDisposition', () => {
  it.each([
    ['attachment; filename="orders.xlsx"', 'orders.xlsx'],
    ['attachment; filename=orders.xlsx', 'orders.xlsx'],
    ["attachment; filename*=UTF-8''%E8%AE%A2%E5%8D%95.xlsx", '订单.xlsx'],
    ['attachment; filename="fallback.xlsx"; filename*=UTF-8\'\'%E5%95%86%E5%93%81.xlsx', '商品.xlsx'],
    ['attachment; filename=%E5%AE%A2%E6%88%B7.xlsx', '客户.xlsx'],
    ['attachment', 'download'],
    [undefined, 'download'],
  ])('%s → %s', (header, expected) => {
    expect(fileNameFromDisposition(header)).toBe(expected);
  });
});
