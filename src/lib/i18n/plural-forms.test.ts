import { describe, expect, it } from 'vitest';

/**
 * Issue 14 §6: English counts agree with their number ("1 order", "2 orders") through ICU plural
 * forms, never a bare number before a plural noun ("Print face sheets for 1 orders") nor "(s)".
 * Every English catalogue of the app is read, so a module added later is held to it too.
 */

const modules = import.meta.glob<Record<string, unknown>>(
  [
    '/src/**/i18n/*en.ts',
    '/admin/**/i18n/*en.ts',
    '/editor/**/i18n/*en.ts',
    '/components-catalog/**/i18n/*en.ts',
  ],
  { eager: true },
);

/** Argument names that hold a number of things in the catalogues. */
const COUNT_ARGUMENT =
  /^(count|max|min|total|limit|days|length|size|points|lessons|tables|lines|pages|shipped|failed)$/;

/** A simple argument followed by a noun, or by a word and a noun, ending in "s": "{count} blocks". */
const BARE_COUNT = /\{(\w+)\} (?!(?:of|in|are|is)\b)(?:[A-Za-z-]+ )?[A-Za-z-]*[a-z]s\b/g;

/** The message with each `{x, plural, …}` form, whose branches agree by construction, left out. */
function withoutPluralForms(message: string): string {
  let out = '';
  let index = 0;
  for (const match of message.matchAll(/\{\w+, plural,/g)) {
    if (match.index < index) continue;
    out += message.slice(index, match.index);
    let depth = 0;
    let end = match.index;
    for (; end < message.length; end += 1) {
      if (message[end] === '{') depth += 1;
      else if (message[end] === '}' && --depth === 0) break;
    }
    index = end + 1;
  }
  return out + message.slice(index);
}

/** The problems of one English message, empty when its counts are all plural forms. */
function countProblems(message: string): string[] {
  const problems: string[] = [];
  const bare = withoutPluralForms(message);
  if (/\w\(s\)/.test(bare)) problems.push('"(s)"');
  for (const match of bare.matchAll(BARE_COUNT)) {
    if (COUNT_ARGUMENT.test(match[1]!)) problems.push(match[0]);
  }
  return problems;
}

const catalogues = Object.entries(modules).flatMap(([file, module]) =>
  Object.values(module)
    .filter((value): value is Record<string, unknown> => typeof value === 'object' && value !== null)
    .map((catalogue) => ({ file, catalogue })),
);

describe('English plural forms', () => {
  it.each([
    ['Print face sheets for {count} orders', ['{count} orders']],
    ['Contents ({count} items)', ['{count} items']],
    ['Print {count} face sheets', ['{count} face sheets']],
    ['Delete {count} submission(s)?', ['"(s)"']],
    ['{count, plural, one {# order} other {# orders}}', []],
    ['{count, plural, one {{count} image is} other {{count} images are}} kept', []],
    [
      '{a, select, yes {{points} points} other {{points, plural, one {{points} point} other {{points} points}}}}',
      ['{points} points'],
    ],
    ['Face sheets ready to print ({count})', []],
    ['Order {orderNo} was shipped', []],
    ['Cell {index} covers another cell', []],
    ['Page {page} of {pages}, {total} in all', []],
  ])('%o → %o', (message, problems) => {
    expect(countProblems(message)).toEqual(problems);
  });

  it('reads the catalogues of the shell, the studio, the blocks and the admin modules', () => {
    const files = new Set(catalogues.map((entry) => entry.file));
    for (const expected of [
      '/src/lib/i18n/en.ts',
      '/admin/orders/face-sheets/i18n/en.ts',
      '/editor/i18n/en.ts',
      '/components-catalog/i18n/en.ts',
    ])
      expect(files).toContain(expected);
  });

  it('counts things in every English message with a plural form', () => {
    const found = catalogues.flatMap(({ file, catalogue }) =>
      Object.entries(catalogue)
        .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
        .flatMap(([id, message]) => countProblems(message).map((problem) => `${file} ${id}: ${problem}`)),
    );
    expect(found).toEqual([]);
  });
});
