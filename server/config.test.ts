import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function problemsOf(environment: Record<string, string>): string[] {
  try {
    loadConfig(environment);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

const KEY = 'ab'.repeat(32);
const FIXTURES = path.resolve('tests/fixtures/wechat-pay');

/** The platform's merchant and SMS account, which production needs besides SECRETS_KEY. */
const PLATFORM = {
  PLATFORM_WECHATPAY_MCH_ID: '1900000109',
  PLATFORM_WECHATPAY_APP_ID: 'wx0123456789abcdef',
  PLATFORM_WECHATPAY_SERIAL_NO: '5157f09efdc096de15ebe81a47057a7232f1b8e1',
  PLATFORM_WECHATPAY_API_V3_KEY: 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6',
  PLATFORM_WECHATPAY_PRIVATE_KEY_FILE: path.join(FIXTURES, 'merchant-key.pem'),
  PLATFORM_WECHATPAY_CERTIFICATE_FILE: path.join(FIXTURES, 'platform-cert.pem'),
  TENCENT_SMS_SECRET_ID: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3abc',
  TENCENT_SMS_SECRET_KEY: 'Gu5t9xGARNpq86cd98joQYCN3abcdefg',
  TENCENT_SMS_SDK_APP_ID: '1400006666',
};
const PRODUCTION = { NODE_ENV: 'production', SECRETS_KEY: KEY, ...PLATFORM };

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      adminPassword: 'admin123',
      adminPasswordGenerated: false,
      testVerifyCode: undefined,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9090',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/shop-data',
      DATABASE_URL: 'postgresql://shop@db/shop',
      ADMIN_PASSWORD: 'secret-1',
      TEST_VERIFY_CODE: 'AB12c',
      NODE_ENV: 'test',
    });
    expect(config).toMatchObject({
      port: 9090,
      host: '0.0.0.0',
      dataDir: '/tmp/shop-data',
      databaseUrl: 'postgresql://shop@db/shop',
      adminPassword: 'secret-1',
      testVerifyCode: 'AB12c',
      nodeEnv: 'test',
    });
  });

  it('sends the HTTPS-only headers on HTTPS requests unless told to always', () => {
    expect(loadConfig({}).httpsHeaders).toBe('auto');
    expect(loadConfig({ HTTPS_HEADERS: 'always' }).httpsHeaders).toBe('always');
    expect(problemsOf({ HTTPS_HEADERS: 'yes' })).toEqual(['HTTPS_HEADERS: must be auto or always']);
    expect(problemsOf({ HTTPS_HEADERS: ' always' })).toEqual(['HTTPS_HEADERS: must be auto or always']);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it.each([
    { variable: 'PORT', value: 'eighty', problem: 'PORT: must be a whole number' },
    { variable: 'PORT', value: '80.5', problem: 'PORT: must be a whole number' },
    { variable: 'PORT', value: '70000', problem: 'PORT: must be between 1 and 65535' },
    { variable: 'PORT', value: '0', problem: 'PORT: must be between 1 and 65535' },
    {
      variable: 'DATABASE_URL',
      value: 'mysql://db/shop',
      problem: 'DATABASE_URL: must start with postgres:// or postgresql://',
    },
    { variable: 'ADMIN_PASSWORD', value: '12345', problem: 'ADMIN_PASSWORD: must be at least 6 characters' },
    {
      variable: 'TEST_VERIFY_CODE',
      value: 'abcd',
      problem: 'TEST_VERIFY_CODE: must be exactly 5 letters or digits',
    },
    {
      variable: 'TEST_VERIFY_CODE',
      value: 'ab-12',
      problem: 'TEST_VERIFY_CODE: must be exactly 5 letters or digits',
    },
    { variable: 'NODE_ENV', value: 'staging', problem: 'NODE_ENV: must be development, production or test' },
    {
      variable: 'LOG_LEVEL',
      value: 'loud',
      problem: 'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent',
    },
    {
      variable: 'SWEEP_INTERVAL_SECONDS',
      value: 'often',
      problem: 'SWEEP_INTERVAL_SECONDS: must be a whole number of seconds',
    },
    {
      variable: 'SWEEP_INTERVAL_SECONDS',
      value: '-1',
      problem: 'SWEEP_INTERVAL_SECONDS: must be 0 (off) or more',
    },
    { variable: 'STORAGE', value: 'disk', problem: 'STORAGE: must be local or s3' },
    {
      variable: 'S3_ENDPOINT',
      value: 'http://minio:9000/bucket',
      problem: 'S3_ENDPOINT: must be http:// or https:// and a host, without a path',
    },
    {
      variable: 'S3_BUCKET',
      value: 'My_Bucket',
      problem: 'S3_BUCKET: must be a bucket name (3–63 lower-case letters, digits, dots, hyphens)',
    },
    { variable: 'S3_URL_STYLE', value: 'host', problem: 'S3_URL_STYLE: must be path or virtual-hosted' },
    {
      variable: 'S3_PREFIX',
      value: 'shop',
      problem: 'S3_PREFIX: must be folder names ending with /, e.g. shop/',
    },
  ])('names $variable=$value with its rule', ({ variable, value, problem }) => {
    expect(problemsOf({ [variable]: value })).toEqual([problem]);
  });

  it('names every bad variable at once, one line each', () => {
    const problems = problemsOf({
      PORT: 'x',
      DATABASE_URL: 'sqlite:x',
      ADMIN_PASSWORD: '1',
      ...PRODUCTION,
      TEST_VERIFY_CODE: 'ABCDE',
    });
    expect(problems).toEqual([
      'PORT: must be a whole number',
      'DATABASE_URL: must start with postgres:// or postgresql://',
      'ADMIN_PASSWORD: must be at least 6 characters',
      'TEST_VERIFY_CODE: must not be set when NODE_ENV=production',
    ]);
    expect(() => loadConfig({ PORT: 'x' })).toThrow(
      'Invalid configuration:\n  - PORT: must be a whole number',
    );
  });

  it('keeps uploads under DATA_DIR unless STORAGE=s3', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/shop-data' }).storage).toEqual({
      kind: 'local',
      directory: '/tmp/shop-data/uploads',
    });
  });

  it('reads the S3 variables, with AWS path-style defaults', () => {
    const keys = { S3_BUCKET: 'shop-files', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig({ STORAGE: 's3', ...keys, S3_REGION: 'cn-north-1' }).storage).toEqual({
      kind: 's3',
      endpoint: 'https://s3.cn-north-1.amazonaws.com',
      region: 'cn-north-1',
      bucket: 'shop-files',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      urlStyle: 'path',
      prefix: '',
    });
    expect(
      loadConfig({
        STORAGE: 's3',
        ...keys,
        S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com/',
        S3_URL_STYLE: 'virtual-hosted',
        S3_PREFIX: 'mall/uploads/',
      }).storage,
    ).toMatchObject({
      endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
      urlStyle: 'virtual-hosted',
      prefix: 'mall/uploads/',
    });
  });

  it('names each S3 variable STORAGE=s3 needs and misses', () => {
    expect(problemsOf({ STORAGE: 's3', S3_BUCKET: 'shop-files' })).toEqual([
      'S3_ACCESS_KEY_ID: must be set when STORAGE=s3',
      'S3_SECRET_ACCESS_KEY: must be set when STORAGE=s3',
    ]);
  });

  it('refuses TEST_VERIFY_CODE under NODE_ENV=production', () => {
    expect(problemsOf({ ...PRODUCTION, TEST_VERIFY_CODE: 'ABCDE', ADMIN_PASSWORD: 'secret-1' })).toEqual([
      'TEST_VERIFY_CODE: must not be set when NODE_ENV=production',
    ]);
    expect(loadConfig({ NODE_ENV: 'test', TEST_VERIFY_CODE: 'ABCDE' }).testVerifyCode).toBe('ABCDE');
  });

  it('generates a random admin password under production when none is set, and says so', () => {
    const first = loadConfig(PRODUCTION);
    const second = loadConfig(PRODUCTION);
    expect(first.adminPasswordGenerated).toBe(true);
    expect(first.adminPassword).not.toBe('admin123');
    expect(first.adminPassword.length).toBeGreaterThanOrEqual(12);
    expect(first.adminPassword).not.toBe(second.adminPassword);
  });

  it('keeps a given admin password under production', () => {
    expect(loadConfig({ ...PRODUCTION, ADMIN_PASSWORD: 'chosen-one' })).toMatchObject({
      adminPassword: 'chosen-one',
      adminPasswordGenerated: false,
    });
  });

  it('refuses to start in production without SECRETS_KEY and uses the development key otherwise', () => {
    const { SECRETS_KEY: _key, ...withoutKey } = PRODUCTION;
    expect(problemsOf(withoutKey)).toEqual([
      'SECRETS_KEY: must be set when NODE_ENV=production (64 hexadecimal characters)',
    ]);
    const development = loadConfig({}).payment;
    expect(development.developmentKey).toBe(true);
    expect(development.secretsKey).toHaveLength(32);
    const chosen = loadConfig({ ...PRODUCTION, SECRETS_KEY: ` ${KEY}`.trim() }).payment;
    expect(chosen).toMatchObject({
      developmentKey: false,
      wechatPayApiBase: 'https://api.mch.weixin.qq.com',
      wechatApiBase: 'https://api.weixin.qq.com',
    });
    expect(loadConfig({ WECHAT_API_BASE: 'http://127.0.0.1:9/' }).payment.wechatApiBase).toBe(
      'http://127.0.0.1:9',
    );
    expect(() => loadConfig({ WECHAT_API_BASE: 'ftp://x/y' })).toThrow(/WECHAT_API_BASE: must be http/);
    expect(chosen.secretsKey.toString('hex')).toBe(KEY);
  });

  it.each(['ab'.repeat(31), `${'ab'.repeat(32)}0`, `${'ab'.repeat(31)}zz`])(
    'refuses SECRETS_KEY=%s',
    (value) => {
      expect(problemsOf({ SECRETS_KEY: value })).toEqual([
        'SECRETS_KEY: must be 64 hexadecimal characters (32 bytes), e.g. from `openssl rand -hex 32`',
      ]);
    },
  );

  it('points WeChat Pay at the given host without a trailing slash', () => {
    expect(loadConfig({ WECHATPAY_API_BASE: 'http://127.0.0.1:9000/' }).payment.wechatPayApiBase).toBe(
      'http://127.0.0.1:9000',
    );
    expect(problemsOf({ WECHATPAY_API_BASE: 'http://host/v3' })).toEqual([
      'WECHATPAY_API_BASE: must be http:// or https:// and a host, without a path',
    ]);
  });
});

describe('the map service (Tencent location service)', () => {
  it('is off without a key, and signs with the SK against Tencent by default', () => {
    expect(loadConfig({}).geocoder).toBeUndefined();
    expect(loadConfig({ TENCENT_MAP_KEY: 'KEY', TENCENT_MAP_SK: 'SK' }).geocoder).toEqual({
      key: 'KEY',
      secretKey: 'SK',
      baseUrl: 'https://apis.map.qq.com',
    });
  });

  it('takes a stand-in address without its trailing slash and refuses one with a path', () => {
    expect(
      loadConfig({ TENCENT_MAP_KEY: 'KEY', TENCENT_MAP_URL: 'http://127.0.0.1:9000/' }).geocoder,
    ).toEqual({
      key: 'KEY',
      secretKey: undefined,
      baseUrl: 'http://127.0.0.1:9000',
    });
    expect(() => loadConfig({ TENCENT_MAP_URL: 'http://maps.test/ws' })).toThrow(
      'TENCENT_MAP_URL: must be http:// or https:// and a host, without a path',
    );
  });
});

describe('the platform merchant and the SMS provider', () => {
  it('are the sandbox when unset, outside production', () => {
    const config = loadConfig({});
    expect(config.payment.platformMerchant).toBeNull();
    expect(config.sms).toBeUndefined();
  });

  it('read the merchant’s key files and the SMS account', () => {
    const config = loadConfig({ ...PLATFORM, TENCENT_SMS_API_BASE: 'http://127.0.0.1:9001/' });
    expect(config.payment.platformMerchant).toMatchObject({
      mchId: '1900000109',
      appId: 'wx0123456789abcdef',
      serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    });
    expect(config.payment.platformMerchant?.privateKey).toContain('-----BEGIN PRIVATE KEY-----');
    expect(config.payment.platformMerchant?.platformSerial).toMatch(/^[0-9A-F]+$/);
    expect(config.sms).toEqual({
      secretId: PLATFORM.TENCENT_SMS_SECRET_ID,
      secretKey: PLATFORM.TENCENT_SMS_SECRET_KEY,
      sdkAppId: '1400006666',
      region: 'ap-guangzhou',
      apiBase: 'http://127.0.0.1:9001',
    });
  });

  it('name each variable a partial set misses', () => {
    expect(
      problemsOf({
        PLATFORM_WECHATPAY_MCH_ID: '1900000109',
        TENCENT_SMS_SECRET_ID: PLATFORM.TENCENT_SMS_SECRET_ID,
      }),
    ).toEqual([
      'PLATFORM_WECHATPAY_APP_ID: must be set with PLATFORM_WECHATPAY_MCH_ID (the platform merchant needs all of them)',
      'PLATFORM_WECHATPAY_SERIAL_NO: must be set with PLATFORM_WECHATPAY_MCH_ID (the platform merchant needs all of them)',
      'PLATFORM_WECHATPAY_API_V3_KEY: must be set with PLATFORM_WECHATPAY_MCH_ID (the platform merchant needs all of them)',
      'PLATFORM_WECHATPAY_PRIVATE_KEY_FILE: must be set with PLATFORM_WECHATPAY_MCH_ID (the platform merchant needs all of them)',
      'PLATFORM_WECHATPAY_CERTIFICATE_FILE: must be set with PLATFORM_WECHATPAY_MCH_ID (the platform merchant needs all of them)',
      'TENCENT_SMS_SECRET_KEY: must be set with TENCENT_SMS_SECRET_ID (the SMS provider needs all of them)',
      'TENCENT_SMS_SDK_APP_ID: must be set with TENCENT_SMS_SECRET_ID (the SMS provider needs all of them)',
    ]);
  });

  it('refuse key files that are missing or not PEM', () => {
    expect(
      problemsOf({
        ...PLATFORM,
        PLATFORM_WECHATPAY_PRIVATE_KEY_FILE: path.join(FIXTURES, 'missing.pem'),
        PLATFORM_WECHATPAY_CERTIFICATE_FILE: path.join(FIXTURES, 'merchant-key.pem'),
      }),
    ).toEqual([
      `PLATFORM_WECHATPAY_PRIVATE_KEY_FILE: cannot read ${path.join(FIXTURES, 'missing.pem')}`,
      'PLATFORM_WECHATPAY_CERTIFICATE_FILE: must be a PEM file with -----BEGIN CERTIFICATE-----',
    ]);
  });

  it.each([
    ['PLATFORM_WECHATPAY_MCH_ID', '19000x0109', 'must be the merchant number (8–12 digits)'],
    ['PLATFORM_WECHATPAY_APP_ID', 'wx0123', 'must be an app id: wx and 16 hexadecimal characters'],
    ['PLATFORM_WECHATPAY_API_V3_KEY', 'short', 'must be the API v3 key: 32 letters and digits'],
    ['TENCENT_SMS_SDK_APP_ID', '140000666', 'must be the SMS SdkAppId (10 digits, 1400…)'],
    ['TENCENT_SMS_REGION', 'guangzhou', 'must be a region such as ap-guangzhou'],
    ['TENCENT_SMS_API_BASE', 'http://sms.test/v3', 'must be http:// or https:// and a host, without a path'],
  ])('name a bad %s with its rule', (variable, value, rule) => {
    expect(problemsOf({ ...PLATFORM, [variable]: value })).toEqual([`${variable}: ${rule}`]);
  });

  it('are required in production, where the sandbox would give packages away and send nothing', () => {
    const { PLATFORM_WECHATPAY_MCH_ID: _mch, ...partial } = PRODUCTION;
    expect(problemsOf(partial)[0]).toBe(
      'PLATFORM_WECHATPAY_MCH_ID: must be set with PLATFORM_WECHATPAY_APP_ID (the platform merchant needs all of them)',
    );
    expect(problemsOf({ NODE_ENV: 'production', SECRETS_KEY: KEY })).toEqual([
      'PLATFORM_WECHATPAY_MCH_ID: must be set when NODE_ENV=production (the platform merchant; the sandbox is for development)',
      'TENCENT_SMS_SECRET_ID: must be set when NODE_ENV=production (the SMS provider; the sandbox is for development)',
    ]);
    expect(loadConfig(PRODUCTION).payment.platformMerchant).not.toBeNull();
  });
});
