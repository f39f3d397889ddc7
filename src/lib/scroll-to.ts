/** SPEC §8: the error of a scroll to a target that does not exist, word for word. */
export const SCROLL_TARGET_MISSING = 'target is not existed';

export interface ScrollOptions {
  /** Where a selector is looked up; the whole document by default. */
  root?: ParentNode;
  behavior?: ScrollBehavior;
  block?: ScrollLogicalPosition;
}

/**
 * Brings an element (or the first match of a selector) into view and returns it. A missing target
 * is a caller's mistake, not a quiet no-op: it throws SPEC §8's error so the error log shows it.
 */
export function scrollToTarget(
  target: string | Element | null | undefined,
  options: ScrollOptions = {},
): Element {
  const element = typeof target === 'string' ? (options.root ?? document).querySelector(target) : target;
  if (!element) throw new Error(SCROLL_TARGET_MISSING);
  // jsdom and old browsers lack it; the element is still the one found.
  element.scrollIntoView?.({ behavior: options.behavior ?? 'smooth', block: options.block ?? 'nearest' });
  return element;
}
