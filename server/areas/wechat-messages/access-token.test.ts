import { describe, expect, it } from 'vitest';
import { accessTokenCache } from './access-token';

function counter() {
  let now = 1_000_000;
  const fetched: string[] = [];
  const inner = accessTokenCache(() => now);
  const fetcher = (appId: string) => async () => {
    fetched.push(appId);
    // Several callers wait on this one fetch while it is in flight.
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { token: `${appId}-token-${fetched.length}`, expiresInSeconds: 7200 };
  };
  const cache = {
    token: (appId: string) => inner.token(appId, fetcher(appId)),
    invalidate: inner.invalidate,
  };
  return { cache, fetched, advance: (ms: number) => (now += ms) };
}

describe('accessTokenCache', () => {
  it('refreshes once for parallel callers and hands all of them the same token', async () => {
    const { cache, fetched } = counter();
    const tokens = await Promise.all(Array.from({ length: 20 }, () => cache.token('wxapp')));
    expect(fetched).toEqual(['wxapp']);
    expect(new Set(tokens)).toEqual(new Set(['wxapp-token-1']));
  });

  it('keeps apps apart', async () => {
    const { cache, fetched } = counter();
    await Promise.all([cache.token('a'), cache.token('b'), cache.token('a')]);
    expect(fetched.sort()).toEqual(['a', 'b']);
  });

  it('serves the cached token until five minutes before expiry, then refreshes once', async () => {
    const { cache, fetched, advance } = counter();
    await cache.token('wxapp');
    advance(7200_000 - 5 * 60_000 - 1);
    expect(await cache.token('wxapp')).toBe('wxapp-token-1');
    advance(1);
    const again = await Promise.all([cache.token('wxapp'), cache.token('wxapp')]);
    expect(again).toEqual(['wxapp-token-2', 'wxapp-token-2']);
    expect(fetched).toHaveLength(2);
  });

  it('drops an invalidated token but not a newer one', async () => {
    const { cache, fetched } = counter();
    const first = await cache.token('wxapp');
    cache.invalidate('wxapp', first);
    const second = await cache.token('wxapp');
    expect(second).toBe('wxapp-token-2');
    cache.invalidate('wxapp', first);
    expect(await cache.token('wxapp')).toBe(second);
    expect(fetched).toHaveLength(2);
  });

  it('lets the next caller retry after a failed refresh', async () => {
    let calls = 0;
    const cache = accessTokenCache();
    const fetchToken = async () => {
      calls += 1;
      if (calls === 1) throw new Error('unreachable');
      return { token: 'ok', expiresInSeconds: 7200 };
    };
    await expect(cache.token('wxapp', fetchToken)).rejects.toThrow('unreachable');
    expect(await cache.token('wxapp', fetchToken)).toBe('ok');
  });
});
