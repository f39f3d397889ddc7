import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDefinition } from '../../contract/endpoint';
import { createSeckillOrder, getSeckillActivities } from '../../contract/endpoints/deal-storefront';
import { getOrderList } from '../../contract/endpoints/orders';
import * as seckill from '../../contract/endpoints/seckill';
import { cancelOrder } from '../../contract/endpoints/storefront';
import { shopDateTime } from '../../contract/shop-time';
import { runDealSweeps } from '../../server/areas/marketing/deal-sweeps';
import { soldOutMarks } from '../../server/areas/marketing/seckill-sold-out';
import { closeUnpaidOrders } from '../../server/areas/order/sweeps';
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
import { MALL_SITE, setMallParameters, skuStock, storefront, storefrontKey } from './order-helpers';

let server: TestServer;
let admin: string;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  key = await storefrontKey(server, admin);
  // Stock at payment: a seckill order takes the goods' stock at once whatever the setting.
  await setMallParameters(server, admin, { StockDeduction: 'payment' });
});
afterAll(() => server.close());

const call = <E extends EndpointDefinition>(endpoint: E, input: unknown, token = admin) =>
  server.call(endpoint, input, { token });

async function createActivity(overrides: Record<string, unknown> = {}) {
  return ok(
    await call(seckill.bindSeckillInfo, {
      Title: '测试秒杀',
      Image: '',
      ...window(),
      Sessions: [],
      Sort: 0,
      Status: 'on',
      Rules: '<p>规则</p>',
      ...overrides,
    }),
  );
}

async function addGoods(activityId: number, goods: TestGoods, stock: number, limit = 0) {
  return ok(
    await call(seckill.bindAddSeakillAndProduct, {
      ActivityId: activityId,
      ProductId: goods.productId,
      LimitPerMember: limit,
      Sort: 0,
      Skus: goods.skus.map((sku) => ({ SkuId: sku.id, SeckillPriceFen: sku.priceFen - 100, Stock: stock })),
    }),
  );
}

async function seckillStock(goodsId: number, skuId: number) {
  const [row] = await server.query<{ stock: number; sold: number }>(
    sql`select stock, sold from seckill_skus where seckill_goods_id = ${goodsId} and sku_id = ${skuId}`,
  );
  return row!;
}

describe('activities', () => {
  it('adds, reads, lists by state and saves with the version read', async () => {
    const { Id, Version } = await createActivity({
      Title: '  双十二秒杀  ',
      Sessions: [
        { Start: '10:00', End: '12:00' },
        { Start: '20:00', End: '22:00' },
      ],
      Rules: '<p>先到先得</p><script>alert(1)</script>',
    });
    const detail = ok(await call(seckill.getSeckillInfo, { id: Id }));
    expect(detail).toMatchObject({ Title: '双十二秒杀', State: 'running', GoodsCount: 0, Version });
    expect(detail.Rules).toBe('<p>先到先得</p>');
    const list = ok(await call(seckill.getSeckillActivityList, { state: 'running', keyword: '双十二' }));
    expect(list.Data.map((row) => row.Id)).toEqual([Id]);
    expect(list.Counts.running).toBeGreaterThanOrEqual(1);
    const saved = ok(
      await call(seckill.bindSeckillInfo, {
        Id,
        Version,
        Title: '双十二秒杀·加场',
        Image: '',
        ...window(2 * DAY, 3 * DAY),
        Sessions: [],
        Sort: 9,
        Status: 'on',
        Rules: '',
      }),
    );
    expect(saved.Version).toBe(Version + 1);
    const later = ok(await call(seckill.getSeckillActivityList, { state: 'notStarted', keyword: '加场' }));
    expect(later.Data).toEqual([expect.objectContaining({ Id, State: 'notStarted', Sort: 9 })]);
    const stale = await call(seckill.bindSeckillInfo, {
      Id,
      Version,
      Title: 'x',
      Image: '',
      ...window(),
      Sessions: [],
      Sort: 0,
      Status: 'on',
      Rules: '',
    });
    refused(stale, 'Version', /changed by someone else/);
    const [audit] = await server.query<{ action: string }>(
      sql`select action from audit_log where target = ${`seckill:${Id}`} order by id desc limit 1`,
    );
    expect(audit!.action).toBe('seckill.update');
  });

  it.each([
    ['an empty title', { Title: '  ' }, 'Title'],
    ['an end before the start', window(DAY, HOUR), 'EndsAt'],
    [
      'an end at the start',
      { StartsAt: '2026-05-01T00:00:00+08:00', EndsAt: '2026-05-01T00:00:00+08:00' },
      'EndsAt',
    ],
    ['a session ending as it starts', { Sessions: [{ Start: '10:00', End: '10:00' }] }, 'Sessions.0.End'],
    [
      'overlapping sessions',
      {
        Sessions: [
          { Start: '10:00', End: '12:00' },
          { Start: '11:00', End: '13:00' },
        ],
      },
      'Sessions.1.End',
    ],
    ['a session time that is no time', { Sessions: [{ Start: '25:00', End: '26:00' }] }, 'Sessions.0.Start'],
    ['a negative sort', { Sort: -1 }, 'Sort'],
    ['an unknown field', { Stock: 5 }, 'Stock'],
  ])('refuses %s, naming the field', async (_, change, field) => {
    const response = await call(seckill.bindSeckillInfo, {
      Title: '坏秒杀',
      Image: '',
      ...window(),
      Sessions: [],
      Sort: 0,
      Status: 'on',
      Rules: '',
      ...change,
    });
    refused(response, field);
  });

  it('saves the rules text alone with the version read', async () => {
    const { Id, Version } = await createActivity();
    const saved = ok(await call(seckill.bindSeckillRules, { Id, Version, Rules: '<p>新规则</p>' }));
    expect(ok(await call(seckill.getSeckillInfo, { id: Id })).Rules).toBe('<p>新规则</p>');
    refused(await call(seckill.bindSeckillRules, { Id, Version, Rules: 'x' }), 'Version');
    expect(saved.Version).toBe(Version + 1);
  });

  it('switches off and on, and deletes only what is not running', async () => {
    const { Id } = await createActivity({ Title: '开关测试' });
    refused(
      await call(seckill.bindSeckillUpdateStateAndDel, { Ids: [Id], Action: 'delete' }),
      'Ids',
      /is running; switch it off/,
    );
    refused(
      await call(seckill.bindSeckillUpdateStateAndDel, { Ids: [Id], Action: 'switchOn' }),
      'Action',
      /cannot be switched on: it is on/,
    );
    ok(await call(seckill.bindSeckillUpdateStateAndDel, { Ids: [Id], Action: 'switchOff' }));
    expect(ok(await call(seckill.getSeckillInfo, { id: Id })).State).toBe('off');
    ok(await call(seckill.bindSeckillUpdateStateAndDel, { Ids: [Id], Action: 'delete' }));
    refused(await call(seckill.getSeckillInfo, { id: Id }), 'id', /no seckill activity/);
    refused(await call(seckill.bindSeckillUpdateStateAndDel, { Ids: [Id], Action: 'switchOn' }), 'Ids');
  });
});

describe('goods of an activity', () => {
  it('adds goods with per-SKU prices and stock, edits by difference, sorts and removes them', async () => {
    const goods = await prepareGoods(server, MALL_SITE, 100, 0);
    const { Id: activityId } = await createActivity({ Title: '商品测试' });
    const { Id, Version } = await addGoods(activityId, goods, 10, 2);
    const list = ok(await call(seckill.getSeckillAndProductList, { ActivityId: activityId }));
    expect(list.Activity).toMatchObject({ Id: activityId, GoodsCount: 1, Stock: 10 * goods.skus.length });
    expect(list.Data).toEqual([
      expect.objectContaining({
        Id,
        ProductId: goods.productId,
        Name: goods.name,
        LimitPerMember: 2,
        Skus: goods.skus.map((sku) =>
          expect.objectContaining({
            SkuId: sku.id,
            PriceFen: sku.priceFen,
            SeckillPriceFen: sku.priceFen - 100,
            Stock: 10,
            GoodsStock: 100,
          }),
        ),
      }),
    ]);
    const [first] = goods.skus;
    // Someone bought two since the form was read at 10: raising to 15 adds 5.
    await server.query(
      sql`update seckill_skus set stock = 8 where seckill_goods_id = ${Id} and sku_id = ${first!.id}`,
    );
    const saved = ok(
      await call(seckill.bindSeckillAndProduct, {
        Id,
        Version,
        LimitPerMember: 1,
        Skus: [{ SkuId: first!.id, SeckillPriceFen: first!.priceFen - 200, Stock: 15, StockWas: 10 }],
      }),
    );
    expect(await seckillStock(Id, first!.id)).toMatchObject({ stock: 13 });
    const detail = ok(await call(seckill.getSeckillAndProduct, { id: Id }));
    expect(detail).toMatchObject({ LimitPerMember: 1, Version: saved.Version });
    expect(detail.Skus[0]).toMatchObject({ SeckillPriceFen: first!.priceFen - 200, Stock: 13 });
    const log = await server.query<{ kind: string; delta: number; after: number }>(
      sql`select l.kind, l.delta, l.after from seckill_stock_log l join seckill_skus s on s.id = l.seckill_sku_id
           where s.seckill_goods_id = ${Id} and s.sku_id = ${first!.id} order by l.id`,
    );
    expect(log).toEqual([
      { kind: 'set', delta: 10, after: 10 },
      { kind: 'set', delta: 5, after: 13 },
    ]);
    refused(
      await call(seckill.bindSeckillAndProduct, {
        Id,
        Version: saved.Version,
        LimitPerMember: 1,
        Skus: [{ SkuId: first!.id, SeckillPriceFen: 100, Stock: 0, StockWas: 20 }],
      }),
      'Skus.0.Stock',
      /cannot go down by 20/,
    );
    ok(await call(seckill.setSeckillProductTaxis, { Id, Sort: 7 }));
    expect(ok(await call(seckill.getSeckillAndProduct, { id: Id })).Sort).toBe(7);
    expect(ok(await call(seckill.bindSeckillProductRelateAndDel, { Ids: [Id] })).Deleted).toBe(1);
    expect(ok(await call(seckill.getSeckillAndProductList, { ActivityId: activityId })).Data).toEqual([]);
    refused(await call(seckill.getSeckillAndProduct, { id: Id }), 'id');
  });

  it('refuses a price not below the SKU’s, a SKU of other goods, the same goods twice', async () => {
    const goods = await prepareGoods(server, MALL_SITE, 100, 1);
    const other = await prepareGoods(server, MALL_SITE, 100, 2);
    const { Id: activityId } = await createActivity();
    const base = { ActivityId: activityId, ProductId: goods.productId, LimitPerMember: 0, Sort: 0 };
    const [sku] = goods.skus;
    refused(
      await call(seckill.bindAddSeakillAndProduct, {
        ...base,
        Skus: [{ SkuId: sku!.id, SeckillPriceFen: sku!.priceFen, Stock: 1 }],
      }),
      'Skus.0.SeckillPriceFen',
      /must be below the SKU’s own price/,
    );
    refused(
      await call(seckill.bindAddSeakillAndProduct, {
        ...base,
        Skus: [{ SkuId: other.skus[0]!.id, SeckillPriceFen: 1, Stock: 1 }],
      }),
      'Skus.0.SkuId',
      /is not one of/,
    );
    refused(
      await call(seckill.bindAddSeakillAndProduct, {
        ...base,
        Skus: [
          { SkuId: sku!.id, SeckillPriceFen: 1, Stock: 1 },
          { SkuId: sku!.id, SeckillPriceFen: 2, Stock: 1 },
        ],
      }),
      'Skus.1.SkuId',
    );
    refused(await call(seckill.bindAddSeakillAndProduct, { ...base, Skus: [] }), 'Skus');
    refused(
      await call(seckill.bindAddSeakillAndProduct, {
        ...base,
        ProductId: 999_999,
        Skus: [{ SkuId: sku!.id, SeckillPriceFen: 1, Stock: 1 }],
      }),
      'ProductId',
    );
    await addGoods(activityId, goods, 1);
    refused(
      await call(seckill.bindAddSeakillAndProduct, {
        ...base,
        Skus: [{ SkuId: sku!.id, SeckillPriceFen: 1, Stock: 1 }],
      }),
      'ProductId',
      /is in this activity already/,
    );
  });
});

describe('buying at the seckill price', () => {
  it('prices the order at the seckill price and takes both stocks with their ledgers', async () => {
    const goods = await prepareGoods(server, MALL_SITE, 20, 3);
    const { Id: activityId } = await createActivity({ Title: '买秒杀' });
    const { Id } = await addGoods(activityId, goods, 5, 3);
    const [sku] = goods.skus;
    const listed = ok(await storefront(server, key, getSeckillActivities, {}));
    const activity = listed.Data.find((entry) => entry.Id === activityId)!;
    expect(activity).toMatchObject({ State: 'running', SessionOpen: true });
    expect(activity.Goods[0]!.Skus[0]).toMatchObject({
      SkuId: sku!.id,
      SeckillPriceFen: sku!.priceFen - 100,
      Stock: 5,
    });
    const person = buyer(1, 'sk');
    const placed = ok(
      await storefront(server, key, createSeckillOrder, {
        ...delivery(person),
        SeckillGoodsId: Id,
        SkuId: sku!.id,
        Quantity: 2,
        ExpectedTotalFen: (sku!.priceFen - 100) * 2,
      }),
    ).Order;
    expect(placed).toMatchObject({
      GoodsFen: sku!.priceFen * 2,
      DiscountFen: 200,
      TotalFen: (sku!.priceFen - 100) * 2,
      State: 'toPay',
    });
    expect(await skuStock(server, sku!.id)).toBe(18);
    expect(await seckillStock(Id, sku!.id)).toEqual({ stock: 3, sold: 2 });
    const [order] = await server.query<{ type: string; stock_mode: string }>(
      sql`select type, stock_mode from orders where order_no = ${placed.OrderNo}`,
    );
    expect(order).toEqual({ type: 'seckill', stock_mode: 'creation' });
    const [ledger] = await server.query<{ delta: number; after: number; reason: string }>(
      sql`select delta, after, reason from seckill_stock_log where kind = 'order' and reason = ${placed.OrderNo}`,
    );
    expect(ledger).toEqual({ delta: -2, after: 3, reason: placed.OrderNo });
    // The order's unpaid time is the seckill minutes of the order settings.
    const due = Date.parse(placed.PayDueAt!) - Date.parse(placed.CreatedAt);
    const [minutes] = await server.query<{ seckill_close_minutes: number | null }>(
      sql`select seckill_close_minutes from order_parameter_settings where site_id = ${MALL_SITE}`,
    );
    expect(due).toBe((minutes?.seckill_close_minutes ?? 15) * 60_000);
    const paid = await pay(server, key, placed, person.Id);
    expect(paid.Order.State).toBe('toShip');
    const rows = ok(await call(getOrderList, { type: 'seckill', orderNo: placed.OrderNo }));
    expect(rows.Data[0]).toMatchObject({ Type: 'seckill', ShipHold: null });
  });

  it('gives both stocks and the member’s limit back when the buyer cancels', async () => {
    const goods = await prepareGoods(server, MALL_SITE, 10, 4);
    const { Id: activityId } = await createActivity();
    const { Id } = await addGoods(activityId, goods, 4, 2);
    const [sku] = goods.skus;
    const person = buyer(2, 'sk');
    const order = { ...delivery(person), SeckillGoodsId: Id, SkuId: sku!.id };
    const placed = ok(await storefront(server, key, createSeckillOrder, { ...order, Quantity: 2 })).Order;
    refused(
      await storefront(server, key, createSeckillOrder, { ...order, Quantity: 1 }),
      'Quantity',
      /at most 2 at the seckill price/,
    );
    ok(await storefront(server, key, cancelOrder, { OrderNo: placed.OrderNo, BuyerId: person.Id }));
    expect(await skuStock(server, sku!.id)).toBe(10);
    expect(await seckillStock(Id, sku!.id)).toEqual({ stock: 4, sold: 0 });
    ok(await storefront(server, key, createSeckillOrder, { ...order, Quantity: 2 }));
  });

  it('gives both back when the unpaid-close sweep closes the order, once', async () => {
    const goods = await prepareGoods(server, MALL_SITE, 10, 5);
    const { Id: activityId } = await createActivity();
    const { Id } = await addGoods(activityId, goods, 4);
    const [sku] = goods.skus;
    const person = buyer(3, 'sk');
    const placed = ok(
      await storefront(server, key, createSeckillOrder, {
        ...delivery(person),
        SeckillGoodsId: Id,
        SkuId: sku!.id,
        Quantity: 3,
      }),
    ).Order;
    const later = new Date(Date.parse(placed.PayDueAt!) + 1000);
    expect(await closeUnpaidOrders(server.database.db, later)).toBeGreaterThanOrEqual(1);
    await closeUnpaidOrders(server.database.db, later);
    expect(await skuStock(server, sku!.id)).toBe(10);
    expect(await seckillStock(Id, sku!.id)).toEqual({ stock: 4, sold: 0 });
    const returns = await server.query(
      sql`select id from seckill_stock_log where kind = 'return' and reason = ${placed.OrderNo}`,
    );
    expect(returns).toHaveLength(1);
  });

  it('gives the reserved units and the member’s limit back when the order is refused', async () => {
    const goods = await prepareGoods(server, MALL_SITE, 10, 7);
    const { Id: activityId } = await createActivity();
    const { Id } = await addGoods(activityId, goods, 4, 2);
    const [sku] = goods.skus;
    const person = buyer(5, 'sk');
    const { Address: _, ...noAddress } = delivery(person);
    refused(
      await storefront(server, key, createSeckillOrder, {
        ...noAddress,
        SeckillGoodsId: Id,
        SkuId: sku!.id,
        Quantity: 2,
      }),
      'Address',
      /delivery address is required/,
    );
    expect(await seckillStock(Id, sku!.id)).toEqual({ stock: 4, sold: 0 });
    expect(await skuStock(server, sku!.id)).toBe(10);
    // The reservation and its return, both naming the order number that was never used.
    const ledger = await server.query<{ kind: string; delta: number; after: number; reason: string }>(
      sql`select l.kind, l.delta, l.after, l.reason from seckill_stock_log l
            join seckill_skus s on s.id = l.seckill_sku_id
           where s.seckill_goods_id = ${Id} and s.sku_id = ${sku!.id} and l.kind <> 'set' order by l.id`,
    );
    expect(ledger).toEqual([
      { kind: 'order', delta: -2, after: 2, reason: ledger[0]!.reason },
      { kind: 'return', delta: 2, after: 4, reason: ledger[0]!.reason },
    ]);
    expect(await server.query(sql`select id from orders where order_no = ${ledger[0]!.reason}`)).toEqual([]);
    // The member's limit of 2 is whole again.
    ok(
      await storefront(server, key, createSeckillOrder, {
        ...delivery(person),
        SeckillGoodsId: Id,
        SkuId: sku!.id,
        Quantity: 2,
      }),
    );
    expect(await seckillStock(Id, sku!.id)).toEqual({ stock: 2, sold: 2 });
  });

  it('gives the reserved units back when the goods’ own stock is short or the expected total is wrong', async () => {
    const goods = await prepareGoods(server, MALL_SITE, 1, 8);
    const { Id: activityId } = await createActivity();
    const { Id } = await addGoods(activityId, goods, 5);
    const [sku] = goods.skus;
    const person = buyer(6, 'sk');
    refused(
      await storefront(server, key, createSeckillOrder, {
        ...delivery(person),
        SeckillGoodsId: Id,
        SkuId: sku!.id,
        Quantity: 2,
      }),
      'Lines',
      /does not have enough stock/,
    );
    expect(await seckillStock(Id, sku!.id)).toEqual({ stock: 5, sold: 0 });
    expect(await skuStock(server, sku!.id)).toBe(1);
    // The price is the one the reservation read: a total expected at another price is refused, and
    // the units go back.
    refused(
      await storefront(server, key, createSeckillOrder, {
        ...delivery(person),
        SeckillGoodsId: Id,
        SkuId: sku!.id,
        Quantity: 1,
        ExpectedTotalFen: sku!.priceFen,
      }),
      'ExpectedTotalFen',
    );
    expect(await seckillStock(Id, sku!.id)).toEqual({ stock: 5, sold: 0 });
    const placed = ok(
      await storefront(server, key, createSeckillOrder, {
        ...delivery(person),
        SeckillGoodsId: Id,
        SkuId: sku!.id,
        Quantity: 1,
        ExpectedTotalFen: sku!.priceFen - 100,
      }),
    ).Order;
    expect(placed.TotalFen).toBe(sku!.priceFen - 100);
    expect(await seckillStock(Id, sku!.id)).toEqual({ stock: 4, sold: 1 });
    expect(await skuStock(server, sku!.id)).toBe(0);
  });

  it('turns late buyers away on the sold-out mark, and sells again as soon as units come back', async () => {
    const goods = await prepareGoods(server, MALL_SITE, 10, 9);
    const { Id: activityId } = await createActivity();
    const { Id } = await addGoods(activityId, goods, 1);
    const [sku] = goods.skus;
    const offer = { siteId: MALL_SITE, SeckillGoodsId: Id, SkuId: sku!.id };
    const first = ok(
      await storefront(server, key, createSeckillOrder, {
        ...delivery(buyer(7, 'sk')),
        SeckillGoodsId: Id,
        SkuId: sku!.id,
        Quantity: 1,
      }),
    ).Order;
    const late = { ...delivery(buyer(8, 'sk')), SeckillGoodsId: Id, SkuId: sku!.id, Quantity: 1 };
    expect(soldOutMarks.title(offer)).toBeUndefined();
    refused(
      await storefront(server, key, createSeckillOrder, late),
      'Quantity',
      /sold out at the seckill price/,
    );
    expect(soldOutMarks.title(offer)).toMatch(/./);
    // Marked: refused again with the same message, the mark naming only this shop's offer.
    refused(
      await storefront(server, key, createSeckillOrder, late),
      'Quantity',
      /sold out at the seckill price/,
    );
    expect(soldOutMarks.title({ ...offer, siteId: MALL_SITE + 1 })).toBeUndefined();
    // The first buyer cancels: the unit is back on sale at once.
    ok(await storefront(server, key, cancelOrder, { OrderNo: first.OrderNo, BuyerId: buyer(7, 'sk').Id }));
    expect(soldOutMarks.title(offer)).toBeUndefined();
    ok(await storefront(server, key, createSeckillOrder, late));
    refused(
      await storefront(server, key, createSeckillOrder, { ...late, ...delivery(buyer(9, 'sk')) }),
      'Quantity',
    );
    expect(soldOutMarks.title(offer)).toMatch(/./);
    // The operator adds a unit: on sale again at once.
    ok(
      await call(seckill.bindSeckillAndProduct, {
        Id,
        Version: 1,
        LimitPerMember: 0,
        Skus: [{ SkuId: sku!.id, SeckillPriceFen: sku!.priceFen - 100, Stock: 1, StockWas: 0 }],
      }),
    );
    expect(soldOutMarks.title(offer)).toBeUndefined();
    ok(await storefront(server, key, createSeckillOrder, { ...late, ...delivery(buyer(9, 'sk')) }));
    // A unit that comes back through another server leaves this one's mark in place: the mark, not
    // the database, answers here until it lapses.
    const tenth = { ...late, ...delivery(buyer(10, 'sk')) };
    refused(
      await storefront(server, key, createSeckillOrder, tenth),
      'Quantity',
      /sold out at the seckill price/,
    );
    await server.query(
      sql`update seckill_skus set stock = 1 where seckill_goods_id = ${Id} and sku_id = ${sku!.id}`,
    );
    refused(
      await storefront(server, key, createSeckillOrder, tenth),
      'Quantity',
      /sold out at the seckill price/,
    );
    soldOutMarks.forgetAll();
    ok(await storefront(server, key, createSeckillOrder, tenth));
  });

  it('the sweep gives back a reservation whose order never came, once, and leaves a recent one', async () => {
    const goods = await prepareGoods(server, MALL_SITE, 10, 10);
    const { Id: activityId } = await createActivity();
    const { Id } = await addGoods(activityId, goods, 5, 3);
    const [sku] = goods.skus;
    const person = buyer(10, 'sk');
    const order = { ...delivery(person), SeckillGoodsId: Id, SkuId: sku!.id };
    // Two reservations as placeSeckillOrder makes them, then the server stops before the orders:
    // the units, the ledger and the member's limit taken, no order. One of them 11 minutes ago.
    const [seckillSku] = await server.query<{ id: number }>(
      sql`select id from seckill_skus where seckill_goods_id = ${Id} and sku_id = ${sku!.id}`,
    );
    const now = Date.now();
    for (const [orderId, quantity, minutesAgo] of [
      [900_000_001, 2, 11],
      [900_000_002, 1, 9],
    ] as const) {
      const at = new Date(now - minutesAgo * 60_000).toISOString();
      await server.query(
        sql`with taken as (update seckill_skus set stock = stock - ${quantity}::int, sold = sold + ${quantity}::int
                            where id = ${seckillSku!.id} returning id, stock),
                 logged as (insert into seckill_stock_log (site_id, seckill_sku_id, kind, delta, after, reason, at)
                            select ${MALL_SITE}, id, 'order', ${-quantity}::int, stock, ${`R${orderId}`}, ${at}::timestamptz from taken)
            insert into seckill_reservations (site_id, order_id, order_no, seckill_sku_id, seckill_goods_id, buyer_id, quantity, reserved_at)
            values (${MALL_SITE}, ${orderId}, ${`R${orderId}`}, ${seckillSku!.id}, ${Id}, ${person.Id}, ${quantity}, ${at}::timestamptz)`,
      );
    }
    await server.query(
      sql`insert into deal_member_quotas (site_id, kind, ref_id, buyer_id, used) values (${MALL_SITE}, 'seckill', ${Id}, ${person.Id}, 3)`,
    );
    expect(await seckillStock(Id, sku!.id)).toEqual({ stock: 2, sold: 3 });
    refused(
      await storefront(server, key, createSeckillOrder, { ...order, Quantity: 1 }),
      'Quantity',
      /at most 3/,
    );

    const counts = await runDealSweeps(server.database.db, new Date(now));
    expect(counts.returnedReservations).toBe(1);
    expect(await seckillStock(Id, sku!.id)).toEqual({ stock: 4, sold: 1 });
    const states = await server.query<{ order_id: number; state: string }>(
      sql`select order_id, state from seckill_reservations where seckill_goods_id = ${Id} order by order_id`,
    );
    expect(states).toEqual([
      { order_id: 900_000_001, state: 'returned' },
      { order_id: 900_000_002, state: 'held' },
    ]);
    const returns = await server.query<{ delta: number; after: number }>(
      sql`select delta, after from seckill_stock_log where kind = 'return' and reason = 'R900000001'`,
    );
    expect(returns).toEqual([{ delta: 2, after: 4 }]);
    expect((await runDealSweeps(server.database.db, new Date(now))).returnedReservations).toBe(0);
    // The member's limit of 3 has 2 back: the buyer may take 2 more, not 3.
    refused(
      await storefront(server, key, createSeckillOrder, { ...order, Quantity: 3 }),
      'Quantity',
      /at most 3/,
    );
    ok(await storefront(server, key, createSeckillOrder, { ...order, Quantity: 2 }));
  });

  it('refuses when sold out, outside its sessions, before its start, and a SKU not in it', async () => {
    const goods = await prepareGoods(server, MALL_SITE, 10, 6);
    const [sku, other] = goods.skus;
    const person = buyer(4, 'sk');
    const { Id: soldOutActivity } = await createActivity();
    const soldOut = await addGoods(soldOutActivity, goods, 1);
    refused(
      await storefront(server, key, createSeckillOrder, {
        ...delivery(person),
        SeckillGoodsId: soldOut.Id,
        SkuId: sku!.id,
        Quantity: 2,
      }),
      'Quantity',
      /sold out at the seckill price/,
    );
    // A one-minute session twelve hours away from now on the shop's clock.
    const away = shopDateTime(new Date(Date.now() + 12 * HOUR)).slice(11, 16);
    const end = `${away.slice(0, 3)}${String(Number(away.slice(3)) + 1).padStart(2, '0')}`;
    const { Id: closedActivity } = await createActivity({
      Sessions: away.endsWith('59') ? [{ Start: '00:00', End: '00:01' }] : [{ Start: away, End: end }],
    });
    const closed = await addGoods(closedActivity, goods, 5);
    refused(
      await storefront(server, key, createSeckillOrder, {
        ...delivery(person),
        SeckillGoodsId: closed.Id,
        SkuId: sku!.id,
        Quantity: 1,
      }),
      'SeckillGoodsId',
      /No session of .* is open; the next opens at/,
    );
    const { Id: futureActivity } = await createActivity(window(DAY, 2 * DAY));
    const future = await addGoods(futureActivity, goods, 5);
    refused(
      await storefront(server, key, createSeckillOrder, {
        ...delivery(person),
        SeckillGoodsId: future.Id,
        SkuId: sku!.id,
        Quantity: 1,
      }),
      'SeckillGoodsId',
      /has not started/,
    );
    ok(
      await call(seckill.bindSeckillAndProduct, {
        Id: soldOut.Id,
        Version: 1,
        LimitPerMember: 0,
        Skus: [{ SkuId: sku!.id, SeckillPriceFen: 1, Stock: 1, StockWas: 1 }],
      }),
    );
    await server.query(
      sql`delete from seckill_skus where seckill_goods_id = ${soldOut.Id} and sku_id = ${other!.id}`,
    );
    refused(
      await storefront(server, key, createSeckillOrder, {
        ...delivery(person),
        SeckillGoodsId: soldOut.Id,
        SkuId: other!.id,
        Quantity: 1,
      }),
      'SkuId',
      /is not sold in this seckill/,
    );
    refused(
      await storefront(server, key, createSeckillOrder, {
        ...delivery(person),
        SeckillGoodsId: soldOut.Id,
        SkuId: sku!.id,
        Quantity: 0,
      }),
      'Quantity',
    );
    expect(await skuStock(server, sku!.id)).toBe(10);
  });

  it('refuses a call without the shop’s key', async () => {
    const response = await server.call(getSeckillActivities, {});
    expect(response.status).toBe(401);
  });
});

describe('permissions', () => {
  it('refuses the seckill calls to accounts without the seckill screens', async () => {
    for (const token of [await server.login('sub', { siteId: MALL_SITE }), await server.login('store')]) {
      await expectForbidden(server, token, [
        [seckill.getSeckillActivityList, {}],
        [seckill.getSeckillInfo, { id: 1 }],
        [
          seckill.bindSeckillInfo,
          { Title: 'x', Image: '', ...window(), Sessions: [], Sort: 0, Status: 'on' },
        ],
        [seckill.bindSeckillRules, { Id: 1, Version: 1, Rules: '' }],
        [seckill.bindSeckillUpdateStateAndDel, { Ids: [1], Action: 'switchOff' }],
        [seckill.getSeckillAndProductList, { ActivityId: 1 }],
        [seckill.getSeckillAndProduct, { id: 1 }],
        [
          seckill.bindAddSeakillAndProduct,
          { ActivityId: 1, ProductId: 1, LimitPerMember: 0, Sort: 0, Skus: [] },
        ],
        [seckill.bindSeckillAndProduct, { Id: 1, Version: 1, LimitPerMember: 0, Skus: [] }],
        [seckill.bindSeckillProductRelateAndDel, { Ids: [1] }],
        [seckill.setSeckillProductTaxis, { Id: 1, Sort: 1 }],
      ]);
    }
  });
});

describe('a winning seckill order on PostgreSQL', () => {
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('is written to the server in six writes', async () => {
    const goods = await prepareGoods(server, MALL_SITE, 10, 4);
    const { Id: activityId } = await createActivity();
    const { Id } = await addGoods(activityId, goods, 4);
    const [sku] = goods.skus;
    const order = { ...delivery(buyer(31, 'sk')), SeckillGoodsId: Id, SkuId: sku!.id, Quantity: 1 };
    // The key read and its last-used time written by a first call, not counted.
    ok(await storefront(server, key, createSeckillOrder, order));
    const writes = countDatabaseWrites();
    try {
      ok(await storefront(server, key, createSeckillOrder, { ...order, ...delivery(buyer(32, 'sk')) }));
    } finally {
      writes.stop();
    }
    // The shop's key is read again once its second of trust is over: on a slow machine, here too.
    const orderWrites = writes.texts.filter((text) => !/storefront_keys/.test(text));
    // Each write is a round trip: the offer, the reservation (committed on its own), BEGIN with the
    // order's reads (settings, member, lines, free shipping), the order with its lines and log, its
    // end (the seckill line, the lines locked and priced again, the stock, the day's summary), COMMIT.
    expect(orderWrites).toHaveLength(6);
    const expected = [
      /from seckill_goods g join seckill_activities/,
      /with reserved_order as[\s\S]*update seckill_skus/,
      /^Q[\s\S]*begin[\s\S]*order_parameter_settings[\s\S]*insert into members[\s\S]*from skus s join products p[\s\S]*free_shipping_activities/,
      /insert into "order_lines"[\s\S]*insert into "orders"/,
      /insert into seckill_order_lines[\s\S]*for update of p, s[\s\S]*update skus s [\s\S]*order_sales_days/,
      /^Q[\s\S]*commit/,
    ];
    for (const [index, text] of orderWrites.entries())
      expect(text, `write ${index + 1}`).toMatch(expected[index]!);
  });
});

/** Every write to a PostgreSQL socket from now until stop(), as text. */
function countDatabaseWrites() {
  const prototype = net.Socket.prototype as unknown as {
    _writev(chunks: { chunk: Uint8Array }[], callback: () => void): void;
    _write(chunk: Uint8Array, encoding: string, callback: () => void): void;
  };
  const writev = prototype._writev;
  const write = prototype._write;
  const port = Number(new URL(process.env.TEST_DATABASE_URL!).port);
  const texts: string[] = [];
  prototype._writev = function (this: net.Socket, chunks, callback) {
    if (this.remotePort === port)
      texts.push(chunks.map(({ chunk }) => Buffer.from(chunk).toString('latin1')).join(''));
    return writev.call(this, chunks, callback);
  };
  prototype._write = function (this: net.Socket, chunk, encoding, callback) {
    if (this.remotePort === port) texts.push(Buffer.from(chunk).toString('latin1'));
    return write.call(this, chunk, encoding, callback);
  };
  return {
    texts,
    stop() {
      prototype._writev = writev;
      prototype._write = write;
    },
  };
}
