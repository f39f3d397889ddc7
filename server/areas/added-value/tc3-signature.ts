import { createHash, createHmac } from 'node:crypto';

/**
 * Tencent Cloud API 3.0 request signing, TC3-HMAC-SHA256 (cloud.tencent.com/document/api/382/52072,
 * "Signature v3"): a canonical request of the POST, its headers and the body's SHA-256; a string to
 * sign naming the UTC day and service; a key derived from the SecretKey by HMAC over the day, the
 * service and "tc3_request". The stand-in of the tests recomputes it with these same functions.
 */

export const TC3_ALGORITHM = 'TC3-HMAC-SHA256';
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
/** Only these are signed: what the API documents as the least a request must sign. */
const SIGNED_HEADERS = 'content-type;host';

export interface Tc3Request {
  secretId: string;
  secretKey: string;
  /** `sms` for sms.tencentcloudapi.com. */
  service: string;
  /** The Host header sent, e.g. sms.tencentcloudapi.com (with the port when not the default). */
  host: string;
  /** Seconds since 1970, the X-TC-Timestamp header. */
  timestamp: number;
  /** The body exactly as sent. */
  payload: string;
  contentType?: string;
}

export interface Tc3Signature {
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
  authorization: string;
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/** The UTC day of a timestamp, as the credential scope names it. */
export function utcDay(timestamp: number): string {
  return new Date(timestamp * 1000).toISOString().slice(0, 10);
}

export function tc3Sign(request: Tc3Request): Tc3Signature {
  const contentType = request.contentType ?? JSON_CONTENT_TYPE;
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${contentType}\nhost:${request.host}\n`,
    SIGNED_HEADERS,
    sha256Hex(request.payload),
  ].join('\n');
  const day = utcDay(request.timestamp);
  const scope = `${day}/${request.service}/tc3_request`;
  const stringToSign = [TC3_ALGORITHM, String(request.timestamp), scope, sha256Hex(canonicalRequest)].join(
    '\n',
  );
  const signingKey = hmac(hmac(hmac(`TC3${request.secretKey}`, day), request.service), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return {
    canonicalRequest,
    stringToSign,
    signature,
    authorization: `${TC3_ALGORITHM} Credential=${request.secretId}/${scope}, SignedHeaders=${SIGNED_HEADERS}, Signature=${signature}`,
  };
}

export interface ParsedAuthorization {
  secretId: string;
  day: string;
  service: string;
  signedHeaders: string;
  signature: string;
}

/** Reads an Authorization header of this scheme; null when it is not one. */
export function parseTc3Authorization(header: string): ParsedAuthorization | null {
  const match =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d\d-\d\d)\/([a-z]+)\/tc3_request, SignedHeaders=([a-z;-]+), Signature=([0-9a-f]{64})$/.exec(
      header,
    );
  if (!match) return null;
  return {
    secretId: match[1]!,
    day: match[2]!,
    service: match[3]!,
    signedHeaders: match[4]!,
    signature: match[5]!,
  };
}
