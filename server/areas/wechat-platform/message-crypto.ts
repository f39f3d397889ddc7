import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * WeChat's message encryption (消息加解密, WXBizMsgCrypt): `msg_signature` is the SHA-1 of token,
 * timestamp, nonce and the Encrypt text sorted and joined; Encrypt is AES-256-CBC under the
 * EncodingAESKey (43 base64 characters plus "="), IV its first 16 bytes, PKCS#7 padding to 32 bytes,
 * of 16 random bytes, the message length (4 bytes, big-endian), the message and the app id.
 */

export function messageSignature(token: string, timestamp: string, nonce: string, encrypt: string): string {
  return createHash('sha1').update([token, timestamp, nonce, encrypt].sort().join('')).digest('hex');
}

export function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

const BLOCK = 32;

function aesKey(encodingAesKey: string): Buffer {
  return Buffer.from(`${encodingAesKey}=`, 'base64');
}

export function encryptMessage(encodingAesKey: string, message: string, appId: string): string {
  const key = aesKey(encodingAesKey);
  const body = Buffer.from(message, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const plain = Buffer.concat([randomBytes(16), length, body, Buffer.from(appId, 'utf8')]);
  const pad = BLOCK - (plain.length % BLOCK);
  const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
  cipher.setAutoPadding(false);
  return Buffer.concat([
    cipher.update(Buffer.concat([plain, Buffer.alloc(pad, pad)])),
    cipher.final(),
  ]).toString('base64');
}

/** The message and the app id it was sealed for, or null when it does not open. */
export function decryptMessage(
  encodingAesKey: string,
  encrypt: string,
): { message: string; appId: string } | null {
  try {
    const key = aesKey(encodingAesKey);
    const decipher = createDecipheriv('aes-256-cbc', key, key.subarray(0, 16));
    decipher.setAutoPadding(false);
    const padded = Buffer.concat([decipher.update(Buffer.from(encrypt, 'base64')), decipher.final()]);
    const pad = padded[padded.length - 1]!;
    if (pad < 1 || pad > BLOCK) return null;
    const plain = padded.subarray(0, padded.length - pad);
    const length = plain.readUInt32BE(16);
    if (20 + length > plain.length) return null;
    return {
      message: plain.subarray(20, 20 + length).toString('utf8'),
      appId: plain.subarray(20 + length).toString('utf8'),
    };
  } catch {
    return null;
  }
}
