import type { JsapiPayment } from '../../../contract/endpoints/payment';
import {
  type CheckResult,
  type NativePrepayRequest,
  type NativePrepayResult,
  type NotificationRequest,
  type PaidTransaction,
  type PaymentAdapter,
  PaymentProviderError,
  type PrepayRequest,
  type PrepayResult,
  type RefundRequest,
  type RefundResult,
  type TransferNotice,
  type TransferRequest,
  type TransferResult,
} from './adapter';
import {
  answerMessage,
  authorizationHeader,
  decryptResource,
  encryptSensitive,
  nonce,
  paySignMessage,
  requestMessage,
  rsaSign,
  rsaVerify,
  unixSeconds,
} from './wechat-pay-crypto';

/** A site's merchant settings with its secrets opened, held only for the length of a call. */
export interface WechatMerchant {
  mchId: string;
  appId: string;
  serialNo: string;
  apiV3Key: string;
  privateKey: string;
  platformCertificate: string;
  platformSerial: string;
}

/**
 * Refusals of a transfer that a retry with the same batch number would only repeat: the batch was not
 * accepted (bad parameters, no permission, not enough money, quota, the merchant's signature), so the
 * payout failed and the shop decides what next. Anything else (network, 5xx, FREQUENCY_LIMITED,
 * SYSTEM_ERROR) is retried with the same number, as WeChat Pay asks.
 */
function definiteRefusal(error: PaymentProviderError): boolean {
  return (
    error.status >= 400 && error.status < 500 && error.status !== 429 && error.code !== 'FREQUENCY_LIMITED'
  );
}

/** A transfer detail's state (明细状态) as a payout's status. */
function detailStatus(state: unknown): TransferResult['status'] {
  if (state === 'SUCCESS') return 'SUCCESS';
  if (state === 'FAIL') return 'FAIL';
  return 'PROCESSING';
}

/** WeChat Pay refuses notifications and answers older than this (its documented replay window). */
export const TIMESTAMP_WINDOW_SECONDS = 300;
const TIMEOUT_MS = 10_000;

/** WeChat Pay's time format: RFC 3339 with the China offset, whole seconds. */
function rfc3339China(moment: Date): string {
  const china = new Date(moment.getTime() + 8 * 3600_000);
  return `${china.toISOString().slice(0, 19)}+08:00`;
}

function header(headers: NotificationRequest['headers'], name: string): string {
  const value = headers[name.toLowerCase()];
  return typeof value === 'string' ? value : '';
}

/**
 * WeChat Pay API v3 (pay.weixin.qq.com/wiki/doc/apiv3): requests signed with the merchant's key in a
 * WECHATPAY2-SHA256-RSA2048 Authorization header; answers and notifications checked against the
 * uploaded platform certificate; notification resources opened with the API v3 key.
 */
export function wechatPayV3(merchant: WechatMerchant, apiBase: string): PaymentAdapter {
  /** Whether WeChat Pay signed these bytes at this time, with the certificate we hold. */
  function signedByPlatform(headers: NotificationRequest['headers'], body: string, now: Date): boolean {
    const timestamp = header(headers, 'Wechatpay-Timestamp');
    const seconds = Number(timestamp);
    if (!/^\d+$/.test(timestamp) || Math.abs(now.getTime() / 1000 - seconds) > TIMESTAMP_WINDOW_SECONDS)
      return false;
    if (header(headers, 'Wechatpay-Serial').toUpperCase() !== merchant.platformSerial.toUpperCase())
      return false;
    return rsaVerify(
      answerMessage(timestamp, header(headers, 'Wechatpay-Nonce'), body),
      header(headers, 'Wechatpay-Signature'),
      merchant.platformCertificate,
    );
  }

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    now: Date,
    extraHeaders: Record<string, string> = {},
  ): Promise<Record<string, unknown>> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const timestamp = unixSeconds(now);
    const once = nonce();
    const authorization = authorizationHeader({
      mchId: merchant.mchId,
      serialNo: merchant.serialNo,
      nonce: once,
      timestamp,
      signature: rsaSign(requestMessage(method, path, timestamp, once, text), merchant.privateKey),
    });
    let response: Response;
    try {
      response = await fetch(`${apiBase}${path}`, {
        method,
        headers: {
          Authorization: authorization,
          Accept: 'application/json',
          'User-Agent': 'shop-backoffice',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...extraHeaders,
        },
        body: body === undefined ? undefined : text,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new PaymentProviderError('NETWORK', error instanceof Error ? error.message : String(error));
    }
    const answer = await response.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = answer === '' ? {} : (JSON.parse(answer) as Record<string, unknown>);
    } catch {
      throw new PaymentProviderError('BAD_ANSWER', `HTTP ${response.status}: not JSON`, response.status);
    }
    if (!response.ok) {
      throw new PaymentProviderError(
        typeof parsed.code === 'string' ? parsed.code : `HTTP_${response.status}`,
        typeof parsed.message === 'string' ? parsed.message : `HTTP ${response.status}`,
        response.status,
      );
    }
    const headers = Object.fromEntries(response.headers.entries());
    // An answer not signed by the platform certificate may come from anyone on the way.
    if (!signedByPlatform(headers, answer, now)) {
      throw new PaymentProviderError(
        'BAD_SIGNATURE',
        'the answer is not signed by the uploaded platform certificate',
        response.status,
      );
    }
    return parsed;
  }

  function jsapiParameters(prepayId: string, now: Date): JsapiPayment {
    const timeStamp = unixSeconds(now);
    const nonceStr = nonce();
    const packageValue = `prepay_id=${prepayId}`;
    return {
      appId: merchant.appId,
      timeStamp,
      nonceStr,
      package: packageValue,
      signType: 'RSA',
      paySign: rsaSign(
        paySignMessage(merchant.appId, timeStamp, nonceStr, packageValue),
        merchant.privateKey,
      ),
    };
  }

  return {
    provider: 'wechat',

    async prepay(request: PrepayRequest, now: Date): Promise<PrepayResult> {
      const answer = await call(
        'POST',
        '/v3/pay/transactions/jsapi',
        {
          appid: merchant.appId,
          mchid: merchant.mchId,
          description: request.description.slice(0, 127),
          out_trade_no: request.orderNo,
          notify_url: request.notifyUrl,
          amount: { total: request.totalFen, currency: 'CNY' },
          payer: { openid: request.openId },
        },
        now,
      );
      if (typeof answer.prepay_id !== 'string') throw new PaymentProviderError('BAD_ANSWER', 'no prepay_id');
      return { kind: 'jsapi', payment: jsapiParameters(answer.prepay_id, now) };
    },

    async prepayNative(request: NativePrepayRequest, now: Date): Promise<NativePrepayResult> {
      const answer = await call(
        'POST',
        '/v3/pay/transactions/native',
        {
          appid: merchant.appId,
          mchid: merchant.mchId,
          description: request.description.slice(0, 127),
          out_trade_no: request.orderNo,
          time_expire: rfc3339China(request.expiresAt),
          notify_url: request.notifyUrl,
          amount: { total: request.totalFen, currency: 'CNY' },
        },
        now,
      );
      if (typeof answer.code_url !== 'string') throw new PaymentProviderError('BAD_ANSWER', 'no code_url');
      return { kind: 'native', codeUrl: answer.code_url };
    },

    async refund(request: RefundRequest, now: Date): Promise<RefundResult> {
      const answer = await call(
        'POST',
        '/v3/refund/domestic/refunds',
        {
          out_trade_no: request.orderNo,
          out_refund_no: request.outRefundNo,
          reason: request.reason.slice(0, 80),
          amount: { refund: request.refundFen, total: request.totalFen, currency: 'CNY' },
        },
        now,
      );
      if (typeof answer.refund_id !== 'string') throw new PaymentProviderError('BAD_ANSWER', 'no refund_id');
      return { refundId: answer.refund_id, status: typeof answer.status === 'string' ? answer.status : '' };
    },

    async check(now: Date): Promise<CheckResult> {
      try {
        const answer = await call('GET', '/v3/certificates', undefined, now);
        const data = Array.isArray(answer.data) ? (answer.data as Array<Record<string, unknown>>) : [];
        const serials = data.map((entry) => String(entry.serial_no ?? '').toUpperCase());
        if (!serials.includes(merchant.platformSerial.toUpperCase())) {
          return { ok: false, code: 'PLATFORM_SERIAL', message: serials.join(', ') };
        }
        // The certificates come sealed with the API v3 key: opening one proves the key is right.
        const ours = data[serials.indexOf(merchant.platformSerial.toUpperCase())]!;
        const sealed = ours.encrypt_certificate as Parameters<typeof decryptResource>[0] | undefined;
        if (!sealed || decryptResource(sealed, merchant.apiV3Key) === null) {
          return { ok: false, code: 'API_V3_KEY', message: '' };
        }
        return { ok: true, code: '', message: merchant.platformSerial };
      } catch (error) {
        if (error instanceof PaymentProviderError)
          return { ok: false, code: error.code, message: error.message };
        throw error;
      }
    },

    readPaidNotification(request: NotificationRequest): PaidTransaction {
      const refuse = (why: string): never => {
        throw new PaymentProviderError('BAD_NOTIFICATION', why);
      };
      if (!signedByPlatform(request.headers, request.rawBody, request.now)) refuse('signature');
      const body = JSON.parse(request.rawBody) as {
        id: string;
        event_type: string;
        resource: Parameters<typeof decryptResource>[0];
      };
      if (body.event_type !== 'TRANSACTION.SUCCESS') refuse(`event ${body.event_type}`);
      const plain = decryptResource(body.resource, merchant.apiV3Key) ?? refuse('resource');
      const transaction = JSON.parse(plain) as {
        mchid?: string;
        appid?: string;
        out_trade_no?: string;
        transaction_id?: string;
        trade_state?: string;
        amount?: { total?: number };
      };
      if (transaction.trade_state !== 'SUCCESS') refuse(`trade_state ${transaction.trade_state}`);
      if (transaction.mchid !== merchant.mchId || transaction.appid !== merchant.appId) refuse('merchant');
      if (typeof transaction.out_trade_no !== 'string' || typeof transaction.transaction_id !== 'string') {
        refuse('transaction');
      }
      if (!Number.isInteger(transaction.amount?.total)) refuse('amount');
      return {
        notificationId: body.id,
        transactionId: transaction.transaction_id!,
        orderNo: transaction.out_trade_no!,
        amountFen: transaction.amount!.total!,
        mchId: merchant.mchId,
        appId: merchant.appId,
      };
    },

    /** 发起商家转账 (POST /v3/transfer/batches): one detail per batch; accepted means not paid yet. */
    async transfer(request: TransferRequest, now: Date): Promise<TransferResult> {
      const sealName = request.realName !== '';
      let answer: Record<string, unknown>;
      try {
        answer = await call(
          'POST',
          '/v3/transfer/batches',
          {
            appid: merchant.appId,
            out_batch_no: request.outBatchNo,
            batch_name: request.remark.slice(0, 32),
            batch_remark: request.remark.slice(0, 32),
            total_amount: request.amountFen,
            total_num: 1,
            transfer_detail_list: [
              {
                out_detail_no: request.outDetailNo,
                transfer_amount: request.amountFen,
                transfer_remark: request.remark.slice(0, 32),
                openid: request.openId,
                ...(sealName
                  ? { user_name: encryptSensitive(request.realName, merchant.platformCertificate) }
                  : {}),
              },
            ],
            notify_url: request.notifyUrl,
          },
          now,
          sealName ? { 'Wechatpay-Serial': merchant.platformSerial } : {},
        );
      } catch (error) {
        if (error instanceof PaymentProviderError && definiteRefusal(error))
          return { batchId: '', status: 'FAIL', reason: `${error.code}: ${error.message}` };
        throw error;
      }
      if (typeof answer.batch_id !== 'string') throw new PaymentProviderError('BAD_ANSWER', 'no batch_id');
      return {
        batchId: answer.batch_id,
        status: answer.batch_status === 'CLOSED' ? 'FAIL' : 'PROCESSING',
        reason: answer.batch_status === 'CLOSED' ? 'CLOSED' : '',
      };
    },

    /** 通过商家明细单号查询明细单: the one detail of the batch decides. */
    async queryTransfer(request, now: Date): Promise<TransferResult> {
      const path = `/v3/transfer/batches/out-batch-no/${encodeURIComponent(request.outBatchNo)}/details/out-detail-no/${encodeURIComponent(request.outDetailNo)}`;
      const answer = await call('GET', path, undefined, now);
      const status = detailStatus(answer.detail_status);
      return {
        batchId: typeof answer.batch_id === 'string' ? answer.batch_id : '',
        status,
        reason: status === 'FAIL' ? String(answer.fail_reason ?? 'FAIL') : '',
      };
    },

    /** 商家转账批次回调通知: a batch of one detail finished (paid or failed) or closed (failed). */
    readTransferNotification(request: NotificationRequest): TransferNotice {
      const refuse = (why: string): never => {
        throw new PaymentProviderError('BAD_NOTIFICATION', why);
      };
      if (!signedByPlatform(request.headers, request.rawBody, request.now)) refuse('signature');
      const body = JSON.parse(request.rawBody) as {
        id: string;
        event_type: string;
        resource: Parameters<typeof decryptResource>[0];
      };
      if (body.event_type !== 'MCHTRANSFER.BATCH.FINISHED' && body.event_type !== 'MCHTRANSFER.BATCH.CLOSED')
        refuse(`event ${body.event_type}`);
      const plain = decryptResource(body.resource, merchant.apiV3Key) ?? refuse('resource');
      const batch = JSON.parse(plain) as {
        mchid?: string;
        out_batch_no?: string;
        batch_id?: string;
        batch_status?: string;
        success_num?: number;
        fail_num?: number;
        close_reason?: string;
      };
      if (batch.mchid !== merchant.mchId) refuse('merchant');
      if (typeof batch.out_batch_no !== 'string' || typeof batch.batch_id !== 'string') refuse('batch');
      const paid = batch.batch_status === 'FINISHED' && (batch.success_num ?? 0) > 0;
      const failed =
        batch.batch_status === 'CLOSED' || (batch.batch_status === 'FINISHED' && (batch.fail_num ?? 0) > 0);
      return {
        notificationId: body.id,
        outBatchNo: batch.out_batch_no!,
        batchId: batch.batch_id!,
        status: paid ? 'SUCCESS' : failed ? 'FAIL' : 'PROCESSING',
        reason: failed ? (batch.close_reason ?? 'FAIL') : '',
      };
    },
  };
}
