import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bindCategory,
  bindProductCustomTypes,
  bindStoreCategories,
  type CategoryNode,
  deleteCustomTypes,
  getAttributeSpecs,
  getAttributeTypes,
  getCategoryTree,
  getCustomInfo,
  getCustomList,
  getFreightTemplates,
  getProductList,
  saveAttributeSpec,
  saveAttributeType,
  saveCustomType,
  searchCategories,
} from '../../contract/endpoints/goods';
import { auditActions, createGoods, MALL_SITE, SECOND_SITE } from './goods-helpers';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin');
});
afterAll(() => server.close());

async function tree(input: Record<string, unknown> = {}): Promise<CategoryNode[]> {
  const response = await server.call(getCategoryTree, input, { token });
  expect(response.body.Errmsg).toBe('');
  return response.body.Data;
}

function find(nodes: CategoryNode[], id: number): CategoryNode | undefined {
  for (const node of nodes) {
    if (node.Id === id) return node;
    const inside = find(node.Children, id);
    if (inside) return inside;
  }
  return undefined;
}

async function bind(input: Record<string, unknown>, options: { locale?: string } = {}) {
  return (await server.call(bindCategory, input, { token, ...options })).body;
}

describe('the category tree', () => {
  it('lists the site’s two-level tree in sort order with goods counts', async () => {
    const nodes = await tree();
    expect(nodes.map((node) => node.Name)).toEqual([
      '服装',
      '鞋靴',
      '数码配件',
      '食品饮料',
      '家居生活',
      '美妆个护',
    ]);
    expect(nodes[0]!.Children.map((node) => node.Name)).toEqual(['T恤', '衬衫', '卫衣', '裤装']);
    expect(nodes.every((node) => node.Children.every((child) => child.Children.length === 0))).toBe(true);
    const tshirts = nodes[0]!.Children[0]!;
    const [count] = await server.query<{ n: number }>(
      sql`select count(*)::int as n from products where category_id = ${tshirts.Id} and recycle_state = 'active'`,
    );
    expect(tshirts.GoodsCount).toBe(count!.n);
    const foreign = await server.query<{ id: number }>(
      sql`select id from product_categories where site_id = ${SECOND_SITE}`,
    );
    expect(foreign.some((row) => find(nodes, row.id))).toBe(false);
  });

  it('searches categories by name with their path', async () => {
    const response = await server.call(searchCategories, { keyword: 't恤' }, { token });
    expect(response.body.Data).toEqual([
      expect.objectContaining({ Name: 'T恤', Path: '服装 / T恤', Depth: 2 }),
    ]);
    expect(response.body.Total).toBe(1);
  });

  it('adds, renames, moves by drag and deletes only empty categories, auditing each', async () => {
    const created = await bind({ Action: 'save', Name: '新分类', ParentId: null, Sort: 100 });
    expect(created).toMatchObject({ Errcode: 0, Version: 1 });
    const child = await bind({ Action: 'save', Name: '子分类', ParentId: created.Id });
    const renamed = await bind({
      Action: 'save',
      Id: created.Id,
      Version: 1,
      Name: '改名分类',
      Image: '/uploads/1/c.png',
      Sort: 100,
    });
    expect(renamed.Version).toBe(2);
    expect(find(await tree(), created.Id)).toMatchObject({ Name: '改名分类', Image: '/uploads/1/c.png' });

    const clothing = (await tree())[0]!;
    const moved = await bind({ Action: 'move', Id: child.Id, Version: 1, ParentId: clothing.Id, Index: 1 });
    expect(moved.Errcode).toBe(0);
    expect((await tree())[0]!.Children.map((node) => node.Name)).toEqual([
      'T恤',
      '子分类',
      '衬衫',
      '卫衣',
      '裤装',
    ]);

    const notEmpty = await bind({ Action: 'delete', Id: clothing.Id, Version: clothing.Version });
    expect(notEmpty.Errmsg).toBe(
      'The category “服装” still has sub-categories or goods; move or delete them first',
    );
    const deleted = await bind({ Action: 'delete', Id: created.Id, Version: 2 });
    expect(deleted.Errcode).toBe(0);
    expect(find(await tree(), created.Id)).toBeUndefined();
    expect(await auditActions(server, `category:${created.Id}`)).toEqual([
      'category.create',
      'category.update',
      'category.delete',
    ]);
  });

  it('refuses categories deeper than three levels and moves under their own subtree', async () => {
    const [top] = await tree();
    const level2 = top!.Children[0]!;
    const level3 = await bind({ Action: 'save', Name: '三级', ParentId: level2.Id });
    expect(level3.Errcode).toBe(0);
    const level4 = await bind({ Action: 'save', Name: '四级', ParentId: level3.Id }, { locale: 'zh' });
    expect(level4.Errmsg).toBe('分类最多 3 级');
    const cycle = await bind({
      Action: 'move',
      Id: top!.Id,
      Version: top!.Version,
      ParentId: level3.Id,
      Index: 0,
    });
    expect(cycle.Errmsg).toBe('A category cannot be moved under itself or one of its sub-categories');
    const tooDeep = await bind({
      Action: 'move',
      Id: level2.Id,
      Version: level2.Version,
      ParentId: (await tree())[1]!.Children[0]!.Id,
      Index: 0,
    });
    expect(tooDeep.Errmsg).toBe('Categories can be at most 3 levels deep');
  });

  it('refuses stale versions and other sites’ categories', async () => {
    const created = await bind({ Action: 'save', Name: '版本测试' });
    await bind({ Action: 'save', Id: created.Id, Version: 1, Name: '第一次' });
    const stale = await bind({ Action: 'save', Id: created.Id, Version: 1, Name: '第二次' });
    expect(stale.Errcode).toBe(-1);
    expect((stale as unknown as { Errors: { Field: string }[] }).Errors[0]!.Field).toBe('Version');
    const [foreign] = await server.query<{ id: number }>(
      sql`select id from product_categories where site_id = ${SECOND_SITE} limit 1`,
    );
    expect((await bind({ Action: 'save', Name: '外站', ParentId: foreign!.id })).Errmsg).toBe(
      `Category ${foreign!.id} does not exist`,
    );
    expect((await bind({ Action: 'delete', Id: foreign!.id, Version: 1 })).Errmsg).toBe(
      `Category ${foreign!.id} does not exist`,
    );
  });

  it.each([
    [{ Action: 'rename', Id: 1 }, /Action/],
    [{ Action: 'save', Name: '' }, /Name: is required/],
    [{ Action: 'save', Name: 'x'.repeat(31) }, /Name: must be at most 30 characters/],
    [{ Action: 'move', Id: 1, Version: 1, ParentId: null }, /Index: is required/],
  ])('refuses %j', async (input, message) => {
    const body = await bind(input);
    expect(body.Errcode).toBe(-1);
    expect(body.Errmsg).toMatch(message);
  });

  it('binds categories to a store and shows them on the tree for that store', async () => {
    const storeId = await server.accountId('store');
    const nodes = await tree();
    const wanted = [nodes[2]!.Id, nodes[3]!.Children[0]!.Id];
    const response = await server.call(bindStoreCategories, { StoreId: storeId, TypeIds: wanted }, { token });
    expect(response.body).toMatchObject({ Errcode: 0, Count: 2 });
    const forStore = await tree({ storeId });
    expect(forStore[2]!.StoreBound).toBe(true);
    expect(forStore[3]!.Children[0]!.StoreBound).toBe(true);
    expect(forStore[0]!.StoreBound).toBe(false);
    const notAStore = await server.call(
      bindStoreCategories,
      { StoreId: await server.accountId('editor'), TypeIds: wanted },
      { token },
    );
    expect(notAStore.body.Errmsg).toMatch(/^Store \d+ does not exist$/);
  });

  it('needs the classify permission to change the tree', async () => {
    const store = await server.login('store');
    const response = await server.call(bindCategory, { Action: 'save', Name: '门店分类' }, { token: store });
    expect(response.status).toBe(403);
    expect((await server.call(getCategoryTree, {}, { token: store })).body.Errcode).toBe(0);
  });
});

describe('custom types', () => {
  it('creates, lists, groups goods into, and deletes custom types', async () => {
    const created = (await server.call(saveCustomType, { Name: '夏日精选', Sort: 5 }, { token })).body;
    expect(created).toMatchObject({ Errcode: 0, Version: 1 });
    const goodsA = await createGoods(server, token, { Name: '分组商品甲' });
    const goodsB = await createGoods(server, token, { Name: '分组商品乙' });
    const grouped = await server.call(
      bindProductCustomTypes,
      { ProductIds: [goodsA.Id, goodsB.Id], CustomTypeIds: [created.Id], Mode: 'add' },
      { token },
    );
    expect(grouped.body.Count).toBe(2);
    const info = await server.call(getCustomInfo, { id: created.Id }, { token });
    expect(info.body).toMatchObject({ Name: '夏日精选', GoodsCount: 2, ProductIds: [goodsA.Id, goodsB.Id] });
    const listed = await server.call(getProductList, { customTypeId: created.Id }, { token });
    expect(listed.body.Total).toBe(2);

    await server.call(
      bindProductCustomTypes,
      { ProductIds: [goodsA.Id], CustomTypeIds: [created.Id], Mode: 'remove' },
      { token },
    );
    expect((await server.call(getCustomInfo, { id: created.Id }, { token })).body.ProductIds).toEqual([
      goodsB.Id,
    ]);

    const renamed = await server.call(
      saveCustomType,
      { Id: created.Id, Version: 1, Name: '夏日好物', Sort: 5 },
      { token },
    );
    expect(renamed.body.Version).toBe(2);
    const stale = await server.call(saveCustomType, { Id: created.Id, Version: 1, Name: '旧名' }, { token });
    expect(stale.body.Errcode).toBe(-1);

    const list = await server.call(getCustomList, { keyword: '夏日' }, { token });
    expect(list.body.Data.map((row) => row.Name)).toEqual(['夏日好物']);
    const all = await server.call(getCustomList, {}, { token });
    expect(all.body.Data.map((row) => row.Name)).toEqual([
      '新品上市',
      '夏日好物',
      '热销推荐',
      '限时特惠',
      '店长推荐',
    ]);

    const deleted = await server.call(deleteCustomTypes, { Ids: [created.Id] }, { token });
    expect(deleted.body.Deleted).toBe(1);
    expect((await server.call(getCustomInfo, { id: created.Id }, { token })).body.Errmsg).toBe(
      `Custom type ${created.Id} does not exist`,
    );
    const [links] = await server.query<{ n: number }>(
      sql`select count(*)::int as n from product_custom_type_links where custom_type_id = ${created.Id}`,
    );
    expect(links!.n).toBe(0);
  });

  it('refuses another site’s custom types and goods', async () => {
    const [foreign] = await server.query<{ id: number }>(
      sql`select id from product_custom_types where site_id = ${SECOND_SITE} limit 1`,
    );
    expect((await server.call(deleteCustomTypes, { Ids: [foreign!.id] }, { token })).body.Errmsg).toBe(
      `Custom type ${foreign!.id} does not exist`,
    );
    const [ownType] = await server.query<{ id: number }>(
      sql`select id from product_custom_types where site_id = ${MALL_SITE} limit 1`,
    );
    const [foreignGoods] = await server.query<{ id: number }>(
      sql`select id from products where site_id = ${SECOND_SITE} limit 1`,
    );
    const response = await server.call(
      bindProductCustomTypes,
      { ProductIds: [foreignGoods!.id], CustomTypeIds: [ownType!.id] },
      { token },
    );
    expect(response.body.Errmsg).toBe(`Goods ${foreignGoods!.id} do not exist`);
  });
});

describe('spec templates (formatProperties)', () => {
  it('lists the seeded templates with their spec names and values', async () => {
    const types = (await server.call(getAttributeTypes, {}, { token })).body.Data;
    const clothing = types.find((type) => type.Name === '服装')!;
    expect(clothing.SpecNames).toEqual(['颜色', '尺码']);
    const specs = (await server.call(getAttributeSpecs, { typeId: clothing.Id }, { token })).body.Data;
    expect(specs.find((spec) => spec.Name === '尺码')!.Values).toEqual(['S', 'M', 'L', 'XL', 'XXL']);
  });

  it('creates a template with specs, edits and deletes them with version checks', async () => {
    const type = (await server.call(saveAttributeType, { Action: 'save', Name: '箱包' }, { token })).body;
    expect(type).toMatchObject({ Errcode: 0, Version: 1 });
    const spec = (
      await server.call(
        saveAttributeSpec,
        { Action: 'save', TypeId: type.Id, Name: '容量', Values: ['20寸', '24寸'] },
        { token },
      )
    ).body;
    expect(spec.Errcode).toBe(0);
    const edited = await server.call(
      saveAttributeSpec,
      {
        Action: 'save',
        Id: spec.Id,
        Version: 1,
        TypeId: type.Id,
        Name: '尺寸',
        Values: ['20寸', '24寸', '28寸'],
      },
      { token },
    );
    expect(edited.body.Version).toBe(2);
    const duplicate = await server.call(
      saveAttributeSpec,
      { Action: 'save', TypeId: type.Id, Name: '颜色', Values: ['黑', '黑'] },
      { token },
    );
    expect(duplicate.body.Errmsg).toBe('The value “黑” is listed twice');
    expect((await server.call(getAttributeSpecs, { typeId: type.Id }, { token })).body.Data).toEqual([
      expect.objectContaining({ Name: '尺寸', Values: ['20寸', '24寸', '28寸'], Version: 2 }),
    ]);
    const stale = await server.call(
      saveAttributeType,
      { Action: 'delete', Id: type.Id, Version: 9 },
      { token },
    );
    expect(stale.body.Errcode).toBe(-1);
    const deleted = await server.call(
      saveAttributeType,
      { Action: 'delete', Id: type.Id, Version: 1 },
      { token },
    );
    expect(deleted.body.Errcode).toBe(0);
    const [left] = await server.query<{ n: number }>(
      sql`select count(*)::int as n from attribute_specs where type_id = ${type.Id}`,
    );
    expect(left!.n).toBe(0);
  });

  it('keeps each site’s templates to itself', async () => {
    const [foreign] = await server.query<{ id: number }>(
      sql`select id from attribute_types where site_id = ${SECOND_SITE} limit 1`,
    );
    expect((await server.call(getAttributeSpecs, { typeId: foreign!.id }, { token })).body.Errcode).toBe(-1);
    const move = await server.call(
      saveAttributeSpec,
      { Action: 'save', TypeId: foreign!.id, Name: '颜色', Values: ['红'] },
      { token },
    );
    expect(move.body.Errmsg).toBe(`Spec template ${foreign!.id} does not exist`);
  });
});

describe('GetSKUFreightTemplate', () => {
  it('lists the site’s freight templates, the default first', async () => {
    const response = await server.call(getFreightTemplates, {}, { token });
    expect(response.body.Data.map((row) => [row.Name, row.IsDefault])).toEqual([
      ['全国包邮', true],
      ['按件计费', false],
      ['偏远地区加价', false],
      ['按重量计费', false],
      ['大件按体积', false],
      ['同城满件包邮', false],
    ]);
  });
});
