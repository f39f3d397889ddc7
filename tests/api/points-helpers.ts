import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  DEFAULT_POINTS_SETTING,
  type PointsSetting,
  setPointsSetting,
} from '../../contract/endpoints/points';
import { bindPointsGoods, type PointsGoodsForm } from '../../contract/endpoints/points-goods';
import { credit } from '../../server/areas/customer/service';
import type { TestServer } from './harness';
import { MALL_SITE } from './order-helpers';

/** Helpers shared by the points API tests. */

/** Saves the mall's points rules: the defaults with `changes` on top. */
export async function setPointsRules(
  server: TestServer,
  token: string,
  changes: Partial<PointsSetting>,
  siteId = MALL_SITE,
): Promise<void> {
  const [row] = await server.query<{ version: number }>(
    sql`select version from points_settings where site_id = ${siteId}`,
  );
  const response = await server.call(
    setPointsSetting,
    { ...DEFAULT_POINTS_SETTING, ...changes, Version: row?.version ?? 0 },
    { token },
  );
  expect(response.body.Errmsg).toBe('');
}

/** What a buyer holds of points (0 without a wallet). */
export async function pointsOf(server: TestServer, buyerId: string, siteId = MALL_SITE): Promise<number> {
  const [row] = await server.query<{ points: number }>(
    sql`select points from buyer_wallets where site_id = ${siteId} and buyer_id = ${buyerId}`,
  );
  return row?.points ?? 0;
}

/** Gives a buyer points as an operator's adjustment, dated `at`. */
export async function givePoints(
  server: TestServer,
  buyerId: string,
  amount: number,
  options: { siteId?: number; at?: Date; currency?: 'points' | 'balance' } = {},
): Promise<void> {
  await credit(server.database.db, {
    siteId: options.siteId ?? MALL_SITE,
    buyerId,
    currency: options.currency ?? 'points',
    amount,
    reason: 'adjust',
    orderNo: '',
    note: 'test',
    actor: { kind: 'operator', accountId: null, name: 'test' },
    now: options.at ?? new Date(),
  });
}

/** The points ledger rows of a buyer, oldest first. */
export async function pointsLedger(server: TestServer, buyerId: string, siteId = MALL_SITE) {
  return server.query<{ delta: number; after: number; reason: string; order_no: string }>(
    sql`select delta, after, reason, order_no from wallet_ledger
         where site_id = ${siteId} and buyer_id = ${buyerId} and currency = 'points' order by id`,
  );
}

/** A catalogue good of the site of `kind`, on the shelf (the `skip`-th). */
export async function catalogueGood(
  server: TestServer,
  kind: 'physical' | 'virtual',
  options: { siteId?: number; skip?: number } = {},
): Promise<number> {
  const [row] = await server.query<{ id: number }>(
    sql`select id from products where site_id = ${options.siteId ?? MALL_SITE} and kind = ${kind}
          and recycle_state = 'active' and shelf_state = 'on' order by id offset ${options.skip ?? 0} limit 1`,
  );
  if (!row) throw new Error(`no ${kind} goods in site ${options.siteId ?? MALL_SITE}`);
  return row.id;
}

const DAY = 24 * 60 * 60 * 1000;

/** A form of running physical points goods; `changes` on top. */
export function goodsForm(productId: number, changes: Partial<PointsGoodsForm> = {}): PointsGoodsForm {
  return {
    Title: '测试积分商品',
    Image: '',
    Kind: 'physical',
    ProductId: productId,
    Points: 100,
    PriceFen: 0,
    Stock: 10,
    PerMemberLimit: 0,
    StartsAt: new Date(Date.now() - DAY).toISOString(),
    EndsAt: null,
    Description: '',
    Sort: 0,
    Status: 'on',
    ...changes,
  };
}

/** Creates points goods through the admin call; returns the id. */
export async function createGoods(server: TestServer, token: string, form: PointsGoodsForm): Promise<number> {
  const response = await server.call(bindPointsGoods, form, { token });
  expect(response.body.Errmsg).toBe('');
  return response.body.Id;
}

/** The field an error names. */
export function fieldOf(response: { body: unknown }): string | undefined {
  return (response.body as { Errors?: { Field: string }[] }).Errors?.[0]?.Field;
}
