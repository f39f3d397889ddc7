import { describe, expect, it } from 'vitest';
import { defaultSections, sectionsProblem } from './enterprise';

const sections = defaultSections();

describe('sectionsProblem', () => {
  it.each([
    ['every section once, all shown', sections, null],
    [
      'reordered with comments hidden',
      [...sections].reverse().map((section) => ({ ...section, Visible: section.Key !== 'comments' })),
      null,
    ],
    [
      'gallery listed twice',
      [...sections.slice(0, 6), sections[0]!],
      { kind: 'repeated', index: 6, key: 'gallery' },
    ],
    [
      'price hidden',
      sections.map((section) => ({ ...section, Visible: section.Key !== 'price' })),
      { kind: 'required', index: 1, key: 'price' },
    ],
    [
      'gallery hidden',
      sections.map((section) => ({ ...section, Visible: section.Key !== 'gallery' })),
      { kind: 'required', index: 0, key: 'gallery' },
    ],
  ])('%s', (_name, input, expected) => {
    expect(sectionsProblem(input)).toEqual(expected);
  });
});
