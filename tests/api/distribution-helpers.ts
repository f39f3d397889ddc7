import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  DEFAULT_DISTRIBUTION_SETTING,
  type DistributionSetting,
  setDistributionSetting,
} from '../../contract/endpoints/distribution';
import { applyPromoter } from '../../contract/endpoints/distribution-storefront';
import { signIn } from '../../contract/endpoints/members';
import { approveApplications } from '../../contract/endpoints/promoters';
import { createOrder, payOrder } from '../../contract/endpoints/storefront';
import type { TestServer } from './harness';
import { ADDRESS, MALL_SITE, storefront, type TestSku } from './order-helpers';

/** Helpers shared by the distribution API tests. */

/** Saves a site's distribution rules: the defaults with `changes` on top. */
export async function setDistribution(
  server: TestServer,
  token: string,
  changes: Partial<DistributionSetting>,
  siteId = MALL_SITE,
): Promise<void> {
  const [row] = await server.query<{ version: number }>(
    sql`select version from distribution_settings where site_id = ${siteId}`,
  );
  const response = await server.call(
    setDistributionSetting,
    { Setting: { ...DEFAULT_DISTRIBUTION_SETTING, ...changes }, Version: row?.version ?? 0 },
    { token },
  );
  expect(response.body.Errmsg).toBe('');
}

/** Signs a buyer in through the storefront, invited by the member `inviter` (a member number) when given. */
export async function member(
  server: TestServer,
  key: string,
  openId: string,
  inviter?: string,
): Promise<string> {
  const response = await storefront(server, key, signIn, {
    OpenId: openId,
    Nickname: openId,
    Mobile: '',
    ...(inviter ? { InviterMemberNo: inviter } : {}),
  });
  expect(response.body.Errmsg).toBe('');
  return response.body.Member.MemberNo;
}

/** A buyer applies through the storefront and the operator approves when it waits; returns the promoter id. */
export async function promoter(
  server: TestServer,
  key: string,
  admin: string,
  openId: string,
): Promise<number> {
  const applied = await storefront(server, key, applyPromoter, { BuyerId: openId });
  expect(applied.body.Errmsg).toBe('');
  if (applied.body.Application.State === 'pending') {
    const [application] = await server.query<{ id: number }>(
      sql`select a.id from promoter_applications a join members m on m.id = a.member_id
           where m.open_id = ${openId} and a.state = 'pending'`,
    );
    const approved = await server.call(approveApplications, { Ids: [application!.id] }, { token: admin });
    expect(approved.body.Errmsg).toBe('');
  }
  return promoterId(server, openId);
}

export async function promoterId(server: TestServer, openId: string, siteId = MALL_SITE): Promise<number> {
  const [row] = await server.query<{ id: number }>(
    sql`select p.id from promoters p join members m on m.id = p.member_id
         where m.open_id = ${openId} and p.site_id = ${siteId}`,
  );
  return row!.id;
}

/** A buyer's express order of `quantity` × the SKU, paid; returns its number and total. */
export async function paidOrder(
  server: TestServer,
  key: string,
  buyerId: string,
  sku: TestSku,
  quantity = 1,
): Promise<{ OrderNo: string; TotalFen: number; FreightFen: number }> {
  const placed = await storefront(server, key, createOrder, {
    Buyer: { Id: buyerId, Name: buyerId, Phone: '13800000077' },
    DeliveryType: 'express',
    Address: ADDRESS,
    Lines: [{ SkuId: sku.skuId, Quantity: quantity }],
  });
  expect(placed.body.Errmsg).toBe('');
  const order = placed.body.Order;
  const paid = await storefront(server, key, payOrder, {
    OrderNo: order.OrderNo,
    BuyerId: buyerId,
    PaymentMethod: 'wechat',
    AmountFen: order.TotalFen,
  });
  expect(paid.body.Errmsg).toBe('');
  return order;
}

export interface CommissionFacts extends Record<string, unknown> {
  promoter_id: number;
  level: number;
  amount_fen: number;
  void_fen: number;
  state: string;
}

/** An order's commission rows, by level. */
export async function commissionsOf(server: TestServer, orderNo: string): Promise<CommissionFacts[]> {
  return server.query<CommissionFacts>(
    sql`select promoter_id, level, amount_fen, void_fen, state from commissions where order_no = ${orderNo}
         order by line_id, level`,
  );
}

export async function balances(server: TestServer, id: number) {
  const [row] = await server.query<{
    withdrawable_fen: number;
    frozen_fen: number;
    earned_fen: number;
    withdrawn_fen: number;
  }>(sql`select withdrawable_fen, frozen_fen, earned_fen, withdrawn_fen from promoters where id = ${id}`);
  return row!;
}

/** Gives a promoter withdrawable commission directly (as a settled row would), for withdrawal tests. */
export async function credit(server: TestServer, id: number, fen: number): Promise<void> {
  await server.query(
    sql`with changed as (update promoters set withdrawable_fen = withdrawable_fen + ${fen}, earned_fen = earned_fen + ${fen}
                          where id = ${id} returning site_id, withdrawable_fen, frozen_fen)
        insert into commission_ledger (site_id, promoter_id, reason, withdrawable_delta, frozen_delta, withdrawable_after,
                                       frozen_after, actor, actor_name)
        select site_id, ${id}, 'settle', ${fen}, 0, withdrawable_fen, frozen_fen, 'system', 'test' from changed`,
  );
}

/** The field an error names. */
export function fieldOf(response: { body: unknown }): string | undefined {
  return (response.body as { Errors?: { Field: string }[] }).Errors?.[0]?.Field;
}
