import { describe, expect, it } from 'vitest';
import { newsCommentMachine } from '../../../contract/machines/news';
import { actionLabelKey, stateLabelKey } from '../../../contract/state-machine';
import { richTextCatalogues } from '../../../src/lib/rich-text-messages';
import { en } from './i18n/en';
import { zh } from './i18n/zh';

describe.each([
  ['news', en, zh],
  ['rich-text editor', richTextCatalogues.en, richTextCatalogues.zh],
])('the %s catalogues', (_name, english, chinese) => {
  it('have the same keys, none empty', () => {
    expect(Object.keys(english).filter((key) => !(key in chinese))).toEqual([]);
    expect(Object.keys(chinese).filter((key) => !(key in english))).toEqual([]);
    for (const [key, value] of [...Object.entries(english), ...Object.entries(chinese)])
      expect(value.trim(), key).not.toBe('');
  });
});

it('names every state and action of the comment machine', () => {
  const keys = [
    ...newsCommentMachine.states.map((state) => stateLabelKey(newsCommentMachine, state)),
    ...newsCommentMachine.actions.map((action) => actionLabelKey(newsCommentMachine, action.name)),
  ];
  expect(keys.filter((key) => !(key in en))).toEqual([]);
});
