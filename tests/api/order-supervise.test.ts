import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract/endpoint';
import * as orders from '../../contract/endpoints/orders';
import * as storefrontApi from '../../contract/endpoints/storefront';
import { ORDER_STATES, type OrderState, REFUND_STATES } from '../../contract/machines/order';
import { startTestServer, type TestServer } from './harness';
import { multipartBody } from './images';
import {
  ADDRESS,
  BUYER,
  expectError,
  MALL_SITE,
  orderId,
  orderRow,
  placeOrder,
  prepareSku,
  skuStock,
  storefront,
  storefrontKey,
  type TestSku,
} from './order-helpers';

let server: TestServer;
let token: string;
let key: string;
let skip = 0;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin');
  key = await storefrontKey(server, token);
});
afterAll(() => server.close());

/** A fresh SKU with plenty of stock on goods no other test touches. */
function freshSku(stock = 50): Promise<TestSku> {
  skip += 1;
  return prepareSku(server, MALL_SITE, stock, { skip: 20 + skip });
}

async function paidOrder(sku: TestSku, quantity = 1, overrides: Record<string, unknown> = {}) {
  const order = await placeOrder(server, key, sku, quantity, overrides);
  const paid = await storefront(server, key, storefrontApi.payOrder, {
    OrderNo: order.OrderNo,
    BuyerId: (overrides.Buyer as { Id: string } | undefined)?.Id ?? BUYER.Id,
    PaymentMethod: 'wechat',
    AmountFen: order.TotalFen,
  });
  expect(paid.body.Errmsg).toBe('');
  return { ...paid.body.Order, Id: await orderId(server, order.OrderNo) };
}

function command(input: Record<string, unknown>, caller = token) {
  return server.call(orders.bindOrderState, input, { token: caller });
}

async function version(id: number) {
  return (await orderRow(server, id)).version;
}

async function logActions(id: number) {
  const rows = await server.query<{ action: string; actor: string }>(
    sql`select action, actor from order_log where order_id = ${id} order by id`,
  );
  return rows.map((row) => `${row.actor}:${row.action}`);
}

describe('the order list', () => {
  it('answers tab counts that agree with the database, and pages of the chosen tab', async () => {
    const response = await server.call(orders.getOrderList, { tab: 'toShip', pageSize: 5 }, { token });
    expect(response.body.Errcode).toBe(0);
    const counts = await server.query<{ state: string; count: number }>(
      sql`select state, count(*)::int as count from orders where site_id = ${MALL_SITE} group by state`,
    );
    const of = (state: string) => counts.find((row) => row.state === state)?.count ?? 0;
    const [refunding] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from orders where site_id = ${MALL_SITE} and refund_state in ('requested', 'approved')`,
    );
    expect(response.body.Counts).toEqual({
      all: counts.reduce((sum, row) => sum + row.count, 0),
      toPay: of('toPay'),
      toShip: of('toShip'),
      shipped: of('shipped'),
      completed: of('received') + of('completed'),
      closed: of('closed'),
      refunding: refunding!.count,
    });
    expect(response.body.Total).toBe(of('toShip'));
    expect(response.body.Data.length).toBe(Math.min(5, of('toShip')));
    expect(response.body.Data.every((row) => row.State === 'toShip')).toBe(true);
    const times = response.body.Data.map((row) => row.CreatedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('lists a row exactly as the order detail gives it, times in UTC to the millisecond', async () => {
    const order = await paidOrder(await freshSku());
    // Microseconds and a +08:00 offset: the list's packed JSON carries both, the answer neither.
    await server.query(
      sql`update orders set created_at = '2024-03-01T23:30:00.123456+08:00' where id = ${order.Id}`,
    );
    const listed = await server.call(orders.getOrderList, { orderNo: order.OrderNo }, { token });
    expect(listed.body.Errmsg).toBe('');
    const [row] = listed.body.Data;
    expect(row!.CreatedAt).toBe('2024-03-01T15:30:00.123Z');
    expect(row!.PaidAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const detail = await server.call(orders.getOrderInfo, { id: order.Id }, { token });
    expect(detail.body).toMatchObject(row!);
  });

  it('searches by order number, buyer, phone and goods, and filters by type, delivery and amount', async () => {
    const sku = await freshSku();
    const buyer = { Id: 'search-buyer', Name: '欧阳娜娜', Phone: '13912345678' };
    const order = await placeOrder(server, key, sku, 2, { Buyer: buyer });
    const [goods] = await server.query<{ name: string }>(
      sql`select name from order_lines where sku_id = ${sku.skuId} limit 1`,
    );
    const find = async (query: Record<string, unknown>) => {
      const response = await server.call(orders.getOrderList, { pageSize: 100, ...query }, { token });
      expect(response.body.Errmsg).toBe('');
      return response.body.Data.map((row) => row.OrderNo);
    };
    expect(await find({ orderNo: order.OrderNo })).toEqual([order.OrderNo]);
    expect(await find({ orderNo: order.OrderNo.slice(0, -1) })).toContain(order.OrderNo);
    expect(await find({ buyer: '欧阳' })).toEqual([order.OrderNo]);
    expect(await find({ buyer: 'search-buyer' })).toEqual([order.OrderNo]);
    expect(await find({ phone: '1391234' })).toEqual([order.OrderNo]);
    expect(await find({ goods: goods!.name, buyer: '欧阳' })).toEqual([order.OrderNo]);
    expect(await find({ buyer: '欧阳', type: 'seckill' })).toEqual([]);
    expect(await find({ buyer: '欧阳', deliveryType: 'express', source: 'miniProgram' })).toEqual([
      order.OrderNo,
    ]);
    expect(await find({ buyer: '欧阳', amountMin: order.TotalFen, amountMax: order.TotalFen })).toEqual([
      order.OrderNo,
    ]);
    expect(await find({ buyer: '欧阳', amountMin: order.TotalFen + 1 })).toEqual([]);
    expect(await find({ buyer: '欧阳', paymentMethod: 'wechat' })).toEqual([]);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect(await find({ buyer: '欧阳', createdFrom: today, createdTo: today })).toEqual([order.OrderNo]);
    expect(await find({ buyer: '欧阳', createdTo: '2020-01-01' })).toEqual([]);
  });

  it('refuses reversed ranges and unknown filters, naming the field', async () => {
    const reversed = await server.call(orders.getOrderList, { amountMin: 500, amountMax: 100 }, { token });
    expectError(reversed, 'amountMin must not be greater than amountMax');
    const unknown = await server.call(orders.getOrderList, { secret: 1 }, { token });
    expectError(unknown, 'secret: unknown field');
    const badTab = await server.call(orders.getOrderList, { tab: 'lost' }, { token });
    expectError(badTab, /tab: must be one of all, toPay/);
    const badSort = await server.call(orders.getOrderList, { sort: 'password' }, { token });
    expectError(badSort, /sort: must be one of/);
    const bigPage = await server.call(orders.getOrderList, { pageSize: 101 }, { token });
    expectError(bigPage, 'pageSize: must be at most 100');
  });

  it('exports the filtered orders as an Excel workbook', async () => {
    const sku = await freshSku();
    const buyer = { Id: 'export-buyer', Name: '=HYPERLINK("x")', Phone: '13700000000' };
    const order = await placeOrder(server, key, sku, 1, { Buyer: buyer });
    const raw = await server.app.inject({
      method: 'GET',
      url: `${API_BASE}${orders.exportOrderList.path}`,
      query: { buyer: 'export-buyer' },
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh' },
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(String(raw.headers['content-disposition'])).toContain("filename*=UTF-8''%E8%AE%A2%E5%8D%95");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(raw.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).text).toBe('订单号');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).text).toBe(order.OrderNo);
    expect(sheet.getRow(2).getCell(3).text).toBe('待付款');
    expect(sheet.getRow(2).getCell(8).text).toBe(`=HYPERLINK("x")`);
    expect(sheet.getRow(2).getCell(8).formula).toBeUndefined();
  });
});

describe('order details', () => {
  it('shows lines with SKU snapshots, the amounts, the timeline and the commands the caller may take', async () => {
    const sku = await freshSku();
    const order = await paidOrder(sku, 2);
    await server.query(sql`update skus set price_fen = price_fen + 1000 where id = ${sku.skuId}`);
    const response = await server.call(orders.getOrderInfo, { id: order.Id }, { token });
    expect(response.body.Errmsg).toBe('');
    const detail = response.body;
    expect(detail.Lines).toEqual([
      expect.objectContaining({
        SkuId: sku.skuId,
        UnitFen: sku.priceFen,
        Quantity: 2,
        AmountFen: sku.priceFen * 2,
      }),
    ]);
    expect(detail).toMatchObject({
      State: 'toShip',
      GoodsFen: sku.priceFen * 2,
      TotalFen: order.TotalFen,
      PaidFen: order.TotalFen,
      PaymentMethod: 'wechat',
      Address: expect.objectContaining({ Detail: ADDRESS.Detail }),
    });
    expect(detail.Timeline.map((entry) => `${entry.Actor}:${entry.Action}`)).toEqual([
      'buyer:create',
      'buyer:pay',
    ]);
    expect(detail.Commands).toEqual(['changeAddress', 'remark', 'ship']);
    // A store account sees its own store's orders only (order-store-scope.test.ts), with the same commands.
    const store = await server.login('store');
    await server.query(
      sql`update orders set store_id = (select store_id from accounts where user_name = 'store') where id = ${order.Id}`,
    );
    const storeView = await server.call(orders.getOrderInfo, { id: order.Id }, { token: store });
    expect(storeView.body.Commands).toEqual(['changeAddress', 'remark', 'ship']);
    const unknown = await server.call(orders.getOrderInfo, { id: 999_999 }, { token });
    expectError(unknown, 'Order 999999 does not exist');
  });
});

describe('commands in every state', () => {
  /** A valid form for each command, so that only the state decides. */
  const forms: Record<string, Record<string, unknown>> = {
    modifyPrice: { AdjustFen: -100, FreightFen: 0 },
    changeAddress: { Address: { ...ADDRESS, Detail: '新地址 9 号' } },
    remark: { Remark: '加急' },
    ship: { Carrier: 'ZTO', TrackingNo: '73100000000001' },
    close: { Reason: '买家要求' },
  };
  const legal: Record<string, readonly OrderState[]> = {
    modifyPrice: ['toPay'],
    changeAddress: ['toPay', 'toShip'],
    remark: ORDER_STATES,
    ship: ['toShip'],
    close: ['toPay'],
  };
  const cases = Object.keys(forms).flatMap((action) =>
    ORDER_STATES.map((state) => [action, state, legal[action]!.includes(state)] as const),
  );

  it.each(cases)('%s on an order %s: legal %s', async (action, state, isLegal) => {
    const sku = await freshSku();
    const order = await placeOrder(server, key, sku, 1);
    const id = await orderId(server, order.OrderNo);
    // Put the order in the state under test; a paid state needs the payment recorded too.
    await server.query(
      sql`update orders set state = ${state}, paid_fen = case when ${state} = 'toPay' then 0 else total_fen end
           where id = ${id}`,
    );
    const before = await orderRow(server, id);
    const response = await command({ Action: action, Id: id, Version: before.version, ...forms[action] });
    if (isLegal) {
      expect(response.body.Errmsg).toBe('');
      expect(response.body.Version).toBe(before.version + 1);
    } else {
      expectError(response, new RegExp(`^Order ${order.OrderNo} cannot be .+: it is `));
      expect(await orderRow(server, id)).toEqual(before);
    }
  });

  const refundForms: Record<string, Record<string, unknown>> = {
    approveRefund: { AmountFen: 1 },
    rejectRefund: { Reason: '已发货' },
    markRefunded: {},
  };
  const refundLegal: Record<string, string> = {
    approveRefund: 'requested',
    rejectRefund: 'requested',
    markRefunded: 'approved',
  };
  const refundCases = Object.keys(refundForms).flatMap((action) =>
    REFUND_STATES.map((state) => [action, state, refundLegal[action] === state] as const),
  );

  it.each(refundCases)('%s with the refund %s: legal %s', async (action, refundState, isLegal) => {
    const sku = await freshSku();
    const order = await paidOrder(sku);
    if (refundState !== 'none') {
      await storefront(server, key, storefrontApi.applyRefund, {
        OrderNo: order.OrderNo,
        BuyerId: BUYER.Id,
        AmountFen: 1,
        Reason: '不想要了',
      });
      if (refundState !== 'requested') {
        await server.query(sql`update order_refunds set state = ${refundState === 'approved' ? 'approved' : refundState},
            amount_fen = 1 where order_id = ${order.Id}`);
        await server.query(sql`update orders set refund_state = ${refundState} where id = ${order.Id}`);
      }
    }
    const before = await orderRow(server, order.Id);
    const response = await command({
      Action: action,
      Id: order.Id,
      Version: before.version,
      ...refundForms[action],
    });
    if (isLegal) expect(response.body.Errmsg).toBe('');
    else expectError(response, new RegExp(`^Order ${order.OrderNo} cannot be .+: it is `));
  });
});

describe('operator commands', () => {
  it('ships an order, logs it and audits it; a stale version is refused', async () => {
    const sku = await freshSku();
    const order = await paidOrder(sku);
    const stale = await command({
      Action: 'ship',
      Id: order.Id,
      Version: 1,
      Carrier: 'ZTO',
      TrackingNo: '73100000000002',
    });
    expectError(stale, /changed by someone else/);
    expect(stale.body).toMatchObject({ Errors: [{ Field: 'Version' }], ErrShowType: 1 });
    const noNumber = await command({
      Action: 'ship',
      Id: order.Id,
      Version: await version(order.Id),
      Carrier: 'ZTO',
    });
    expectError(noNumber, 'The tracking number is required');
    const shipped = await command({
      Action: 'ship',
      Id: order.Id,
      Version: await version(order.Id),
      Carrier: 'ZTO',
      TrackingNo: '73100000000002',
    });
    expect(shipped.body).toMatchObject({ Errcode: 0, State: 'shipped' });
    expect(await logActions(order.Id)).toEqual(['buyer:create', 'buyer:pay', 'operator:ship']);
    const [audited] = await server.query<{ action: string; target: string }>(
      sql`select action, target from audit_log where target = ${`order:${order.Id}`}`,
    );
    expect(audited).toEqual({ action: 'order.ship', target: `order:${order.Id}` });
    const buyerView = await storefront(server, key, storefrontApi.getOrder, {
      orderNo: order.OrderNo,
      buyerId: BUYER.Id,
    });
    expect(buyerView.body.Order.Shipments).toEqual([
      expect.objectContaining({ Carrier: 'ZTO', TrackingNo: '73100000000002' }),
    ]);
  });

  it('lets one of two operators shipping the same order at once win; the other hears it is shipped', async () => {
    const sku = await freshSku();
    const order = await paidOrder(sku);
    const current = await version(order.Id);
    const other = await server.login('editor');
    const [first, second] = await Promise.all([
      command({
        Action: 'ship',
        Id: order.Id,
        Version: current,
        Carrier: 'ZTO',
        TrackingNo: '73100000000003',
      }),
      command(
        { Action: 'ship', Id: order.Id, Version: current, Carrier: 'SF', TrackingNo: 'SF1000000000003' },
        other,
      ),
    ]);
    const results = [first.body, second.body];
    expect(results.filter((body) => body.Errcode === 0)).toHaveLength(1);
    const loser = results.find((body) => body.Errcode === -1)!;
    expect(loser.Errmsg).toBe(`Order ${order.OrderNo} cannot be shipped: it is shipped`);
    const shipments = await server.query(sql`select id from order_shipments where order_id = ${order.Id}`);
    expect(shipments).toHaveLength(1);
  });

  it('ships lines in parcels: the order waits until the last line leaves', async () => {
    const first = await freshSku();
    const second = await freshSku();
    const order = await placeOrder(server, key, first, 1, {
      Lines: [
        { SkuId: first.skuId, Quantity: 1 },
        { SkuId: second.skuId, Quantity: 2 },
      ],
    });
    const id = await orderId(server, order.OrderNo);
    await storefront(server, key, storefrontApi.payOrder, {
      OrderNo: order.OrderNo,
      BuyerId: BUYER.Id,
      PaymentMethod: 'wechat',
      AmountFen: order.TotalFen,
    });
    const lines = await server.query<{ id: number }>(
      sql`select id from order_lines where order_id = ${id} order by position`,
    );
    const part = await command({
      Action: 'ship',
      Id: id,
      Version: await version(id),
      Carrier: 'YTO',
      TrackingNo: 'YT0000000001',
      LineIds: [lines[0]!.id],
    });
    expect(part.body).toMatchObject({ Errcode: 0, State: 'toShip' });
    const again = await command({
      Action: 'ship',
      Id: id,
      Version: await version(id),
      Carrier: 'YTO',
      TrackingNo: 'YT0000000002',
      LineIds: [lines[0]!.id],
    });
    expectError(again, `Line ${lines[0]!.id} is not a line of this order waiting to ship`);
    const address = await command({
      Action: 'changeAddress',
      Id: id,
      Version: await version(id),
      Address: ADDRESS,
    });
    expectError(address, /has shipped; its address can no longer change/);
    const rest = await command({
      Action: 'ship',
      Id: id,
      Version: await version(id),
      Carrier: 'YTO',
      TrackingNo: 'YT0000000003',
    });
    expect(rest.body).toMatchObject({ Errcode: 0, State: 'shipped' });
    expect(await logActions(id)).toEqual(['buyer:create', 'buyer:pay', 'operator:shipPart', 'operator:ship']);
  });

  it('reprices an unpaid order; the buyer then pays the new total', async () => {
    const sku = await freshSku();
    const order = await placeOrder(server, key, sku, 1);
    const id = await orderId(server, order.OrderNo);
    const tooLow = await command({
      Action: 'modifyPrice',
      Id: id,
      Version: await version(id),
      AdjustFen: -sku.priceFen,
      FreightFen: 0,
    });
    expectError(tooLow, 'The new price must leave the order at 0.01 yuan or more');
    const repriced = await command({
      Action: 'modifyPrice',
      Id: id,
      Version: await version(id),
      AdjustFen: -100,
      FreightFen: 500,
      Reason: '老客户优惠',
    });
    expect(repriced.body.Errmsg).toBe('');
    // The buyer is a member: the grade discount stays, the adjustment and the new freight apply on top.
    const total = order.TotalFen - order.FreightFen - 100 + 500;
    expect((await orderRow(server, id)).total_fen).toBe(total);
    const old = await storefront(server, key, storefrontApi.payOrder, {
      OrderNo: order.OrderNo,
      BuyerId: BUYER.Id,
      PaymentMethod: 'wechat',
      AmountFen: order.TotalFen,
    });
    expectError(old, /does not match the order total/);
    const paid = await storefront(server, key, storefrontApi.payOrder, {
      OrderNo: order.OrderNo,
      BuyerId: BUYER.Id,
      PaymentMethod: 'wechat',
      AmountFen: total,
    });
    expect(paid.body.Order.PaidFen).toBe(total);
  });

  it('closes an unpaid order with a reason and puts its stock back', async () => {
    const sku = await freshSku(10);
    const order = await placeOrder(server, key, sku, 4);
    const id = await orderId(server, order.OrderNo);
    expect(await skuStock(server, sku.skuId)).toBe(6);
    const noReason = await command({ Action: 'close', Id: id, Version: await version(id), Reason: '' });
    expectError(noReason, 'Reason: is required');
    const closed = await command({ Action: 'close', Id: id, Version: await version(id), Reason: '重复下单' });
    expect(closed.body.State).toBe('closed');
    expect(await skuStock(server, sku.skuId)).toBe(10);
    const detail = await server.call(orders.getOrderInfo, { id }, { token });
    expect(detail.body.CloseReason).toBe('重复下单');
    expect(detail.body.Commands).toEqual(['remark']);
  });

  it('verifies a pickup code only when it matches', async () => {
    const [row] = await server.query<{ version: number }>(
      sql`select version from order_delivery_settings where site_id = ${MALL_SITE}`,
    );
    await server.call(
      orders.setDeliverySetting,
      {
        Express: { Enabled: true },
        SameCity: { Enabled: false, FeeFen: 0, MinOrderFen: 0, RangeKm: 5, Latitude: null, Longitude: null },
        Pickup: { Enabled: true, Points: [{ Name: '门店', Address: '深圳市南山区', Phone: '0755-1' }] },
        Version: row?.version ?? 0,
      },
      { token },
    );
    const sku = await freshSku();
    const order = await paidOrder(sku, 1, { DeliveryType: 'pickup', PickupPoint: 0, Address: undefined });
    const code = (await orderRow(server, order.Id)).pickup_code!;
    const wrong = await command({
      Action: 'verifyPickup',
      Id: order.Id,
      Version: await version(order.Id),
      Code: code === '12345678' ? '87654321' : '12345678',
    });
    expectError(wrong, 'The pickup code does not match this order');
    const ship = await command({
      Action: 'ship',
      Id: order.Id,
      Version: await version(order.Id),
      Carrier: 'ZTO',
      TrackingNo: '7300000001',
    });
    expectError(ship, /is not delivered by express or same-city delivery/);
    const verified = await command({
      Action: 'verifyPickup',
      Id: order.Id,
      Version: await version(order.Id),
      Code: code,
    });
    expect(verified.body.State).toBe('received');
    const [audited] = await server.query<{ summary: { form: Record<string, unknown> } }>(
      sql`select summary from audit_log where target = ${`order:${order.Id}`} and action = 'order.verifyPickup'`,
    );
    expect(audited!.summary.form).not.toHaveProperty('Code');
  });

  it('refunds in full: the order closes, unshipped stock returns and the goods stop counting as sold', async () => {
    const sku = await freshSku(10);
    const [before] = await server.query<{ sold_count: number }>(
      sql`select sold_count from products where id = ${sku.productId}`,
    );
    const order = await paidOrder(sku, 3);
    expect(await skuStock(server, sku.skuId)).toBe(7);
    await storefront(server, key, storefrontApi.applyRefund, {
      OrderNo: order.OrderNo,
      BuyerId: BUYER.Id,
      AmountFen: order.TotalFen,
      Reason: '不想要了',
    });
    const ship = await command({
      Action: 'ship',
      Id: order.Id,
      Version: await version(order.Id),
      Carrier: 'ZTO',
      TrackingNo: '7300000002',
    });
    expectError(ship, /has a refund waiting/);
    const tooMuch = await command({
      Action: 'approveRefund',
      Id: order.Id,
      Version: await version(order.Id),
      AmountFen: order.TotalFen + 1,
    });
    expectError(tooMuch, `At most ${order.TotalFen} fen can be refunded`);
    const approved = await command({
      Action: 'approveRefund',
      Id: order.Id,
      Version: await version(order.Id),
      AmountFen: order.TotalFen,
      Reason: '同意',
    });
    expect(approved.body).toMatchObject({ State: 'toShip', RefundState: 'approved' });
    const done = await command({ Action: 'markRefunded', Id: order.Id, Version: await version(order.Id) });
    expect(done.body).toMatchObject({ State: 'closed', RefundState: 'refunded' });
    expect(await skuStock(server, sku.skuId)).toBe(10);
    const [after] = await server.query<{ sold_count: number }>(
      sql`select sold_count from products where id = ${sku.productId}`,
    );
    expect(after!.sold_count).toBe(before!.sold_count);
    expect((await orderRow(server, order.Id)).refunded_fen).toBe(order.TotalFen);
    expect(await logActions(order.Id)).toEqual([
      'buyer:create',
      'buyer:pay',
      'buyer:apply',
      'operator:approveRefund',
      'operator:markRefunded',
      'operator:refundClose',
    ]);
  });

  it('rejects a refund with a reason; the order then ships', async () => {
    const sku = await freshSku();
    const order = await paidOrder(sku);
    await storefront(server, key, storefrontApi.applyRefund, {
      OrderNo: order.OrderNo,
      BuyerId: BUYER.Id,
      AmountFen: 1,
      Reason: '试试',
    });
    const rejected = await command({
      Action: 'rejectRefund',
      Id: order.Id,
      Version: await version(order.Id),
      Reason: '已打包',
    });
    expect(rejected.body.RefundState).toBe('rejected');
    const shipped = await command({
      Action: 'ship',
      Id: order.Id,
      Version: await version(order.Id),
      Carrier: 'SF',
      TrackingNo: 'SF1000000000009',
    });
    expect(shipped.body.State).toBe('shipped');
    const detail = await server.call(orders.getOrderInfo, { id: order.Id }, { token });
    expect(detail.body.Refunds).toEqual([
      expect.objectContaining({ State: 'rejected', Reply: '已打包', RequestedFen: 1 }),
    ]);
  });

  it('refuses commands from accounts without the order menus', async () => {
    const sku = await freshSku();
    const order = await paidOrder(sku);
    await server.query(sql`delete from grants where account_id = (select id from accounts where user_name = 'editor')
      and menu_id in (select id from menus where path like '/order%')`);
    const editor = await server.login('editor');
    const response = await command(
      { Action: 'remark', Id: order.Id, Version: await version(order.Id), Remark: 'x' },
      editor,
    );
    expect(response.status).toBe(403);
  });
});

describe('bulk shipping from Excel', () => {
  async function workbook(rows: (string | number)[][]): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('发货');
    sheet.addRow(['订单号', '快递单号', '快递公司']);
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  async function upload(bytes: Buffer, fields: Record<string, string> = {}) {
    const body = multipartBody(
      { filename: 'ship.xlsx', contentType: 'application/octet-stream', bytes },
      fields,
    );
    const raw = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}${orders.importShipments.path}`,
      headers: { authorization: `Bearer ${token}`, ...body.headers },
      payload: body.payload,
    });
    return raw.json();
  }

  it('ships each valid row and explains every other', async () => {
    const first = await paidOrder(await freshSku());
    const second = await paidOrder(await freshSku());
    const unpaid = await placeOrder(server, key, await freshSku(), 1);
    const bytes = await workbook([
      [first.OrderNo, '73100000000100', ''],
      [second.OrderNo, 'SF1000000000100', '顺丰速运'],
      ['20990101999999', '73100000000101', ''],
      [unpaid.OrderNo, '73100000000102', ''],
      [first.OrderNo, '73100000000103', ''],
      [second.OrderNo.slice(0, 4), '!!', ''],
      ['20990101888888', '73100000000104', '鸽子快递'],
    ]);
    const result = await upload(bytes, { Carrier: 'ZTO' });
    expect(result.Errmsg).toBe('');
    expect(result).toMatchObject({ Total: 7, Shipped: 2, Failed: 5 });
    expect(
      result.Rows.map((row: { Row: number; Ok: boolean; Message: string }) => [row.Row, row.Ok, row.Message]),
    ).toEqual([
      [2, true, ''],
      [3, true, ''],
      [4, false, 'Order 20990101999999 does not exist'],
      [5, false, `Order ${unpaid.OrderNo} cannot be shipped: it is waiting for payment`],
      [6, false, `Order ${first.OrderNo} appears more than once in the file`],
      [7, false, 'The tracking number must be 4 to 32 letters, digits or dashes'],
      [8, false, 'Unknown carrier “鸽子快递”'],
    ]);
    const shipments = await server.query<{ carrier: string; tracking_no: string }>(
      sql`select carrier, tracking_no from order_shipments where order_id in (${first.Id}, ${second.Id}) order by order_id`,
    );
    expect(shipments).toEqual([
      { carrier: 'ZTO', tracking_no: '73100000000100' },
      { carrier: 'SF', tracking_no: 'SF1000000000100' },
    ]);
  });

  it('refuses a file that is not a workbook and a sheet without rows', async () => {
    const notXlsx = await upload(Buffer.from('order,tracking\n1,2\n'));
    expect(notXlsx).toMatchObject({ Errcode: -1, Errmsg: 'The file is not an Excel workbook (.xlsx)' });
    const empty = await upload(await workbook([]));
    expect(empty).toMatchObject({ Errcode: -1, Errmsg: 'The sheet has no rows below its header' });
    const badCarrier = await upload(await workbook([['1', '73100000000001']]), { Carrier: 'pigeon' });
    expect(badCarrier.Errcode).toBe(-1);
    expect(badCarrier.Errmsg).toMatch(/Carrier: must be one of/);
  });

  it('offers a template with the three column headers', async () => {
    const raw = await server.app.inject({
      method: 'GET',
      url: `${API_BASE}${orders.getShipImportTemplate.path}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(raw.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await buffer(raw.stream())) as unknown as ArrayBuffer);
    const header = book.worksheets[0]!.getRow(1);
    expect([1, 2, 3].map((column) => header.getCell(column).text)).toEqual([
      'Order number',
      'Tracking number',
      'Carrier',
    ]);
  });
});
