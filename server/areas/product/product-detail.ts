import { sql } from 'drizzle-orm';
import type { ProductDetail } from '../../../contract/endpoints/goods';
import { DEFAULT_TICKET_SETTINGS, type TicketSettings } from '../../../contract/goods-kind';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { notFound, productTarget } from './errors';
import {
  auditRequiredSetting,
  isoTime,
  PRODUCT_ROW_COLUMNS,
  PRODUCT_ROW_FROM,
  toProductRow,
} from './product-list';

const STOCK_LOG_LIMIT = 50;
const AUDIT_HISTORY_LIMIT = 20;

export async function auditRequired(db: Executor, siteId: number): Promise<boolean> {
  const [row] = await queryRows<{ audit_required: boolean }>(
    db,
    sql`select ${auditRequiredSetting(siteId)} as audit_required`,
    { prepareAs: 'goods_audit_required' },
  );
  return row!.audit_required;
}

/** Everything the goods form shows, for goods of the site that are not purged. */
export async function readProductDetail(db: Executor, siteId: number, id: number): Promise<ProductDetail> {
  const [record] = await queryRows<
    Parameters<typeof toProductRow>[0] & {
      gallery: string[];
      video: string;
      description: string;
      freight_template_id: number | null;
      ticket_settings: TicketSettings | null;
      auto_shelf: boolean;
    }
  >(
    db,
    sql`select ${PRODUCT_ROW_COLUMNS}, p.gallery, p.video, p.description, p.freight_template_id, p.ticket_settings, p.auto_shelf
          from ${PRODUCT_ROW_FROM}
         where p.id = ${id} and p.site_id = ${siteId} and p.recycle_state <> 'purged'`,
    { prepareAs: 'goods_detail' },
  );
  if (!record) throw notFound('product.notFound', id, 'id');
  const [specs, skus, customTypes, related, auditRows, stockRows] = await Promise.all([
    queryRows<{ name: string; values: string[] }>(
      db,
      sql`select name, "values" from product_specs where product_id = ${id} order by position`,
    ),
    queryRows<{
      id: number;
      spec_values: string[];
      spec_text: string;
      price_fen: number;
      stock: number;
      code: string;
      weight_g: number;
      volume_cm3: number;
      image: string;
    }>(
      db,
      sql`select id, spec_values, spec_text, price_fen, stock, code, weight_g, volume_cm3, image
            from skus where product_id = ${id} order by position, id`,
    ),
    queryRows<{ custom_type_id: number }>(
      db,
      sql`select custom_type_id from product_custom_type_links where product_id = ${id} order by custom_type_id`,
    ),
    queryRows<{ related_id: number }>(
      db,
      sql`select related_id from related_products where product_id = ${id} order by position`,
    ),
    queryRows<{ action: string; summary: { reason?: string }; user_name: string | null; at: Date | string }>(
      db,
      sql`select l.action, l.summary, a.user_name, l.at from audit_log l left join accounts a on a.id = l.account_id
           where l.site_id = ${siteId} and l.target = ${productTarget(id)}
             and l.action in ('product.approve', 'product.reject')
           order by l.at desc, l.id desc limit ${AUDIT_HISTORY_LIMIT}`,
    ),
    queryRows<{
      id: number;
      sku_id: number;
      spec_text: string | null;
      kind: string;
      delta: number;
      after: number;
      reason: string;
      account_name: string;
      at: Date | string;
    }>(
      db,
      sql`select l.id, l.sku_id, s.spec_text, l.kind, l.delta, l.after, l.reason, l.account_name, l.at
            from stock_log l left join skus s on s.id = l.sku_id
           where l.site_id = ${siteId} and l.product_id = ${id}
           order by l.id desc limit ${STOCK_LOG_LIMIT}`,
    ),
  ]);
  return {
    ...toProductRow(record),
    CustomTypeIds: customTypes.map((row) => row.custom_type_id),
    Gallery: record.gallery,
    Video: record.video,
    Description: record.description,
    FreightTemplateId: record.freight_template_id,
    Ticket: record.ticket_settings ?? DEFAULT_TICKET_SETTINGS,
    AutoShelf: record.auto_shelf,
    Specs: specs.map((spec) => ({ Name: spec.name, Values: spec.values })),
    Skus: skus.map((sku) => ({
      Id: sku.id,
      SpecValues: sku.spec_values,
      SpecText: sku.spec_text,
      PriceFen: sku.price_fen,
      Stock: sku.stock,
      Code: sku.code,
      WeightG: sku.weight_g,
      VolumeCm3: sku.volume_cm3,
      Image: sku.image,
    })),
    RelatedIds: related.map((row) => row.related_id),
    AuditHistory: auditRows.map((row) => ({
      Action: row.action.replace('product.', ''),
      Reason: row.summary.reason ?? '',
      By: row.user_name ?? '',
      At: isoTime(row.at),
    })),
    StockLog: stockRows.map((row) => ({
      Id: Number(row.id),
      SkuId: row.sku_id,
      SpecText: row.spec_text ?? '',
      Kind: row.kind,
      Delta: row.delta,
      After: row.after,
      Reason: row.reason,
      By: row.account_name,
      At: isoTime(row.at),
    })),
  };
}
