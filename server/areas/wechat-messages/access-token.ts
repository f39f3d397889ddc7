/**
 * The authoriser's access token for WeChat's API, cached per app. WeChat makes a new token void the
 * previous one after a short overlap and caps refreshes a day, so callers that find the token
 * missing or stale together share one refresh rather than each fetching their own.
 */

export type TokenFetcher = () => Promise<{ token: string; expiresInSeconds: number }>;

export interface AccessTokenSource {
  /**
   * A token of the app valid for a few minutes at least; when none is cached or it is about to
   * expire, `fetchToken` gets one (the shop's own secret, or the platform's authoriser refresh).
   */
  token(appId: string, fetchToken: TokenFetcher): Promise<string>;
  /** Forgets `token` after WeChat called it invalid (40001, 42001), unless a newer one replaced it. */
  invalidate(appId: string, token: string): void;
}

/** Refresh this long before WeChat's expiry, so a call started with the token still finds it valid. */
const MARGIN_MS = 5 * 60 * 1000;

export function accessTokenCache(clock: () => number = Date.now): AccessTokenSource {
  const cached = new Map<string, { token: string; expiresAt: number }>();
  const refreshing = new Map<string, Promise<string>>();
  return {
    token(appId, fetchToken) {
      const entry = cached.get(appId);
      if (entry && entry.expiresAt - MARGIN_MS > clock()) return Promise.resolve(entry.token);
      const running = refreshing.get(appId);
      if (running) return running;
      const refresh = fetchToken()
        .then(({ token, expiresInSeconds }) => {
          cached.set(appId, { token, expiresAt: clock() + expiresInSeconds * 1000 });
          return token;
        })
        .finally(() => refreshing.delete(appId));
      refreshing.set(appId, refresh);
      return refresh;
    },
    invalidate(appId, token) {
      if (cached.get(appId)?.token === token) cached.delete(appId);
    },
  };
}
