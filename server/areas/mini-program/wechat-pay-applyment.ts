import { constants, createHash, publicEncrypt, X509Certificate } from 'node:crypto';
import type { WechatPayPartnerConfig } from '../../config';
import {
  answerMessage,
  authorizationHeader,
  nonce,
  requestMessage,
  rsaSign,
  rsaVerify,
  unixSeconds,
} from '../payment/service';
import {
  type ApplymentAdapter,
  ApplymentError,
  type ApplymentRequest,
  type WechatApplymentState,
} from './applyment-adapter';

const TIMEOUT_MS = 15_000;
/** 716: 企业, 719: 个体工商户 — the settlement rules of a retail shop (零售批发). */
const SETTLEMENT_IDS: Record<string, string> = {
  SUBJECT_TYPE_ENTERPRISE: '716',
  SUBJECT_TYPE_INDIVIDUAL: '719',
};

/** WeChat Pay's "敏感信息加密": RSA-OAEP (SHA-1, MGF1) with the platform certificate, base64. */
export function encryptSensitive(value: string, platformCertificate: string): string {
  return publicEncrypt(
    { key: platformCertificate, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
    Buffer.from(value, 'utf8'),
  ).toString('base64');
}

/**
 * 小程序场景: the shop's own mini-program goes in mini_program_sub_appid (商家小程序, same subject as
 * the merchant); mini_program_appid is for the service provider's own mini-program, and WeChat Pay
 * takes only one of the two.
 */
function miniProgramInfo(miniProgram: ApplymentRequest['miniProgram']) {
  return {
    mini_program_sub_appid: miniProgram.subAppId,
    ...(miniProgram.pics.length > 0 ? { mini_program_pics: miniProgram.pics } : {}),
  };
}

/** The applyment4sub body (特约商户进件), sensitive fields encrypted. */
export function applymentBody(request: ApplymentRequest, seal: (value: string) => string) {
  return {
    business_code: request.businessCode,
    contact_info: {
      contact_type: 'LEGAL',
      contact_name: seal(request.contactName),
      mobile_phone: seal(request.contactMobile),
      contact_email: seal(request.contactEmail),
    },
    subject_info: {
      subject_type: request.subjectType,
      business_license_info: {
        license_copy: request.licenseCopy,
        license_number: request.licenseNumber,
        merchant_name: request.merchantName,
        legal_person: request.legalPerson,
      },
      identity_info: {
        id_holder_type: 'LEGAL',
        id_doc_type: 'IDENTIFICATION_TYPE_IDCARD',
        id_card_info: {
          id_card_copy: request.idCardCopy,
          id_card_national: request.idCardNational,
          id_card_name: seal(request.idCardName),
          id_card_number: seal(request.idCardNumber),
          card_period_begin: request.idCardValidFrom,
          card_period_end: request.idCardValidTo,
        },
        owner: true,
      },
    },
    business_info: {
      merchant_shortname: request.merchantShortname,
      service_phone: request.servicePhone,
      sales_info: request.store
        ? {
            sales_scenes_type: ['SALES_SCENES_STORE', 'SALES_SCENES_MINI_PROGRAM'],
            biz_store_info: {
              biz_store_name: request.store.name,
              biz_address_code: request.store.addressCode,
              biz_store_address: request.store.address,
              store_entrance_pic: [request.store.entrancePic],
              indoor_pic: [request.store.indoorPic],
            },
            mini_program_info: miniProgramInfo(request.miniProgram),
          }
        : {
            sales_scenes_type: ['SALES_SCENES_MINI_PROGRAM'],
            mini_program_info: miniProgramInfo(request.miniProgram),
          },
    },
    settlement_info: {
      settlement_id: SETTLEMENT_IDS[request.subjectType] ?? '716',
      qualification_type: '零售批发',
    },
    bank_account_info: {
      bank_account_type: request.bankAccountType,
      account_name: seal(request.accountName),
      account_bank: request.accountBank,
      bank_address_code: request.bankAddressCode,
      account_number: seal(request.accountNumber),
    },
  };
}

/**
 * applyment4sub of WeChat Pay API v3 (pay.weixin.qq.com/docs/partner/apis/contracted-merchant-application):
 * requests signed with the service provider's key, answers checked against WeChat Pay's platform
 * certificate, whose serial goes in Wechatpay-Serial because the body carries encrypted fields.
 */
export function wechatPayApplyments(partner: WechatPayPartnerConfig, apiBase: string): ApplymentAdapter {
  const platformSerial = new X509Certificate(partner.platformCertificate).serialNumber.toUpperCase();

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body: string | undefined,
    contentType: string | undefined,
    signed: string,
  ) {
    const timestamp = unixSeconds(new Date());
    const once = nonce();
    const authorization = authorizationHeader({
      mchId: partner.mchId,
      serialNo: partner.serialNo,
      nonce: once,
      timestamp,
      signature: rsaSign(requestMessage(method, path, timestamp, once, signed), partner.privateKey),
    });
    let response: Response;
    try {
      response = await fetch(`${apiBase}${path}`, {
        method,
        headers: {
          Authorization: authorization,
          Accept: 'application/json',
          'User-Agent': 'shop-backoffice',
          'Wechatpay-Serial': platformSerial,
          ...(contentType ? { 'Content-Type': contentType } : {}),
        },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ApplymentError('NETWORK', error instanceof Error ? error.message : String(error), true);
    }
    const answer = await response.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = answer ? (JSON.parse(answer) as Record<string, unknown>) : {};
    } catch {
      throw new ApplymentError('BAD_ANSWER', `HTTP ${response.status}: not JSON`, true);
    }
    if (!response.ok) {
      const code = typeof parsed.code === 'string' ? parsed.code : `HTTP_${response.status}`;
      throw new ApplymentError(
        code,
        typeof parsed.message === 'string' ? parsed.message : `HTTP ${response.status}`,
        response.status >= 500 || code === 'FREQUENCY_LIMITED' || code === 'SYSTEM_ERROR',
      );
    }
    const header = (name: string) => response.headers.get(name) ?? '';
    if (
      header('Wechatpay-Serial').toUpperCase() !== platformSerial ||
      !rsaVerify(
        answerMessage(header('Wechatpay-Timestamp'), header('Wechatpay-Nonce'), answer),
        header('Wechatpay-Signature'),
        partner.platformCertificate,
      )
    )
      throw new ApplymentError(
        'BAD_SIGNATURE',
        'the answer is not signed by WeChat Pay’s platform certificate',
        false,
      );
    return parsed;
  }

  return {
    provider: 'wechat',
    async uploadImage(name, data) {
      // The signature covers the meta JSON only (图片上传: filename and the file's SHA-256).
      const meta = JSON.stringify({
        filename: name,
        sha256: createHash('sha256').update(data).digest('hex'),
      });
      const boundary = `----shop${nonce()}`;
      const extension = name.split('.').pop()?.toLowerCase() === 'png' ? 'png' : 'jpeg';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="meta"\r\nContent-Type: application/json\r\n\r\n${meta}\r\n`,
        ),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/${extension}\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const answer = await call(
        'POST',
        '/v3/merchant/media/upload',
        body as unknown as string,
        `multipart/form-data; boundary=${boundary}`,
        meta,
      );
      return String(answer.media_id ?? '');
    },
    async submit(request) {
      const body = JSON.stringify(
        applymentBody(request, (value) => encryptSensitive(value, partner.platformCertificate)),
      );
      const answer = await call('POST', '/v3/applyment4sub/applyment/', body, 'application/json', body);
      return { applymentId: String(answer.applyment_id ?? '') };
    },
    async query(businessCode) {
      const path = `/v3/applyment4sub/applyment/business_code/${encodeURIComponent(businessCode)}`;
      const answer = await call('GET', path, undefined, undefined, '');
      const details = Array.isArray(answer.audit_detail) ? answer.audit_detail : [];
      return {
        state: String(answer.applyment_state ?? 'APPLYMENT_STATE_AUDITING') as WechatApplymentState,
        signUrl: String(answer.sign_url ?? ''),
        subMchId: String(answer.sub_mchid ?? ''),
        reasons: details
          .map((detail) => {
            const entry = detail as Record<string, unknown>;
            return `${String(entry.param_name ?? '')}: ${String(entry.reject_reason ?? '')}`;
          })
          .join('；'),
      };
    },
  };
}
