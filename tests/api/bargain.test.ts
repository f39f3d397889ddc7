import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDefinition } from '../../contract/endpoint';
import * as bargain from '../../contract/endpoints/bargain';
import {
  buyBargain,
  getBargainEvents,
  getBargainLaunch,
  helpBargain,
  launchBargain,
} from '../../contract/endpoints/deal-storefront';
import { cancelOrder } from '../../contract/endpoints/storefront';
import { runDealSweeps } from '../../server/areas/marketing/deal-sweeps';
import {
  buyer,
  DAY,
  delivery,
  expectForbidden,
  HOUR,
  ok,
  pay,
  prepareGoods,
  refused,
  type TestGoods,
  window,
} from './deal-helpers';
import { startTestServer, type TestServer } from './harness';
import { MALL_SITE, storefront, storefrontKey } from './order-helpers';

let server: TestServer;
let admin: string;
let key: string;
let skip = 20;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  key = await storefrontKey(server, admin);
});
afterAll(() => server.close());

const call = <E extends EndpointDefinition>(endpoint: E, input: unknown, token = admin) =>
  server.call(endpoint, input, { token });

async function createEvent(overrides: Record<string, unknown> = {}) {
  return ok(
    await call(bargain.bindBargainEventInfo, {
      Title: '测试砍价',
      Image: '',
      ...window(),
      Sort: 0,
      Status: 'on',
      Rules: '<p>好友帮砍</p>',
      ...overrides,
    }),
  );
}

const RULES = {
  FirstCutFen: 0,
  CutMode: 'random',
  HelpersNeeded: 3,
  Hours: 24,
  BuyMode: 'floor',
  LaunchLimit: 1,
  Sort: 0,
};

async function addGoods(eventId: number, goods: TestGoods, rules: Record<string, unknown> = {}) {
  const sku = goods.skus[0]!;
  return ok(
    await call(bargain.bindAddBargainEventAndProduct, {
      EventId: eventId,
      SkuId: sku.id,
      FloorPriceFen: Math.floor(sku.priceFen / 2),
      ...RULES,
      ...rules,
    }),
  );
}

async function goodsOnEvent(rules: Record<string, unknown> = {}) {
  const goods = await prepareGoods(server, MALL_SITE, 30, ++skip);
  const { Id: eventId } = await createEvent();
  const { Id } = await addGoods(eventId, goods, rules);
  return { goods, eventId, goodsId: Id, sku: goods.skus[0]! };
}

const launch = (goodsId: number, person: ReturnType<typeof buyer>) =>
  storefront(server, key, launchBargain, { Buyer: person, BargainGoodsId: goodsId });
const helpOut = (launchId: number, person: ReturnType<typeof buyer>) =>
  storefront(server, key, helpBargain, { Helper: person, LaunchId: launchId });

describe('events and their goods', () => {
  it('adds an event, reads, lists, saves with its version, sorts, and its rules alone', async () => {
    const { Id, Version } = await createEvent({ Title: '测试砍价节甲' });
    const info = ok(await call(bargain.getBargainEventInfo, { id: Id }));
    expect(info).toMatchObject({
      Title: '测试砍价节甲',
      State: 'running',
      Rules: '<p>好友帮砍</p>',
      GoodsCount: 0,
    });
    expect(
      ok(await call(bargain.getBargainEventList, { keyword: '测试砍价节甲' })).Data.map((row) => row.Id),
    ).toEqual([Id]);
    const saved = ok(
      await call(bargain.bindBargainEventInfo, {
        Id,
        Version,
        Title: '测试砍价节甲',
        Image: '',
        ...window(DAY, 2 * DAY),
        Sort: 3,
        Status: 'on',
        Rules: '',
      }),
    );
    expect(
      ok(await call(bargain.getBargainEventList, { state: 'notStarted', keyword: '测试砍价节甲' })).Data,
    ).toHaveLength(1);
    const rules = ok(
      await call(bargain.bindBargainRules, { Id, Version: saved.Version, Rules: '<p>新</p>' }),
    );
    expect(rules.Version).toBe(saved.Version + 1);
    refused(await call(bargain.bindBargainRules, { Id, Version: saved.Version, Rules: '' }), 'Version');
    ok(await call(bargain.setBargainEventTaxis, { Id, Sort: 6 }));
    expect(ok(await call(bargain.getBargainEventInfo, { id: Id })).Sort).toBe(6);
    ok(await call(bargain.bindBargainUpdateStateAndDel, { Ids: [Id], Action: 'delete' }));
    refused(await call(bargain.getBargainEventInfo, { id: Id }), 'id', /no bargain event/);
  });

  it('adds goods with their rules, edits them, switches and removes them', async () => {
    const { goodsId, eventId, sku } = await goodsOnEvent({
      FirstCutFen: 100,
      HelpersNeeded: 5,
      BuyMode: 'any',
    });
    const list = ok(await call(bargain.getBargainEventAndProductList, { EventId: eventId }));
    expect(list.Data).toEqual([
      expect.objectContaining({
        Id: goodsId,
        SkuId: sku.id,
        PriceFen: sku.priceFen,
        FloorPriceFen: Math.floor(sku.priceFen / 2),
        FirstCutFen: 100,
        HelpersNeeded: 5,
        BuyMode: 'any',
        Status: 'on',
      }),
    ]);
    const info = ok(await call(bargain.getBargainEventAndProductInfo, { id: goodsId }));
    const saved = ok(
      await call(bargain.bindBargainEventAndProductInfo, {
        Id: goodsId,
        Version: info.Version,
        ...RULES,
        FloorPriceFen: 0,
        CutMode: 'fixed',
        HelpersNeeded: 2,
      }),
    );
    expect(ok(await call(bargain.getBargainEventAndProductInfo, { id: goodsId }))).toMatchObject({
      FloorPriceFen: 0,
      CutMode: 'fixed',
      HelpersNeeded: 2,
      Version: saved.Version,
    });
    refused(
      await call(bargain.bindBargainEventAndProductInfo, {
        Id: goodsId,
        Version: info.Version,
        ...RULES,
        FloorPriceFen: 0,
      }),
      'Version',
    );
    ok(await call(bargain.setBargainEventAndProductInfo, { Ids: [goodsId], Action: 'switchOff' }));
    refused(await launch(goodsId, buyer(1, 'bg')), 'BargainGoodsId', /no bargain goods/);
    refused(
      await call(bargain.setBargainEventAndProductInfo, { Ids: [goodsId], Action: 'switchOff' }),
      'Action',
    );
    ok(await call(bargain.setBargainEventAndProductInfo, { Ids: [goodsId], Action: 'delete' }));
    expect(ok(await call(bargain.getBargainEventAndProductList, { EventId: eventId })).Data).toEqual([]);
  });

  it.each([
    ['a floor at the price', (price: number) => ({ FloorPriceFen: price }), 'FloorPriceFen', /must be below/],
    [
      'a first cut to the floor',
      (price: number) => ({ FloorPriceFen: 100, FirstCutFen: price - 100 }),
      'FirstCutFen',
      /at most/,
    ],
    ['no helpers', () => ({ HelpersNeeded: 0 }), 'HelpersNeeded', undefined],
    ['no hours', () => ({ Hours: 0 }), 'Hours', undefined],
    ['a cut mode that is none', () => ({ CutMode: 'double' }), 'CutMode', undefined],
  ])('refuses %s, naming the field', async (_, rules, field, message) => {
    const goods = await prepareGoods(server, MALL_SITE, 5, 0);
    const { Id } = await createEvent();
    const sku = goods.skus[0]!;
    refused(
      await call(bargain.bindAddBargainEventAndProduct, {
        EventId: Id,
        SkuId: sku.id,
        FloorPriceFen: 1,
        ...RULES,
        ...rules(sku.priceFen),
      }),
      field,
      message,
    );
  });
});

describe('launching and helping', () => {
  it('starts at the price less the first cut, and friends help it to the floor exactly', async () => {
    const { goodsId, sku } = await goodsOnEvent({ FirstCutFen: 50, HelpersNeeded: 3 });
    const floor = Math.floor(sku.priceFen / 2);
    const started = ok(await launch(goodsId, buyer(1, 'bl'))).Launch;
    expect(started).toMatchObject({
      State: 'cutting',
      StartFen: sku.priceFen - 50,
      CurrentFen: sku.priceFen - 50,
      FloorFen: floor,
      Helps: 0,
    });
    const listed = ok(await storefront(server, key, getBargainEvents, {}));
    expect(listed.Data.flatMap((event) => event.Goods.map((goods) => goods.Id))).toContain(goodsId);
    let current = started.CurrentFen;
    for (const index of [2, 3, 4]) {
      const helped = ok(await helpOut(started.Id, buyer(index, 'bl')));
      expect(helped.CutFen).toBeGreaterThanOrEqual(1);
      expect(helped.Launch.CurrentFen).toBe(current - helped.CutFen);
      expect(helped.Launch.CurrentFen).toBeGreaterThanOrEqual(floor);
      current = helped.Launch.CurrentFen;
    }
    const done = ok(await storefront(server, key, getBargainLaunch, { id: started.Id })).Launch;
    expect(done).toMatchObject({ State: 'success', CurrentFen: floor, Helps: 3 });
    expect(done.Helpers.map((helper) => helper.Name)).toEqual(['买**', '买**', '买**']);
    refused(await helpOut(started.Id, buyer(5, 'bl')), 'LaunchId', /reached its floor/);
    const helps = await server.query<{ cut_fen: number; after_fen: number }>(
      sql`select cut_fen, after_fen from bargain_helps where launch_id = ${started.Id} order by id`,
    );
    expect(helps.reduce((sum, help) => sum + help.cut_fen, 0)).toBe(sku.priceFen - 50 - floor);
    expect(helps.at(-1)!.after_fen).toBe(floor);
    const detail = ok(await call(bargain.getBargainEventAccountInfo, { id: started.Id }));
    expect(detail.HelpRecords.map((help) => help.CutFen)).toEqual(helps.map((help) => help.cut_fen));
  });

  it('refuses a second help by the same friend, the launcher’s own help, and a launch over the limit', async () => {
    const { goodsId } = await goodsOnEvent({ HelpersNeeded: 5, LaunchLimit: 1 });
    const owner = buyer(10, 'bl');
    const started = ok(await launch(goodsId, owner)).Launch;
    refused(await helpOut(started.Id, owner), 'Helper', /cannot help your own/);
    ok(await helpOut(started.Id, buyer(11, 'bl')));
    refused(await helpOut(started.Id, buyer(11, 'bl')), 'Helper', /helped this bargain already/);
    refused(await launch(goodsId, owner), 'BargainGoodsId', /at most 1 bargains/);
    refused(await helpOut(999_999, buyer(12, 'bl')), 'LaunchId', /no bargain 999999/);
  });

  it('buys at the floor only when the goods say so; at any price ends the launch early once paid', async () => {
    const floorOnly = await goodsOnEvent({ HelpersNeeded: 2 });
    const owner = buyer(20, 'bl');
    const cutting = ok(await launch(floorOnly.goodsId, owner)).Launch;
    refused(
      await storefront(server, key, buyBargain, { ...delivery(owner), LaunchId: cutting.Id }),
      'LaunchId',
      /sold only at the floor price/,
    );
    const anyPrice = await goodsOnEvent({ HelpersNeeded: 4, BuyMode: 'any' });
    const early = ok(await launch(anyPrice.goodsId, owner)).Launch;
    const helped = ok(await helpOut(early.Id, buyer(21, 'bl'))).Launch;
    const bought = ok(await storefront(server, key, buyBargain, { ...delivery(owner), LaunchId: early.Id }));
    expect(bought.Order).toMatchObject({ TotalFen: helped.CurrentFen, GoodsFen: anyPrice.sku.priceFen });
    expect(bought.Launch.OrderNo).toBe(bought.Order.OrderNo);
    refused(await helpOut(early.Id, buyer(22, 'bl')), 'LaunchId', /is paying/);
    refused(
      await storefront(server, key, buyBargain, { ...delivery(owner), LaunchId: early.Id }),
      'LaunchId',
      /has an order already/,
    );
    // Cancelled unpaid, the launch carries on; paid, it ends early.
    ok(await storefront(server, key, cancelOrder, { OrderNo: bought.Order.OrderNo, BuyerId: owner.Id }));
    ok(await helpOut(early.Id, buyer(22, 'bl')));
    const again = ok(await storefront(server, key, buyBargain, { ...delivery(owner), LaunchId: early.Id }));
    await pay(server, key, again.Order, owner.Id);
    const ended = ok(await call(bargain.getBargainEventAccountInfo, { id: early.Id }));
    expect(ended).toMatchObject({ State: 'endedEarly', OrderNo: again.Order.OrderNo, OrderState: 'toShip' });
    refused(
      await storefront(server, key, buyBargain, { ...delivery(buyer(23, 'bl')), LaunchId: early.Id }),
      'LaunchId',
      /no bargain/,
    );
  });

  it('fails launches whose hours ran out, leaving one with an order waiting alone', async () => {
    const { goodsId } = await goodsOnEvent({ HelpersNeeded: 3, Hours: 1, BuyMode: 'any' });
    const lapsed = ok(await launch(goodsId, buyer(30, 'bl'))).Launch;
    const ordering = buyer(31, 'bl');
    const waiting = ok(await launch(goodsId, ordering)).Launch;
    ok(await storefront(server, key, buyBargain, { ...delivery(ordering), LaunchId: waiting.Id }));
    const counts = await runDealSweeps(server.database.db, new Date(Date.now() + 2 * HOUR));
    expect(counts.failedLaunches).toBeGreaterThanOrEqual(1);
    const list = ok(await call(bargain.getBargainEventAccountList, { state: 'failed', keyword: '买家30' }));
    expect(list.Data.map((row) => row.Id)).toEqual([lapsed.Id]);
    expect(ok(await call(bargain.getBargainEventAccountInfo, { id: waiting.Id })).State).toBe('cutting');
    refused(await helpOut(lapsed.Id, buyer(32, 'bl')), 'LaunchId', /has failed/);
  });

  it('lists launches by state and event with counts', async () => {
    const { goodsId, eventId } = await goodsOnEvent({ HelpersNeeded: 1 });
    const one = ok(await launch(goodsId, buyer(40, 'bl'))).Launch;
    ok(await helpOut(one.Id, buyer(41, 'bl')));
    const list = ok(await call(bargain.getBargainEventAccountList, { EventId: eventId }));
    expect(list.Counts).toMatchObject({ all: 1, success: 1, cutting: 0 });
    expect(list.Data[0]).toMatchObject({
      Id: one.Id,
      State: 'success',
      Helps: 1,
      HelpersNeeded: 1,
      EventId: eventId,
    });
    refused(await call(bargain.getBargainEventAccountList, { state: 'won' }), 'state');
  });
});

describe('permissions', () => {
  it('refuses the bargain calls to accounts without the bargain screens', async () => {
    for (const token of [await server.login('sub', { siteId: MALL_SITE }), await server.login('store')]) {
      await expectForbidden(server, token, [
        [bargain.getBargainEventList, {}],
        [bargain.getBargainEventInfo, { id: 1 }],
        [bargain.bindBargainEventInfo, {}],
        [bargain.bindBargainRules, { Id: 1, Version: 1, Rules: '' }],
        [bargain.bindBargainUpdateStateAndDel, { Ids: [1], Action: 'switchOff' }],
        [bargain.setBargainEventTaxis, { Id: 1, Sort: 1 }],
        [bargain.getBargainEventAndProductList, { EventId: 1 }],
        [bargain.getBargainEventAndProductInfo, { id: 1 }],
        [bargain.bindAddBargainEventAndProduct, {}],
        [bargain.bindBargainEventAndProductInfo, {}],
        [bargain.setBargainEventAndProductInfo, { Ids: [1], Action: 'switchOff' }],
        [bargain.getBargainEventAccountList, {}],
        [bargain.getBargainEventAccountInfo, { id: 1 }],
      ]);
    }
  });
});
