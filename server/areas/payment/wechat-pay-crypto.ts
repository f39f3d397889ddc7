import {
  constants,
  createDecipheriv,
  createSign,
  createVerify,
  privateDecrypt,
  publicEncrypt,
  randomBytes,
  X509Certificate,
} from 'node:crypto';

/**
 * The cryptography of WeChat Pay API v3 (pay.weixin.qq.com/wiki/doc/apiv3, "签名生成", "签名验证",
 * "证书和回调报文解密"), as pure functions so the adapter and the local stand-in share one reading of
 * the protocol and the tests can check each rule on its own.
 */

export const AUTHORIZATION_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';

/** Lines joined with \n and ending with one: the shape of every string WeChat Pay signs. */
function lines(parts: readonly string[]): string {
  return `${parts.join('\n')}\n`;
}

/** What the merchant signs for a request: method, path with query, timestamp, nonce, body. */
export function requestMessage(
  method: string,
  pathWithQuery: string,
  timestamp: string,
  nonce: string,
  body: string,
): string {
  return lines([method.toUpperCase(), pathWithQuery, timestamp, nonce, body]);
}

/** What WeChat Pay signs for an answer or a notification: timestamp, nonce, body. */
export function answerMessage(timestamp: string, nonce: string, body: string): string {
  return lines([timestamp, nonce, body]);
}

/** What the mini-program's wx.requestPayment carries, signed by the merchant (JSAPI 调起支付). */
export function paySignMessage(
  appId: string,
  timeStamp: string,
  nonceStr: string,
  packageValue: string,
): string {
  return lines([appId, timeStamp, nonceStr, packageValue]);
}

export function rsaSign(message: string, privateKeyPem: string): string {
  return createSign('RSA-SHA256').update(message).sign(privateKeyPem, 'base64');
}

/** False for a bad signature and for a key or signature that cannot be read. */
export function rsaVerify(message: string, signature: string, publicKeyOrCertificatePem: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message).verify(publicKeyOrCertificatePem, signature, 'base64');
  } catch {
    return false;
  }
}

/**
 * A sensitive field of a request (a payee's name), sealed for WeChat Pay with its platform
 * certificate: RSA with OAEP padding over SHA-1 ("敏感信息加密"), in base64. The request then names
 * the certificate's serial in Wechatpay-Serial.
 */
export function encryptSensitive(plain: string, platformCertificatePem: string): string {
  return publicEncrypt(
    { key: platformCertificatePem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
    Buffer.from(plain, 'utf8'),
  ).toString('base64');
}

/** What WeChat Pay reads from a sealed field with the platform's private key; null when it cannot. */
export function decryptSensitive(sealed: string, platformPrivateKeyPem: string): string | null {
  try {
    return privateDecrypt(
      { key: platformPrivateKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
      Buffer.from(sealed, 'base64'),
    ).toString('utf8');
  } catch {
    return null;
  }
}

export function nonce(): string {
  return randomBytes(16).toString('hex');
}

export function unixSeconds(now: Date): string {
  return String(Math.floor(now.getTime() / 1000));
}

export function authorizationHeader(parts: {
  mchId: string;
  serialNo: string;
  nonce: string;
  timestamp: string;
  signature: string;
}): string {
  return `${AUTHORIZATION_SCHEMA} mchid="${parts.mchId}",nonce_str="${parts.nonce}",signature="${parts.signature}",timestamp="${parts.timestamp}",serial_no="${parts.serialNo}"`;
}

/** The fields of an Authorization header, or null when it is not WeChat Pay's schema. */
export function parseAuthorization(header: string): Record<string, string> | null {
  if (!header.startsWith(`${AUTHORIZATION_SCHEMA} `)) return null;
  const fields: Record<string, string> = {};
  for (const match of header.slice(AUTHORIZATION_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)) {
    fields[match[1]!] = match[2]!;
  }
  return fields;
}

export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
}

/**
 * Opens a notification's or certificate's `resource`: AES-256-GCM with the API v3 key, the
 * resource's nonce as IV and associated_data as AAD; the last 16 bytes of the ciphertext are the tag.
 * Null when the algorithm is not AEAD_AES_256_GCM or the tag does not match.
 */
export function decryptResource(resource: EncryptedResource, apiV3Key: string): string | null {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') return null;
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) return null;
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(resource.nonce, 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - 16));
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/** Upper-case hex serial number of a PEM certificate, as WeChat Pay names certificates; null when unreadable. */
export function certificateSerial(pem: string): string | null {
  try {
    return new X509Certificate(pem).serialNumber.toUpperCase();
  } catch {
    return null;
  }
}
