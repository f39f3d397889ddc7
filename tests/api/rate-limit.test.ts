import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countAttempt } from '../../server/http/rate-limit';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const allowedOf = async (key: string, times: number, limit = 2) => {
  const decisions = [];
  for (let index = 0; index < times; index += 1) {
    decisions.push(await countAttempt(server.database.db, key, limit, 60_000));
  }
  return decisions;
};

describe('the database rate limiter', () => {
  it('allows the limit in a window, then refuses with the time left', async () => {
    const decisions = await allowedOf('limit-a', 3);
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, false]);
    expect(decisions[2]?.retryAfterMs).toBeGreaterThan(55_000);
    expect(decisions[2]?.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it('counts each key apart', async () => {
    await allowedOf('limit-b', 3);
    const [other] = await allowedOf('limit-c', 1);
    expect(other?.allowed).toBe(true);
  });

  it('opens a new window once the old one ends, and forgets ended windows of other keys', async () => {
    await allowedOf('limit-d', 3);
    await allowedOf('limit-gone', 1);
    await server.query(
      sql`update rate_limit_windows set ends_at = now() - interval '1 second' where key in ('limit-d', 'limit-gone')`,
    );
    const [again] = await allowedOf('limit-d', 1);
    expect(again).toEqual({ allowed: true, count: 1, retryAfterMs: 0 });
    const left = await server.query(sql`select key from rate_limit_windows where key = 'limit-gone'`);
    expect(left).toEqual([]);
  });

  it('loses no attempt when many arrive at once', async () => {
    const decisions = await Promise.all(
      Array.from({ length: 15 }, () => countAttempt(server.database.db, 'limit-burst', 10, 60_000)),
    );
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(10);
    expect(decisions.map((decision) => decision.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 15 }, (_, index) => index + 1),
    );
  });
});
