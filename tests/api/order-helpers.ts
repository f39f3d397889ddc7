import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { EndpointDefinition } from '../../contract/endpoint';
import {
  addStorefrontKey,
  DEFAULT_PARAMETER_SETTING,
  setParameterSetting,
} from '../../contract/endpoints/orders';
import { createOrder, STOREFRONT_KEY_HEADER } from '../../contract/endpoints/storefront';
import type { FreightRule, FreightRules } from '../../contract/freight';
import type { ApiResponse, TestServer } from './harness';

/** Helpers shared by the order and storefront API tests. */

export const MALL_SITE = 1;
export const SECOND_SITE = 2;

export const BUYER = { Id: 'buyer-001', Name: '张三', Phone: '13800000001' };
export const ADDRESS = {
  Name: '张三',
  Phone: '13800000001',
  Province: '广东省',
  City: '深圳市',
  District: '南山区',
  Detail: '科技园路 1 号',
};

/** A fresh storefront key of the caller's site. */
export async function storefrontKey(server: TestServer, token: string): Promise<string> {
  const response = await server.call(addStorefrontKey, { Name: 'test' }, { token });
  expect(response.body.Errmsg).toBe('');
  return response.body.Key;
}

/** Calls a storefront endpoint with the key. */
export function storefront<E extends EndpointDefinition>(
  server: TestServer,
  key: string,
  endpoint: E,
  input: unknown,
  locale?: string,
) {
  return server.call(endpoint, input, {
    headers: { [STOREFRONT_KEY_HEADER]: key },
    ...(locale ? { locale } : {}),
  });
}

/** A freight template's rules for a test; charge mode by piece and no region rules unless given. */
export type TestFreight = Partial<Omit<FreightRules, 'DefaultRule'>> & { DefaultRule: FreightRule };

/** A rule of `first` fen for the first unit and `next` fen for each further one, never free. */
export function perUnit(
  firstFen: number,
  nextFen: number,
  units: { First?: number; Next?: number } = {},
): FreightRule {
  return {
    First: units.First ?? 1,
    FirstFen: firstFen,
    Next: units.Next ?? 1,
    NextFen: nextFen,
    FreeWhen: 'never',
    FreeQuantity: 0,
    FreeAmountFen: 0,
  };
}

export interface TestSku {
  skuId: number;
  productId: number;
  priceFen: number;
  freightTemplateId: number | null;
}

/**
 * The first SKU of an on-shelf goods of the site (the `skip`-th such goods, so tests never share a
 * goods row), its stock set to `stock` and its siblings emptied, its goods shipped free unless
 * `freight` rules are given (a template of its own, written as the freight editor stores it).
 */
export async function prepareSku(
  server: TestServer,
  siteId: number,
  stock: number,
  options: { skip?: number; freight?: TestFreight } = {},
): Promise<TestSku> {
  const [row] = await server.query<{ id: number; product_id: number; price_fen: number }>(
    sql`select s.id, s.product_id, s.price_fen from products p
          join lateral (select id, product_id, price_fen from skus where product_id = p.id order by position limit 1) s
            on true
         where p.site_id = ${siteId} and p.shelf_state = 'on' and p.recycle_state = 'active' and p.kind = 'physical'
         order by p.id offset ${options.skip ?? 0} limit 1`,
  );
  if (!row) throw new Error(`no goods on the shelf in site ${siteId}`);
  let templateId: number | null = null;
  if (options.freight) {
    const { ChargeMode = 'piece', ...rules } = options.freight;
    const [template] = await server.query<{ id: number }>(
      sql`insert into freight_templates (site_id, name, charge_mode, rules)
          values (${siteId}, ${`test ${row.product_id}-${Date.now()}`}, ${ChargeMode}, ${JSON.stringify({ Rules: [], Undeliverable: [], ...rules })}::jsonb)
          returning id`,
    );
    templateId = template!.id;
  }
  await server.query(
    sql`update skus set stock = case when id = ${row.id} then ${stock}::int else 0 end where product_id = ${row.product_id}`,
  );
  await server.query(
    sql`update products set total_stock = ${stock}, freight_template_id = ${templateId} where id = ${row.product_id}`,
  );
  return { skuId: row.id, productId: row.product_id, priceFen: row.price_fen, freightTemplateId: templateId };
}

export async function skuStock(server: TestServer, skuId: number): Promise<number> {
  const [row] = await server.query<{ stock: number }>(sql`select stock from skus where id = ${skuId}`);
  return row!.stock;
}

/** Places an express order of `quantity` × the SKU through the storefront; expects success. */
export async function placeOrder(
  server: TestServer,
  key: string,
  sku: TestSku,
  quantity = 1,
  overrides: Record<string, unknown> = {},
) {
  const response = await storefront(server, key, createOrder, {
    Buyer: BUYER,
    DeliveryType: 'express',
    Address: ADDRESS,
    Lines: [{ SkuId: sku.skuId, Quantity: quantity }],
    ...overrides,
  });
  expect(response.body.Errmsg).toBe('');
  expect(response.body.Errcode).toBe(0);
  return response.body.Order;
}

export async function orderId(server: TestServer, orderNo: string): Promise<number> {
  const [row] = await server.query<{ id: number }>(sql`select id from orders where order_no = ${orderNo}`);
  return row!.id;
}

export async function orderRow(server: TestServer, id: number) {
  const [row] = await server.query<{
    state: string;
    refund_state: string;
    version: number;
    total_fen: number;
    paid_fen: number;
    refunded_fen: number;
    stock_deducted: boolean;
    pickup_code: string | null;
  }>(
    sql`select state, refund_state, version, total_fen, paid_fen, refunded_fen, stock_deducted, pickup_code
          from orders where id = ${id}`,
  );
  return row!;
}

export function expectError(response: ApiResponse, message?: string | RegExp) {
  expect(response.body.Errcode).toBe(-1);
  if (message !== undefined) expect(response.body.Errmsg).toMatch(message);
}

/** Saves the mall's order parameters: the defaults (no invoices) with `changes` on top. */
export async function setMallParameters(server: TestServer, token: string, changes: Record<string, unknown>) {
  const [row] = await server.query<{ version: number }>(
    sql`select version from order_parameter_settings where site_id = ${MALL_SITE}`,
  );
  const response = await server.call(
    setParameterSetting,
    { ...DEFAULT_PARAMETER_SETTING, ...changes, Version: row?.version ?? 0 },
    { token },
  );
  expect(response.body.Errmsg).toBe('');
}
