import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as orders from '../../contract/endpoints/orders';
import * as storefrontApi from '../../contract/endpoints/storefront';
import {
  createKuaidi100Provider,
  KUAIDI100_LABEL_URL,
  waybillProviders,
} from '../../server/areas/order/kuaidi100';
import { startTestServer, type TestServer } from './harness';
import {
  BUYER,
  expectError,
  MALL_SITE,
  orderId,
  orderRow,
  placeOrder,
  prepareSku,
  storefront,
  storefrontKey,
  type TestSku,
} from './order-helpers';

let server: TestServer;
let token: string;
let key: string;
let skip = 100;

/** A stand-in for Kuaidi100's label API on 127.0.0.1 that checks what a real one checks. */
interface StandIn {
  server: Server;
  url: string;
  calls: URLSearchParams[];
  /** What the next answers say; by default a fresh tracking number. */
  answer: (form: URLSearchParams) => object;
}
let standIn: StandIn;
const KEY = 'test-key';
const SECRET = 'test-secret';

async function startStandIn(): Promise<StandIn> {
  let counter = 0;
  const state = {
    calls: [] as URLSearchParams[],
    answer: (form: URLSearchParams): object => {
      const sign = createHash('md5')
        .update(`${form.get('param')}${form.get('t')}${KEY}${SECRET}`)
        .digest('hex')
        .toUpperCase();
      if (form.get('key') !== KEY || form.get('sign') !== sign) {
        return { success: false, code: 30002, message: '签名错误' };
      }
      if (form.get('method') === 'cancel')
        return { success: true, code: 200, message: 'success', data: null };
      counter += 1;
      return {
        success: true,
        code: 200,
        message: 'success',
        data: {
          taskId: `task-${counter}`,
          kuaidinum: `73199${String(counter).padStart(9, '0')}`,
          bulkpen: '880-12 05',
        },
      };
    },
  };
  const http = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const form = new URLSearchParams(body);
      state.calls.push(form);
      const ok =
        request.headers['content-type'] === 'application/x-www-form-urlencoded' && request.method === 'POST';
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify(ok ? state.answer(form) : { success: false, code: 400, message: 'bad request' }),
      );
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return Object.assign(state, { server: http, url: `http://127.0.0.1:${port}/label/order` });
}

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin');
  key = await storefrontKey(server, token);
  standIn = await startStandIn();
  waybillProviders.kuaidi100 = createKuaidi100Provider({ endpoint: standIn.url });
});
afterAll(async () => {
  waybillProviders.kuaidi100 = createKuaidi100Provider({ endpoint: KUAIDI100_LABEL_URL });
  await new Promise((resolve) => standIn.server.close(resolve));
  await server.close();
});

const SENDER = {
  Name: '演示商城',
  Phone: '0755-26000001',
  Province: '广东省',
  City: '深圳市',
  District: '南山区',
  Detail: '科技园 8 号',
};

async function paidOrder(): Promise<{ Id: number; OrderNo: string }> {
  skip += 1;
  const sku: TestSku = await prepareSku(server, MALL_SITE, 20, { skip });
  const order = await placeOrder(server, key, sku, 1);
  const response = await storefront(server, key, storefrontApi.payOrder, {
    OrderNo: order.OrderNo,
    BuyerId: BUYER.Id,
    PaymentMethod: 'wechat',
    AmountFen: order.TotalFen,
  });
  expect(response.body.Errmsg).toBe('');
  return { Id: await orderId(server, order.OrderNo), OrderNo: order.OrderNo };
}

async function saveConfig(form: Record<string, unknown>) {
  const response = await server.call(
    orders.saveFaceConfig,
    { Name: '测试账号', Carrier: 'ZTO', Paper: '100x180', Sender: SENDER, ...form },
    { token },
  );
  expect(response.body.Errmsg).toBe('');
  return response.body;
}

describe('carrier accounts', () => {
  it('keeps provider secrets write-only and one default per shop', async () => {
    const saved = await saveConfig({
      Name: '快递100 中通',
      IsDefault: true,
      Provider: 'kuaidi100',
      Kuaidi100: { Key: KEY, Secret: SECRET, PartnerId: 'zto-001', PartnerKey: 'pk' },
    });
    const info = await server.call(orders.getFaceConfigInfo, { id: saved.Id }, { token });
    expect(info.body.Kuaidi100).toEqual({
      Key: KEY,
      PartnerId: 'zto-001',
      PartnerName: '',
      Net: '',
      Code: '',
      TempId: '',
      ExpType: '',
      HasSecret: true,
      HasPartnerKey: true,
      HasPartnerSecret: false,
    });
    expect(JSON.stringify(info.body)).not.toContain(SECRET);
    // Saving without the secret keeps it.
    const renamed = await server.call(
      orders.saveFaceConfig,
      {
        Id: saved.Id,
        Version: saved.Version,
        Name: '快递100 中通（改）',
        Carrier: 'ZTO',
        Paper: '76x130',
        Sender: SENDER,
        Provider: 'kuaidi100',
        Kuaidi100: { Key: KEY, PartnerId: 'zto-001' },
      },
      { token },
    );
    expect(renamed.body.Errmsg).toBe('');
    const [stored] = await server.query<{ kuaidi100: { Secret: string; PartnerKey: string } }>(
      sql`select kuaidi100 from face_configs where id = ${saved.Id}`,
    );
    expect(stored!.kuaidi100).toMatchObject({ Secret: SECRET, PartnerKey: 'pk' });
    const stale = await server.call(
      orders.saveFaceConfig,
      { Id: saved.Id, Version: saved.Version, Name: 'x', Carrier: 'ZTO', Paper: '76x130', Sender: SENDER },
      { token },
    );
    expectError(stale, /changed by someone else/);

    const list = await server.call(orders.getFaceConfigs, {}, { token });
    const defaults = list.body.Data.filter((row) => row.IsDefault);
    expect(defaults.map((row) => row.Id)).toEqual([saved.Id]);
    const other = await saveConfig({ Name: '顺丰', Carrier: 'SF' });
    expect((await server.call(orders.setDefaultFaceConfig, { Id: other.Id }, { token })).body.Errcode).toBe(
      0,
    );
    const after = await server.call(orders.getFaceConfigs, {}, { token });
    expect(after.body.Data.filter((row) => row.IsDefault).map((row) => row.Id)).toEqual([other.Id]);
  });

  it('needs a secret for a Kuaidi100 account and refuses the own-delivery carrier', async () => {
    const noSecret = await server.call(
      orders.saveFaceConfig,
      {
        Name: 'x',
        Carrier: 'SF',
        Paper: '100x180',
        Sender: SENDER,
        Provider: 'kuaidi100',
        Kuaidi100: { Key: 'k', PartnerId: 'p' },
      },
      { token },
    );
    expectError(noSecret, 'The Kuaidi100 secret is required');
    const self = await server.call(
      orders.saveFaceConfig,
      { Name: 'x', Carrier: 'self', Paper: '100x180', Sender: SENDER },
      { token },
    );
    expectError(self, /Carrier: must be one of/);
  });

  it('deletes an account, which then disappears from the list', async () => {
    const saved = await saveConfig({ Name: '待删除' });
    const removed = await server.call(
      orders.deleteFaceConfig,
      { Id: saved.Id, Version: saved.Version },
      { token },
    );
    expect(removed.body.Errcode).toBe(0);
    const list = await server.call(orders.getFaceConfigs, {}, { token });
    expect(list.body.Data.some((row) => row.Id === saved.Id)).toBe(false);
    expectError(
      await server.call(orders.getFaceConfigInfo, { id: saved.Id }, { token }),
      `Carrier account ${saved.Id} does not exist`,
    );
  });
});

describe('printing face sheets without a provider', () => {
  it('needs typed tracking numbers, prints, and ships the orders when the batch is confirmed', async () => {
    const config = await saveConfig({ Name: '手工中通' });
    const [a, b, c] = [await paidOrder(), await paidOrder(), await paidOrder()];
    const unpaid = await placeOrder(server, key, await prepareSku(server, MALL_SITE, 5, { skip: ++skip }), 1);
    const unpaidId = await orderId(server, unpaid.OrderNo);
    const printed = await server.call(
      orders.printFaceSheets,
      {
        FaceConfigId: config.Id,
        Orders: [
          { Id: a.Id, TrackingNo: '73100000000501' },
          { Id: b.Id, TrackingNo: '73100000000502' },
          { Id: c.Id, TrackingNo: '73100000000503' },
          { Id: unpaidId, TrackingNo: '73100000000504' },
          { Id: 999_999, TrackingNo: '73100000000505' },
        ],
      },
      { token },
    );
    expect(printed.body.Errmsg).toBe('');
    expect(printed.body.BatchNo).toMatch(/^FP\d{18}$/);
    expect(printed.body.Sheets.map((sheet) => [sheet.OrderNo, sheet.TrackingNo, sheet.Paper])).toEqual([
      [a.OrderNo, '73100000000501', '100x180'],
      [b.OrderNo, '73100000000502', '100x180'],
      [c.OrderNo, '73100000000503', '100x180'],
    ]);
    expect(printed.body.Sheets[0]).toMatchObject({
      Sender: { Name: '演示商城', Phone: '0755-26000001', Address: '广东省深圳市南山区科技园 8 号' },
      Receiver: { Name: '张三', Phone: '13800000001', Address: '广东省深圳市南山区科技园路 1 号' },
      ItemCount: 1,
      PrintCount: 1,
    });
    expect(printed.body.Failed).toEqual([
      {
        OrderId: unpaidId,
        OrderNo: unpaid.OrderNo,
        Message: `Order ${unpaid.OrderNo} is not waiting to ship`,
      },
      { OrderId: 999_999, OrderNo: '', Message: 'Order 999999 does not exist' },
    ]);
    // Still waiting to ship until the operator confirms the sheets came out.
    expect((await orderRow(server, a.Id)).state).toBe('toShip');

    const again = await server.call(
      orders.printFaceSheets,
      { FaceConfigId: config.Id, Orders: [{ Id: a.Id, TrackingNo: '73100000000599' }] },
      { token },
    );
    expect(again.body.Failed[0]!.Message).toBe(
      `Order ${a.OrderNo} already has a printed face sheet; reprint or void it`,
    );

    const missing = await server.call(
      orders.printFaceSheets,
      { FaceConfigId: config.Id, Orders: [{ Id: (await paidOrder()).Id }] },
      { token },
    );
    expect(missing.body.Failed[0]!.Message).toMatch(
      /this carrier account has no electronic-waybill provider/,
    );

    // The account is ZTO's: an SF number is refused, naming the carrier and a number of its shape.
    const sfNumber = await paidOrder();
    const wrongCarrier = await server.call(
      orders.printFaceSheets,
      { FaceConfigId: config.Id, Orders: [{ Id: sfNumber.Id, TrackingNo: 'SF1000000000501' }] },
      { token },
    );
    expect(wrongCarrier.body.Sheets).toEqual([]);
    expect(wrongCarrier.body.Failed).toEqual([
      {
        OrderId: sfNumber.Id,
        OrderNo: sfNumber.OrderNo,
        Message: `Order ${sfNumber.OrderNo}: SF1000000000501 is not a ZTO tracking number (for example 75312345678901)`,
      },
    ]);

    // One order is shipped another way before the batch is confirmed.
    const { version } = await orderRow(server, c.Id);
    await server.call(
      orders.bindOrderState,
      { Action: 'ship', Id: c.Id, Version: version, Carrier: 'SF', TrackingNo: 'SF1000000000777' },
      { token },
    );
    const confirmed = await server.call(
      orders.confirmFacePrint,
      { BatchNo: printed.body.BatchNo },
      { token },
    );
    expect(confirmed.body.Shipped).toEqual([a.Id, b.Id]);
    expect(confirmed.body.Failed).toEqual([
      { OrderId: c.Id, OrderNo: c.OrderNo, Message: `Order ${c.OrderNo} cannot be shipped: it is shipped` },
    ]);
    const [shipment] = await server.query<{ carrier: string; tracking_no: string }>(
      sql`select carrier, tracking_no from order_shipments where order_id = ${a.Id}`,
    );
    expect(shipment).toEqual({ carrier: 'ZTO', tracking_no: '73100000000501' });
    const retried = await server.call(orders.confirmFacePrint, { BatchNo: printed.body.BatchNo }, { token });
    expect(retried.body).toMatchObject({ Shipped: [], Failed: [{ OrderId: c.Id }] });

    const list = await server.call(orders.getWaybills, { batchNo: printed.body.BatchNo }, { token });
    expect(list.body.Counts).toMatchObject({ all: 3, printed: 1, confirmed: 2, void: 0 });
    const leftover = list.body.Data.find((row) => row.State === 'printed')!;
    const voidedBatch = await server.call(
      orders.confirmFacePrint,
      { BatchNo: 'FP000000000000000000' },
      { token },
    );
    expectError(voidedBatch, 'No printed face sheets wait for confirmation in batch FP000000000000000000');
    const reprinted = await server.call(orders.reprintWaybill, { Id: leftover.Id }, { token });
    expect(reprinted.body.Sheet).toMatchObject({ TrackingNo: '73100000000503', PrintCount: 2 });
    const voided = await server.call(orders.voidWaybill, { Id: leftover.Id }, { token });
    expect(voided.body.State).toBe('void');
    expectError(
      await server.call(orders.reprintWaybill, { Id: leftover.Id }, { token }),
      /is void and cannot be printed again/,
    );
    const confirmedSheet = list.body.Data.find((row) => row.State === 'confirmed')!;
    expectError(
      await server.call(orders.voidWaybill, { Id: confirmedSheet.Id }, { token }),
      /cannot be voided: it is confirmed/,
    );
  });
});

describe('printing face sheets through Kuaidi100', () => {
  it('gets tracking numbers from the provider with a signed form request', async () => {
    const config = await saveConfig({
      Name: '快递100 圆通',
      Carrier: 'YTO',
      Provider: 'kuaidi100',
      Kuaidi100: { Key: KEY, Secret: SECRET, PartnerId: 'yto-001', PartnerKey: 'yto-pass', TempId: 'tpl-1' },
    });
    const order = await paidOrder();
    standIn.calls.length = 0;
    const printed = await server.call(
      orders.printFaceSheets,
      { FaceConfigId: config.Id, Orders: [{ Id: order.Id }] },
      { token },
    );
    expect(printed.body.Errmsg).toBe('');
    expect(printed.body.Failed).toEqual([]);
    expect(printed.body.Sheets[0]).toMatchObject({ Carrier: 'YTO', SortingCode: '880-12 05' });
    expect(printed.body.Sheets[0]!.TrackingNo).toMatch(/^73199\d{9}$/);
    expect(standIn.calls).toHaveLength(1);
    const form = standIn.calls[0]!;
    expect(form.get('method')).toBe('order');
    expect(form.get('t')).toMatch(/^\d{13}$/);
    const param = JSON.parse(form.get('param')!);
    expect(param).toMatchObject({
      partnerId: 'yto-001',
      partnerKey: 'yto-pass',
      kuaidicom: 'yuantong',
      tempId: 'tpl-1',
      orderId: order.OrderNo,
      payType: 'SHIPPER',
      recMan: { name: '张三', mobile: '13800000001', printAddr: '广东省深圳市南山区科技园路 1 号' },
      sendMan: { name: '演示商城', mobile: '0755-26000001' },
    });
    const [waybill] = await server.query<{ from_provider: boolean; provider_task_id: string }>(
      sql`select from_provider, provider_task_id from waybills where order_id = ${order.Id}`,
    );
    expect(waybill).toMatchObject({ from_provider: true });
    expect(waybill!.provider_task_id).toMatch(/^task-/);

    const typed = await server.call(
      orders.printFaceSheets,
      { FaceConfigId: config.Id, Orders: [{ Id: (await paidOrder()).Id, TrackingNo: '73100000000999' }] },
      { token },
    );
    expect(typed.body.Failed[0]!.Message).toMatch(/the electronic-waybill provider assigns tracking numbers/);

    // Voiding cancels the number with the provider first.
    standIn.calls.length = 0;
    const list = await server.call(orders.getWaybills, { keyword: order.OrderNo }, { token });
    const voided = await server.call(orders.voidWaybill, { Id: list.body.Data[0]!.Id }, { token });
    expect(voided.body.State).toBe('void');
    expect(standIn.calls.map((call) => call.get('method'))).toEqual(['cancel']);
    expect(JSON.parse(standIn.calls[0]!.get('param')!)).toMatchObject({
      kuaidinum: printed.body.Sheets[0]!.TrackingNo,
    });
  });

  it('shows the provider’s refusal and prints nothing', async () => {
    const config = await saveConfig({
      Name: '快递100 错误密钥',
      Provider: 'kuaidi100',
      Kuaidi100: { Key: KEY, Secret: 'wrong-secret', PartnerId: 'zto-009' },
    });
    const order = await paidOrder();
    const printed = await server.call(
      orders.printFaceSheets,
      { FaceConfigId: config.Id, Orders: [{ Id: order.Id }] },
      { token },
    );
    expect(printed.body).toMatchObject({ Errcode: 0, BatchNo: '', Sheets: [] });
    expect(printed.body.Failed[0]!.Message).toBe('The electronic-waybill provider refused: 签名错误');
    const waybills = await server.query(sql`select id from waybills where order_id = ${order.Id}`);
    expect(waybills).toEqual([]);
  });
});
