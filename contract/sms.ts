/**
 * Pure rules of text messages (SPEC §2 /addedValue): how many billed parts a message is, the
 * variables of a template and the message they make, the scenes that send, and how a mobile is
 * shown in the records. The server charges with them; the send form previews with the same ones.
 */

/** Characters one part holds when the whole message (signature included) fits in one. */
export const SINGLE_PART_CHARACTERS = 70;
/** Characters each part of a longer message holds: the rest of a part carries the joining header. */
export const LONG_PART_CHARACTERS = 67;

/**
 * Characters as the carriers count them: a Chinese character, a letter and a space are one each;
 * a character outside the basic plane (an emoji) is one, not the two UTF-16 units it takes.
 */
export function smsCharacters(text: string): number {
  return Array.from(text).length;
}

/** Billed parts of a message: one up to 70 characters, then one per 67 (a 71-character message is two). */
export function smsParts(text: string): number {
  const characters = smsCharacters(text);
  if (characters <= SINGLE_PART_CHARACTERS) return 1;
  return Math.ceil(characters / LONG_PART_CHARACTERS);
}

/** What the recipient reads: the signature in 【】 then the body, as the carriers prefix it. */
export function smsText(signature: string, body: string): string {
  return `【${signature}】${body}`;
}

/** Tencent Cloud's placeholders: {1}, {2}… numbered from 1 in any order in the text. */
const PLACEHOLDER = /\{(\d+)\}/g;

/**
 * The number of variables a template's content uses, or null when its placeholders do not run
 * 1, 2, … n without a gap (the provider refuses such a template).
 */
export function templateVariableCount(content: string): number | null {
  const numbers = new Set(Array.from(content.matchAll(PLACEHOLDER), (match) => Number(match[1])));
  for (let expected = 1; expected <= numbers.size; expected += 1) {
    if (!numbers.has(expected)) return null;
  }
  return numbers.size;
}

/** The body a template's content gives with `values` in its placeholders (a missing one stays empty). */
export function renderTemplate(content: string, values: readonly string[]): string {
  return content.replace(PLACEHOLDER, (_, index: string) => values[Number(index) - 1] ?? '');
}

/**
 * What sends messages. Each automatic scene fills the template's variables in a fixed order (a
 * template may use the first few); a manual send takes the operator's values.
 */
export const SMS_SCENES = ['orderShipped', 'verifyCode', 'bookingReminder', 'manual'] as const;
export type SmsScene = (typeof SMS_SCENES)[number];

/** The variables each scene fills, in placeholder order ({1} is the first). */
export const SCENE_VARIABLES: Record<SmsScene, readonly string[]> = {
  orderShipped: ['orderNo', 'carrier', 'trackingNo'],
  verifyCode: ['code', 'minutes'],
  bookingReminder: ['item', 'time', 'place'],
  manual: ['value1', 'value2', 'value3', 'value4', 'value5'],
};

/** Whether a template's content suits its scene: placeholders without a gap, no more than the scene fills. */
export function templateFitsScene(content: string, scene: SmsScene): boolean {
  const count = templateVariableCount(content);
  return count !== null && count <= SCENE_VARIABLES[scene].length && (scene !== 'verifyCode' || count >= 1);
}

/** Mainland mobile numbers (11 digits from 13 to 19): the only ones the platform sends to. */
export const SMS_MOBILE_PATTERN = /^1[3-9]\d{9}$/;

/** A mobile as the records show it: the first three and last four digits. */
export function maskMobile(mobile: string): string {
  if (mobile.length < 8) return mobile.replace(/./g, '*');
  return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
}
