import { createHash } from 'node:crypto';
import type { GeocoderConfig } from '../../config';

/**
 * The geocoding adapter (DESIGN §11): an address to its map point through Tencent's location service,
 * WebService API geocoder `GET /ws/geocoder/v1/`. With the key's signature check on, every request
 * carries `sig` = md5 of the path, "?", the parameters sorted by name and joined unencoded, then the
 * SK, in lower-case hex (lbs.qq.com, "签名校验"). Replies carry `status` 0 on success; the others are
 * mapped to the reasons below so the screen can say what to fix.
 */

export const GEOCODER_PATH = '/ws/geocoder/v1/';
const TIMEOUT_MS = 8000;

export interface GeocodeResult {
  lng: number;
  lat: number;
  province: string;
  city: string;
  district: string;
}

export type GeocodeFailure = 'notFound' | 'badKey' | 'badSignature' | 'quota' | 'unavailable';

export class GeocodeError extends Error {
  constructor(
    readonly reason: GeocodeFailure,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

/** The `sig` of a GET request: md5(path + "?" + sorted raw parameters + SK). */
export function tencentSignature(
  path: string,
  parameters: Record<string, string>,
  secretKey: string,
): string {
  const query = Object.keys(parameters)
    .sort()
    .map((name) => `${name}=${parameters[name]}`)
    .join('&');
  return createHash('md5').update(`${path}?${query}${secretKey}`, 'utf8').digest('hex');
}

/** Tencent's status codes (WebService API "状态码说明") by what the operator can do about them. */
export function failureOf(status: number): GeocodeFailure {
  if (status === 347 || status === 348) return 'notFound';
  if (status === 111) return 'badSignature';
  if (status === 110 || status === 112 || status === 311 || status === 190) return 'badKey';
  if (status === 120 || status === 121 || status === 122) return 'quota';
  return 'unavailable';
}

interface TencentReply {
  status: number;
  message?: string;
  result?: {
    location?: { lng: number; lat: number };
    address_components?: { province?: string; city?: string; district?: string };
  };
}

export async function geocode(
  config: GeocoderConfig,
  address: string,
  fetcher: typeof fetch = fetch,
): Promise<GeocodeResult> {
  const parameters: Record<string, string> = { address, key: config.key };
  if (config.secretKey) parameters.sig = tencentSignature(GEOCODER_PATH, parameters, config.secretKey);
  const url = `${config.baseUrl}${GEOCODER_PATH}?${new URLSearchParams(parameters).toString()}`;
  let reply: TencentReply;
  try {
    const response = await fetcher(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) throw new GeocodeError('unavailable', `HTTP ${response.status}`);
    reply = (await response.json()) as TencentReply;
  } catch (error) {
    if (error instanceof GeocodeError) throw error;
    throw new GeocodeError('unavailable', (error as Error).message);
  }
  const location = reply.result?.location;
  if (reply.status !== 0 || !location) {
    throw new GeocodeError(failureOf(reply.status), `${reply.status} ${reply.message ?? ''}`.trim());
  }
  const parts = reply.result?.address_components ?? {};
  return {
    lng: location.lng,
    lat: location.lat,
    province: parts.province ?? '',
    city: parts.city ?? '',
    district: parts.district ?? '',
  };
}
