import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as orders from '../../contract/endpoints/orders';
import * as storefrontApi from '../../contract/endpoints/storefront';
import {
  autoConfirmOrders,
  closeUnpaidOrders,
  closeUnpaidRecharges,
  completeOrders,
  reviewOrders,
  runSweeps,
} from '../../server/areas/order/sweeps';
import { TableUpkeep } from '../../server/db/table-upkeep';
import { startSweepTimer } from '../../server/jobs/sweep-timer';
import { startTestServer, type TestServer } from './harness';
import {
  BUYER,
  orderId,
  orderRow,
  placeOrder,
  prepareSku,
  SECOND_SITE,
  skuStock,
  storefront,
  storefrontKey,
  type TestSku,
} from './order-helpers';

/**
 * The sweeps run with a clock the test chooses, so "30 minutes later" needs no waiting. Orders are
 * placed in the second demo site; the assertions compare with what was due before each sweep, so
 * other sites' orders never confuse them.
 */

let server: TestServer;
let token: string;
let key: string;
let skip = 0;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('site2');
  key = await storefrontKey(server, token);
});
afterAll(() => server.close());

function freshSku(stock = 20): Promise<TestSku> {
  skip += 1;
  return prepareSku(server, SECOND_SITE, stock, { skip });
}

async function dueIds(condition: ReturnType<typeof sql>): Promise<number[]> {
  const rows = await server.query<{ id: number }>(sql`select id from orders where ${condition} order by id`);
  return rows.map((row) => row.id);
}

async function logCount(id: number, action: string): Promise<number> {
  const [row] = await server.query<{ count: number }>(
    sql`select count(*)::int as count from order_log where order_id = ${id} and action = ${action}`,
  );
  return row!.count;
}

async function pay(order: { OrderNo: string; TotalFen: number }) {
  const response = await storefront(server, key, storefrontApi.payOrder, {
    OrderNo: order.OrderNo,
    BuyerId: BUYER.Id,
    PaymentMethod: 'wechat',
    AmountFen: order.TotalFen,
  });
  expect(response.body.Errmsg).toBe('');
}

async function ship(id: number) {
  const { version } = await orderRow(server, id);
  const response = await server.call(
    orders.bindOrderState,
    { Action: 'ship', Id: id, Version: version, Carrier: 'ZTO', TrackingNo: `7310000${id}` },
    { token },
  );
  expect(response.body.Errmsg).toBe('');
}

describe('closing unpaid orders', () => {
  it('closes exactly the orders past their payment time, gives their stock back, and only once', async () => {
    const sku = await freshSku(10);
    const first = await placeOrder(server, key, sku, 2);
    const second = await placeOrder(server, key, sku, 3);
    const paidOne = await placeOrder(server, key, sku, 1);
    await pay(paidOne);
    const ids = [first, second].map((order) => order.OrderNo);
    const [firstId, secondId, paidId] = await Promise.all(
      [first, second, paidOne].map((order) => orderId(server, order.OrderNo)),
    );
    // The second order was placed with a longer payment time (a later due moment).
    await server.query(
      sql`update orders set pay_due_at = pay_due_at + interval '2 hours' where id = ${secondId}`,
    );
    expect(await skuStock(server, sku.skuId)).toBe(4);

    const at = new Date(Date.now() + 31 * MINUTE);
    const due = await dueIds(sql`state = 'toPay' and pay_due_at <= ${at.toISOString()}::timestamptz`);
    expect(due).toContain(firstId);
    expect(due).not.toContain(secondId);
    const closed = await closeUnpaidOrders(server.database.db, at);
    expect(closed).toBe(due.length);
    expect(await dueIds(sql`id in ${sql.raw(`(${due.join(',')})`)} and state = 'closed'`)).toEqual(due);
    expect((await orderRow(server, firstId!)).state).toBe('closed');
    expect((await orderRow(server, secondId!)).state).toBe('toPay');
    expect((await orderRow(server, paidId!)).state).toBe('toShip');
    expect(await skuStock(server, sku.skuId)).toBe(6);

    expect(await closeUnpaidOrders(server.database.db, at)).toBe(0);
    expect(await logCount(firstId!, 'expire')).toBe(1);
    expect(await skuStock(server, sku.skuId)).toBe(6);
    const buyerView = await storefront(server, key, storefrontApi.getOrder, {
      orderNo: ids[0],
      buyerId: BUYER.Id,
    });
    expect(buyerView.body.Order.State).toBe('closed');
    const [log] = await server.query<{ at: Date; due: Date }>(
      sql`select l.at, o.pay_due_at as due from order_log l join orders o on o.id = l.order_id
           where l.order_id = ${firstId} and l.action = 'expire'`,
    );
    expect(new Date(log!.at).getTime()).toBe(new Date(log!.due).getTime());
  });

  it('is safe when two instances sweep at the same moment', async () => {
    const sku = await freshSku(10);
    const placed = await Promise.all([1, 2, 3].map(() => placeOrder(server, key, sku, 1)));
    const ids = await Promise.all(placed.map((order) => orderId(server, order.OrderNo)));
    const at = new Date(Date.now() + 40 * MINUTE);
    await Promise.all([
      closeUnpaidOrders(server.database.db, at, 1),
      closeUnpaidOrders(server.database.db, at, 1),
    ]);
    for (const id of ids) {
      expect((await orderRow(server, id)).state).toBe('closed');
      expect(await logCount(id, 'expire')).toBe(1);
    }
    expect(await skuStock(server, sku.skuId)).toBe(10);
  });

  it('closes a paying buyer out once the time is up', async () => {
    const sku = await freshSku();
    const order = await placeOrder(server, key, sku, 1);
    const id = await orderId(server, order.OrderNo);
    await server.query(sql`update orders set pay_due_at = now() - interval '1 minute' where id = ${id}`);
    const late = await storefront(server, key, storefrontApi.payOrder, {
      OrderNo: order.OrderNo,
      BuyerId: BUYER.Id,
      PaymentMethod: 'wechat',
      AmountFen: order.TotalFen,
    });
    expect(late.body).toMatchObject({
      Errcode: -1,
      Errmsg: `Order ${order.OrderNo} was not paid in time and is closing`,
    });
  });
});

describe('confirming receipt and completing', () => {
  it('confirms shipped orders after the auto-confirm days, except while a refund waits', async () => {
    const sku = await freshSku();
    const plain = await placeOrder(server, key, sku, 1);
    const disputed = await placeOrder(server, key, sku, 1);
    await pay(plain);
    await pay(disputed);
    const plainId = await orderId(server, plain.OrderNo);
    const disputedId = await orderId(server, disputed.OrderNo);
    await ship(plainId);
    await ship(disputedId);
    await storefront(server, key, storefrontApi.applyRefund, {
      OrderNo: disputed.OrderNo,
      BuyerId: BUYER.Id,
      AmountFen: 1,
      Reason: '破损',
    });

    const early = new Date(Date.now() + 6 * DAY);
    const dueEarly = await dueIds(
      sql`state = 'shipped' and confirm_due_at <= ${early.toISOString()}::timestamptz and refund_state not in ('requested', 'approved')`,
    );
    expect(await autoConfirmOrders(server.database.db, early)).toBe(dueEarly.length);
    expect((await orderRow(server, plainId)).state).toBe('shipped');

    const later = new Date(Date.now() + 7 * DAY + MINUTE);
    const due = await dueIds(
      sql`state = 'shipped' and confirm_due_at <= ${later.toISOString()}::timestamptz and refund_state not in ('requested', 'approved')`,
    );
    expect(due).toContain(plainId);
    expect(due).not.toContain(disputedId);
    expect(await autoConfirmOrders(server.database.db, later)).toBe(due.length);
    expect((await orderRow(server, plainId)).state).toBe('received');
    expect((await orderRow(server, disputedId)).state).toBe('shipped');
    expect(await autoConfirmOrders(server.database.db, later)).toBe(0);
    expect(await logCount(plainId, 'autoConfirm')).toBe(1);

    // Completion: the after-sale window (7 days by default) runs from the moment receipt was confirmed.
    const [received] = await server.query<{ complete_due_at: Date; received_at: Date; confirm_due_at: Date }>(
      sql`select complete_due_at, received_at, confirm_due_at from orders where id = ${plainId}`,
    );
    expect(new Date(received!.received_at).getTime()).toBe(new Date(received!.confirm_due_at).getTime());
    expect(new Date(received!.complete_due_at).getTime() - new Date(received!.received_at).getTime()).toBe(
      7 * DAY,
    );
    const afterSale = new Date(new Date(received!.complete_due_at).getTime() + MINUTE);
    const dueDone = await dueIds(
      sql`state = 'received' and complete_due_at <= ${afterSale.toISOString()}::timestamptz and refund_state not in ('requested', 'approved')`,
    );
    expect(await completeOrders(server.database.db, afterSale)).toBe(dueDone.length);
    expect((await orderRow(server, plainId)).state).toBe('completed');
    expect(await completeOrders(server.database.db, afterSale)).toBe(0);
    expect(await logCount(plainId, 'complete')).toBe(1);
  });

  it('gives received goods one default good review, once', async () => {
    const sku = await freshSku();
    const order = await placeOrder(server, key, sku, 1);
    await pay(order);
    const id = await orderId(server, order.OrderNo);
    await ship(id);
    const received = await storefront(server, key, storefrontApi.confirmReceipt, {
      OrderNo: order.OrderNo,
      BuyerId: BUYER.Id,
    });
    expect(received.body.Order.State).toBe('received');
    const reviews = () =>
      server.query<{ buyer_name: string; score: number }>(
        sql`select buyer_name, score from product_comments where product_id = ${sku.productId} and content like '此用户%'`,
      );
    const before = (await reviews()).length;
    const at = new Date(Date.now() + 15 * DAY + MINUTE);
    await reviewOrders(server.database.db, at);
    await reviewOrders(server.database.db, at);
    const after = await reviews();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)).toEqual({ buyer_name: '张**', score: 5 });
  });

  it('runs every sweep in one call and reports what changed', async () => {
    const sku = await freshSku();
    await placeOrder(server, key, sku, 1);
    await storefront(server, key, storefrontApi.createRechargeOrder, {
      Kind: 'storedValue',
      Buyer: BUYER,
      AmountFen: 1000,
    });
    const at = new Date(Date.now() + 60 * DAY);
    const dueRecharges = await server.query(
      sql`select id from recharge_orders where state = 'toPay' and pay_due_at <= ${at.toISOString()}::timestamptz`,
    );
    const counts = await runSweeps(server.database.db, at);
    expect(counts.closedOrders).toBeGreaterThanOrEqual(1);
    expect(counts.closedRecharges).toBe(dueRecharges.length);
    expect(await runSweeps(server.database.db, at)).toEqual({
      closedOrders: 0,
      confirmedOrders: 0,
      completedOrders: 0,
      reviewedOrders: 0,
      closedRecharges: 0,
    });
    expect(await closeUnpaidRecharges(server.database.db, at)).toBe(0);
  });
});

describe('the sweep timer', () => {
  it('sweeps on its own every interval and stops cleanly; 0 means off', async () => {
    const sku = await freshSku();
    const order = await placeOrder(server, key, sku, 1);
    const id = await orderId(server, order.OrderNo);
    await server.query(sql`update orders set pay_due_at = now() - interval '1 minute' where id = ${id}`);
    const logged: object[] = [];
    const log = {
      info: (details: object) => logged.push(details),
      error: (details: object) => logged.push(details),
    };

    const off = startSweepTimer(server.database.db, 0, log);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await off.stop();
    expect((await orderRow(server, id)).state).toBe('toPay');

    const timer = startSweepTimer(server.database.db, 1, log);
    const deadline = Date.now() + 10_000;
    while ((await orderRow(server, id)).state !== 'closed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await timer.stop();
    expect((await orderRow(server, id)).state).toBe('closed');
    expect(logged[0]).toMatchObject({ order: { closedOrders: expect.any(Number) } });
  });

  it('vacuums and analyzes one table a sweep, round the whole schema', async () => {
    const upkeep = new TableUpkeep();
    const tables = await server.query<{ name: string }>(
      sql`select relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind in ('r', 'p') order by relname`,
    );
    const analyzed: (string | undefined)[] = [];
    for (const _ of tables) analyzed.push(await upkeep.vacuumNext(server.database.db));
    expect(analyzed).toEqual(tables.map((table) => table.name));
    // Round again from the first table.
    expect(await upkeep.vacuumNext(server.database.db)).toBe(tables[0]!.name);
    const [orders] = await server.query<{ vacuumed: boolean; analyzed: boolean; rows: number }>(
      sql`select last_vacuum is not null as vacuumed, last_analyze is not null as analyzed, c.reltuples::int as rows
            from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 'orders'`,
    );
    expect(orders!.vacuumed).toBe(true);
    expect(orders!.analyzed).toBe(true);
    expect(orders!.rows).toBeGreaterThan(0);

    // The timer refreshes after its sweeps when given the statistics, and logs a failure.
    const logged: object[] = [];
    const log = { info: () => undefined, error: (details: object) => logged.push(details) };
    const failing = {
      vacuumNext: () => Promise.reject(new Error('no analyze')),
    } as unknown as TableUpkeep;
    const timer = startSweepTimer(server.database.db, 60, log, failing);
    const deadline = Date.now() + 10_000;
    while (logged.length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await timer.stop();
    expect(logged[0]).toMatchObject({ err: { message: 'no analyze' } });
  });
});
