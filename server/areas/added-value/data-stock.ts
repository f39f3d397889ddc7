import { sql } from 'drizzle-orm';
import { type DataCarrier, dataSizeLabel } from '../../../contract/endpoints/data-recharge';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';

/**
 * Stock of a shop's data packages (DESIGN §11 guarded counters): bought from the platform, taken
 * one unit by a member's paid top-up and given back if it is refunded before delivery, each change
 * a guarded statement with its ledger row; the ledger's unique keys make each sale and give-back of
 * an order happen once.
 */

/** How a package is named on orders and purchases (the shops' data is Chinese, as are their buyers). */
const CARRIER_NAMES: Record<DataCarrier, string> = {
  chinaMobile: '中国移动',
  chinaUnicom: '中国联通',
  chinaTelecom: '中国电信',
};

export function dataPackageName(carrier: DataCarrier, sizeMb: number): string {
  return `${CARRIER_NAMES[carrier]} ${dataSizeLabel(sizeMb)}`;
}

export async function creditDataStock(
  tx: Executor,
  siteId: number,
  packageId: number,
  quantity: number,
  purchaseId: number,
): Promise<void> {
  const [row] = await queryRows<{ stock: number }>(
    tx,
    sql`update data_packages set stock = stock + ${quantity}, updated_at = now()
         where id = ${packageId} and site_id = ${siteId} returning stock`,
  );
  if (!row) throw new Error(`data package ${packageId} of site ${siteId} is gone`);
  await tx.execute(
    sql`insert into data_stock_ledger (site_id, package_id, delta, stock_after, reason, purchase_id)
        values (${siteId}, ${packageId}, ${quantity}, ${row.stock}, 'purchase', ${purchaseId})`,
  );
}

export interface OfferedPackage {
  code: string;
  name: string;
  priceFen: number;
}

/** A package a member may order now, by its code; refused naming PackageCode otherwise. */
export async function offeredDataPackage(
  tx: Executor,
  siteId: number,
  code: string,
): Promise<OfferedPackage> {
  const [row] = await queryRows<{
    code: string;
    carrier: DataCarrier;
    size_mb: number;
    price_fen: number;
    stock: number;
  }>(
    tx,
    sql`select p.code, d.carrier, d.size_mb, p.price_fen, p.stock
          from data_packages p join data_products d on d.id = p.product_id
         where p.site_id = ${siteId} and p.code = ${code} and not p.deleted and p.enabled and d.enabled`,
  );
  if (!row) throw new AppError('addedValue.dataPackageNotOffered', { code }, { field: 'PackageCode' });
  if (row.stock < 1) throw new AppError('addedValue.dataSoldOut', { code }, { field: 'PackageCode' });
  return { code: row.code, name: dataPackageName(row.carrier, row.size_mb), priceFen: row.price_fen };
}

/** A member's top-up is paid: one unit of its package's stock goes to it, or the payment is refused. */
export async function takeDataStock(
  tx: Executor,
  siteId: number,
  code: string,
  orderNo: string,
): Promise<void> {
  const [row] = await queryRows<{ id: number; stock: number }>(
    tx,
    sql`update data_packages set stock = stock - 1, sold = sold + 1, updated_at = now()
         where site_id = ${siteId} and code = ${code} and not deleted and stock >= 1
     returning id, stock`,
  );
  if (!row) throw new AppError('addedValue.dataSoldOut', { code }, { field: 'PackageCode' });
  await tx.execute(
    sql`insert into data_stock_ledger (site_id, package_id, delta, stock_after, reason, order_no)
        values (${siteId}, ${row.id}, -1, ${row.stock}, 'sale', ${orderNo})`,
  );
}

/**
 * A top-up refunded before delivery gives its unit back to the package it came from. The order's
 * row is locked by its refund, and the ledger's unique key refuses a second give-back anyway.
 */
export async function giveBackDataStock(tx: Executor, siteId: number, orderNo: string): Promise<void> {
  const [sale] = await queryRows<{ package_id: number; given: boolean }>(
    tx,
    sql`select package_id, exists (select 1 from data_stock_ledger g
                                     where g.site_id = s.site_id and g.order_no = s.order_no and g.reason = 'giveBack') as given
          from data_stock_ledger s
         where s.site_id = ${siteId} and s.order_no = ${orderNo} and s.reason = 'sale'`,
  );
  if (!sale || sale.given) return;
  const [row] = await queryRows<{ stock: number }>(
    tx,
    sql`update data_packages set stock = stock + 1, sold = sold - 1, updated_at = now()
         where id = ${sale.package_id} and sold >= 1 returning stock`,
  );
  if (!row) return;
  await tx.execute(
    sql`insert into data_stock_ledger (site_id, package_id, delta, stock_after, reason, order_no)
        values (${siteId}, ${sale.package_id}, 1, ${row.stock}, 'giveBack', ${orderNo})`,
  );
}
