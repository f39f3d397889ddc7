import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as lotteries from '../../contract/endpoints/lotteries';
import { startTestServer, type TestServer } from './harness';
import { buyerOf, createLottery, lotteryForm, newMembers, prizeForm, prizesOf } from './lottery-helpers';
import { storefront, storefrontKey } from './order-helpers';

/**
 * Lucky-draw limits under parallel requests. Meant for PostgreSQL (TEST_DATABASE_URL), where the
 * draws really overlap on a pool of connections; on the embedded database they queue, and must
 * hold too.
 */

let server: TestServer;
let admin: string;
let key: string;

beforeAll(async () => {
  server = await startTestServer({ env: { SWEEP_INTERVAL_SECONDS: '0' } });
  admin = await server.login('admin');
  key = await storefrontKey(server, admin);
});
afterAll(() => server.close());

const draw = (buyer: string, lotteryId: number) =>
  storefront(server, key, lotteries.drawLottery, { Buyer: buyerOf(buyer), LotteryId: lotteryId });

describe('draws in parallel', () => {
  it('150 buyers drawing a prize with 40 in stock win exactly 40', async () => {
    const id = await createLottery(server, admin, lotteryForm({ Prizes: [prizeForm({ Stock: 40 })] }));
    const buyers = await newMembers(server, 'stock-race-', 150);
    const results = await Promise.all(buyers.map((buyer) => draw(buyer, id)));
    expect(results.every((result) => result.status === 200 && result.body.Errcode === 0)).toBe(true);
    const outcomes = results.map((result) => result.body.Record.Outcome);
    expect(outcomes.filter((outcome) => outcome === 'points')).toHaveLength(40);
    expect(outcomes.filter((outcome) => outcome === 'nothing')).toHaveLength(110);
    expect(await prizesOf(server, id)).toEqual([expect.objectContaining({ stock: 0, won: 40 })]);
    const [ledger] = await server.query<{ credits: number; log: number }>(
      sql`select (select count(*)::int from wallet_ledger where reason = 'lottery_prize'
                    and order_no in (select record_no from lottery_records where lottery_id = ${id})) as credits,
                 (select coalesce(sum(delta), 0)::int from lottery_prize_log l join lottery_prizes z on z.id = l.prize_id
                   where z.lottery_id = ${id}) as log`,
    );
    expect(ledger).toEqual({ credits: 40, log: 0 });
  });

  it('one member firing 30 draws at a daily limit of 3 and 40 points for 10 each draws 3 times', async () => {
    const id = await createLottery(
      server,
      admin,
      lotteryForm({ EntryMode: 'points', PointsCost: 10, DailyLimit: 3, Prizes: [] }),
    );
    const [buyer] = await newMembers(server, 'limit-race-', 1, 40);
    const results = await Promise.all(Array.from({ length: 30 }, () => draw(buyer!, id)));
    expect(results.every((result) => result.status === 200)).toBe(true);
    expect(results.filter((result) => result.body.Errcode === 0)).toHaveLength(3);
    const [wallet] = await server.query<{ points: number }>(
      sql`select points from buyer_wallets where buyer_id = ${buyer}`,
    );
    expect(wallet!.points).toBe(10);
    const [count] = await server.query<{ records: number }>(
      sql`select count(*)::int as records from lottery_records where lottery_id = ${id}`,
    );
    expect(count!.records).toBe(3);
  });

  it('one member with 25 points racing draws of 10 points and no limit draws twice', async () => {
    const id = await createLottery(
      server,
      admin,
      lotteryForm({ EntryMode: 'points', PointsCost: 10, Prizes: [] }),
    );
    const [buyer] = await newMembers(server, 'points-race-', 1, 25);
    const results = await Promise.all(Array.from({ length: 20 }, () => draw(buyer!, id)));
    expect(results.every((result) => result.status === 200)).toBe(true);
    expect(results.filter((result) => result.body.Errcode === 0)).toHaveLength(2);
    const [wallet] = await server.query<{ points: number }>(
      sql`select points from buyer_wallets where buyer_id = ${buyer}`,
    );
    expect(wallet!.points).toBe(5);
  });
});
