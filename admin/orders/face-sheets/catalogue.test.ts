import { describe, expect, it } from 'vitest';
import { en as reportEn } from '../reports/i18n/en';
import { zh as reportZh } from '../reports/i18n/zh';
import { en } from './i18n/en';
import { zh } from './i18n/zh';

describe.each([
  ['face-sheet', en, zh],
  ['report', reportEn, reportZh],
])('the %s catalogues', (_name, english, chinese) => {
  it('have the same keys, none empty', () => {
    expect(Object.keys(english).filter((key) => !(key in chinese))).toEqual([]);
    expect(Object.keys(chinese).filter((key) => !(key in english))).toEqual([]);
    for (const [key, value] of [...Object.entries(english), ...Object.entries(chinese)])
      expect(value.trim(), key).not.toBe('');
  });
});
