import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  type InvoiceRequest,
  PURCHASE_PAY_MINUTES,
  type PurchaseKind,
  type PurchaseRow,
} from '../../../contract/endpoints/recharge-records';
import { shopStamp } from '../../../contract/shop-time';
import { audit } from '../../audit';
import type { PaymentEnvironment } from '../../config';
import type { Database, Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { PaymentProviderError, platformPaymentAdapter } from '../payment/service';
import { creditDataStock } from './data-stock';
import { creditPurchase } from './sms-balance';

/**
 * Purchases from the platform (DESIGN §11: the platform is a merchant too). A purchase is written
 * unpaid, then the platform's merchant is asked for a Native payment outside any transaction: the
 * sandbox pays at once, WeChat Pay answers a code to scan and later a signed notification. Paying
 * is one guarded transition that credits the balance or stock in the same transaction.
 */

export interface PurchaseItem {
  kind: PurchaseKind;
  smsPackageId?: number;
  dataPackageId?: number;
  quantity: number;
  itemName: string;
  amountFen: number;
}

export interface Buyer {
  siteId: number;
  accountId: number;
  /** The caller's address, for the audit row. */
  ip: string;
}

/** AV, the China date and time to the second, six random digits: 22 characters WeChat Pay accepts. */
function purchaseNumber(now: Date): string {
  return `AV${shopStamp(now)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export interface PurchaseRecord extends Record<string, unknown> {
  id: number;
  site_id: number;
  purchase_no: string;
  kind: PurchaseKind;
  item_name: string;
  quantity: number;
  amount_fen: number;
  state: PurchaseRow['State'];
  provider: PurchaseRow['Provider'];
  code_url: string | null;
  transaction_id: string | null;
  pay_due_at: Date | string | null;
  paid_at: Date | string | null;
  created_at: Date | string;
  version: number;
  invoice: {
    Id: number;
    State: NonNullable<PurchaseRow['Invoice']>['State'];
    Title: string;
    TaxNo: string;
    Email: string;
    InvoiceNo: string;
    RequestedAt: string;
    IssuedAt: string | null;
  } | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export const PURCHASE_SELECT = sql`select p.id, p.site_id, p.purchase_no, p.kind, p.item_name, p.quantity, p.amount_fen,
    p.state, p.provider, p.code_url, p.transaction_id, p.pay_due_at, p.paid_at, p.created_at, p.version,
    (select json_build_object('Id', i.id, 'State', i.state, 'Title', i.title, 'TaxNo', i.tax_no, 'Email', i.email,
                              'InvoiceNo', i.invoice_no, 'RequestedAt', i.requested_at, 'IssuedAt', i.issued_at)
       from platform_invoices i where i.purchase_id = p.id and i.state <> 'withdrawn'
      order by i.id desc limit 1) as invoice
  from platform_purchases p`;

export function purchaseView(record: PurchaseRecord): PurchaseRow {
  const invoice = record.invoice;
  return {
    Id: record.id,
    PurchaseNo: record.purchase_no,
    Kind: record.kind,
    ItemName: record.item_name,
    Quantity: record.quantity,
    AmountFen: record.amount_fen,
    State: record.state,
    Provider: record.provider,
    CodeUrl: record.state === 'toPay' ? record.code_url : null,
    TransactionId: record.transaction_id ?? '',
    PayDueAt: record.state === 'toPay' ? iso(record.pay_due_at) : null,
    PaidAt: iso(record.paid_at),
    CreatedAt: iso(record.created_at)!,
    Invoice: invoice
      ? {
          ...invoice,
          RequestedAt: iso(invoice.RequestedAt)!,
          IssuedAt: iso(invoice.IssuedAt),
        }
      : null,
    Version: record.version,
  };
}

/** A purchase of the site, or refused naming `field` as if it did not exist. */
export async function readPurchase(
  db: Executor,
  siteId: number,
  id: number,
  field = 'Id',
): Promise<PurchaseRow> {
  const [record] = await queryRows<PurchaseRecord>(
    db,
    sql`${PURCHASE_SELECT} where p.id = ${id} and p.site_id = ${siteId}`,
  );
  if (!record) throw new AppError('addedValue.purchaseNotFound', { id }, { field });
  return purchaseView(record);
}

export interface PaidNotice {
  purchaseNo: string;
  transactionId: string;
  amountFen: number;
}

export type PayOutcome = 'paid' | 'already' | 'unknown' | 'amountMismatch';

/**
 * Pays a purchase once: the guarded transition (unpaid or closed, the amount asked) and its credit
 * commit together; the same transaction again, or a second one at once, finds it paid.
 */
export async function payPurchase(tx: Executor, notice: PaidNotice, now: Date): Promise<PayOutcome> {
  const [paid] = await queryRows<{
    id: number;
    site_id: number;
    kind: PurchaseKind;
    quantity: number;
    sms_package_id: number | null;
    data_package_id: number | null;
  }>(
    tx,
    sql`update platform_purchases
           set state = 'paid', transaction_id = ${notice.transactionId}, paid_at = ${now}, closed_at = null,
               code_url = null, version = version + 1
         where purchase_no = ${notice.purchaseNo} and state in ('toPay', 'closed') and amount_fen = ${notice.amountFen}
     returning id, site_id, kind, quantity, sms_package_id, data_package_id`,
  );
  if (paid) {
    if (paid.kind === 'sms') await creditPurchase(tx, paid.site_id, paid.id, paid.quantity);
    else await creditDataStock(tx, paid.site_id, paid.data_package_id!, paid.quantity, paid.id);
    return 'paid';
  }
  const [known] = await queryRows<{ state: string; amount_fen: number }>(
    tx,
    sql`select state, amount_fen from platform_purchases where purchase_no = ${notice.purchaseNo}`,
  );
  if (!known) return 'unknown';
  if (known.state === 'paid') return 'already';
  return 'amountMismatch';
}

/**
 * Writes the purchase, asks the platform's merchant for payment (no transaction open), and pays
 * at once in the sandbox or keeps WeChat Pay's code to show.
 */
export async function startPurchase(
  db: Database,
  buyer: Buyer,
  item: PurchaseItem,
  environment: PaymentEnvironment,
  notifyUrl: string,
  now: Date,
  auditAction: string,
): Promise<PurchaseRow> {
  const adapter = platformPaymentAdapter(environment);
  const purchaseNo = purchaseNumber(now);
  const payDueAt = new Date(now.getTime() + PURCHASE_PAY_MINUTES * 60_000);
  const id = await db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into platform_purchases (site_id, purchase_no, kind, sms_package_id, data_package_id, quantity, item_name,
                                          amount_fen, provider, pay_due_at, created_by, created_at)
          values (${buyer.siteId}, ${purchaseNo}, ${item.kind}, ${item.smsPackageId ?? null}, ${item.dataPackageId ?? null},
                  ${item.quantity}, ${item.itemName}, ${item.amountFen}, ${adapter.provider === 'wechat' ? 'wechat' : 'sandbox'},
                  ${payDueAt}, ${buyer.accountId}, ${now})
          returning id`,
    );
    await audit(tx, buyer, auditAction, `purchase:${row!.id}`, {
      item: item.itemName,
      quantity: item.quantity,
      amountFen: item.amountFen,
    });
    return row!.id;
  });
  let result: Awaited<ReturnType<typeof adapter.prepayNative>>;
  try {
    result = await adapter.prepayNative(
      {
        orderNo: purchaseNo,
        description: item.itemName,
        totalFen: item.amountFen,
        notifyUrl,
        expiresAt: payDueAt,
      },
      now,
    );
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    await db.execute(
      sql`update platform_purchases set state = 'closed', closed_at = ${now}, version = version + 1
           where id = ${id} and state = 'toPay'`,
    );
    throw new AppError('addedValue.payRefused', { code: error.code, message: error.message });
  }
  await db.transaction(async (tx) => {
    if (result.kind === 'paid') {
      await payPurchase(
        tx,
        { purchaseNo, transactionId: result.transactionNo, amountFen: item.amountFen },
        now,
      );
    } else {
      await tx.execute(sql`update platform_purchases set code_url = ${result.codeUrl} where id = ${id}`);
    }
  });
  return readPurchase(db, buyer.siteId, id);
}

/** Buys a platform SMS package on sale; refused, naming PackageId, when there is none such. */
export async function buySmsPackage(
  db: Database,
  buyer: Buyer,
  packageId: number,
  environment: PaymentEnvironment,
  notifyUrl: string,
  now: Date,
): Promise<PurchaseRow> {
  const [found] = await queryRows<{ id: number; name: string; count: number; price_fen: number }>(
    db,
    sql`select id, name, count, price_fen from sms_packages where id = ${packageId} and enabled`,
  );
  if (!found) throw new AppError('addedValue.packageNotFound', { id: packageId }, { field: 'PackageId' });
  return startPurchase(
    db,
    buyer,
    {
      kind: 'sms',
      smsPackageId: found.id,
      quantity: found.count,
      itemName: found.name,
      amountFen: found.price_fen,
    },
    environment,
    notifyUrl,
    now,
    'addedValue.buySms',
  );
}

/** Closes an unpaid purchase of the site; refused, naming Id, when it is not unpaid. */
export async function cancelPurchase(tx: Executor, siteId: number, id: number, now: Date): Promise<void> {
  const current = await readPurchase(tx, siteId, id);
  const [closed] = await queryRows<{ id: number }>(
    tx,
    sql`update platform_purchases set state = 'closed', closed_at = ${now}, code_url = null, version = version + 1
         where id = ${id} and site_id = ${siteId} and state = 'toPay' returning id`,
  );
  if (!closed)
    throw new AppError('addedValue.purchaseNotUnpaid', { no: current.PurchaseNo }, { field: 'Id' });
}

/** The sweep: unpaid purchases whose code has lapsed close. */
export async function expirePurchases(db: Executor, now: Date): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update platform_purchases set state = 'closed', closed_at = ${now}, code_url = null, version = version + 1
         where state = 'toPay' and pay_due_at <= ${now} returning id`,
  );
  return rows.length;
}

export async function requestInvoice(
  tx: Executor,
  buyer: Buyer,
  request: InvoiceRequest,
  now: Date,
): Promise<void> {
  const purchase = await readPurchase(tx, buyer.siteId, request.PurchaseId, 'PurchaseId');
  if (purchase.State !== 'paid')
    throw new AppError('addedValue.invoiceUnpaid', { no: purchase.PurchaseNo }, { field: 'PurchaseId' });
  const inserted = await queryRows<{ id: number }>(
    tx,
    sql`insert into platform_invoices (site_id, purchase_id, title, tax_no, email, requested_by, requested_at)
        values (${buyer.siteId}, ${purchase.Id}, ${request.Title}, ${request.TaxNo}, ${request.Email},
                ${buyer.accountId}, ${now})
        on conflict do nothing returning id`,
  );
  if (inserted.length === 0)
    throw new AppError('addedValue.invoiceExists', { no: purchase.PurchaseNo }, { field: 'PurchaseId' });
}

export async function withdrawInvoice(
  tx: Executor,
  siteId: number,
  purchaseId: number,
  now: Date,
): Promise<void> {
  const purchase = await readPurchase(tx, siteId, purchaseId, 'PurchaseId');
  const [withdrawn] = await queryRows<{ id: number }>(
    tx,
    sql`update platform_invoices set state = 'withdrawn', withdrawn_at = ${now}
         where site_id = ${siteId} and purchase_id = ${purchaseId} and state = 'requested' returning id`,
  );
  if (!withdrawn)
    throw new AppError(
      'addedValue.invoiceNotRequested',
      { no: purchase.PurchaseNo },
      { field: 'PurchaseId' },
    );
}

/**
 * The platform's invoicing issues what was asked. This product has no platform console, so only the
 * sandbox (no platform merchant) issues here, numbered as sandbox invoices; with a real merchant the
 * requests wait for the platform's own invoicing.
 */
export async function issueSandboxInvoices(db: Executor, now: Date): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update platform_invoices set state = 'issued', issued_at = ${now},
               invoice_no = 'SANDBOX' || lpad(id::text, 8, '0')
         where state = 'requested' returning id`,
  );
  return rows.length;
}
