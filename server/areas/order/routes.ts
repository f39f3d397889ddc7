import type { MultipartValue } from '@fastify/multipart';
import * as orders from '../../../contract/endpoints/orders';
import { parseSort } from '../../../contract/list-query';
import { shopDate, shopDateTime } from '../../../contract/shop-time';
import { audit } from '../../audit';
import { pagedBatches, sendExport } from '../../export/send-export';
import type { ExportColumn } from '../../export/xlsx';
import { AppError } from '../../http/errors';
import { megabytes, UPLOAD_LIMIT } from '../../http/limits';
import { defineRoute } from '../../http/route';
import { parseInput } from '../../http/validation';
import { type Locale, translate } from '../../i18n/messages';
import { operatorActor, runOfflineCommand, runOrderCommand } from './commands';
import { staleVersion, throwProblems } from './errors';
import {
  deleteFaceConfig,
  faceConfigDetail,
  findFaceConfig,
  listFaceConfigs,
  saveFaceConfig,
  setDefaultFaceConfig,
} from './face-configs';
import { confirmFacePrint, printFaceSheets, reprintWaybill, voidWaybill } from './face-print';
import { readRechargePage, readWaybillPage, rechargeConditions, waybillConditions } from './lists';
import './messages';
import { OFFLINE_TAB_CONDITIONS, offlineConditions, placeOfflineOrder, readCounterSkus } from './offline';
import { readOrderDetail } from './order-detail';
import {
  countOrders,
  orderFilterConditions,
  orderSort,
  readOrderList,
  readOrderListPage,
  readOrderPage,
  readOrderRows,
  TAB_CONDITIONS,
} from './order-list';
import { readReceipt } from './receipt';
import { rechargeCommand, rechargeRow } from './recharge';
import './registrations';
import { EXPORT_MAX_ROWS } from '../../../contract/scalars';
import { type Granularity, reportRange, salesReport, volumeReport } from './reports';
import {
  readDeliverySetting,
  readParameterSetting,
  readReceiptSetting,
  writeDeliverySetting,
  writeParameterSetting,
  writeReceiptSetting,
} from './settings';
import { importShipments, readShipSheet } from './ship-import';
import { readStoreScope, requirePickupStores, siteStores } from './store-scope';

function yuan(fen: number): number {
  return fen / 100;
}

function chinaTime(iso: string | null): string {
  return iso ? shopDateTime(new Date(iso)) : '';
}

function stamp(): string {
  return shopDate(new Date());
}

function orderExportColumns(locale: Locale): ExportColumn<orders.OrderRow>[] {
  const say = (key: string) => translate(locale, key);
  const money = (header: string, value: (row: orders.OrderRow) => number): ExportColumn<orders.OrderRow> => ({
    header: say(header),
    numberFormat: '0.00',
    value: (row) => yuan(value(row)),
  });
  return [
    { header: say('order.export.orderNo'), width: 20, value: (row) => row.OrderNo },
    { header: say('order.export.created'), width: 20, value: (row) => chinaTime(row.CreatedAt) },
    { header: say('order.export.state'), value: (row) => say(`order.order.state.${row.State}`) },
    { header: say('order.export.refundState'), value: (row) => say(`order.refund.state.${row.RefundState}`) },
    { header: say('order.export.type'), value: (row) => say(`order.type.${row.Type}`) },
    { header: say('order.export.source'), value: (row) => say(`order.source.${row.Source}`) },
    { header: say('order.export.delivery'), value: (row) => say(`order.delivery.${row.DeliveryType}`) },
    { header: say('order.export.buyer'), width: 14, value: (row) => row.BuyerName },
    { header: say('order.export.buyerPhone'), width: 14, value: (row) => row.BuyerPhone },
    { header: say('order.export.receiver'), width: 14, value: (row) => row.ReceiverName },
    { header: say('order.export.receiverPhone'), width: 14, value: (row) => row.ReceiverPhone },
    { header: say('order.export.goods'), width: 30, value: (row) => row.GoodsName },
    { header: say('order.export.items'), width: 8, value: (row) => row.ItemCount },
    money('order.export.total', (row) => row.TotalFen),
    money('order.export.paid', (row) => row.PaidFen),
    money('order.export.refunded', (row) => row.RefundedFen),
    {
      header: say('order.export.paymentMethod'),
      value: (row) => (row.PaymentMethod ? say(`order.payment.${row.PaymentMethod}`) : ''),
    },
    { header: say('order.export.paidAt'), width: 20, value: (row) => chinaTime(row.PaidAt) },
    { header: say('order.export.sellerRemark'), width: 30, value: (row) => row.SellerRemark },
  ];
}

export const orderAreaRoutes = [
  // Settings ------------------------------------------------------------------------------------
  defineRoute(orders.getParameterSetting, async ({ db, session }) => {
    const { value, version } = await readParameterSetting(db, session.siteId);
    return { Data: { ...value, Version: version } };
  }),

  defineRoute(orders.setParameterSetting, async ({ db, session, input }) =>
    db.transaction(async (tx) => {
      const { Version, ...setting } = input;
      const before = await readParameterSetting(tx, session.siteId);
      const version = await writeParameterSetting(tx, session.siteId, setting, Version);
      if (version === null) throw staleVersion();
      await audit(tx, session, 'order.settings.parameter', `site:${session.siteId}`, {
        before: before.value,
        after: setting,
      });
      return { Version: version };
    }),
  ),

  defineRoute(orders.getDeliverySetting, async ({ db, session }) => {
    const { value, version } = await readDeliverySetting(db, session.siteId);
    return { Data: { ...value, Version: version } };
  }),

  defineRoute(orders.setDeliverySetting, async ({ db, session, input }) => {
    const { Version, ...setting } = input;
    throwProblems(orders.deliverySettingProblems(setting));
    await requirePickupStores(db, session.siteId, setting.Pickup.Points);
    return db.transaction(async (tx) => {
      const before = await readDeliverySetting(tx, session.siteId);
      const version = await writeDeliverySetting(tx, session.siteId, setting, Version);
      if (version === null) throw staleVersion();
      await audit(tx, session, 'order.settings.delivery', `site:${session.siteId}`, {
        before: before.value,
        after: setting,
      });
      return { Version: version };
    });
  }),

  defineRoute(orders.getReceiptSetting, async ({ db, session }) => {
    const { value, version } = await readReceiptSetting(db, session.siteId);
    return { Data: { ...value, Version: version } };
  }),

  defineRoute(orders.setReceiptSetting, async ({ db, session, input }) => {
    const { Version, ...setting } = input;
    if (new Set(setting.Fields).size !== setting.Fields.length) {
      throw new AppError('order.receiptFieldTwice', {}, { field: 'Fields' });
    }
    return db.transaction(async (tx) => {
      const version = await writeReceiptSetting(tx, session.siteId, setting, Version);
      if (version === null) throw staleVersion();
      await audit(tx, session, 'order.settings.receipt', `site:${session.siteId}`, { after: setting });
      return { Version: version };
    });
  }),

  // Order list, details, commands ---------------------------------------------------------------
  defineRoute(orders.getOrderList, async ({ db, session, input }) => {
    const [list, StoreScope] = await Promise.all([
      readOrderList(db, session, input, (input.page - 1) * input.pageSize, input.pageSize),
      readStoreScope(db, session),
    ]);
    return { Data: list.rows, Total: list.counts[input.tab], Counts: list.counts, StoreScope };
  }),

  defineRoute(orders.getOrderStores, async ({ db, session }) => ({
    Data: (await siteStores(db, session.siteId)).map((store) => ({ Id: store.id, Title: store.title })),
  })),

  defineRoute(orders.exportOrderList, async ({ db, session, input, locale, reply }) => {
    // Bad filters are refused as an envelope before the download starts.
    orderFilterConditions(session, input);
    sendExport(reply, {
      format: input.format,
      fileName: `${translate(locale, 'order.export.fileName')}-${stamp()}`,
      asciiName: `orders-${stamp()}`,
      sheetName: translate(locale, 'order.export.sheet'),
      columns: orderExportColumns(locale),
      batches: pagedBatches(
        (offset, limit) => readOrderPage(db, session, input, offset, limit),
        EXPORT_MAX_ROWS,
      ),
    });
    return undefined;
  }),

  defineRoute(orders.getOrderInfo, async ({ db, session, input }) =>
    readOrderDetail(db, session, input.id, session.grantedPaths),
  ),

  defineRoute(orders.bindOrderState, async ({ db, session, input, locale }) =>
    runOrderCommand(db, session, locale, input),
  ),

  defineRoute(
    orders.importShipments,
    async ({ db, session, locale, request }) => {
      if (!request.isMultipart()) throw new AppError('upload.missingFile', {}, { field: 'file' });
      const part = await request.file();
      if (part?.fieldname !== 'file') throw new AppError('upload.missingFile', {}, { field: 'file' });
      const fields = parseInput(
        orders.importShipments.input,
        Object.fromEntries(
          Object.values(part.fields)
            .flat()
            .filter((field): field is MultipartValue => field?.type === 'field')
            .map((field) => [field.fieldname, field.value]),
        ),
      );
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('order.importTooLarge', { limit: megabytes(UPLOAD_LIMIT) }, { field: 'file' });
        }
        throw error;
      }
      const rows = await importShipments(db, session, locale, await readShipSheet(bytes), fields.Carrier);
      const shipped = rows.filter((row) => row.Ok).length;
      return { Total: rows.length, Shipped: shipped, Failed: rows.length - shipped, Rows: rows };
    },
    { multipart: true },
  ),

  defineRoute(orders.getShipImportTemplate, async ({ locale, reply }) => {
    const say = (key: string) => translate(locale, key);
    sendExport(reply, {
      format: 'xlsx',
      fileName: say('order.import.fileName'),
      asciiName: 'ship-import-template',
      sheetName: say('order.import.sheet'),
      columns: [
        { header: say('order.import.orderNo'), width: 22, value: () => '' },
        { header: say('order.import.trackingNo'), width: 22, value: () => '' },
        { header: say('order.import.carrier'), width: 14, value: () => '' },
      ],
      batches: pagedBatches(async () => [], 0),
    });
    return undefined;
  }),

  // Offline orders ------------------------------------------------------------------------------
  defineRoute(orders.addOfflineOrder, async ({ db, session, input, locale }) => {
    const order = await db.transaction((tx) => placeOfflineOrder(tx, session, input, locale));
    return {
      Id: order.id,
      OrderNo: order.orderNo,
      State: order.state,
      TotalFen: order.totalFen,
      Version: order.version,
    };
  }),

  defineRoute(orders.getOfflineOrders, async ({ db, session, input }) => {
    const list = await readOrderListPage(
      db,
      offlineConditions(session, input),
      OFFLINE_TAB_CONDITIONS,
      input.tab,
      orderSort(input.sort),
      input.pageSize,
      (input.page - 1) * input.pageSize,
    );
    return { Data: list.rows, Total: list.counts[input.tab], Counts: list.counts };
  }),

  defineRoute(orders.bindOfflineOrderState, async ({ db, session, input, locale }) =>
    runOfflineCommand(db, session, locale, input),
  ),

  defineRoute(orders.getCounterSkus, async ({ db, session, input }) => {
    const { rows, total } = await readCounterSkus(
      db,
      session.siteId,
      input.keyword,
      input.pageSize,
      (input.page - 1) * input.pageSize,
    );
    return { Data: rows, Total: total };
  }),

  // Recharge orders -----------------------------------------------------------------------------
  defineRoute(orders.getRechargeOrders, async ({ db, session, input }) => {
    const { rows, total, counts } = await readRechargePage(
      db,
      rechargeConditions(session.siteId, input),
      input,
    );
    return { Data: rows.map((row) => rechargeRow(row, session.grantedPaths)), Total: total, Counts: counts };
  }),

  defineRoute(orders.bindRechargeOrderState, async ({ db, session, input, locale }) =>
    db.transaction(async (tx) => {
      const updated = await rechargeCommand(
        tx,
        session.siteId,
        input,
        new Date(),
        locale,
        operatorActor(session),
      );
      await audit(tx, session, `order.recharge.${input.Action}`, `recharge:${updated.id}`, {
        orderNo: updated.orderNo,
        state: updated.state,
        ...('Reason' in input ? { reason: input.Reason } : {}),
      });
      return { Id: updated.id, Version: updated.version, State: updated.state };
    }),
  ),

  // Reports -------------------------------------------------------------------------------------
  defineRoute(orders.getSalesReport, async ({ db, session, input }) =>
    salesReport(db, session.siteId, reportRange(input.startDate, input.endDate), input.granularity),
  ),

  defineRoute(orders.exportSalesReport, async ({ db, session, input, locale, reply }) => {
    const range = reportRange(input.startDate, input.endDate);
    const report = await salesReport(db, session.siteId, range, input.granularity as Granularity);
    const say = (key: string) => translate(locale, key);
    type Row = (typeof report.Data)[number];
    const totalRow: Row = { ...report.Totals, Period: say('order.report.total') as Row['Period'] };
    sendExport(reply, {
      format: input.format,
      fileName: `${say('order.report.salesFileName')}-${range.start}-${range.end}`,
      asciiName: `sales-${range.start}-${range.end}`,
      sheetName: say('order.report.salesSheet'),
      columns: [
        { header: say('order.report.period'), width: 14, value: (row: Row) => row.Period },
        { header: say('order.report.createdOrders'), value: (row: Row) => row.CreatedOrders },
        { header: say('order.report.paidOrders'), value: (row: Row) => row.PaidOrders },
        { header: say('order.report.payingBuyers'), value: (row: Row) => row.PayingBuyers },
        { header: say('order.report.sales'), numberFormat: '0.00', value: (row: Row) => yuan(row.SalesFen) },
        {
          header: say('order.report.refunds'),
          numberFormat: '0.00',
          value: (row: Row) => yuan(row.RefundFen),
        },
        {
          header: say('order.report.average'),
          numberFormat: '0.00',
          value: (row: Row) => yuan(row.AverageOrderFen),
        },
      ],
      batches: (async function* () {
        yield [...report.Data, totalRow];
      })(),
    });
    return undefined;
  }),

  defineRoute(orders.getVolumeReport, async ({ db, session, input }) => {
    const { field, descending } = parseSort(input.sort);
    const { rows, total, totals } = await volumeReport(
      db,
      session.siteId,
      reportRange(input.startDate, input.endDate),
      {
        by: input.by,
        metric: field,
        descending,
        limit: input.pageSize,
        offset: (input.page - 1) * input.pageSize,
      },
    );
    return { Data: rows, Total: total, Totals: totals };
  }),

  defineRoute(orders.exportVolumeReport, async ({ db, session, input, locale, reply }) => {
    const range = reportRange(input.startDate, input.endDate);
    const { field, descending } = parseSort(input.sort);
    const say = (key: string) => translate(locale, key);
    type Row = orders.VolumeRow;
    sendExport(reply, {
      format: input.format,
      fileName: `${say('order.report.volumeFileName')}-${range.start}-${range.end}`,
      asciiName: `sales-volume-${range.start}-${range.end}`,
      sheetName: say('order.report.volumeSheet'),
      columns: [
        { header: say('order.report.rank'), width: 8, value: (row: Row) => row.Rank },
        {
          header: say(input.by === 'goods' ? 'order.report.goods' : 'order.report.category'),
          width: 30,
          value: (row: Row) => row.Name || say('order.report.uncategorised'),
        },
        { header: say('order.report.quantity'), value: (row: Row) => row.Quantity },
        { header: say('order.report.sales'), numberFormat: '0.00', value: (row: Row) => yuan(row.SalesFen) },
        { header: say('order.report.orders'), value: (row: Row) => row.Orders },
      ],
      batches: pagedBatches(
        async (offset, limit) =>
          (
            await volumeReport(db, session.siteId, range, {
              by: input.by,
              metric: field,
              descending,
              limit,
              offset,
            })
          ).rows,
        EXPORT_MAX_ROWS,
      ),
    });
    return undefined;
  }),

  // Face sheets ---------------------------------------------------------------------------------
  defineRoute(orders.getFaceConfigs, async ({ db, session }) => ({
    Data: await listFaceConfigs(db, session.siteId),
  })),

  defineRoute(orders.getFaceConfigInfo, async ({ db, session, input }) =>
    faceConfigDetail(await findFaceConfig(db, session.siteId, input.id)),
  ),

  defineRoute(orders.saveFaceConfig, async ({ db, session, input }) => saveFaceConfig(db, session, input)),

  defineRoute(orders.deleteFaceConfig, async ({ db, session, input }) => {
    await deleteFaceConfig(db, session, input.Id, input.Version);
    return {};
  }),

  defineRoute(orders.setDefaultFaceConfig, async ({ db, session, input }) => {
    await setDefaultFaceConfig(db, session, input.Id);
    return {};
  }),

  defineRoute(orders.getFacePrintConfigs, async ({ db, session }) => ({
    Data: await listFaceConfigs(db, session.siteId),
  })),

  defineRoute(orders.getFacePrintOrders, async ({ db, session, input }) => {
    const { page, pageSize, sort, ...filters } = input;
    const conditions = [
      ...orderFilterConditions(session, { ...filters, deliveryType: 'express' }),
      TAB_CONDITIONS.toShip,
    ];
    const [Data, Total] = await Promise.all([
      readOrderRows(db, conditions, orderSort(sort), pageSize, (page - 1) * pageSize),
      countOrders(db, conditions),
    ]);
    return { Data, Total };
  }),

  defineRoute(orders.printFaceSheets, async ({ db, session, input, locale }) =>
    printFaceSheets(db, session, locale, input),
  ),

  defineRoute(orders.confirmFacePrint, async ({ db, session, input, locale }) =>
    confirmFacePrint(db, session, locale, input.BatchNo),
  ),

  defineRoute(orders.getWaybills, async ({ db, session, input }) => {
    const { rows, total, counts } = await readWaybillPage(
      db,
      waybillConditions(session.siteId, input),
      input,
    );
    return { Data: rows, Total: total, Counts: counts };
  }),

  defineRoute(orders.reprintWaybill, async ({ db, session, input }) => ({
    Sheet: await reprintWaybill(db, session, input.Id),
  })),

  defineRoute(orders.voidWaybill, async ({ db, session, input, locale }) =>
    voidWaybill(db, session, locale, input.Id),
  ),

  // Receipts ------------------------------------------------------------------------------------
  defineRoute(orders.getReceiptPrintData, async ({ db, session, input }) => {
    const [{ value }, Receipt] = await Promise.all([
      readReceiptSetting(db, session.siteId),
      readReceipt(db, session, input.id),
    ]);
    return { Setting: value, Receipt };
  }),
];
