import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query';
import { orderNumber, orderNumberSql } from './order-number';

let client: PGlite;
let db: Database;

beforeAll(async () => {
  client = await PGlite.create('memory://');
  db = drizzle({ client }) as unknown as Database;
}, 60_000);
afterAll(() => client.close());

describe('order numbers', () => {
  // The shop's day starts at 16:00 UTC: the last second of one and the first of the next.
  const lateEvening = new Date('2026-11-27T15:59:59Z');
  const nextDay = new Date('2026-11-27T16:00:00Z');

  it.each([
    [lateEvening, 1, '2026112700000001'],
    [nextDay, 1, '2026112800000001'],
    [nextDay, 1234, '2026112800001234'],
    [nextDay, 9_999_999, '2026112809999999'],
    [nextDay, 99_999_999, '2026112899999999'],
    // Past eight digits the id is written whole, never cut.
    [nextDay, 100_000_000, '20261128100000000'],
  ])('at %s with id %i: %s, the same in SQL', async (at, id, expected) => {
    expect(orderNumber(at, id)).toBe(expected);
    const [row] = await queryRows<{ order_no: string }>(
      db,
      sql`select ${orderNumberSql(at, sql`${id}::int`)} as order_no`,
    );
    expect(row!.order_no).toBe(expected);
  });
});
