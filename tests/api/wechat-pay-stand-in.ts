import { createCipheriv, createHash, createPublicKey, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  answerMessage,
  certificateSerial,
  decryptSensitive,
  parseAuthorization,
  requestMessage,
  rsaSign,
  rsaVerify,
} from '../../server/areas/payment/wechat-pay-crypto';

/**
 * A local stand-in for WeChat Pay API v3, for tests: it checks each request's signature with the
 * merchant's public key as WeChat Pay does, answers signed with the platform key, and sends signed,
 * encrypted notifications. Its keys (tests/fixtures/wechat-pay) are throw-away test keys.
 */

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/wechat-pay');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');

export const TEST_MERCHANT = {
  mchId: '1900000109',
  appId: 'wx0123456789abcdef',
  apiV3Key: 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6',
  privateKey: fixture('merchant-key.pem'),
  certificate: fixture('merchant-cert.pem'),
  serialNo: certificateSerial(fixture('merchant-cert.pem'))!,
  platformCertificate: fixture('platform-cert.pem'),
  platformSerial: certificateSerial(fixture('platform-cert.pem'))!,
};
const PLATFORM_KEY = fixture('platform-key.pem');
/** A sound RSA key that is not the merchant's: requests signed with it must be refused. */
export const NOT_THE_MERCHANT_KEY = PLATFORM_KEY;

export interface StandInRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  /** The Wechatpay-Serial header a request with sealed fields names. */
  serial?: string;
}

/** A transfer batch of one detail as the stand-in keeps it (商家转账到零钱). */
export interface StandInTransfer {
  outBatchNo: string;
  batchId: string;
  outDetailNo: string;
  detailId: string;
  openId: string;
  amountFen: number;
  /** The payee's name as WeChat Pay reads it from the sealed user_name; null when none was sent. */
  userName: string | null;
  status: 'PROCESSING' | 'SUCCESS' | 'FAIL';
  failReason: string;
}

export interface WechatPayStandIn {
  url: string;
  /** Every request that passed the signature check. */
  received: StandInRequest[];
  /** Answer the next call with this documented error instead. */
  failNext(status: number, code: string, message: string): void;
  /** WeChat Pay's notification of a paid order, signed and encrypted, as it would POST it. */
  notification(paid: { orderNo: string; amountFen: number; transactionId?: string; tradeState?: string }): {
    headers: Record<string, string>;
    body: string;
  };
  /** Special-merchant applications received (applyment4sub), by business_code, sealed fields opened. */
  applyments: Map<string, StandInApplyment>;
  /** What the state query answers for an application from now on. */
  setApplymentState(businessCode: string, state: string, extra?: Record<string, unknown>): void;
  /** Transfer batches received, by out_batch_no. */
  transfers: Map<string, StandInTransfer>;
  /** Finishes a transfer's one detail: paid, or failed with WeChat Pay's reason. */
  finishTransfer(outBatchNo: string, status: 'SUCCESS' | 'FAIL', failReason?: string): void;
  /** WeChat Pay's notification of a transfer batch that finished (or closed), signed and encrypted. */
  transferNotification(
    outBatchNo: string,
    event?: 'FINISHED' | 'CLOSED',
  ): { headers: Record<string, string>; body: string };
  close(): Promise<void>;
}

/** An application as the stand-in keeps it: the body as sent, and its sealed fields opened. */
export interface StandInApplyment {
  applymentId: string;
  body: Record<string, unknown>;
  opened: Record<string, string>;
  state: string;
  extra: Record<string, unknown>;
}

/** A multipart upload's meta JSON and file bytes (图片上传), or null when it is not one. */
function multipartParts(raw: Buffer, contentType: string): { meta: string; file: Buffer } | null {
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1];
  if (!boundary) return null;
  const parts = new Map<string, Buffer>();
  const delimiter = Buffer.from(`--${boundary}`);
  let start = raw.indexOf(delimiter);
  while (start !== -1) {
    const next = raw.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = raw.subarray(start + delimiter.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const name = /name="([^"]+)"/.exec(part.subarray(0, split).toString('utf8'))?.[1];
    if (name) parts.set(name, part.subarray(split + 4));
    start = next;
  }
  const meta = parts.get('meta');
  const file = parts.get('file');
  return meta && file ? { meta: meta.toString('utf8'), file } : null;
}

/** The fields of biz_store_info WeChat Pay requires of a physical store, with its names of them. */
const STORE_INFO_FIELDS = {
  biz_store_name: '线下场所名称',
  biz_address_code: '线下场所省市编码',
  biz_store_address: '线下场所地址',
  store_entrance_pic: '线下场所门头照片',
  indoor_pic: '线下场所内部照片',
} as const;

function seal(plain: string, apiV3Key: string, associatedData: string) {
  const iv = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(iv, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    nonce: iv,
    associated_data: associatedData,
    ciphertext: data.toString('base64'),
  };
}

function signedHeaders(body: string): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const once = randomBytes(16).toString('hex');
  return {
    'Wechatpay-Timestamp': timestamp,
    'Wechatpay-Nonce': once,
    'Wechatpay-Serial': TEST_MERCHANT.platformSerial,
    'Wechatpay-Signature': rsaSign(answerMessage(timestamp, once, body), PLATFORM_KEY),
    'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
  };
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

export async function startWechatPayStandIn(options: { port?: number } = {}): Promise<WechatPayStandIn> {
  const merchantPublicKey = createPublicKey(TEST_MERCHANT.certificate)
    .export({ type: 'spki', format: 'pem' })
    .toString();
  const received: StandInRequest[] = [];
  const refunds = new Map<string, Record<string, unknown>>();
  const transfers = new Map<string, StandInTransfer>();
  const applyments = new Map<string, StandInApplyment>();
  const media = new Set<string>();
  let failure: { status: number; code: string; message: string } | null = null;

  const answer = (response: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    response.writeHead(status, {
      'Content-Type': 'application/json',
      ...(status < 300 ? signedHeaders(text) : {}),
    });
    response.end(text);
  };
  const error = (response: ServerResponse, status: number, code: string, message: string) =>
    answer(response, status, { code, message });

  const required = (path: string, name: string) =>
    `输入源"/body/${path}"映射到字段"${name}"必填性规则校验失败`;

  /** applyment4sub: sealed fields must open with the platform key, images must be uploaded media. */
  const applyment4sub = (response: ServerResponse, body: Record<string, unknown>, serial: unknown) => {
    if (serial !== TEST_MERCHANT.platformSerial)
      return error(response, 400, 'PARAM_ERROR', 'Wechatpay-Serial 与加密证书不符');
    const businessCode = String(body.business_code ?? '');
    if (!businessCode) return error(response, 400, 'PARAM_ERROR', required('business_code', '业务申请编号'));
    if (applyments.has(businessCode)) return error(response, 400, 'PARAM_ERROR', '业务申请编号已存在');
    const contact = (body.contact_info ?? {}) as Record<string, unknown>;
    const subject = (body.subject_info ?? {}) as Record<string, unknown>;
    const identity = ((subject.identity_info ?? {}) as Record<string, unknown>).id_card_info as
      | Record<string, unknown>
      | undefined;
    const bank = (body.bank_account_info ?? {}) as Record<string, unknown>;
    const sealed: Record<string, unknown> = {
      'contact_info/contact_name': contact.contact_name,
      'contact_info/mobile_phone': contact.mobile_phone,
      'subject_info/identity_info/id_card_info/id_card_name': identity?.id_card_name,
      'subject_info/identity_info/id_card_info/id_card_number': identity?.id_card_number,
      'bank_account_info/account_name': bank.account_name,
      'bank_account_info/account_number': bank.account_number,
    };
    const opened: Record<string, string> = {};
    for (const [path, value] of Object.entries(sealed)) {
      const plain = typeof value === 'string' ? decryptSensitive(value, PLATFORM_KEY) : null;
      if (plain === null) return error(response, 400, 'PARAM_ERROR', `${path} 解密失败`);
      opened[path] = plain;
    }
    const business = (body.business_info ?? {}) as Record<string, unknown>;
    const sales = (business.sales_info ?? {}) as Record<string, unknown>;
    const scenes = Array.isArray(sales.sales_scenes_type) ? sales.sales_scenes_type : [];
    if (scenes.length === 0)
      return error(
        response,
        400,
        'PARAM_ERROR',
        required('business_info/sales_info/sales_scenes_type', '经营场景类型'),
      );
    const pictures: unknown[] = [
      ((subject.business_license_info ?? {}) as Record<string, unknown>).license_copy,
      identity?.id_card_copy,
      identity?.id_card_national,
    ];
    if (scenes.includes('SALES_SCENES_STORE')) {
      const store = (sales.biz_store_info ?? {}) as Record<string, unknown>;
      for (const [field, name] of Object.entries(STORE_INFO_FIELDS)) {
        const value = store[field];
        const filled = Array.isArray(value) ? value.length > 0 : typeof value === 'string' && value !== '';
        if (!filled)
          return error(
            response,
            400,
            'PARAM_ERROR',
            required(`business_info/sales_info/biz_store_info/${field}`, name),
          );
      }
      if (!/^\d{6}$/.test(String(store.biz_address_code)))
        return error(response, 400, 'PARAM_ERROR', '线下场所省市编码须为省市区编号对照表中的编码');
      pictures.push(...(store.store_entrance_pic as unknown[]), ...(store.indoor_pic as unknown[]));
    }
    if (scenes.includes('SALES_SCENES_MINI_PROGRAM')) {
      // 小程序场景: mini_program_info with one of the provider's or the merchant's app id (二选一).
      const info = sales.mini_program_info as Record<string, unknown> | undefined;
      if (!info)
        return error(
          response,
          400,
          'PARAM_ERROR',
          required('business_info/sales_info/mini_program_info', '小程序场景'),
        );
      const appIds = [info.mini_program_appid, info.mini_program_sub_appid].filter(
        (value) => value !== undefined,
      );
      if (appIds.length !== 1 || typeof appIds[0] !== 'string' || !/^wx[0-9a-zA-Z]{16}$/.test(appIds[0]))
        return error(response, 400, 'PARAM_ERROR', '服务商小程序APPID与商家小程序APPID须二选一填写');
      const pics = info.mini_program_pics;
      if (pics !== undefined) {
        if (!Array.isArray(pics) || pics.length > 5)
          return error(response, 400, 'PARAM_ERROR', '小程序截图最多 5 张');
        pictures.push(...(pics as unknown[]));
      }
    }
    for (const picture of pictures)
      if (typeof picture !== 'string' || !media.has(picture))
        return error(response, 400, 'PARAM_ERROR', `图片 ${String(picture)} 不是本商户上传的 media_id`);
    const applymentId = String(2_000_002_000_000 + applyments.size + 1);
    applyments.set(businessCode, {
      applymentId,
      body,
      opened,
      state: 'APPLYMENT_STATE_AUDITING',
      extra: {},
    });
    return answer(response, 200, { applyment_id: Number(applymentId) });
  };

  const server: Server = createServer(async (request, response) => {
    const raw = await readBody(request);
    const contentType = request.headers['content-type'] ?? '';
    // An upload signs its meta JSON only, not the multipart body.
    const upload = contentType.startsWith('multipart/form-data') ? multipartParts(raw, contentType) : null;
    const body = upload ? upload.meta : raw.toString('utf8');
    const pathWithQuery = request.url ?? '/';
    const auth = parseAuthorization(request.headers.authorization ?? '');
    const signed =
      auth !== null &&
      auth.mchid === TEST_MERCHANT.mchId &&
      auth.serial_no?.toUpperCase() === TEST_MERCHANT.serialNo &&
      Math.abs(Date.now() / 1000 - Number(auth.timestamp)) <= 300 &&
      rsaVerify(
        requestMessage(request.method ?? '', pathWithQuery, auth.timestamp ?? '', auth.nonce_str ?? '', body),
        auth.signature ?? '',
        merchantPublicKey,
      );
    if (!signed) return error(response, 401, 'SIGN_ERROR', '签名错误');
    const parsed = body === '' ? {} : (JSON.parse(body) as Record<string, unknown>);
    const serial = request.headers['wechatpay-serial'];
    received.push({
      method: request.method ?? '',
      path: pathWithQuery,
      body: parsed,
      ...(typeof serial === 'string' ? { serial } : {}),
    });
    if (failure) {
      const { status, code, message } = failure;
      failure = null;
      return error(response, status, code, message);
    }
    const amount = (parsed.amount ?? {}) as Record<string, unknown>;
    if (request.method === 'POST' && pathWithQuery === '/v3/merchant/media/upload') {
      if (!upload)
        return error(response, 400, 'PARAM_ERROR', '图片上传须为 multipart/form-data，含 meta 和 file');
      if (createHash('sha256').update(upload.file).digest('hex') !== parsed.sha256)
        return error(response, 400, 'PARAM_ERROR', '文件摘要与 meta 中的 sha256 不符');
      const mediaId = `V2_${randomBytes(20).toString('hex')}`;
      media.add(mediaId);
      return answer(response, 200, { media_id: mediaId });
    }
    if (request.method === 'POST' && pathWithQuery === '/v3/applyment4sub/applyment/') {
      return applyment4sub(response, parsed, serial);
    }
    const applymentQuery = /^\/v3\/applyment4sub\/applyment\/business_code\/([^/?]+)$/.exec(pathWithQuery);
    if (request.method === 'GET' && applymentQuery) {
      const found = applyments.get(decodeURIComponent(applymentQuery[1]!));
      if (!found) return error(response, 404, 'RESOURCE_NOT_EXISTS', '进件申请单不存在');
      return answer(response, 200, {
        business_code: decodeURIComponent(applymentQuery[1]!),
        applyment_id: Number(found.applymentId),
        applyment_state: found.state,
        ...found.extra,
      });
    }
    if (request.method === 'GET' && pathWithQuery === '/v3/certificates') {
      return answer(response, 200, {
        data: [
          {
            serial_no: TEST_MERCHANT.platformSerial,
            effective_time: '2025-01-01T00:00:00+08:00',
            expire_time: '2035-01-01T00:00:00+08:00',
            encrypt_certificate: seal(
              TEST_MERCHANT.platformCertificate,
              TEST_MERCHANT.apiV3Key,
              'certificate',
            ),
          },
        ],
      });
    }
    if (request.method === 'POST' && pathWithQuery === '/v3/pay/transactions/jsapi') {
      const payer = (parsed.payer ?? {}) as Record<string, unknown>;
      for (const field of ['appid', 'mchid', 'description', 'out_trade_no', 'notify_url'] as const) {
        if (typeof parsed[field] !== 'string' || parsed[field] === '') {
          return error(
            response,
            400,
            'PARAM_ERROR',
            `输入源"/body/${field}"映射到字段"${field}"必填性规则校验失败`,
          );
        }
      }
      if (!Number.isInteger(amount.total) || (amount.total as number) < 1) {
        return error(response, 400, 'PARAM_ERROR', '输入源"/body/amount/total"映射到值字段"总金额"校验失败');
      }
      if (typeof payer.openid !== 'string') return error(response, 400, 'PARAM_ERROR', '缺少参数 openid');
      if (parsed.appid !== TEST_MERCHANT.appId)
        return error(response, 400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
      return answer(response, 200, { prepay_id: `wx${randomBytes(14).toString('hex')}` });
    }
    if (request.method === 'POST' && pathWithQuery === '/v3/pay/transactions/native') {
      for (const field of ['appid', 'mchid', 'description', 'out_trade_no', 'notify_url'] as const) {
        if (typeof parsed[field] !== 'string' || parsed[field] === '') {
          return error(response, 400, 'PARAM_ERROR', `缺少参数 ${field}`);
        }
      }
      if (!Number.isInteger(amount.total) || (amount.total as number) < 1) {
        return error(response, 400, 'PARAM_ERROR', '输入源"/body/amount/total"映射到值字段"总金额"校验失败');
      }
      if (
        typeof parsed.time_expire === 'string' &&
        !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/.test(parsed.time_expire)
      ) {
        return error(response, 400, 'PARAM_ERROR', 'time_expire 格式错误');
      }
      if (parsed.appid !== TEST_MERCHANT.appId)
        return error(response, 400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
      return answer(response, 200, {
        code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(5).toString('hex')}`,
      });
    }
    if (request.method === 'POST' && pathWithQuery === '/v3/refund/domestic/refunds') {
      const key = String(parsed.out_refund_no ?? '');
      if (!key) return error(response, 400, 'PARAM_ERROR', '缺少参数 out_refund_no');
      if (!Number.isInteger(amount.refund) || (amount.refund as number) > (amount.total as number)) {
        return error(response, 400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
      }
      const refund = refunds.get(key) ?? {
        refund_id: `50${randomBytes(12).toString('hex')}`,
        out_refund_no: key,
        out_trade_no: parsed.out_trade_no,
        status: 'PROCESSING',
        amount: { refund: amount.refund, total: amount.total, currency: 'CNY' },
      };
      refunds.set(key, refund);
      return answer(response, 200, refund);
    }
    if (request.method === 'POST' && pathWithQuery === '/v3/transfer/batches') {
      const details = Array.isArray(parsed.transfer_detail_list)
        ? (parsed.transfer_detail_list as Record<string, unknown>[])
        : [];
      const outBatchNo = String(parsed.out_batch_no ?? '');
      if (!/^[A-Za-z0-9]{1,32}$/.test(outBatchNo))
        return error(response, 400, 'PARAM_ERROR', '商家批次单号只能由数字、大小写字母组成');
      if (parsed.appid !== TEST_MERCHANT.appId)
        return error(response, 400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
      const sum = details.reduce((total, detail) => total + Number(detail.transfer_amount), 0);
      if (details.length === 0 || parsed.total_num !== details.length || parsed.total_amount !== sum)
        return error(response, 400, 'PARAM_ERROR', '转账总金额或总笔数与明细不符');
      const detail = details[0]!;
      let userName: string | null = null;
      if (detail.user_name !== undefined) {
        if (serial !== TEST_MERCHANT.platformSerial)
          return error(response, 400, 'PARAM_ERROR', 'Wechatpay-Serial 与加密证书不符');
        userName = decryptSensitive(String(detail.user_name), PLATFORM_KEY);
        if (userName === null) return error(response, 400, 'PARAM_ERROR', '收款用户姓名解密失败');
      }
      const transfer = transfers.get(outBatchNo) ?? {
        outBatchNo,
        batchId: `1030000${randomBytes(10).toString('hex')}`,
        outDetailNo: String(detail.out_detail_no),
        detailId: `1040000${randomBytes(10).toString('hex')}`,
        openId: String(detail.openid),
        amountFen: Number(detail.transfer_amount),
        userName,
        status: 'PROCESSING' as const,
        failReason: '',
      };
      transfers.set(outBatchNo, transfer);
      return answer(response, 200, {
        out_batch_no: outBatchNo,
        batch_id: transfer.batchId,
        create_time: new Date().toISOString(),
        batch_status: 'ACCEPTED',
      });
    }
    const detailPath =
      /^\/v3\/transfer\/batches\/out-batch-no\/([^/]+)\/details\/out-detail-no\/([^/?]+)$/.exec(
        pathWithQuery,
      );
    if (request.method === 'GET' && detailPath) {
      const transfer = transfers.get(decodeURIComponent(detailPath[1]!));
      if (!transfer || transfer.outDetailNo !== decodeURIComponent(detailPath[2]!))
        return error(response, 404, 'NOT_FOUND', '记录不存在');
      return answer(response, 200, {
        mchid: TEST_MERCHANT.mchId,
        out_batch_no: transfer.outBatchNo,
        batch_id: transfer.batchId,
        appid: TEST_MERCHANT.appId,
        out_detail_no: transfer.outDetailNo,
        detail_id: transfer.detailId,
        detail_status: transfer.status,
        transfer_amount: transfer.amountFen,
        transfer_remark: '佣金提现',
        ...(transfer.status === 'FAIL' ? { fail_reason: transfer.failReason } : {}),
        openid: transfer.openId,
        initiate_time: new Date().toISOString(),
        update_time: new Date().toISOString(),
      });
    }
    return error(response, 404, 'NOT_FOUND', 'not found');
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    failNext(status, code, message) {
      failure = { status, code, message };
    },
    notification(paid) {
      const transaction = {
        mchid: TEST_MERCHANT.mchId,
        appid: TEST_MERCHANT.appId,
        out_trade_no: paid.orderNo,
        transaction_id: paid.transactionId ?? `4200${randomBytes(12).toString('hex')}`,
        trade_type: 'JSAPI',
        trade_state: paid.tradeState ?? 'SUCCESS',
        trade_state_desc: '支付成功',
        success_time: new Date().toISOString(),
        payer: { openid: 'buyer-openid' },
        amount: {
          total: paid.amountFen,
          payer_total: paid.amountFen,
          currency: 'CNY',
          payer_currency: 'CNY',
        },
      };
      const body = JSON.stringify({
        id: randomBytes(16).toString('hex'),
        create_time: new Date().toISOString(),
        resource_type: 'encrypt-resource',
        event_type: 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource: {
          original_type: 'transaction',
          ...seal(JSON.stringify(transaction), TEST_MERCHANT.apiV3Key, 'transaction'),
        },
      });
      return { headers: { 'Content-Type': 'application/json', ...signedHeaders(body) }, body };
    },
    applyments,
    setApplymentState(businessCode, state, extra = {}) {
      const found = applyments.get(businessCode);
      if (!found) throw new Error(`no applyment ${businessCode}`);
      found.state = state;
      found.extra = extra;
    },
    transfers,
    finishTransfer(outBatchNo, status, failReason = '') {
      const transfer = transfers.get(outBatchNo);
      if (!transfer) throw new Error(`no transfer ${outBatchNo}`);
      transfer.status = status;
      transfer.failReason = failReason;
    },
    transferNotification(outBatchNo, event = 'FINISHED') {
      const transfer = transfers.get(outBatchNo);
      if (!transfer) throw new Error(`no transfer ${outBatchNo}`);
      const batch = {
        mchid: TEST_MERCHANT.mchId,
        out_batch_no: transfer.outBatchNo,
        batch_id: transfer.batchId,
        batch_status: event,
        total_num: 1,
        total_amount: transfer.amountFen,
        success_amount: transfer.status === 'SUCCESS' ? transfer.amountFen : 0,
        success_num: transfer.status === 'SUCCESS' ? 1 : 0,
        fail_amount: transfer.status === 'FAIL' ? transfer.amountFen : 0,
        fail_num: transfer.status === 'FAIL' ? 1 : 0,
        ...(event === 'CLOSED' ? { close_reason: 'OVERDUE_CLOSE' } : {}),
        update_time: new Date().toISOString(),
      };
      const body = JSON.stringify({
        id: randomBytes(16).toString('hex'),
        create_time: new Date().toISOString(),
        resource_type: 'encrypt-resource',
        event_type: `MCHTRANSFER.BATCH.${event}`,
        summary: '商家转账批次处理完成',
        resource: {
          original_type: 'mch_payment',
          ...seal(JSON.stringify(batch), TEST_MERCHANT.apiV3Key, 'mch_payment'),
        },
      });
      return { headers: { 'Content-Type': 'application/json', ...signedHeaders(body) }, body };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
