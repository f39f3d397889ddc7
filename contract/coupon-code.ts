/**
 * Offline coupon codes: 15 random characters and a check character, 16 in all, from an alphabet of
 * 32 that leaves out 0, 1, O and I (the characters people misread on a printed card). 32^15 is
 * 2^75 codes per shop, so a batch of thousands cannot be guessed into. The check character is
 * Luhn mod 32: every single mistyped character and every swap of two neighbours (but 2 ↔ Z) makes
 * a code that cannot exist, so a typo is refused as "not a code" instead of consuming another's.
 * Ticket codes are 12 digits, so the two never look alike.
 */

export const COUPON_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const COUPON_CODE_LENGTH = 16;
export const COUPON_CODE_BODY_LENGTH = COUPON_CODE_LENGTH - 1;
/** What the printed QR code holds: this prefix, then the code. */
export const COUPON_QR_PREFIX = 'coupon:';

const BASE = COUPON_CODE_ALPHABET.length;

function points(text: string): number[] {
  return [...text].map((character) => {
    const point = COUPON_CODE_ALPHABET.indexOf(character);
    if (point < 0) throw new Error(`"${character}" is not a coupon code character`);
    return point;
  });
}

/** Luhn mod N over the code points, from the right; `doubleFirst` when the check is not yet there. */
function luhnSum(codePoints: readonly number[], doubleFirst: boolean): number {
  let sum = 0;
  let double = doubleFirst;
  for (let index = codePoints.length - 1; index >= 0; index -= 1) {
    const addend = codePoints[index]! * (double ? 2 : 1);
    sum += Math.floor(addend / BASE) + (addend % BASE);
    double = !double;
  }
  return sum % BASE;
}

/** The check character of a body of alphabet characters. */
export function couponCheckCharacter(body: string): string {
  const remainder = luhnSum(points(body), true);
  return COUPON_CODE_ALPHABET[(BASE - remainder) % BASE]!;
}

/** A code from 15 random alphabet characters: the characters and their check character. */
export function makeCouponCode(randomBody: string): string {
  if (randomBody.length !== COUPON_CODE_BODY_LENGTH) {
    throw new Error(`a coupon code body is ${COUPON_CODE_BODY_LENGTH} characters`);
  }
  return randomBody + couponCheckCharacter(randomBody);
}

/**
 * What a verifier typed or scanned, as a code: the QR prefix, spaces and dashes (codes are shown in
 * groups of four) are dropped and letters read as capitals; null when the rest is not 16 alphabet
 * characters with a valid check.
 */
export function readCouponCode(typed: string): string | null {
  let text = typed.trim();
  if (text.toLowerCase().startsWith(COUPON_QR_PREFIX)) text = text.slice(COUPON_QR_PREFIX.length);
  const code = text.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== COUPON_CODE_LENGTH) return null;
  if ([...code].some((character) => !COUPON_CODE_ALPHABET.includes(character))) return null;
  return luhnSum(points(code), false) === 0 ? code : null;
}

/** A code as shown to people: groups of four joined by dashes. */
export function groupCouponCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1-');
}

/** The text a printed card's QR code holds. */
export function couponQrPayload(code: string): string {
  return `${COUPON_QR_PREFIX}${code}`;
}
