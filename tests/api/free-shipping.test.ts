import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '../../contract/endpoints/free-shipping';
import { createOrder, quoteExpressFreight } from '../../contract/endpoints/storefront';
import { startTestServer, type TestServer } from './harness';
import {
  ADDRESS,
  expectError,
  MALL_SITE,
  perUnit,
  prepareSku,
  SECOND_SITE,
  storefront,
  storefrontKey,
  type TestSku,
} from './order-helpers';
import { fieldOf } from './points-helpers';

/**
 * Free-shipping activities (issue 18 §5) end to end: saved under the exclusion rule, listed by
 * state, switched and deleted by operators with the menu only; then applied to storefront orders and
 * freight quotes over their regions and goods, at their threshold and one past it, naming the waiver.
 * The regions are 湖南 and 湖北, which no other test or the demo seed gives free shipping.
 */

let server: TestServer;
let admin: string;
let key: string;
let first: TestSku;
let second: TestSku;

const DAY = 24 * 60 * 60 * 1000;
const HUNAN = '430000';
const CHANGSHA = '430100';
const HUBEI = '420000';
const toChangsha = { ...ADDRESS, Province: '湖南省', City: '长沙市', District: '岳麓区' };
const toZhuzhou = { ...ADDRESS, Province: '湖南省', City: '株洲市', District: '天元区' };
const toWuhan = { ...ADDRESS, Province: '湖北省', City: '武汉市', District: '洪山区' };

function form(changes: Partial<api.FreeShippingForm> = {}): api.FreeShippingForm {
  return {
    Name: '湖南满100包邮',
    StartsAt: new Date(Date.now() - DAY).toISOString(),
    EndsAt: new Date(Date.now() + 10 * DAY).toISOString(),
    Threshold: 'amount',
    MinimumFen: 10_000,
    MinimumQuantity: 0,
    RegionScope: 'chosen',
    Regions: [HUNAN],
    GoodsScope: 'all',
    ProductIds: [],
    Status: 'on',
    ...changes,
  };
}

async function create(changes: Partial<api.FreeShippingForm> = {}, token = admin): Promise<number> {
  const response = await server.call(api.bindFreeShipping, form(changes), { token });
  expect(response.body.Errmsg).toBe('');
  return response.body.Id;
}

async function remove(...ids: number[]) {
  const response = await server.call(api.deleteFreeShipping, { Ids: ids }, { token: admin });
  expect(response.body.Errcode).toBe(0);
}

let buyers = 0;
function order(lines: [TestSku, number][], Address = toChangsha) {
  buyers += 1;
  return storefront(server, key, createOrder, {
    Buyer: { Id: `free-shipping-${buyers}`, Name: '包邮测试', Phone: '13800000077' },
    DeliveryType: 'express',
    Address,
    Lines: lines.map(([sku, Quantity]) => ({ SkuId: sku.skuId, Quantity })),
  });
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  key = await storefrontKey(server, admin);
  // ¥10 for the first piece and ¥2 for each further one, per template.
  first = await prepareSku(server, MALL_SITE, 100, {
    skip: 3,
    freight: { DefaultRule: perUnit(1_000, 200) },
  });
  second = await prepareSku(server, MALL_SITE, 100, { skip: 4, freight: { DefaultRule: perUnit(800, 100) } });
  await server.query(sql`update skus set price_fen = 5000 where id in (${first.skuId}, ${second.skuId})`);
  first.priceFen = 5000;
  second.priceFen = 5000;
});
afterAll(() => server.close());

describe('saving activities', () => {
  it('creates an activity, reads it back with region names and lists it by state', async () => {
    const id = await create({
      Name: '读取测试',
      Regions: [CHANGSHA],
      GoodsScope: 'chosen',
      ProductIds: [first.productId],
    });
    const info = await server.call(api.getFreeShippingInfo, { id }, { token: admin });
    expect(info.body).toMatchObject({
      Id: id,
      Name: '读取测试',
      Threshold: 'amount',
      MinimumFen: 10_000,
      RegionScope: 'chosen',
      Regions: [{ Code: CHANGSHA, Name: '长沙市' }],
      GoodsScope: 'chosen',
      GoodsCount: 1,
      Goods: [expect.objectContaining({ Id: first.productId })],
      State: 'running',
      Status: 'on',
      Orders: 0,
    });
    const list = await server.call(
      api.getFreeShippingList,
      { state: 'running', keyword: '读取' },
      { token: admin },
    );
    expect(list.body.Data.map((row) => row.Id)).toEqual([id]);
    expect(list.body.Counts.running).toBeGreaterThanOrEqual(1);
    await remove(id);
  });

  it('counts each state from the time and the switch', async () => {
    const counts = async () =>
      (await server.call(api.getFreeShippingList, {}, { token: admin })).body.Counts as Record<
        (typeof api.FREE_SHIPPING_TABS)[number],
        number
      >;
    const before = await counts();
    const ids = [
      await create({ Name: '未开始', StartsAt: new Date(Date.now() + DAY).toISOString(), Regions: [HUBEI] }),
      await create({
        Name: '已结束',
        StartsAt: new Date(Date.now() - 3 * DAY).toISOString(),
        EndsAt: new Date(Date.now() - DAY).toISOString(),
      }),
      await create({ Name: '已关闭', Status: 'off' }),
    ];
    expect(await counts()).toEqual({
      ...before,
      all: before.all + 3,
      notStarted: before.notStarted + 1,
      ended: before.ended + 1,
      off: before.off + 1,
    });
    await remove(...ids);
  });

  it.each([
    ['an amount of 0', { MinimumFen: 0 }, 'MinimumFen', /Enter the amount/],
    [
      'no pieces by pieces',
      { Threshold: 'quantity' as const, MinimumQuantity: 0 },
      'MinimumQuantity',
      /number of pieces/,
    ],
    ['no region chosen', { Regions: [] }, 'Regions', /at least one region/],
    ['a district code', { Regions: ['430104'] }, 'Regions.0', undefined],
    ['a code of no region', { Regions: ['990000'] }, 'Regions', /990000 is not a province or city/],
    ['no goods chosen', { GoodsScope: 'chosen' as const }, 'ProductIds', /at least one good/],
    [
      'an end before the start',
      { EndsAt: new Date(Date.now() - 2 * DAY).toISOString() },
      'EndsAt',
      /after the start/,
    ],
    ['a name of 31 characters', { Name: '包'.repeat(31) }, 'Name', undefined],
    [
      'goods of no shop',
      { GoodsScope: 'chosen' as const, ProductIds: [99_999_999] },
      'ProductIds',
      /not in this shop/,
    ],
  ])('refuses %s, naming the field', async (_, changes, field, message) => {
    const response = await server.call(api.bindFreeShipping, form(changes), { token: admin });
    expectError(response, message);
    expect(fieldOf(response)).toBe(field);
  });

  it('refuses a second activity over the same goods, region and time, naming the other and the region', async () => {
    const id = await create({ Name: '湖南全场包邮' });
    const overlapping = await server.call(
      api.bindFreeShipping,
      form({ Name: '长沙满件包邮', Threshold: 'quantity', MinimumQuantity: 2, Regions: [CHANGSHA] }),
      { token: admin },
    );
    expectError(
      overlapping,
      '“湖南全场包邮” already gives free shipping on some of these goods to 长沙市 at the same time',
    );
    expect(fieldOf(overlapping)).toBe('Regions');
    // Switched off, another region, other goods or another time may be saved.
    const off = await create({ Name: '长沙备用', Regions: [CHANGSHA], Status: 'off' });
    const elsewhere = await create({ Name: '湖北包邮', Regions: [HUBEI] });
    const later = await create({
      Name: '下月湖南包邮',
      StartsAt: new Date(Date.now() + 10 * DAY).toISOString(),
      EndsAt: new Date(Date.now() + 20 * DAY).toISOString(),
    });
    // Switching the spare one on meets the same rule.
    const switched = await server.call(
      api.setFreeShippingStatus,
      { Ids: [off], Status: 'on' },
      { token: admin },
    );
    expectError(switched, /湖南全场包邮/);
    expect(fieldOf(switched)).toBe('Regions');
    await remove(id, off, elsewhere, later);
  });

  it('saves with the version read; a stale save is refused for a reload', async () => {
    const id = await create({ Name: '版本测试', Regions: [HUBEI] });
    const saved = await server.call(
      api.bindFreeShipping,
      { ...form({ Name: '版本测试2', Regions: [HUBEI] }), Id: id, Version: 1 },
      { token: admin },
    );
    expect(saved.body).toMatchObject({ Errcode: 0, Version: 2 });
    const stale = await server.call(
      api.bindFreeShipping,
      { ...form({ Name: '旧版本', Regions: [HUBEI] }), Id: id, Version: 1 },
      { token: admin },
    );
    expect(stale.body).toMatchObject({ Errcode: -1, StaleVersion: true, CurrentVersion: 2 });
    const [logged] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from audit_log where target = ${`freeShipping:${id}`}`,
    );
    expect(logged!.count).toBe(2);
    await remove(id);
    const gone = await server.call(api.getFreeShippingInfo, { id }, { token: admin });
    expectError(gone, `There is no free-shipping activity ${id} in this shop`);
  });

  it('refuses accounts without the menu', async () => {
    const sub = await server.login('sub', { siteId: MALL_SITE });
    for (const [endpoint, input] of [
      [api.getFreeShippingList, {}],
      [api.getFreeShippingInfo, { id: 1 }],
      [api.bindFreeShipping, form()],
      [api.setFreeShippingStatus, { Ids: [1], Status: 'off' }],
      [api.deleteFreeShipping, { Ids: [1] }],
    ] as const) {
      expect((await server.call(endpoint, input, { token: sub })).status).toBe(403);
    }
  });
});

describe('applied to orders', () => {
  it('waives the freight at the amount and keeps it one fen short, naming the activity', async () => {
    const id = await create({ Name: '湖南满100包邮', MinimumFen: 10_000 });
    const met = await order([[first, 2]]);
    expect(met.body.Order).toMatchObject({
      GoodsFen: 10_000,
      FreightFen: 0,
      TotalFen: 10_000,
      FreightWaivedBy: 'freeShippingActivity',
      FreeShippingActivity: { Id: id, Name: '湖南满100包邮' },
    });
    await server.call(
      api.bindFreeShipping,
      { ...form({ MinimumFen: 10_001 }), Id: id, Version: 1 },
      { token: admin },
    );
    const short = await order([[first, 2]]);
    expect(short.body.Order).toMatchObject({
      FreightFen: 1_200,
      FreightWaivedBy: null,
      FreeShippingActivity: null,
    });
    const list = await server.call(api.getFreeShippingList, { keyword: '湖南满100' }, { token: admin });
    expect(list.body.Data[0]).toMatchObject({ Id: id, Orders: 1 });
    await remove(id);
  });

  it('waives by pieces: at the count, not one short', async () => {
    const id = await create({
      Name: '湖南满3件包邮',
      Threshold: 'quantity',
      MinimumQuantity: 3,
      MinimumFen: 0,
    });
    expect((await order([[first, 3]])).body.Order).toMatchObject({ FreightFen: 0 });
    expect((await order([[first, 2]])).body.Order).toMatchObject({ FreightFen: 1_200 });
    await remove(id);
  });

  it('covers only its regions: a chosen city, not its neighbour, nor another province', async () => {
    const id = await create({ Name: '长沙包邮', Regions: [CHANGSHA], MinimumFen: 1 });
    expect((await order([[first, 1]], toChangsha)).body.Order).toMatchObject({ FreightFen: 0 });
    expect((await order([[first, 1]], toZhuzhou)).body.Order).toMatchObject({ FreightFen: 1_000 });
    expect((await order([[first, 1]], toWuhan)).body.Order).toMatchObject({ FreightFen: 1_000 });
    await remove(id);
  });

  it('covers its goods only: the freight of goods it leaves out is still charged', async () => {
    const id = await create({
      Name: '指定商品包邮',
      GoodsScope: 'chosen',
      ProductIds: [first.productId],
      MinimumFen: 5_000,
    });
    const both = await order([
      [first, 1],
      [second, 1],
    ]);
    // The second good's own template still asks its ¥8.
    expect(both.body.Order).toMatchObject({ FreightFen: 800, FreightWaivedBy: 'freeShippingActivity' });
    expect((await order([[second, 2]])).body.Order).toMatchObject({ FreightFen: 900, FreightWaivedBy: null });
    await remove(id);
    const except = await create({
      Name: '除外商品包邮',
      GoodsScope: 'except',
      ProductIds: [second.productId],
      MinimumFen: 5_000,
    });
    expect((await order([[second, 2]])).body.Order).toMatchObject({ FreightFen: 900 });
    expect((await order([[first, 1]])).body.Order).toMatchObject({ FreightFen: 0 });
    await remove(except);
  });

  it('stops waiving once switched off, ended or deleted', async () => {
    const id = await create({ Name: '即将关闭', MinimumFen: 1 });
    await server.call(api.setFreeShippingStatus, { Ids: [id], Status: 'off' }, { token: admin });
    expect((await order([[first, 1]])).body.Order).toMatchObject({ FreightFen: 1_000 });
    await server.call(api.setFreeShippingStatus, { Ids: [id], Status: 'on' }, { token: admin });
    expect((await order([[first, 1]])).body.Order).toMatchObject({ FreightFen: 0 });
    await server.query(
      sql`update free_shipping_activities set ends_at = now() - interval '1 second', starts_at = now() - interval '2 days' where id = ${id}`,
    );
    expect((await order([[first, 1]])).body.Order).toMatchObject({ FreightFen: 1_000 });
    await remove(id);
  });

  it('shows the waiver in the freight quote, at the buyer’s grade prices when named', async () => {
    const id = await create({ Name: '报价包邮', MinimumFen: 10_000 });
    const quote = await storefront(server, key, quoteExpressFreight, {
      Lines: [{ SkuId: first.skuId, Quantity: 2 }],
      Address: { Province: '湖南省', City: '长沙市' },
    });
    expect(quote.body).toMatchObject({
      FreightFen: 0,
      FreightRulesFen: 1_200,
      FreeShippingActivity: { Id: id, Name: '报价包邮' },
    });
    const short = await storefront(server, key, quoteExpressFreight, {
      Lines: [{ SkuId: first.skuId, Quantity: 1 }],
      Address: { Province: '湖南省', City: '长沙市' },
    });
    expect(short.body).toMatchObject({
      FreightFen: 1_000,
      FreightRulesFen: 1_000,
      FreeShippingActivity: null,
    });
    const bad = await storefront(server, key, quoteExpressFreight, {
      Lines: [{ SkuId: first.skuId, Quantity: 1 }],
      Address: { Province: '湖南省', City: '长沙市' },
      BuyerId: '',
    });
    expect(fieldOf(bad)).toBe('BuyerId');
    await remove(id);
  });
});

describe('another shop', () => {
  it('never reaches this shop’s activities, and its own never waive this shop’s freight', async () => {
    const site2 = await server.login('site2');
    // Its demo activity gives free shipping everywhere: switched off, this one may cover 湖南.
    const running = await server.call(api.getFreeShippingList, { state: 'running' }, { token: site2 });
    const ids = running.body.Data.map((row) => row.Id);
    if (ids.length > 0)
      await server.call(api.setFreeShippingStatus, { Ids: ids, Status: 'off' }, { token: site2 });
    const theirs = await create({ Name: '官网湖南包邮', MinimumFen: 1 }, site2);
    expect((await order([[first, 1]])).body.Order).toMatchObject({ FreightFen: 1_000 });
    for (const [endpoint, input] of [
      [api.getFreeShippingInfo, { id: theirs }],
      [api.setFreeShippingStatus, { Ids: [theirs], Status: 'off' }],
      [api.deleteFreeShipping, { Ids: [theirs] }],
      [api.bindFreeShipping, { ...form(), Id: theirs, Version: 1 }],
    ] as const) {
      expectError(await server.call(endpoint, input, { token: admin }), /There is no free-shipping activity/);
    }
    const list = await server.call(api.getFreeShippingList, { pageSize: 100 }, { token: admin });
    expect(list.body.Data.some((row) => row.Id === theirs)).toBe(false);
    const [row] = await server.query<{ status: string; deleted: boolean; site_id: number }>(
      sql`select status, deleted, site_id from free_shipping_activities where id = ${theirs}`,
    );
    expect(row).toEqual({ status: 'on', deleted: false, site_id: SECOND_SITE });
  });
});
