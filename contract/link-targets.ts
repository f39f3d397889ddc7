import { SHOP_TYPES, type ShopType } from './enums';

/**
 * The link-target catalogue of SPEC §3: what a decorated block may link to, per shop type.
 * `page` is the mini-program page the target opens, when it has a fixed one.
 */
export interface LinkTarget {
  id: number;
  kind: LinkKind;
  title: { zh: string; en: string };
  page?: string;
  shopTypes: readonly ShopType[];
  /** Entity targets are chosen from live server rows rather than typed in. */
  entity: boolean;
}

export const LINK_KINDS = [
  'none',
  'miniProgram',
  'customPage',
  'navigate',
  'phone',
  'wifi',
  'webLink',
  'videoChannel',
  'quickEntry',
  'product',
  'category',
  'activity',
  'groupBuy',
  'seckill',
  'news',
  'column',
  'bookingForm',
  'course',
  'case',
  'hotel',
  'hall',
  'coupon',
  'store',
  'quickPay',
  'menu',
  'bargain',
  'pointsProduct',
  'liveRoom',
  'vote',
  'technician',
  'service',
] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/**
 * Shop types that share a kind of content: link kinds and the built-in pages a `navigate` link
 * opens name one of these, so a page and the content it shows apply to the same shops.
 */
export const SHOP_TYPE_GROUPS = {
  all: SHOP_TYPES,
  /** Shops that sell shipped goods. */
  retail: [0, 8],
  /** Shops whose goods sit in categories and a cart (catering's dishes too). */
  withCategories: [0, 3, 8],
  withStores: [0, 3, 7, 8],
  /** Shops that take orders and payments. */
  paying: [0, 3, 4, 7, 8],
} as const satisfies Record<string, readonly ShopType[]>;
const { all, retail, withCategories, withStores, paying } = SHOP_TYPE_GROUPS;

/**
 * Where a link's target comes from: typed in (`typed`), a live server row picked from a lookup
 * (`row`), or one of the template's own pages (`page`).
 */
type TargetSource = 'typed' | 'row' | 'page';
type Row = readonly [LinkKind, string, string, readonly ShopType[], TargetSource, string?];
const rows = [
  ['none', '无链接', 'No link', all, 'typed'],
  ['miniProgram', '小程序', 'Mini-program', all, 'typed'],
  ['customPage', '自定义页面', 'Custom page', all, 'page', '/pages/custom/index'],
  ['navigate', '页面导航', 'Navigate', all, 'typed'],
  ['phone', '拨打电话', 'Call phone', all, 'typed'],
  ['wifi', '连接WiFi', 'WiFi', all, 'typed'],
  ['webLink', '外部链接', 'External link', all, 'typed', '/pages/webview/index'],
  ['videoChannel', '视频号链接', 'Video-channel link', all, 'typed'],
  ['quickEntry', '快捷入口', 'Quick entry', all, 'typed'],
  ['product', '商品', 'Product', retail, 'row', '/pages/product/detail'],
  ['category', '商品分类', 'Category', withCategories, 'row', '/pages/product/list'],
  ['activity', '活动', 'Activity', all, 'row', '/pages/activity/detail'],
  ['groupBuy', '拼团', 'Group buy', retail, 'row', '/pages/group/detail'],
  ['seckill', '秒杀', 'Seckill', retail, 'row', '/pages/seckill/detail'],
  ['news', '资讯', 'News', all, 'row', '/pages/news/detail'],
  ['column', '栏目', 'Column', all, 'row', '/pages/news/list'],
  ['bookingForm', '预约表单', 'Booking form', [1, 2, 4, 7], 'row', '/pages/form/index'],
  ['course', '课程', 'Course', [2], 'row', '/pages/course/detail'],
  ['case', '案例', 'Case', [1], 'row', '/pages/case/detail'],
  ['hotel', '酒店', 'Hotel', [4], 'row', '/pages/hotel/detail'],
  ['hall', '宴会厅', 'Hall', [4], 'row', '/pages/hall/detail'],
  ['coupon', '优惠券', 'Coupon', paying, 'row', '/pages/coupon/detail'],
  ['store', '门店', 'Store', withStores, 'row', '/pages/store/detail'],
  ['quickPay', '快捷支付', 'Quick pay', paying, 'row', '/pages/pay/quick'],
  ['menu', '菜单', 'Menu', [3], 'row', '/pages/menu/index'],
  ['bargain', '砍价', 'Bargain', retail, 'row', '/pages/bargain/detail'],
  ['pointsProduct', '积分商品', 'Points product', retail, 'row', '/pages/points/detail'],
  ['liveRoom', '直播间', 'Live room', retail, 'row'],
  ['vote', '投票', 'Vote', [1, 2], 'row', '/pages/vote/detail'],
  ['technician', '技师', 'Technician', [7], 'row', '/pages/technician/detail'],
  ['service', '服务项目', 'Service', [7], 'row', '/pages/service/detail'],
] as const satisfies readonly Row[];

type RowOf<Source extends TargetSource> = Extract<
  (typeof rows)[number],
  readonly [LinkKind, string, string, readonly ShopType[], Source, ...unknown[]]
>;

/** Kinds whose target is a live server row, listed by a ModuleLibrary lookup. */
export type EntityLinkKind = RowOf<'row'>[0];
export const ENTITY_LINK_KINDS: readonly EntityLinkKind[] = rows
  .filter((row): row is RowOf<'row'> => row[4] === 'row')
  .map((row) => row[0]);

export const LINK_TARGETS: readonly LinkTarget[] = rows.map(
  ([kind, zh, en, shopTypes, source, page], id) => ({
    id,
    kind,
    title: { zh, en },
    shopTypes,
    entity: source !== 'typed',
    ...(page ? { page } : {}),
  }),
);

export function linkTargetsFor(shopType: ShopType): LinkTarget[] {
  return LINK_TARGETS.filter((target) => target.shopTypes.includes(shopType));
}

export function isLinkAllowed(kind: LinkKind, shopType: ShopType): boolean {
  return LINK_TARGETS.some((target) => target.kind === kind && target.shopTypes.includes(shopType));
}
