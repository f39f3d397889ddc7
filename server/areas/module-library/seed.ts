import { and, asc, eq } from 'drizzle-orm';
import { blockDefinition } from '../../../components-catalog/registry';
import { defaultSections } from '../../../contract/endpoints/enterprise';
import { ShopType } from '../../../contract/enums';
import { LinkType } from '../../../contract/link-value';
import { serializeTemplate } from '../../../contract/template/codec';
import { createTemplate } from '../../../contract/template/create-template';
import {
  addPage,
  insertBlock,
  type Outcome,
  type PropPath,
  setProp,
} from '../../../contract/template/operations';
import type { TemplateDocument } from '../../../contract/template-document';
import type { AreaSeed } from '../../db/seed';
import { products } from '../product/tables';
import { seedPublicTemplates, startFromPublicTemplate } from './starter-template';
import { moduleTemplates, productTemplates, textSnippets } from './tables';

function ok(outcome: Outcome): TemplateDocument {
  if (!outcome.ok) throw new Error(`demo template: ${outcome.problem.key}`);
  return outcome.document;
}

/** A small picture as an inline SVG, so the demo needs no uploaded files. */
function picture(width: number, height: number, colour: string, label: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="${colour}"/>` +
    `<text x="${width / 2}" y="${height / 2 + 8}" font-size="${Math.round(height / 5)}" text-anchor="middle" fill="#fff">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

interface DemoProduct {
  id: number;
  name: string;
  priceFen: number;
}

/** The mall's home and about pages, linked to the first goods of the demo catalogue. */
export function demoTemplate(siteId: number, goods: readonly DemoProduct[]): TemplateDocument {
  let document = createTemplate(siteId, '演示商城');
  const home = document.homePageId;
  const set = (id: string, path: PropPath, value: unknown) => {
    document = ok(setProp(document, id, path, value));
  };
  const add = (type: string, id: string) => {
    document = ok(
      insertBlock(document, {
        rules: blockDefinition,
        pageId: home,
        type,
        index: 99,
        id,
        shopType: ShopType.mall,
      }),
    );
  };
  const productLink = (product: DemoProduct) => ({
    linkType: LinkType.product,
    id: product.id,
    linkTitle: product.name,
    shpName: product.name,
    shpPrice: product.priceFen,
  });

  add('navigationBar', 'homeNav');
  set('homeNav', ['title'], '演示商城');
  add('searchBar', 'search');
  set('search', ['placeholder'], '搜索商品');
  add('carousel', 'banner');
  set(
    'banner',
    ['items'],
    [
      {
        image: picture(750, 360, '#ff4444', '夏日焕新 全场包邮'),
        link: goods[0]
          ? productLink(goods[0])
          : { linkType: LinkType.navigate, linkUrl: '/pages/category/index' },
        title: '',
      },
      {
        image: picture(750, 360, '#ff9900', '新人专享券'),
        link: { linkType: LinkType.navigate, linkUrl: '/pages/coupon/mine' },
        title: '',
      },
    ],
  );
  add('iconNav', 'entries');
  set(
    'entries',
    ['items'],
    [
      {
        image: picture(100, 100, '#ff6a00', '新'),
        text: '新品',
        link: { linkType: LinkType.navigate, linkUrl: '/pages/search/index' },
      },
      {
        image: picture(100, 100, '#f5222d', '热'),
        text: '热卖',
        link: { linkType: LinkType.navigate, linkUrl: '/pages/category/index' },
      },
      {
        image: picture(100, 100, '#2f7df6', '券'),
        text: '领券',
        link: { linkType: LinkType.navigate, linkUrl: '/pages/coupon/mine' },
      },
      {
        image: picture(100, 100, '#13c2c2', '会'),
        text: '会员',
        link: { linkType: LinkType.navigate, linkUrl: '/pages/member/card' },
      },
    ],
  );
  add('notice', 'notice');
  set('notice', ['text'], '欢迎光临演示商城，满 99 元包邮！');
  add('title', 'hotTitle');
  set('hotTitle', ['text'], '热卖推荐');
  set('hotTitle', ['style'], 'bar');
  add('productList', 'hotGoods');
  if (goods.length > 0) set('hotGoods', ['products'], goods.map(productLink));
  else set('hotGoods', ['source'], 'rule');
  document = ok(
    insertBlock(document, { rules: blockDefinition, pageId: home, type: 'tabBar', index: 0, id: 'tabs' }),
  );
  set(
    'tabs',
    ['items'],
    [
      {
        text: '首页',
        icon: picture(81, 81, '#999999', '首'),
        selectedIcon: picture(81, 81, '#ff4444', '首'),
        link: { linkType: LinkType.navigate, linkUrl: '/pages/index/index' },
      },
      {
        text: '分类',
        icon: picture(81, 81, '#999999', '分'),
        selectedIcon: picture(81, 81, '#ff4444', '分'),
        link: { linkType: LinkType.navigate, linkUrl: '/pages/category/index' },
      },
      {
        text: '购物车',
        icon: picture(81, 81, '#999999', '车'),
        selectedIcon: picture(81, 81, '#ff4444', '车'),
        link: { linkType: LinkType.navigate, linkUrl: '/pages/cart/index' },
      },
      {
        text: '我的',
        icon: picture(81, 81, '#999999', '我'),
        selectedIcon: picture(81, 81, '#ff4444', '我'),
        link: { linkType: LinkType.navigate, linkUrl: '/pages/user/index' },
      },
    ],
  );

  const added = addPage(document, '关于我们');
  document = ok(added);
  const about = added.ok ? added.focus.pageId : home;
  document = ok(
    insertBlock(document, {
      rules: blockDefinition,
      pageId: about,
      type: 'richText',
      index: 0,
      id: 'aboutText',
    }),
  );
  set(
    'aboutText',
    ['html'],
    '<h3>关于演示商城</h3><p>我们精选<strong>好物</strong>，正品保障，七天无理由退换。</p>',
  );
  document = ok(
    insertBlock(document, {
      rules: blockDefinition,
      pageId: about,
      type: 'contact',
      index: 1,
      id: 'contactUs',
    }),
  );
  set('contactUs', ['title'], '联系我们');
  set(
    'contactUs',
    ['items'],
    [
      { text: '客服电话', subText: '021-61234567', link: { linkType: LinkType.phone, tel: '021-61234567' } },
      {
        text: '门店 WiFi',
        subText: 'DemoShop-Guest',
        link: { linkType: LinkType.wifi, wifiId: 'DemoShop-Guest', wifimac: '', wifipassword: 'welcome2024' },
      },
      { text: '在线客服', subText: '', link: { linkType: LinkType.quickEntry, linkUrl: 'contact' } },
    ],
  );
  return document;
}

/**
 * The mall demo site's template, current and published, so the studio opens on a real page, and
 * its text snippets.
 */
export const moduleLibrarySeed: AreaSeed = async (db, demo) => {
  const goods = await db
    .select({ id: products.id, name: products.name, priceFen: products.priceFen })
    .from(products)
    .where(and(eq(products.siteId, demo.mallSiteId), eq(products.recycleState, 'active')))
    .orderBy(asc(products.id))
    .limit(4);
  const data = serializeTemplate(demoTemplate(demo.mallSiteId, goods));
  await db.insert(moduleTemplates).values({
    siteId: demo.mallSiteId,
    shopType: ShopType.mall,
    name: '演示商城首页',
    data,
    isCurrent: true,
    publishedData: data,
    publishedVersion: 1,
    publishedAt: new Date(),
    createdBy: demo.adminAccountId,
    updatedBy: demo.adminAccountId,
  });
  await seedPublicTemplates(db);
  for (const siteId of [demo.mallSiteId, demo.secondSiteId, demo.expiredSiteId])
    await startFromPublicTemplate(db, siteId);
  await db.insert(productTemplates).values({
    siteId: demo.mallSiteId,
    name: '标准商品详情',
    layout: {
      sections: defaultSections().map((section) => ({ key: section.Key, visible: section.Visible })),
      buyButtonText: '立即购买',
      cartButtonText: '加入购物车',
    },
    isDefault: true,
    updatedBy: demo.adminAccountId,
  });
  // Text snippets the mall's designers insert into text blocks.
  await db.insert(textSnippets).values(
    [
      ['营业时间', '每天 9:00–21:00 营业，节假日照常。'],
      ['配送说明', '满 99 元包邮，下单后 48 小时内发货，偏远地区除外。'],
      ['售后承诺', '七天无理由退换，质量问题往返运费由本店承担。'],
    ].map(([title, content]) => ({
      siteId: demo.mallSiteId,
      title: title!,
      content: content!,
      updatedBy: demo.adminAccountId,
    })),
  );
};
