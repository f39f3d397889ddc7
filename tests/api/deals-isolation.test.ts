import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as bargain from '../../contract/endpoints/bargain';
import * as front from '../../contract/endpoints/deal-storefront';
import * as groupBuy from '../../contract/endpoints/group-buy';
import * as seckill from '../../contract/endpoints/seckill';
import { delivery, window } from './deal-helpers';
import { startTestServer, type TestServer } from './harness';
import { storefront, storefrontKey } from './order-helpers';
import {
  defineIsolationCase,
  type IsolationContext,
  runIsolationCases,
  siteFingerprint,
} from './tenant-isolation';

/**
 * A caller of site A names seckill, group-buy and bargain rows of site B: every admin call of the
 * three (the SPEC §7 calls and their kin) and every storefront call with site A's key is refused or
 * answers nothing of site B, and site B stays unchanged.
 */

const TITLE = '乙店专属活动';

interface RowsOfB extends Record<string, number> {
  product: number;
  sku: number;
  seckill: number;
  seckillGoods: number;
  groupBuy: number;
  team: number;
  event: number;
  bargainGoods: number;
  launch: number;
}

const made = new WeakMap<TestServer, Promise<RowsOfB>>();

/** One set of rows of every kind in site B, made once per server. */
function rowsOfB({ server, siteB }: Pick<IsolationContext, 'server' | 'siteB'>): Promise<RowsOfB> {
  if (!made.has(server)) made.set(server, makeRows(server, siteB));
  return made.get(server)!;
}

async function makeRows(server: TestServer, siteB: number): Promise<RowsOfB> {
  const one = async (statement: ReturnType<typeof sql>) =>
    (await server.query<{ id: number }>(statement))[0]!.id;
  const starts = new Date(Date.now() - 3_600_000).toISOString();
  const ends = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const product = await one(
    sql`insert into products (site_id, name, shelf_state, recycle_state, price_fen) values (${siteB}, ${TITLE}, 'on', 'active', 9900) returning id`,
  );
  const sku = await one(
    sql`insert into skus (site_id, product_id, price_fen, stock) values (${siteB}, ${product}, 9900, 50) returning id`,
  );
  const seckillId = await one(
    sql`insert into seckill_activities (site_id, title, starts_at, ends_at) values (${siteB}, ${TITLE}, ${starts}, ${ends}) returning id`,
  );
  const seckillGoods = await one(
    sql`insert into seckill_goods (site_id, activity_id, product_id) values (${siteB}, ${seckillId}, ${product}) returning id`,
  );
  await server.query(
    sql`insert into seckill_skus (site_id, activity_id, seckill_goods_id, product_id, sku_id, price_fen, stock)
        values (${siteB}, ${seckillId}, ${seckillGoods}, ${product}, ${sku}, 5000, 10)`,
  );
  const groupBuyId = await one(
    sql`insert into group_buy_activities (site_id, title, starts_at, ends_at, product_id) values (${siteB}, ${TITLE}, ${starts}, ${ends}, ${product}) returning id`,
  );
  await server.query(
    sql`insert into group_buy_skus (site_id, activity_id, sku_id, price_fen) values (${siteB}, ${groupBuyId}, ${sku}, 5000)`,
  );
  const team = await one(
    sql`insert into group_buy_teams (site_id, activity_id, leader_buyer_id, leader_name, size, joined, paid, expires_at)
        values (${siteB}, ${groupBuyId}, 'b-leader', '乙店团长', 2, 1, 1, ${ends}) returning id`,
  );
  const event = await one(
    sql`insert into bargain_events (site_id, title, starts_at, ends_at) values (${siteB}, ${TITLE}, ${starts}, ${ends}) returning id`,
  );
  const bargainGoods = await one(
    sql`insert into bargain_goods (site_id, event_id, product_id, sku_id, floor_price_fen, helpers_needed) values (${siteB}, ${event}, ${product}, ${sku}, 1000, 3) returning id`,
  );
  const launch = await one(
    sql`insert into bargain_launches (site_id, event_id, goods_id, product_id, sku_id, buyer_id, buyer_name, cut_mode, buy_mode,
          start_fen, floor_fen, current_fen, helps_needed, expires_at)
        values (${siteB}, ${event}, ${bargainGoods}, ${product}, ${sku}, 'b-buyer', '乙店买家', 'random', 'any', 9900, 1000, 9900, 3, ${ends})
        returning id`,
  );
  return {
    product,
    sku,
    seckill: seckillId,
    seckillGoods,
    groupBuy: groupBuyId,
    team,
    event,
    bargainGoods,
    launch,
  };
}

const activity = { Title: '甲店改写', Image: '', ...window(), Sort: 0, Status: 'on' } as const;
const bargainRules = {
  FloorPriceFen: 1,
  FirstCutFen: 0,
  CutMode: 'fixed',
  HelpersNeeded: 2,
  Hours: 24,
  BuyMode: 'any',
  LaunchLimit: 1,
  Sort: 0,
};
const nothingOfB = (response: { body: Record<string, unknown> }) => {
  expect(response.body.Errcode).toBe(0);
  expect(JSON.stringify(response.body)).not.toContain(TITLE);
};

const cases = [
  // seckill
  [
    'GetSeckillActivityList searching its title',
    seckill.getSeckillActivityList,
    () => ({ keyword: TITLE }),
    nothingOfB,
  ],
  ['GetSeckillInfo', seckill.getSeckillInfo, (b: RowsOfB) => ({ id: b.seckill })],
  [
    'BindSeckillInfo',
    seckill.bindSeckillInfo,
    (b: RowsOfB) => ({ ...activity, Id: b.seckill, Version: 1, Sessions: [] }),
  ],
  ['BindSeckillRules', seckill.bindSeckillRules, (b: RowsOfB) => ({ Id: b.seckill, Version: 1, Rules: 'x' })],
  [
    'BindSeckillUpdateStateAndDel',
    seckill.bindSeckillUpdateStateAndDel,
    (b: RowsOfB) => ({ Ids: [b.seckill], Action: 'switchOff' }),
  ],
  ['GetSeckillAndProductList', seckill.getSeckillAndProductList, (b: RowsOfB) => ({ ActivityId: b.seckill })],
  ['GetSeckillAndProduct', seckill.getSeckillAndProduct, (b: RowsOfB) => ({ id: b.seckillGoods })],
  [
    'BindAddSeakillAndProduct into its activity',
    seckill.bindAddSeakillAndProduct,
    (b: RowsOfB) => ({
      ActivityId: b.seckill,
      ProductId: b.product,
      LimitPerMember: 0,
      Sort: 0,
      Skus: [{ SkuId: b.sku, SeckillPriceFen: 1, Stock: 1 }],
    }),
  ],
  [
    'BindSeckillAndProduct',
    seckill.bindSeckillAndProduct,
    (b: RowsOfB) => ({
      Id: b.seckillGoods,
      Version: 1,
      LimitPerMember: 0,
      Skus: [{ SkuId: b.sku, SeckillPriceFen: 1, Stock: 99, StockWas: 10 }],
    }),
  ],
  [
    'BindSeckillProductRelateAndDel',
    seckill.bindSeckillProductRelateAndDel,
    (b: RowsOfB) => ({ Ids: [b.seckillGoods] }),
  ],
  [
    'SetSeckillProductTaxis',
    seckill.setSeckillProductTaxis,
    (b: RowsOfB) => ({ Id: b.seckillGoods, Sort: 9 }),
  ],
  // group buying
  [
    'GetGroupBuyActivityList searching its title',
    groupBuy.getGroupBuyActivityList,
    () => ({ keyword: TITLE }),
    nothingOfB,
  ],
  ['GetGroupBuyInfo', groupBuy.getGroupBuyInfo, (b: RowsOfB) => ({ id: b.groupBuy })],
  [
    'BindGroupBuyInfo on its activity',
    groupBuy.bindGroupBuyInfo,
    (b: RowsOfB) => ({
      ...activity,
      Id: b.groupBuy,
      Version: 1,
      ProductId: b.product,
      GroupSize: 2,
      FillHours: 2,
      VirtualFill: false,
      LimitPerMember: 0,
      Skus: [{ SkuId: b.sku, GroupPriceFen: 1 }],
    }),
  ],
  [
    'BindGroupBuyInfo of a new activity on its goods',
    groupBuy.bindGroupBuyInfo,
    (b: RowsOfB) => ({
      ...activity,
      ProductId: b.product,
      GroupSize: 2,
      FillHours: 2,
      VirtualFill: false,
      LimitPerMember: 0,
      Skus: [{ SkuId: b.sku, GroupPriceFen: 1 }],
    }),
  ],
  [
    'BindGroupBuyUpdateStateAndDel',
    groupBuy.bindGroupBuyUpdateStateAndDel,
    (b: RowsOfB) => ({ Ids: [b.groupBuy], Action: 'switchOff' }),
  ],
  ['SetGroupBuyTaxis', groupBuy.setGroupBuyTaxis, (b: RowsOfB) => ({ Id: b.groupBuy, Sort: 9 })],
  [
    'GetGroupBuyTeamList of its activity',
    groupBuy.getGroupBuyTeamList,
    (b: RowsOfB) => ({ ActivityId: b.groupBuy }),
    nothingOfB,
  ],
  ['GetGroupBuyTeamInfo', groupBuy.getGroupBuyTeamInfo, (b: RowsOfB) => ({ id: b.team })],
  [
    'BindGroupBuyTeamState',
    groupBuy.bindGroupBuyTeamState,
    (b: RowsOfB) => ({ Id: b.team, Action: 'disband' }),
  ],
  // bargains
  [
    'GetBargainEventList searching its title',
    bargain.getBargainEventList,
    () => ({ keyword: TITLE }),
    nothingOfB,
  ],
  ['GetBargainEventInfo', bargain.getBargainEventInfo, (b: RowsOfB) => ({ id: b.event })],
  [
    'BindBargainEventInfo',
    bargain.bindBargainEventInfo,
    (b: RowsOfB) => ({ ...activity, Id: b.event, Version: 1, Rules: '' }),
  ],
  ['BindBargainRules', bargain.bindBargainRules, (b: RowsOfB) => ({ Id: b.event, Version: 1, Rules: 'x' })],
  [
    'BindBargainUpdateStateAndDel',
    bargain.bindBargainUpdateStateAndDel,
    (b: RowsOfB) => ({ Ids: [b.event], Action: 'switchOff' }),
  ],
  ['SetBargainEventTaxis', bargain.setBargainEventTaxis, (b: RowsOfB) => ({ Id: b.event, Sort: 9 })],
  [
    'GetBargainEventAndProductList',
    bargain.getBargainEventAndProductList,
    (b: RowsOfB) => ({ EventId: b.event }),
  ],
  [
    'GetBargainEventAndProductInfo',
    bargain.getBargainEventAndProductInfo,
    (b: RowsOfB) => ({ id: b.bargainGoods }),
  ],
  [
    'BindAddBargainEventAndProduct into its event',
    bargain.bindAddBargainEventAndProduct,
    (b: RowsOfB) => ({ EventId: b.event, SkuId: b.sku, ...bargainRules }),
  ],
  [
    'BindBargainEventAndProductInfo',
    bargain.bindBargainEventAndProductInfo,
    (b: RowsOfB) => ({ Id: b.bargainGoods, Version: 1, ...bargainRules }),
  ],
  [
    'SetBargainEventAndProductInfo',
    bargain.setBargainEventAndProductInfo,
    (b: RowsOfB) => ({ Ids: [b.bargainGoods], Action: 'delete' }),
  ],
  [
    'GetBargainEventAccountList of its event',
    bargain.getBargainEventAccountList,
    (b: RowsOfB) => ({ EventId: b.event }),
    nothingOfB,
  ],
  ['GetBargainEventAccountInfo', bargain.getBargainEventAccountInfo, (b: RowsOfB) => ({ id: b.launch })],
] as const;

runIsolationCases(
  'seckill, group buying and bargains',
  cases.map(([name, endpoint, input, verify]) =>
    defineIsolationCase({
      name: `${endpoint.path}: ${name}`,
      endpoint,
      setup: (context) => rowsOfB(context),
      input: (_context, rows) => input(rows as RowsOfB),
      ...(verify ? { verify } : {}),
    }),
  ),
);

/** The same for the buyer's calls: site A's storefront key never reaches site B's activities. */
describe('tenant isolation: the deal storefront calls', () => {
  let server: TestServer;
  let key: string;
  let siteB: number;
  let rows: RowsOfB;
  beforeAll(async () => {
    server = await startTestServer();
    key = await storefrontKey(server, await server.login('admin'));
    [, siteB] = (await server.query<{ id: number }>(sql`select id from sites order by id`)).map(
      (row) => row.id,
    ) as [number, number];
    rows = await rowsOfB({ server, siteB });
  });
  afterAll(() => server.close());

  const person = { Id: 'iso-buyer', Name: '甲店买家', Phone: '13900009999' };
  const calls = [
    [
      'CreateSeckillOrder',
      front.createSeckillOrder,
      (b: RowsOfB) => ({ ...delivery(person), SeckillGoodsId: b.seckillGoods, SkuId: b.sku, Quantity: 1 }),
    ],
    [
      'OpenGroupBuyTeam',
      front.openGroupBuyTeam,
      (b: RowsOfB) => ({ ...delivery(person), ActivityId: b.groupBuy, SkuId: b.sku, Quantity: 1 }),
    ],
    [
      'JoinGroupBuyTeam',
      front.joinGroupBuyTeam,
      (b: RowsOfB) => ({ ...delivery(person), TeamId: b.team, SkuId: b.sku, Quantity: 1 }),
    ],
    ['GetGroupBuyTeam', front.getGroupBuyTeam, (b: RowsOfB) => ({ id: b.team })],
    [
      'LaunchBargain',
      front.launchBargain,
      (b: RowsOfB) => ({ Buyer: person, BargainGoodsId: b.bargainGoods }),
    ],
    ['HelpBargain', front.helpBargain, (b: RowsOfB) => ({ Helper: person, LaunchId: b.launch })],
    [
      'BuyBargain',
      front.buyBargain,
      (b: RowsOfB) => ({ ...delivery({ ...person, Id: 'b-buyer' }), LaunchId: b.launch }),
    ],
    ['GetBargainLaunch', front.getBargainLaunch, (b: RowsOfB) => ({ id: b.launch })],
  ] as const;

  it.each(calls.map(([name, endpoint, input]) => ({ name, endpoint, input })))(
    '$name naming a row of site B',
    async ({ endpoint, input }) => {
      const before = await siteFingerprint(server, siteB);
      const response = await storefront(server, key, endpoint, input(rows));
      expect(response.status).toBe(200);
      expect(response.body.Errcode).toBe(-1);
      expect(await siteFingerprint(server, siteB)).toEqual(before);
    },
  );

  it.each([
    ['GetSeckillActivities', front.getSeckillActivities],
    ['GetGroupBuyActivities', front.getGroupBuyActivities],
    ['GetBargainEvents', front.getBargainEvents],
  ] as const)('%s lists nothing of site B', async (_, endpoint) => {
    const response = await storefront(server, key, endpoint, {});
    expect(response.body.Errcode).toBe(0);
    expect(JSON.stringify(response.body)).not.toContain(TITLE);
  });
});
