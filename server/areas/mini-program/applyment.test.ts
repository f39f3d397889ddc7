import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { missingForSubmit, STORE_FIELDS } from '../../../contract/endpoints/pay-applyment';
import { mask } from './applyment';
import { encryptSensitive } from './wechat-pay-applyment';

describe('masks of sealed numbers', () => {
  it.each([
    ['310101199001011234', 4, 4, '3101**********1234'],
    ['6225880212345678', 0, 4, '************5678'],
    ['13800001234', 3, 4, '138****1234'],
    ['1234567', 3, 4, '*******'],
    ['12345678', 3, 4, '123*5678'],
    ['', 3, 4, ''],
  ])('masks %s keeping %i and %i', (value, start, end, masked) => {
    expect(mask(value, start, end)).toBe(masked);
  });
});

describe('what a submission needs', () => {
  it('names every blank or missing field, and nothing when all are there', () => {
    const complete = Object.fromEntries(missingForSubmit({}).map((name) => [name, 'x']));
    expect(missingForSubmit(complete)).toEqual([]);
    expect(missingForSubmit({ ...complete, LicenseCopy: '' })).toEqual(['LicenseCopy']);
    expect(missingForSubmit({ ...complete, ServicePhone: undefined })).toEqual(['ServicePhone']);
    expect(missingForSubmit({})).toContain('MerchantName');
  });

  it('asks for the store only when the shop also sells in a physical store', () => {
    const complete = Object.fromEntries(missingForSubmit({}).map((name) => [name, 'x']));
    expect(missingForSubmit({ ...complete, SalesScenes: 'miniProgram' })).toEqual([]);
    expect(missingForSubmit({ ...complete, SalesScenes: 'miniProgramAndStore' })).toEqual([...STORE_FIELDS]);
    const store = Object.fromEntries(STORE_FIELDS.map((name) => [name, 'x']));
    expect(missingForSubmit({ ...complete, ...store, SalesScenes: 'miniProgramAndStore' })).toEqual([]);
    expect(
      missingForSubmit({ ...complete, ...store, StoreIndoorPic: '', SalesScenes: 'miniProgramAndStore' }),
    ).toEqual(['StoreIndoorPic']);
  });
});

describe('sensitive fields', () => {
  it('are RSA-OAEP encrypted so only the certificate’s private key opens them', () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const sealed = encryptSensitive('33010119900101123X', pem);
    expect(sealed).not.toContain('3301');
    const opened = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
      Buffer.from(sealed, 'base64'),
    ).toString('utf8');
    expect(opened).toBe('33010119900101123X');
    expect(encryptSensitive('33010119900101123X', pem)).not.toBe(sealed);
  });
});
