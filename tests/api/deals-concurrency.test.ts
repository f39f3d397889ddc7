import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDefinition } from '../../contract/endpoint';
import * as bargain from '../../contract/endpoints/bargain';
import * as front from '../../contract/endpoints/deal-storefront';
import * as goodsApi from '../../contract/endpoints/goods';
import * as groupBuy from '../../contract/endpoints/group-buy';
import * as seckill from '../../contract/endpoints/seckill';
import { cancelOrder } from '../../contract/endpoints/storefront';
import { buyer, delivery, ok, prepareGoods, type TestGoods, window } from './deal-helpers';
import { startTestServer, type TestServer } from './harness';
import { MALL_SITE, skuStock, storefront, storefrontKey } from './order-helpers';

/**
 * Limits under parallel requests. Meaningful on PostgreSQL (TEST_DATABASE_URL), where the requests
 * really run side by side on a pool of connections; on the embedded database they queue and the
 * same counts must hold.
 */

let server: TestServer;
let admin: string;
let key: string;
let skip = 30;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  key = await storefrontKey(server, admin);
});
afterAll(() => server.close());

const call = <E extends EndpointDefinition>(endpoint: E, input: unknown) =>
  server.call(endpoint, input, { token: admin });
const parallel = <T>(count: number, run: (index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, index) => run(index)));
/** The calls that succeeded; every one answered with the envelope, none with a server error. */
const winners = (responses: { status: number; body: { Errcode: number; Errmsg: string } }[]) => {
  const broken = responses.filter(
    (response) => response.status !== 200 || /Internal error/.test(response.body.Errmsg),
  );
  expect(broken).toEqual([]);
  return responses.filter((response) => response.body.Errcode === 0);
};

async function seckillOn(goods: TestGoods, stock: number, limit = 0) {
  const { Id: ActivityId } = ok(
    await call(seckill.bindSeckillInfo, {
      Title: '并发秒杀',
      Image: '',
      ...window(),
      Sessions: [],
      Sort: 0,
      Status: 'on',
      Rules: '',
    }),
  );
  const sku = goods.skus[0]!;
  const { Id, Version } = ok(
    await call(seckill.bindAddSeakillAndProduct, {
      ActivityId,
      ProductId: goods.productId,
      LimitPerMember: limit,
      Sort: 0,
      Skus: [{ SkuId: sku.id, SeckillPriceFen: sku.priceFen - 1, Stock: stock }],
    }),
  );
  return { goodsId: Id, version: Version, sku };
}

async function seckillFigures(goodsId: number) {
  const [row] = await server.query<{ stock: number; sold: number; logged: number; orders: number }>(
    sql`select s.stock, s.sold,
               (select coalesce(sum(delta), 0)::int from seckill_stock_log l where l.seckill_sku_id = s.id) as logged,
               (select count(*)::int from seckill_order_lines o where o.seckill_sku_id = s.id) as orders
          from seckill_skus s where s.seckill_goods_id = ${goodsId}`,
  );
  return row!;
}

describe('parallel seckill orders', () => {
  it('never oversell the seckill stock: 40 buyers for 6 units', async () => {
    const goods = await prepareGoods(server, MALL_SITE, 100, ++skip);
    const { goodsId, sku } = await seckillOn(goods, 6);
    const responses = await parallel(40, (index) =>
      storefront(server, key, front.createSeckillOrder, {
        ...delivery(buyer(index, 'race')),
        SeckillGoodsId: goodsId,
        SkuId: sku.id,
        Quantity: 1,
      }),
    );
    expect(winners(responses)).toHaveLength(6);
    expect(responses.every((response) => response.status === 200)).toBe(true);
    for (const response of responses.filter((entry) => entry.body.Errcode !== 0))
      expect(response.body.Errmsg).toMatch(/sold out at the seckill price/);
    expect(await seckillFigures(goodsId)).toEqual({ stock: 0, sold: 6, logged: 0, orders: 6 });
    expect(await skuStock(server, sku.id)).toBe(94);
  });

  it('never oversell the goods’ own stock either: 40 buyers, seckill stock 20, goods stock 4', async () => {
    const goods = await prepareGoods(server, MALL_SITE, 4, ++skip);
    const { goodsId, sku } = await seckillOn(goods, 20);
    const responses = await parallel(40, (index) =>
      storefront(server, key, front.createSeckillOrder, {
        ...delivery(buyer(index, 'race2')),
        SeckillGoodsId: goodsId,
        SkuId: sku.id,
        Quantity: 1,
      }),
    );
    expect(winners(responses)).toHaveLength(4);
    expect(await skuStock(server, sku.id)).toBe(0);
    expect(await seckillFigures(goodsId)).toMatchObject({ stock: 16, sold: 4, orders: 4 });
  });

  it('hold one member to the limit: 12 parallel orders of one buyer with a limit of 2', async () => {
    const goods = await prepareGoods(server, MALL_SITE, 100, ++skip);
    const { goodsId, sku } = await seckillOn(goods, 50, 2);
    const person = buyer(1, 'greedy');
    const responses = await parallel(12, () =>
      storefront(server, key, front.createSeckillOrder, {
        ...delivery(person),
        SeckillGoodsId: goodsId,
        SkuId: sku.id,
        Quantity: 1,
      }),
    );
    expect(winners(responses)).toHaveLength(2);
    expect(await seckillFigures(goodsId)).toMatchObject({ stock: 48, sold: 2 });
  });
});

describe('seckill orders beside closes and stock edits', () => {
  it('lose no unit and never deadlock: orders, refused orders, cancels and both stock edits at once', async () => {
    const goods = await prepareGoods(server, MALL_SITE, 100, ++skip);
    const { goodsId, version, sku } = await seckillOn(goods, 50);
    const order = (person: ReturnType<typeof buyer>) => ({
      ...delivery(person),
      SeckillGoodsId: goodsId,
      SkuId: sku.id,
      Quantity: 1,
    });
    const earlier = [];
    for (let index = 0; index < 10; index += 1) {
      const person = buyer(index, 'mix-early');
      earlier.push({
        person,
        placed: ok(await storefront(server, key, front.createSeckillOrder, order(person))).Order,
      });
    }
    const results = await Promise.all([
      // Buyers, every other one without an address: the order fails and its reservation goes back.
      ...Array.from({ length: 30 }, (_, index) => {
        const { Address, ...noAddress } = order(buyer(index, 'mix-late'));
        return storefront(
          server,
          key,
          front.createSeckillOrder,
          index % 2 ? noAddress : { ...noAddress, Address },
        );
      }),
      ...earlier.map(({ person, placed }) =>
        storefront(server, key, cancelOrder, { OrderNo: placed.OrderNo, BuyerId: person.Id }),
      ),
      ...Array.from({ length: 5 }, () =>
        call(goodsApi.changeStock, {
          ProductId: goods.productId,
          Mode: 'add',
          Reason: '并发补货',
          Items: [{ SkuId: sku.id, Quantity: 1 }],
        }),
      ),
      call(seckill.bindSeckillAndProduct, {
        Id: goodsId,
        Version: version,
        LimitPerMember: 0,
        Skus: [{ SkuId: sku.id, SeckillPriceFen: sku.priceFen - 1, Stock: 55, StockWas: 50 }],
      }),
    ]);
    const refusedOrders = results
      .slice(0, 30)
      .filter((response) => response.body.Errcode !== 0)
      .map((response) => response.body.Errmsg);
    expect(refusedOrders).toEqual(Array(15).fill('A delivery address is required'));
    expect(winners(results)).toHaveLength(results.length - 15);
    // 50 units and 5 added: the 15 orders still open hold theirs; the 10 cancelled and the 15
    // refused gave theirs back.
    expect(await seckillFigures(goodsId)).toEqual({ stock: 40, sold: 15, logged: 40, orders: 25 });
    const [open] = await server.query<{ units: number }>(
      sql`select coalesce(sum(quantity), 0)::int as units from seckill_order_lines
           where seckill_goods_id = ${goodsId} and not released`,
    );
    expect(open!.units).toBe(15);
    expect(await skuStock(server, sku.id)).toBe(100 + 5 - 15);
  });
});

describe('parallel team joins', () => {
  it('never overfill a team: 30 buyers for the 2 free seats of a team of 3', async () => {
    const goods = await prepareGoods(server, MALL_SITE, 100, ++skip);
    const sku = goods.skus[0]!;
    const { Id: ActivityId } = ok(
      await call(groupBuy.bindGroupBuyInfo, {
        Title: '并发拼团',
        Image: '',
        ...window(),
        Sort: 0,
        Status: 'on',
        ProductId: goods.productId,
        GroupSize: 3,
        FillHours: 24,
        VirtualFill: false,
        LimitPerMember: 0,
        Skus: [{ SkuId: sku.id, GroupPriceFen: sku.priceFen - 1 }],
      }),
    );
    const opened = ok(
      await storefront(server, key, front.openGroupBuyTeam, {
        ...delivery(buyer(0, 'team')),
        ActivityId,
        SkuId: sku.id,
        Quantity: 1,
      }),
    );
    const responses = await parallel(30, (index) =>
      storefront(server, key, front.joinGroupBuyTeam, {
        ...delivery(buyer(index + 1, 'team')),
        TeamId: opened.Team.Id,
        SkuId: sku.id,
        Quantity: 1,
      }),
    );
    expect(winners(responses)).toHaveLength(2);
    const info = ok(await call(groupBuy.getGroupBuyTeamInfo, { id: opened.Team.Id }));
    expect(info).toMatchObject({ Joined: 3, Size: 3 });
    expect(info.Members).toHaveLength(3);
    // Every refused join left no order behind.
    expect(await skuStock(server, sku.id)).toBe(97);
  });
});

describe('parallel helps', () => {
  async function launchOn(helpers: number) {
    const goods = await prepareGoods(server, MALL_SITE, 10, ++skip);
    const sku = goods.skus[0]!;
    const { Id: EventId } = ok(
      await call(bargain.bindBargainEventInfo, {
        Title: '并发砍价',
        Image: '',
        ...window(),
        Sort: 0,
        Status: 'on',
        Rules: '',
      }),
    );
    const { Id } = ok(
      await call(bargain.bindAddBargainEventAndProduct, {
        EventId,
        SkuId: sku.id,
        FloorPriceFen: 100,
        FirstCutFen: 0,
        CutMode: 'random',
        HelpersNeeded: helpers,
        Hours: 24,
        BuyMode: 'floor',
        LaunchLimit: 0,
        Sort: 0,
      }),
    );
    const launched = ok(
      await storefront(server, key, front.launchBargain, { Buyer: buyer(0, 'cut'), BargainGoodsId: Id }),
    ).Launch;
    return { launched, sku };
  }

  it('never cut below the floor: 30 friends at once on a launch needing 5', async () => {
    const { launched, sku } = await launchOn(5);
    const responses = await parallel(30, (index) =>
      storefront(server, key, front.helpBargain, { Helper: buyer(index + 1, 'cut'), LaunchId: launched.Id }),
    );
    expect(winners(responses)).toHaveLength(5);
    const [row] = await server.query<{
      current_fen: number;
      floor_fen: number;
      helps: number;
      state: string;
      cut: number;
    }>(
      sql`select current_fen, floor_fen, helps, state,
                 (select sum(cut_fen)::int from bargain_helps h where h.launch_id = l.id) as cut
            from bargain_launches l where id = ${launched.Id}`,
    );
    expect(row).toEqual({
      current_fen: 100,
      floor_fen: 100,
      helps: 5,
      state: 'success',
      cut: sku.priceFen - 100,
    });
  });

  it('count one help per friend: the same friend 10 times at once', async () => {
    const { launched } = await launchOn(5);
    const friend = buyer(99, 'cut');
    const responses = await parallel(10, () =>
      storefront(server, key, front.helpBargain, { Helper: friend, LaunchId: launched.Id }),
    );
    expect(winners(responses)).toHaveLength(1);
    for (const response of responses.filter((entry) => entry.body.Errcode !== 0))
      expect(response.body.Errmsg).toMatch(/helped this bargain already/);
    const helps = await server.query(sql`select id from bargain_helps where launch_id = ${launched.Id}`);
    expect(helps).toHaveLength(1);
  });
});
