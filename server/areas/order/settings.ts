import { sql } from 'drizzle-orm';
import {
  DEFAULT_DELIVERY_SETTING,
  DEFAULT_PARAMETER_SETTING,
  DEFAULT_RECEIPT_SETTING,
  type DeliverySetting,
  type ParameterSetting,
  type ReceiptSetting,
} from '../../../contract/endpoints/orders';
import type { OrderType } from '../../../contract/machines/order';
import type { Executor } from '../../db/client';
import { queryRows, runStatements, type Statement } from '../../db/query';

/**
 * Per-site order settings. A site that never saved a form uses the defaults (Version 0); saving
 * with Version 0 creates its row, later saves need the current Version.
 */

export interface Versioned<T> {
  value: T;
  version: number;
}

interface ParameterRow extends Record<string, unknown> {
  unpaid_close_minutes: number;
  seckill_close_minutes: number;
  group_buy_close_minutes: number;
  bargain_close_minutes: number;
  auto_confirm_days: number;
  after_sale_days: number;
  auto_good_review_days: number;
  stock_deduction: 'creation' | 'payment';
  points_grant: 'payment' | 'completion';
  points_per_yuan: number;
  invoice_enabled: boolean;
  version: number;
}

export async function readParameterSetting(
  db: Executor,
  siteId: number,
): Promise<Versioned<ParameterSetting>> {
  const [row] = await queryRows<ParameterRow>(
    db,
    sql`select * from order_parameter_settings where site_id = ${siteId}`,
  );
  return parameterSetting(row);
}

function parameterSetting(row: ParameterRow | null | undefined): Versioned<ParameterSetting> {
  if (!row) return { value: DEFAULT_PARAMETER_SETTING, version: 0 };
  return {
    value: {
      UnpaidCloseMinutes: {
        Normal: row.unpaid_close_minutes,
        Seckill: row.seckill_close_minutes,
        GroupBuy: row.group_buy_close_minutes,
        Bargain: row.bargain_close_minutes,
      },
      AutoConfirmDays: row.auto_confirm_days,
      AfterSaleDays: row.after_sale_days,
      AutoGoodReviewDays: row.auto_good_review_days,
      StockDeduction: row.stock_deduction,
      PointsGrant: row.points_grant,
      PointsPerYuan: row.points_per_yuan,
      InvoiceEnabled: row.invoice_enabled,
    },
    version: row.version,
  };
}

/** The parameters and the delivery setting an order is placed under, in one read. */
export async function readOrderSettings(
  db: Executor,
  siteId: number,
): Promise<{ parameter: ParameterSetting; delivery: DeliverySetting }> {
  const [settings] = await runStatements(db, [orderSettingsRead(siteId)]);
  return settings;
}

/** readOrderSettings as a statement, for an order to read them with its other reads (runStatements). */
export function orderSettingsRead(
  siteId: number,
): Statement<{ parameter: ParameterSetting; delivery: DeliverySetting }> {
  return {
    query: sql`select (select to_jsonb(p) from order_parameter_settings p where p.site_id = ${siteId}) as parameter,
                      (select setting from order_delivery_settings where site_id = ${siteId}) as delivery`,
    read: ([row]) => {
      const { parameter, delivery } = row as {
        parameter: ParameterRow | null;
        delivery: DeliverySetting | null;
      };
      return {
        parameter: parameterSetting(parameter).value,
        delivery: delivery ?? DEFAULT_DELIVERY_SETTING,
      };
    },
  };
}

/** Saves the parameters when `version` is current; null when it is stale. */
export async function writeParameterSetting(
  db: Executor,
  siteId: number,
  setting: ParameterSetting,
  version: number,
): Promise<number | null> {
  const columns = {
    unpaid: setting.UnpaidCloseMinutes.Normal,
    seckill: setting.UnpaidCloseMinutes.Seckill,
    groupBuy: setting.UnpaidCloseMinutes.GroupBuy,
    bargain: setting.UnpaidCloseMinutes.Bargain,
  };
  const statement =
    version === 0
      ? sql`insert into order_parameter_settings (site_id, unpaid_close_minutes, seckill_close_minutes,
              group_buy_close_minutes, bargain_close_minutes, auto_confirm_days, after_sale_days,
              auto_good_review_days, stock_deduction, points_grant, points_per_yuan, invoice_enabled)
            values (${siteId}, ${columns.unpaid}, ${columns.seckill}, ${columns.groupBuy}, ${columns.bargain},
              ${setting.AutoConfirmDays}, ${setting.AfterSaleDays}, ${setting.AutoGoodReviewDays},
              ${setting.StockDeduction}, ${setting.PointsGrant}, ${setting.PointsPerYuan}, ${setting.InvoiceEnabled})
            on conflict (site_id) do nothing returning version`
      : sql`update order_parameter_settings
               set unpaid_close_minutes = ${columns.unpaid}, seckill_close_minutes = ${columns.seckill},
                   group_buy_close_minutes = ${columns.groupBuy}, bargain_close_minutes = ${columns.bargain},
                   auto_confirm_days = ${setting.AutoConfirmDays}, after_sale_days = ${setting.AfterSaleDays},
                   auto_good_review_days = ${setting.AutoGoodReviewDays},
                   stock_deduction = ${setting.StockDeduction}, points_grant = ${setting.PointsGrant},
                   points_per_yuan = ${setting.PointsPerYuan},
                   invoice_enabled = ${setting.InvoiceEnabled}, version = version + 1, updated_at = now()
             where site_id = ${siteId} and version = ${version} returning version`;
  const [row] = await queryRows<{ version: number }>(db, statement);
  return row?.version ?? null;
}

/** A JSON setting (delivery, receipt) of one site in `table`. */
async function readJsonSetting<T>(
  db: Executor,
  table: 'order_delivery_settings' | 'receipt_settings',
  siteId: number,
  fallback: T,
): Promise<Versioned<T>> {
  const [row] = await queryRows<{ setting: T; version: number }>(
    db,
    sql`select setting, version from ${sql.identifier(table)} where site_id = ${siteId}`,
  );
  return row ? { value: row.setting, version: row.version } : { value: fallback, version: 0 };
}

async function writeJsonSetting<T>(
  db: Executor,
  table: 'order_delivery_settings' | 'receipt_settings',
  siteId: number,
  setting: T,
  version: number,
): Promise<number | null> {
  const json = JSON.stringify(setting);
  const statement =
    version === 0
      ? sql`insert into ${sql.identifier(table)} (site_id, setting) values (${siteId}, ${json}::jsonb)
            on conflict (site_id) do nothing returning version`
      : sql`update ${sql.identifier(table)} set setting = ${json}::jsonb, version = version + 1, updated_at = now()
             where site_id = ${siteId} and version = ${version} returning version`;
  const [row] = await queryRows<{ version: number }>(db, statement);
  return row?.version ?? null;
}

export function readDeliverySetting(db: Executor, siteId: number): Promise<Versioned<DeliverySetting>> {
  return readJsonSetting(db, 'order_delivery_settings', siteId, DEFAULT_DELIVERY_SETTING);
}

export function writeDeliverySetting(
  db: Executor,
  siteId: number,
  setting: DeliverySetting,
  version: number,
): Promise<number | null> {
  return writeJsonSetting(db, 'order_delivery_settings', siteId, setting, version);
}

export function readReceiptSetting(db: Executor, siteId: number): Promise<Versioned<ReceiptSetting>> {
  return readJsonSetting(db, 'receipt_settings', siteId, DEFAULT_RECEIPT_SETTING);
}

export function writeReceiptSetting(
  db: Executor,
  siteId: number,
  setting: ReceiptSetting,
  version: number,
): Promise<number | null> {
  return writeJsonSetting(db, 'receipt_settings', siteId, setting, version);
}

/** Minutes an unpaid order of `type` waits before it closes. */
export function unpaidCloseMinutes(setting: ParameterSetting, type: OrderType): number {
  const minutes = setting.UnpaidCloseMinutes;
  return {
    normal: minutes.Normal,
    seckill: minutes.Seckill,
    groupBuy: minutes.GroupBuy,
    bargain: minutes.Bargain,
  }[type];
}
