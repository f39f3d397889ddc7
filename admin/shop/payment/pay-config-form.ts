import type { PayConfig, SavePayConfigInput } from '../../../contract/endpoints/payment';
import { OFFLINE_PAYMENT_METHODS } from '../../../contract/machines/order';

/**
 * The payment form's draft. Secrets start empty and stay out of the save while empty, so the stored
 * ones are kept ("replace" only); the offline methods are one box each.
 */
export interface PayConfigDraft {
  WechatEnabled: boolean;
  MchId: string;
  AppId: string;
  SerialNo: string;
  ApiV3Key: string;
  PrivateKey: string;
  PlatformCertificate: string;
  cash: boolean;
  card: boolean;
  transfer: boolean;
  SandboxRefuses: boolean;
}

export function payConfigDraft(config: PayConfig): PayConfigDraft {
  return {
    WechatEnabled: config.WechatEnabled,
    MchId: config.MchId,
    AppId: config.AppId,
    SerialNo: config.SerialNo,
    ApiV3Key: '',
    PrivateKey: '',
    PlatformCertificate: '',
    cash: config.OfflineMethods.includes('cash'),
    card: config.OfflineMethods.includes('card'),
    transfer: config.OfflineMethods.includes('transfer'),
    SandboxRefuses: config.SandboxRefuses,
  };
}

export function payConfigInput(draft: PayConfigDraft, version: number): SavePayConfigInput {
  const replaced = (value: string) => (value.trim() === '' ? undefined : value);
  return {
    Version: version,
    WechatEnabled: draft.WechatEnabled,
    MchId: draft.MchId,
    AppId: draft.AppId,
    SerialNo: draft.SerialNo,
    ApiV3Key: replaced(draft.ApiV3Key),
    PrivateKey: replaced(draft.PrivateKey),
    PlatformCertificate: replaced(draft.PlatformCertificate),
    OfflineMethods: OFFLINE_PAYMENT_METHODS.filter((method) => draft[method]),
    SandboxRefuses: draft.SandboxRefuses,
  };
}
