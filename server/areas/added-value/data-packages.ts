import { sql } from 'drizzle-orm';
import type * as data from '../../../contract/endpoints/data-recharge';
import type { PurchaseRow } from '../../../contract/endpoints/recharge-records';
import type { PaymentEnvironment } from '../../config';
import type { Database, Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { dataPackageName } from './data-stock';
import { type Buyer, startPurchase } from './purchases';

/**
 * The data packages a shop offers (flowRecharge) and the stock it buys from the platform for them.
 * Codes are unique among a shop's live packages; stock changes only by purchases and member orders.
 */

export interface PackageRecord extends Record<string, unknown> {
  id: number;
  code: string;
  product_id: number;
  carrier: data.DataCarrier;
  size_mb: number;
  cost_fen: number;
  price_fen: number;
  enabled: boolean;
  sort: number;
  stock: number;
  sold: number;
  created_at: Date | string;
  version: number;
}

export const PACKAGE_SELECT = sql`select p.id, p.code, p.product_id, d.carrier, d.size_mb, d.cost_fen, p.price_fen, p.enabled,
    p.sort, p.stock, p.sold, p.created_at, p.version
  from data_packages p join data_products d on d.id = p.product_id`;

export function packageRow(record: PackageRecord): data.DataPackageRow {
  return {
    Id: record.id,
    Code: record.code,
    ProductId: record.product_id,
    Carrier: record.carrier,
    SizeMb: record.size_mb,
    CostFen: record.cost_fen,
    PriceFen: record.price_fen,
    Enabled: record.enabled,
    Sort: record.sort,
    Stock: record.stock,
    Sold: record.sold,
    CreatedAt: new Date(record.created_at).toISOString(),
    Version: record.version,
  };
}

export async function readPackage(
  db: Executor,
  siteId: number,
  id: number,
  field = 'Id',
): Promise<PackageRecord> {
  const [record] = await queryRows<PackageRecord>(
    db,
    sql`${PACKAGE_SELECT} where p.id = ${id} and p.site_id = ${siteId} and not p.deleted`,
  );
  if (!record) throw new AppError('addedValue.dataPackageNotFound', { id }, { field });
  return record;
}

/** Creates or saves a package; a code another live package of the shop has is refused, naming Code. */
export async function saveDataPackage(
  tx: Executor,
  siteId: number,
  form: data.DataPackageForm,
): Promise<{ id: number; stale: number | null }> {
  const [product] = await queryRows<{ id: number }>(
    tx,
    sql`select id from data_products where id = ${form.ProductId} and enabled`,
  );
  if (!product)
    throw new AppError('addedValue.dataProductNotFound', { id: form.ProductId }, { field: 'ProductId' });
  const [taken] = await queryRows<{ id: number }>(
    tx,
    sql`select id from data_packages where site_id = ${siteId} and code = ${form.Code} and not deleted
           and id <> ${form.Id ?? 0}`,
  );
  if (taken) throw new AppError('addedValue.dataCodeTaken', { code: form.Code }, { field: 'Code' });
  if (form.Id === undefined) {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into data_packages (site_id, product_id, code, price_fen, enabled, sort)
          values (${siteId}, ${form.ProductId}, ${form.Code}, ${form.PriceFen}, ${form.Enabled}, ${form.Sort})
          returning id`,
    );
    return { id: row!.id, stale: null };
  }
  const current = await readPackage(tx, siteId, form.Id);
  if (current.version !== form.Version) return { id: form.Id, stale: current.version };
  // Stock bought is for one carrier and size: it cannot follow the package to another product.
  if (current.product_id !== form.ProductId && current.stock > 0)
    throw new AppError('addedValue.dataProductLocked', { stock: current.stock }, { field: 'ProductId' });
  const [saved] = await queryRows<{ id: number }>(
    tx,
    sql`update data_packages set product_id = ${form.ProductId}, code = ${form.Code}, price_fen = ${form.PriceFen},
               enabled = ${form.Enabled}, sort = ${form.Sort}, version = version + 1, updated_at = now()
         where id = ${form.Id} and site_id = ${siteId} and version = ${form.Version} returning id`,
  );
  if (!saved) return { id: form.Id, stale: current.version + 1 };
  return { id: form.Id, stale: null };
}

/** Buys units of a package's stock from the platform at its price per unit. */
export async function buyDataStock(
  db: Database,
  buyer: Buyer,
  packageId: number,
  quantity: number,
  environment: PaymentEnvironment,
  notifyUrl: string,
  now: Date,
): Promise<PurchaseRow> {
  const record = await readPackage(db, buyer.siteId, packageId, 'PackageId');
  return startPurchase(
    db,
    buyer,
    {
      kind: 'data',
      dataPackageId: record.id,
      quantity,
      itemName: `${dataPackageName(record.carrier, record.size_mb)} (${record.code})`,
      amountFen: record.cost_fen * quantity,
    },
    environment,
    notifyUrl,
    now,
    'addedValue.buyDataStock',
  );
}
