/**
 * The value rules of subscribe-message keywords (WeChat's "订阅消息参数值内容限制"). A keyword's
 * data key is its rule followed by its kid (`thing1`, `character_string2`); WeChat refuses a whole
 * send (errcode 47003) when one value breaks its rule, so values are fitted before they are sent.
 */

export const KEYWORD_RULES = [
  'thing',
  'number',
  'letter',
  'symbol',
  'character_string',
  'time',
  'date',
  'amount',
  'phone_number',
  'car_number',
  'name',
  'phrase',
] as const;
export type KeywordRule = (typeof KEYWORD_RULES)[number];

/** Longest value per rule, in characters. */
export const KEYWORD_LIMITS: Record<KeywordRule, number> = {
  thing: 20,
  number: 32,
  letter: 32,
  symbol: 5,
  character_string: 32,
  time: 64,
  date: 64,
  amount: 32,
  phone_number: 17,
  car_number: 8,
  name: 10,
  phrase: 5,
};

/** Characters each rule accepts beyond its length; `thing`, `time`, `date`, `name`, `phrase` take text. */
const ALLOWED: Partial<Record<KeywordRule, RegExp>> = {
  number: /[^0-9.]/g,
  letter: /[^A-Za-z]/g,
  character_string: /[^\x21-\x7e]/g,
  amount: /[^0-9.¥元]/g,
  phone_number: /[^0-9+-]/g,
};

/** Splits a data key (`character_string12`) into its rule and kid; null when it names no known rule. */
export function parseDataKey(key: string): { rule: KeywordRule; kid: number } | null {
  const match = /^([a-z_]+?)(\d+)$/.exec(key);
  if (!match) return null;
  const rule = match[1] as KeywordRule;
  return KEYWORD_RULES.includes(rule) ? { rule, kid: Number(match[2]) } : null;
}

/**
 * A value as WeChat accepts it for the rule: trimmed, characters the rule refuses dropped, cut to the
 * rule's length (text rules end in "…" when cut, so the reader sees it was shortened).
 */
export function fitKeywordValue(rule: KeywordRule, value: string): string {
  const limit = KEYWORD_LIMITS[rule];
  const cleaned = value.trim().replace(ALLOWED[rule] ?? /$^/g, '');
  const characters = [...cleaned];
  if (characters.length <= limit) return cleaned;
  if (rule === 'thing' || rule === 'name') return `${characters.slice(0, limit - 1).join('')}…`;
  return characters.slice(0, limit).join('');
}
