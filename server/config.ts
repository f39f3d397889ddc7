import { randomBytes, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const environmentSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { message: 'must be development, production or test' })
    .default('development'),
  PORT: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(8080),
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  TEST_VERIFY_CODE: z
    .string()
    .regex(/^[A-Za-z0-9]{5}$/, 'must be exactly 5 letters or digits')
    .optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  SWEEP_INTERVAL_SECONDS: z.coerce
    .number({ message: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(0, 'must be 0 (off) or more')
    .default(60),
  HTTPS_HEADERS: z.enum(['auto', 'always'], { message: 'must be auto or always' }).default('auto'),
  STORAGE: z.enum(['local', 's3'], { message: 'must be local or s3' }).default('local'),
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^/]+\/?$/, 'must be http:// or https:// and a host, without a path')
    .optional(),
  S3_REGION: z.string().min(1, 'must not be empty').default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3–63 lower-case letters, digits, dots, hyphens)',
    )
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_URL_STYLE: z
    .enum(['path', 'virtual-hosted'], { message: 'must be path or virtual-hosted' })
    .default('path'),
  SECRETS_KEY: z
    .string()
    .regex(
      /^[0-9a-fA-F]{64}$/,
      'must be 64 hexadecimal characters (32 bytes), e.g. from `openssl rand -hex 32`',
    )
    .optional(),
  WECHATPAY_API_BASE: z
    .string()
    .regex(/^https?:\/\/[^/]+\/?$/, 'must be http:// or https:// and a host, without a path')
    .default('https://api.mch.weixin.qq.com'),
  WECHAT_COMPONENT_APP_ID: z
    .string()
    .regex(/^wx[0-9a-f]{16}$/, 'must be the platform app id: wx and 16 hexadecimal characters')
    .optional(),
  WECHAT_COMPONENT_APP_SECRET: z
    .string()
    .regex(/^[0-9a-f]{32}$/, 'must be 32 hexadecimal characters')
    .optional(),
  WECHAT_COMPONENT_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9]{3,32}$/, 'must be 3 to 32 letters or digits (the message check token)')
    .optional(),
  WECHAT_COMPONENT_AES_KEY: z
    .string()
    .regex(/^[A-Za-z0-9]{43}$/, 'must be the 43-character message encryption key (EncodingAESKey)')
    .optional(),
  WECHAT_API_BASE: z
    .string()
    .regex(/^https?:\/\/[^/]+\/?$/, 'must be http:// or https:// and a host, without a path')
    .default('https://api.weixin.qq.com'),
  WECHATPAY_PARTNER_MCH_ID: z
    .string()
    .regex(/^\d{8,12}$/, 'must be the service provider merchant number')
    .optional(),
  WECHATPAY_PARTNER_SERIAL_NO: z
    .string()
    .regex(/^[0-9A-Fa-f]{8,40}$/, 'must be the hexadecimal serial of the merchant API certificate')
    .optional(),
  WECHATPAY_PARTNER_PRIVATE_KEY_FILE: z.string().min(1, 'must not be empty').optional(),
  WECHATPAY_PARTNER_CERTIFICATE_FILE: z.string().min(1, 'must not be empty').optional(),
  TENCENT_MAP_KEY: z.string().min(1, 'must not be empty').optional(),
  TENCENT_MAP_SK: z.string().min(1, 'must not be empty').optional(),
  TENCENT_MAP_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+\/?$/, 'must be http:// or https:// and a host, without a path')
    .default('https://apis.map.qq.com'),
  TENCENT_VIDEO_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+\/?$/, 'must be http:// or https:// and a host, without a path')
    .optional(),
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/$/, 'must be folder names ending with /, e.g. shop/')
    .optional(),
  PLATFORM_WECHATPAY_MCH_ID: z
    .string()
    .regex(/^\d{8,12}$/, 'must be the merchant number (8–12 digits)')
    .optional(),
  PLATFORM_WECHATPAY_APP_ID: z
    .string()
    .regex(/^wx[0-9a-f]{16}$/, 'must be an app id: wx and 16 hexadecimal characters')
    .optional(),
  PLATFORM_WECHATPAY_SERIAL_NO: z
    .string()
    .regex(/^[0-9A-Fa-f]{8,40}$/, 'must be the merchant certificate serial number (hexadecimal)')
    .optional(),
  PLATFORM_WECHATPAY_API_V3_KEY: z
    .string()
    .regex(/^[A-Za-z0-9]{32}$/, 'must be the API v3 key: 32 letters and digits')
    .optional(),
  PLATFORM_WECHATPAY_PRIVATE_KEY_FILE: z.string().min(1, 'must not be empty').optional(),
  PLATFORM_WECHATPAY_CERTIFICATE_FILE: z.string().min(1, 'must not be empty').optional(),
  TENCENT_SMS_SECRET_ID: z
    .string()
    .regex(/^[A-Za-z0-9]{16,64}$/, 'must be a SecretId (letters and digits)')
    .optional(),
  TENCENT_SMS_SECRET_KEY: z
    .string()
    .regex(/^\S{16,64}$/, 'must be a SecretKey (16–64 characters, no spaces)')
    .optional(),
  TENCENT_SMS_SDK_APP_ID: z
    .string()
    .regex(/^\d{10}$/, 'must be the SMS SdkAppId (10 digits, 1400…)')
    .optional(),
  TENCENT_SMS_REGION: z
    .string()
    .regex(/^[a-z]+(-[a-z]+)+$/, 'must be a region such as ap-guangzhou')
    .default('ap-guangzhou'),
  TENCENT_SMS_API_BASE: z
    .string()
    .regex(/^https?:\/\/[^/]+\/?$/, 'must be http:// or https:// and a host, without a path')
    .default('https://sms.tencentcloudapi.com'),
});

/** The platform's own WeChat Pay merchant variables, all or none. */
const PLATFORM_MERCHANT_VARIABLES = [
  'PLATFORM_WECHATPAY_MCH_ID',
  'PLATFORM_WECHATPAY_APP_ID',
  'PLATFORM_WECHATPAY_SERIAL_NO',
  'PLATFORM_WECHATPAY_API_V3_KEY',
  'PLATFORM_WECHATPAY_PRIVATE_KEY_FILE',
  'PLATFORM_WECHATPAY_CERTIFICATE_FILE',
] as const;

/** The platform's Tencent Cloud SMS account variables, all or none. */
const SMS_PROVIDER_VARIABLES = [
  'TENCENT_SMS_SECRET_ID',
  'TENCENT_SMS_SECRET_KEY',
  'TENCENT_SMS_SDK_APP_ID',
] as const;

/** Where uploaded files live: a folder under DATA_DIR, or a bucket of an S3-compatible service. */
export type StorageConfig =
  | { kind: 'local'; directory: string }
  | {
      kind: 's3';
      endpoint: string;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      urlStyle: 'path' | 'virtual-hosted';
      prefix: string;
    };

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string;
  /** True when ADMIN_PASSWORD was not given and one was generated (production): print it. */
  adminPasswordGenerated: boolean;
  testVerifyCode: string | undefined;
  logLevel: string;
  sweepIntervalSeconds: number;
  /**
   * `auto`: HSTS and upgrade-insecure-requests only on requests that came over HTTPS (directly or
   * from the trusted local proxy); `always`: on every answer, for a TLS proxy that sends no
   * X-Forwarded-Proto.
   */
  httpsHeaders: 'auto' | 'always';
  storage: StorageConfig;
  payment: PaymentEnvironment;
  /** Tencent's location service (geocoding); undefined: map points are typed by hand. */
  geocoder: GeocoderConfig | undefined;
  /** WeChat's third-party platform; undefined: mini-programs are authorised in the sandbox. */
  wechatPlatform: WechatPlatformConfig | undefined;
  /** Scheme and host of WeChat's server API (api.weixin.qq.com; a stand-in in tests). */
  wechatApiBase: string;
  /** The platform's WeChat Pay service-provider account; undefined: applyments go to the sandbox. */
  wechatPayPartner: WechatPayPartnerConfig | undefined;
  /** Scheme and host of Tencent Video's getinfo service; undefined: the built-in sandbox answers. */
  tencentVideoUrl: string | undefined;
  /** The platform's Tencent Cloud SMS account; undefined: the sandbox records messages without sending. */
  sms: SmsProviderConfig | undefined;
}

export interface WechatPlatformConfig {
  appId: string;
  appSecret: string;
  /** Checks the signature of WeChat's pushes. */
  token: string;
  /** EncodingAESKey: opens and seals the pushes' Encrypt field. */
  aesKey: string;
}

/** What applyment4sub needs: the service provider's merchant API key pair and WeChat Pay's certificate. */
export interface WechatPayPartnerConfig {
  mchId: string;
  serialNo: string;
  privateKey: string;
  platformCertificate: string;
}

export interface SmsProviderConfig {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  region: string;
  /** Scheme and host of the SMS API; tests point it at a local stand-in. */
  apiBase: string;
}

/**
 * The merchant the platform itself is paid through (DESIGN §11: what shops buy from the platform),
 * with its keys read from their files: never a shop's settings.
 */
export interface PlatformMerchant {
  mchId: string;
  appId: string;
  serialNo: string;
  apiV3Key: string;
  privateKey: string;
  platformCertificate: string;
  platformSerial: string;
}

export interface GeocoderConfig {
  key: string;
  /** The SK of the key's signature check; requests are signed when it is set. */
  secretKey: string | undefined;
  baseUrl: string;
}

/** What the payment adapters read from the environment; the area's sweep reads it too. */
export interface PaymentEnvironment {
  /** Seals secrets at rest (server/secret-box.ts). */
  secretsKey: Buffer;
  /** True when SECRETS_KEY is unset and the fixed development key is in use: say so at start. */
  developmentKey: boolean;
  /** Scheme and host of WeChat Pay's API; tests point it at a local stand-in. */
  wechatPayApiBase: string;
  /** The platform's own merchant; null: purchases from the platform are paid in the sandbox. */
  platformMerchant: PlatformMerchant | null;
  /** Scheme and host of WeChat's API (messages, live rooms); tests point it at a local stand-in. */
  wechatApiBase: string;
}

/**
 * Known to anyone who reads this file, so only for development and tests: production refuses to
 * start without SECRETS_KEY rather than sealing merchants' keys under it.
 */
const DEVELOPMENT_SECRETS_KEY = 'd3f0c0de'.repeat(8);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Reads and checks the environment; every bad variable is named with its rule. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const blankToUndefined = Object.fromEntries(
    Object.entries(environment).map(([key, value]) => [key, value === '' ? undefined : value]),
  );
  const parsed = environmentSchema.safeParse(blankToUndefined);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  // Checked on the raw values too, so it is reported beside any other bad variable.
  if (blankToUndefined.NODE_ENV === 'production' && blankToUndefined.TEST_VERIFY_CODE !== undefined) {
    problems.push('TEST_VERIFY_CODE: must not be set when NODE_ENV=production');
  }
  if (blankToUndefined.NODE_ENV === 'production' && blankToUndefined.SECRETS_KEY === undefined) {
    problems.push('SECRETS_KEY: must be set when NODE_ENV=production (64 hexadecimal characters)');
  }
  for (const [variables, what] of [
    [PLATFORM_MERCHANT_VARIABLES, 'the platform merchant'],
    [SMS_PROVIDER_VARIABLES, 'the SMS provider'],
  ] as const) {
    const given = variables.filter((name) => blankToUndefined[name] !== undefined);
    const missing = variables.filter((name) => blankToUndefined[name] === undefined);
    if (given.length > 0 && missing.length > 0) {
      for (const name of missing)
        problems.push(`${name}: must be set with ${given[0]} (${what} needs all of them)`);
    } else if (given.length === 0 && blankToUndefined.NODE_ENV === 'production') {
      // The sandbox would hand out SMS and data packages for nothing, and send no message at all.
      problems.push(
        `${variables[0]}: must be set when NODE_ENV=production (${what}; the sandbox is for development)`,
      );
    }
  }
  const merchant = platformMerchant(blankToUndefined, problems);
  if (blankToUndefined.STORAGE === 's3') {
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      if (blankToUndefined[name] === undefined) problems.push(`${name}: must be set when STORAGE=s3`);
    }
  }
  const platformNames = [
    'WECHAT_COMPONENT_APP_ID',
    'WECHAT_COMPONENT_APP_SECRET',
    'WECHAT_COMPONENT_TOKEN',
    'WECHAT_COMPONENT_AES_KEY',
  ];
  const partnerNames = [
    'WECHATPAY_PARTNER_MCH_ID',
    'WECHATPAY_PARTNER_SERIAL_NO',
    'WECHATPAY_PARTNER_PRIVATE_KEY_FILE',
    'WECHATPAY_PARTNER_CERTIFICATE_FILE',
  ];
  for (const group of [platformNames, partnerNames]) {
    const given = group.filter((name) => blankToUndefined[name] !== undefined);
    if (given.length > 0 && given.length < group.length) {
      for (const name of group.filter((name) => blankToUndefined[name] === undefined))
        problems.push(`${name}: must be set with ${given.join(', ')}`);
    }
  }
  const partnerFiles: Record<string, string> = {};
  for (const name of ['WECHATPAY_PARTNER_PRIVATE_KEY_FILE', 'WECHATPAY_PARTNER_CERTIFICATE_FILE']) {
    const file = blankToUndefined[name];
    if (file === undefined) continue;
    try {
      partnerFiles[name] = readFileSync(file, 'utf8');
    } catch {
      problems.push(`${name}: cannot read ${file}`);
    }
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const values = parsed.data;
  const generated = !values.ADMIN_PASSWORD && values.NODE_ENV === 'production';
  return {
    nodeEnv: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    adminPassword: values.ADMIN_PASSWORD ?? (generated ? randomBytes(9).toString('base64url') : 'admin123'),
    adminPasswordGenerated: generated,
    testVerifyCode: values.TEST_VERIFY_CODE,
    logLevel: values.LOG_LEVEL,
    sweepIntervalSeconds: values.SWEEP_INTERVAL_SECONDS,
    httpsHeaders: values.HTTPS_HEADERS,
    storage: storageConfig(values),
    payment: {
      secretsKey: Buffer.from(values.SECRETS_KEY ?? DEVELOPMENT_SECRETS_KEY, 'hex'),
      developmentKey: values.SECRETS_KEY === undefined,
      wechatPayApiBase: values.WECHATPAY_API_BASE.replace(/\/$/, ''),
      platformMerchant: merchant,
      wechatApiBase: values.WECHAT_API_BASE.replace(/\/$/, ''),
    },
    geocoder: values.TENCENT_MAP_KEY
      ? {
          key: values.TENCENT_MAP_KEY,
          secretKey: values.TENCENT_MAP_SK,
          baseUrl: values.TENCENT_MAP_URL.replace(/\/$/, ''),
        }
      : undefined,
    wechatPlatform:
      values.WECHAT_COMPONENT_APP_ID &&
      values.WECHAT_COMPONENT_APP_SECRET &&
      values.WECHAT_COMPONENT_TOKEN &&
      values.WECHAT_COMPONENT_AES_KEY
        ? {
            appId: values.WECHAT_COMPONENT_APP_ID,
            appSecret: values.WECHAT_COMPONENT_APP_SECRET,
            token: values.WECHAT_COMPONENT_TOKEN,
            aesKey: values.WECHAT_COMPONENT_AES_KEY,
          }
        : undefined,
    wechatApiBase: values.WECHAT_API_BASE.replace(/\/$/, ''),
    wechatPayPartner:
      values.WECHATPAY_PARTNER_MCH_ID && values.WECHATPAY_PARTNER_SERIAL_NO
        ? {
            mchId: values.WECHATPAY_PARTNER_MCH_ID,
            serialNo: values.WECHATPAY_PARTNER_SERIAL_NO,
            privateKey: partnerFiles.WECHATPAY_PARTNER_PRIVATE_KEY_FILE ?? '',
            platformCertificate: partnerFiles.WECHATPAY_PARTNER_CERTIFICATE_FILE ?? '',
          }
        : undefined,
    tencentVideoUrl: values.TENCENT_VIDEO_URL?.replace(/\/$/, ''),
    sms:
      values.TENCENT_SMS_SECRET_ID && values.TENCENT_SMS_SECRET_KEY && values.TENCENT_SMS_SDK_APP_ID
        ? {
            secretId: values.TENCENT_SMS_SECRET_ID,
            secretKey: values.TENCENT_SMS_SECRET_KEY,
            sdkAppId: values.TENCENT_SMS_SDK_APP_ID,
            region: values.TENCENT_SMS_REGION,
            apiBase: values.TENCENT_SMS_API_BASE.replace(/\/$/, ''),
          }
        : undefined,
  };
}

/** Reads the platform merchant's key files; a file that cannot be read or is not PEM is named. */
function platformMerchant(
  environment: Record<string, string | undefined>,
  problems: string[],
): PlatformMerchant | null {
  if (PLATFORM_MERCHANT_VARIABLES.some((name) => environment[name] === undefined)) return null;
  const read = (name: string, label: string): string | null => {
    try {
      const text = readFileSync(environment[name]!, 'utf8');
      if (text.includes(`-----BEGIN ${label}-----`) || text.includes(`-----BEGIN RSA ${label}-----`))
        return text;
      problems.push(`${name}: must be a PEM file with -----BEGIN ${label}-----`);
    } catch {
      problems.push(`${name}: cannot read ${environment[name]}`);
    }
    return null;
  };
  const privateKey = read('PLATFORM_WECHATPAY_PRIVATE_KEY_FILE', 'PRIVATE KEY');
  const certificate = read('PLATFORM_WECHATPAY_CERTIFICATE_FILE', 'CERTIFICATE');
  if (privateKey === null || certificate === null) return null;
  let platformSerial: string;
  try {
    platformSerial = new X509Certificate(certificate).serialNumber.toUpperCase();
  } catch {
    problems.push('PLATFORM_WECHATPAY_CERTIFICATE_FILE: the certificate cannot be read');
    return null;
  }
  return {
    mchId: environment.PLATFORM_WECHATPAY_MCH_ID!,
    appId: environment.PLATFORM_WECHATPAY_APP_ID!,
    serialNo: environment.PLATFORM_WECHATPAY_SERIAL_NO!.toUpperCase(),
    apiV3Key: environment.PLATFORM_WECHATPAY_API_V3_KEY!,
    privateKey,
    platformCertificate: certificate,
    platformSerial,
  };
}

/** The SMS provider part of the environment, for the sweeps, which run without the server's config. */
export function smsEnvironment(environment: NodeJS.ProcessEnv = process.env): SmsProviderConfig | undefined {
  return loadConfig(environment).sms;
}

/** The payment part of the environment, for the sweeps, which run without the server's config. */
export function paymentEnvironment(environment: NodeJS.ProcessEnv = process.env): PaymentEnvironment {
  return loadConfig(environment).payment;
}

function storageConfig(values: z.infer<typeof environmentSchema>): StorageConfig {
  if (values.STORAGE === 'local') {
    return { kind: 'local', directory: path.join(path.resolve(values.DATA_DIR), 'uploads') };
  }
  return {
    kind: 's3',
    endpoint: (values.S3_ENDPOINT ?? `https://s3.${values.S3_REGION}.amazonaws.com`).replace(/\/$/, ''),
    region: values.S3_REGION,
    // Present: loadConfig refuses STORAGE=s3 without them above.
    bucket: values.S3_BUCKET!,
    accessKeyId: values.S3_ACCESS_KEY_ID!,
    secretAccessKey: values.S3_SECRET_ACCESS_KEY!,
    urlStyle: values.S3_URL_STYLE,
    prefix: values.S3_PREFIX ?? '',
  };
}
