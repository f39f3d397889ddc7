import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeStock, getProductInfo } from '../../contract/endpoints/goods';
import { auditActions, createGoods, MALL_SITE, SECOND_SITE, someGoods } from './goods-helpers';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin');
});
afterAll(() => server.close());

async function skusOf(productId: number) {
  return server.query<{ id: number; stock: number }>(
    sql`select id, stock from skus where product_id = ${productId} order by position`,
  );
}

/** Stock per SKU from the ledger alone; must equal the SKUs' stock. */
async function ledger(productId: number) {
  return server.query<{ sku_id: number; total: number }>(
    sql`select sku_id, sum(delta)::int as total from stock_log where product_id = ${productId} group by sku_id order by sku_id`,
  );
}

async function totalStock(productId: number): Promise<number> {
  const [row] = await server.query<{ total_stock: number }>(
    sql`select total_stock from products where id = ${productId}`,
  );
  return row!.total_stock;
}

describe('BindProductStock', () => {
  it('sets and adds stock per SKU with a reason, logging every change and keeping the total', async () => {
    const goods = await createGoods(server, token);
    const [first, second] = await skusOf(goods.Id);
    const set = await server.call(
      changeStock,
      { ProductId: goods.Id, Mode: 'set', Reason: '盘点', Items: [{ SkuId: first!.id, Quantity: 3 }] },
      { token },
    );
    expect(set.body).toMatchObject({ Errcode: 0, Skus: [{ SkuId: first!.id, Stock: 3 }], TotalStock: 53 });
    const add = await server.call(
      changeStock,
      {
        ProductId: goods.Id,
        Mode: 'add',
        Reason: '到货入库',
        Items: [
          { SkuId: first!.id, Quantity: 7 },
          { SkuId: second!.id, Quantity: -4 },
        ],
      },
      { token },
    );
    expect(add.body).toMatchObject({
      Skus: [
        { SkuId: first!.id, Stock: 10 },
        { SkuId: second!.id, Stock: 6 },
      ],
      TotalStock: 56,
    });
    const info = (await server.call(getProductInfo, { id: goods.Id }, { token })).body;
    expect(
      info.StockLog.slice(0, 3).map((row) => [row.Kind, row.Delta, row.After, row.Reason, row.By]),
    ).toEqual([
      ['add', -4, 6, '到货入库', 'admin'],
      ['add', 7, 10, '到货入库', 'admin'],
      ['set', -7, 3, '盘点', 'admin'],
    ]);
    expect(await ledger(goods.Id)).toEqual(
      (await skusOf(goods.Id)).map((sku) => ({ sku_id: sku.id, total: sku.stock })),
    );
    expect(await totalStock(goods.Id)).toBe(56);
    expect(await auditActions(server, `product:${goods.Id}`)).toEqual([
      'product.create',
      'product.stock',
      'product.stock',
    ]);
  });

  it('refuses a change below zero and leaves every SKU of the call as it was', async () => {
    const goods = await createGoods(server, token);
    const [first, second] = await skusOf(goods.Id);
    const response = await server.call(
      changeStock,
      {
        ProductId: goods.Id,
        Mode: 'add',
        Reason: '出库',
        Items: [
          { SkuId: first!.id, Quantity: -5 },
          { SkuId: second!.id, Quantity: -11 },
        ],
      },
      { token },
    );
    expect(response.body.Errcode).toBe(-1);
    expect(response.body.Errmsg).toBe(
      'The stock of “测试纯棉T恤 红色/L” cannot fall below zero (it is 10, the change is -11)',
    );
    expect((await skusOf(goods.Id)).map((sku) => sku.stock)).toEqual([10, 10, 10, 10, 10, 10]);
    expect(await ledger(goods.Id)).toHaveLength(6);
  });

  it.each([
    [{ Mode: 'set', Reason: '盘点', Items: [{ Quantity: -1 }] }, /Stock cannot be set below zero/],
    [{ Mode: 'add', Reason: '', Items: [{ Quantity: 1 }] }, /Reason: is required/],
    [{ Mode: 'move', Reason: 'x', Items: [{ Quantity: 1 }] }, /Mode: must be one of set, add/],
    [{ Mode: 'add', Reason: 'x', Items: [] }, /Items: must have at least 1 items/],
    [{ Mode: 'add', Reason: 'x', Items: [{ Quantity: 1.5 }] }, /Items.0.Quantity/],
  ])('refuses %j', async (input, message) => {
    const goods = await createGoods(server, token);
    const [first] = await skusOf(goods.Id);
    const items = (input.Items as { Quantity: number }[]).map((item) => ({ SkuId: first!.id, ...item }));
    const response = await server.call(
      changeStock,
      { ProductId: goods.Id, ...input, Items: items },
      { token },
    );
    expect(response.body.Errcode).toBe(-1);
    expect(response.body.Errmsg).toMatch(message);
  });

  it('refuses SKUs of other goods and goods of another site', async () => {
    const goods = await createGoods(server, token);
    const other = await createGoods(server, token);
    const [foreignSku] = await skusOf(other.Id);
    const wrongSku = await server.call(
      changeStock,
      { ProductId: goods.Id, Mode: 'add', Reason: 'x', Items: [{ SkuId: foreignSku!.id, Quantity: 1 }] },
      { token },
    );
    expect(wrongSku.body.Errmsg).toBe(`SKU ${foreignSku!.id} is not a SKU of these goods`);
    const siteTwoGoods = await someGoods(server, SECOND_SITE);
    const [siteTwoSku] = await skusOf(siteTwoGoods);
    const before = (await skusOf(siteTwoGoods))[0]!.stock;
    const foreign = await server.call(
      changeStock,
      { ProductId: siteTwoGoods, Mode: 'add', Reason: 'x', Items: [{ SkuId: siteTwoSku!.id, Quantity: 1 }] },
      { token },
    );
    expect(foreign.body.Errmsg).toBe(`Goods ${siteTwoGoods} do not exist`);
    expect((await skusOf(siteTwoGoods))[0]!.stock).toBe(before);
  });

  it('50 parallel decrements of a SKU holding 5: exactly 5 succeed, stock never negative, ledger balanced', async () => {
    const goods = await createGoods(server, token, {
      Specs: [],
      Skus: [{ SpecValues: [], PriceFen: 100, Stock: 5, Code: '', WeightG: 0, VolumeCm3: 0, Image: '' }],
    });
    const [sku] = await skusOf(goods.Id);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        server.call(
          changeStock,
          { ProductId: goods.Id, Mode: 'add', Reason: '并发出库', Items: [{ SkuId: sku!.id, Quantity: -1 }] },
          { token },
        ),
      ),
    );
    const succeeded = responses.filter((response) => response.body.Errcode === 0);
    const failed = responses.filter((response) => response.body.Errcode === -1);
    expect(succeeded).toHaveLength(5);
    expect(failed).toHaveLength(45);
    expect(failed.every((response) => /cannot fall below zero/.test(response.body.Errmsg))).toBe(true);
    expect(succeeded.map((response) => response.body.Skus[0]!.Stock).sort()).toEqual([0, 1, 2, 3, 4]);
    expect((await skusOf(goods.Id))[0]!.stock).toBe(0);
    expect(await totalStock(goods.Id)).toBe(0);
    const rows = await server.query<{ delta: number; after: number }>(
      sql`select delta, after from stock_log where sku_id = ${sku!.id} order by id`,
    );
    expect(rows).toEqual([
      { delta: 5, after: 5 },
      { delta: -1, after: 4 },
      { delta: -1, after: 3 },
      { delta: -1, after: 2 },
      { delta: -1, after: 1 },
      { delta: -1, after: 0 },
    ]);
  });

  it('keeps every seeded goods total equal to its SKUs and every SKU equal to its ledger', async () => {
    const [mismatch] = await server.query<{ totals: number; ledgers: number }>(sql`
      select
        (select count(*)::int from products p where p.site_id = ${MALL_SITE}
          and p.total_stock <> (select coalesce(sum(stock), 0) from skus s where s.product_id = p.id)) as totals,
        (select count(*)::int from skus s where s.site_id = ${MALL_SITE}
          and s.stock <> (select coalesce(sum(delta), 0) from stock_log l where l.sku_id = s.id)) as ledgers`);
    expect(mismatch).toEqual({ totals: 0, ledgers: 0 });
  });

  it('refuses stock below zero in the database itself', async () => {
    const goods = await createGoods(server, token);
    const failure = await server
      .query(sql`update skus set stock = -1 where product_id = ${goods.Id}`)
      .catch((error: Error) => error);
    expect(String((failure as Error).cause)).toMatch(/skus_stock_non_negative/);
  });
});
