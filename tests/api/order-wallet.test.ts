import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as orders from '../../contract/endpoints/orders';
import * as storefrontApi from '../../contract/endpoints/storefront';
import { getBuyerWallet } from '../../contract/endpoints/wallet';
import { completeOrders } from '../../server/areas/order/sweeps';
import { startTestServer, type TestServer } from './harness';
import {
  ADDRESS,
  expectError,
  MALL_SITE,
  orderId,
  orderRow,
  prepareSku,
  SECOND_SITE,
  setMallParameters,
  storefront,
  storefrontKey,
  type TestSku,
} from './order-helpers';

/**
 * Buyers' wallets: stored value from recharges spent on orders paid by balance, points granted
 * at payment or completion and taken back on refunds, each change a ledger row.
 */

let server: TestServer;
let token: string;
let key: string;
/** Every goods of these tests costs this much, shipped free. */
const PRICE_FEN = 3000;
let sku: TestSku;

/** Points at payment, two per yuan, unless a test says otherwise. */
const POINTS = { PointsGrant: 'payment', PointsPerYuan: 2 };

function setParameters(changes: Record<string, unknown>) {
  return setMallParameters(server, token, { ...POINTS, ...changes });
}

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin');
  key = await storefrontKey(server, token);
  await setParameters({});
  // These cases are recharges without a bonus; tests/api/stored-value.test.ts covers the rules.
  await server.query(sql`delete from recharge_rules`);
  sku = await prepareSku(server, MALL_SITE, 500, { skip: 7 });
  await server.query(sql`update skus set price_fen = ${PRICE_FEN} where id = ${sku.skuId}`);
});
afterAll(() => server.close());

let buyerCount = 0;
/** A buyer of its own for each test, so wallets never mix. */
function newBuyer() {
  buyerCount += 1;
  return { Id: `wallet-buyer-${buyerCount}`, Name: '钱包测试', Phone: '13800000009' };
}
type Buyer = ReturnType<typeof newBuyer>;

async function wallet(buyer: Buyer) {
  const response = await server.call(getBuyerWallet, { buyerId: buyer.Id }, { token });
  expect(response.body.Errmsg).toBe('');
  return response.body.Data;
}

async function topUp(buyer: Buyer, amountFen: number) {
  const created = await storefront(server, key, storefrontApi.createRechargeOrder, {
    Kind: 'storedValue',
    Buyer: buyer,
    AmountFen: amountFen,
  });
  expect(created.body.Errmsg).toBe('');
  const paid = await storefront(server, key, storefrontApi.payRechargeOrder, {
    OrderNo: created.body.Order.OrderNo,
    BuyerId: buyer.Id,
    PaymentMethod: 'wechat',
    AmountFen: amountFen,
  });
  expect(paid.body.Order.State).toBe('completed');
  return created.body.Order.OrderNo;
}

async function rechargeRow(orderNo: string) {
  const list = await server.call(orders.getRechargeOrders, { keyword: orderNo }, { token });
  return list.body.Data[0]!;
}

function refundRecharge(row: { Id: number; Version: number }) {
  return server.call(
    orders.bindRechargeOrderState,
    { Action: 'refund', Id: row.Id, Version: row.Version, Reason: '误充' },
    { token },
  );
}

async function place(buyer: Buyer, quantity = 1) {
  const response = await storefront(server, key, storefrontApi.createOrder, {
    Buyer: buyer,
    DeliveryType: 'express',
    Address: ADDRESS,
    Lines: [{ SkuId: sku.skuId, Quantity: quantity }],
  });
  expect(response.body.Errmsg).toBe('');
  return response.body.Order;
}

function pay(buyer: Buyer, order: { OrderNo: string; TotalFen: number }, method = 'balance') {
  return storefront(server, key, storefrontApi.payOrder, {
    OrderNo: order.OrderNo,
    BuyerId: buyer.Id,
    PaymentMethod: method,
    AmountFen: order.TotalFen,
  });
}

async function command(orderNo: string, input: Record<string, unknown>) {
  const id = await orderId(server, orderNo);
  const { version } = await orderRow(server, id);
  const response = await server.call(
    orders.bindOrderState,
    { Id: id, Version: version, ...input },
    { token },
  );
  expect(response.body.Errmsg).toBe('');
}

/** The buyer asks for `amountFen` back, the operator approves it and marks it refunded. */
async function refund(buyer: Buyer, orderNo: string, amountFen: number) {
  const asked = await storefront(server, key, storefrontApi.applyRefund, {
    OrderNo: orderNo,
    BuyerId: buyer.Id,
    AmountFen: amountFen,
    Reason: '不想要了',
  });
  expect(asked.body.Errmsg).toBe('');
  await command(orderNo, { Action: 'approveRefund', AmountFen: amountFen });
  await command(orderNo, { Action: 'markRefunded' });
}

describe('stored value', () => {
  it('credits a paid stored-value recharge with a ledger row, seen by the operator and the buyer', async () => {
    const buyer = newBuyer();
    const orderNo = await topUp(buyer, 30_000);
    const seen = await wallet(buyer);
    expect(seen).toMatchObject({ BuyerId: buyer.Id, BalanceFen: 30_000, Points: 0 });
    expect(seen.Ledger).toEqual([
      expect.objectContaining({
        Currency: 'balance',
        Delta: 30_000,
        After: 30_000,
        Reason: 'recharge',
        OrderNo: orderNo,
        Actor: 'buyer',
      }),
    ]);
    const own = await storefront(server, key, storefrontApi.getWallet, { buyerId: buyer.Id });
    expect(own.body.Wallet).toEqual(seen);
  });

  it('refuses to refund a recharge the buyer has spent from, and takes back one still unspent', async () => {
    const buyer = newBuyer();
    const first = await topUp(buyer, 5_000);
    expect((await pay(buyer, await place(buyer))).body.Order.State).toBe('toShip');
    const spent = await refundRecharge(await rechargeRow(first));
    expectError(spent, `Recharge ${first} cannot be refunded: the buyer has spent part of it`);
    expect(spent.body).toMatchObject({ Errors: [{ Field: 'Action' }] });
    expect((await rechargeRow(first)).State).toBe('completed');
    expect((await wallet(buyer)).BalanceFen).toBe(2_000);

    const second = await topUp(buyer, 10_000);
    const refunded = await refundRecharge(await rechargeRow(second));
    expect(refunded.body.State).toBe('refunded');
    const after = await wallet(buyer);
    expect(after.BalanceFen).toBe(2_000);
    expect(after.Ledger[0]).toMatchObject({
      Delta: -10_000,
      After: 2_000,
      Reason: 'recharge_refund',
      OrderNo: second,
      Actor: 'operator',
      ActorName: 'admin',
    });
  });

  it('refuses to recharge stored value with balance', async () => {
    const buyer = newBuyer();
    const created = await storefront(server, key, storefrontApi.createRechargeOrder, {
      Kind: 'storedValue',
      Buyer: buyer,
      AmountFen: 1_000,
    });
    const paid = await storefront(server, key, storefrontApi.payRechargeOrder, {
      OrderNo: created.body.Order.OrderNo,
      BuyerId: buyer.Id,
      PaymentMethod: 'balance',
      AmountFen: 1_000,
    });
    expectError(paid, 'Stored value cannot be recharged with balance');
    expect(paid.body).toMatchObject({ Errors: [{ Field: 'PaymentMethod' }] });
  });

  it('pays a data top-up by balance and gives it back when the top-up is refunded', async () => {
    const buyer = newBuyer();
    await topUp(buyer, 3_000);
    const created = await storefront(server, key, storefrontApi.createRechargeOrder, {
      Kind: 'data',
      Buyer: buyer,
      PackageCode: 'D3G',
      Phone: '13900000001',
    });
    const orderNo = created.body.Order.OrderNo;
    const paid = await storefront(server, key, storefrontApi.payRechargeOrder, {
      OrderNo: orderNo,
      BuyerId: buyer.Id,
      PaymentMethod: 'balance',
      AmountFen: created.body.Order.AmountFen,
    });
    expect(paid.body.Order.State).toBe('paid');
    expect((await wallet(buyer)).BalanceFen).toBe(3_000 - created.body.Order.AmountFen);
    expect((await refundRecharge(await rechargeRow(orderNo))).body.State).toBe('refunded');
    const seen = await wallet(buyer);
    expect(seen.BalanceFen).toBe(3_000);
    expect(seen.Ledger.map((row) => [row.Reason, row.Delta])).toEqual([
      ['order_refund', created.body.Order.AmountFen],
      ['order_payment', -created.body.Order.AmountFen],
      ['recharge', 3_000],
    ]);
  });

  it('pays by balance, refuses a shortfall naming it and leaves that order unpaid', async () => {
    const buyer = newBuyer();
    await topUp(buyer, 5_000);
    const first = await place(buyer);
    const paid = await pay(buyer, first);
    expect(paid.body.Order).toMatchObject({ State: 'toShip', PaidFen: PRICE_FEN });
    const second = await place(buyer);
    const short = await pay(buyer, second);
    expectError(short, 'Not enough balance: 2000 fen left, 3000 fen needed');
    expect(short.body).toMatchObject({ Errors: [{ Field: 'PaymentMethod' }] });
    const chinese = await storefront(
      server,
      key,
      storefrontApi.payOrder,
      { OrderNo: second.OrderNo, BuyerId: buyer.Id, PaymentMethod: 'balance', AmountFen: PRICE_FEN },
      'zh',
    );
    expectError(chinese, '余额不足：剩余 2000 分，需要 3000 分');
    const unpaid = await storefront(server, key, storefrontApi.getOrder, {
      orderNo: second.OrderNo,
      buyerId: buyer.Id,
    });
    expect(unpaid.body.Order).toMatchObject({ State: 'toPay', PaidFen: 0 });
    const seen = await wallet(buyer);
    expect(seen.BalanceFen).toBe(2_000);
    expect(seen.Ledger.filter((row) => row.Currency === 'balance')[0]).toMatchObject({
      Delta: -PRICE_FEN,
      After: 2_000,
      Reason: 'order_payment',
      OrderNo: first.OrderNo,
    });
    // Paid another way, the order does not touch the balance.
    expect((await pay(buyer, second, 'wechat')).body.Order.State).toBe('toShip');
    expect((await wallet(buyer)).BalanceFen).toBe(2_000);
  });

  it('credits the refunded part of a balance-paid order back', async () => {
    const buyer = newBuyer();
    await topUp(buyer, 3_000);
    const order = await place(buyer);
    await pay(buyer, order);
    await refund(buyer, order.OrderNo, 1_000);
    const seen = await wallet(buyer);
    expect(seen.BalanceFen).toBe(1_000);
    expect(seen.Ledger.find((row) => row.Reason === 'order_refund')).toMatchObject({
      Currency: 'balance',
      Delta: 1_000,
      After: 1_000,
      OrderNo: order.OrderNo,
      Actor: 'operator',
    });
  });
});

describe('points', () => {
  const grants = async (orderNo: string) =>
    server.query<{ delta: number }>(
      sql`select delta from wallet_ledger where order_no = ${orderNo} and reason = 'points_grant'`,
    );

  it('grants points at payment and takes them back in proportion to partial refunds, never below zero', async () => {
    await setParameters({ PointsGrant: 'payment', PointsPerYuan: 2 });
    const buyer = newBuyer();
    const order = await place(buyer);
    await pay(buyer, order, 'wechat');
    expect((await wallet(buyer)).Points).toBe(60);

    await refund(buyer, order.OrderNo, 1_000);
    const partly = await wallet(buyer);
    expect(partly.Points).toBe(40);
    expect(partly.Ledger[0]).toMatchObject({
      Currency: 'points',
      Delta: -20,
      After: 40,
      Reason: 'points_reversal',
      OrderNo: order.OrderNo,
    });

    // The buyer spent most of the points meanwhile: the rest of the refund takes what is left.
    await server.query(
      sql`update buyer_wallets set points = 5 where site_id = ${MALL_SITE} and buyer_id = ${buyer.Id}`,
    );
    await refund(buyer, order.OrderNo, 2_000);
    const emptied = await wallet(buyer);
    expect(emptied.Points).toBe(0);
    expect(emptied.Ledger[0]).toMatchObject({ Delta: -5, After: 0, Reason: 'points_reversal' });
  });

  it('grants at completion once, however often the sweep runs, and never on top of a grant at payment', async () => {
    await setParameters({ PointsGrant: 'completion', PointsPerYuan: 3 });
    const buyer = newBuyer();
    const atCompletion = await place(buyer);
    await pay(buyer, atCompletion, 'alipay');
    expect((await wallet(buyer)).Points).toBe(0);

    await setParameters({ PointsGrant: 'payment', PointsPerYuan: 3 });
    const atPayment = await place(buyer);
    await pay(buyer, atPayment, 'alipay');
    expect((await wallet(buyer)).Points).toBe(90);
    await setParameters({ PointsGrant: 'completion', PointsPerYuan: 3 });

    for (const order of [atCompletion, atPayment]) {
      await command(order.OrderNo, { Action: 'ship', Carrier: 'SF', TrackingNo: 'SF1000000000123' });
      const received = await storefront(server, key, storefrontApi.confirmReceipt, {
        OrderNo: order.OrderNo,
        BuyerId: buyer.Id,
      });
      expect(received.body.Order.State).toBe('received');
    }
    const afterSale = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
    await completeOrders(server.database.db, afterSale);
    await completeOrders(server.database.db, afterSale);
    expect(await grants(atCompletion.OrderNo)).toEqual([{ delta: 90 }]);
    expect(await grants(atPayment.OrderNo)).toEqual([{ delta: 90 }]);
    const seen = await wallet(buyer);
    expect(seen.Points).toBe(180);
    expect(seen.Ledger[0]).toMatchObject({
      Reason: 'points_grant',
      Actor: 'system',
      OrderNo: atCompletion.OrderNo,
    });
  });

  it('grants nothing while points are off', async () => {
    await setParameters({ PointsGrant: 'payment', PointsPerYuan: 0 });
    const buyer = newBuyer();
    await pay(buyer, await place(buyer), 'wechat');
    expect(await wallet(buyer)).toMatchObject({ Points: 0, Ledger: [] });
    await setParameters({});
  });
});

describe('wallet reads', () => {
  it.each([
    [{}, 'buyerId'],
    [{ buyerId: '' }, 'buyerId'],
    [{ buyerId: 'x'.repeat(65) }, 'buyerId'],
  ])('refuses %j naming the field', async (input, field) => {
    const response = await server.call(getBuyerWallet, input, { token });
    expectError(response, new RegExp(field));
    expect(response.body).toMatchObject({ Errors: [{ Field: field }] });
  });

  it('refuses a points rate out of range naming the field', async () => {
    const response = await server.call(
      orders.setParameterSetting,
      { ...orders.DEFAULT_PARAMETER_SETTING, PointsPerYuan: -1, Version: 99 },
      { token },
    );
    expectError(response, 'PointsPerYuan');
  });

  it('needs the order details permission and a storefront key', async () => {
    expect((await server.call(getBuyerWallet, { buyerId: 'anyone' }, { token: null })).status).toBe(401);
    const noKey = await server.call(storefrontApi.getWallet, { buyerId: 'anyone' });
    expect(noKey.status).toBe(401);
  });

  it("keeps each shop's wallets to itself", async () => {
    const buyer = newBuyer();
    await topUp(buyer, 4_000);
    const otherToken = await server.login('site2');
    const otherKey = await storefrontKey(server, otherToken);
    const other = await server.call(getBuyerWallet, { buyerId: buyer.Id }, { token: otherToken });
    expect(other.body.Data).toEqual({ BuyerId: buyer.Id, BalanceFen: 0, Points: 0, Ledger: [] });
    const viaKey = await storefront(server, otherKey, storefrontApi.getWallet, { buyerId: buyer.Id });
    expect(viaKey.body.Wallet).toMatchObject({ BalanceFen: 0, Ledger: [] });
    const [row] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from wallet_ledger where site_id = ${SECOND_SITE} and buyer_id = ${buyer.Id}`,
    );
    expect(row!.count).toBe(0);
    expect((await wallet(buyer)).BalanceFen).toBe(4_000);
  });
});

describe('concurrency', () => {
  it('lets a balance enough for five orders pay exactly five of fifty paid at once', async () => {
    await setParameters({ PointsGrant: 'completion' });
    const buyer = newBuyer();
    await topUp(buyer, 5 * PRICE_FEN);
    const placed = [];
    for (let index = 0; index < 50; index += 1) placed.push(await place(buyer));
    const results = await Promise.all(placed.map((order) => pay(buyer, order)));
    const paid = results.filter((response) => response.body.Errcode === 0);
    expect(paid).toHaveLength(5);
    for (const response of results.filter((entry) => entry.body.Errcode !== 0)) {
      expect(response.body.Errmsg).toMatch(/Not enough balance|changed by someone else/);
    }
    const seen = await wallet(buyer);
    expect(seen.BalanceFen).toBe(0);
    const [ledger] = await server.query<{ total: number; lowest: number; payments: number }>(
      sql`select sum(delta)::int as total, min(after)::int as lowest,
                 (count(*) filter (where reason = 'order_payment'))::int as payments
            from wallet_ledger where site_id = ${MALL_SITE} and buyer_id = ${buyer.Id} and currency = 'balance'`,
    );
    expect(ledger).toEqual({ total: seen.BalanceFen, lowest: 0, payments: 5 });
    const [states] = await server.query<{ paid: number }>(
      sql`select (count(*) filter (where state = 'toShip'))::int as paid from orders
           where site_id = ${MALL_SITE} and buyer_id = ${buyer.Id}`,
    );
    expect(states!.paid).toBe(5);
    await setParameters({});
  });
});
