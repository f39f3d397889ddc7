import { describe, expect, it } from 'vitest';
import { previewWidth } from './preview-width';

describe('previewWidth', () => {
  const cases: [string | null, number][] = [
    [null, 375],
    ['', 375],
    ['375', 375],
    ['390', 390],
    ['414', 414],
    ['400', 375],
    ['390px', 375],
    ['-390', 375],
  ];
  it.each(cases)('%s gives %i', (value, expected) => {
    expect(previewWidth(value)).toBe(expected);
  });
});
