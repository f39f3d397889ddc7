import { describe, expect, it } from 'vitest';
import type { PermittedRoute } from '../app/route-model';
import { backToTopPositions, groupLinks, openGroupsFor, sidebarEntries } from './menu-model';

function route(
  path: string,
  children: PermittedRoute[] = [],
  options: Partial<PermittedRoute> = {},
): PermittedRoute {
  return {
    path,
    name: path,
    titleKey: path.split('/').pop()!,
    icon: '',
    hidden: false,
    noCache: false,
    redirect: '',
    parentPath: null,
    children,
    ...options,
  };
}

const TREE = [
  route('/dashboard', [], { icon: 'dashboard' }),
  route(
    '/goods',
    [route('/goods/goodsList'), route('/goods/goodsClassify'), route('/goods/edit', [], { hidden: true })],
    {
      icon: 'goods',
    },
  ),
  route('/error-log', [route('/error-log/log', [], { titleKey: 'errorLog' })], { icon: 'bug' }),
  route('/empty', [route('/empty/hidden', [], { hidden: true })]),
  route('/hidden', [], { hidden: true }),
  route('/marketing', [
    route('/marketing/couponActivity', [
      route('/marketing/couponActivity/sendSetting'),
      route('/marketing/couponActivity/onlineCoupon'),
    ]),
    route('/marketing/allCluster'),
  ]),
];

describe('sidebarEntries', () => {
  const entries = sidebarEntries(TREE);

  it('leaves hidden routes and groups with nothing visible out', () => {
    expect(entries.map((entry) => entry.path)).toEqual([
      '/dashboard',
      '/goods',
      '/error-log/log',
      '/marketing',
    ]);
  });

  it('shows a parent’s only visible child in its place, with the parent’s icon', () => {
    expect(entries[2]).toEqual({ kind: 'link', path: '/error-log/log', titleKey: 'errorLog', icon: 'bug' });
  });

  it('keeps real groups with their visible children, nested', () => {
    const goods = entries[1]!;
    expect(goods.kind === 'group' && goods.children.map((child) => child.path)).toEqual([
      '/goods/goodsList',
      '/goods/goodsClassify',
    ]);
    const marketing = entries[3]!;
    expect(groupLinks(marketing)).toEqual([
      { path: '/marketing/couponActivity/sendSetting', titleKey: 'sendSetting', depth: 1 },
      { path: '/marketing/couponActivity/onlineCoupon', titleKey: 'onlineCoupon', depth: 1 },
      { path: '/marketing/allCluster', titleKey: 'allCluster', depth: 0 },
    ]);
  });

  it('opens the groups above the active page', () => {
    expect(openGroupsFor('/goods/goodsList', entries)).toEqual(['/goods']);
    expect(openGroupsFor('/marketing/couponActivity/sendSetting', entries).sort()).toEqual([
      '/marketing',
      '/marketing/couponActivity',
    ]);
    expect(openGroupsFor('/dashboard', entries)).toEqual([]);
  });
});

describe('back-to-top steps (SPEC §9)', () => {
  it('starts with 10 px and grows by 10 px each tick until the top', () => {
    expect(backToTopPositions(100)).toEqual([90, 70, 40, 0]);
    expect(backToTopPositions(0)).toEqual([]);
  });

  it('reaches the top of a long page in a bounded number of 10 ms ticks', () => {
    const positions = backToTopPositions(10_000);
    expect(positions.at(-1)).toBe(0);
    expect(positions.length).toBeLessThan(50);
  });
});
