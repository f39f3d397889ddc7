import { describe, expect, it } from 'vitest';
import { flattenMenuTree } from '../../contract/menu-tree';
import { viewRegistry } from './view-registry';

/**
 * Route groups whose issues are resolved: none of their pages, hidden ones included, may fall back
 * to the "not built" page. A group joins this list when its issue closes; a group may be one page
 * another issue builds inside a group still open (the coupon send under /customer).
 */
const BUILT_GROUPS = [
  '/goods',
  '/order',
  '/customer',
  '/marketing/memberSupervise',
  '/marketing/integralExchange',
  '/distribution',
  '/marketing/couponActivity',
  '/marketing/lotteryActivity',
  '/marketing/editLotteryActivity',
  '/marketing/lotteryDetails',
  '/shop',
  '/permission',
  '/error',
  '/error-log',
  '/addedValue',
  '/marketing/bespeakForm',
  '/smallRoutine',
];
const BUILT_ELSEWHERE: Record<string, string> = {};

/**
 * Pages of groups not resolved yet whose own part is built: seckill, group buying and bargains
 * (issue 18).
 */
const BUILT_PAGES = [
  '/marketing/secKillActivity',
  '/marketing/secKillGoodsText',
  '/marketing/seckillGoodList',
  '/marketing/allCluster',
  '/marketing/bargainActivity',
  '/marketing/editBargain',
  '/marketing/bargainText',
  '/marketing/bargainDetails',
  '/marketing/bargainDefiniteDetails',
];

/** The shell's own home, outside the server's menu. */
const SHELL_PAGES = ['/dashboard'];

const pages = flattenMenuTree().filter((entry) => !entry.node.children?.length);

describe('view registry', () => {
  it.each(BUILT_GROUPS)('has a view for every page under %s', (group) => {
    const inGroup = pages.filter(
      (entry) =>
        (entry.path === group || entry.path.startsWith(`${group}/`)) && !(entry.path in BUILT_ELSEWHERE),
    );
    expect(inGroup.length).toBeGreaterThan(0);
    expect(inGroup.filter((entry) => !viewRegistry[entry.path]).map((entry) => entry.path)).toEqual([]);
  });

  it.each(BUILT_PAGES)('has a view for %s, a page of the menu', (path) => {
    expect(pages.map((entry) => entry.path)).toContain(path);
    expect(viewRegistry[path]).toBeDefined();
  });

  it('names only menu pages', () => {
    const known = new Set([...SHELL_PAGES, ...pages.map((entry) => entry.path)]);
    expect(Object.keys(viewRegistry).filter((path) => !known.has(path))).toEqual([]);
  });
});
