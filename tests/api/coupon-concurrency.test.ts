import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as coupons from '../../contract/endpoints/coupons';
import { claimCoupon } from '../../contract/endpoints/storefront-coupons';
import { makeCoupon } from './coupon-helpers';
import { startTestServer, type TestServer } from './harness';
import { MALL_SITE, storefront, storefrontKey } from './order-helpers';

/**
 * Coupon limits under parallel requests. Meant for PostgreSQL (TEST_DATABASE_URL), where the calls
 * really overlap on a pool of connections; on the embedded database they queue, and must hold too.
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

/** `count` new members of the mall; their open ids. */
async function members(prefix: string, count: number): Promise<string[]> {
  const rows = await server.query<{ open_id: string }>(
    sql`insert into members (site_id, open_id, nickname, source, grade_id)
        select ${MALL_SITE}, ${prefix} || n, ${prefix} || n, 'miniProgram',
               (select id from member_grades where site_id = ${MALL_SITE} and is_default)
          from generate_series(1, ${count}) as n
        returning open_id`,
  );
  return rows.map((row) => row.open_id);
}

describe('claims in parallel', () => {
  it('200 claims of a coupon with 50 left give exactly 50', async () => {
    const id = await makeCoupon(server, admin, {
      Title: '抢券测试',
      TotalQuantity: 60,
      ThresholdFen: 0,
      Value: 100,
    });
    await server.query(sql`update coupons set issued = 10 where id = ${id}`);
    const buyers = await members('race-', 200);
    const results = await Promise.all(
      buyers.map((buyer) => storefront(server, key, claimCoupon, { BuyerId: buyer, CouponId: id })),
    );
    expect(results.every((result) => result.status === 200)).toBe(true);
    const won = results.filter((result) => result.body.Errcode === 0);
    expect(won).toHaveLength(50);
    expect(new Set(won.map((result) => result.body.Coupon.Id)).size).toBe(50);
    const lost = results.filter((result) => result.body.Errcode !== 0);
    expect(lost.every((result) => /领完|claimed/.test(result.body.Errmsg))).toBe(true);
    const [coupon] = await server.query<{ issued: number; copies: number }>(
      sql`select issued, (select count(*)::int from member_coupons where coupon_id = ${id}) as copies
            from coupons where id = ${id}`,
    );
    expect(coupon).toEqual({ issued: 60, copies: 50 });
  });

  it('one member racing a limit of two gets two', async () => {
    const id = await makeCoupon(server, admin, {
      Title: '单人抢券',
      TotalQuantity: null,
      PerMemberLimit: 2,
      ThresholdFen: 0,
      Value: 100,
    });
    const [buyer] = await members('greedy-', 1);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        storefront(server, key, claimCoupon, { BuyerId: buyer, CouponId: id }),
      ),
    );
    expect(results.filter((result) => result.body.Errcode === 0)).toHaveLength(2);
    const [coupon] = await server.query<{ issued: number }>(sql`select issued from coupons where id = ${id}`);
    expect(coupon!.issued).toBe(2);
  });
});

describe('write-offs in parallel', () => {
  it('twenty write-offs of one code give one success and one log row', async () => {
    const id = await makeCoupon(server, admin, {
      Title: '并发核销券',
      Channel: 'offline',
      ThresholdFen: 0,
      Value: 100,
    });
    await server.call(coupons.buildOfflineCodes, { CouponId: id, Quantity: 1 }, { token: admin });
    const [code] = await server.query<{ code: string }>(
      sql`select code from offline_coupon_codes where coupon_id = ${id}`,
    );
    const [store] = await server.query<{ id: number }>(
      sql`select id from stores where site_id = ${MALL_SITE} and not deleted order by id limit 1`,
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.call(coupons.writeOffCoupon, { Code: code!.code, StoreId: store!.id }, { token: admin }),
      ),
    );
    expect(results.filter((result) => result.body.Errcode === 0)).toHaveLength(1);
    expect(results.every((result) => result.status === 200)).toBe(true);
    const [log] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from write_offs where kind = 'coupon' and reference = ${code!.code}`,
    );
    expect(log!.count).toBe(1);
  });
});
