import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockDefinition } from '../../components-catalog/registry';
import { API_BASE } from '../../contract/endpoint';
import { lookupEndpoints } from '../../contract/endpoints/link-entities';
import * as library from '../../contract/endpoints/module-library';
import * as pointsApi from '../../contract/endpoints/points';
import * as mall from '../../contract/endpoints/points-exchange';
import * as goodsApi from '../../contract/endpoints/points-goods';
import { LinkType } from '../../contract/link-value';
import { parseTemplate, serializeTemplate } from '../../contract/template/codec';
import { insertBlock, type Outcome, setProp } from '../../contract/template/operations';
import type { TemplateDocument } from '../../contract/template-document';
import { runPointsSweeps } from '../../server/areas/points/sweeps';
import { startTestServer, type TestServer } from './harness';
import {
  ADDRESS,
  expectError,
  MALL_SITE,
  SECOND_SITE,
  setMallParameters,
  storefront,
  storefrontKey,
} from './order-helpers';
import {
  catalogueGood,
  createGoods,
  fieldOf,
  givePoints,
  goodsForm,
  pointsLedger,
  pointsOf,
  setPointsRules,
} from './points-helpers';

let server: TestServer;
let admin: string;
let key: string;
let physical: number;
let virtual: number;

const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  key = await storefrontKey(server, admin);
  await setMallParameters(server, admin, {});
  await setPointsRules(server, admin, { DeductionEnabled: true });
  physical = await catalogueGood(server, 'physical');
  virtual = await catalogueGood(server, 'virtual');
});
afterAll(() => server.close());

const buyer = (id: string) => ({ Id: id, Name: '兑换会员', Phone: '13800000088' });

function exchange(buyerId: string, goodsId: number, quantity = 1, extra: Record<string, unknown> = {}) {
  return storefront(server, key, mall.exchangePoints, {
    Buyer: buyer(buyerId),
    GoodsId: goodsId,
    Quantity: quantity,
    Address: ADDRESS,
    ...extra,
  });
}

async function goodsRow(id: number) {
  const [row] = await server.query<{ stock: number; exchanged: number; version: number }>(
    sql`select stock, exchanged, version from points_products where id = ${id}`,
  );
  return row!;
}

async function exchangeId(exchangeNo: string): Promise<number> {
  const [row] = await server.query<{ id: number }>(
    sql`select id from points_exchanges where exchange_no = ${exchangeNo}`,
  );
  return row!.id;
}

describe('points goods', () => {
  it('creates goods of a catalogue good, reads them back and lists them by state', async () => {
    const id = await createGoods(
      server,
      admin,
      goodsForm(physical, { Title: '状态测试杯', Points: 321, Stock: 7 }),
    );
    const read = await server.call(goodsApi.getPointsGoodsInfo, { id }, { token: admin });
    expect(read.body).toMatchObject({
      Title: '状态测试杯',
      Points: 321,
      Stock: 7,
      State: 'running',
      Version: 1,
    });
    expect(read.body.ProductName).not.toBe('');
    const running = await server.call(
      goodsApi.getPointsGoodsList,
      { state: 'running', keyword: '状态测试杯' },
      { token: admin },
    );
    expect(running.body.Data.map((row) => row.Id)).toEqual([id]);
    const [log] = await server.query<{ delta: number; after: number; reason: string }>(
      sql`select delta, after, reason from points_goods_stock_log where goods_id = ${id}`,
    );
    expect(log).toEqual({ delta: 7, after: 7, reason: 'set' });
  });

  it('counts each state from the time and the switch', async () => {
    const now = Date.now();
    const ids = {
      notStarted: await createGoods(
        server,
        admin,
        goodsForm(physical, { Title: '计数·未开始', StartsAt: new Date(now + DAY).toISOString() }),
      ),
      ended: await createGoods(
        server,
        admin,
        goodsForm(physical, {
          Title: '计数·已结束',
          StartsAt: new Date(now - 2 * DAY).toISOString(),
          EndsAt: new Date(now - DAY).toISOString(),
        }),
      ),
      off: await createGoods(server, admin, goodsForm(physical, { Title: '计数·已停用', Status: 'off' })),
      running: await createGoods(server, admin, goodsForm(physical, { Title: '计数·进行中' })),
    };
    const list = await server.call(goodsApi.getPointsGoodsList, { keyword: '计数·' }, { token: admin });
    expect(list.body.Counts).toEqual({ all: 4, running: 1, notStarted: 1, ended: 1, off: 1 });
    for (const [state, id] of Object.entries(ids)) {
      expect(list.body.Data.find((row) => row.Id === id)!.State).toBe(state);
    }
  });

  it.each([
    ['Title', { Title: '' }],
    ['Points', { Points: 0 }],
    ['PriceFen', { PriceFen: -1 }],
    ['Stock', { Stock: 1_000_001 }],
    ['PerMemberLimit', { PerMemberLimit: -1 }],
    ['EndsAt', { EndsAt: new Date(Date.now() - 2 * DAY).toISOString() }],
    ['Kind', { Kind: 'coupon' }],
    ['Version', { Id: 1 }],
  ])('refuses a bad %s, naming it', async (field, change) => {
    const response = await server.call(
      goodsApi.bindPointsGoods,
      { ...goodsForm(physical), ...change },
      { token: admin },
    );
    expect(response.body.Errcode).toBe(-1);
    expect(fieldOf(response)).toBe(field);
  });

  it('says the window rule in the operator’s language', async () => {
    const form = goodsForm(physical, { EndsAt: new Date(Date.now() - 2 * DAY).toISOString() });
    const zh = await server.call(goodsApi.bindPointsGoods, form, { token: admin, locale: 'zh' });
    expect(zh.body.Errmsg).toContain('须晚于开始时间');
  });

  it('gives only a catalogue good of its kind, of this shop', async () => {
    const wrongKind = await server.call(goodsApi.bindPointsGoods, goodsForm(virtual), { token: admin });
    expectError(wrongKind, 'Choose goods that ship: these are virtual goods');
    expect(fieldOf(wrongKind)).toBe('ProductId');
    const theirs = await catalogueGood(server, 'physical', { siteId: SECOND_SITE });
    const foreign = await server.call(goodsApi.bindPointsGoods, goodsForm(theirs), { token: admin });
    expectError(foreign, `Goods ${theirs} are not in this shop’s catalogue`);
  });

  it('saves with the version read and logs the stock change; a save over an exchange is refused', async () => {
    const id = await createGoods(server, admin, goodsForm(physical, { Title: '版本测试', Stock: 10 }));
    const saved = await server.call(
      goodsApi.bindPointsGoods,
      { ...goodsForm(physical, { Title: '版本测试', Stock: 15 }), Id: id, Version: 1 },
      { token: admin },
    );
    expect(saved.body).toMatchObject({ Errcode: 0, Version: 2 });
    await givePoints(server, 'mall-version', 1_000);
    expect((await exchange('mall-version', id)).body.Errmsg).toBe('');
    const stale = await server.call(
      goodsApi.bindPointsGoods,
      { ...goodsForm(physical, { Title: '版本测试', Stock: 99 }), Id: id, Version: 2 },
      { token: admin },
    );
    expect(stale.body).toMatchObject({ Errcode: -1, StaleVersion: true, CurrentVersion: 3 });
    expect((await goodsRow(id)).stock).toBe(14);
    const log = await server.query<{ delta: number; reason: string }>(
      sql`select delta, reason from points_goods_stock_log where goods_id = ${id} order by id`,
    );
    expect(log).toEqual([
      { delta: 10, reason: 'set' },
      { delta: 5, reason: 'set' },
      { delta: -1, reason: 'exchange' },
    ]);
  });

  it('switches goods off and on, and deletes them out of lists and the mall', async () => {
    const id = await createGoods(server, admin, goodsForm(physical, { Title: '开关测试' }));
    const off = await server.call(
      goodsApi.setPointsGoodsStatus,
      { Ids: [id], Status: 'off' },
      { token: admin },
    );
    expect(off.body.Changed).toEqual([id]);
    const again = await server.call(
      goodsApi.setPointsGoodsStatus,
      { Ids: [id], Status: 'off' },
      { token: admin },
    );
    expect(again.body.Changed).toEqual([]);
    await givePoints(server, 'mall-switch', 1_000);
    expectError(await exchange('mall-switch', id), 'These goods are not offered for points now');
    await server.call(goodsApi.setPointsGoodsStatus, { Ids: [id], Status: 'on' }, { token: admin });
    const deleted = await server.call(goodsApi.deletePointsGoods, { Ids: [id] }, { token: admin });
    expect(deleted.body.Changed).toEqual([id]);
    const list = await server.call(goodsApi.getPointsGoodsList, { keyword: '开关测试' }, { token: admin });
    expect(list.body.Total).toBe(0);
    expectError(await exchange('mall-switch', id), `There are no points goods ${id} in this shop`);
    const audits = await server.query<{ action: string }>(
      sql`select action from audit_log where target = ${`pointsGoods:${id}`} order by id`,
    );
    expect(audits.map((row) => row.action)).toEqual([
      'pointsGoods.create',
      'pointsGoods.status',
      'pointsGoods.status',
      'pointsGoods.delete',
    ]);
  });

  it.each([
    ['GetIntegralGoodsList', goodsApi.getPointsGoodsList, { state: 'soon' }, 'state'],
    [
      'GetIntegralExchangeList',
      mall.getExchangeList,
      { createdFrom: '2026-05-02', createdTo: '2026-05-01' },
      'createdFrom',
    ],
    ['GetIntegralExchangeInfo', mall.getExchangeInfo, { id: 'x' }, 'id'],
    ['CancelIntegralExchange', mall.cancelExchange, { Id: 1, Reason: '  ' }, 'Reason'],
    [
      'ShipIntegralExchange',
      mall.shipExchange,
      { Id: 1, Carrier: 'UPS', TrackingNo: '1234567890' },
      'Carrier',
    ],
    ['SetIntegralGoodsStatus', goodsApi.setPointsGoodsStatus, { Ids: [], Status: 'off' }, 'Ids'],
    ['GetIntegralLedger', pointsApi.getPointsLedger, { reason: 'recharge' }, 'reason'],
    ['GetIntegralMemberInfo', pointsApi.getPointsMemberInfo, { id: 0 }, 'id'],
  ] as const)('%s names the field of bad input', async (_, endpoint, input, field) => {
    const response = await server.call(endpoint, input, { token: admin });
    expect([response.status, response.body.Errcode, fieldOf(response)]).toEqual([200, -1, field]);
  });

  it('refuses accounts without the menus', async () => {
    const sub = await server.login('sub', { siteId: MALL_SITE });
    for (const [endpoint, input] of [
      [goodsApi.getPointsGoodsList, {}],
      [goodsApi.bindPointsGoods, goodsForm(physical)],
      [mall.getExchangeList, {}],
      [mall.shipExchange, { Id: 1, Carrier: 'SF', TrackingNo: 'SF1234567890123' }],
      [pointsApi.getPointsMemberList, {}],
      [pointsApi.getPointsLedger, {}],
      [pointsApi.getPointsMonthlyTotals, {}],
    ] as const) {
      expect((await server.call(endpoint, input, { token: sub })).status).toBe(403);
    }
  });
});

describe('exchanging points for goods', () => {
  it('takes the points and the stock in one go and makes an order waiting to ship', async () => {
    const id = await createGoods(
      server,
      admin,
      goodsForm(physical, { Title: '兑换测试', Points: 400, Stock: 5 }),
    );
    await givePoints(server, 'mall-happy', 1_000);
    const response = await exchange('mall-happy', id, 2);
    expect(response.body.Errmsg).toBe('');
    const made = response.body.Exchange;
    expect(made).toMatchObject({ State: 'toShip', Points: 800, CashFen: 0, Quantity: 2, Title: '兑换测试' });
    expect(made.ExchangeNo).toMatch(/^JF\d{16}$/);
    expect(await pointsOf(server, 'mall-happy')).toBe(200);
    expect((await pointsLedger(server, 'mall-happy')).at(-1)).toEqual({
      delta: -800,
      after: 200,
      reason: 'points_exchange',
      order_no: made.ExchangeNo,
    });
    expect(await goodsRow(id)).toMatchObject({ stock: 3, exchanged: 2 });
    const mine = await storefront(server, key, mall.getMyExchanges, { buyerId: 'mall-happy' });
    expect(mine.body.Data.map((row) => row.ExchangeNo)).toEqual([made.ExchangeNo]);
  });

  it('refuses what the goods, the member’s limit or the points do not allow, taking nothing', async () => {
    const id = await createGoods(
      server,
      admin,
      goodsForm(physical, { Title: '限兑测试', Points: 100, Stock: 3, PerMemberLimit: 2 }),
    );
    await givePoints(server, 'mall-limit', 250);
    expect((await exchange('mall-limit', id, 1)).body.Errmsg).toBe('');
    const over = await exchange('mall-limit', id, 2);
    expectError(over, 'Each member may exchange 2 of these; 1 left for you');
    expect(fieldOf(over)).toBe('Quantity');
    await givePoints(server, 'mall-stock', 10_000);
    expectError(await exchange('mall-stock', id, 3), 'Only 2 left');
    await givePoints(server, 'mall-poor', 99);
    const poor = await exchange('mall-poor', id, 1);
    expectError(poor, 'You hold 99 points; 100 are needed');
    expect(await pointsOf(server, 'mall-poor')).toBe(99);
    expect((await goodsRow(id)).stock).toBe(2);
    const noAddress = await storefront(server, key, mall.exchangePoints, {
      Buyer: buyer('mall-stock'),
      GoodsId: id,
    });
    expect(fieldOf(noAddress)).toBe('Address');
    const later = await createGoods(
      server,
      admin,
      goodsForm(physical, { StartsAt: new Date(Date.now() + DAY).toISOString() }),
    );
    expectError(await exchange('mall-stock', later), 'The exchange of these goods has not started yet');
    const bad = await storefront(server, key, mall.exchangePoints, {
      Buyer: buyer('mall-stock'),
      GoodsId: id,
      Quantity: 0,
    });
    expect(fieldOf(bad)).toBe('Quantity');
  });

  it('issues tickets for a virtual good and completes the exchange at once', async () => {
    const id = await createGoods(
      server,
      admin,
      goodsForm(virtual, { Kind: 'virtual', Title: '体验券测试', Points: 50 }),
    );
    await givePoints(server, 'mall-ticket', 100);
    await storefront(server, key, mall.getPointsAccount, { buyerId: 'mall-ticket' });
    const made = (
      await storefront(server, key, mall.exchangePoints, {
        Buyer: buyer('mall-ticket'),
        GoodsId: id,
        Quantity: 2,
      })
    ).body.Exchange;
    expect(made.State).toBe('completed');
    expect(made.Tickets).toHaveLength(2);
    const tickets = await server.query<{ state: string; exchange_id: number; order_id: number | null }>(
      sql`select state, exchange_id, order_id from tickets where exchange_id = ${made.Id}`,
    );
    expect(tickets).toEqual([
      { state: 'unused', exchange_id: made.Id, order_id: null },
      { state: 'unused', exchange_id: made.Id, order_id: null },
    ]);
  });

  it('waits for the cash part, paid from the stored value; cancelling gives points, cash and stock back', async () => {
    const id = await createGoods(
      server,
      admin,
      goodsForm(physical, { Title: '加钱购测试', Points: 200, PriceFen: 990, Stock: 4 }),
    );
    await givePoints(server, 'mall-cash', 500);
    await givePoints(server, 'mall-cash', 5_000, { currency: 'balance' });
    const made = (await exchange('mall-cash', id)).body.Exchange;
    expect(made).toMatchObject({ State: 'toPay', Points: 200, CashFen: 990 });
    expect(made.PayDueAt).not.toBeNull();
    const wrong = await storefront(server, key, mall.payExchange, {
      ExchangeNo: made.ExchangeNo,
      BuyerId: 'mall-cash',
      PaymentMethod: 'balance',
      AmountFen: 100,
    });
    expect(fieldOf(wrong)).toBe('AmountFen');
    const paid = await storefront(server, key, mall.payExchange, {
      ExchangeNo: made.ExchangeNo,
      BuyerId: 'mall-cash',
      PaymentMethod: 'balance',
      AmountFen: 990,
    });
    expect(paid.body.Exchange.State).toBe('toShip');
    const id2 = await exchangeId(made.ExchangeNo);
    const [version] = await server.query<{ version: number }>(
      sql`select version from points_exchanges where id = ${id2}`,
    );
    expect(version!.version).toBeGreaterThan(1);
    const cancelled = await server.call(mall.cancelExchange, { Id: id2, Reason: '缺货' }, { token: admin });
    expect(cancelled.body.Exchange.State).toBe('cancelled');
    expect(await pointsOf(server, 'mall-cash')).toBe(500);
    const [wallet] = await server.query<{ balance_fen: number }>(
      sql`select balance_fen from buyer_wallets where site_id = ${MALL_SITE} and buyer_id = 'mall-cash'`,
    );
    expect(wallet!.balance_fen).toBe(5_000);
    expect(await goodsRow(id)).toMatchObject({ stock: 4, exchanged: 0 });
    const again = await server.call(mall.cancelExchange, { Id: id2, Reason: '再取消' }, { token: admin });
    expectError(again, `Exchange order ${made.ExchangeNo} cannot be cancelled: it is cancelled`);
    expect(await pointsOf(server, 'mall-cash')).toBe(500);
  });

  it('pays the cash part through the sandbox provider and refunds it through the outbox on cancel', async () => {
    const id = await createGoods(
      server,
      admin,
      goodsForm(physical, { Title: '沙箱支付测试', Points: 10, PriceFen: 500 }),
    );
    await givePoints(server, 'mall-wechat', 100);
    const made = (await exchange('mall-wechat', id)).body.Exchange;
    const paid = await storefront(server, key, mall.payExchange, {
      ExchangeNo: made.ExchangeNo,
      BuyerId: 'mall-wechat',
      PaymentMethod: 'wechat',
      AmountFen: 500,
    });
    expect(paid.body).toMatchObject({ Errcode: 0, Payment: null, Exchange: { State: 'toShip' } });
    await server.call(
      mall.cancelExchange,
      { Id: await exchangeId(made.ExchangeNo), Reason: '缺货' },
      { token: admin },
    );
    const [refund] = await server.query<{ payload: { orderNo: string; refundFen: number } }>(
      sql`select payload from outbox where kind = 'payment.refund' and payload->>'orderNo' = ${made.ExchangeNo}`,
    );
    expect(refund!.payload).toMatchObject({ orderNo: made.ExchangeNo, refundFen: 500 });
  });

  it('lets the buyer cancel before paying, and the sweep cancels what is never paid', async () => {
    const id = await createGoods(
      server,
      admin,
      goodsForm(physical, { Title: '未付款测试', Points: 100, PriceFen: 100, Stock: 5 }),
    );
    await givePoints(server, 'mall-unpaid', 300);
    const withdrawn = (await exchange('mall-unpaid', id)).body.Exchange;
    const cancel = await storefront(server, key, mall.withdrawExchange, {
      ExchangeNo: withdrawn.ExchangeNo,
      BuyerId: 'mall-unpaid',
    });
    expect(cancel.body.Exchange.State).toBe('cancelled');
    const stranger = await storefront(server, key, mall.withdrawExchange, {
      ExchangeNo: withdrawn.ExchangeNo,
      BuyerId: 'someone-else',
    });
    expectError(stranger, `There is no exchange order ${withdrawn.ExchangeNo}`);
    const forgotten = (await exchange('mall-unpaid', id)).body.Exchange;
    const later = new Date(Date.parse(forgotten.PayDueAt!) + 1_000);
    const counts = await runPointsSweeps(server.database.db, later);
    expect(counts.cancelledExchanges).toBeGreaterThanOrEqual(1);
    await runPointsSweeps(server.database.db, later);
    const [state] = await server.query<{ state: string }>(
      sql`select state from points_exchanges where exchange_no = ${forgotten.ExchangeNo}`,
    );
    expect(state!.state).toBe('cancelled');
    expect(await pointsOf(server, 'mall-unpaid')).toBe(300);
    expect((await goodsRow(id)).stock).toBe(5);
    const late = await storefront(server, key, mall.payExchange, {
      ExchangeNo: forgotten.ExchangeNo,
      BuyerId: 'mall-unpaid',
      PaymentMethod: 'balance',
      AmountFen: 100,
    });
    expectError(late, /cannot be paid: it is cancelled/);
  });

  it('ships with a carrier and tracking number like an order, then the buyer or the sweep completes it', async () => {
    const id = await createGoods(server, admin, goodsForm(physical, { Title: '发货测试', Points: 10 }));
    await givePoints(server, 'mall-ship', 100);
    const first = (await exchange('mall-ship', id)).body.Exchange;
    const second = (await exchange('mall-ship', id)).body.Exchange;
    const firstId = await exchangeId(first.ExchangeNo);
    const self = await server.call(mall.shipExchange, { Id: firstId, Carrier: 'self' }, { token: admin });
    expectError(self, 'Own delivery is only for same-city orders; choose a carrier');
    const missing = await server.call(mall.shipExchange, { Id: firstId, Carrier: 'SF' }, { token: admin });
    expect(fieldOf(missing)).toBe('TrackingNo');
    const shipped = await server.call(
      mall.shipExchange,
      { Id: firstId, Carrier: 'SF', TrackingNo: 'SF1234567890123' },
      { token: admin },
    );
    expect(shipped.body.Exchange).toMatchObject({
      State: 'shipped',
      Carrier: 'SF',
      TrackingNo: 'SF1234567890123',
    });
    const twice = await server.call(
      mall.shipExchange,
      { Id: firstId, Carrier: 'SF', TrackingNo: 'SF1234567890123' },
      { token: admin },
    );
    expectError(twice, `Exchange order ${first.ExchangeNo} cannot be shipped: it is shipped`);
    const confirmed = await storefront(server, key, mall.confirmExchange, {
      ExchangeNo: first.ExchangeNo,
      BuyerId: 'mall-ship',
    });
    expect(confirmed.body.Exchange.State).toBe('completed');
    const secondId = await exchangeId(second.ExchangeNo);
    await server.call(
      mall.shipExchange,
      { Id: secondId, Carrier: 'ZTO', TrackingNo: '75312345678901' },
      { token: admin },
    );
    await runPointsSweeps(server.database.db, new Date(Date.now() + 30 * DAY));
    const details = await server.call(mall.getExchangeInfo, { id: secondId }, { token: admin });
    expect(details.body).toMatchObject({
      State: 'completed',
      Carrier: 'ZTO',
      UnitPoints: 10,
      Address: ADDRESS,
    });
    expect(details.body.Log.map((entry) => entry.Event)).toEqual(['create', 'ship', 'autoConfirm']);
    expect(details.body.Log[1]).toMatchObject({
      Actor: 'operator',
      ActorName: 'admin',
      Detail: { Carrier: 'ZTO' },
    });
  });

  it('lists exchange orders by state with counts, searches and exports them', async () => {
    const list = await server.call(
      mall.getExchangeList,
      { state: 'all', keyword: '兑换会员' },
      { token: admin },
    );
    expect(list.body.Total).toBeGreaterThan(5);
    const counts = list.body.Counts as Record<string, number>;
    expect(counts.all).toBe(
      counts.toPay! + counts.toShip! + counts.shipped! + counts.completed! + counts.cancelled!,
    );
    const toShip = await server.call(
      mall.getExchangeList,
      { state: 'toShip', keyword: '兑换会员' },
      { token: admin },
    );
    expect(toShip.body.Data.every((row) => row.State === 'toShip')).toBe(true);
    expect(toShip.body.Total).toBe(counts.toShip);
    const response = await server.app.inject({
      method: 'GET',
      url: `${API_BASE}${mall.exportExchangeList.path}`,
      query: { keyword: '发货测试' },
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows).toHaveLength(3);
    expect(rows.slice(1).map((row) => row[14])).toEqual(expect.arrayContaining(['SF', 'ZTO']));
  });
});

describe('the buyer’s mall', () => {
  it('lists only running goods with a catalogue good, and reads one', async () => {
    const running = await createGoods(server, admin, goodsForm(physical, { Title: '商城可见', Sort: 9_999 }));
    const hidden = await createGoods(
      server,
      admin,
      goodsForm(physical, { Title: '商城不可见', Status: 'off' }),
    );
    const list = await storefront(server, key, mall.getStorefrontPointsGoodsList, { pageSize: 100 });
    const ids = list.body.Data.map((row) => row.Id);
    expect(ids[0]).toBe(running);
    expect(ids).not.toContain(hidden);
    const one = await storefront(server, key, mall.getStorefrontPointsGoods, { id: running });
    expect(one.body.Goods).toMatchObject({ Title: '商城可见', Kind: 'physical' });
    const off = await storefront(server, key, mall.getStorefrontPointsGoods, { id: hidden });
    expect(fieldOf(off)).toBe('id');
    const noKey = await server.call(mall.getStorefrontPointsGoodsList, {});
    expect(noKey.status).toBe(401);
  });
});

describe('parallel exchanges', () => {
  it('never sells more than the stock: 30 buyers at the last 4 units', async () => {
    const id = await createGoods(
      server,
      admin,
      goodsForm(physical, { Title: '抢兑测试', Points: 10, Stock: 4 }),
    );
    await Promise.all(Array.from({ length: 30 }, (_, index) => givePoints(server, `race-${index}`, 100)));
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) => exchange(`race-${index}`, id)),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);
    const won = responses.filter((response) => response.body.Errcode === 0);
    expect(won).toHaveLength(4);
    for (const lost of responses.filter((response) => response.body.Errcode !== 0)) {
      expect(lost.body.Errmsg).toBe('These goods are sold out');
    }
    expect(await goodsRow(id)).toMatchObject({ stock: 0, exchanged: 4 });
    const [spent] = await server.query<{ buyers: number }>(
      sql`select count(*)::int as buyers from wallet_ledger where reason = 'points_exchange' and buyer_id like 'race-%'`,
    );
    expect(spent!.buyers).toBe(4);
  });

  it('never overdraws a member’s points nor passes the member’s limit: 12 exchanges from one wallet', async () => {
    const id = await createGoods(
      server,
      admin,
      goodsForm(physical, { Title: '并发限兑', Points: 300, Stock: 100, PerMemberLimit: 5 }),
    );
    await givePoints(server, 'race-wallet', 1_000);
    const responses = await Promise.all(Array.from({ length: 12 }, () => exchange('race-wallet', id)));
    expect(responses.filter((response) => response.body.Errcode === 0)).toHaveLength(3);
    expect(await pointsOf(server, 'race-wallet')).toBe(100);
    const limited = await createGoods(
      server,
      admin,
      goodsForm(physical, { Title: '并发限购', Points: 1, Stock: 100, PerMemberLimit: 2 }),
    );
    await givePoints(server, 'race-limit', 100);
    const attempts = await Promise.all(Array.from({ length: 8 }, () => exchange('race-limit', limited)));
    expect(attempts.filter((response) => response.body.Errcode === 0)).toHaveLength(2);
    expect(await pointsOf(server, 'race-limit')).toBe(98);
  });
});

describe('the studio’s points goods', () => {
  it('lists live goods that have not ended for the link picker and the block', async () => {
    const ended = await createGoods(
      server,
      admin,
      goodsForm(physical, {
        Title: '工作室已结束',
        StartsAt: new Date(Date.now() - 3 * DAY).toISOString(),
        EndsAt: new Date(Date.now() - DAY).toISOString(),
      }),
    );
    const live = await createGoods(
      server,
      admin,
      goodsForm(physical, { Title: '工作室进行中', Points: 77, PriceFen: 100 }),
    );
    const lookup = await server.call(
      lookupEndpoints.pointsProduct,
      { Ids: `${ended},${live}` },
      { token: admin },
    );
    expect(lookup.body.Data).toEqual([
      expect.objectContaining({ Id: live, Title: '工作室进行中', Points: 77, PriceFen: 100 }),
    ]);
  });
});

describe('the publish check', () => {
  function ok(outcome: Outcome): TemplateDocument {
    if (!outcome.ok) throw new Error(outcome.problem.key);
    return outcome.document;
  }

  it('refuses links to points goods that ended or were deleted, and passes live ones', async () => {
    const id = await createGoods(server, admin, goodsForm(physical, { Title: '发布检查礼品', Points: 66 }));
    const added = await server.call(library.addMyTemplate, { Name: '积分商城页' }, { token: admin });
    const read = await server.call(library.getTemplateData, { Id: added.body.Id }, { token: admin });
    const parsed = parseTemplate(read.body.Data, blockDefinition);
    if (!parsed.ok) throw new Error('template');
    const pageId = parsed.document.homePageId;
    let document = ok(
      insertBlock(parsed.document, {
        rules: blockDefinition,
        pageId,
        type: 'title',
        index: 0,
        id: 'heading',
      }),
    );
    document = ok(setProp(document, 'heading', ['text'], '积分好礼'));
    document = ok(setProp(document, 'heading', ['showMore'], true));
    document = ok(
      setProp(document, 'heading', ['moreLink'], {
        linkType: LinkType.pointsProduct,
        id,
        linkTitle: '发布检查礼品',
        shpName: '发布检查礼品',
        shpPrice: 0,
      }),
    );
    const saved = await server.call(
      library.saveModule,
      { Id: added.body.Id, Data: serializeTemplate(document), Version: read.body.Version },
      { token: admin },
    );
    expect(saved.body.Errcode).toBe(0);
    const publish = () =>
      server.call(
        library.publishModule,
        { Id: added.body.Id, Version: saved.body.Version },
        { token: admin },
      );
    const problems = async () =>
      ((await publish()).body as unknown as { Problems?: library.PublishProblemRow[] }).Problems ?? [];

    await server.query(
      sql`update points_products set starts_at = now() - interval '2 days', ends_at = now() - interval '1 minute' where id = ${id}`,
    );
    expect(await problems()).toEqual([
      expect.objectContaining({
        BlockId: 'heading',
        Kind: 'linkToEnded',
        Message: 'Title: Links to "发布检查礼品", which has ended: visitors can no longer get it',
      }),
    ]);
    await server.call(goodsApi.deletePointsGoods, { Ids: [id] }, { token: admin });
    expect((await problems()).map((problem) => problem.Kind)).toEqual(['linkToDeleted']);
    await server.query(sql`update points_products set deleted = false, ends_at = null where id = ${id}`);
    const published = await publish();
    expect(published.body.Errcode).toBe(0);
  });
});

describe('exchange orders of another shop', () => {
  it('stay out of reach of this shop’s buyers and operators', async () => {
    const site2 = await server.login('site2');
    const theirProduct = await catalogueGood(server, 'physical', { siteId: SECOND_SITE });
    const theirs = await createGoods(server, site2, goodsForm(theirProduct, { Title: '官网积分礼品' }));
    await givePoints(server, 'mall-foreign', 1_000);
    expectError(await exchange('mall-foreign', theirs), `There are no points goods ${theirs} in this shop`);
    const info = await server.call(goodsApi.getPointsGoodsInfo, { id: theirs }, { token: admin });
    expect(info.body.Errcode).toBe(-1);
    const switched = await server.call(
      goodsApi.setPointsGoodsStatus,
      { Ids: [theirs], Status: 'off' },
      { token: admin },
    );
    expectError(switched, `There are no points goods ${theirs} in this shop`);
    const [row] = await server.query<{ status: string }>(
      sql`select status from points_products where id = ${theirs}`,
    );
    expect(row!.status).toBe('on');
  });
});
