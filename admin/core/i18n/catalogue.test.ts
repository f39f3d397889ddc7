import { describe, expect, it } from 'vitest';
import { en as goodsEn } from '../../goods/i18n/en';
import { zh as goodsZh } from '../../goods/i18n/zh';
import { en as smartFormEn } from '../../smart-form/i18n/en';
import { zh as smartFormZh } from '../../smart-form/i18n/zh';
import { en } from './en';
import { zh } from './zh';

describe.each([
  ['engine', en, zh],
  ['goods', goodsEn, goodsZh],
  ['smart form submissions', smartFormEn, smartFormZh],
])('the %s catalogues', (_name, english, chinese) => {
  it('have the same keys, none empty', () => {
    expect(Object.keys(english).filter((key) => !(key in chinese))).toEqual([]);
    expect(Object.keys(chinese).filter((key) => !(key in english))).toEqual([]);
    for (const [key, value] of [...Object.entries(english), ...Object.entries(chinese)])
      expect(value.trim(), key).not.toBe('');
  });
});
