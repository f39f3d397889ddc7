import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeProductState,
  getProductList,
  type ProductForm,
  saveProduct,
} from '../../contract/endpoints/goods';
import { createGoods, goodsForm, leafCategory, MALL_SITE, SECOND_SITE } from './goods-helpers';
import { startTestServer, type TestServer } from './harness';

/**
 * The goods list's keyword search (name, goods code or any SKU code, any case, as a substring),
 * which an index of character-pair hashes narrows before the LIKE decides.
 */

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin');
});
afterAll(() => server.close());

async function list(input: Record<string, unknown>) {
  const response = await server.call(getProductList, input, { token });
  expect(response.body.Errmsg).toBe('');
  return response.body;
}

/** The helper's six SKUs, with codes of our own. */
function skusCoded(categoryId: number, code: (index: number) => string): ProductForm['Skus'] {
  return (goodsForm(categoryId).Skus as ProductForm['Skus']).map((sku, index) => ({
    ...sku,
    Code: code(index),
  }));
}

async function foundIds(keyword: string, extra: Record<string, unknown> = {}): Promise<number[]> {
  return (await list({ keyword, pageSize: 100, ...extra })).Data.map((row) => row.Id);
}

/** The mall's active goods containing the keyword, by the default order, counted straight from the tables. */
async function expectedMatches(keyword: string) {
  return server.query<{ id: number; shelf_state: string; audit_state: string; total_stock: number }>(
    sql`select p.id, p.shelf_state, p.audit_state, p.total_stock from products p
         where p.site_id = ${MALL_SITE} and p.recycle_state = 'active'
           and (strpos(lower(p.name), lower(${keyword})) > 0 or strpos(lower(p.code), lower(${keyword})) > 0
             or exists (select 1 from skus s where s.product_id = p.id and strpos(lower(s.code), lower(${keyword})) > 0))
         order by p.sort desc, p.id desc`,
  );
}

describe('GetProductList keyword search', () => {
  it('finds a Chinese name by a substring from its middle, by one character, and not across name and code', async () => {
    const created = await createGoods(server, token, { Name: '北欧风实木餐桌椅组合', Code: 'NORDIC-TABLE' });
    expect(await foundIds('实木餐桌')).toEqual([created.Id]);
    expect(await foundIds('风实')).toEqual([created.Id]);
    expect(await foundIds('椅')).toContain(created.Id);
    expect(await foundIds('rdic-ta')).toEqual([created.Id]);
    // The end of the name and the start of the code are two texts, not one.
    expect(await foundIds('组合nordic')).toEqual([]);
    expect(await foundIds('实木 餐桌')).toEqual([]);
  });

  it('finds goods by a SKU code in any case, and follows SKU codes changed on save', async () => {
    const categoryId = await leafCategory(server, MALL_SITE);
    const created = await createGoods(server, token, {
      Name: '规格编码跟随测试',
      Code: 'SKU-FOLLOW',
      Skus: skusCoded(categoryId, (index) => `QX7-${index}-颜色款`),
    });
    expect(await foundIds('qx7-3-颜色')).toEqual([created.Id]);
    expect(await foundIds('QX7-5')).toEqual([created.Id]);

    const saved = await server.call(
      saveProduct,
      goodsForm(categoryId, {
        Id: created.Id,
        Version: created.Version,
        Name: '规格编码跟随测试',
        Code: 'SKU-FOLLOW',
        Skus: skusCoded(categoryId, (index) => `ZW8-${index}`),
      }),
      { token },
    );
    expect(saved.body.Errmsg).toBe('');
    expect(await foundIds('qx7-3')).toEqual([]);
    expect(await foundIds('zw8-4')).toEqual([created.Id]);
  });

  it('finds a copy by the SKU codes it was copied with', async () => {
    const categoryId = await leafCategory(server, MALL_SITE);
    const created = await createGoods(server, token, {
      Name: '复制搜索测试',
      Code: 'COPY-SEARCH',
      Skus: skusCoded(categoryId, (index) => `KP5-${index}`),
    });
    const copied = await server.call(changeProductState, { Ids: [created.Id], Action: 'copy' }, { token });
    expect(copied.body.Errmsg).toBe('');
    const ids = [created.Id, ...copied.body.CreatedIds].sort((left, right) => right - left);
    expect(ids).toHaveLength(2);
    expect((await foundIds('kp5-2')).sort((left, right) => right - left)).toEqual(ids);
  });

  it.each(['测试', 'T恤', 'TEST-001', 'test', '01', '纯棉', 'a', '%', '-1'])(
    'for %s, the rows, their order, the total and the tab counts are those of the tables',
    async (keyword) => {
      const expected = await expectedMatches(keyword);
      const body = await list({ keyword, pageSize: 50 });
      expect(body.Total).toBe(expected.length);
      expect(body.Data.map((row) => row.Id)).toEqual(expected.slice(0, 50).map((row) => row.id));
      expect(body.Counts).toEqual({
        onShelf: expected.filter((row) => row.shelf_state === 'on').length,
        offShelf: expected.filter((row) => row.shelf_state === 'off').length,
        pendingAudit: expected.filter((row) => row.audit_state === 'pending').length,
        soldOut: expected.filter((row) => row.total_stock === 0).length,
        all: expected.length,
      });
      const onShelf = await list({ keyword, tab: 'onShelf', page: 2, pageSize: 5, sort: 'price' });
      expect(onShelf.Total).toBe(body.Counts.onShelf);
    },
  );

  it('keeps an empty page with its counts past the last match', async () => {
    const body = await list({ keyword: 'TEST-001', page: 999, pageSize: 50 });
    expect(body.Data).toEqual([]);
    expect(body.Total).toBe((await expectedMatches('TEST-001')).length);
    expect(body.Total).toBeGreaterThan(0);
  });

  it('never finds another shop’s goods', async () => {
    const otherToken = await server.login('site2');
    const response = await server.call(
      saveProduct,
      goodsForm(await leafCategory(server, SECOND_SITE), { Name: '别家独有搜索商品', Code: 'OTHER-SHOP-9' }),
      { token: otherToken },
    );
    expect(response.body.Errmsg).toBe('');
    expect(await foundIds('别家独有')).toEqual([]);
    expect(await foundIds('other-shop-9')).toEqual([]);
    const own = await server.call(getProductList, { keyword: '别家独有' }, { token: otherToken });
    expect(own.body.Data.map((row) => row.Id)).toEqual([response.body.Id]);
  });
});
