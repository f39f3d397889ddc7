import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../contract/endpoints/user';
import {
  activeMenuPath,
  breadcrumbTrail,
  buildPermittedRoutes,
  flattenRoutes,
  resolvePath,
  rolesAllow,
} from './route-model';

function menu(path: string, options: Partial<MenuItem> = {}, children: MenuItem[] = []): MenuItem {
  const segment = path.split('/').pop()!;
  return {
    Id: path.length,
    Path: path,
    PathName: segment,
    Title: segment,
    Icon: '',
    IsHidden: false,
    Roles: [],
    NoCache: false,
    Redirect: '',
    ChildrenList: children,
    ...options,
  };
}

const MENUS: MenuItem[] = [
  menu('/goods', { Redirect: '/goods/goodsClassify' }, [
    menu('/goods/goodsClassify'),
    menu('/goods/goodsList'),
    menu('/goods/editGoodsDetails', { IsHidden: true }),
  ]),
  menu('/shop', { Redirect: '/shop/shopInfo' }, [
    menu('/shop/shopInfo'),
    menu('/shop/decorateShop', { Redirect: '/shop/decorateShop/miniProgramsTemplate' }, [
      menu('/shop/decorateShop/miniProgramsTemplate'),
      menu('/shop/decorateShop/editTemplate', { IsHidden: true, NoCache: true }),
    ]),
  ]),
  menu('/permission', { Roles: ['admin', 'editor'] }, [
    menu('/permission/page', { Roles: ['admin'], Title: 'pagePermission' }),
    menu('/permission/directive', { Title: 'directivePermission' }),
  ]),
  menu('/error', { Redirect: '/error/page401', Title: 'errorPages' }, [
    menu('/error/401', { Title: 'page401' }),
  ]),
];

describe('rolesAllow (SPEC §6)', () => {
  it.each([
    [[], [], true],
    [[], ['editor'], true],
    [['admin'], ['admin'], true],
    [['admin', 'editor'], ['editor'], true],
    [['admin'], ['editor'], false],
    [['admin'], [], false],
  ])('requires %j, holds %j → %s', (required, held, expected) => {
    expect(rolesAllow(required, held)).toBe(expected);
  });
});

describe('routes from MenuList', () => {
  const forEditor = flattenRoutes(buildPermittedRoutes(MENUS, ['editor']));
  const forStore = flattenRoutes(buildPermittedRoutes(MENUS, ['store']));

  it('drops a route whose roles the user lacks, and with a parent its children', () => {
    expect(forEditor.has('/permission/directive')).toBe(true);
    expect(forEditor.has('/permission/page')).toBe(false);
    expect(forStore.has('/permission')).toBe(false);
    expect(forStore.has('/permission/directive')).toBe(false);
  });

  it.each([
    ['/dashboard', { kind: 'view' }],
    ['/', { kind: 'redirect', to: '/dashboard' }],
    ['/goods/goodsList', { kind: 'view' }],
    ['/goods/goodsList/', { kind: 'view' }],
    ['/goods/editGoodsDetails', { kind: 'view' }],
    ['/goods', { kind: 'redirect', to: '/goods/goodsClassify' }],
    ['/shop/decorateShop', { kind: 'redirect', to: '/shop/decorateShop/miniProgramsTemplate' }],
    // A group whose redirect names no route falls back to its first visible page.
    ['/error', { kind: 'redirect', to: '/error/401' }],
    // Known to the route tree but not granted: 401. Unknown: 404.
    ['/permission/page', { kind: 'forbidden' }],
    ['/order/orderSupervise', { kind: 'forbidden' }],
    ['/no/such/page', { kind: 'notFound' }],
  ])('%s → %o', (path, expected) => {
    expect(resolvePath(path, forEditor)).toMatchObject(expected);
  });

  it('lights the parent for a hidden route and the route itself otherwise', () => {
    expect(activeMenuPath('/goods/editGoodsDetails', forEditor)).toBe('/goods');
    expect(activeMenuPath('/shop/decorateShop/editTemplate', forEditor)).toBe('/shop/decorateShop');
    expect(activeMenuPath('/goods/goodsList', forEditor)).toBe('/goods/goodsList');
  });

  it('builds the breadcrumb from Dashboard down to the page', () => {
    expect(
      breadcrumbTrail('/shop/decorateShop/miniProgramsTemplate', forEditor).map((item) => item.path),
    ).toEqual(['/dashboard', '/shop', '/shop/decorateShop', '/shop/decorateShop/miniProgramsTemplate']);
    expect(breadcrumbTrail('/dashboard', forEditor).map((item) => item.path)).toEqual(['/dashboard']);
  });
});
