import { createCipheriv } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  authorizationHeader,
  certificateSerial,
  decryptResource,
  parseAuthorization,
  paySignMessage,
  requestMessage,
  rsaSign,
  rsaVerify,
} from './wechat-pay-crypto';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/wechat-pay/${name}`, import.meta.url), 'utf8');
const KEY = '0123456789abcdefghijklmnopqrstuv';

function seal(plain: string, key: string, nonce = 'abcdefghijkl', aad = 'transaction') {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(aad));
  const data = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  return { algorithm: 'AEAD_AES_256_GCM', nonce, associated_data: aad, ciphertext: data.toString('base64') };
}

describe('WeChat Pay v3 signing strings', () => {
  it('joins each part with a newline and ends with one', () => {
    expect(requestMessage('post', '/v3/pay/transactions/jsapi?a=1', '1554208460', 'NONCE', '{"a":1}')).toBe(
      'POST\n/v3/pay/transactions/jsapi?a=1\n1554208460\nNONCE\n{"a":1}\n',
    );
    expect(requestMessage('GET', '/v3/certificates', '1', 'n', '')).toBe('GET\n/v3/certificates\n1\nn\n\n');
    expect(paySignMessage('wx1', '1', 'n', 'prepay_id=p')).toBe('wx1\n1\nn\nprepay_id=p\n');
  });

  it('writes and reads the Authorization header', () => {
    const header = authorizationHeader({
      mchId: '1900000109',
      serialNo: 'AB12',
      nonce: 'n1',
      timestamp: '12',
      signature: 's+/=',
    });
    expect(header).toBe(
      'WECHATPAY2-SHA256-RSA2048 mchid="1900000109",nonce_str="n1",signature="s+/=",timestamp="12",serial_no="AB12"',
    );
    expect(parseAuthorization(header)).toEqual({
      mchid: '1900000109',
      nonce_str: 'n1',
      signature: 's+/=',
      timestamp: '12',
      serial_no: 'AB12',
    });
    expect(parseAuthorization(`Bearer ${header}`)).toBeNull();
    expect(parseAuthorization(header.replace('RSA2048', 'RSA1024'))).toBeNull();
  });

  it('verifies a signature only with the signer’s certificate and the same bytes', () => {
    const signature = rsaSign('message\n', fixture('merchant-key.pem'));
    expect(rsaVerify('message\n', signature, fixture('merchant-cert.pem'))).toBe(true);
    expect(rsaVerify('message \n', signature, fixture('merchant-cert.pem'))).toBe(false);
    expect(rsaVerify('message\n', signature, fixture('platform-cert.pem'))).toBe(false);
    expect(rsaVerify('message\n', signature, 'not a certificate')).toBe(false);
  });

  it('names a certificate by its upper-case serial', () => {
    expect(certificateSerial(fixture('platform-cert.pem'))).toMatch(/^[0-9A-F]{40}$/);
    expect(certificateSerial('-----BEGIN CERTIFICATE-----\nxx\n-----END CERTIFICATE-----')).toBeNull();
  });
});

describe('decryptResource', () => {
  it('opens AEAD_AES_256_GCM with the API v3 key, nonce and associated data', () => {
    expect(decryptResource(seal('{"a":1}', KEY), KEY)).toBe('{"a":1}');
  });

  it('refuses another key, other associated data, another algorithm and a cut ciphertext', () => {
    const sealed = seal('{"a":1}', KEY);
    expect(decryptResource(sealed, 'x'.repeat(32))).toBeNull();
    expect(decryptResource(sealed, KEY.slice(1))).toBeNull();
    expect(decryptResource({ ...sealed, associated_data: 'certificate' }, KEY)).toBeNull();
    expect(decryptResource({ ...sealed, algorithm: 'AEAD_AES_128_GCM' }, KEY)).toBeNull();
    expect(
      decryptResource({ ...sealed, ciphertext: Buffer.from('short').toString('base64') }, KEY),
    ).toBeNull();
  });
});
