import type { AxiosAdapter } from 'axios';
import axios from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../../contract/endpoint';
import { ApiError, callEndpoint, configureHttp, type HttpEffects, http } from './http';

const saveThing = defineEndpoint({
  method: 'POST',
  path: '/Test/SaveThing',
  permission: 'session',
  input: z.object({ Name: z.string() }),
  output: z.object({ Version: z.number() }),
});

const staleRefusal = {
  Errcode: -1,
  Errmsg: 'Changed since you opened it',
  ErrShowType: 0,
  StaleVersion: true,
};
const otherRefusal = { Errcode: -1, Errmsg: 'Name is required', ErrShowType: 0 };
const isStale = (envelope: object) => (envelope as { StaleVersion?: unknown }).StaleVersion === true;

function answering(body: unknown, status = 200): AxiosAdapter {
  return async (config) => ({ data: body, status, statusText: '', headers: {}, config });
}

describe('callEndpoint with quietErrors', () => {
  const original = http.defaults.adapter;
  let effects: HttpEffects;

  beforeEach(() => {
    effects = {
      toast: vi.fn(),
      dialog: vi.fn(),
      navigate: vi.fn(),
      endSession: vi.fn(),
      clearToken: vi.fn(),
      confirmRelogin: vi.fn(),
    };
    configureHttp({ effects, language: () => 'en' });
  });
  afterEach(() => {
    http.defaults.adapter = original;
  });

  it.each([
    ['a refusal the caller shows itself: thrown, not toasted', staleRefusal, isStale, 0],
    ['another refusal of the same call: toasted as usual', otherRefusal, isStale, 1],
    ['a refusal without the option: toasted as usual', staleRefusal, undefined, 1],
  ])('%s', async (_name, body, quietErrors, toasts) => {
    http.defaults.adapter = answering(body);
    const call = callEndpoint(saveThing, { Name: 'x' }, quietErrors ? { quietErrors } : {});
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ message: body.Errmsg, body });
    expect(effects.toast).toHaveBeenCalledTimes(toasts);
    expect(effects.dialog).not.toHaveBeenCalled();
  });

  it('still ends the session when the token expired, whatever the caller says', async () => {
    http.defaults.adapter = async (config) => {
      const { AxiosError } = await import('axios');
      config.headers.set('Authorization', 'Bearer expired-token');
      const response = {
        data: { Errcode: 401, Errmsg: 'expired' },
        status: 401,
        statusText: '',
        headers: {},
        config,
      };
      throw new AxiosError('expired', 'ERR_BAD_REQUEST', config, null, response);
    };
    const call = callEndpoint(saveThing, { Name: 'x' }, { quietErrors: () => true });
    await expect(call).rejects.toBeInstanceOf(ApiError);
    expect(effects.endSession).toHaveBeenCalledTimes(1);
  });

  it('returns the output of a successful call untouched', async () => {
    http.defaults.adapter = answering({ Errcode: 0, Errmsg: '', ErrShowType: 0, Version: 4 });
    await expect(callEndpoint(saveThing, { Name: 'x' }, { quietErrors: isStale })).resolves.toMatchObject({
      Version: 4,
    });
    expect(effects.toast).not.toHaveBeenCalled();
  });
});

describe('a call the caller abandons', () => {
  const original = http.defaults.adapter;
  afterEach(() => {
    http.defaults.adapter = original;
  });

  it('is rejected without a network-error toast', async () => {
    const effects: HttpEffects = {
      toast: vi.fn(),
      dialog: vi.fn(),
      navigate: vi.fn(),
      endSession: vi.fn(),
      clearToken: vi.fn(),
      confirmRelogin: vi.fn(),
    };
    configureHttp({ effects, language: () => 'en' });
    http.defaults.adapter = (config) =>
      new Promise((_resolve, reject) => {
        config.signal?.addEventListener?.('abort', () => reject(new axios.CanceledError('aborted')));
      });
    const controller = new AbortController();
    const call = callEndpoint(saveThing, { Name: 'x' }, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toBeDefined();
    expect(effects.toast).not.toHaveBeenCalled();
  });
});
