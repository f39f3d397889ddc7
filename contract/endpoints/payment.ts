import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { OFFLINE_PAYMENT_METHODS, OrderPermission } from '../machines/order';
import { version } from '../scalars';

/**
 * Payment configuration (SPEC §7 /DistributorsShopSet/ payment, screen /shop/payConfig): a site's
 * WeChat Pay v3 merchant settings and which offline payment methods the walk-in counter takes.
 * Secrets (the API v3 key and the merchant private key) go in and never come back: reads give a
 * mask, and a save that leaves them out keeps the stored ones ("replace" only). Without WeChat Pay
 * the site pays through the sandbox provider.
 */

export const PAY_CONFIG_PERMISSION = '/shop/payConfig';
export const PAYMENT_PROVIDERS = ['sandbox', 'wechat'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

const BASE = '/DistributorsShopSet';

/** WeChat Pay merchant numbers are digits (商户号, 10 today; a little room either way). */
export const MCH_ID_PATTERN = /^\d{8,12}$/;
/** Mini-program and official-account app ids: wx and 16 hexadecimal characters. */
export const APP_ID_PATTERN = /^wx[0-9a-f]{16}$/;
/** Merchant API certificate serial numbers are hexadecimal (40 characters today). */
export const SERIAL_NO_PATTERN = /^[0-9A-Fa-f]{8,40}$/;
/** The API v3 key is exactly 32 letters and digits (it is the AES-256 key of notifications). */
export const API_V3_KEY_PATTERN = /^[A-Za-z0-9]{32}$/;
/** A PEM file is a few KB; this bounds what a save may carry. */
export const PEM_MAX = 16_000;

const pem = (label: 'PRIVATE KEY' | 'CERTIFICATE') =>
  z
    .string()
    .trim()
    .max(PEM_MAX)
    .refine(
      (text) => text.includes(`-----BEGIN ${label}-----`) || text.includes(`-----BEGIN RSA ${label}-----`),
      {
        message: `a PEM file with -----BEGIN ${label}-----`,
      },
    );

export type OfflinePaymentMethod = (typeof OFFLINE_PAYMENT_METHODS)[number];

export const offlineMethodsSchema = z
  .array(z.enum(OFFLINE_PAYMENT_METHODS))
  .max(OFFLINE_PAYMENT_METHODS.length)
  .refine((methods) => new Set(methods).size === methods.length);

export const savePayConfigSchema = z.strictObject({
  Version: version,
  /** Off: the site pays through the sandbox provider; the stored merchant settings are kept. */
  WechatEnabled: z.boolean(),
  MchId: z.string().trim().regex(MCH_ID_PATTERN).or(z.literal('')),
  AppId: z.string().trim().regex(APP_ID_PATTERN).or(z.literal('')),
  SerialNo: z.string().trim().regex(SERIAL_NO_PATTERN).or(z.literal('')),
  /** Left out: keep the stored key. */
  ApiV3Key: z.string().trim().regex(API_V3_KEY_PATTERN).optional(),
  /** apiclient_key.pem; left out: keep the stored key. */
  PrivateKey: pem('PRIVATE KEY').optional(),
  /** The platform certificate (wechatpay_<serial>.pem) that signs answers and notifications; left out: keep. */
  PlatformCertificate: pem('CERTIFICATE').optional(),
  OfflineMethods: offlineMethodsSchema,
  /** Sandbox only: refuse every payment, to try the shop's failure path. */
  SandboxRefuses: z.boolean(),
});
export type SavePayConfigInput = z.infer<typeof savePayConfigSchema>;

export const payCheckSchema = z.object({
  Ok: z.boolean(),
  Provider: z.enum(PAYMENT_PROVIDERS),
  /** WeChat Pay's error code (SIGN_ERROR, NOAUTH…) or ours (NETWORK, BAD_ANSWER); '' when fine. */
  Code: z.string(),
  Message: z.string(),
  CheckedAt: z.string(),
});
export type PayCheck = z.infer<typeof payCheckSchema>;

export const payConfigSchema = z.object({
  Version: z.number().int(),
  /** What pays the site's orders now. */
  Provider: z.enum(PAYMENT_PROVIDERS),
  WechatEnabled: z.boolean(),
  MchId: z.string(),
  AppId: z.string(),
  SerialNo: z.string(),
  /** Masked (last 4 characters), or '' when none is stored. */
  ApiV3KeyMask: z.string(),
  /** SHA-256 fingerprint start of the stored private key's public half, or '' when none. */
  PrivateKeyMask: z.string(),
  PlatformSerial: z.string(),
  PlatformExpiresAt: z.string().nullable(),
  OfflineMethods: z.array(z.enum(OFFLINE_PAYMENT_METHODS)),
  SandboxRefuses: z.boolean(),
  LastCheck: payCheckSchema.nullable(),
  UpdatedAt: z.string().nullable(),
});
export type PayConfig = z.infer<typeof payConfigSchema>;

export const getPayConfig = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetPayConfig`,
  permission: PAY_CONFIG_PERMISSION,
  input: z.strictObject({}),
  output: payConfigSchema,
});

export const savePayConfig = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SavePayConfig`,
  permission: PAY_CONFIG_PERMISSION,
  input: savePayConfigSchema,
  output: z.object({ Version: z.number().int() }),
});

/** Signs a real request (GET /v3/certificates) with the stored settings and reports what came back. */
export const checkPayConfig = defineEndpoint({
  method: 'POST',
  path: `${BASE}/CheckPayConfig`,
  permission: PAY_CONFIG_PERMISSION,
  input: z.strictObject({}),
  output: payCheckSchema,
});

/** The walk-in counter's choice of methods. */
export const getOfflinePayMethods = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetOfflinePayMethods`,
  permission: OrderPermission.offline,
  input: z.strictObject({}),
  output: z.object({ Methods: z.array(z.enum(OFFLINE_PAYMENT_METHODS)) }),
});

/**
 * What wx.requestPayment needs (JSAPI 调起支付), returned by the storefront's PayOrder when the site
 * has WeChat Pay: the order is then paid by WeChat Pay's signed notification, not by the caller.
 */
export const jsapiPaymentSchema = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.literal('RSA'),
  paySign: z.string(),
});
export type JsapiPayment = z.infer<typeof jsapiPaymentSchema>;

/** WeChat Pay's notification body (支付通知); the site is in the query (`?site=`) of the notify URL. */
export const wechatNotificationSchema = z.looseObject({
  id: z.string().min(1).max(64),
  create_time: z.string().max(40),
  event_type: z.string().max(64),
  resource_type: z.string().max(40),
  resource: z.looseObject({
    algorithm: z.string().max(40),
    ciphertext: z.string().max(20_000),
    associated_data: z.string().max(200).optional(),
    nonce: z.string().max(40),
    original_type: z.string().max(40).optional(),
  }),
  summary: z.string().max(200).optional(),
});

export const WECHAT_NOTIFY_PATH = '/storefront/WechatPayNotify';

export const wechatPayNotify = defineEndpoint({
  method: 'POST',
  path: WECHAT_NOTIFY_PATH,
  permission: 'public',
  input: wechatNotificationSchema,
  output: z.object({}),
});
