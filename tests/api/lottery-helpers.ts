import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { bindLottery, type LotteryForm, type PrizeForm } from '../../contract/endpoints/lotteries';
import type { TestServer } from './harness';
import { MALL_SITE } from './order-helpers';

/** Helpers shared by the lucky-draw API tests. */

const DAY = 24 * 60 * 60 * 1000;

export function prizeForm(changes: Partial<PrizeForm> = {}): PrizeForm {
  return {
    Kind: 'points',
    Name: '10 积分',
    Image: '',
    ChanceBp: 10_000,
    Stock: 100,
    Points: 10,
    BalanceFen: 0,
    CouponId: null,
    ProductId: null,
    ...changes,
  };
}

/** A running free draw with one prize that always wins; `changes` on top. */
export function lotteryForm(changes: Partial<LotteryForm> = {}): LotteryForm {
  return {
    Title: '测试抽奖',
    Image: '',
    Summary: '',
    Rules: '',
    EntryMode: 'free',
    PointsCost: 0,
    DailyLimit: 0,
    TotalLimit: 0,
    StartsAt: new Date(Date.now() - DAY).toISOString(),
    EndsAt: new Date(Date.now() + 10 * DAY).toISOString(),
    NothingText: '谢谢参与',
    Sort: 0,
    Status: 'on',
    Prizes: [prizeForm()],
    ...changes,
  };
}

/** Creates a draw through the admin call; returns its id. */
export async function createLottery(server: TestServer, token: string, form: LotteryForm): Promise<number> {
  const response = await server.call(bindLottery, form, { token });
  expect(response.body.Errmsg).toBe('');
  return response.body.Id;
}

/** The prizes of a draw in their order, with stock and wins. */
export function prizesOf(server: TestServer, lotteryId: number) {
  return server.query<{ id: number; stock: number; won: number; kind: string }>(
    sql`select id, stock, won, kind from lottery_prizes where lottery_id = ${lotteryId} and not deleted order by sort, id`,
  );
}

/** `count` new members of a site, each with `points`; their open ids. */
export async function newMembers(
  server: TestServer,
  prefix: string,
  count: number,
  points = 0,
  siteId = MALL_SITE,
): Promise<string[]> {
  const rows = await server.query<{ open_id: string }>(
    sql`insert into members (site_id, open_id, nickname, mobile, source, grade_id)
        select ${siteId}, ${prefix} || n, ${prefix} || n, '1390000' || lpad(n::text, 4, '0'), 'miniProgram',
               (select id from member_grades where site_id = ${siteId} and is_default)
          from generate_series(1, ${count}) as n
        returning open_id`,
  );
  if (points > 0) {
    await server.query(
      sql`insert into buyer_wallets (site_id, buyer_id, points)
          select ${siteId}, open_id, ${points} from members where site_id = ${siteId} and open_id like ${`${prefix}%`}`,
    );
  }
  return rows.map((row) => row.open_id);
}

export const buyerOf = (id: string) => ({ Id: id, Name: id.slice(0, 30), Phone: '13900000000' });
