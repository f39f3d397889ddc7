import { describe, expect, it } from 'vitest';
import type { PayConfig } from '../../../contract/endpoints/payment';
import { payConfigDraft, payConfigInput } from './pay-config-form';

const saved: PayConfig = {
  Version: 3,
  Provider: 'wechat',
  WechatEnabled: true,
  MchId: '1900000109',
  AppId: 'wx0123456789abcdef',
  SerialNo: 'ABC123',
  ApiV3KeyMask: '••••O5p6',
  PrivateKeyMask: 'SHA256:0123456789abcdef',
  PlatformSerial: 'DEF',
  PlatformExpiresAt: null,
  OfflineMethods: ['cash', 'transfer'],
  SandboxRefuses: false,
  LastCheck: null,
  UpdatedAt: null,
};

describe('pay config form', () => {
  it('starts with empty secrets and sends none, so the stored ones are kept', () => {
    const draft = payConfigDraft(saved);
    expect(draft).toMatchObject({
      ApiV3Key: '',
      PrivateKey: '',
      PlatformCertificate: '',
      cash: true,
      card: false,
      transfer: true,
    });
    const input = payConfigInput(draft, saved.Version);
    expect(input).toEqual({
      Version: 3,
      WechatEnabled: true,
      MchId: '1900000109',
      AppId: 'wx0123456789abcdef',
      SerialNo: 'ABC123',
      ApiV3Key: undefined,
      PrivateKey: undefined,
      PlatformCertificate: undefined,
      OfflineMethods: ['cash', 'transfer'],
      SandboxRefuses: false,
    });
  });

  it('sends a replaced secret as typed and blank ones as kept', () => {
    const draft = {
      ...payConfigDraft(saved),
      ApiV3Key: 'k'.repeat(32),
      PrivateKey: '   ',
      PlatformCertificate: '-----BEGIN CERTIFICATE-----',
    };
    const input = payConfigInput(draft, 3);
    expect(input.ApiV3Key).toBe('k'.repeat(32));
    expect(input.PrivateKey).toBeUndefined();
    expect(input.PlatformCertificate).toBe('-----BEGIN CERTIFICATE-----');
  });

  it('lists the ticked offline methods in their fixed order', () => {
    const draft = { ...payConfigDraft(saved), transfer: true, card: true, cash: false };
    expect(payConfigInput(draft, 3).OfflineMethods).toEqual(['card', 'transfer']);
    expect(payConfigInput({ ...draft, card: false, transfer: false }, 3).OfflineMethods).toEqual([]);
  });
});
