import { describe, expect, it } from 'vitest';
import { countAttempt, createRateLimiter } from './rate-limit';

describe('countAttempt', () => {
  it.each([
    { name: 'first attempt opens a window', previous: undefined, now: 5, allowed: true, count: 1, retry: 0 },
    {
      name: 'within the limit',
      previous: { startedAt: 0, count: 2 },
      now: 500,
      allowed: true,
      count: 3,
      retry: 0,
    },
    {
      name: 'the last allowed',
      previous: { startedAt: 0, count: 2 },
      now: 999,
      allowed: true,
      count: 3,
      retry: 0,
    },
    {
      name: 'one over the limit',
      previous: { startedAt: 0, count: 3 },
      now: 400,
      allowed: false,
      count: 4,
      retry: 600,
    },
    {
      name: 'a new window after it ends',
      previous: { startedAt: 0, count: 9 },
      now: 1000,
      allowed: true,
      count: 1,
      retry: 0,
    },
  ])('$name', ({ previous, now, allowed, count, retry }) => {
    const decision = countAttempt(previous, now, 3, 1000);
    expect(decision.allowed).toBe(allowed);
    expect(decision.window.count).toBe(count);
    expect(decision.retryAfterMs).toBe(retry);
  });
});

describe('createRateLimiter', () => {
  it('counts each key apart and lets a key in again once its window ends', () => {
    let now = 0;
    const attempt = createRateLimiter(2, 100, () => now);
    expect([attempt('a'), attempt('a'), attempt('a')].map((decision) => decision.allowed)).toEqual([
      true,
      true,
      false,
    ]);
    expect(attempt('b').allowed).toBe(true);
    now = 100;
    expect(attempt('a').allowed).toBe(true);
  });
});
