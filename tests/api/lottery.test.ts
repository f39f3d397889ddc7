import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockDefinition } from '../../components-catalog/registry';
import { API_BASE } from '../../contract/endpoint';
import { lookupEndpoints } from '../../contract/endpoints/link-entities';
import * as lotteries from '../../contract/endpoints/lotteries';
import * as library from '../../contract/endpoints/module-library';
import { LinkType } from '../../contract/link-value';
import { parseTemplate, serializeTemplate } from '../../contract/template/codec';
import { insertBlock, type Outcome, setProp } from '../../contract/template/operations';
import type { TemplateDocument } from '../../contract/template-document';
import { makeCoupon } from './coupon-helpers';
import { startTestServer, type TestServer } from './harness';
import { buyerOf, createLottery, lotteryForm, newMembers, prizeForm, prizesOf } from './lottery-helpers';
import { ADDRESS, expectError, MALL_SITE, storefront, storefrontKey } from './order-helpers';
import { catalogueGood, fieldOf, pointsLedger, pointsOf } from './points-helpers';

let server: TestServer;
let admin: string;
let key: string;

beforeAll(async () => {
  server = await startTestServer({ env: { SWEEP_INTERVAL_SECONDS: '0' } });
  admin = await server.login('admin');
  key = await storefrontKey(server, admin);
});
afterAll(() => server.close());

const DAY = 24 * 60 * 60 * 1000;

const draw = (buyer: string, lotteryId: number, address?: typeof ADDRESS) =>
  storefront(server, key, lotteries.drawLottery, {
    Buyer: buyerOf(buyer),
    LotteryId: lotteryId,
    ...(address ? { Address: address } : {}),
  });

describe('the demo', () => {
  it('lists the seeded draws of every state, with their records', async () => {
    const response = await server.call(lotteries.getLotteryList, {}, { token: admin });
    expect(response.body.Errmsg).toBe('');
    expect(response.body.Counts).toMatchObject({ running: 2, ended: 1, notStarted: 1 });
    const wheel = response.body.Data.find((row) => row.Title === '幸运大转盘')!;
    expect(wheel).toMatchObject({ State: 'running', EntryMode: 'points', PointsCost: 10 });
    expect(wheel.Draws).toBeGreaterThan(0);
    const records = await server.call(
      lotteries.getLotteryRecordList,
      { lotteryId: wheel.Id },
      { token: admin },
    );
    expect(records.body.Total).toBe(wheel.Draws);
    expect(records.body.Counts.received).toBe(1);
  });
});

describe('saving draws', () => {
  it('creates a draw with prizes of every kind and reads it back', async () => {
    const coupon = await makeCoupon(server, admin, { Title: '抽奖券', ThresholdFen: 0, Value: 500 });
    const goods = await catalogueGood(server, 'physical');
    const id = await createLottery(
      server,
      admin,
      lotteryForm({
        Title: '全奖品抽奖',
        EntryMode: 'points',
        PointsCost: 5,
        Prizes: [
          prizeForm({ Kind: 'goods', Name: '音箱', ChanceBp: 10, Stock: 1, Points: 0, ProductId: goods }),
          prizeForm({ Kind: 'coupon', Name: '5 元券', ChanceBp: 1000, Points: 0, CouponId: coupon }),
          prizeForm({ Kind: 'balance', Name: '1 元', ChanceBp: 500, Points: 0, BalanceFen: 100 }),
          prizeForm({ Name: '10 积分', ChanceBp: 3000 }),
        ],
      }),
    );
    const info = await server.call(lotteries.getLotteryInfo, { id }, { token: admin });
    expect(info.body).toMatchObject({
      Title: '全奖品抽奖',
      State: 'running',
      PointsCost: 5,
      NothingText: '谢谢参与',
    });
    expect(info.body.Prizes.map((prize) => [prize.Kind, prize.ChanceBp, prize.Stock])).toEqual([
      ['goods', 10, 1],
      ['coupon', 1000, 100],
      ['balance', 500, 100],
      ['points', 3000, 100],
    ]);
    expect(info.body.Prizes[1]).toMatchObject({ CouponId: coupon, CouponTitle: '抽奖券' });
    const [audit] = await server.query<{ action: string }>(
      sql`select action from audit_log where target = ${`lottery:${id}`} order by id`,
    );
    expect(audit?.action).toBe('lottery.create');
  });

  it('saves prizes: keeps, changes and removes them, logging stock set by the operator', async () => {
    const id = await createLottery(
      server,
      admin,
      lotteryForm({
        Prizes: [prizeForm({ ChanceBp: 100 }), prizeForm({ Name: '20 积分', Points: 20, ChanceBp: 200 })],
      }),
    );
    const read = await server.call(lotteries.getLotteryInfo, { id }, { token: admin });
    const [first] = read.body.Prizes;
    const saved = await server.call(
      lotteries.bindLottery,
      lotteryForm({
        Id: id,
        Version: read.body.Version,
        Prizes: [
          prizeForm({ Id: first!.Id, ChanceBp: 150, Stock: 40 }),
          prizeForm({ Name: '新奖', ChanceBp: 50 }),
        ],
      }),
      { token: admin },
    );
    expect(saved.body.Errmsg).toBe('');
    const after = await server.call(lotteries.getLotteryInfo, { id }, { token: admin });
    expect(after.body.Prizes.map((prize) => [prize.Id === first!.Id, prize.Name, prize.Stock])).toEqual([
      [true, '10 积分', 40],
      [false, '新奖', 100],
    ]);
    const log = await server.query<{ delta: number; after: number; reason: string }>(
      sql`select delta, after, reason from lottery_prize_log where prize_id = ${first!.Id} order by id`,
    );
    expect(log).toEqual([
      { delta: 100, after: 100, reason: 'set' },
      { delta: -60, after: 40, reason: 'set' },
    ]);
  });

  it('refuses a save over another version for a reload', async () => {
    const id = await createLottery(server, admin, lotteryForm());
    const read = await server.call(lotteries.getLotteryInfo, { id }, { token: admin });
    const base = lotteryForm({ Id: id, Version: read.body.Version });
    expect((await server.call(lotteries.bindLottery, base, { token: admin })).body.Errmsg).toBe('');
    const stale = await server.call(lotteries.bindLottery, { ...base, Title: '晚了' }, { token: admin });
    expect(stale.body).toMatchObject({ Errcode: -1, StaleVersion: true });
  });

  it.each([
    ['no title', { Title: '' }, 'Title'],
    ['ends before it starts', { EndsAt: new Date(Date.now() - 2 * DAY).toISOString() }, 'EndsAt'],
    ['points entry costing nothing', { EntryMode: 'points', PointsCost: 0 }, 'PointsCost'],
    ['more draws a day than in all', { DailyLimit: 5, TotalLimit: 4 }, 'DailyLimit'],
    [
      'chances over 10,000',
      { Prizes: [prizeForm({ ChanceBp: 6000 }), prizeForm({ ChanceBp: 4001 })] },
      'Prizes.1.ChanceBp',
    ],
    ['a chance of 0', { Prizes: [prizeForm({ ChanceBp: 0 })] }, 'Prizes.0.ChanceBp'],
    ['one chance over 10,000', { Prizes: [prizeForm({ ChanceBp: 10_001 })] }, 'Prizes.0.ChanceBp'],
    ['negative stock', { Prizes: [prizeForm({ Stock: -1 })] }, 'Prizes.0.Stock'],
    ['a points prize of no points', { Prizes: [prizeForm({ Points: 0 })] }, 'Prizes.0.Points'],
    [
      'a coupon prize naming no coupon',
      { Prizes: [prizeForm({ Kind: 'coupon', Points: 0 })] },
      'Prizes.0.CouponId',
    ],
    [
      'a goods prize naming goods of no shop',
      { Prizes: [prizeForm({ Kind: 'goods', Points: 0, ProductId: 999_999 })] },
      'Prizes.0.ProductId',
    ],
    ['an unknown entry', { EntryMode: 'lucky' }, 'EntryMode'],
    ['nine prizes', { Prizes: Array.from({ length: 9 }, () => prizeForm({ ChanceBp: 10 })) }, 'Prizes'],
  ] as const)('refuses %s, naming %s', async (_, change, field) => {
    const response = await server.call(
      lotteries.bindLottery,
      { ...lotteryForm(), ...change },
      { token: admin },
    );
    expect([response.status, response.body.Errcode, fieldOf(response)]).toEqual([200, -1, field]);
  });

  it('accepts chances adding up to exactly 10,000', async () => {
    const response = await server.call(
      lotteries.bindLottery,
      lotteryForm({ Prizes: [prizeForm({ ChanceBp: 6000 }), prizeForm({ ChanceBp: 4000 })] }),
      { token: admin },
    );
    expect(response.body.Errmsg).toBe('');
  });

  it('switches draws off and on, deletes them, and lists them by state', async () => {
    const id = await createLottery(server, admin, lotteryForm({ Title: '开关测试' }));
    const off = await server.call(lotteries.setLotteryStatus, { Ids: [id], Status: 'off' }, { token: admin });
    expect(off.body.Changed).toEqual([id]);
    const listed = await server.call(
      lotteries.getLotteryList,
      { state: 'off', keyword: '开关测试' },
      { token: admin },
    );
    expect(listed.body.Data.map((row) => row.Id)).toEqual([id]);
    const deleted = await server.call(lotteries.deleteLotteries, { Ids: [id] }, { token: admin });
    expect(deleted.body.Changed).toEqual([id]);
    const gone = await server.call(lotteries.getLotteryInfo, { id }, { token: admin });
    expectError(gone, /no lucky draw/);
  });
});

describe('drawing', () => {
  it('takes the points cost through the ledger and gives a points prize through it', async () => {
    const id = await createLottery(server, admin, lotteryForm({ EntryMode: 'points', PointsCost: 30 }));
    const [buyer] = await newMembers(server, 'pts-', 1, 100);
    const response = await draw(buyer!, id);
    expect(response.body.Errmsg).toBe('');
    expect(response.body.Record).toMatchObject({ Outcome: 'points', State: 'delivered', PointsSpent: 30 });
    expect(await pointsOf(server, buyer!)).toBe(80);
    const ledger = await pointsLedger(server, buyer!);
    expect(ledger.map((row) => [row.reason, row.delta])).toEqual([
      ['lottery_entry', -30],
      ['lottery_prize', 10],
    ]);
    expect(ledger[0]!.order_no).toBe(response.body.Record.RecordNo);
    expect(await prizesOf(server, id)).toEqual([expect.objectContaining({ stock: 99, won: 1 })]);
  });

  it('refuses a buyer short of points, taking nothing', async () => {
    const id = await createLottery(server, admin, lotteryForm({ EntryMode: 'points', PointsCost: 30 }));
    const [buyer] = await newMembers(server, 'poor-', 1, 29);
    expectError(await draw(buyer!, id), /hold 29 points/);
    expect(await pointsOf(server, buyer!)).toBe(29);
    expect(await prizesOf(server, id)).toEqual([expect.objectContaining({ stock: 100, won: 0 })]);
    const [entries] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from lottery_entries where lottery_id = ${id}`,
    );
    expect(entries!.count).toBe(0);
  });

  it('delivers stored value and coupons', async () => {
    const coupon = await makeCoupon(server, admin, { Title: '中奖券', ThresholdFen: 0, Value: 300 });
    const balance = await createLottery(
      server,
      admin,
      lotteryForm({ Prizes: [prizeForm({ Kind: 'balance', Points: 0, BalanceFen: 250 })] }),
    );
    const couponDraw = await createLottery(
      server,
      admin,
      lotteryForm({ Prizes: [prizeForm({ Kind: 'coupon', Points: 0, CouponId: coupon })] }),
    );
    const [buyer] = await newMembers(server, 'gift-', 1);
    expect((await draw(buyer!, balance)).body.Record).toMatchObject({
      Outcome: 'balance',
      State: 'delivered',
    });
    const [wallet] = await server.query<{ balance_fen: number }>(
      sql`select balance_fen from buyer_wallets where site_id = ${MALL_SITE} and buyer_id = ${buyer}`,
    );
    expect(wallet!.balance_fen).toBe(250);
    expect((await draw(buyer!, couponDraw)).body.Record).toMatchObject({
      Outcome: 'coupon',
      State: 'delivered',
    });
    const copies = await server.query<{ source: string; state: string }>(
      sql`select mc.source, mc.state from member_coupons mc join members m on m.id = mc.member_id
           where mc.coupon_id = ${coupon} and m.open_id = ${buyer}`,
    );
    expect(copies).toEqual([{ source: 'lottery', state: 'unused' }]);
  });

  it('wins nothing and gives the prize back when its coupon ran out', async () => {
    const coupon = await makeCoupon(server, admin, {
      Title: '一张券',
      TotalQuantity: 1,
      ThresholdFen: 0,
      Value: 100,
    });
    await server.query(sql`update coupons set issued = 1 where id = ${coupon}`);
    const id = await createLottery(
      server,
      admin,
      lotteryForm({ Prizes: [prizeForm({ Kind: 'coupon', Points: 0, CouponId: coupon, Stock: 5 })] }),
    );
    const [buyer] = await newMembers(server, 'late-', 1);
    const response = await draw(buyer!, id);
    expect(response.body.Record).toMatchObject({ Outcome: 'nothing', State: 'none', PrizeName: '谢谢参与' });
    expect(await prizesOf(server, id)).toEqual([expect.objectContaining({ stock: 5, won: 0 })]);
  });

  it('wins nothing when the prize is out of stock, and with prizes leaving the rest to nothing', async () => {
    const soldOut = await createLottery(server, admin, lotteryForm({ Prizes: [prizeForm({ Stock: 0 })] }));
    const empty = await createLottery(server, admin, lotteryForm({ Prizes: [] }));
    const [buyer] = await newMembers(server, 'none-', 1);
    expect((await draw(buyer!, soldOut)).body.Record).toMatchObject({ Outcome: 'nothing', State: 'none' });
    expect((await draw(buyer!, empty)).body.Record).toMatchObject({
      Outcome: 'nothing',
      PrizeName: '谢谢参与',
    });
  });

  it('holds the daily and total limits, saying how many are left', async () => {
    const id = await createLottery(server, admin, lotteryForm({ DailyLimit: 2, TotalLimit: 3 }));
    const [buyer] = await newMembers(server, 'lim-', 1);
    expect((await draw(buyer!, id)).body.DrawsLeft).toBe(1);
    expect((await draw(buyer!, id)).body.DrawsLeft).toBe(0);
    expectError(await draw(buyer!, id), /2 draws of today/);
    // Tomorrow: one more, then the total is used.
    await server.query(
      sql`update lottery_entries set day = '2000-01-01' where lottery_id = ${id} and day <> 'all'`,
    );
    expect((await draw(buyer!, id)).body.DrawsLeft).toBe(0);
    await server.query(sql`update lottery_entries set day = '2000-01-02' where lottery_id = ${id} and day <> 'all'
                             and day <> '2000-01-01'`);
    expectError(await draw(buyer!, id), /all 3 of your draws/);
  });

  it('gives one draw per paid order with order entry', async () => {
    const id = await createLottery(server, admin, lotteryForm({ EntryMode: 'order' }));
    const [buyer] = await newMembers(server, 'ord-', 1);
    expectError(await draw(buyer!, id), /paid order/);
    const [order] = await server.query<{ id: number }>(
      sql`select id from orders where site_id = ${MALL_SITE} order by id limit 1`,
    );
    await server.query(sql`update orders set buyer_id = ${buyer}, paid_at = now() where id = ${order!.id}`);
    expect((await draw(buyer!, id)).body.Errmsg).toBe('');
    expectError(await draw(buyer!, id), /paid order/);
  });

  it.each([
    ['not started', { StartsAt: new Date(Date.now() + DAY).toISOString() }, /not started/],
    [
      'ended',
      {
        StartsAt: new Date(Date.now() - 3 * DAY).toISOString(),
        EndsAt: new Date(Date.now() - DAY).toISOString(),
      },
      /ended/,
    ],
    ['switched off', { Status: 'off' }, /closed/],
  ] as const)('refuses a draw that is %s', async (_, change, message) => {
    const id = await createLottery(server, admin, lotteryForm(change));
    const [buyer] = await newMembers(server, `state-${Date.now()}-`, 1);
    const response = await draw(buyer!, id);
    expectError(response, message);
    expect(fieldOf(response)).toBe('LotteryId');
  });

  it.each([
    ['no buyer', { LotteryId: 1 }, 'Buyer'],
    ['a draw id of 0', { Buyer: buyerOf('x-1'), LotteryId: 0 }, 'LotteryId'],
    ['an unknown draw', { Buyer: buyerOf('x-1'), LotteryId: 999_999 }, 'LotteryId'],
    ['a bad phone', { Buyer: { ...buyerOf('x-1'), Phone: '123' }, LotteryId: 1 }, 'Buyer.Phone'],
  ])('refuses %s, naming %s', async (_, input, field) => {
    const response = await storefront(server, key, lotteries.drawLottery, input);
    expect([response.status, response.body.Errcode, fieldOf(response)]).toEqual([200, -1, field]);
  });

  it('ships a goods prize to the address given, and the buyer confirms it', async () => {
    const goods = await catalogueGood(server, 'physical');
    const id = await createLottery(
      server,
      admin,
      lotteryForm({
        Prizes: [prizeForm({ Kind: 'goods', Name: '实物大奖', Points: 0, ProductId: goods, Stock: 2 })],
      }),
    );
    const [buyer] = await newMembers(server, 'ship-', 1);
    const noAddress = await draw(buyer!, id);
    expect([noAddress.body.Errcode, fieldOf(noAddress)]).toEqual([-1, 'Address']);
    const won = await draw(buyer!, id, ADDRESS);
    expect(won.body.Record).toMatchObject({ Outcome: 'goods', State: 'toShip' });
    const records = await server.call(
      lotteries.getLotteryRecordList,
      { lotteryId: id, state: 'toShip' },
      { token: admin },
    );
    const row = records.body.Data[0]!;
    expect(row).toMatchObject({
      ReceiverName: ADDRESS.Name,
      AddressText: expect.stringContaining('科技园路'),
    });
    const noTracking = await server.call(
      lotteries.shipLotteryPrize,
      { Id: row.Id, Carrier: 'SF' },
      { token: admin },
    );
    expectError(noTracking);
    const shipped = await server.call(
      lotteries.shipLotteryPrize,
      { Id: row.Id, Carrier: 'SF', TrackingNo: 'SF1234567890123' },
      { token: admin },
    );
    expect(shipped.body.Record).toMatchObject({ State: 'shipped', TrackingNo: 'SF1234567890123' });
    expectError(
      await server.call(
        lotteries.shipLotteryPrize,
        { Id: row.Id, Carrier: 'SF', TrackingNo: 'SF1234567890123' },
        { token: admin },
      ),
      /cannot be shipped/,
    );
    const confirmed = await storefront(server, key, lotteries.confirmLotteryPrize, {
      RecordNo: row.RecordNo,
      BuyerId: buyer,
    });
    expect(confirmed.body.Record.State).toBe('received');
    const mine = await storefront(server, key, lotteries.getMyLotteryRecords, { buyerId: buyer });
    expect(mine.body.Data.map((record) => record.State)).toEqual(['received']);
  });

  it('shows the buyer the draw, its prizes and draws left, without the chances', async () => {
    const id = await createLottery(server, admin, lotteryForm({ DailyLimit: 2 }));
    const [buyer] = await newMembers(server, 'view-', 1);
    await draw(buyer!, id);
    const response = await storefront(server, key, lotteries.getStorefrontLottery, { id, buyerId: buyer });
    expect(response.body.Lottery).toMatchObject({ State: 'running', DrawsLeft: 1, NeedsAddress: false });
    expect(response.body.Lottery.Prizes[0]).not.toHaveProperty('ChanceBp');
  });
});

describe('records', () => {
  it('filter by outcome and keyword, and export as a spreadsheet', async () => {
    const id = await createLottery(
      server,
      admin,
      lotteryForm({ Title: '导出测试', Prizes: [prizeForm({ Stock: 1 })] }),
    );
    const buyers = await newMembers(server, 'exp-', 3);
    for (const buyer of buyers) await draw(buyer, id);
    const won = await server.call(
      lotteries.getLotteryRecordList,
      { lotteryId: id, outcome: 'points' },
      { token: admin },
    );
    expect(won.body.Total).toBe(1);
    const byMember = await server.call(
      lotteries.getLotteryRecordList,
      { lotteryId: id, keyword: buyers[2] },
      { token: admin },
    );
    expect(byMember.body.Total).toBe(1);
    const bad = await server.call(lotteries.getLotteryRecordList, { outcome: 'jackpot' }, { token: admin });
    expect([bad.body.Errcode, fieldOf(bad)]).toEqual([-1, 'outcome']);
    const response = await server.app.inject({
      method: 'GET',
      url: `${API_BASE}${lotteries.exportLotteryRecordList.path}`,
      query: { lotteryId: String(id) },
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows).toHaveLength(4);
    expect(rows.slice(1).map((row) => row[3])).toEqual(['导出测试', '导出测试', '导出测试']);
  });
});

describe('permissions', () => {
  it('refuses accounts without the menus', async () => {
    const sub = await server.login('sub', { siteId: MALL_SITE });
    for (const [endpoint, input] of [
      [lotteries.getLotteryList, {}],
      [lotteries.bindLottery, lotteryForm()],
      [lotteries.setLotteryStatus, { Ids: [1], Status: 'off' }],
      [lotteries.deleteLotteries, { Ids: [1] }],
      [lotteries.getLotteryRecordList, {}],
      [lotteries.shipLotteryPrize, { Id: 1, Carrier: 'SF', TrackingNo: 'SF1234567890123' }],
    ] as const) {
      expect((await server.call(endpoint, input, { token: sub })).status).toBe(403);
    }
  });

  it('never lets one shop’s key reach another shop’s draw or records', async () => {
    const [theirs] = await server.query<{ id: number }>(
      sql`select id from marketing_activities where site_id <> ${MALL_SITE} and not deleted order by id limit 1`,
    );
    const [buyer] = await newMembers(server, 'cross-', 1);
    const drawn = await draw(buyer!, theirs!.id);
    expect([drawn.body.Errcode, fieldOf(drawn)]).toEqual([-1, 'LotteryId']);
    const read = await storefront(server, key, lotteries.getStorefrontLottery, { id: theirs!.id });
    expectError(read, /no lucky draw/);
    const [record] = await server.query<{ record_no: string; buyer_id: string }>(
      sql`select record_no, buyer_id from lottery_records where site_id <> ${MALL_SITE} order by id limit 1`,
    );
    if (record) {
      const confirm = await storefront(server, key, lotteries.confirmLotteryPrize, {
        RecordNo: record.record_no,
        BuyerId: record.buyer_id,
      });
      expectError(confirm, /no draw record/);
    }
  });

  it('refuses storefront calls without the shop key', async () => {
    const response = await server.call(lotteries.drawLottery, { Buyer: buyerOf('nokey'), LotteryId: 1 });
    expect(response.body.Errcode).toBe(-1);
  });
});

describe('the studio', () => {
  it('lists live draws with their state and leaves out ended and deleted ones', async () => {
    const running = await createLottery(server, admin, lotteryForm({ Title: '工作室抽奖' }));
    const ended = await createLottery(
      server,
      admin,
      lotteryForm({
        Title: '工作室结束',
        StartsAt: new Date(Date.now() - 3 * DAY).toISOString(),
        EndsAt: new Date(Date.now() - DAY).toISOString(),
      }),
    );
    const response = await server.call(lookupEndpoints.activity, { Keyword: '工作室' }, { token: admin });
    expect(response.body.Data.map((row) => [row.Id, row.State])).toEqual([[running, 'running']]);
    expect(response.body.Data.map((row) => row.Id)).not.toContain(ended);
  });
});

describe('the publish check', () => {
  function ok(outcome: Outcome): TemplateDocument {
    if (!outcome.ok) throw new Error(outcome.problem.key);
    return outcome.document;
  }

  it('refuses links to draws that ended or were deleted, and passes running ones', async () => {
    const id = await createLottery(server, admin, lotteryForm({ Title: '发布检查抽奖' }));
    const added = await server.call(library.addMyTemplate, { Name: '抽奖页' }, { token: admin });
    const read = await server.call(library.getTemplateData, { Id: added.body.Id }, { token: admin });
    const parsed = parseTemplate(read.body.Data, blockDefinition);
    if (!parsed.ok) throw new Error('template');
    let document = ok(
      insertBlock(parsed.document, {
        rules: blockDefinition,
        pageId: parsed.document.homePageId,
        type: 'title',
        index: 0,
        id: 'heading',
      }),
    );
    document = ok(setProp(document, 'heading', ['text'], '幸运抽奖'));
    document = ok(setProp(document, 'heading', ['showMore'], true));
    document = ok(
      setProp(document, 'heading', ['moreLink'], {
        linkType: LinkType.activity,
        id,
        linkTitle: '发布检查抽奖',
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
      sql`update marketing_activities set starts_at = now() - interval '2 days', ends_at = now() - interval '1 minute'
           where id = ${id}`,
    );
    expect((await problems()).map((problem) => [problem.BlockId, problem.Kind])).toEqual([
      ['heading', 'linkToEnded'],
    ]);
    await server.call(lotteries.deleteLotteries, { Ids: [id] }, { token: admin });
    expect((await problems()).map((problem) => problem.Kind)).toEqual(['linkToDeleted']);
    await server.query(
      sql`update marketing_activities set deleted = false, ends_at = now() + interval '1 day' where id = ${id}`,
    );
    expect((await publish()).body.Errcode).toBe(0);
  });
});
