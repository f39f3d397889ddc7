import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract/endpoint';
import * as orders from '../../contract/endpoints/orders';
import * as storefrontApi from '../../contract/endpoints/storefront';
import { confirmFacePrint, printFaceSheets } from '../../server/areas/order/face-print';
import { payOrder } from '../../server/areas/order/lifecycle';
import { placeOfflineOrder } from '../../server/areas/order/offline';
import { placeOrder, placeStorefrontRecharge } from '../../server/areas/order/service';
import { type ApiResponse, startTestServer, type TestServer } from './harness';
import { multipartBody } from './images';
import {
  ADDRESS,
  BUYER,
  MALL_SITE,
  prepareSku,
  SECOND_SITE,
  storefront,
  storefrontKey,
} from './order-helpers';
import {
  defineIsolationCase,
  type IsolationContext,
  runIsolationCases,
  siteFingerprint,
} from './tenant-isolation';

/** Rows of site B made through the service functions, once per server. */
interface SiteB extends Record<string, unknown> {
  orderId: number;
  orderNo: string;
  skuId: number;
  skuCode: string;
  offlineId: number;
  rechargeId: number;
  rechargeNo: string;
  faceConfigId: number;
  waybillId: number;
  batchNo: string;
  keyId: number;
  productId: number;
}

const fixtures = new WeakMap<TestServer, Promise<SiteB>>();

async function makeSiteB(server: TestServer, siteB: number): Promise<SiteB> {
  const db = server.database.db;
  const [owner] = await server.query<{ id: number }>(sql`select id from accounts where user_name = 'site2'`);
  const operator = { siteId: siteB, accountId: owner!.id, userName: 'site2', ip: '' };
  const sku = await prepareSku(server, siteB, 50, { skip: 3 });
  const [code] = await server.query<{ code: string }>(sql`select code from skus where id = ${sku.skuId}`);
  const now = new Date();
  const order = await db.transaction(async (tx) => {
    const placed = await placeOrder(
      { tx, siteId: siteB, now, locale: 'en' },
      {
        Buyer: BUYER,
        Source: 'miniProgram',
        DeliveryType: 'express',
        Address: ADDRESS,
        Lines: [{ SkuId: sku.skuId, Quantity: 1 }],
        BuyerRemark: '',
      },
    );
    const buyer = { kind: 'buyer' as const, accountId: null, name: BUYER.Name };
    return payOrder({ tx, siteId: siteB, actor: buyer, locale: 'en', now }, placed, {
      method: 'wechat',
      amountFen: placed.totalFen,
      transactionNo: '',
    });
  });
  const offline = await db.transaction((tx) =>
    placeOfflineOrder(
      tx,
      operator,
      {
        Buyer: { Name: '', Phone: '' },
        Lines: [{ SkuId: sku.skuId, Quantity: 1 }],
        DiscountFen: 0,
        Remark: '',
      },
      'en',
    ),
  );
  const recharge = await db.transaction((tx) =>
    placeStorefrontRecharge(
      { tx, siteId: siteB, now, locale: 'en' },
      { Kind: 'storedValue', Buyer: BUYER, AmountFen: 1000 },
    ),
  );
  const [config] = await server.query<{ id: number }>(
    sql`insert into face_configs (site_id, name, carrier, paper, sender)
        values (${siteB}, 'B 中通', 'ZTO', '100x180', ${JSON.stringify({ Name: 'B', Phone: '1', Province: '上海市', City: '上海市', District: '', Detail: '1 号' })}::jsonb)
        returning id`,
  );
  const printed = await printFaceSheets(db, operator, 'en', {
    FaceConfigId: config!.id,
    Orders: [{ Id: order.id, TrackingNo: '73100000009999' }],
  });
  const [key] = await server.query<{ id: number }>(
    sql`insert into storefront_keys (site_id, name, key_hash, prefix) values (${siteB}, 'B', 'not-a-real-hash', 'sf_B') returning id`,
  );
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    skuId: sku.skuId,
    skuCode: code!.code,
    offlineId: offline.id,
    rechargeId: recharge.id,
    rechargeNo: recharge.orderNo,
    faceConfigId: config!.id,
    waybillId: printed.Sheets[0]!.WaybillId,
    batchNo: printed.BatchNo,
    keyId: key!.id,
    productId: sku.productId,
  };
}

function siteB({ server, siteB: id }: IsolationContext): Promise<SiteB> {
  let made = fixtures.get(server);
  if (!made) {
    made = makeSiteB(server, id);
    fixtures.set(server, made);
  }
  return made;
}

/** A list answers Errcode 0 with none of site B's rows. */
function noneOf(field: string, value: (prepared: SiteB) => unknown) {
  return (response: ApiResponse, _context: IsolationContext, prepared: SiteB) => {
    expect(response.body.Errcode).toBe(0);
    const rows = (response.body as unknown as { Data: Record<string, unknown>[] }).Data;
    expect(rows.map((row) => row[field])).not.toContain(value(prepared));
  };
}

const notFound = /^Order \d+ does not exist$/;
const commandForms: Record<string, Record<string, unknown>> = {
  modifyPrice: { AdjustFen: 0, FreightFen: 0 },
  changeAddress: { Address: ADDRESS },
  remark: { Remark: '越权' },
  ship: { Carrier: 'ZTO', TrackingNo: '73100000000000' },
  close: { Reason: '越权' },
  verifyPickup: { Code: '12345678' },
  approveRefund: { AmountFen: 1 },
  rejectRefund: { Reason: '越权' },
  markRefunded: {},
};

runIsolationCases('orders', [
  defineIsolationCase<SiteB>({
    name: 'GetOrderInfo of a site B order',
    endpoint: orders.getOrderInfo,
    setup: siteB,
    input: (_, prepared) => ({ id: prepared.orderId }),
    message: notFound,
  }),
  ...Object.entries(commandForms).map(([action, form]) =>
    defineIsolationCase<SiteB>({
      name: `BindOrderState ${action} on a site B order`,
      endpoint: orders.bindOrderState,
      setup: siteB,
      input: (_, prepared) => ({ Action: action, Id: prepared.orderId, Version: 1, ...form }),
      message: notFound,
    }),
  ),
  defineIsolationCase<SiteB>({
    name: 'GetOrderList searching a site B order number',
    endpoint: orders.getOrderList,
    setup: siteB,
    input: (_, prepared) => ({ orderNo: prepared.orderNo }),
    verify: (response) => {
      expect(response.body.Errcode).toBe(0);
      expect(response.body).toMatchObject({ Data: [], Total: 0 });
    },
  }),
  defineIsolationCase<SiteB>({
    name: 'ExportOrderList searching a site B order number',
    endpoint: orders.exportOrderList,
    setup: siteB,
    input: (_, prepared) => ({ orderNo: prepared.orderNo }),
    verify: async (response) => {
      expect(response.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.raw.rawPayload as unknown as ArrayBuffer);
      expect(book.worksheets[0]!.rowCount).toBe(1);
    },
  }),
  defineIsolationCase<SiteB>({
    name: 'AddUnderLineOrder with a site B SKU',
    endpoint: orders.addOfflineOrder,
    setup: siteB,
    input: (_, prepared) => ({ Lines: [{ SkuId: prepared.skuId, Quantity: 1 }], PaymentMethod: 'cash' }),
    message: /^SKU \d+ does not exist$/,
  }),
  ...(['payInStore', 'close'] as const).map((action) =>
    defineIsolationCase<SiteB>({
      name: `BindUnderLineOrderState ${action} on a site B walk-in order`,
      endpoint: orders.bindOfflineOrderState,
      setup: siteB,
      input: (_, prepared) => ({
        Action: action,
        Id: prepared.offlineId,
        Version: 1,
        ...(action === 'payInStore' ? { PaymentMethod: 'cash' } : { Reason: '越权' }),
      }),
      message: notFound,
    }),
  ),
  defineIsolationCase<SiteB>({
    name: 'GetUnderLineOrderList shows no site B walk-in order',
    endpoint: orders.getOfflineOrders,
    setup: siteB,
    input: () => ({ pageSize: 100 }),
    verify: noneOf('Id', (prepared) => prepared.offlineId),
  }),
  defineIsolationCase<SiteB>({
    name: 'GetUnderLineSkuList searching a site B SKU code',
    endpoint: orders.getCounterSkus,
    setup: siteB,
    input: (_, prepared) => ({ keyword: prepared.skuCode }),
    verify: noneOf('SkuId', (prepared) => prepared.skuId),
  }),
  defineIsolationCase<SiteB>({
    name: 'GetRechargeOrderList searching a site B recharge order',
    endpoint: orders.getRechargeOrders,
    setup: siteB,
    input: (_, prepared) => ({ keyword: prepared.rechargeNo }),
    verify: (response) => expect(response.body).toMatchObject({ Errcode: 0, Data: [], Total: 0 }),
  }),
  ...(['close', 'fulfil', 'refund'] as const).map((action) =>
    defineIsolationCase<SiteB>({
      name: `BindRechargeOrderState ${action} on a site B recharge order`,
      endpoint: orders.bindRechargeOrderState,
      setup: siteB,
      input: (_, prepared) => ({
        Action: action,
        Id: prepared.rechargeId,
        Version: 1,
        ...(action === 'refund' ? { Reason: 'x' } : {}),
      }),
      message: notFound,
    }),
  ),
  defineIsolationCase<SiteB>({
    name: 'GetSalesVolumeReport counts no site B goods',
    endpoint: orders.getVolumeReport,
    setup: siteB,
    input: () => {
      const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
      return { startDate: today, endDate: today, pageSize: 100 };
    },
    verify: noneOf('Id', (prepared) => prepared.productId),
  }),
  defineIsolationCase<SiteB>({
    name: 'GetSalesReport adds up site A orders only',
    endpoint: orders.getSalesReport,
    setup: siteB,
    input: () => {
      const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
      return { startDate: today, endDate: today };
    },
    verify: async (response, { server, siteA }) => {
      const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
      const from = new Date(Date.parse(`${today}T00:00:00+08:00`)).toISOString();
      const [own] = await server.query<{ sales: number }>(
        sql`select coalesce(sum(paid_fen), 0)::int as sales from orders where site_id = ${siteA} and paid_at >= ${from}::timestamptz`,
      );
      expect((response.body as unknown as { Totals: { SalesFen: number } }).Totals.SalesFen).toBe(own!.sales);
    },
  }),
  defineIsolationCase<SiteB>({
    name: 'GetFaceConfigInfo of a site B carrier account',
    endpoint: orders.getFaceConfigInfo,
    setup: siteB,
    input: (_, prepared) => ({ id: prepared.faceConfigId }),
    message: /^Carrier account \d+ does not exist$/,
  }),
  defineIsolationCase<SiteB>({
    name: 'SetFaceConfig updating a site B carrier account',
    endpoint: orders.saveFaceConfig,
    setup: siteB,
    input: (_, prepared) => ({
      Id: prepared.faceConfigId,
      Version: 1,
      Name: '越权',
      Carrier: 'SF',
      Paper: '76x130',
      Sender: { Name: 'A', Phone: '12345', Province: '上海市', City: '上海市', Detail: '1 号' },
    }),
    message: /^Carrier account \d+ does not exist$/,
  }),
  defineIsolationCase<SiteB>({
    name: 'DelFaceConfig of a site B carrier account',
    endpoint: orders.deleteFaceConfig,
    setup: siteB,
    input: (_, prepared) => ({ Id: prepared.faceConfigId, Version: 1 }),
    message: /^Carrier account \d+ does not exist$/,
  }),
  defineIsolationCase<SiteB>({
    name: 'SetFaceConfigDefault on a site B carrier account',
    endpoint: orders.setDefaultFaceConfig,
    setup: siteB,
    input: (_, prepared) => ({ Id: prepared.faceConfigId }),
    message: /^Carrier account \d+ does not exist$/,
  }),
  defineIsolationCase<SiteB>({
    name: 'GetFaceConfigList shows no site B carrier account',
    endpoint: orders.getFaceConfigs,
    setup: siteB,
    input: () => ({}),
    verify: noneOf('Id', (prepared) => prepared.faceConfigId),
  }),
  defineIsolationCase<SiteB>({
    name: 'PrintFaceSheets with a site B carrier account',
    endpoint: orders.printFaceSheets,
    setup: siteB,
    input: (_, prepared) => ({
      FaceConfigId: prepared.faceConfigId,
      Orders: [{ Id: prepared.orderId, TrackingNo: '73100000000001' }],
    }),
    message: /^Carrier account \d+ does not exist$/,
  }),
  defineIsolationCase<SiteB>({
    name: 'PrintFaceSheets of a site B order with an own carrier account',
    endpoint: orders.printFaceSheets,
    setup: async (context) => {
      const prepared = await siteB(context);
      const [own] = await context.server.query<{ id: number }>(
        sql`insert into face_configs (site_id, name, carrier, paper, sender)
            values (${context.siteA}, 'A', 'ZTO', '100x180', ${JSON.stringify({ Name: 'A', Phone: '1', Province: '广东省', City: '深圳市', District: '', Detail: '1 号' })}::jsonb)
            returning id`,
      );
      return { ...prepared, ownConfigId: own!.id };
    },
    input: (_, prepared) => ({
      FaceConfigId: prepared.ownConfigId,
      Orders: [{ Id: prepared.orderId, TrackingNo: '73100000000002' }],
    }),
    verify: (response, _context, prepared) => {
      expect(response.body).toMatchObject({
        Errcode: 0,
        Sheets: [],
        Failed: [{ OrderId: prepared.orderId, Message: `Order ${prepared.orderId} does not exist` }],
      });
    },
  }),
  defineIsolationCase<SiteB>({
    name: 'ConfirmFacePrint of a site B batch',
    endpoint: orders.confirmFacePrint,
    setup: siteB,
    input: (_, prepared) => ({ BatchNo: prepared.batchNo }),
    message: /^No printed face sheets wait for confirmation in batch/,
  }),
  defineIsolationCase<SiteB>({
    name: 'GetFacePrintList searching a site B order',
    endpoint: orders.getWaybills,
    setup: siteB,
    input: (_, prepared) => ({ keyword: prepared.orderNo }),
    verify: (response) => expect(response.body).toMatchObject({ Errcode: 0, Data: [], Total: 0 }),
  }),
  ...([orders.reprintWaybill, orders.voidWaybill] as const).map((endpoint) =>
    defineIsolationCase<SiteB>({
      name: `${endpoint.path.split('/').pop()} of a site B face sheet`,
      endpoint,
      setup: siteB,
      input: (_, prepared) => ({ Id: prepared.waybillId }),
      message: /^Face sheet \d+ does not exist$/,
    }),
  ),
  defineIsolationCase<SiteB>({
    name: 'GetReceiptPrintData of a site B order',
    endpoint: orders.getReceiptPrintData,
    setup: siteB,
    input: (_, prepared) => ({ id: prepared.orderId }),
    message: notFound,
  }),
  defineIsolationCase<SiteB>({
    name: 'RevokeStorefrontKey of a site B key',
    endpoint: orders.revokeStorefrontKey,
    setup: siteB,
    input: (_, prepared) => ({ Id: prepared.keyId }),
    message: /^Storefront key \d+ does not exist or is already revoked$/,
  }),
  defineIsolationCase<SiteB>({
    name: 'GetStorefrontKeyList shows no site B key',
    endpoint: orders.getStorefrontKeys,
    setup: siteB,
    input: () => ({}),
    verify: noneOf('Id', (prepared) => prepared.keyId),
  }),
  ...(
    [
      [orders.setParameterSetting, { ...orders.DEFAULT_PARAMETER_SETTING }],
      [orders.setDeliverySetting, { ...orders.DEFAULT_DELIVERY_SETTING }],
      [orders.setReceiptSetting, { ...orders.DEFAULT_RECEIPT_SETTING }],
    ] as const
  ).map(([endpoint, setting]) =>
    defineIsolationCase<SiteB>({
      name: `${endpoint.path.split('/').pop()} changes the caller's own site only`,
      endpoint,
      setup: async (context) => {
        const prepared = await siteB(context);
        const table = {
          [orders.setParameterSetting.path]: 'order_parameter_settings',
          [orders.setDeliverySetting.path]: 'order_delivery_settings',
          [orders.setReceiptSetting.path]: 'receipt_settings',
        }[endpoint.path]!;
        const [row] = await context.server.query<{ version: number }>(
          sql`select version from ${sql.identifier(table)} where site_id = ${context.siteA}`,
        );
        return { ...prepared, version: row?.version ?? 0 };
      },
      input: (_, prepared) => ({ ...setting, Version: prepared.version }),
      verify: (response) => expect(response.body.Errmsg).toBe(''),
    }),
  ),
  ...([orders.getParameterSetting, orders.getDeliverySetting, orders.getReceiptSetting] as const).map(
    (endpoint) =>
      defineIsolationCase({
        name: `${endpoint.path.split('/').pop()} reads the caller's own site`,
        endpoint,
        input: () => ({}),
        verify: async (response, { server, siteA }) => {
          expect(response.body.Errcode).toBe(0);
          const table = {
            [orders.getParameterSetting.path]: 'order_parameter_settings',
            [orders.getDeliverySetting.path]: 'order_delivery_settings',
            [orders.getReceiptSetting.path]: 'receipt_settings',
          }[endpoint.path]!;
          const [row] = await server.query<{ version: number }>(
            sql`select version from ${sql.identifier(table)} where site_id = ${siteA}`,
          );
          expect((response.body as unknown as { Data: { Version: number } }).Data.Version).toBe(
            row?.version ?? 0,
          );
        },
      }),
  ),
]);

describe('tenant isolation: storefront and bulk shipping', () => {
  it('a shop’s key reaches neither another shop’s orders nor its SKUs, and imports cannot ship them', async () => {
    const server = await startTestServer();
    try {
      const token = await server.login('admin');
      const key = await storefrontKey(server, token);
      const prepared = await makeSiteB(server, SECOND_SITE);
      const before = await siteFingerprint(server, SECOND_SITE);

      const view = await storefront(server, key, storefrontApi.getOrder, {
        orderNo: prepared.orderNo,
        buyerId: BUYER.Id,
      });
      expect(view.body).toMatchObject({ Errcode: -1, Errmsg: `Order ${prepared.orderNo} does not exist` });
      for (const [endpoint, input] of [
        [storefrontApi.cancelOrder, { OrderNo: prepared.orderNo, BuyerId: BUYER.Id }],
        [storefrontApi.confirmReceipt, { OrderNo: prepared.orderNo, BuyerId: BUYER.Id }],
        [
          storefrontApi.applyRefund,
          { OrderNo: prepared.orderNo, BuyerId: BUYER.Id, AmountFen: 1, Reason: 'x' },
        ],
        [
          storefrontApi.payOrder,
          { OrderNo: prepared.orderNo, BuyerId: BUYER.Id, PaymentMethod: 'wechat', AmountFen: 1 },
        ],
        [
          storefrontApi.payRechargeOrder,
          { OrderNo: prepared.rechargeNo, BuyerId: BUYER.Id, PaymentMethod: 'wechat', AmountFen: 1000 },
        ],
      ] as const) {
        const response = await storefront(server, key, endpoint, input);
        expect(response.body.Errcode).toBe(-1);
        expect(response.body.Errmsg).toMatch(/does not exist/);
      }
      const order = await storefront(server, key, storefrontApi.createOrder, {
        Buyer: BUYER,
        DeliveryType: 'express',
        Address: ADDRESS,
        Lines: [{ SkuId: prepared.skuId, Quantity: 1 }],
      });
      expect(order.body).toMatchObject({ Errcode: -1, Errmsg: `SKU ${prepared.skuId} does not exist` });

      const book = new ExcelJS.Workbook();
      book.addWorksheet('发货').addRows([
        ['订单号', '快递单号'],
        [prepared.orderNo, '73100000000777'],
      ]);
      const body = multipartBody(
        {
          filename: 'ship.xlsx',
          contentType: 'application/octet-stream',
          bytes: Buffer.from(await book.xlsx.writeBuffer()),
        },
        { Carrier: 'ZTO' },
      );
      const raw = await server.app.inject({
        method: 'POST',
        url: `${API_BASE}${orders.importShipments.path}`,
        headers: { authorization: `Bearer ${token}`, ...body.headers },
        payload: body.payload,
      });
      expect(raw.json().Rows).toEqual([
        expect.objectContaining({ Ok: false, Message: `Order ${prepared.orderNo} does not exist` }),
      ]);
      expect(await siteFingerprint(server, SECOND_SITE)).toEqual(before);
      // Confirming a batch only ever touches the caller's site.
      await expect(
        confirmFacePrint(
          server.database.db,
          { siteId: MALL_SITE, accountId: 1, userName: 'admin', ip: '' },
          'en',
          prepared.batchNo,
        ),
      ).rejects.toThrow('order.faceBatchNotFound');
    } finally {
      await server.close();
    }
  });
});
