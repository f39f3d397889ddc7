import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type ProductForm, saveProduct, specCombinations } from '../../contract/endpoints/goods';
import type { TestServer } from './harness';

/** Helpers shared by the goods API tests (tests/api/goods-*.test.ts). */

export const MALL_SITE = 1;
export const SECOND_SITE = 2;

export async function leafCategory(server: TestServer, siteId: number): Promise<number> {
  const [row] = await server.query<{ id: number }>(
    sql`select id from product_categories c where site_id = ${siteId} and parent_id is not null
          and not exists (select 1 from product_categories d where d.parent_id = c.id) order by id limit 1`,
  );
  return row!.id;
}

/** The id of some goods of a site in the given states (active ones by default). */
export async function someGoods(
  server: TestServer,
  siteId: number,
  where: { recycle?: string; shelf?: string; audit?: string } = {},
): Promise<number> {
  const [row] = await server.query<{ id: number }>(
    sql`select id from products where site_id = ${siteId} and recycle_state = ${where.recycle ?? 'active'}
          and (${where.shelf ?? null}::text is null or shelf_state = ${where.shelf ?? null})
          and (${where.audit ?? null}::text is null or audit_state = ${where.audit ?? null})
        order by id limit 1`,
  );
  if (!row) throw new Error(`no goods of site ${siteId} matching ${JSON.stringify(where)}`);
  return row.id;
}

export async function setAuditRequired(server: TestServer, siteId: number, required: boolean): Promise<void> {
  await server.query(sql`update product_settings set audit_required = ${required} where site_id = ${siteId}`);
}

/** A goods form with 2 spec names × 3 values (6 SKUs, price 59.90 up, 10 each in stock). */
export function goodsForm(categoryId: number, overrides: Partial<ProductForm> = {}): Record<string, unknown> {
  const specs = [
    { Name: '颜色', Values: ['红色', '蓝色', '黑色'] },
    { Name: '尺码', Values: ['M', 'L'] },
  ];
  return {
    Name: '测试纯棉T恤',
    Subtitle: '亲肤透气',
    Code: 'TEST-001',
    CategoryId: categoryId,
    Gallery: ['/uploads/1/a.png', '/uploads/1/b.png'],
    Description: '<p>好看<script>alert(1)</script></p>',
    MarketPriceFen: 9900,
    Specs: specs,
    Skus: specCombinations(specs).map((values, index) => ({
      SpecValues: values,
      PriceFen: 5990 + index * 100,
      Stock: 10,
      Code: `TEST-001-${index + 1}`,
      WeightG: 250,
    })),
    ...overrides,
  };
}

export async function createGoods(
  server: TestServer,
  token: string,
  overrides: Partial<ProductForm> = {},
  siteId = MALL_SITE,
): Promise<{ Id: number; Version: number; ShelfState: string; AuditState: string; AutoShelf: boolean }> {
  const response = await server.call(saveProduct, goodsForm(await leafCategory(server, siteId), overrides), {
    token,
  });
  expect(response.body.Errmsg).toBe('');
  expect(response.body.Errcode).toBe(0);
  return response.body;
}

export async function goodsRow(server: TestServer, id: number) {
  const [row] = await server.query<{
    name: string;
    shelf_state: string;
    audit_state: string;
    recycle_state: string;
    reject_reason: string;
    auto_shelf: boolean;
    total_stock: number;
    sort: number;
    sales_base: number;
    version: number;
    price_fen: number;
  }>(
    sql`select name, shelf_state, audit_state, recycle_state, reject_reason, auto_shelf, total_stock, sort, sales_base,
               version, price_fen from products where id = ${id}`,
  );
  return row!;
}

export async function auditActions(server: TestServer, target: string): Promise<string[]> {
  const rows = await server.query<{ action: string }>(
    sql`select action from audit_log where target = ${target} order by id`,
  );
  return rows.map((row) => row.action);
}
