import { describe, expect, it } from 'vitest';
import { flattenMenuTree } from '../../contract/menu-tree';
import { viewRegistry } from './view-registry';

/**
 * Every route group of SPEC §2 is built: none of their pages, hidden ones included, may fall back
 * to the "not built" page. A group is listed by name so a failure says which one lost a view.
 */
const BUILT_GROUPS = [
  '/goods',
  '/order',
  '/customer',
  '/marketing',
  '/distribution',
  '/shop',
  '/permission',
  '/error',
  '/error-log',
  '/addedValue',
  '/smallRoutine',
];

/** The shell's own home, outside the server's menu. */
const SHELL_PAGES = ['/dashboard'];

const pages = flattenMenuTree().filter((entry) => !entry.node.children?.length);

describe('view registry', () => {
  it.each(BUILT_GROUPS)('has a view for every page under %s', (group) => {
    const inGroup = pages.filter((entry) => entry.path === group || entry.path.startsWith(`${group}/`));
    expect(inGroup.length).toBeGreaterThan(0);
    expect(inGroup.filter((entry) => !viewRegistry[entry.path]).map((entry) => entry.path)).toEqual([]);
  });

  it('names only menu pages', () => {
    const known = new Set([...SHELL_PAGES, ...pages.map((entry) => entry.path)]);
    expect(Object.keys(viewRegistry).filter((path) => !known.has(path))).toEqual([]);
  });
});
