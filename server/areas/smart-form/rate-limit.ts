/**
 * A fixed-window counter per key (client address + form). The core is pure so its edges are tested
 * without clocks; the limiter keeps the windows in memory, which suits one server process.
 */

export interface Window {
  startedAt: number;
  count: number;
}

export interface RateDecision {
  allowed: boolean;
  window: Window;
  /** Milliseconds until another attempt is allowed; 0 when allowed. */
  retryAfterMs: number;
}

export function countAttempt(
  previous: Window | undefined,
  now: number,
  limit: number,
  windowMs: number,
): RateDecision {
  const window =
    previous && now - previous.startedAt < windowMs
      ? { startedAt: previous.startedAt, count: previous.count + 1 }
      : { startedAt: now, count: 1 };
  const allowed = window.count <= limit;
  return { allowed, window, retryAfterMs: allowed ? 0 : window.startedAt + windowMs - now };
}

/** Windows beyond this many keys trigger a sweep of the expired ones, so memory stays bounded. */
const SWEEP_ABOVE = 10_000;

export function createRateLimiter(limit: number, windowMs: number, clock: () => number = Date.now) {
  const windows = new Map<string, Window>();
  return (key: string): RateDecision => {
    const now = clock();
    if (windows.size > SWEEP_ABOVE) {
      for (const [stored, window] of windows) if (now - window.startedAt >= windowMs) windows.delete(stored);
    }
    const decision = countAttempt(windows.get(key), now, limit, windowMs);
    windows.set(key, decision.window);
    return decision;
  };
}
