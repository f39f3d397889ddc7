import { createHash } from 'node:crypto';
import type { Carrier } from '../../../contract/machines/order';
import type { Kuaidi100Record } from './tables';

/**
 * Electronic waybills: a carrier account may be tied to a provider that assigns tracking numbers.
 * One provider is implemented, Kuaidi100's electronic-waybill API (api.kuaidi100.com/label/order):
 * an `application/x-www-form-urlencoded` POST of `method`, `key`, `t` (milliseconds), `param` (JSON)
 * and `sign` = upper-case hex MD5 of `param + t + key + secret`. The answer is JSON with `success`
 * (or `result`), `code` (or `returnCode`) 200, `message` and `data` holding `kuaidinum` (the tracking
 * number), `taskId` and `bulkpen` (the sorting code).
 */

export interface WaybillParty {
  name: string;
  mobile: string;
  printAddr: string;
}

export interface WaybillRequest {
  orderNo: string;
  carrier: Carrier;
  sender: WaybillParty;
  receiver: WaybillParty;
  cargo: string;
  count: number;
  remark: string;
}

export interface WaybillResult {
  trackingNo: string;
  taskId: string;
  sortingCode: string;
}

export interface WaybillProvider {
  order(account: Kuaidi100Record, request: WaybillRequest): Promise<WaybillResult>;
  cancel(
    account: Kuaidi100Record,
    waybill: { carrier: Carrier; trackingNo: string; orderNo: string; reason: string },
  ): Promise<void>;
}

/** The provider answered with an error, or could not be reached; `message` is shown to the operator. */
export class WaybillProviderError extends Error {}

export const KUAIDI100_LABEL_URL = 'https://api.kuaidi100.com/label/order';
const TIMEOUT_MS = 10_000;

/** Kuaidi100's company codes for our carriers. */
export const KUAIDI100_COMPANIES: Record<Exclude<Carrier, 'self'>, string> = {
  SF: 'shunfeng',
  ZTO: 'zhongtong',
  YTO: 'yuantong',
  STO: 'shentong',
  YD: 'yunda',
  JT: 'jtexpress',
  EMS: 'ems',
  JD: 'jd',
  DBL: 'debangkuaidi',
};

export function kuaidi100Sign(param: string, t: string, key: string, secret: string): string {
  return createHash('md5')
    .update(param + t + key + secret)
    .digest('hex')
    .toUpperCase();
}

/** The form body of a call: what Kuaidi100 verifies the signature over. */
export function kuaidi100Form(
  method: string,
  account: Pick<Kuaidi100Record, 'Key' | 'Secret'>,
  param: object,
  t: string,
) {
  const json = JSON.stringify(param);
  return new URLSearchParams({
    method,
    key: account.Key,
    t,
    sign: kuaidi100Sign(json, t, account.Key, account.Secret),
    param: json,
  });
}

function accountParam(account: Kuaidi100Record) {
  const optional = {
    partnerKey: account.PartnerKey,
    partnerSecret: account.PartnerSecret,
    partnerName: account.PartnerName,
    net: account.Net,
    code: account.Code,
  };
  return {
    partnerId: account.PartnerId,
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== '')),
  };
}

function company(carrier: Carrier): string {
  if (carrier === 'self') throw new WaybillProviderError('no electronic waybill for own delivery');
  return KUAIDI100_COMPANIES[carrier];
}

interface Kuaidi100Answer {
  success?: boolean;
  result?: boolean;
  code?: number | string;
  returnCode?: number | string;
  message?: string;
  data?: { kuaidinum?: string; taskId?: string; bulkpen?: string } | null;
}

export function createKuaidi100Provider(options: { endpoint?: string } = {}): WaybillProvider {
  const endpoint = options.endpoint ?? KUAIDI100_LABEL_URL;
  const call = async (form: URLSearchParams): Promise<Kuaidi100Answer> => {
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new WaybillProviderError(error instanceof Error ? error.message : String(error));
    }
    const text = await response.text();
    let answer: Kuaidi100Answer;
    try {
      answer = JSON.parse(text) as Kuaidi100Answer;
    } catch {
      throw new WaybillProviderError(`HTTP ${response.status}: ${text.slice(0, 200)}`);
    }
    const ok = (answer.success ?? answer.result) === true && Number(answer.code ?? answer.returnCode) === 200;
    if (!ok) throw new WaybillProviderError(answer.message || `HTTP ${response.status}`);
    return answer;
  };
  return {
    async order(account, request) {
      const param = {
        ...accountParam(account),
        kuaidicom: company(request.carrier),
        recMan: { ...request.receiver, company: '' },
        sendMan: { ...request.sender, company: '' },
        cargo: request.cargo,
        count: request.count,
        payType: 'SHIPPER',
        ...(account.ExpType ? { expType: account.ExpType } : {}),
        ...(account.TempId ? { tempId: account.TempId } : {}),
        remark: request.remark,
        orderId: request.orderNo,
        // The sheet is printed by the shop's browser; the provider only assigns the number.
        printType: 'NON',
      };
      const answer = await call(kuaidi100Form('order', account, param, String(Date.now())));
      const trackingNo = answer.data?.kuaidinum;
      if (!trackingNo) throw new WaybillProviderError(answer.message || 'no tracking number in the answer');
      return { trackingNo, taskId: answer.data?.taskId ?? '', sortingCode: answer.data?.bulkpen ?? '' };
    },
    async cancel(account, waybill) {
      const param = {
        ...accountParam(account),
        kuaidicom: company(waybill.carrier),
        kuaidinum: waybill.trackingNo,
        orderId: waybill.orderNo,
        reason: waybill.reason,
      };
      await call(kuaidi100Form('cancel', account, param, String(Date.now())));
    },
  };
}

/** The providers carrier accounts can use, by id; tests swap in one aimed at a local stand-in. */
export const waybillProviders: Record<'kuaidi100', WaybillProvider> = {
  kuaidi100: createKuaidi100Provider(),
};
