import { describe, expect, it } from 'vitest';
import { en as submissionsEn } from '../../../smart-form/i18n/en';
import { zh as submissionsZh } from '../../../smart-form/i18n/zh';
import { en } from './en';
import { zh } from './zh';

describe.each([
  ['stores', en, zh],
  ['smart form submissions', submissionsEn, submissionsZh],
])('the %s catalogues', (_name, english, chinese) => {
  it('have the same keys in both languages, none empty', () => {
    expect(Object.keys(chinese).sort()).toEqual(Object.keys(english).sort());
    for (const [key, value] of [...Object.entries(english), ...Object.entries(chinese)])
      expect(value.trim(), key).not.toBe('');
  });
});
