import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bindRelatedProducts,
  changeProductState,
  getProductInfo,
  getProductList,
  getRelatedProducts,
  getSelectProducts,
  type ProductRow,
  saveProduct,
  setProductSort,
  setSalesBase,
} from '../../contract/endpoints/goods';
import {
  auditActions,
  createGoods,
  goodsForm,
  goodsRow,
  leafCategory,
  MALL_SITE,
  SECOND_SITE,
  setAuditRequired,
  someGoods,
} from './goods-helpers';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin');
});
afterAll(() => server.close());

async function list(input: Record<string, unknown> = {}) {
  const response = await server.call(getProductList, input, { token });
  expect(response.body.Errmsg).toBe('');
  return response.body;
}

async function siteCount(condition = sql`true`): Promise<number> {
  const [row] = await server.query<{ n: number }>(
    sql`select count(*)::int as n from products where site_id = ${MALL_SITE} and recycle_state = 'active' and ${condition}`,
  );
  return row!.n;
}

describe('GetProductList', () => {
  it('pages the site’s active goods by sort value, newest first, with live tab counts', async () => {
    const body = await list();
    expect(body.Data).toHaveLength(20);
    expect(body.Total).toBe(await siteCount());
    expect(body.Total).toBeGreaterThanOrEqual(200);
    expect(body.Counts.all).toBe(body.Total);
    expect(body.Counts.onShelf + body.Counts.offShelf).toBe(body.Counts.all);
    expect(body.Counts.onShelf).toBe(await siteCount(sql`shelf_state = 'on'`));
    expect(body.Counts.pendingAudit).toBe(await siteCount(sql`audit_state = 'pending'`));
    expect(body.Counts.soldOut).toBe(await siteCount(sql`total_stock = 0`));
    expect(body.AuditRequired).toBe(true);
    const keys = body.Data.map((row) => [row.Sort, row.Id]);
    const sorted = [...keys].sort((left, right) => right[0]! - left[0]! || right[1]! - left[1]!);
    expect(keys).toEqual(sorted);
    const ids = body.Data.map((row) => row.Id);
    const owners = await server.query<{ site_id: number }>(
      sql`select distinct site_id from products where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect(owners).toEqual([{ site_id: MALL_SITE }]);
  });

  it.each([
    ['onShelf', (row: ProductRow) => row.ShelfState === 'on'],
    ['offShelf', (row: ProductRow) => row.ShelfState === 'off'],
    ['pendingAudit', (row: ProductRow) => row.AuditState === 'pending'],
    ['soldOut', (row: ProductRow) => row.TotalStock === 0],
  ])('tab %s lists only its goods and its count is the total', async (tab, matches) => {
    const body = await list({ tab, pageSize: 100 });
    expect(body.Data.length).toBeGreaterThan(0);
    expect(body.Data.every(matches)).toBe(true);
    expect(body.Total).toBe(body.Counts[tab as keyof typeof body.Counts]);
  });

  it('pages without overlap', async () => {
    const first = await list({ page: 1, pageSize: 10, sort: 'createdAt' });
    const second = await list({ page: 2, pageSize: 10, sort: 'createdAt' });
    const firstIds = new Set(first.Data.map((row) => row.Id));
    expect(second.Data.some((row) => firstIds.has(row.Id))).toBe(false);
    expect(first.Data.at(-1)!.CreatedAt <= second.Data[0]!.CreatedAt).toBe(true);
  });

  it('finds goods by name, goods code or SKU code, and counts only the matches', async () => {
    const created = await createGoods(server, token, {
      Name: '独一无二的搜索测试商品',
      Code: 'UNIQ-CODE-7',
    });
    const byName = await list({ keyword: '独一无二' });
    expect(byName.Data.map((row) => row.Id)).toEqual([created.Id]);
    expect(byName.Counts.all).toBe(1);
    expect((await list({ keyword: 'uniq-code' })).Data.map((row) => row.Id)).toEqual([created.Id]);
    expect((await list({ keyword: 'UNIQ-CODE-7' })).Total).toBe(1);
    // The helper's SKU codes are TEST-001-n; this goods' own code differs.
    expect((await list({ keyword: 'TEST-001-3' })).Data.map((row) => row.Id)).toContain(created.Id);
    expect((await list({ keyword: '100%_' })).Total).toBe(0);
  });

  it('filters by a category including its sub-categories', async () => {
    const [top] = await server.query<{ id: number }>(
      sql`select id from product_categories where site_id = ${MALL_SITE} and parent_id is null order by sort, id limit 1`,
    );
    const body = await list({ categoryId: top!.id, pageSize: 100 });
    const expected = await siteCount(
      sql`category_id in (select id from product_categories where parent_id = ${top!.id} or id = ${top!.id})`,
    );
    expect(body.Total).toBe(expected);
    expect(expected).toBeGreaterThan(0);
    const childIds = (
      await server.query<{ id: number }>(sql`select id from product_categories where parent_id = ${top!.id}`)
    ).map((row) => row.id);
    expect(body.Data.every((row) => childIds.includes(row.CategoryId!))).toBe(true);
  });

  it('filters by price and stock ranges, and sorts by price', async () => {
    const body = await list({ priceMin: 5000, priceMax: 10000, stockMin: 100, sort: 'price', pageSize: 100 });
    expect(body.Total).toBe(await siteCount(sql`price_fen between 5000 and 10000 and total_stock >= 100`));
    expect(
      body.Data.every((row) => row.PriceFen >= 5000 && row.PriceFen <= 10000 && row.TotalStock >= 100),
    ).toBe(true);
    const prices = body.Data.map((row) => row.PriceFen);
    expect(prices).toEqual([...prices].sort((left, right) => left - right));
    const descending = await list({ sort: '-stock', pageSize: 5 });
    const stocks = descending.Data.map((row) => row.TotalStock);
    expect(stocks).toEqual([...stocks].sort((left, right) => right - left));
  });

  it('filters by creation day in China time', async () => {
    await server.query(sql`update products set created_at = '2024-03-01T23:30:00+08:00' where id = (
      select id from products where site_id = ${MALL_SITE} and recycle_state = 'active' order by id limit 1)`);
    const body = await list({ createdFrom: '2024-03-01', createdTo: '2024-03-01' });
    expect(body.Total).toBe(1);
    expect(body.Data[0]!.CreatedAt).toBe('2024-03-01T15:30:00.000Z');
    expect((await list({ createdFrom: '2024-03-02', createdTo: '2024-03-02' })).Total).toBe(0);
  });

  it.each([
    [{ priceMin: 500, priceMax: 100 }, /priceMin must not be greater than priceMax/],
    [
      { createdFrom: '2024-05-02', createdTo: '2024-05-01' },
      /createdFrom must not be greater than createdTo/,
    ],
    [{ pageSize: 101 }, /pageSize: must be at most 100/],
    [{ tab: 'everything' }, /tab: must be one of onShelf, offShelf, pendingAudit, soldOut, all/],
    [{ sort: 'secret' }, /sort: must be one of/],
    [{ createdFrom: 'yesterday' }, /createdFrom/],
    [{ colour: 'red' }, /colour: unknown field/],
  ])('refuses %j with a message naming the field', async (input, message) => {
    const response = await server.call(getProductList, input, { token });
    expect(response.body.Errcode).toBe(-1);
    expect(response.body.Errmsg).toMatch(message);
  });

  it('needs a session and the goods list permission', async () => {
    expect((await server.call(getProductList, {}, {})).status).toBe(401);
    const editor = await server.login('store');
    expect((await server.call(getProductList, {}, { token: editor })).body.Errcode).toBe(0);
  });
});

describe('GetProductInfo', () => {
  it('returns the goods with specs, SKUs, groups and stock log', async () => {
    const created = await createGoods(server, token);
    const response = await server.call(getProductInfo, { id: created.Id }, { token });
    const body = response.body;
    expect(body.Errcode).toBe(0);
    expect(body.Name).toBe('测试纯棉T恤');
    expect(body.Specs).toEqual([
      { Name: '颜色', Values: ['红色', '蓝色', '黑色'] },
      { Name: '尺码', Values: ['M', 'L'] },
    ]);
    expect(body.Skus.map((sku) => sku.SpecText)).toEqual([
      '红色/M',
      '红色/L',
      '蓝色/M',
      '蓝色/L',
      '黑色/M',
      '黑色/L',
    ]);
    expect(body.TotalStock).toBe(60);
    expect(body.PriceFen).toBe(5990);
    expect(body.MaxPriceFen).toBe(6490);
    expect(body.StockLog).toHaveLength(6);
    expect(
      body.StockLog.every((row) => row.Kind === 'initial' && row.Delta === 10 && row.By === 'admin'),
    ).toBe(true);
  });

  it('does not show goods of another site', async () => {
    const other = await someGoods(server, SECOND_SITE);
    const response = await server.call(getProductInfo, { id: other }, { token });
    expect(response.body.Errcode).toBe(-1);
    expect(response.body.Errmsg).toBe(`Goods ${other} do not exist`);
  });
});

describe('BindProductInfo', () => {
  it('creates goods waiting for audit, with a sanitised description, SKUs, stock log and audit row', async () => {
    const created = await createGoods(server, token);
    expect(created).toMatchObject({ ShelfState: 'off', AuditState: 'pending', AutoShelf: false, Version: 1 });
    const info = (await server.call(getProductInfo, { id: created.Id }, { token })).body;
    expect(info.Description).toBe('<p>好看</p>');
    expect(info.Skus).toHaveLength(6);
    expect(await auditActions(server, `product:${created.Id}`)).toEqual(['product.create']);
  });

  it('puts new goods on the shelf on save when the site does not require audit', async () => {
    await setAuditRequired(server, MALL_SITE, false);
    try {
      const created = await createGoods(server, token, { OnShelf: true });
      expect(created).toMatchObject({ ShelfState: 'on', AuditState: 'approved' });
    } finally {
      await setAuditRequired(server, MALL_SITE, true);
    }
  });

  it('keeps goods waiting for audit off the shelf and marks them to go on when approved', async () => {
    const created = await createGoods(server, token, { OnShelf: true });
    expect(created).toMatchObject({ ShelfState: 'off', AuditState: 'pending', AutoShelf: true });
  });

  it('refuses to shelve goods without SKUs or with a zero price, saving nothing', async () => {
    await setAuditRequired(server, MALL_SITE, false);
    try {
      const before = await siteCount();
      const category = await leafCategory(server, MALL_SITE);
      const noSku = await server.call(
        saveProduct,
        goodsForm(category, { Specs: [], Skus: [], OnShelf: true }),
        { token },
      );
      expect(noSku.body.Errcode).toBe(-1);
      expect(noSku.body.Errmsg).toBe('“测试纯棉T恤” cannot go on the shelf: they have no SKU');
      const free = await server.call(
        saveProduct,
        goodsForm(category, {
          Specs: [],
          Skus: [{ SpecValues: [], PriceFen: 0, Stock: 1, Code: '', WeightG: 0, VolumeCm3: 0, Image: '' }],
          OnShelf: true,
        }),
        { token, locale: 'zh-CN' },
      );
      expect(free.body.Errmsg).toBe('「测试纯棉T恤」不能上架：商品价格为 0');
      expect(await siteCount()).toBe(before);
    } finally {
      await setAuditRequired(server, MALL_SITE, true);
    }
  });

  it('sends approved goods back to audit and off the shelf when an audited field changes', async () => {
    const created = await createGoods(server, token);
    await server.query(
      sql`update products set audit_state = 'approved', shelf_state = 'on' where id = ${created.Id}`,
    );
    const info = (await server.call(getProductInfo, { id: created.Id }, { token })).body;
    const category = await leafCategory(server, MALL_SITE);
    const skus = info.Skus.map((sku) => ({
      Id: sku.Id,
      SpecValues: sku.SpecValues,
      PriceFen: sku.PriceFen,
      Stock: sku.Stock,
      Code: sku.Code,
      WeightG: sku.WeightG,
      VolumeCm3: sku.VolumeCm3,
      Image: sku.Image,
    }));

    const subtitleOnly = await server.call(
      saveProduct,
      goodsForm(category, { Id: created.Id, Version: info.Version, Subtitle: '新副标题', Skus: skus }),
      { token },
    );
    expect(subtitleOnly.body).toMatchObject({
      Errcode: 0,
      AuditState: 'approved',
      ShelfState: 'on',
      Version: 2,
    });

    const repriced = await server.call(
      saveProduct,
      goodsForm(category, {
        Id: created.Id,
        Version: 2,
        Subtitle: '新副标题',
        Skus: skus.map((sku, index) => (index === 0 ? { ...sku, PriceFen: 4990 } : sku)),
      }),
      { token },
    );
    expect(repriced.body).toMatchObject({
      Errcode: 0,
      AuditState: 'pending',
      ShelfState: 'off',
      AutoShelf: true,
      Version: 3,
    });
    expect(await goodsRow(server, created.Id)).toMatchObject({
      price_fen: 4990,
      audit_state: 'pending',
      shelf_state: 'off',
    });
  });

  it('resubmits rejected goods for audit on any save', async () => {
    const created = await createGoods(server, token);
    await server.query(
      sql`update products set audit_state = 'rejected', reject_reason = '图片模糊' where id = ${created.Id}`,
    );
    const category = await leafCategory(server, MALL_SITE);
    const info = (await server.call(getProductInfo, { id: created.Id }, { token })).body;
    const saved = await server.call(
      saveProduct,
      goodsForm(category, {
        Id: created.Id,
        Version: info.Version,
        Subtitle: '换了副标题',
        Specs: [],
        Skus: [],
      }),
      { token },
    );
    expect(saved.body).toMatchObject({ Errcode: 0, AuditState: 'pending' });
    expect(await goodsRow(server, created.Id)).toMatchObject({ reject_reason: '', total_stock: 0 });
  });

  it('refuses a stale version with a Version field error and changes nothing', async () => {
    const created = await createGoods(server, token);
    const category = await leafCategory(server, MALL_SITE);
    const first = await server.call(
      saveProduct,
      goodsForm(category, { Id: created.Id, Version: 1, Name: '第一次' }),
      { token },
    );
    expect(first.body.Errcode).toBe(0);
    const stale = await server.call(
      saveProduct,
      goodsForm(category, { Id: created.Id, Version: 1, Name: '第二次' }),
      { token },
    );
    expect(stale.body.Errcode).toBe(-1);
    expect(stale.body.Errmsg).toBe(
      'This record was changed by someone else since you opened it; reload it and try again',
    );
    expect(stale.body.ErrShowType).toBe(1);
    expect((stale.body as unknown as { Errors: { Field: string }[] }).Errors[0]!.Field).toBe('Version');
    expect((await goodsRow(server, created.Id)).name).toBe('第一次');
    const missing = await server.call(saveProduct, goodsForm(category, { Id: created.Id, Name: '无版本' }), {
      token,
    });
    expect(missing.body.Errmsg).toBe('Version is required to change an existing record');
  });

  it('removes dropped SKUs with their stock leaving the ledger balanced', async () => {
    const created = await createGoods(server, token);
    const info = (await server.call(getProductInfo, { id: created.Id }, { token })).body;
    const kept = info.Skus.slice(0, 2).map((sku) => ({
      Id: sku.Id,
      SpecValues: sku.SpecValues,
      PriceFen: sku.PriceFen,
      Stock: 25,
    }));
    const saved = await server.call(
      saveProduct,
      goodsForm(await leafCategory(server, MALL_SITE), {
        Id: created.Id,
        Version: info.Version,
        Specs: [
          { Name: '颜色', Values: ['红色'] },
          { Name: '尺码', Values: ['M', 'L'] },
        ],
        Skus: kept as never,
      }),
      { token },
    );
    expect(saved.body.Errcode).toBe(0);
    const after = (await server.call(getProductInfo, { id: created.Id }, { token })).body;
    expect(after.Skus.map((sku) => [sku.SpecText, sku.Stock])).toEqual([
      ['红色/M', 25],
      ['红色/L', 25],
    ]);
    expect(after.TotalStock).toBe(50);
    const [ledger] = await server.query<{ total: number }>(
      sql`select sum(delta)::int as total from stock_log where product_id = ${created.Id}`,
    );
    expect(ledger!.total).toBe(50);
  });

  it.each([
    [
      'a repeated spec value',
      { Specs: [{ Name: '颜色', Values: ['红色', '红色'] }], Skus: [] },
      /The value “红色” is listed twice/,
      'Specs.0.Values',
    ],
    [
      'a SKU with a value its spec lacks',
      {
        Specs: [{ Name: '颜色', Values: ['红色'] }],
        Skus: [{ SpecValues: ['绿色'], PriceFen: 100, Stock: 1 }],
      },
      /“绿色” is not a value of the spec “颜色”/,
      'Skus.0.SpecValues',
    ],
    [
      'the same combination twice',
      {
        Specs: [{ Name: '颜色', Values: ['红色'] }],
        Skus: [
          { SpecValues: ['红色'], PriceFen: 100, Stock: 1 },
          { SpecValues: ['红色'], PriceFen: 200, Stock: 1 },
        ],
      },
      /The combination 红色 appears twice/,
      'Skus.1.SpecValues',
    ],
    [
      'a negative price',
      { Specs: [], Skus: [{ SpecValues: [], PriceFen: -1, Stock: 1 }] },
      /Skus.0.PriceFen: must be at least 0/,
      'Skus.0.PriceFen',
    ],
    ['an empty name', { Name: '  ' }, /Name: is required/, 'Name'],
    [
      'a script address in the gallery',
      { Gallery: ['javascript:alert(1)'] },
      /Gallery.0: has the wrong format/,
      'Gallery.0',
    ],
  ])('refuses %s naming the field', async (_, overrides, message, field) => {
    const category = await leafCategory(server, MALL_SITE);
    const response = await server.call(saveProduct, goodsForm(category, overrides as never), { token });
    expect(response.body.Errcode).toBe(-1);
    expect(response.body.Errmsg).toMatch(message);
    expect((response.body as unknown as { Errors: { Field: string }[] }).Errors[0]!.Field).toBe(field);
  });

  it('refuses another site’s category and freight template', async () => {
    const foreign = await leafCategory(server, SECOND_SITE);
    const response = await server.call(saveProduct, goodsForm(foreign), { token });
    expect(response.body.Errmsg).toBe(`Category ${foreign} does not exist`);
    const [template] = await server.query<{ id: number }>(
      sql`select id from freight_templates where site_id = ${SECOND_SITE} limit 1`,
    );
    const withTemplate = await server.call(
      saveProduct,
      goodsForm(await leafCategory(server, MALL_SITE), { FreightTemplateId: template!.id }),
      { token },
    );
    expect(withTemplate.body.Errmsg).toBe(`Freight template ${template!.id} does not exist`);
  });

  it('lets a store account edit goods but not publish new ones', async () => {
    const store = await server.login('store');
    const category = await leafCategory(server, MALL_SITE);
    const create = await server.call(saveProduct, goodsForm(category), { token: store });
    expect(create.status).toBe(403);
    expect(create.body.Errcode).toBe(-1);
    const created = await createGoods(server, token);
    const edit = await server.call(
      saveProduct,
      goodsForm(category, { Id: created.Id, Version: 1, Name: '门店改名' }),
      {
        token: store,
      },
    );
    expect(edit.body.Errcode).toBe(0);
  });
});

describe('BindProductState', () => {
  it('puts goods on and off the shelf, skipping ones already there', async () => {
    await setAuditRequired(server, MALL_SITE, false);
    try {
      const a = await createGoods(server, token);
      const b = await createGoods(server, token, { OnShelf: true });
      const on = await server.call(changeProductState, { Ids: [a.Id, b.Id], Action: 'putOn' }, { token });
      expect(on.body).toMatchObject({ Errcode: 0, Changed: [a.Id], Unchanged: [b.Id] });
      expect((await goodsRow(server, a.Id)).shelf_state).toBe('on');
      const off = await server.call(changeProductState, { Ids: [a.Id, b.Id], Action: 'takeOff' }, { token });
      expect(off.body).toMatchObject({ Changed: [a.Id, b.Id], Unchanged: [] });
      expect(await auditActions(server, `product:${a.Id}`)).toEqual([
        'product.create',
        'product.putOn',
        'product.takeOff',
      ]);
    } finally {
      await setAuditRequired(server, MALL_SITE, true);
    }
  });

  it('refuses to shelve goods not approved in audit, and a bulk call changes nothing then', async () => {
    const approved = await someGoods(server, MALL_SITE, { shelf: 'off', audit: 'approved' });
    const pending = await createGoods(server, token, { Name: '待审核商品' });
    const response = await server.call(
      changeProductState,
      { Ids: [approved, pending.Id], Action: 'putOn' },
      { token },
    );
    expect(response.body.Errcode).toBe(-1);
    expect(response.body.Errmsg).toBe(
      '“待审核商品” cannot go on the shelf: they have not been approved in audit',
    );
    expect((await goodsRow(server, approved)).shelf_state).toBe('off');
  });

  it('moves goods to the recycle bin off the shelf, after which they cannot be shelved', async () => {
    const id = await someGoods(server, MALL_SITE, { shelf: 'on' });
    const name = (await goodsRow(server, id)).name;
    const recycled = await server.call(changeProductState, { Ids: [id], Action: 'recycle' }, { token });
    expect(recycled.body).toMatchObject({ Errcode: 0, Changed: [id] });
    expect(await goodsRow(server, id)).toMatchObject({ recycle_state: 'recycled', shelf_state: 'off' });
    expect((await list({ keyword: name })).Data.map((row) => row.Id)).not.toContain(id);
    const putOn = await server.call(changeProductState, { Ids: [id], Action: 'putOn' }, { token });
    expect(putOn.body.Errmsg).toBe(`“${name}” cannot be put on the shelf: it is in the recycle bin`);
    const again = await server.call(
      changeProductState,
      { Ids: [id], Action: 'recycle' },
      { token, locale: 'zh' },
    );
    expect(again.body).toMatchObject({ Errcode: 0, Changed: [], Unchanged: [id] });
  });

  it('copies goods off the shelf with the same SKUs and no stock', async () => {
    const created = await createGoods(server, token, { Name: '原始商品' });
    const response = await server.call(
      changeProductState,
      { Ids: [created.Id], Action: 'copy' },
      { token, locale: 'zh-CN' },
    );
    expect(response.body.Errcode).toBe(0);
    const [copyId] = response.body.CreatedIds;
    const copy = (await server.call(getProductInfo, { id: copyId }, { token })).body;
    expect(copy).toMatchObject({
      Name: '原始商品 - 副本',
      ShelfState: 'off',
      AuditState: 'pending',
      TotalStock: 0,
      PriceFen: 5990,
    });
    expect(copy.Skus.map((sku) => [sku.SpecText, sku.Stock])).toEqual([
      ['红色/M', 0],
      ['红色/L', 0],
      ['蓝色/M', 0],
      ['蓝色/L', 0],
      ['黑色/M', 0],
      ['黑色/L', 0],
    ]);
    const store = await server.login('store');
    expect(
      (await server.call(changeProductState, { Ids: [created.Id], Action: 'copy' }, { token: store })).status,
    ).toBe(403);
  });

  it.each([
    [{ Ids: [], Action: 'putOn' }, /Ids: must have at least 1 items/],
    [{ Ids: [1, 1], Action: 'putOn' }, /Id 1 is given more than once/],
    [{ Ids: [1], Action: 'explode' }, /Action: must be one of putOn, takeOff, recycle, copy/],
    [{ Ids: [999999], Action: 'takeOff' }, /Goods 999999 do not exist/],
  ])('refuses %j', async (input, message) => {
    const response = await server.call(changeProductState, input, { token });
    expect(response.body.Errcode).toBe(-1);
    expect(response.body.Errmsg).toMatch(message);
  });
});

describe('BindProductTaxis and BindPubupdateSales', () => {
  it('sets sort values that the list order follows, with version checks', async () => {
    const a = await createGoods(server, token, { Name: '排序甲' });
    const b = await createGoods(server, token, { Name: '排序乙' });
    const response = await server.call(
      setProductSort,
      {
        Items: [
          { Id: a.Id, Sort: 999_001, Version: 1 },
          { Id: b.Id, Sort: 999_000 },
        ],
      },
      { token },
    );
    expect(response.body.Versions).toEqual([
      { Id: a.Id, Version: 2 },
      { Id: b.Id, Version: 2 },
    ]);
    expect((await list({ pageSize: 2 })).Data.map((row) => row.Id)).toEqual([a.Id, b.Id]);
    const stale = await server.call(
      setProductSort,
      { Items: [{ Id: a.Id, Sort: 1, Version: 1 }] },
      { token },
    );
    expect(stale.body.Errcode).toBe(-1);
    expect((await goodsRow(server, a.Id)).sort).toBe(999_001);
  });

  it('sets the sales base shown in the list', async () => {
    const created = await createGoods(server, token, { Name: '销量基数商品' });
    const response = await server.call(
      setSalesBase,
      { Id: created.Id, SalesBase: 1234, Version: 1 },
      { token },
    );
    expect(response.body).toMatchObject({ Errcode: 0, Version: 2 });
    expect((await list({ keyword: '销量基数商品' })).Data[0]).toMatchObject({ SalesBase: 1234, Sales: 1234 });
    const negative = await server.call(setSalesBase, { Id: created.Id, SalesBase: -1 }, { token });
    expect(negative.body.Errmsg).toMatch(/SalesBase: must be at least 0/);
  });
});

describe('related goods and the goods picker', () => {
  it('binds related goods in order and lists them', async () => {
    const main = await createGoods(server, token, { Name: '主商品' });
    const first = await createGoods(server, token, { Name: '关联一' });
    const second = await createGoods(server, token, { Name: '关联二' });
    const bound = await server.call(
      bindRelatedProducts,
      { ProductId: main.Id, RelatedIds: [second.Id, first.Id] },
      { token },
    );
    expect(bound.body).toMatchObject({ Errcode: 0, RelatedIds: [second.Id, first.Id] });
    const related = await server.call(getRelatedProducts, { productId: main.Id }, { token });
    expect(related.body.Data.map((row) => row.Name)).toEqual(['关联二', '关联一']);
    expect((await server.call(getProductInfo, { id: main.Id }, { token })).body.RelatedIds).toEqual([
      second.Id,
      first.Id,
    ]);
    const self = await server.call(
      bindRelatedProducts,
      { ProductId: main.Id, RelatedIds: [main.Id] },
      { token },
    );
    expect(self.body.Errmsg).toBe('Goods cannot be related to themselves');
    const foreign = await someGoods(server, SECOND_SITE);
    const other = await server.call(
      bindRelatedProducts,
      { ProductId: main.Id, RelatedIds: [foreign] },
      { token },
    );
    expect(other.body.Errmsg).toBe(`Goods ${foreign} do not exist`);
    expect((await server.call(getRelatedProducts, { productId: main.Id }, { token })).body.Data).toHaveLength(
      2,
    );
  });

  it('offers active goods to pick, by keyword, shelf and excluding one', async () => {
    const created = await createGoods(server, token, { Name: '可选商品测试' });
    const picked = await server.call(getSelectProducts, { keyword: '可选商品测试' }, { token });
    expect(picked.body.Data).toEqual([
      {
        Id: created.Id,
        Name: '可选商品测试',
        Image: '/uploads/1/a.png',
        PriceFen: 5990,
        TotalStock: 60,
        ShelfState: 'off',
      },
    ]);
    expect(
      (await server.call(getSelectProducts, { keyword: '可选商品测试', onShelfOnly: 'true' }, { token })).body
        .Total,
    ).toBe(0);
    expect(
      (await server.call(getSelectProducts, { keyword: '可选商品测试', excludeId: created.Id }, { token }))
        .body.Total,
    ).toBe(0);
    const onShelf = await server.call(getSelectProducts, { onShelfOnly: '1', pageSize: 100 }, { token });
    expect(onShelf.body.Data.every((row) => row.ShelfState === 'on')).toBe(true);
  });
});
