import { blockDefinition } from '../../../../components-catalog/registry';
import { ShopType } from '../../../../contract/enums';
import { LinkType, type LinkValue } from '../../../../contract/link-value';
import type { PageId, TemplateDocument } from '../../../../contract/template-document';
import {
  addPage,
  insertBlock,
  type Outcome,
  updatePageSettings,
} from '../../../../editor/document/operations';
import { createTemplate } from '../../../../editor/document/template';

/**
 * The source of the seeded public templates: each shop type's pages built with the studio's own
 * document operations, so every block goes through the catalogue's schema exactly as in the studio.
 * write.ts turns them into the JSON files the server reads; nothing here runs in the server.
 */

export interface PublicTemplateSource {
  shopType: ShopType;
  name: string;
  description: string;
  document: TemplateDocument;
}

function ok(outcome: Outcome): TemplateDocument {
  if (!outcome.ok) throw new Error(`public template: ${outcome.problem.key}`);
  return outcome.document;
}

/** A flat picture with a caption as an inline SVG, so the templates need no uploaded files. */
export function picture(width: number, height: number, colour: string, label: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="${colour}"/>` +
    `<text x="${width / 2}" y="${height / 2 + 8}" font-size="${Math.round(height / 5)}" text-anchor="middle" fill="#fff">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const navigate = (linkUrl: string): LinkValue => ({ linkType: LinkType.navigate, linkUrl });
const phone = (tel: string): LinkValue => ({ linkType: LinkType.phone, tel });
const quick = (linkUrl: string): LinkValue => ({ linkType: LinkType.quickEntry, linkUrl });

interface Theme {
  colour: string;
  background: string;
}

/** Builds one template page by page; blocks get readable ids so the files diff well. */
class TemplateBuilder {
  document: TemplateDocument;
  private readonly pageIds: PageId[];
  private count = 0;

  constructor(
    readonly shopType: ShopType,
    readonly theme: Theme,
    homeTitle: string,
  ) {
    this.document = createTemplate(0, homeTitle);
    this.pageIds = [this.document.homePageId];
    this.settings(0, { backgroundColor: theme.background });
  }

  page(index: number): PageId {
    return this.pageIds[index]!;
  }

  addPage(title: string): number {
    const added = addPage(this.document, title);
    this.document = ok(added);
    if (added.ok) this.pageIds.push(added.focus.pageId);
    const index = this.pageIds.length - 1;
    this.settings(index, { backgroundColor: this.theme.background });
    return index;
  }

  settings(index: number, patch: Record<string, string>) {
    this.document = ok(updatePageSettings(this.document, this.page(index), patch));
  }

  /** A block with the catalogue's defaults under the given props (checked by the block's schema). */
  add(index: number, type: string, props: Record<string, unknown> = {}) {
    const definition = blockDefinition(type);
    if (!definition) throw new Error(`public template: no block ${type}`);
    this.count += 1;
    const id = `${type}${this.count}`;
    this.document = ok(
      insertBlock(this.document, {
        pageId: this.page(index),
        type,
        index: 999,
        id,
        shopType: this.shopType,
        props: definition.schema.parse(props),
      }),
    );
  }

  pageLink(index: number): LinkValue {
    const page = this.document.pages.find((candidate) => candidate.id === this.page(index))!;
    return { linkType: LinkType.customPage, id: page.id, linkTitle: page.settings.title };
  }

  /** The same navigation bar and tab bar on every page. */
  frame(title: string, tabs: { text: string; glyph: string; link: LinkValue }[]) {
    for (let index = 0; index < this.pageIds.length; index += 1) {
      this.add(index, 'navigationBar', {
        title: index === 0 ? title : '',
        backgroundColor: this.theme.colour,
        frontColour: 'white',
      });
      this.add(index, 'tabBar', {
        selectedColour: this.theme.colour,
        items: tabs.map((tab) => ({
          text: tab.text,
          icon: picture(81, 81, '#b0b0b0', tab.glyph),
          selectedIcon: picture(81, 81, this.theme.colour, tab.glyph),
          link: tab.link,
        })),
      });
    }
  }

  icons(index: number, entries: { text: string; glyph: string; colour: string; link: LinkValue }[]) {
    this.add(index, 'iconNav', {
      columns: entries.length === 5 ? 5 : 4,
      rows: 1,
      items: entries.map((entry) => ({
        image: picture(100, 100, entry.colour, entry.glyph),
        text: entry.text,
        link: entry.link,
      })),
      spacing: { top: 8, bottom: 8, side: 0 },
      background: '#ffffff',
    });
  }

  banner(index: number, slides: { caption: string; colour: string; link: LinkValue }[]) {
    this.add(index, 'carousel', {
      height: 180,
      items: slides.map((slide) => ({
        image: picture(750, 360, slide.colour, slide.caption),
        link: slide.link,
        title: slide.caption,
      })),
    });
  }

  heading(index: number, text: string, subText = '') {
    this.add(index, 'title', {
      text,
      subText,
      style: 'bar',
      spacing: { top: 12, bottom: 0, side: 0 },
      background: '#ffffff',
    });
  }

  article(index: number, html: string) {
    this.add(index, 'richText', { html, spacing: { top: 8, bottom: 8, side: 12 }, background: '#ffffff' });
  }

  contact(index: number, tel: string) {
    this.add(index, 'contact', {
      title: '联系我们',
      items: [
        { text: '客服电话', subText: tel, link: phone(tel) },
        { text: '在线客服', subText: '工作日 9:00-18:00', link: quick('contact') },
      ],
    });
  }
}

const HOME = '/pages/index/index';
const USER = '/pages/user/index';

function mall(): PublicTemplateSource {
  const builder = new TemplateBuilder(ShopType.mall, { colour: '#ff4444', background: '#f5f5f5' }, '首页');
  const arrivals = builder.addPage('新品上架');
  builder.add(0, 'searchBar', { placeholder: '搜索好物', hotWords: [{ text: '连衣裙' }, { text: '防晒' }] });
  builder.banner(0, [
    { caption: '夏日焕新 全场包邮', colour: '#ff4444', link: builder.pageLink(arrivals) },
    { caption: '新人专享券', colour: '#ff9900', link: navigate('/pages/coupon/mine') },
  ]);
  builder.icons(0, [
    { text: '新品', glyph: '新', colour: '#ff6a00', link: builder.pageLink(arrivals) },
    { text: '分类', glyph: '类', colour: '#f5222d', link: navigate('/pages/category/index') },
    { text: '领券', glyph: '券', colour: '#2f7df6', link: navigate('/pages/coupon/mine') },
    { text: '会员', glyph: '会', colour: '#13c2c2', link: navigate('/pages/member/card') },
  ]);
  builder.add(0, 'notice', { text: '欢迎光临，全场满 99 元包邮，七天无理由退换！' });
  builder.heading(0, '热卖推荐', '大家都在买');
  builder.add(0, 'productList', { source: 'rule', rule: 'bestSelling', limit: 6, showSales: true });
  builder.heading(0, '猜你喜欢');
  builder.add(0, 'productList', { source: 'rule', rule: 'newest', limit: 4, layout: 'list' });
  builder.heading(arrivals, '本周新品', '每周五上新');
  builder.add(arrivals, 'productList', {
    source: 'rule',
    rule: 'newest',
    limit: 10,
    showOriginalPrice: true,
  });
  builder.frame('潮流好物', [
    { text: '首页', glyph: '首', link: navigate(HOME) },
    { text: '新品', glyph: '新', link: builder.pageLink(arrivals) },
    { text: '购物车', glyph: '车', link: navigate('/pages/cart/index') },
    { text: '我的', glyph: '我', link: navigate(USER) },
  ]);
  return {
    shopType: ShopType.mall,
    name: '潮流好物商城',
    description: '搜索、轮播、快捷入口、热卖与新品推荐，适合综合零售商城',
    document: builder.document,
  };
}

function officialSite(): PublicTemplateSource {
  const builder = new TemplateBuilder(
    ShopType.officialSite,
    { colour: '#1f5fbf', background: '#f4f7fb' },
    '首页',
  );
  const about = builder.addPage('关于我们');
  builder.banner(0, [
    { caption: '专业 · 可靠 · 创新', colour: '#1f5fbf', link: builder.pageLink(about) },
    { caption: '十五年行业经验', colour: '#2f7df6', link: builder.pageLink(about) },
  ]);
  builder.icons(0, [
    { text: '公司简介', glyph: '企', colour: '#1f5fbf', link: builder.pageLink(about) },
    { text: '新闻动态', glyph: '闻', colour: '#13c2c2', link: builder.pageLink(0) },
    { text: '联系电话', glyph: '电', colour: '#fa8c16', link: phone('021-61234567') },
    { text: '在线咨询', glyph: '询', colour: '#52c41a', link: quick('contact') },
  ]);
  builder.heading(0, '公司简介');
  builder.article(
    0,
    '<p>我们是一家专注于企业数字化服务的公司，为上千家客户提供<strong>网站建设、小程序开发与运营</strong>服务。</p>',
  );
  builder.heading(0, '新闻动态', '最新资讯');
  builder.add(0, 'newsList', { source: 'latest', limit: 4 });
  builder.article(
    about,
    '<h3>企业文化</h3><p>以客户为中心，以奋斗者为本。</p><h3>发展历程</h3><p>2010 年成立，2016 年服务客户突破一千家。</p>',
  );
  builder.contact(about, '021-61234567');
  builder.frame('企业官网', [
    { text: '首页', glyph: '首', link: navigate(HOME) },
    { text: '关于', glyph: '关', link: builder.pageLink(about) },
    { text: '我的', glyph: '我', link: navigate(USER) },
  ]);
  return {
    shopType: ShopType.officialSite,
    name: '企业官网',
    description: '品牌轮播、公司简介、新闻动态与联系方式，适合企业展示',
    document: builder.document,
  };
}

function course(): PublicTemplateSource {
  const builder = new TemplateBuilder(ShopType.course, { colour: '#722ed1', background: '#f7f5fb' }, '首页');
  const all = builder.addPage('全部课程');
  builder.add(0, 'searchBar', { placeholder: '搜索课程' });
  builder.banner(0, [
    { caption: '暑期班火热报名中', colour: '#722ed1', link: builder.pageLink(all) },
    { caption: '名师直播公开课', colour: '#eb2f96', link: builder.pageLink(all) },
  ]);
  builder.icons(0, [
    { text: '全部课程', glyph: '课', colour: '#722ed1', link: builder.pageLink(all) },
    { text: '我的订单', glyph: '单', colour: '#2f7df6', link: navigate('/pages/order/list') },
    { text: '签到', glyph: '签', colour: '#fa8c16', link: navigate('/pages/points/sign-in') },
    { text: '咨询', glyph: '询', colour: '#52c41a', link: quick('contact') },
  ]);
  builder.heading(0, '精品课程', '名师精讲');
  builder.add(0, 'courseList', { source: 'latest', limit: 4, layout: 'twoColumns' });
  builder.heading(0, '学习资讯');
  builder.add(0, 'newsList', { source: 'latest', limit: 3 });
  builder.heading(all, '全部课程');
  builder.add(all, 'courseList', { source: 'latest', limit: 20 });
  builder.frame('在线课堂', [
    { text: '首页', glyph: '首', link: navigate(HOME) },
    { text: '课程', glyph: '课', link: builder.pageLink(all) },
    { text: '我的', glyph: '我', link: navigate(USER) },
  ]);
  return {
    shopType: ShopType.course,
    name: '在线课堂',
    description: '课程推荐、学习资讯与全部课程页，适合培训与教育机构',
    document: builder.document,
  };
}

function food(): PublicTemplateSource {
  const builder = new TemplateBuilder(ShopType.food, { colour: '#d4380d', background: '#fff7f0' }, '首页');
  const story = builder.addPage('门店介绍');
  builder.banner(0, [
    { caption: '招牌菜 限时八折', colour: '#d4380d', link: builder.pageLink(story) },
    { caption: '新店开业 到店有礼', colour: '#fa8c16', link: builder.pageLink(story) },
  ]);
  builder.add(0, 'notice', { text: '营业时间 10:00-22:00，午市套餐 11:00-14:00' });
  builder.icons(0, [
    { text: '门店', glyph: '店', colour: '#d4380d', link: builder.pageLink(story) },
    { text: '优惠券', glyph: '券', colour: '#fa8c16', link: navigate('/pages/coupon/mine') },
    { text: '订单', glyph: '单', colour: '#2f7df6', link: navigate('/pages/order/list') },
    {
      text: '导航',
      glyph: '导',
      colour: '#52c41a',
      link: {
        linkType: LinkType.quickEntry,
        linkUrl: 'location',
        latlng: '31.2304, 121.4737',
        address: '上海市黄浦区南京东路 100 号',
      },
    },
  ]);
  builder.heading(0, '领券享优惠');
  builder.add(0, 'coupon', { source: 'auto', limit: 3, colour: '#d4380d' });
  builder.heading(0, '主厨推荐', '每日鲜做');
  builder.article(
    0,
    '<p><strong>红烧狮子头</strong>：选用黑猪前腿肉，小火慢炖两小时。</p><p><strong>松鼠鳜鱼</strong>：外酥里嫩，酸甜适口。</p>',
  );
  builder.article(story, '<h3>我们的故事</h3><p>三代传承的家常味道，食材每日清晨采购。</p>');
  builder.contact(story, '021-61234567');
  builder.frame('美味餐厅', [
    { text: '首页', glyph: '首', link: navigate(HOME) },
    { text: '门店', glyph: '店', link: builder.pageLink(story) },
    { text: '我的', glyph: '我', link: navigate(USER) },
  ]);
  return {
    shopType: ShopType.food,
    name: '美味餐厅',
    description: '招牌推荐、优惠券与门店故事，适合餐饮门店',
    document: builder.document,
  };
}

function hotel(): PublicTemplateSource {
  const builder = new TemplateBuilder(ShopType.hotel, { colour: '#8c6d1f', background: '#faf8f2' }, '首页');
  const facilities = builder.addPage('酒店设施');
  builder.banner(0, [
    { caption: '湖景大床房 限时特惠', colour: '#8c6d1f', link: builder.pageLink(facilities) },
    { caption: '连住三晚 赠双早', colour: '#ad8b3a', link: builder.pageLink(facilities) },
  ]);
  builder.icons(0, [
    { text: '酒店设施', glyph: '设', colour: '#8c6d1f', link: builder.pageLink(facilities) },
    { text: '我的订单', glyph: '单', colour: '#2f7df6', link: navigate('/pages/order/list') },
    { text: '优惠券', glyph: '券', colour: '#fa8c16', link: navigate('/pages/coupon/mine') },
    { text: '前台电话', glyph: '电', colour: '#52c41a', link: phone('021-61234567') },
  ]);
  builder.heading(0, '客房预订', '官方直订 价格更优');
  builder.add(0, 'hotelRoomList', { limit: 4, layout: 'card', bookText: '立即预订' });
  builder.add(0, 'coupon', { source: 'auto', limit: 2, colour: '#8c6d1f' });
  builder.article(
    facilities,
    '<h3>酒店设施</h3><p>室内恒温泳池、健身房、行政酒廊、免费停车场。</p><h3>入住须知</h3><p>入住时间 14:00 以后，退房时间 12:00 以前。</p>',
  );
  builder.contact(facilities, '021-61234567');
  builder.frame('湖畔酒店', [
    { text: '首页', glyph: '首', link: navigate(HOME) },
    { text: '设施', glyph: '设', link: builder.pageLink(facilities) },
    { text: '我的', glyph: '我', link: navigate(USER) },
  ]);
  return {
    shopType: ShopType.hotel,
    name: '湖畔酒店',
    description: '客房预订、优惠券与酒店设施介绍，适合酒店与民宿',
    document: builder.document,
  };
}

function service(): PublicTemplateSource {
  const builder = new TemplateBuilder(ShopType.service, { colour: '#08979c', background: '#f2fafa' }, '首页');
  const team = builder.addPage('技师团队');
  builder.banner(0, [
    { caption: '首次体验 立减 50 元', colour: '#08979c', link: builder.pageLink(team) },
    { caption: '金牌技师 在线预约', colour: '#13c2c2', link: builder.pageLink(team) },
  ]);
  builder.icons(0, [
    { text: '技师', glyph: '技', colour: '#08979c', link: builder.pageLink(team) },
    { text: '订单', glyph: '单', colour: '#2f7df6', link: navigate('/pages/order/list') },
    { text: '优惠券', glyph: '券', colour: '#fa8c16', link: navigate('/pages/coupon/mine') },
    { text: '客服', glyph: '服', colour: '#52c41a', link: quick('contact') },
  ]);
  builder.heading(0, '热门服务', '专业 · 安心');
  builder.add(0, 'serviceList', { mode: 'services', limit: 4 });
  builder.heading(0, '明星技师');
  builder.add(0, 'serviceList', { mode: 'technicians', limit: 4, layout: 'grid' });
  builder.heading(team, '全部技师');
  builder.add(team, 'serviceList', { mode: 'technicians', limit: 20, layout: 'grid' });
  builder.frame('到家服务', [
    { text: '首页', glyph: '首', link: navigate(HOME) },
    { text: '技师', glyph: '技', link: builder.pageLink(team) },
    { text: '我的', glyph: '我', link: navigate(USER) },
  ]);
  return {
    shopType: ShopType.service,
    name: '到家服务',
    description: '热门服务与技师预约，适合家政、美容与上门服务',
    document: builder.document,
  };
}

function storePlatform(): PublicTemplateSource {
  const builder = new TemplateBuilder(
    ShopType.storePlatform,
    { colour: '#389e0d', background: '#f4faf0' },
    '首页',
  );
  const stores = builder.addPage('附近门店');
  builder.add(0, 'searchBar', { placeholder: '搜索商品或门店' });
  builder.banner(0, [
    { caption: '附近门店 30 分钟送达', colour: '#389e0d', link: builder.pageLink(stores) },
    { caption: '生鲜每日特价', colour: '#7cb305', link: navigate('/pages/category/index') },
  ]);
  builder.icons(0, [
    { text: '门店', glyph: '店', colour: '#389e0d', link: builder.pageLink(stores) },
    { text: '分类', glyph: '类', colour: '#7cb305', link: navigate('/pages/category/index') },
    { text: '领券', glyph: '券', colour: '#fa8c16', link: navigate('/pages/coupon/mine') },
    { text: '订单', glyph: '单', colour: '#2f7df6', link: navigate('/pages/order/list') },
  ]);
  builder.heading(0, '附近门店');
  builder.add(0, 'storeList', { source: 'nearest', limit: 3 });
  builder.heading(0, '今日特价', '限时抢购');
  builder.add(0, 'productList', { source: 'rule', rule: 'priceAsc', limit: 6 });
  builder.heading(stores, '全部门店', '按距离排序');
  builder.add(stores, 'storeList', { source: 'nearest', limit: 20, layout: 'card' });
  builder.frame('同城好店', [
    { text: '首页', glyph: '首', link: navigate(HOME) },
    { text: '门店', glyph: '店', link: builder.pageLink(stores) },
    { text: '购物车', glyph: '车', link: navigate('/pages/cart/index') },
    { text: '我的', glyph: '我', link: navigate(USER) },
  ]);
  return {
    shopType: ShopType.storePlatform,
    name: '同城好店',
    description: '附近门店、特价商品与门店列表，适合多门店平台',
    document: builder.document,
  };
}

export function buildPublicTemplates(): PublicTemplateSource[] {
  return [mall(), officialSite(), course(), food(), hotel(), service(), storePlatform()];
}
