import { sql } from 'drizzle-orm';
import type { OfflinePaymentMethod } from '../../../contract/endpoints/payment';
import { OFFLINE_PAYMENT_METHODS } from '../../../contract/machines/order';
import type { PaymentEnvironment } from '../../config';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import type { Locale } from '../../i18n/messages';
import { type PaymentAdapter, PaymentProviderError } from './adapter';
import { REFUND_KIND } from './outbox-kinds';
import { sandboxProvider } from './sandbox-provider';
import { adapterOf, readSettings } from './settings';
import { outbox } from './tables';
import { wechatPayV3 } from './wechat-pay-v3';
import './messages';

/**
 * The payment area's public service: what the storefront and order areas call. Adapter calls go
 * over the network, so callers make them outside their transactions; refunds go through the outbox.
 */

export {
  type NativePrepayResult,
  type PaidTransaction,
  type PaymentAdapter,
  PaymentProviderError,
  type TransferNotice,
  type TransferRequest,
  type TransferResult,
} from './adapter';
export {
  type DrainCounts,
  drainOutboxKinds,
  type OutboxHandler,
  OutboxRefusal,
  type OutboxRow,
} from './outbox-drain';

/**
 * The platform's own merchant (DESIGN §11): what shops buy from the platform is paid through it,
 * WeChat Pay when PLATFORM_WECHATPAY_* are set, the sandbox otherwise; never a shop's settings.
 */
export function platformPaymentAdapter(environment: PaymentEnvironment): PaymentAdapter {
  return environment.platformMerchant
    ? wechatPayV3(environment.platformMerchant, environment.wechatPayApiBase)
    : sandboxProvider({ refuses: false });
}

/** Calls the provider; its refusal or silence becomes the caller's error, naming the payment method. */
export async function askProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (error.code === 'NETWORK')
      throw new AppError('payment.providerUnreachable', { message: error.message });
    throw new AppError(
      'payment.refused',
      { code: error.code, message: error.message },
      { field: 'PaymentMethod' },
    );
  }
}

export async function sitePaymentAdapter(
  db: Executor,
  siteId: number,
  environment: PaymentEnvironment,
): Promise<PaymentAdapter> {
  return adapterOf(await readSettings(db, siteId), environment);
}

export async function offlineMethods(db: Executor, siteId: number): Promise<OfflinePaymentMethod[]> {
  return (await readSettings(db, siteId))?.offlineMethods ?? [...OFFLINE_PAYMENT_METHODS];
}

const METHOD_NAMES: Record<Locale, Record<OfflinePaymentMethod, string>> = {
  en: { cash: 'cash', card: 'card', transfer: 'bank transfer' },
  zh: { cash: '现金', card: '刷卡', transfer: '转账' },
};

/** Refuses an offline method the shop has switched off (the walk-in counter's payments). */
export async function requireOfflineMethod(
  db: Executor,
  siteId: number,
  method: OfflinePaymentMethod,
  locale: Locale,
): Promise<void> {
  if (!(await offlineMethods(db, siteId)).includes(method)) {
    throw new AppError(
      'payment.offlineMethodOff',
      { method: METHOD_NAMES[locale][method] },
      { field: 'PaymentMethod' },
    );
  }
}

export { sendOutboxRow } from './outbox';
export { REFUND_KIND, TRANSFER_KIND } from './outbox-kinds';
export { enqueueTransfer, queryTransfer, type TransferPayout } from './transfers';

export interface RefundOrder {
  siteId: number;
  orderNo: string;
  refundId: number;
  refundFen: number;
  totalFen: number;
  reason: string;
}

/**
 * Queues the money's way back through the provider that took it, in the caller's transaction: the
 * refund's row and its sending commit together, and the sweep sends it afterwards. The provider is
 * WeChat Pay when a WeChat Pay notification paid the order, the sandbox otherwise.
 */
export async function enqueueRefund(tx: Executor, refund: RefundOrder): Promise<void> {
  const [paid] = await queryRows<{ provider: string }>(
    tx,
    sql`select provider from payment_notifications where site_id = ${refund.siteId} and order_no = ${refund.orderNo} limit 1`,
  );
  await queueRefund(tx, refund, `${refund.orderNo}R${refund.refundId}`, paid?.provider ?? 'sandbox');
}

/**
 * Money WeChat Pay took for an order that could not be paid any more (closed meanwhile, or an amount
 * other than its total): it all goes back, numbered by the notification's row so it is sent once.
 */
export async function enqueueReturnOfPayment(
  tx: Executor,
  payment: { siteId: number; orderNo: string; notificationRowId: number; amountFen: number },
): Promise<void> {
  await queueRefund(
    tx,
    {
      siteId: payment.siteId,
      orderNo: payment.orderNo,
      refundId: payment.notificationRowId,
      refundFen: payment.amountFen,
      totalFen: payment.amountFen,
      reason: 'order could not be paid',
    },
    `${payment.orderNo}N${payment.notificationRowId}`,
    'wechat',
  );
}

async function queueRefund(
  tx: Executor,
  refund: RefundOrder,
  outRefundNo: string,
  provider: string,
): Promise<void> {
  await tx
    .insert(outbox)
    .values({
      siteId: refund.siteId,
      kind: REFUND_KIND,
      idempotencyKey: `refund:${refund.siteId}:${outRefundNo}`,
      payload: { ...refund, outRefundNo, provider },
    })
    .onConflictDoNothing();
}
