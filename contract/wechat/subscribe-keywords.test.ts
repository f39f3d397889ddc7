import { describe, expect, it } from 'vitest';
import { fitKeywordValue, KEYWORD_LIMITS, type KeywordRule, parseDataKey } from './subscribe-keywords';

describe('fitKeywordValue', () => {
  const twenty = '一二三四五六七八九十一二三四五六七八九十';
  it.each<[KeywordRule, string, string]>([
    // thing: 20 characters at the limit, one past is cut with an ellipsis
    ['thing', twenty, twenty],
    ['thing', `${twenty}多`, `${twenty.slice(0, 19)}…`],
    ['thing', `  春季新品  `, '春季新品'],
    // character_string: printable ASCII only, 32 at most
    ['character_string', 'E2026-00001', 'E2026-00001'],
    ['character_string', ' SF 1234 567 ', 'SF1234567'],
    ['character_string', 'a'.repeat(32), 'a'.repeat(32)],
    ['character_string', 'a'.repeat(33), 'a'.repeat(32)],
    ['character_string', '顺丰SF12', 'SF12'],
    // amount keeps digits, the point and the currency marks
    ['amount', '¥12.50', '¥12.50'],
    ['amount', '12.50 元 ', '12.50元'],
    ['number', '12a3', '123'],
    ['phone_number', '+86 138-0000-0000', '+86138-0000-0000'],
    ['phrase', '已发货', '已发货'],
    ['phrase', '已经发货了啊', '已经发货了'],
    ['name', '欧阳一二三四五六七八', '欧阳一二三四五六七八'],
    ['name', '欧阳一二三四五六七八九', '欧阳一二三四五六七…'],
    ['symbol', '+-*/%&', '+-*/%'],
    ['time', '2026-11-27 10:00', '2026-11-27 10:00'],
  ])('%s %j → %j', (rule, value, fitted) => {
    expect(fitKeywordValue(rule, value)).toBe(fitted);
    expect([...fitKeywordValue(rule, value)].length).toBeLessThanOrEqual(KEYWORD_LIMITS[rule]);
  });
});

describe('parseDataKey', () => {
  it.each([
    ['thing1', { rule: 'thing', kid: 1 }],
    ['character_string12', { rule: 'character_string', kid: 12 }],
    ['phone_number3', { rule: 'phone_number', kid: 3 }],
    ['thing', null],
    ['colour2', null],
    ['thing1x', null],
  ])('%s', (key, parsed) => {
    expect(parseDataKey(key)).toEqual(parsed);
  });
});
