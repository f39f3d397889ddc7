import { beforeEach, describe, expect, it } from 'vitest';
import {
  COUPON_CODE_ALPHABET,
  COUPON_CODE_BODY_LENGTH,
  COUPON_CODE_LENGTH,
  couponCheckCharacter,
  couponQrPayload,
  groupCouponCode,
  makeCouponCode,
  readCouponCode,
} from './coupon-code';

const BODY = 'ABCDEFGHJKLMNPQ';
// Made inside each test, so a broken makeCouponCode fails the tests rather than the file's loading.
let CODE = '';
beforeEach(() => {
  CODE = makeCouponCode(BODY);
});

describe('coupon codes', () => {
  it('are 16 characters of the alphabet, the last one the check', () => {
    expect(CODE).toHaveLength(COUPON_CODE_LENGTH);
    expect(CODE.slice(0, 15)).toBe(BODY);
    expect(CODE.slice(15)).toBe(couponCheckCharacter(BODY));
    expect([...CODE].every((character) => COUPON_CODE_ALPHABET.includes(character))).toBe(true);
  });

  it.each([
    ['222222222222222', '2'],
    ['ZZZZZZZZZZZZZZZ', 'H'],
    ['23456789ABCDEFG', 'Z'],
    ['HJKLMNPQRSTUVWX', 'Z'],
  ])('the check character of %s is %s (from a separate Luhn mod 32 implementation)', (body, check) => {
    expect(couponCheckCharacter(body)).toBe(check);
    expect(readCouponCode(body + check)).toBe(body + check);
  });

  it.each<[string, () => string]>([
    ['one character short', () => BODY],
    ['one character long', () => `${CODE}2`],
    ['fourteen random characters', () => 'ABCDEFGHJKLMN'],
  ])('refuses a code of the wrong length: %s', (_, text) => {
    expect(readCouponCode(text())).toBeNull();
  });

  it.each(['ABCDEFGHJKLMNP', 'ABCDEFGHJKLMNPQR', ''])('refuses to make a code of a %j body', (body) => {
    expect(() => makeCouponCode(body)).toThrow('a coupon code body is 15 characters');
  });

  it('refuses characters outside the alphabet when making one', () => {
    expect(() => makeCouponCode('0BCDEFGHJKLMNPQ')).toThrow('not a coupon code character');
    expect(() => couponCheckCharacter('ABC1')).toThrow();
  });

  it.each<[string, () => string]>([
    ['as printed', () => groupCouponCode(CODE)],
    ['in lower case', () => CODE.toLowerCase()],
    ['with spaces around and inside', () => `  ${CODE.slice(0, 8)} ${CODE.slice(8)}  `],
    ['as the QR code holds it', () => couponQrPayload(CODE)],
    ['with the QR prefix in capitals', () => `COUPON:${CODE}`],
    ['with the QR prefix and spaces around', () => `  coupon:${CODE}  `],
  ])('reads a code typed %s', (_, typed) => {
    expect(readCouponCode(typed())).toBe(CODE);
  });

  it.each<[string, () => string]>([
    ['an empty text', () => ''],
    ['a ticket code', () => '123456789012'],
    ['a letter O for a zero-free alphabet', () => `O${CODE.slice(1)}`],
    ['a digit 1', () => `1${CODE.slice(1)}`],
    ['punctuation inside', () => `${CODE.slice(0, 8)}.${CODE.slice(8)}`],
    ['another prefix', () => `ticket:${CODE}`],
  ])('refuses %s', (_, typed) => {
    expect(readCouponCode(typed())).toBeNull();
  });

  it('names the character that is not of the alphabet', () => {
    expect(() => couponCheckCharacter('AB0')).toThrow('"0" is not a coupon code character');
    expect(() => couponCheckCharacter('2')).not.toThrow();
  });

  it('has a 32-character alphabet without 0, 1, O and I, and 15 random characters', () => {
    expect(COUPON_CODE_ALPHABET).toHaveLength(32);
    expect(COUPON_CODE_ALPHABET).not.toMatch(/[01OI]/);
    expect(COUPON_CODE_BODY_LENGTH).toBe(15);
  });

  it('refuses every single mistyped character', () => {
    for (let position = 0; position < CODE.length; position += 1) {
      for (const character of COUPON_CODE_ALPHABET) {
        if (character === CODE[position]) continue;
        const typo = CODE.slice(0, position) + character + CODE.slice(position + 1);
        expect(readCouponCode(typo)).toBeNull();
      }
    }
  });

  it('refuses every swap of two different neighbours but 2 and Z', () => {
    const body = 'Z2ABCDEFGHJKLMN';
    const code = makeCouponCode(body);
    for (let position = 0; position < code.length - 1; position += 1) {
      const [left, right] = [code[position]!, code[position + 1]!];
      if (left === right) continue;
      const swapped = code.slice(0, position) + right + left + code.slice(position + 2);
      const undetectable = new Set([left, right]).size === 2 && [left, right].sort().join('') === '2Z';
      expect(readCouponCode(swapped) === null).toBe(!undetectable);
    }
  });

  it('groups a code in fours with dashes', () => {
    expect(groupCouponCode('ABCDEFGHJKLMNPQR')).toBe('ABCD-EFGH-JKLM-NPQR');
  });
});
