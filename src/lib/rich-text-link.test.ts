import { describe, expect, it } from 'vitest';
import { RICH_TEXT_SCHEMES } from '../../contract/rich-text-policy';
import { linkHref } from './rich-text-link';

describe('linkHref', () => {
  it.each([
    ['https://shop.example.com/a?b=1', 'https://shop.example.com/a?b=1'],
    ['HTTP://shop.example.com', 'HTTP://shop.example.com'],
    ['mailto:hi@example.com', 'mailto:hi@example.com'],
    ['tel:021-64281234', 'tel:021-64281234'],
    ['  shop.example.com  ', 'https://shop.example.com'],
    ['//shop.example.com', 'https://shop.example.com'],
    ['javascript:alert(1)', 'https://javascript:alert(1)'],
    ['httpsfoo.com', 'https://httpsfoo.com'],
  ])('%s becomes %s', (typed, href) => {
    expect(linkHref(typed)).toBe(href);
  });

  it('keeps exactly the schemes the policy keeps', () => {
    for (const scheme of RICH_TEXT_SCHEMES) expect(linkHref(`${scheme}:x`)).toBe(`${scheme}:x`);
  });
});
