import { describe, expect, it } from 'vitest';
import { routeTitlesEn, routeTitlesZh } from './i18n/route-titles';
import {
  createRouteSearch,
  MAX_PATTERN_LENGTH,
  pinyinForms,
  type RouteNode,
  searchEntries,
} from './route-search';

const leaf = (path: string, titleKey: string, hidden = false): RouteNode => ({
  path,
  titleKey,
  hidden,
  children: [],
});
const ROUTES: RouteNode[] = [
  leaf('/dashboard', 'dashboard'),
  {
    path: '/goods',
    titleKey: 'goods',
    hidden: false,
    children: [
      leaf('/goods/goodsClassify', 'goodsClassify'),
      leaf('/goods/goodsList', 'goodsList'),
      leaf('/goods/editGoodsDetails', 'editGoodsDetails', true),
    ],
  },
  {
    path: '/order',
    titleKey: 'order',
    hidden: false,
    children: [leaf('/order/orderSupervise', 'orderSupervise'), leaf('/order/salesReport', 'salesReport')],
  },
  {
    path: '/shop',
    titleKey: 'shop',
    hidden: false,
    children: [leaf('/shop/shopInfo', 'shopInfo'), leaf('/shop/freightTemplate', 'freightTemplate')],
  },
];

function searchIn(language: 'zh' | 'en') {
  const titles: Record<string, string> = language === 'zh' ? routeTitlesZh : routeTitlesEn;
  return createRouteSearch(searchEntries(ROUTES, (key) => titles[`route.${key}`] ?? key));
}

describe('pinyinForms', () => {
  it('gives the full pinyin and the initials of Chinese text, nothing for other text', () => {
    expect(pinyinForms('商品列表')).toEqual(['shangpinliebiao', 'shang pin lie biao', 'splb']);
    expect(pinyinForms('Goods list')).toEqual([]);
  });
});

describe('route search', () => {
  it('lists only visible, navigable routes with their trails', () => {
    const entries = searchEntries(
      ROUTES,
      (key) => routeTitlesZh[`route.${key}` as keyof typeof routeTitlesZh],
    );
    expect(entries.map((entry) => entry.path)).toEqual([
      '/dashboard',
      '/goods/goodsClassify',
      '/goods/goodsList',
      '/order/orderSupervise',
      '/order/salesReport',
      '/shop/shopInfo',
      '/shop/freightTemplate',
    ]);
    expect(entries[2]!.trail).toEqual(['商品', '商品列表']);
  });

  it.each([
    ['zh', '商品列表', '/goods/goodsList'],
    ['zh', 'shangpinliebiao', '/goods/goodsList'],
    ['zh', 'splb', '/goods/goodsList'],
    ['zh', 'yunfei', '/shop/freightTemplate'],
    ['zh', 'ddgl', '/order/orderSupervise'],
    ['zh', 'xiaoshou', '/order/salesReport'],
    ['en', 'goods list', '/goods/goodsList'],
    ['en', 'freight', '/shop/freightTemplate'],
    ['en', 'salesReport', '/order/salesReport'],
  ] as const)('in %s, %s finds %s first', (language, query, path) => {
    expect(searchIn(language)(query)[0]?.path).toBe(path);
  });

  it('never offers hidden routes and finds nothing for an empty query', () => {
    const search = searchIn('zh');
    expect(search('编辑商品').map((entry) => entry.path)).not.toContain('/goods/editGoodsDetails');
    expect(search('   ')).toEqual([]);
  });

  it('cuts patterns to 32 characters instead of failing on long input', () => {
    const long = `freight${'x'.repeat(100)}`;
    expect(long.length).toBeGreaterThan(MAX_PATTERN_LENGTH);
    expect(() => searchIn('en')(long)).not.toThrow();
  });
});
