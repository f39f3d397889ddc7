// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_TARGET_MISSING, scrollToTarget } from './scroll-to';

// jsdom has no scrollIntoView; each test records the calls in its place.
const original = Element.prototype.scrollIntoView;
afterEach(() => {
  document.body.innerHTML = '';
  Element.prototype.scrollIntoView = original;
});

function page() {
  document.body.innerHTML = `
    <section id="form"><div data-field="Name"></div><div data-field="Phone"></div></section>
    <aside id="other"><div data-field="Phone"></div></aside>`;
  const scrolled: Element[] = [];
  const spy = vi.fn(function (this: Element) {
    scrolled.push(this);
  });
  Element.prototype.scrollIntoView = spy;
  return { scrolled, spy };
}

describe('scrollToTarget', () => {
  it('scrolls to the element a selector names and returns it', () => {
    const { scrolled } = page();
    const found = scrollToTarget('[data-field="Phone"]');
    expect(found.parentElement?.id).toBe('form');
    expect(scrolled).toEqual([found]);
  });

  it('looks a selector up inside the given root only', () => {
    const { scrolled } = page();
    const root = document.getElementById('other')!;
    expect(scrollToTarget('[data-field="Phone"]', { root }).parentElement?.id).toBe('other');
    expect(() => scrollToTarget('[data-field="Name"]', { root })).toThrow(SCROLL_TARGET_MISSING);
    expect(scrolled).toHaveLength(1);
  });

  it('scrolls to an element given itself, nearest and smooth unless told otherwise', () => {
    const { spy } = page();
    const element = document.querySelector('[data-field="Name"]')!;
    scrollToTarget(element);
    expect(spy).toHaveBeenLastCalledWith({ behavior: 'smooth', block: 'nearest' });
    scrollToTarget(element, { behavior: 'auto', block: 'start' });
    expect(spy).toHaveBeenLastCalledWith({ behavior: 'auto', block: 'start' });
  });

  it.each([
    ['a selector matching nothing', '[data-field="Email"]'],
    ['a null element', null],
    ['an undefined element', undefined],
  ])("throws 'target is not existed' for %s and scrolls nothing", (_name, target) => {
    const { scrolled } = page();
    expect(() => scrollToTarget(target)).toThrow(new Error('target is not existed'));
    expect(scrolled).toEqual([]);
  });
});
