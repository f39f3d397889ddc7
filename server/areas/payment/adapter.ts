import type { JsapiPayment, PaymentProvider } from '../../../contract/endpoints/payment';

/**
 * The payment adapter (DESIGN §11): one interface, WeChat Pay v3 behind it when the site is
 * configured, the sandbox otherwise. Calls go over the network: never call one inside a database
 * transaction.
 */

export interface PrepayRequest {
  orderNo: string;
  description: string;
  totalFen: number;
  /** The payer's open id under the merchant's app id. */
  openId: string;
  notifyUrl: string;
}

/** The sandbox pays at once; WeChat Pay hands back what the mini-program needs to ask the buyer. */
export type PrepayResult = { kind: 'paid'; transactionNo: string } | { kind: 'jsapi'; payment: JsapiPayment };

/** A Native (QR code) payment: the payer scans the code with WeChat, so no open id is needed. */
export interface NativePrepayRequest {
  orderNo: string;
  description: string;
  totalFen: number;
  notifyUrl: string;
  /** WeChat Pay stops taking payment for the code at this moment. */
  expiresAt: Date;
}

/** The sandbox pays at once; WeChat Pay answers the code to show (weixin://wxpay/bizpayurl?pr=…). */
export type NativePrepayResult =
  | { kind: 'paid'; transactionNo: string }
  | { kind: 'native'; codeUrl: string };

export interface RefundRequest {
  orderNo: string;
  /** Also the idempotency key WeChat Pay sees: the same number twice is one refund. */
  outRefundNo: string;
  refundFen: number;
  totalFen: number;
  reason: string;
}

export interface RefundResult {
  refundId: string;
  /** WeChat Pay answers PROCESSING and settles later; the sandbox answers SUCCESS. */
  status: string;
}

export interface CheckResult {
  ok: boolean;
  code: string;
  message: string;
}

/** A paid transaction read from a notification whose signature and encryption held. */
export interface PaidTransaction {
  notificationId: string;
  transactionId: string;
  orderNo: string;
  amountFen: number;
  mchId: string;
  appId: string;
}

export interface NotificationRequest {
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received: the signature covers these bytes. */
  rawBody: string;
  now: Date;
}

/**
 * A payout to a person's WeChat change (商家转账到零钱): one transfer batch of one detail. The batch
 * number is the idempotency key WeChat Pay sees; sending it again is the same transfer.
 */
export interface TransferRequest {
  outBatchNo: string;
  outDetailNo: string;
  amountFen: number;
  /** The payee's open id under the merchant's app id. */
  openId: string;
  /** The payee's real name, checked by WeChat Pay (required from 2 000 yuan); '' to leave it out. */
  realName: string;
  remark: string;
  notifyUrl: string;
}

/** Where a transfer stands: paid, definitely not paid (a new batch may be tried), or not known yet. */
export type TransferStatus = 'SUCCESS' | 'FAIL' | 'PROCESSING';

export interface TransferResult {
  /** The provider's batch id ('' when it never accepted one). */
  batchId: string;
  status: TransferStatus;
  /** The provider's reason of a failure. */
  reason: string;
}

/** A transfer batch's outcome from a notification whose signature and encryption held. */
export interface TransferNotice extends TransferResult {
  notificationId: string;
  outBatchNo: string;
}

export interface PaymentAdapter {
  readonly provider: PaymentProvider;
  prepay(request: PrepayRequest, now: Date): Promise<PrepayResult>;
  prepayNative(request: NativePrepayRequest, now: Date): Promise<NativePrepayResult>;
  refund(request: RefundRequest, now: Date): Promise<RefundResult>;
  check(now: Date): Promise<CheckResult>;
  /** Throws PaymentProviderError('BAD_NOTIFICATION') unless the notification is genuine and a success. */
  readPaidNotification(request: NotificationRequest): PaidTransaction;
  /** Sends a payout; a refusal that will not change on a retry answers FAIL, anything else throws. */
  transfer(request: TransferRequest, now: Date): Promise<TransferResult>;
  /** How a transfer the provider accepted went. */
  queryTransfer(
    request: Pick<TransferRequest, 'outBatchNo' | 'outDetailNo'>,
    now: Date,
  ): Promise<TransferResult>;
  /** Throws PaymentProviderError('BAD_NOTIFICATION') unless the notification is genuine and about a transfer batch. */
  readTransferNotification(request: NotificationRequest): TransferNotice;
}

/** A refusal or failure of the provider, with its error code (WeChat Pay's, or NETWORK / BAD_ANSWER / BAD_NOTIFICATION). */
export class PaymentProviderError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** The provider's HTTP status, 0 when none came back. */
    readonly status = 0,
  ) {
    super(message);
  }
}
