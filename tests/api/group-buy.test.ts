import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDefinition } from '../../contract/endpoint';
import {
  getGroupBuyActivities,
  getGroupBuyTeam,
  joinGroupBuyTeam,
  openGroupBuyTeam,
} from '../../contract/endpoints/deal-storefront';
import * as groupBuy from '../../contract/endpoints/group-buy';
import * as orders from '../../contract/endpoints/orders';
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
import { MALL_SITE, orderId, setMallParameters, skuStock, storefront, storefrontKey } from './order-helpers';

let server: TestServer;
let admin: string;
let key: string;
let skip = 10;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  key = await storefrontKey(server, admin);
  await setMallParameters(server, admin, { StockDeduction: 'creation' });
});
afterAll(() => server.close());

const call = <E extends EndpointDefinition>(endpoint: E, input: unknown, token = admin) =>
  server.call(endpoint, input, { token });

async function createActivity(goods: TestGoods, overrides: Record<string, unknown> = {}) {
  const { Id } = ok(
    await call(groupBuy.bindGroupBuyInfo, {
      Title: '测试拼团',
      Image: '',
      ...window(),
      Sort: 0,
      Status: 'on',
      ProductId: goods.productId,
      GroupSize: 3,
      FillHours: 24,
      VirtualFill: false,
      LimitPerMember: 0,
      Skus: goods.skus.map((sku) => ({ SkuId: sku.id, GroupPriceFen: sku.priceFen - 100 })),
      ...overrides,
    }),
  );
  return Id;
}

/** An activity on fresh goods, ready for teams. */
async function activityWithGoods(overrides: Record<string, unknown> = {}) {
  const goods = await prepareGoods(server, MALL_SITE, 50, ++skip);
  return { goods, activityId: await createActivity(goods, overrides) };
}

async function openTeam(activityId: number, goods: TestGoods, person: ReturnType<typeof buyer>) {
  return ok(
    await storefront(server, key, openGroupBuyTeam, {
      ...delivery(person),
      ActivityId: activityId,
      SkuId: goods.skus[0]!.id,
      Quantity: 1,
    }),
  );
}

async function joinTeam(teamId: number, goods: TestGoods, person: ReturnType<typeof buyer>) {
  return storefront(server, key, joinGroupBuyTeam, {
    ...delivery(person),
    TeamId: teamId,
    SkuId: goods.skus[0]!.id,
    Quantity: 1,
  });
}

async function team(id: number) {
  return ok(await call(groupBuy.getGroupBuyTeamInfo, { id }));
}

describe('activities', () => {
  it('adds one on a good with group prices, reads, lists, saves with its version and sorts', async () => {
    const goods = await prepareGoods(server, MALL_SITE, 50, ++skip);
    const Id = await createActivity(goods, { Title: '三人团测试', LimitPerMember: 2 });
    const info = ok(await call(groupBuy.getGroupBuyInfo, { id: Id }));
    expect(info).toMatchObject({
      Title: '三人团测试',
      State: 'running',
      ProductId: goods.productId,
      ProductName: goods.name,
      GroupSize: 3,
      LimitPerMember: 2,
      PriceFen: Math.min(...goods.skus.map((sku) => sku.priceFen - 100)),
      Teams: { forming: 0, success: 0, failed: 0 },
    });
    expect(info.Skus.map((sku) => sku.GroupPriceFen)).toEqual(goods.skus.map((sku) => sku.priceFen - 100));
    const list = ok(
      await call(groupBuy.getGroupBuyActivityList, { state: 'running', keyword: '三人团测试' }),
    );
    expect(list.Data.map((row) => row.Id)).toEqual([Id]);
    const saved = ok(
      await call(groupBuy.bindGroupBuyInfo, {
        Id,
        Version: info.Version,
        Title: '三人团测试',
        Image: '',
        ...window(),
        Sort: 0,
        Status: 'off',
        ProductId: goods.productId,
        GroupSize: 2,
        FillHours: 12,
        VirtualFill: true,
        LimitPerMember: 0,
        Skus: [{ SkuId: goods.skus[0]!.id, GroupPriceFen: 100 }],
      }),
    );
    const after = ok(await call(groupBuy.getGroupBuyInfo, { id: Id }));
    expect(after).toMatchObject({
      State: 'off',
      GroupSize: 2,
      FillHours: 12,
      VirtualFill: true,
      Version: saved.Version,
    });
    expect(after.Skus).toEqual([expect.objectContaining({ SkuId: goods.skus[0]!.id, GroupPriceFen: 100 })]);
    ok(await call(groupBuy.setGroupBuyTaxis, { Id, Sort: 8 }));
    expect(ok(await call(groupBuy.getGroupBuyInfo, { id: Id })).Sort).toBe(8);
    refused(
      await call(groupBuy.bindGroupBuyInfo, { ...(await formOf(Id)), Version: info.Version }),
      'Version',
      /changed by someone else/,
    );
  });

  it.each([
    ['a team of one', { GroupSize: 1 }, 'GroupSize'],
    ['no hours to fill', { FillHours: 0 }, 'FillHours'],
    ['no SKUs', { Skus: [] }, 'Skus'],
    ['a group price of 0', { Skus: [{ SkuId: 1, GroupPriceFen: 0 }] }, 'Skus.0.GroupPriceFen'],
    ['an end before the start', window(DAY, HOUR), 'EndsAt'],
  ])('refuses %s, naming the field', async (_, change, field) => {
    const goods = await prepareGoods(server, MALL_SITE, 5, 0);
    refused(
      await call(groupBuy.bindGroupBuyInfo, {
        Title: '坏拼团',
        Image: '',
        ...window(),
        Sort: 0,
        Status: 'on',
        ProductId: goods.productId,
        GroupSize: 2,
        FillHours: 24,
        VirtualFill: false,
        LimitPerMember: 0,
        Skus: [{ SkuId: goods.skus[0]!.id, GroupPriceFen: 1 }],
        ...change,
      }),
      field,
    );
  });

  it('refuses a group price not below the SKU’s and a virtual good', async () => {
    const goods = await prepareGoods(server, MALL_SITE, 5, 0);
    const [sku] = goods.skus;
    refused(
      await call(groupBuy.bindGroupBuyInfo, {
        ...(await blankForm(goods)),
        Skus: [{ SkuId: sku!.id, GroupPriceFen: sku!.priceFen }],
      }),
      'Skus.0.GroupPriceFen',
      /must be below/,
    );
    const [virtual] = await server.query<{ id: number }>(
      sql`select id from products where site_id = ${MALL_SITE} and kind = 'virtual' and recycle_state = 'active' limit 1`,
    );
    refused(
      await call(groupBuy.bindGroupBuyInfo, { ...(await blankForm(goods)), ProductId: virtual!.id }),
      'ProductId',
      /virtual good/,
    );
  });

  it('switches, and deletes only when not running', async () => {
    const { activityId } = await activityWithGoods({ Title: '开关拼团' });
    refused(
      await call(groupBuy.bindGroupBuyUpdateStateAndDel, { Ids: [activityId], Action: 'delete' }),
      'Ids',
    );
    ok(await call(groupBuy.bindGroupBuyUpdateStateAndDel, { Ids: [activityId], Action: 'switchOff' }));
    ok(await call(groupBuy.bindGroupBuyUpdateStateAndDel, { Ids: [activityId], Action: 'delete' }));
    refused(await call(groupBuy.getGroupBuyInfo, { id: activityId }), 'id');
  });
});

async function blankForm(goods: TestGoods) {
  return {
    Title: '拼团',
    Image: '',
    ...window(),
    Sort: 0,
    Status: 'on',
    ProductId: goods.productId,
    GroupSize: 2,
    FillHours: 24,
    VirtualFill: false,
    LimitPerMember: 0,
    Skus: [{ SkuId: goods.skus[0]!.id, GroupPriceFen: 1 }],
  };
}

async function formOf(id: number) {
  const info = ok(await call(groupBuy.getGroupBuyInfo, { id }));
  return {
    Id: id,
    Version: info.Version,
    Title: info.Title,
    Image: info.Image,
    StartsAt: info.StartsAt,
    EndsAt: info.EndsAt,
    Sort: info.Sort,
    Status: info.Status,
    ProductId: info.ProductId,
    GroupSize: info.GroupSize,
    FillHours: info.FillHours,
    VirtualFill: info.VirtualFill,
    LimitPerMember: info.LimitPerMember,
    Skus: info.Skus.map((sku) => ({ SkuId: sku.SkuId, GroupPriceFen: sku.GroupPriceFen })),
  };
}

describe('a team to success', () => {
  it('opens at the group price, fills seat by seat, holds shipping until every seat is paid', async () => {
    const { goods, activityId } = await activityWithGoods({ Title: '成团测试' });
    const [sku] = goods.skus;
    const [a, b, c] = [buyer(1, 'gb'), buyer(2, 'gb'), buyer(3, 'gb')];
    const opened = await openTeam(activityId, goods, a);
    expect(opened.Order).toMatchObject({ TotalFen: sku!.priceFen - 100, DiscountFen: 100 });
    expect(opened.Team).toMatchObject({ State: 'forming', Size: 3, Joined: 1, Paid: 0, LeaderName: '买**' });
    const listed = ok(await storefront(server, key, getGroupBuyActivities, {}));
    expect(listed.Data.find((entry) => entry.Id === activityId)!.Teams.map((entry) => entry.Id)).toContain(
      opened.Team.Id,
    );
    await pay(server, key, opened.Order, a.Id);
    // Paid but the team is forming: no shipping, no face sheet.
    const leaderOrder = await orderId(server, opened.Order.OrderNo);
    const row = ok(await call(orders.getOrderList, { orderNo: opened.Order.OrderNo }));
    expect(row.Data[0]).toMatchObject({ State: 'toShip', ShipHold: 'teamForming' });
    const detail = ok(await call(orders.getOrderInfo, { id: leaderOrder }));
    expect(detail.Commands).not.toContain('ship');
    refused(
      await call(orders.bindOrderState, {
        Action: 'ship',
        Id: leaderOrder,
        Version: detail.Version,
        Carrier: 'ZTO',
        TrackingNo: '73100000000901',
      }),
      'Action',
      /still forming; it ships once the team succeeds/,
    );
    const config = ok(
      await call(orders.saveFaceConfig, {
        Name: '拼团面单',
        Carrier: 'ZTO',
        Paper: '100x180',
        Sender: {
          Name: '店',
          Phone: '0755-26000001',
          Province: '广东省',
          City: '深圳市',
          District: '南山区',
          Detail: '1 号',
        },
      }),
    );
    const printed = ok(
      await call(orders.printFaceSheets, {
        FaceConfigId: config.Id,
        Orders: [{ Id: leaderOrder, TrackingNo: '73100000000902' }],
      }),
    );
    expect(printed.Failed[0]!.Message).toMatch(/still forming/);
    const second = ok(await joinTeam(opened.Team.Id, goods, b));
    await pay(server, key, second.Order, b.Id);
    const third = ok(await joinTeam(opened.Team.Id, goods, c));
    expect(third.Team).toMatchObject({ Joined: 3, Paid: 2, State: 'forming' });
    await pay(server, key, third.Order, c.Id);
    const info = await team(opened.Team.Id);
    expect(info).toMatchObject({ State: 'success', Joined: 3, Paid: 3, VirtualFilled: 0 });
    expect(info.EndedAt).not.toBeNull();
    expect(
      info.Members.map((member) => [member.BuyerId, member.Leader, member.State, member.OrderState]),
    ).toEqual([
      [a.Id, true, 'paid', 'toShip'],
      [b.Id, false, 'paid', 'toShip'],
      [c.Id, false, 'paid', 'toShip'],
    ]);
    const shippable = ok(await call(orders.getOrderInfo, { id: leaderOrder }));
    expect(shippable.Commands).toContain('ship');
    expect(shippable.ShipHold).toBeNull();
    expect(await skuStock(server, sku!.id)).toBe(47);
    const list = ok(await call(groupBuy.getGroupBuyTeamList, { ActivityId: activityId, state: 'success' }));
    expect(list.Data.map((entry) => entry.Id)).toEqual([opened.Team.Id]);
    expect(list.Counts).toMatchObject({ all: 1, success: 1, forming: 0 });
  });

  it('refuses a fourth member, a member twice, and one over the member limit', async () => {
    const { goods, activityId } = await activityWithGoods({ GroupSize: 2, LimitPerMember: 1 });
    const [a, b, c] = [buyer(4, 'gb'), buyer(5, 'gb'), buyer(6, 'gb')];
    const opened = await openTeam(activityId, goods, a);
    refused(await joinTeam(opened.Team.Id, goods, a), 'TeamId', /in this team already/);
    ok(await joinTeam(opened.Team.Id, goods, b));
    refused(await joinTeam(opened.Team.Id, goods, c), 'TeamId', /This team is full/);
    refused(
      await storefront(server, key, openGroupBuyTeam, {
        ...delivery(a),
        ActivityId: activityId,
        SkuId: goods.skus[0]!.id,
        Quantity: 1,
      }),
      'Buyer',
      /at most 1 teams/,
    );
    refused(
      await storefront(server, key, openGroupBuyTeam, {
        ...delivery(c),
        ActivityId: activityId,
        SkuId: 999_999,
        Quantity: 1,
      }),
      'SkuId',
      /has no group price/,
    );
    const [orders] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from group_buy_members where team_id = ${opened.Team.Id}`,
    );
    expect(orders!.count).toBe(2);
  });

  it('frees the seat of an order closed unpaid, and gives the member’s limit back', async () => {
    const { goods, activityId } = await activityWithGoods({ GroupSize: 2, LimitPerMember: 1 });
    const [a, b, c] = [buyer(7, 'gb'), buyer(8, 'gb'), buyer(9, 'gb')];
    const opened = await openTeam(activityId, goods, a);
    const joined = ok(await joinTeam(opened.Team.Id, goods, b));
    ok(await storefront(server, key, cancelOrder, { OrderNo: joined.Order.OrderNo, BuyerId: b.Id }));
    expect(await team(opened.Team.Id)).toMatchObject({ State: 'forming', Joined: 1 });
    ok(await joinTeam(opened.Team.Id, goods, c));
    // b's limit came back: b may open a team of their own.
    await openTeam(activityId, goods, b);
  });

  it('fails a team left with nobody', async () => {
    const { goods, activityId } = await activityWithGoods();
    const person = buyer(10, 'gb');
    const opened = await openTeam(activityId, goods, person);
    ok(await storefront(server, key, cancelOrder, { OrderNo: opened.Order.OrderNo, BuyerId: person.Id }));
    expect(await team(opened.Team.Id)).toMatchObject({ State: 'failed', Joined: 0 });
    refused(await joinTeam(opened.Team.Id, goods, buyer(11, 'gb')), 'TeamId', /This team is over/);
  });
});

describe('teams whose time ran out', () => {
  it('fail, and every paid member is refunded through the refund flow, unpaid orders closed', async () => {
    const { goods, activityId } = await activityWithGoods({ FillHours: 2 });
    const [a, b, c] = [buyer(12, 'gb'), buyer(13, 'gb'), buyer(14, 'gb')];
    const opened = await openTeam(activityId, goods, a);
    await pay(server, key, opened.Order, a.Id);
    const second = ok(await joinTeam(opened.Team.Id, goods, b));
    await pay(server, key, second.Order, b.Id);
    const third = ok(await joinTeam(opened.Team.Id, goods, c));
    const stockBefore = await skuStock(server, goods.skus[0]!.id);
    const counts = await runDealSweeps(server.database.db, new Date(Date.now() + 3 * HOUR));
    expect(counts.endedTeams).toBeGreaterThanOrEqual(1);
    const info = await team(opened.Team.Id);
    expect(info.State).toBe('failed');
    expect(
      info.Members.map((member) => [
        member.State,
        member.OrderState,
        member.RefundState,
        member.RefundedFen === member.PaidFen,
      ]),
    ).toEqual([
      ['refunded', 'closed', 'refunded', true],
      ['refunded', 'closed', 'refunded', true],
      ['left', 'closed', 'none', true],
    ]);
    const refunds = await server.query<{ state: string; amount_fen: number }>(
      sql`select r.state, r.amount_fen from order_refunds r join orders o on o.id = r.order_id
           where o.order_no in (${opened.Order.OrderNo}, ${second.Order.OrderNo}) order by r.id`,
    );
    expect(refunds).toEqual([
      { state: 'refunded', amount_fen: opened.Order.TotalFen },
      { state: 'refunded', amount_fen: second.Order.TotalFen },
    ]);
    const outbox = await server.query<{ kind: string }>(
      sql`select kind from outbox where payload->>'orderNo' in (${opened.Order.OrderNo}, ${second.Order.OrderNo})`,
    );
    expect(outbox).toHaveLength(2);
    // Nothing shipped: all three units are back in stock.
    expect(await skuStock(server, goods.skus[0]!.id)).toBe(stockBefore + 3);
    expect(third.Order.State).toBe('toPay');
    const again = await runDealSweeps(server.database.db, new Date(Date.now() + 4 * HOUR));
    expect(again.settledOrders).toBe(0);
  });

  it('succeed with virtual members when the activity allows it and someone paid', async () => {
    const { goods, activityId } = await activityWithGoods({ FillHours: 1, VirtualFill: true, GroupSize: 4 });
    const [a, b] = [buyer(15, 'gb'), buyer(16, 'gb')];
    const opened = await openTeam(activityId, goods, a);
    await pay(server, key, opened.Order, a.Id);
    const unpaid = ok(await joinTeam(opened.Team.Id, goods, b));
    await runDealSweeps(server.database.db, new Date(Date.now() + 2 * HOUR));
    const info = await team(opened.Team.Id);
    expect(info).toMatchObject({ State: 'success', Paid: 1, VirtualFilled: 3 });
    expect(info.Members.map((member) => [member.State, member.OrderState])).toEqual([
      ['paid', 'toShip'],
      ['left', 'closed'],
    ]);
    expect(
      ok(await call(orders.getOrderInfo, { id: await orderId(server, opened.Order.OrderNo) })).ShipHold,
    ).toBeNull();
    expect(unpaid.Order.OrderNo).not.toBe(opened.Order.OrderNo);
    // Nobody paid: it fails even though virtual fill is on.
    const lonely = await openTeam(activityId, goods, buyer(17, 'gb'));
    await runDealSweeps(server.database.db, new Date(Date.now() + 2 * HOUR));
    expect((await team(lonely.Team.Id)).State).toBe('failed');
  });
});

describe('operator commands on a team', () => {
  it('fills a team at once, refused while nobody has paid', async () => {
    const { goods, activityId } = await activityWithGoods();
    const a = buyer(18, 'gb');
    const opened = await openTeam(activityId, goods, a);
    refused(
      await call(groupBuy.bindGroupBuyTeamState, { Id: opened.Team.Id, Action: 'fillNow' }),
      'Action',
      /Nobody in this team has paid/,
    );
    await pay(server, key, opened.Order, a.Id);
    const filled = ok(await call(groupBuy.bindGroupBuyTeamState, { Id: opened.Team.Id, Action: 'fillNow' }));
    expect(filled).toMatchObject({ State: 'success', VirtualFilled: 2 });
    refused(
      await call(groupBuy.bindGroupBuyTeamState, { Id: opened.Team.Id, Action: 'disband' }),
      'Action',
      /cannot be disbanded: it is a success/,
    );
  });

  it('disbands a team, refunding its paid members at once', async () => {
    const { goods, activityId } = await activityWithGoods();
    const a = buyer(19, 'gb');
    const opened = await openTeam(activityId, goods, a);
    await pay(server, key, opened.Order, a.Id);
    const disbanded = ok(
      await call(groupBuy.bindGroupBuyTeamState, { Id: opened.Team.Id, Action: 'disband' }),
    );
    expect(disbanded.State).toBe('failed');
    const info = await team(opened.Team.Id);
    expect(info.Members[0]).toMatchObject({
      State: 'refunded',
      OrderState: 'closed',
      RefundState: 'refunded',
    });
    const [audit] = await server.query<{ action: string }>(
      sql`select action from audit_log where target = ${`groupBuyTeam:${opened.Team.Id}`}`,
    );
    expect(audit!.action).toBe('groupBuy.team.disband');
    expect(ok(await storefront(server, key, getGroupBuyTeam, { id: opened.Team.Id })).Team.State).toBe(
      'failed',
    );
  });

  it('refuses a team that is not the shop’s or does not exist', async () => {
    refused(await call(groupBuy.getGroupBuyTeamInfo, { id: 999_999 }), 'id', /no team 999999/);
    refused(await call(groupBuy.bindGroupBuyTeamState, { Id: 999_999, Action: 'disband' }), 'Id');
    refused(await call(groupBuy.bindGroupBuyTeamState, { Id: 1, Action: 'expire' }), 'Action');
  });
});

describe('permissions', () => {
  it('refuses the group-buy calls to accounts without the group-buy screen', async () => {
    for (const token of [await server.login('sub', { siteId: MALL_SITE }), await server.login('store')]) {
      await expectForbidden(server, token, [
        [groupBuy.getGroupBuyActivityList, {}],
        [groupBuy.getGroupBuyInfo, { id: 1 }],
        [groupBuy.bindGroupBuyInfo, {}],
        [groupBuy.bindGroupBuyUpdateStateAndDel, { Ids: [1], Action: 'switchOff' }],
        [groupBuy.setGroupBuyTaxis, { Id: 1, Sort: 1 }],
        [groupBuy.getGroupBuyTeamList, {}],
        [groupBuy.getGroupBuyTeamInfo, { id: 1 }],
        [groupBuy.bindGroupBuyTeamState, { Id: 1, Action: 'disband' }],
      ]);
    }
  });
});
