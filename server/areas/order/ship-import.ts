import type { z } from 'zod';
import { SHIP_IMPORT_MAX_ROWS, type shipImportRowSchema } from '../../../contract/endpoints/orders';
import { CARRIERS, type Carrier, TRACKING_NO_PATTERN } from '../../../contract/machines/order';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { type Locale, translate } from '../../i18n/messages';
import { readSheetRows } from '../../import/spreadsheet';
import { operatorActor } from './commands';
import { lockOrder, type OrderContext, shipOrder } from './lifecycle';
import { readParameterSetting } from './settings';
import { storeCondition } from './store-scope';
import { orders } from './tables';

/**
 * Bulk shipping from a spreadsheet: each row ships one order (all its lines not shipped yet) in its
 * own transaction, so one bad row never undoes the others; every row gets a result.
 */

type ImportRow = z.infer<typeof shipImportRowSchema>;

export interface ParsedRow {
  row: number;
  orderNo: string;
  trackingNo: string;
  carrier: string;
}

/** A carrier cell: a code (ZTO) or its name in either language (中通快递, ZTO Express). */
export function carrierFromCell(text: string): Carrier | null {
  const wanted = text.trim().toLowerCase();
  for (const carrier of CARRIERS) {
    const names = [
      carrier,
      translate('zh', `order.carrier.${carrier}`),
      translate('en', `order.carrier.${carrier}`),
    ];
    if (names.some((name) => name.toLowerCase() === wanted)) return carrier;
  }
  return null;
}

/** The data rows of the first sheet (the header row skipped, empty rows dropped). */
export async function readShipSheet(bytes: Buffer): Promise<ParsedRow[]> {
  const rows = await readSheetRows(bytes, { maxRows: SHIP_IMPORT_MAX_ROWS });
  return rows.map(({ row, cells: [orderNo = '', trackingNo = '', carrier = ''] }) => ({
    row,
    orderNo,
    trackingNo,
    carrier,
  }));
}

export async function importShipments(
  db: Database,
  session: Session,
  locale: Locale,
  rows: readonly ParsedRow[],
  defaultCarrier: Carrier | undefined,
  now = new Date(),
): Promise<ImportRow[]> {
  const { value: settings } = await readParameterSetting(db, session.siteId);
  const seen = new Set<string>();
  const results: ImportRow[] = [];
  for (const parsed of rows) {
    const report = (key: string | null, params: Record<string, string | number> = {}) =>
      results.push({
        Row: parsed.row,
        OrderNo: parsed.orderNo,
        TrackingNo: parsed.trackingNo,
        Ok: key === null,
        Message: key === null ? '' : translate(locale, key, { subject: parsed.orderNo, ...params }),
      });
    if (!parsed.orderNo) {
      report('order.importNoOrderNo');
      continue;
    }
    if (seen.has(parsed.orderNo)) {
      report('order.importDuplicate');
      continue;
    }
    seen.add(parsed.orderNo);
    const carrier = parsed.carrier ? carrierFromCell(parsed.carrier) : (defaultCarrier ?? null);
    if (!carrier || carrier === 'self') {
      report('order.importCarrier', { carrier: parsed.carrier });
      continue;
    }
    if (!TRACKING_NO_PATTERN.test(parsed.trackingNo)) {
      report('order.importTrackingNo');
      continue;
    }
    try {
      await db.transaction(async (tx) => {
        const order = await lockOrder(
          tx,
          session.siteId,
          { orderNo: parsed.orderNo },
          storeCondition(session, orders.storeId),
        );
        if (!order) throw new AppError('order.notFound', { id: parsed.orderNo });
        const context: OrderContext = {
          tx,
          siteId: session.siteId,
          actor: operatorActor(session),
          locale,
          now,
        };
        await shipOrder(context, order, { carrier, trackingNo: parsed.trackingNo }, settings);
        await audit(tx, session, 'order.ship', `order:${order.id}`, {
          orderNo: order.orderNo,
          carrier,
          trackingNo: parsed.trackingNo,
          import: true,
        });
      });
      report(null);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      report(error.key, error.params);
    }
  }
  return results;
}
