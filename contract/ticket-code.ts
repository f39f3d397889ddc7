/**
 * Electronic ticket codes: 11 random digits and a Damm check digit, 12 digits in all. Digits are
 * what a verifier types from a phone screen or a printout; the check digit turns every single
 * mistyped digit and every swap of two neighbours into a code that cannot exist, so a typo is
 * refused as "not a code" rather than consuming someone else's ticket. The random part (10^11 per
 * site) comes from the server's secure random source.
 */

export const TICKET_CODE_LENGTH = 12;
export const TICKET_CODE_BODY_LENGTH = TICKET_CODE_LENGTH - 1;

/** The Damm quasigroup of order 10 (weakly totally anti-symmetric). */
const DAMM: readonly (readonly number[])[] = [
  [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
  [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
  [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
  [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
  [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
  [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
  [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
  [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
  [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
  [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
];

function dammInterim(digits: string): number {
  let interim = 0;
  for (const digit of digits) interim = DAMM[interim]![Number(digit)]!;
  return interim;
}

/** The check digit of a body of digits. */
export function ticketCheckDigit(body: string): string {
  if (!/^\d+$/.test(body)) throw new Error('a ticket code body is digits only');
  return String(dammInterim(body));
}

/** A code from 11 random digits: the digits and their check digit. */
export function makeTicketCode(randomDigits: string): string {
  if (!new RegExp(`^\\d{${TICKET_CODE_BODY_LENGTH}}$`).test(randomDigits)) {
    throw new Error(`a ticket code body is ${TICKET_CODE_BODY_LENGTH} digits`);
  }
  return randomDigits + ticketCheckDigit(randomDigits);
}

/**
 * What a verifier typed or scanned, as a code: spaces and dashes (how codes are shown, in groups
 * of four) are dropped around and inside; null when the rest is not 12 digits with a valid check.
 */
export function readTicketCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '');
  if (!new RegExp(`^\\d{${TICKET_CODE_LENGTH}}$`).test(code)) return null;
  return dammInterim(code) === 0 ? code : null;
}

/** A code as shown to people: groups of four digits. */
export function groupTicketCode(code: string): string {
  return code.replace(/(\d{4})(?=\d)/g, '$1 ');
}
