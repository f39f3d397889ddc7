import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptMessage, encryptMessage, messageSignature, signatureMatches } from './message-crypto';

const KEY = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

describe('WeChat push crypto', () => {
  it('signs the sorted token, timestamp, nonce and Encrypt text with SHA-1', () => {
    const expected = createHash('sha1')
      .update(['1409304348', 'QDG6eK', 'encrypted', 'token'].sort().join(''))
      .digest('hex');
    expect(messageSignature('token', '1409304348', 'QDG6eK', 'encrypted')).toBe(expected);
    expect(messageSignature('token', 'QDG6eK', '1409304348', 'encrypted')).toBe(expected);
  });

  it.each([
    ['', 'wx00112233445566ff'],
    ['<xml><Event>weapp_audit_success</Event></xml>', 'wx00112233445566ff'],
    ['中文内容 with 31 bytes of text..', 'wxaabbccddeeff0011'],
    ['x'.repeat(32 * 10 - 20 - 18), 'wx00112233445566ff'],
  ])('opens what it sealed (%j)', (message, appId) => {
    expect(decryptMessage(KEY, encryptMessage(KEY, message, appId))).toEqual({ message, appId });
  });

  it('refuses text sealed under another key, cut short, or not base64', () => {
    const sealed = encryptMessage(KEY, 'hello', 'wx00112233445566ff');
    const other = encryptMessage('B'.repeat(43), 'hello', 'wx00112233445566ff');
    expect(decryptMessage(KEY, other)?.message === 'hello').toBe(false);
    expect(decryptMessage(KEY, sealed.slice(0, 20))).toBeNull();
    expect(decryptMessage(KEY, '!!!')).toBeNull();
  });

  it.each([
    ['a'.repeat(40), 'a'.repeat(40), true],
    ['a'.repeat(40), `${'a'.repeat(39)}b`, false],
    ['a'.repeat(40), 'a'.repeat(39), false],
    ['a'.repeat(40), '', false],
  ])('compares signatures %s and %s: %s', (expected, given, same) => {
    expect(signatureMatches(expected, given)).toBe(same);
  });
});
