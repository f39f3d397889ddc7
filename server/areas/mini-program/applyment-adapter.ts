import { randomBytes } from 'node:crypto';
import type { WechatProvider } from '../../../contract/endpoints/mini-program';

/**
 * The applyment adapter (DESIGN §11): WeChat Pay's applyment4sub with the platform's service
 * provider account when configured, the sandbox otherwise. Calls go over the network: never inside
 * a database transaction. Refusals are ApplymentError with WeChat Pay's code.
 */

/** The application as WeChat Pay's body takes it, sensitive fields still in clear (the adapter seals them). */
export interface ApplymentRequest {
  businessCode: string;
  subjectType: string;
  merchantName: string;
  licenseNumber: string;
  licenseCopy: string;
  legalPerson: string;
  idCardName: string;
  idCardNumber: string;
  idCardCopy: string;
  idCardNational: string;
  idCardValidFrom: string;
  idCardValidTo: string;
  bankAccountType: string;
  accountBank: string;
  accountName: string;
  bankAddressCode: string;
  accountNumber: string;
  contactName: string;
  contactMobile: string;
  contactEmail: string;
  merchantShortname: string;
  servicePhone: string;
  /** 线下场所 (biz_store_info), present when the shop also sells in a physical store. */
  store?: ApplymentStore;
  /** 小程序场景 (mini_program_info): the shop's own mini-program and its screenshots' media ids. */
  miniProgram: { subAppId: string; pics: string[] };
}

export interface ApplymentStore {
  name: string;
  /** The district's six-digit code (省市区编号). */
  addressCode: string;
  /** Province, city and district names, then the street. */
  address: string;
  /** Media ids of the uploaded entrance and indoor photos. */
  entrancePic: string;
  indoorPic: string;
}

/** WeChat Pay's applyment_state, as its state query answers it. */
export type WechatApplymentState =
  | 'APPLYMENT_STATE_EDITTING'
  | 'APPLYMENT_STATE_AUDITING'
  | 'APPLYMENT_STATE_REJECTED'
  | 'APPLYMENT_STATE_TO_BE_CONFIRMED'
  | 'APPLYMENT_STATE_TO_BE_SIGNED'
  | 'APPLYMENT_STATE_SIGNING'
  | 'APPLYMENT_STATE_FINISHED'
  | 'APPLYMENT_STATE_CANCELED';

export interface ApplymentStatus {
  state: WechatApplymentState;
  signUrl: string;
  subMchId: string;
  /** The audit's reasons, joined. */
  reasons: string;
}

export interface ApplymentAdapter {
  readonly provider: WechatProvider;
  /** Uploads one image (/v3/merchant/media/upload) and gives its media id. */
  uploadImage(name: string, data: Buffer): Promise<string>;
  submit(request: ApplymentRequest): Promise<{ applymentId: string }>;
  query(
    businessCode: string,
    context: { submittedAt: Date; merchantName: string },
    now: Date,
  ): Promise<ApplymentStatus>;
}

export class ApplymentError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** Worth another try later (network, rate limit, WeChat Pay busy). */
    readonly transient: boolean,
  ) {
    super(message);
  }
}

/** A day after submission the sandbox's applyment is signed. */
const SANDBOX_SIGNING_MS = 24 * 60 * 60 * 1000;
/** Merchant names with this word are rejected by the sandbox, to try the rejection path. */
export const SANDBOX_REJECT_WORD = '驳回';

/**
 * WeChat Pay's applyment played locally: it takes images and applications, rejects one whose
 * merchant name holds 驳回, answers "to be signed" on the first query and "finished" a day after
 * submission, with a sandbox merchant id.
 */
export function sandboxApplyments(): ApplymentAdapter {
  return {
    provider: 'sandbox',
    async uploadImage(_name, data) {
      if (data.length === 0) throw new ApplymentError('PARAM_ERROR', 'empty image', false);
      return `sandbox-media-${randomBytes(12).toString('hex')}`;
    },
    async submit() {
      return { applymentId: String(2_000_000_000_000 + Math.floor(Math.random() * 999_999_999)) };
    },
    async query(businessCode, context, now) {
      if (context.merchantName.includes(SANDBOX_REJECT_WORD))
        return {
          state: 'APPLYMENT_STATE_REJECTED',
          signUrl: '',
          subMchId: '',
          reasons: '营业执照：主体名称与执照不一致（沙箱）',
        };
      if (now.getTime() - context.submittedAt.getTime() >= SANDBOX_SIGNING_MS)
        return {
          state: 'APPLYMENT_STATE_FINISHED',
          signUrl: '',
          subMchId: `19${businessCode.slice(-8).replace(/\D/g, '0').padStart(8, '0')}`,
          reasons: '',
        };
      return {
        state: 'APPLYMENT_STATE_TO_BE_SIGNED',
        signUrl: `https://pay.weixin.qq.com/public/apply4ec_sign/s?applymentId=sandbox-${businessCode}`,
        subMchId: '',
        reasons: '',
      };
    },
  };
}
