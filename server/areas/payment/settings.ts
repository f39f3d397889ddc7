import { createHash, createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PayConfig, SavePayConfigInput } from '../../../contract/endpoints/payment';
import { OFFLINE_PAYMENT_METHODS } from '../../../contract/machines/order';
import type { PaymentEnvironment } from '../../config';
import type { Executor } from '../../db/client';
import { AppError } from '../../http/errors';
import { openSecret, sealSecret } from '../../secret-box';
import { type PaymentAdapter, PaymentProviderError } from './adapter';
import { sandboxProvider } from './sandbox-provider';
import { paymentSettings } from './tables';
import { certificateSerial } from './wechat-pay-crypto';
import { type WechatMerchant, wechatPayV3 } from './wechat-pay-v3';

export type SettingsRow = typeof paymentSettings.$inferSelect;

export async function readSettings(db: Executor, siteId: number): Promise<SettingsRow | null> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.siteId, siteId));
  return row ?? null;
}

/** WeChat Pay is used only when switched on with every setting present. */
export function wechatReady(
  row: SettingsRow | null,
): row is SettingsRow & { apiV3KeySealed: string; privateKeySealed: string; platformCertificate: string } {
  return (
    row?.wechatEnabled === true &&
    row.mchId !== '' &&
    row.appId !== '' &&
    row.serialNo !== '' &&
    row.apiV3KeySealed !== null &&
    row.privateKeySealed !== null &&
    row.platformCertificate !== null
  );
}

export function merchantOf(row: SettingsRow, key: Buffer): WechatMerchant | null {
  if (!wechatReady(row)) return null;
  return {
    mchId: row.mchId,
    appId: row.appId,
    serialNo: row.serialNo,
    apiV3Key: openSecret(row.apiV3KeySealed, key),
    privateKey: openSecret(row.privateKeySealed, key),
    platformCertificate: row.platformCertificate,
    platformSerial: row.platformSerial,
  };
}

/** The provider that pays the site's orders now. */
export function adapterOf(row: SettingsRow | null, environment: PaymentEnvironment): PaymentAdapter {
  const merchant = row ? merchantOf(row, environment.secretsKey) : null;
  return merchant
    ? wechatPayV3(merchant, environment.wechatPayApiBase)
    : sandboxProvider({ refuses: row?.sandboxRefuses ?? false });
}

/**
 * The adapter of the provider a queued call was made for (the outbox's refunds and transfers): the
 * sandbox stays the sandbox, and WeChat Pay that is no longer configured refuses rather than letting
 * the sandbox answer for money WeChat Pay holds.
 */
export function queuedAdapter(
  row: SettingsRow | null,
  provider: string,
  environment: PaymentEnvironment,
): PaymentAdapter {
  const adapter =
    provider === 'wechat'
      ? adapterOf(row, environment)
      : sandboxProvider({ refuses: row?.sandboxRefuses ?? false });
  if (adapter.provider !== provider) {
    throw new PaymentProviderError('NOT_CONFIGURED', 'WeChat Pay is no longer configured for this shop');
  }
  return adapter;
}

function mask(hint: string): string {
  return hint === '' ? '' : `••••${hint}`;
}

/** What the screen sees: never a secret, only masks. */
export function payConfigView(row: SettingsRow | null): PayConfig {
  return {
    Version: row?.version ?? 1,
    Provider: wechatReady(row) ? 'wechat' : 'sandbox',
    WechatEnabled: row?.wechatEnabled ?? false,
    MchId: row?.mchId ?? '',
    AppId: row?.appId ?? '',
    SerialNo: row?.serialNo ?? '',
    ApiV3KeyMask: mask(row?.apiV3KeyHint ?? ''),
    PrivateKeyMask: row?.privateKeyHint ?? '',
    PlatformSerial: row?.platformSerial ?? '',
    PlatformExpiresAt: row?.platformExpiresAt ? new Date(row.platformExpiresAt).toISOString() : null,
    OfflineMethods: row?.offlineMethods ?? [...OFFLINE_PAYMENT_METHODS],
    SandboxRefuses: row?.sandboxRefuses ?? false,
    LastCheck: row?.lastCheck ?? null,
    UpdatedAt: row?.updatedAt ? new Date(row.updatedAt).toISOString() : null,
  };
}

/** SHA-256 of the public half, as `SHA256:ab12…`: tells keys apart without showing one. */
function keyFingerprint(privateKeyPem: string): string {
  let key: ReturnType<typeof createPrivateKey>;
  try {
    key = createPrivateKey(privateKeyPem);
  } catch {
    throw new AppError('payment.privateKeyUnreadable', {}, { field: 'PrivateKey' });
  }
  if (key.asymmetricKeyType !== 'rsa' || (key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) {
    throw new AppError('payment.privateKeyNotRsa', {}, { field: 'PrivateKey' });
  }
  const der = createPublicKey(key).export({ type: 'spki', format: 'der' });
  return `SHA256:${createHash('sha256').update(der).digest('hex').slice(0, 16)}`;
}

function platformFacts(pem: string): { serial: string; expiresAt: Date } {
  const serial = certificateSerial(pem);
  if (serial === null)
    throw new AppError('payment.certificateUnreadable', {}, { field: 'PlatformCertificate' });
  const expiresAt = new Date(new X509Certificate(pem).validTo);
  return { serial, expiresAt };
}

/** The columns a save writes; secrets left out keep what is stored. */
export function settingsChange(
  input: SavePayConfigInput,
  current: SettingsRow | null,
  key: Buffer,
  now: Date,
): Partial<typeof paymentSettings.$inferInsert> {
  const change: Partial<typeof paymentSettings.$inferInsert> = {
    wechatEnabled: input.WechatEnabled,
    mchId: input.MchId,
    appId: input.AppId,
    serialNo: input.SerialNo.toUpperCase(),
    offlineMethods: OFFLINE_PAYMENT_METHODS.filter((method) => input.OfflineMethods.includes(method)),
    sandboxRefuses: input.SandboxRefuses,
    updatedAt: now,
  };
  if (input.ApiV3Key !== undefined) {
    change.apiV3KeySealed = sealSecret(input.ApiV3Key, key);
    change.apiV3KeyHint = input.ApiV3Key.slice(-4);
  }
  if (input.PrivateKey !== undefined) {
    change.privateKeyHint = keyFingerprint(input.PrivateKey);
    change.privateKeySealed = sealSecret(input.PrivateKey, key);
  }
  if (input.PlatformCertificate !== undefined) {
    const facts = platformFacts(input.PlatformCertificate);
    change.platformCertificate = input.PlatformCertificate;
    change.platformSerial = facts.serial;
    change.platformExpiresAt = facts.expiresAt;
  }
  if (input.WechatEnabled) {
    const missing = (
      [
        ['MchId', input.MchId],
        ['AppId', input.AppId],
        ['SerialNo', input.SerialNo],
        ['ApiV3Key', change.apiV3KeySealed ?? current?.apiV3KeySealed],
        ['PrivateKey', change.privateKeySealed ?? current?.privateKeySealed],
        ['PlatformCertificate', change.platformCertificate ?? current?.platformCertificate],
      ] as const
    ).find(([, value]) => !value);
    if (missing) throw new AppError('payment.wechatIncomplete', {}, { field: missing[0] });
  }
  return change;
}
