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

export interface PaymentAdapter {
  readonly provider: PaymentProvider;
  prepay(request: PrepayRequest, now: Date): Promise<PrepayResult>;
  prepayNative(request: NativePrepayRequest, now: Date): Promise<NativePrepayResult>;
  refund(request: RefundRequest, now: Date): Promise<RefundResult>;
  check(now: Date): Promise<CheckResult>;
  /** Throws PaymentProviderError('BAD_NOTIFICATION') unless the notification is genuine and a success. */
  readPaidNotification(request: NotificationRequest): PaidTransaction;
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
