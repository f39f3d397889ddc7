import type { Carrier } from './machines/order';

/**
 * The shape of each carrier's tracking numbers, where the carrier publishes a stable one, with an
 * example to show the operator. A number typed for a face sheet must fit its carrier account's
 * carrier: an SF number on a ZTO account prints a sheet no courier will take. Carriers left out
 * (Deppon, whose numbering changed several times, and the shop's own rider) are checked only
 * against the general pattern.
 */
export const CARRIER_TRACKING_FORMATS: Partial<Record<Carrier, { pattern: RegExp; example: string }>> = {
  SF: { pattern: /^SF\d{13}$/i, example: 'SF1234567890123' },
  ZTO: { pattern: /^\d{12}(\d{2,3})?$/, example: '75312345678901' },
  YTO: { pattern: /^YT\d{13}$/i, example: 'YT1234567890123' },
  STO: { pattern: /^\d{12,13}$/, example: '7712345678901' },
  YD: { pattern: /^\d{13}(\d{2})?$/, example: '4312345678901' },
  JT: { pattern: /^JT\d{13}$/i, example: 'JT1234567890123' },
  EMS: { pattern: /^(\d{13}|[A-Z]{2}\d{9}[A-Z]{2})$/i, example: '1123456789012' },
  JD: { pattern: /^JD[A-Z0-9]{11,13}$/i, example: 'JDVA12345678901' },
};

/** Whether a tracking number fits its carrier's known shape; true when the carrier has none. */
export function trackingNumberFitsCarrier(carrier: Carrier, trackingNo: string): boolean {
  const format = CARRIER_TRACKING_FORMATS[carrier];
  return !format || format.pattern.test(trackingNo.trim());
}
