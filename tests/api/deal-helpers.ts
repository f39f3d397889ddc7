import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { EndpointDefinition } from '../../contract/endpoint';
import { payOrder } from '../../contract/endpoints/storefront';
import type { ApiResponse, TestServer } from './harness';
import { ADDRESS, storefront } from './order-helpers';

/** Helpers shared by the seckill, group-buy and bargain API tests. */

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

export interface TestGoods {
  productId: number;
  name: string;
  skus: { id: number; priceFen: number }[];
}

/**
 * An on-shelf physical good of the site with two SKUs at least (the `skip`-th such good, so a test
 * file's cases never share one), every SKU's stock set to `stock`, shipped free.
 */
export async function prepareGoods(
  server: TestServer,
  siteId: number,
  stock: number,
  skip = 0,
): Promise<TestGoods> {
  const [row] = await server.query<{ id: number; name: string }>(
    sql`select p.id, p.name from products p
         where p.site_id = ${siteId} and p.shelf_state = 'on' and p.recycle_state = 'active' and p.kind = 'physical'
           and (select count(*) from skus s where s.product_id = p.id and s.price_fen >= 200) >= 2
         order by p.id offset ${skip} limit 1`,
  );
  if (!row) throw new Error(`no goods with two SKUs in site ${siteId}`);
  await server.query(sql`update skus set stock = ${stock} where product_id = ${row.id}`);
  const skus = await server.query<{ id: number; price_fen: number }>(
    sql`select id, price_fen from skus where product_id = ${row.id} and price_fen >= 200 order by position, id`,
  );
  await server.query(
    sql`update products set total_stock = (select sum(stock) from skus where product_id = ${row.id}),
          freight_template_id = null where id = ${row.id}`,
  );
  return {
    productId: row.id,
    name: row.name,
    skus: skus.map((sku) => ({ id: sku.id, priceFen: sku.price_fen })),
  };
}

/** An activity window around now: started an hour ago, ending in a week (or as given). */
export function window(startOffset = -HOUR, endOffset = 7 * DAY) {
  const now = Date.now();
  return {
    StartsAt: new Date(now + startOffset).toISOString(),
    EndsAt: new Date(now + endOffset).toISOString(),
  };
}

/** The call must succeed; its body. */
export function ok<T extends Record<string, unknown>>(response: ApiResponse<T>): ApiResponse<T>['body'] {
  expect(response.body.Errmsg).toBe('');
  expect(response.body.Errcode).toBe(0);
  return response.body;
}

/** The call must be refused naming `field` (the first field error), with `message` when given. */
export function refused<T>(response: ApiResponse<T>, field: string, message?: string | RegExp) {
  expect(response.status).toBe(200);
  expect(response.body.Errcode).toBe(-1);
  if (message !== undefined) expect(response.body.Errmsg).toMatch(message);
  const errors = (response.body as { Errors?: { Field: string }[] }).Errors ?? [];
  expect(errors.map((error) => error.Field)).toContain(field);
}

export function buyer(index: number, prefix = 'deal') {
  return {
    Id: `${prefix}-buyer-${index}`,
    Name: `买家${index}`,
    Phone: `139${String(index).padStart(8, '0')}`,
  };
}

/** CreateOrder's delivery fields for a buyer. */
export function delivery(person: { Id: string; Name: string; Phone: string }) {
  return {
    Buyer: person,
    DeliveryType: 'express',
    Address: { ...ADDRESS, Name: person.Name, Phone: person.Phone },
  };
}

/** Pays an order through the storefront (the sandbox provider pays at once). */
export async function pay(
  server: TestServer,
  key: string,
  order: { OrderNo: string; TotalFen: number },
  buyerId: string,
) {
  return ok(
    await storefront(server, key, payOrder, {
      OrderNo: order.OrderNo,
      BuyerId: buyerId,
      PaymentMethod: 'wechat',
      AmountFen: order.TotalFen,
      TransactionNo: `wx-${order.OrderNo}`,
    }),
  );
}

/** Every call must answer HTTP 403 for this token. */
export async function expectForbidden(
  server: TestServer,
  token: string,
  calls: readonly [EndpointDefinition, unknown][],
): Promise<void> {
  for (const [endpoint, input] of calls) {
    const response = await server.call(endpoint, input, { token });
    expect(response.status, endpoint.path).toBe(403);
    expect(response.body.Errcode).toBe(-1);
  }
}
