import { blockDefinition } from '../../../../components-catalog/registry';
import { ShopType } from '../../../../contract/enums';
import { LinkType, type LinkValue } from '../../../../contract/link-value';
import { createTemplate } from '../../../../contract/template/create-template';
import {
  addPage,
  insertBlock,
  type Outcome,
  updatePageSettings,
} from '../../../../contract/template/operations';
import type { PageId, TemplateDocument } from '../../../../contract/template-document';

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
        rules: blockDefinition,
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

/** A link in a plan: a fixed one, or one of the template's two pages (known once they exist). */
type PlanLink = LinkValue | 'home page' | 'second page';

/** One block of a plan's page, in the order it stands. */
type PlanBlock =
  | { block: string; props?: Record<string, unknown> }
  | { banner: { caption: string; colour: string; link: PlanLink }[] }
  | { icons: { text: string; glyph: string; colour: string; link: PlanLink }[] }
  | { heading: string; subText?: string }
  | { article: string }
  | { contact: string };

/** A shop type's template: a home page and one more, the same bars on both. */
interface TemplatePlan {
  shopType: ShopType;
  name: string;
  description: string;
  theme: Theme;
  /** The navigation bar's title on the home page. */
  title: string;
  secondPage: string;
  home: PlanBlock[];
  second: PlanBlock[];
  tabs: { text: string; glyph: string; link: PlanLink }[];
}

const ORDERS = navigate('/pages/order/list');
const COUPONS = navigate('/pages/coupon/mine');
const CATEGORIES = navigate('/pages/category/index');
const CART = navigate('/pages/cart/index');
const SHOP_PHONE = '021-61234567';

const PLANS: readonly TemplatePlan[] = [
  {
    shopType: ShopType.mall,
    name: '潮流好物商城',
    description: '搜索、轮播、快捷入口、热卖与新品推荐，适合综合零售商城',
    theme: { colour: '#ff4444', background: '#f5f5f5' },
    title: '潮流好物',
    secondPage: '新品上架',
    home: [
      {
        block: 'searchBar',
        props: { placeholder: '搜索好物', hotWords: [{ text: '连衣裙' }, { text: '防晒' }] },
      },
      {
        banner: [
          { caption: '夏日焕新 全场包邮', colour: '#ff4444', link: 'second page' },
          { caption: '新人专享券', colour: '#ff9900', link: COUPONS },
        ],
      },
      {
        icons: [
          { text: '新品', glyph: '新', colour: '#ff6a00', link: 'second page' },
          { text: '分类', glyph: '类', colour: '#f5222d', link: CATEGORIES },
          { text: '领券', glyph: '券', colour: '#2f7df6', link: COUPONS },
          { text: '会员', glyph: '会', colour: '#13c2c2', link: navigate('/pages/member/card') },
        ],
      },
      { block: 'notice', props: { text: '欢迎光临，全场满 99 元包邮，七天无理由退换！' } },
      { heading: '热卖推荐', subText: '大家都在买' },
      { block: 'productList', props: { source: 'rule', rule: 'bestSelling', limit: 6, showSales: true } },
      { heading: '猜你喜欢' },
      { block: 'productList', props: { source: 'rule', rule: 'newest', limit: 4, layout: 'list' } },
    ],
    second: [
      { heading: '本周新品', subText: '每周五上新' },
      { block: 'productList', props: { source: 'rule', rule: 'newest', limit: 10, showOriginalPrice: true } },
    ],
    tabs: [
      { text: '首页', glyph: '首', link: navigate(HOME) },
      { text: '新品', glyph: '新', link: 'second page' },
      { text: '购物车', glyph: '车', link: CART },
      { text: '我的', glyph: '我', link: navigate(USER) },
    ],
  },
  {
    shopType: ShopType.officialSite,
    name: '企业官网',
    description: '品牌轮播、公司简介、新闻动态与联系方式，适合企业展示',
    theme: { colour: '#1f5fbf', background: '#f4f7fb' },
    title: '企业官网',
    secondPage: '关于我们',
    home: [
      {
        banner: [
          { caption: '专业 · 可靠 · 创新', colour: '#1f5fbf', link: 'second page' },
          { caption: '十五年行业经验', colour: '#2f7df6', link: 'second page' },
        ],
      },
      {
        icons: [
          { text: '公司简介', glyph: '企', colour: '#1f5fbf', link: 'second page' },
          { text: '新闻动态', glyph: '闻', colour: '#13c2c2', link: 'home page' },
          { text: '联系电话', glyph: '电', colour: '#fa8c16', link: phone(SHOP_PHONE) },
          { text: '在线咨询', glyph: '询', colour: '#52c41a', link: quick('contact') },
        ],
      },
      { heading: '公司简介' },
      {
        article:
          '<p>我们是一家专注于企业数字化服务的公司，为上千家客户提供<strong>网站建设、小程序开发与运营</strong>服务。</p>',
      },
      { heading: '新闻动态', subText: '最新资讯' },
      { block: 'newsList', props: { source: 'latest', limit: 4 } },
    ],
    second: [
      {
        article:
          '<h3>企业文化</h3><p>以客户为中心，以奋斗者为本。</p><h3>发展历程</h3><p>2010 年成立，2016 年服务客户突破一千家。</p>',
      },
      { contact: SHOP_PHONE },
    ],
    tabs: [
      { text: '首页', glyph: '首', link: navigate(HOME) },
      { text: '关于', glyph: '关', link: 'second page' },
      { text: '我的', glyph: '我', link: navigate(USER) },
    ],
  },
  {
    shopType: ShopType.course,
    name: '在线课堂',
    description: '课程推荐、学习资讯与全部课程页，适合培训与教育机构',
    theme: { colour: '#722ed1', background: '#f7f5fb' },
    title: '在线课堂',
    secondPage: '全部课程',
    home: [
      { block: 'searchBar', props: { placeholder: '搜索课程' } },
      {
        banner: [
          { caption: '暑期班火热报名中', colour: '#722ed1', link: 'second page' },
          { caption: '名师直播公开课', colour: '#eb2f96', link: 'second page' },
        ],
      },
      {
        icons: [
          { text: '全部课程', glyph: '课', colour: '#722ed1', link: 'second page' },
          { text: '我的订单', glyph: '单', colour: '#2f7df6', link: ORDERS },
          { text: '签到', glyph: '签', colour: '#fa8c16', link: navigate('/pages/points/sign-in') },
          { text: '咨询', glyph: '询', colour: '#52c41a', link: quick('contact') },
        ],
      },
      { heading: '精品课程', subText: '名师精讲' },
      { block: 'courseList', props: { source: 'latest', limit: 4, layout: 'twoColumns' } },
      { heading: '学习资讯' },
      { block: 'newsList', props: { source: 'latest', limit: 3 } },
    ],
    second: [{ heading: '全部课程' }, { block: 'courseList', props: { source: 'latest', limit: 20 } }],
    tabs: [
      { text: '首页', glyph: '首', link: navigate(HOME) },
      { text: '课程', glyph: '课', link: 'second page' },
      { text: '我的', glyph: '我', link: navigate(USER) },
    ],
  },
  {
    shopType: ShopType.food,
    name: '美味餐厅',
    description: '招牌推荐、优惠券与门店故事，适合餐饮门店',
    theme: { colour: '#d4380d', background: '#fff7f0' },
    title: '美味餐厅',
    secondPage: '门店介绍',
    home: [
      {
        banner: [
          { caption: '招牌菜 限时八折', colour: '#d4380d', link: 'second page' },
          { caption: '新店开业 到店有礼', colour: '#fa8c16', link: 'second page' },
        ],
      },
      { block: 'notice', props: { text: '营业时间 10:00-22:00，午市套餐 11:00-14:00' } },
      {
        icons: [
          { text: '门店', glyph: '店', colour: '#d4380d', link: 'second page' },
          { text: '优惠券', glyph: '券', colour: '#fa8c16', link: COUPONS },
          { text: '订单', glyph: '单', colour: '#2f7df6', link: ORDERS },
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
        ],
      },
      { heading: '领券享优惠' },
      { block: 'coupon', props: { source: 'auto', limit: 3, colour: '#d4380d' } },
      { heading: '主厨推荐', subText: '每日鲜做' },
      {
        article:
          '<p><strong>红烧狮子头</strong>：选用黑猪前腿肉，小火慢炖两小时。</p><p><strong>松鼠鳜鱼</strong>：外酥里嫩，酸甜适口。</p>',
      },
    ],
    second: [
      { article: '<h3>我们的故事</h3><p>三代传承的家常味道，食材每日清晨采购。</p>' },
      { contact: SHOP_PHONE },
    ],
    tabs: [
      { text: '首页', glyph: '首', link: navigate(HOME) },
      { text: '门店', glyph: '店', link: 'second page' },
      { text: '我的', glyph: '我', link: navigate(USER) },
    ],
  },
  {
    shopType: ShopType.hotel,
    name: '湖畔酒店',
    description: '客房预订、优惠券与酒店设施介绍，适合酒店与民宿',
    theme: { colour: '#8c6d1f', background: '#faf8f2' },
    title: '湖畔酒店',
    secondPage: '酒店设施',
    home: [
      {
        banner: [
          { caption: '湖景大床房 限时特惠', colour: '#8c6d1f', link: 'second page' },
          { caption: '连住三晚 赠双早', colour: '#ad8b3a', link: 'second page' },
        ],
      },
      {
        icons: [
          { text: '酒店设施', glyph: '设', colour: '#8c6d1f', link: 'second page' },
          { text: '我的订单', glyph: '单', colour: '#2f7df6', link: ORDERS },
          { text: '优惠券', glyph: '券', colour: '#fa8c16', link: COUPONS },
          { text: '前台电话', glyph: '电', colour: '#52c41a', link: phone(SHOP_PHONE) },
        ],
      },
      { heading: '客房预订', subText: '官方直订 价格更优' },
      { block: 'hotelRoomList', props: { limit: 4, layout: 'card', bookText: '立即预订' } },
      { block: 'coupon', props: { source: 'auto', limit: 2, colour: '#8c6d1f' } },
    ],
    second: [
      {
        article:
          '<h3>酒店设施</h3><p>室内恒温泳池、健身房、行政酒廊、免费停车场。</p><h3>入住须知</h3><p>入住时间 14:00 以后，退房时间 12:00 以前。</p>',
      },
      { contact: SHOP_PHONE },
    ],
    tabs: [
      { text: '首页', glyph: '首', link: navigate(HOME) },
      { text: '设施', glyph: '设', link: 'second page' },
      { text: '我的', glyph: '我', link: navigate(USER) },
    ],
  },
  {
    shopType: ShopType.service,
    name: '到家服务',
    description: '热门服务与技师预约，适合家政、美容与上门服务',
    theme: { colour: '#08979c', background: '#f2fafa' },
    title: '到家服务',
    secondPage: '技师团队',
    home: [
      {
        banner: [
          { caption: '首次体验 立减 50 元', colour: '#08979c', link: 'second page' },
          { caption: '金牌技师 在线预约', colour: '#13c2c2', link: 'second page' },
        ],
      },
      {
        icons: [
          { text: '技师', glyph: '技', colour: '#08979c', link: 'second page' },
          { text: '订单', glyph: '单', colour: '#2f7df6', link: ORDERS },
          { text: '优惠券', glyph: '券', colour: '#fa8c16', link: COUPONS },
          { text: '客服', glyph: '服', colour: '#52c41a', link: quick('contact') },
        ],
      },
      { heading: '热门服务', subText: '专业 · 安心' },
      { block: 'serviceList', props: { mode: 'services', limit: 4 } },
      { heading: '明星技师' },
      { block: 'serviceList', props: { mode: 'technicians', limit: 4, layout: 'grid' } },
    ],
    second: [
      { heading: '全部技师' },
      { block: 'serviceList', props: { mode: 'technicians', limit: 20, layout: 'grid' } },
    ],
    tabs: [
      { text: '首页', glyph: '首', link: navigate(HOME) },
      { text: '技师', glyph: '技', link: 'second page' },
      { text: '我的', glyph: '我', link: navigate(USER) },
    ],
  },
  {
    shopType: ShopType.storePlatform,
    name: '同城好店',
    description: '附近门店、特价商品与门店列表，适合多门店平台',
    theme: { colour: '#389e0d', background: '#f4faf0' },
    title: '同城好店',
    secondPage: '附近门店',
    home: [
      { block: 'searchBar', props: { placeholder: '搜索商品或门店' } },
      {
        banner: [
          { caption: '附近门店 30 分钟送达', colour: '#389e0d', link: 'second page' },
          { caption: '生鲜每日特价', colour: '#7cb305', link: CATEGORIES },
        ],
      },
      {
        icons: [
          { text: '门店', glyph: '店', colour: '#389e0d', link: 'second page' },
          { text: '分类', glyph: '类', colour: '#7cb305', link: CATEGORIES },
          { text: '领券', glyph: '券', colour: '#fa8c16', link: COUPONS },
          { text: '订单', glyph: '单', colour: '#2f7df6', link: ORDERS },
        ],
      },
      { heading: '附近门店' },
      { block: 'storeList', props: { source: 'nearest', limit: 3 } },
      { heading: '今日特价', subText: '限时抢购' },
      { block: 'productList', props: { source: 'rule', rule: 'priceAsc', limit: 6 } },
    ],
    second: [
      { heading: '全部门店', subText: '按距离排序' },
      { block: 'storeList', props: { source: 'nearest', limit: 20, layout: 'card' } },
    ],
    tabs: [
      { text: '首页', glyph: '首', link: navigate(HOME) },
      { text: '门店', glyph: '店', link: 'second page' },
      { text: '购物车', glyph: '车', link: CART },
      { text: '我的', glyph: '我', link: navigate(USER) },
    ],
  },
];

/** Builds a plan: its home page's blocks, then the second page's, then the bars on both. */
function buildPlan(plan: TemplatePlan): PublicTemplateSource {
  const builder = new TemplateBuilder(plan.shopType, plan.theme, '首页');
  builder.addPage(plan.secondPage);
  const link = (target: PlanLink): LinkValue =>
    target === 'home page' ? builder.pageLink(0) : target === 'second page' ? builder.pageLink(1) : target;
  const place = (index: number, block: PlanBlock) => {
    if ('block' in block) builder.add(index, block.block, block.props);
    else if ('banner' in block)
      builder.banner(
        index,
        block.banner.map((slide) => ({ ...slide, link: link(slide.link) })),
      );
    else if ('icons' in block)
      builder.icons(
        index,
        block.icons.map((entry) => ({ ...entry, link: link(entry.link) })),
      );
    else if ('heading' in block) builder.heading(index, block.heading, block.subText);
    else if ('article' in block) builder.article(index, block.article);
    else builder.contact(index, block.contact);
  };
  for (const block of plan.home) place(0, block);
  for (const block of plan.second) place(1, block);
  builder.frame(
    plan.title,
    plan.tabs.map((tab) => ({ ...tab, link: link(tab.link) })),
  );
  return {
    shopType: plan.shopType,
    name: plan.name,
    description: plan.description,
    document: builder.document,
  };
}

export function buildPublicTemplates(): PublicTemplateSource[] {
  return PLANS.map(buildPlan);
}
