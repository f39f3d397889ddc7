import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract/endpoint';
import * as report from '../../contract/endpoints/commissions';
import * as distribution from '../../contract/endpoints/distribution';
import * as orders from '../../contract/endpoints/orders';
import { getOrderInfo } from '../../contract/endpoints/orders';
import { freezePromoters, setPromoterGrade, unfreezePromoters } from '../../contract/endpoints/promoters';
import * as storefrontApi from '../../contract/endpoints/storefront';
import { settleDueCommission } from '../../server/areas/distribution/settlement';
import { completeOrders } from '../../server/areas/order/sweeps';
import {
  balances,
  commissionsOf,
  fieldOf,
  member,
  paidOrder,
  promoter,
  setDistribution,
} from './distribution-helpers';
import { startTestServer, type TestServer } from './harness';
import {
  MALL_SITE,
  orderId,
  orderRow,
  prepareSku,
  storefront,
  storefrontKey,
  type TestSku,
} from './order-helpers';

/**
 * Commission written at payment, voided by refunds and settled by the sweep, on a chain of this
 * file's own members: top ← mid ← (buyer), and the report's figures against the orders placed here.
 */

let server: TestServer;
let admin: string;
let key: string;
let sku: TestSku;
let top: number;
let mid: number;
const DAY = 24 * 60 * 60 * 1000;

const RULES: Partial<distribution.DistributionSetting> = {
  Enabled: true,
  Levels: 2,
  Joining: 'anyone',
  SelfPurchase: false,
  Level1Rate: 1_000,
  Level2Rate: 500,
  SettleMoment: 'afterSale',
  FreezeDays: 0,
  WithdrawChannels: ['balance', 'wechat', 'bank'],
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  key = await storefrontKey(server, admin);
  await setDistribution(server, admin, RULES);
  sku = await prepareSku(server, MALL_SITE, 500, { skip: 3 });
  const topNo = await member(server, key, 'c-top');
  top = await promoter(server, key, admin, 'c-top');
  const midNo = await member(server, key, 'c-mid', topNo);
  mid = await promoter(server, key, admin, 'c-mid');
  await member(server, key, 'c-buyer', midNo);
  await member(server, key, 'c-buyer-2', midNo);
  await member(server, key, 'c-direct', topNo);
});
afterAll(() => server.close());

const base = (order: { TotalFen: number; FreightFen: number }) => order.TotalFen - order.FreightFen;

async function ship(orderNo: string) {
  const id = await orderId(server, orderNo);
  const { version } = await orderRow(server, id);
  const response = await server.call(
    orders.bindOrderState,
    { Action: 'ship', Id: id, Version: version, Carrier: 'ZTO', TrackingNo: `7310000${id}` },
    { token: admin },
  );
  expect(response.body.Errmsg).toBe('');
}

async function receive(orderNo: string, buyerId: string) {
  await ship(orderNo);
  const response = await storefront(server, key, storefrontApi.confirmReceipt, {
    OrderNo: orderNo,
    BuyerId: buyerId,
  });
  expect(response.body.Errmsg).toBe('');
}

async function refund(orderNo: string, buyerId: string, amountFen: number) {
  const applied = await storefront(server, key, storefrontApi.applyRefund, {
    OrderNo: orderNo,
    BuyerId: buyerId,
    AmountFen: amountFen,
    Reason: '不想要了',
  });
  expect(applied.body.Errmsg).toBe('');
  const id = await orderId(server, orderNo);
  for (const action of ['approveRefund', 'markRefunded'] as const) {
    const { version } = await orderRow(server, id);
    const input =
      action === 'approveRefund'
        ? { Action: action, Id: id, Version: version, AmountFen: amountFen }
        : { Action: action, Id: id, Version: version };
    const response = await server.call(orders.bindOrderState, input, { token: admin });
    expect(response.body.Errmsg).toBe('');
  }
}

/** Completes the order after its after-sale window, as the order sweep does. */
async function complete(orderNo: string): Promise<Date> {
  const [row] = await server.query<{ complete_due_at: Date }>(
    sql`select complete_due_at from orders where order_no = ${orderNo}`,
  );
  const at = new Date(new Date(row!.complete_due_at).getTime() + 1_000);
  await completeOrders(server.database.db, at);
  expect((await orderRow(server, await orderId(server, orderNo))).state).toBe('completed');
  return at;
}

describe('commission written at payment', () => {
  it('writes pending rows per level for a paid order under a promoter: the inviter, then their parent', async () => {
    const order = await paidOrder(server, key, 'c-buyer', sku, 2);
    expect(await commissionsOf(server, order.OrderNo)).toEqual([
      { promoter_id: mid, level: 1, amount_fen: Math.floor(base(order) / 10), void_fen: 0, state: 'pending' },
      { promoter_id: top, level: 2, amount_fen: Math.floor(base(order) / 20), void_fen: 0, state: 'pending' },
    ]);
  });

  it('writes nothing for an unpaid order, and nothing for a buyer nobody promoted', async () => {
    const unpaid = await storefront(server, key, storefrontApi.createOrder, {
      Buyer: { Id: 'c-buyer', Name: 'c-buyer', Phone: '13800000077' },
      DeliveryType: 'express',
      Address: {
        Name: 'a',
        Phone: '13800000077',
        Province: '广东省',
        City: '深圳市',
        District: '南山区',
        Detail: '1 号',
      },
      Lines: [{ SkuId: sku.skuId, Quantity: 1 }],
    });
    expect(await commissionsOf(server, unpaid.body.Order.OrderNo)).toEqual([]);
    await member(server, key, 'c-stranger');
    const order = await paidOrder(server, key, 'c-stranger', sku);
    expect(await commissionsOf(server, order.OrderNo)).toEqual([]);
  });

  it('pays the top promoter’s direct customers at level 1 only: nobody is above them', async () => {
    const order = await paidOrder(server, key, 'c-direct', sku);
    expect(await commissionsOf(server, order.OrderNo)).toEqual([
      { promoter_id: top, level: 1, amount_fen: Math.floor(base(order) / 10), void_fen: 0, state: 'pending' },
    ]);
  });

  it('pays a promoter’s own order to their parents, or to them with self-purchase on', async () => {
    const off = await paidOrder(server, key, 'c-mid', sku);
    expect((await commissionsOf(server, off.OrderNo)).map((row) => [row.promoter_id, row.level])).toEqual([
      [top, 1],
    ]);
    await setDistribution(server, admin, { ...RULES, SelfPurchase: true });
    const on = await paidOrder(server, key, 'c-mid', sku);
    expect((await commissionsOf(server, on.OrderNo)).map((row) => [row.promoter_id, row.level])).toEqual([
      [mid, 1],
      [top, 2],
    ]);
    await setDistribution(server, admin, RULES);
  });

  it('pays one level when the shop says one', async () => {
    await setDistribution(server, admin, { ...RULES, Levels: 1 });
    const order = await paidOrder(server, key, 'c-buyer', sku);
    expect((await commissionsOf(server, order.OrderNo)).map((row) => row.level)).toEqual([1]);
    await setDistribution(server, admin, RULES);
  });

  it('pays each level at its earner’s grade rates', async () => {
    const grade = await server.call(
      distribution.bindPromoterGrade,
      { Name: '测试金牌', Level1Rate: 2_000, Level2Rate: 700 },
      { token: admin },
    );
    await server.call(setPromoterGrade, { Ids: [mid, top], GradeId: grade.body.Id }, { token: admin });
    const order = await paidOrder(server, key, 'c-buyer', sku);
    expect((await commissionsOf(server, order.OrderNo)).map((row) => row.amount_fen)).toEqual([
      Math.floor((base(order) * 2_000) / 10_000),
      Math.floor((base(order) * 700) / 10_000),
    ]);
    await server.call(setPromoterGrade, { Ids: [mid, top], GradeId: null }, { token: admin });
  });

  it('follows the goods’ own rule: a ratio, a fixed amount per unit, or none', async () => {
    const rule = await server.call(
      distribution.bindGoodsRule,
      { ProductId: sku.productId, Mode: 'fixed', Level1: 123, Level2: 45 },
      { token: admin },
    );
    const fixed = await paidOrder(server, key, 'c-buyer', sku, 3);
    expect((await commissionsOf(server, fixed.OrderNo)).map((row) => row.amount_fen)).toEqual([369, 135]);
    const rules = await server.call(distribution.getGoodsRuleList, {}, { token: admin });
    const version = rules.body.Data.find((entry) => entry.Id === rule.body.Id)!.Version;
    await server.call(
      distribution.bindGoodsRule,
      {
        Id: rule.body.Id,
        Version: version,
        ProductId: sku.productId,
        Mode: 'excluded',
        Level1: 0,
        Level2: 0,
      },
      { token: admin },
    );
    const excluded = await paidOrder(server, key, 'c-buyer', sku);
    expect(await commissionsOf(server, excluded.OrderNo)).toEqual([]);
    await server.call(distribution.deleteGoodsRule, { Id: rule.body.Id }, { token: admin });
  });

  it('skips a frozen promoter; their parent still earns', async () => {
    await server.call(freezePromoters, { Ids: [mid] }, { token: admin });
    const order = await paidOrder(server, key, 'c-buyer', sku);
    expect((await commissionsOf(server, order.OrderNo)).map((row) => [row.promoter_id, row.level])).toEqual([
      [top, 2],
    ]);
    await server.call(unfreezePromoters, { Ids: [mid] }, { token: admin });
  });

  it('writes nothing while distribution is off', async () => {
    await setDistribution(server, admin, { ...RULES, Enabled: false });
    const order = await paidOrder(server, key, 'c-buyer', sku);
    expect(await commissionsOf(server, order.OrderNo)).toEqual([]);
    await setDistribution(server, admin, RULES);
  });
});

describe('refunds and settlement', () => {
  it('voids the refunded part of pending commission, and all of it on a full refund', async () => {
    const order = await paidOrder(server, key, 'c-buyer', sku, 2);
    const written = await commissionsOf(server, order.OrderNo);
    await refund(order.OrderNo, 'c-buyer', sku.priceFen);
    const left = base(order) - sku.priceFen;
    expect(await commissionsOf(server, order.OrderNo)).toEqual([
      { ...written[0]!, void_fen: written[0]!.amount_fen - Math.floor(left / 10) },
      { ...written[1]!, void_fen: written[1]!.amount_fen - Math.floor(left / 20) },
    ]);
    await refund(order.OrderNo, 'c-buyer', order.TotalFen - sku.priceFen);
    const voided = await commissionsOf(server, order.OrderNo);
    expect(voided.map((row) => [row.state, row.void_fen === row.amount_fen])).toEqual([
      ['void', true],
      ['void', true],
    ]);
  });

  it('settles due rows once, crediting the promoters through the ledger, however often it runs', async () => {
    const order = await paidOrder(server, key, 'c-buyer-2', sku);
    const [level1, level2] = await commissionsOf(server, order.OrderNo);
    await receive(order.OrderNo, 'c-buyer-2');
    const before = { mid: await balances(server, mid), top: await balances(server, top) };
    // Received is not the moment under afterSale: nothing settles until the order completes.
    await settleDueCommission(server.database.db, new Date());
    expect((await commissionsOf(server, order.OrderNo)).map((row) => row.state)).toEqual([
      'pending',
      'pending',
    ]);
    const at = await complete(order.OrderNo);
    const runs = await Promise.all([
      settleDueCommission(server.database.db, at),
      settleDueCommission(server.database.db, at),
    ]);
    expect(runs.reduce((sum, run) => sum + run.settled, 0)).toBeGreaterThanOrEqual(2);
    expect((await settleDueCommission(server.database.db, at)).settled).toBe(0);
    expect((await commissionsOf(server, order.OrderNo)).map((row) => row.state)).toEqual([
      'settled',
      'settled',
    ]);
    const after = { mid: await balances(server, mid), top: await balances(server, top) };
    expect(after.mid.withdrawable_fen - before.mid.withdrawable_fen).toBe(level1!.amount_fen);
    expect(after.mid.earned_fen - before.mid.earned_fen).toBe(level1!.amount_fen);
    expect(after.top.withdrawable_fen - before.top.withdrawable_fen).toBe(level2!.amount_fen);
    const ledger = await server.query<{ promoter_id: number; withdrawable_delta: number }>(
      sql`select l.promoter_id, l.withdrawable_delta from commission_ledger l join commissions c on c.id = l.commission_id
           where c.order_no = ${order.OrderNo} and l.reason = 'settle' order by l.promoter_id`,
    );
    expect(ledger.length).toBe(2);
  });

  it('waits the freeze days after the moment', async () => {
    await setDistribution(server, admin, { ...RULES, FreezeDays: 3 });
    const order = await paidOrder(server, key, 'c-buyer-2', sku);
    await receive(order.OrderNo, 'c-buyer-2');
    const completedAt = await complete(order.OrderNo);
    await settleDueCommission(server.database.db, new Date(completedAt.getTime() + 3 * DAY - 60_000));
    expect((await commissionsOf(server, order.OrderNo)).map((row) => row.state)).toEqual([
      'pending',
      'pending',
    ]);
    await settleDueCommission(server.database.db, new Date(completedAt.getTime() + 3 * DAY));
    expect((await commissionsOf(server, order.OrderNo)).map((row) => row.state)).toEqual([
      'settled',
      'settled',
    ]);
    await setDistribution(server, admin, RULES);
  });

  it('settles at receipt under the completion moment, and a later refund takes it back by a reversal row', async () => {
    await setDistribution(server, admin, { ...RULES, SettleMoment: 'completion' });
    const order = await paidOrder(server, key, 'c-buyer-2', sku, 2);
    const [level1] = await commissionsOf(server, order.OrderNo);
    await receive(order.OrderNo, 'c-buyer-2');
    const settled = await server.call(report.settleDueCommission, {}, { token: admin });
    expect(settled.body.Settled).toBeGreaterThanOrEqual(2);
    const before = await balances(server, mid);
    await refund(order.OrderNo, 'c-buyer-2', sku.priceFen);
    const after = await balances(server, mid);
    const [voided] = await commissionsOf(server, order.OrderNo);
    expect(voided).toMatchObject({
      state: 'settled',
      void_fen: level1!.amount_fen - Math.floor((base(order) - sku.priceFen) / 10),
    });
    expect(before.withdrawable_fen - after.withdrawable_fen).toBe(voided!.void_fen);
    expect(before.earned_fen - after.earned_fen).toBe(voided!.void_fen);
    const [reversal] = await server.query<{ withdrawable_delta: number; withdrawable_after: number }>(
      sql`select withdrawable_delta, withdrawable_after from commission_ledger
           where promoter_id = ${mid} and reason = 'reversal' and order_no = ${order.OrderNo}`,
    );
    expect(reversal).toEqual({
      withdrawable_delta: -voided!.void_fen,
      withdrawable_after: after.withdrawable_fen,
    });
    await setDistribution(server, admin, RULES);
  });
});

describe('the settlement report', () => {
  it('totals by promoter agree with the rows of the orders placed here', async () => {
    const rows = await server.query<{
      promoter_id: number;
      pending: number;
      settled: number;
      void: number;
      orders: number;
    }>(
      sql`select promoter_id,
                 coalesce(sum(amount_fen - void_fen) filter (where state = 'pending'), 0)::int as pending,
                 coalesce(sum(amount_fen - void_fen) filter (where state = 'settled'), 0)::int as settled,
                 sum(void_fen)::int as void, count(distinct order_id)::int as orders
            from commissions where promoter_id in (${top}, ${mid}) group by promoter_id`,
    );
    const response = await server.call(report.getPromoterReport, { keyword: 'c-' }, { token: admin });
    expect(response.body.Errmsg).toBe('');
    for (const row of rows) {
      expect(response.body.Data.find((entry) => entry.PromoterId === row.promoter_id)).toMatchObject({
        Orders: row.orders,
        PendingFen: row.pending,
        SettledFen: row.settled,
        VoidFen: row.void,
      });
    }
    const sum = (field: 'PendingFen' | 'SettledFen' | 'VoidFen') =>
      response.body.Data.reduce((total, entry) => total + entry[field], 0);
    expect(response.body.Totals.PendingFen).toBe(sum('PendingFen'));
    expect(response.body.Totals.SettledFen).toBe(sum('SettledFen'));
    expect(response.body.Totals.VoidFen).toBe(sum('VoidFen'));
    expect(response.body.Totals.PendingFen).toBeGreaterThan(0);
    expect(response.body.Totals.SettledFen).toBeGreaterThan(0);
    expect(response.body.Totals.VoidFen).toBeGreaterThan(0);
  });

  it('totals by day and by month over the same rows, and a period without rows is empty', async () => {
    const all = await server.call(report.getPeriodReport, { unit: 'month' }, { token: admin });
    const days = await server.call(report.getPeriodReport, { unit: 'day', pageSize: 100 }, { token: admin });
    const sum = (rows: report.PeriodReportRow[]) => rows.reduce((total, row) => total + row.SettledFen, 0);
    expect(sum(all.body.Data)).toBe(all.body.Totals.SettledFen);
    expect(days.body.Totals).toEqual(all.body.Totals);
    const empty = await server.call(
      report.getPeriodReport,
      { from: '2001-01-01', to: '2001-12-31' },
      { token: admin },
    );
    expect(empty.body).toMatchObject({
      Data: [],
      Total: 0,
      Totals: { Orders: 0, PendingFen: 0, SettledFen: 0, VoidFen: 0 },
    });
  });

  it('lists one promoter’s orders by state and opens each order’s breakdown', async () => {
    const list = await server.call(
      report.getCommissionOrderList,
      { promoterId: mid, state: 'void' },
      { token: admin },
    );
    expect(list.body.Errmsg).toBe('');
    expect(list.body.PromoterName).toBe('c-mid');
    expect(list.body.Counts.void).toBe(list.body.Total);
    expect(list.body.Counts.all).toBeGreaterThanOrEqual(list.body.Counts.pending!);
    const voided = list.body.Data[0]!;
    expect(voided.VoidFen).toBeGreaterThan(0);
    const details = await server.call(
      report.getSettlementOrderDetails,
      { id: voided.OrderId },
      { token: admin },
    );
    expect(details.body.Errmsg).toBe('');
    expect(details.body.Order.OrderNo).toBe(voided.OrderNo);
    expect(details.body.Commission.Rows.map((row) => row.PromoterName)).toContain('c-mid');
    expect(details.body.Commission.VoidFen).toBe(voided.VoidFen);
    // The order's own details carry the same breakdown.
    const order = await server.call(getOrderInfo, { id: voided.OrderId }, { token: admin });
    expect(order.body.Commission?.Rows.length).toBe(details.body.Commission.Rows.length);
  });

  it('says so plainly when an order earned nothing, and refuses an order of another shop', async () => {
    const [plain] = await server.query<{ id: number }>(
      sql`select o.id from orders o where o.site_id = ${MALL_SITE}
            and not exists (select 1 from commissions c where c.order_id = o.id) order by o.id limit 1`,
    );
    const none = await server.call(report.getSettlementOrderDetails, { id: plain!.id }, { token: admin });
    expect(none.body.Commission.Rows).toEqual([]);
    const order = await server.call(getOrderInfo, { id: plain!.id }, { token: admin });
    expect(order.body.Commission).toBeNull();
    const [other] = await server.query<{ id: number }>(
      sql`select id from orders where site_id <> ${MALL_SITE} order by id limit 1`,
    );
    const refused = await server.call(report.getSettlementOrderDetails, { id: other!.id }, { token: admin });
    expect([refused.body.Errcode, fieldOf(refused)]).toEqual([-1, 'id']);
  });

  it('exports each view as a spreadsheet', async () => {
    for (const [endpoint, sheet, query] of [
      [report.exportPromoterReport, 'Commission by promoter', '?keyword=c-'],
      [report.exportPeriodReport, 'Commission by period', '?unit=month'],
      [report.exportCommissionOrderList, 'Orders with commission', '?keyword=c-'],
    ] as const) {
      const raw = await server.app.inject({
        method: 'GET',
        url: `${API_BASE}${endpoint.path}${query}`,
        headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' },
      });
      expect(raw.statusCode).toBe(200);
      expect(raw.headers['content-type']).toContain('spreadsheetml');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(raw.rawPayload as unknown as ArrayBuffer);
      const worksheet = workbook.getWorksheet(sheet)!;
      expect(worksheet.rowCount).toBeGreaterThan(1);
    }
  });

  it.each([
    [
      report.getPromoterReport.path,
      report.getPromoterReport,
      { from: '2026-05-02', to: '2026-05-01' },
      'from',
    ],
    [report.getPromoterReport.path, report.getPromoterReport, { sort: 'name' }, 'sort'],
    [report.getPeriodReport.path, report.getPeriodReport, { unit: 'week' }, 'unit'],
    [report.getCommissionOrderList.path, report.getCommissionOrderList, { state: 'paid' }, 'state'],
    [report.getCommissionOrderList.path, report.getCommissionOrderList, { promoterId: 'x' }, 'promoterId'],
    [
      report.getCommissionOrderList.path,
      report.getCommissionOrderList,
      { promoterId: 999_999 },
      'promoterId',
    ],
    [report.getSettlementOrderDetails.path, report.getSettlementOrderDetails, {}, 'id'],
  ] as const)('%s names the field of bad input', async (_, endpoint, input, field) => {
    const response = await server.call(endpoint, input, { token: admin });
    expect([response.status, response.body.Errcode, fieldOf(response)]).toEqual([200, -1, field]);
  });

  it('refuses accounts without the report menus', async () => {
    const sub = await server.login('sub', { siteId: MALL_SITE });
    for (const [endpoint, input] of [
      [report.getPromoterReport, {}],
      [report.getPeriodReport, {}],
      [report.getCommissionOrderList, {}],
      [report.getSettlementOrderDetails, { id: 1 }],
      [report.settleDueCommission, {}],
      [report.exportPromoterReport, {}],
    ] as const) {
      expect((await server.call(endpoint, input, { token: sub })).status).toBe(403);
    }
  });

  it('shows no other shop’s commission to another shop', async () => {
    const site2 = await server.login('site2');
    const response = await server.call(report.getPromoterReport, {}, { token: site2 });
    expect(response.body).toMatchObject({ Data: [], Total: 0 });
    const orders = await server.call(report.getCommissionOrderList, { promoterId: mid }, { token: site2 });
    expect([orders.body.Errcode, fieldOf(orders)]).toEqual([-1, 'promoterId']);
    const settled = await server.call(report.settleDueCommission, {}, { token: site2 });
    expect(settled.body.Settled).toBe(0);
  });
});
