import { describe, expect, it } from 'vitest';
import { flattenMenuTree } from '../../contract/menu-tree';
import { viewRegistry } from './view-registry';

/**
 * Route groups whose issues are resolved: none of their pages, hidden ones included, may fall back
 * to the "not built" page. A group joins this list when its issue closes. Paths another issue builds
 * (a coupon send under /customer, say) are named with that issue.
 */
const BUILT_GROUPS = [
  '/goods',
  '/order',
  '/customer',
  '/marketing/memberSupervise',
  '/shop',
  '/marketing/integralExchange',
  '/permission',
  '/error',
  '/error-log',
  '/addedValue',
];
const BUILT_ELSEWHERE: Record<string, string> = {
  '/customer/sendCoupon': 'issue 17, coupons and points',
  '/customer/umbrellaPerformance': 'issue 19, distribution',
};

/** The shell's own home, outside the server's menu. */
const SHELL_PAGES = ['/dashboard'];

const pages = flattenMenuTree().filter((entry) => !entry.node.children?.length);

describe('view registry', () => {
  it.each(BUILT_GROUPS)('has a view for every page under %s', (group) => {
    const unbuilt = pages
      .filter((entry) => entry.path.startsWith(`${group}/`) && !(entry.path in BUILT_ELSEWHERE))
      .filter((entry) => !viewRegistry[entry.path])
      .map((entry) => entry.path);
    expect(unbuilt).toEqual([]);
  });

  it('names only menu pages', () => {
    const known = new Set([...SHELL_PAGES, ...pages.map((entry) => entry.path)]);
    expect(Object.keys(viewRegistry).filter((path) => !known.has(path))).toEqual([]);
  });
});
