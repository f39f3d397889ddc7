import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as data from '../../contract/endpoints/data-recharge';
import * as orders from '../../contract/endpoints/orders';
import { getRechargeRecords } from '../../contract/endpoints/recharge-records';
import * as storefrontApi from '../../contract/endpoints/storefront';
import { type ApiResponse, startTestServer, type TestServer } from './harness';
import { BUYER, expectError, MALL_SITE, storefront, storefrontKey } from './order-helpers';

let server: TestServer;
let admin: string;
let key: string;
let products: data.DataProduct[];

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  key = await storefrontKey(server, admin);
  products = (await server.call(data.getDataProducts, {}, { token: admin })).body.Data;
});
afterAll(() => server.close());

function fieldOf(response: ApiResponse): string | undefined {
  return (response.body as { Errors?: Array<{ Field: string }> }).Errors?.[0]?.Field;
}

function product(carrier: data.DataCarrier, sizeMb: number): data.DataProduct {
  return products.find((entry) => entry.Carrier === carrier && entry.SizeMb === sizeMb)!;
}

async function newPackage(
  code: string,
  options: { stock?: number; priceFen?: number; enabled?: boolean } = {},
) {
  const saved = await server.call(
    data.saveDataPackage,
    {
      Code: code,
      ProductId: product('chinaMobile', 2048).Id,
      PriceFen: options.priceFen ?? 1_800,
      Enabled: options.enabled ?? true,
      Sort: 5,
    },
    { token: admin },
  );
  expect(saved.body.Errmsg).toBe('');
  if (options.stock)
    await server.call(
      data.buyDataStock,
      { PackageId: saved.body.Package.Id, Quantity: options.stock },
      { token: admin },
    );
  return saved.body.Package;
}

async function packageRow(id: number) {
  const [row] = await server.query<{ stock: number; sold: number }>(
    sql`select stock, sold from data_packages where id = ${id}`,
  );
  return row!;
}

function order(code: string, buyerId = BUYER.Id) {
  return storefront(server, key, storefrontApi.createRechargeOrder, {
    Kind: 'data',
    Buyer: { ...BUYER, Id: buyerId },
    PackageCode: code,
    Phone: '13900000001',
  });
}

function pay(orderNo: string, amountFen: number, buyerId = BUYER.Id) {
  return storefront(server, key, storefrontApi.payRechargeOrder, {
    OrderNo: orderNo,
    BuyerId: buyerId,
    PaymentMethod: 'wechat',
    AmountFen: amountFen,
  });
}

async function rechargeRow(orderNo: string) {
  return (await server.call(orders.getRechargeOrders, { keyword: orderNo }, { token: admin })).body.Data[0]!;
}

describe('the platform’s data products and the shop’s packages', () => {
  it('lists the products by carrier and size with the platform’s price', () => {
    expect(products.length).toBeGreaterThan(0);
    expect(product('chinaUnicom', 3072)).toMatchObject({ CostFen: 2100 });
    expect(new Set(products.map((entry) => entry.Carrier))).toEqual(new Set(data.DATA_CARRIERS));
  });

  it('lists the packages by carrier with counts, filtered by status and code', async () => {
    const all = (await server.call(data.getDataPackages, {}, { token: admin })).body;
    expect(all.Counts.all).toBe(all.Counts.chinaMobile! + all.Counts.chinaUnicom! + all.Counts.chinaTelecom!);
    expect(all.Data.map((row) => row.Sort)).toEqual(
      [...all.Data.map((row) => row.Sort)].sort((a, b) => b - a),
    );
    const unicom = (await server.call(data.getDataPackages, { carrier: 'chinaUnicom' }, { token: admin }))
      .body;
    expect(unicom.Data.every((row) => row.Carrier === 'chinaUnicom')).toBe(true);
    expect(unicom.Total).toBe(all.Counts.chinaUnicom);
    const off = (await server.call(data.getDataPackages, { status: 'off' }, { token: admin })).body.Data;
    expect(off.map((row) => row.Code)).toEqual(['CU-1G']);
    const d1g = (await server.call(data.getDataPackages, { keyword: 'd1g' }, { token: admin })).body.Data[0]!;
    expect(d1g).toMatchObject({
      Code: 'D1G',
      Carrier: 'chinaMobile',
      SizeMb: 1024,
      PriceFen: 1000,
      CostFen: 850,
    });
    expect(d1g.Stock + d1g.Sold).toBe(80);
    expect(fieldOf(await server.call(data.getDataPackages, { carrier: 'mobile' }, { token: admin }))).toBe(
      'carrier',
    );
  });

  it('creates a package and refuses a code another live package has, naming Code', async () => {
    const created = await newPackage('CM-2G');
    expect(created).toMatchObject({
      Code: 'CM-2G',
      Carrier: 'chinaMobile',
      SizeMb: 2048,
      Stock: 0,
      Enabled: true,
    });
    const taken = await server.call(
      data.saveDataPackage,
      { Code: 'CM-2G', ProductId: product('chinaTelecom', 1024).Id, PriceFen: 900, Enabled: true, Sort: 0 },
      { token: admin },
    );
    expectError(taken, /code CM-2G/);
    expect(fieldOf(taken)).toBe('Code');
  });

  it.each([
    ['Code', { Code: 'a' }],
    ['Code', { Code: 'CM 2G' }],
    ['Code', { Code: 'X'.repeat(17) }],
    ['ProductId', { ProductId: 999_999 }],
    ['PriceFen', { PriceFen: 0 }],
    ['PriceFen', { PriceFen: 1.5 }],
    ['Sort', { Sort: 10_000 }],
    ['Enabled', { Enabled: 'yes' }],
  ])('refuses a bad %s, naming it', async (field, change) => {
    const response = await server.call(
      data.saveDataPackage,
      {
        Code: 'OK-1',
        ProductId: product('chinaMobile', 1024).Id,
        PriceFen: 900,
        Enabled: true,
        Sort: 0,
        ...change,
      },
      { token: admin },
    );
    expectError(response);
    expect(fieldOf(response)).toBe(field);
  });

  it('saves with the version read, refuses a stale one, and keeps stock to its carrier and size', async () => {
    const created = await newPackage('CM-EDIT', { stock: 2 });
    const saved = await server.call(
      data.saveDataPackage,
      {
        Id: created.Id,
        Version: created.Version,
        Code: 'CM-EDIT',
        ProductId: created.ProductId,
        PriceFen: 1_990,
        Enabled: true,
        Sort: 8,
      },
      { token: admin },
    );
    expect(saved.body.Package).toMatchObject({
      PriceFen: 1_990,
      Sort: 8,
      Version: created.Version + 1,
      Stock: 2,
    });
    const stale = await server.call(
      data.saveDataPackage,
      {
        Id: created.Id,
        Version: created.Version,
        Code: 'CM-EDIT',
        ProductId: created.ProductId,
        PriceFen: 1,
        Enabled: true,
        Sort: 8,
      },
      { token: admin },
    );
    expect(stale.body).toMatchObject({ StaleVersion: true, CurrentVersion: created.Version + 1 });
    const moved = await server.call(
      data.saveDataPackage,
      {
        Id: created.Id,
        Version: created.Version + 1,
        Code: 'CM-EDIT',
        ProductId: product('chinaTelecom', 1024).Id,
        PriceFen: 1_990,
        Enabled: true,
        Sort: 8,
      },
      { token: admin },
    );
    expectError(moved, /2 units of stock/);
    expect(fieldOf(moved)).toBe('ProductId');
  });

  it('switches packages on and off, reporting only those that changed', async () => {
    const created = await newPackage('CM-SW');
    const off = await server.call(
      data.setDataPackageStatus,
      { Ids: [created.Id], Enabled: false },
      { token: admin },
    );
    expect(off.body.Changed).toEqual([created.Id]);
    const again = await server.call(
      data.setDataPackageStatus,
      { Ids: [created.Id], Enabled: false },
      { token: admin },
    );
    expect(again.body.Changed).toEqual([]);
    const missing = await server.call(
      data.setDataPackageStatus,
      { Ids: [999_999], Enabled: true },
      { token: admin },
    );
    expectError(missing, /not in this shop: 999999/);
    expect(fieldOf(missing)).toBe('Ids');
  });

  it('deletes packages without stock, refusing those with stock by code; a deleted code is free again', async () => {
    const stocked = await newPackage('CM-DEL1', { stock: 1 });
    const empty = await newPackage('CM-DEL2');
    const refused = await server.call(
      data.deleteDataPackages,
      { Ids: [stocked.Id, empty.Id] },
      { token: admin },
    );
    expectError(refused, /still have stock: CM-DEL1/);
    expect(fieldOf(refused)).toBe('Ids');
    const deleted = await server.call(data.deleteDataPackages, { Ids: [empty.Id] }, { token: admin });
    expect(deleted.body.Changed).toEqual([empty.Id]);
    expect(
      (await server.call(data.getDataPackages, { keyword: 'CM-DEL2' }, { token: admin })).body.Total,
    ).toBe(0);
    await newPackage('CM-DEL2');
  });
});

describe('stock bought from the platform', () => {
  it('grows when the purchase is paid (the sandbox pays at once), priced at the platform’s cost', async () => {
    const created = await newPackage('CM-BUY');
    const bought = await server.call(
      data.buyDataStock,
      { PackageId: created.Id, Quantity: 12 },
      { token: admin },
    );
    expect(bought.body.Purchase).toMatchObject({
      Kind: 'data',
      Quantity: 12,
      AmountFen: 12 * product('chinaMobile', 2048).CostFen,
      State: 'paid',
      ItemName: '中国移动 2GB (CM-BUY)',
    });
    expect(await packageRow(created.Id)).toEqual({ stock: 12, sold: 0 });
    const ledger = await server.query<{ delta: number; stock_after: number; reason: string }>(
      sql`select delta, stock_after, reason from data_stock_ledger where package_id = ${created.Id}`,
    );
    expect(ledger).toEqual([{ delta: 12, stock_after: 12, reason: 'purchase' }]);
    const listed = (
      await server.call(getRechargeRecords, { kind: 'data', keyword: 'CM-BUY' }, { token: admin })
    ).body;
    expect(listed.Data.map((row) => row.Id)).toEqual([bought.body.Purchase.Id]);
  });

  it.each([
    ['Quantity', { Quantity: 0 }],
    ['Quantity', { Quantity: 10_001 }],
    ['PackageId', { PackageId: 999_999 }],
  ])('refuses a bad %s, naming it', async (field, change) => {
    const [any] = await server.query<{ id: number }>(
      sql`select id from data_packages where site_id = ${MALL_SITE} and not deleted limit 1`,
    );
    const response = await server.call(
      data.buyDataStock,
      { PackageId: any!.id, Quantity: 1, ...change },
      { token: admin },
    );
    expectError(response);
    expect(fieldOf(response)).toBe(field);
  });
});

describe('members’ data top-ups buy the shop’s packages', () => {
  it('offers the storefront the packages on and in stock, by sort', async () => {
    const offered = (await storefront(server, key, data.storefrontGetDataPackages, {})).body.Data;
    const codes = offered.map((row) => row.Code);
    expect(codes).toContain('D1G');
    expect(codes).not.toContain('CU-1G');
    expect(codes).not.toContain('CM-SW');
    expect(offered.find((row) => row.Code === 'D3G')).toEqual({
      Code: 'D3G',
      Carrier: 'chinaUnicom',
      SizeMb: 3072,
      PriceFen: 2500,
    });
  });

  it('prices the order at the package, takes a unit when paid and gives it back when refunded undelivered', async () => {
    const created = await newPackage('CM-ORD', { stock: 3, priceFen: 1_950 });
    const placed = await order('CM-ORD');
    expect(placed.body.Order).toMatchObject({
      Kind: 'data',
      AmountFen: 1_950,
      PackageCode: 'CM-ORD',
      State: 'toPay',
    });
    expect(await packageRow(created.Id)).toEqual({ stock: 3, sold: 0 });
    expect((await pay(placed.body.Order.OrderNo, 1_950)).body.Order.State).toBe('paid');
    expect(await packageRow(created.Id)).toEqual({ stock: 2, sold: 1 });
    const row = await rechargeRow(placed.body.Order.OrderNo);
    expect(row.PackageName).toBe('中国移动 2GB');
    const refunded = await server.call(
      orders.bindRechargeOrderState,
      { Action: 'refund', Id: row.Id, Version: row.Version, Reason: '充错号码' },
      { token: admin },
    );
    expect(refunded.body.State).toBe('refunded');
    expect(await packageRow(created.Id)).toEqual({ stock: 3, sold: 0 });

    // Delivered, the unit is spent: a later refund gives money back, not stock.
    const second = await order('CM-ORD');
    await pay(second.body.Order.OrderNo, 1_950);
    const paid = await rechargeRow(second.body.Order.OrderNo);
    await server.call(
      orders.bindRechargeOrderState,
      { Action: 'fulfil', Id: paid.Id, Version: paid.Version },
      { token: admin },
    );
    const delivered = await rechargeRow(second.body.Order.OrderNo);
    await server.call(
      orders.bindRechargeOrderState,
      { Action: 'refund', Id: delivered.Id, Version: delivered.Version, Reason: '售后' },
      { token: admin },
    );
    expect(await packageRow(created.Id)).toEqual({ stock: 2, sold: 1 });
    const ledger = await server.query<{ reason: string; order_no: string }>(
      sql`select reason, order_no from data_stock_ledger where package_id = ${created.Id} and order_no <> '' order by id`,
    );
    expect(ledger).toEqual([
      { reason: 'sale', order_no: placed.body.Order.OrderNo },
      { reason: 'giveBack', order_no: placed.body.Order.OrderNo },
      { reason: 'sale', order_no: second.body.Order.OrderNo },
    ]);
  });

  it('refuses codes the shop does not offer and packages sold out, naming PackageCode', async () => {
    const unknown = await order('NOPE');
    expectError(unknown, /offers no data package NOPE/);
    expect(fieldOf(unknown)).toBe('PackageCode');
    expect(fieldOf(await order('CU-1G'))).toBe('PackageCode');
    expect(fieldOf(await order('bad code'))).toBe('PackageCode');
    const created = await newPackage('CM-ONE', { stock: 1 });
    const first = await order('CM-ONE', 'buyer-one-1');
    const second = await order('CM-ONE', 'buyer-one-2');
    expect((await pay(first.body.Order.OrderNo, 1_800, 'buyer-one-1')).body.Order.State).toBe('paid');
    const soldOut = await pay(second.body.Order.OrderNo, 1_800, 'buyer-one-2');
    expectError(soldOut, /CM-ONE is sold out/);
    expect(fieldOf(soldOut)).toBe('PackageCode');
    expect((await rechargeRow(second.body.Order.OrderNo)).State).toBe('toPay');
    expect(await packageRow(created.Id)).toEqual({ stock: 0, sold: 1 });
    expect(fieldOf(await order('CM-ONE'))).toBe('PackageCode');
  });

  it('never sells more than the stock: 20 members paying at once for 5 units make exactly 5 paid orders', async () => {
    const created = await newPackage('CM-RACE', { stock: 5 });
    const placed = [];
    for (let index = 0; index < 20; index += 1)
      placed.push((await order('CM-RACE', `race-buyer-${index}`)).body.Order);
    const responses = await Promise.all(
      placed.map((entry, index) => pay(entry.OrderNo, entry.AmountFen, `race-buyer-${index}`)),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(responses.filter((response) => response.body.Errcode === 0)).toHaveLength(5);
    expect(responses.filter((response) => /sold out/.test(response.body.Errmsg))).toHaveLength(15);
    expect(await packageRow(created.Id)).toEqual({ stock: 0, sold: 5 });
    const [sales] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from data_stock_ledger where package_id = ${created.Id} and reason = 'sale'`,
    );
    expect(sales!.count).toBe(5);
  });
});

describe('who may', () => {
  it('refuses accounts without the data screen, and callers without a session or key', async () => {
    const sub = await server.login('sub', { siteId: MALL_SITE });
    for (const [endpoint, input] of [
      [data.getDataProducts, {}],
      [data.getDataPackages, {}],
      [data.saveDataPackage, { Code: 'X1', ProductId: 1, PriceFen: 1, Enabled: true, Sort: 0 }],
      [data.setDataPackageStatus, { Ids: [1], Enabled: true }],
      [data.deleteDataPackages, { Ids: [1] }],
      [data.buyDataStock, { PackageId: 1, Quantity: 1 }],
    ] as const) {
      expect((await server.call(endpoint, input, { token: sub })).status, endpoint.path).toBe(403);
      expect((await server.call(endpoint, input, { token: null })).status, endpoint.path).toBe(401);
    }
    expect((await server.call(data.storefrontGetDataPackages, {})).status).toBe(401);
  });
});
