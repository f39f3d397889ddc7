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
] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

const all = SHOP_TYPES;
const retail: readonly ShopType[] = [0, 8];
const withStores: readonly ShopType[] = [0, 3, 7, 8];
const paying: readonly ShopType[] = [0, 3, 4, 7, 8];

type Row = [LinkKind, string, string, readonly ShopType[], boolean, string?];
const rows: Row[] = [
  ['none', '无链接', 'No link', all, false],
  ['miniProgram', '小程序', 'Mini-program', all, false],
  ['customPage', '自定义页面', 'Custom page', all, true, '/pages/custom/index'],
  ['navigate', '页面导航', 'Navigate', all, false],
  ['phone', '拨打电话', 'Call phone', all, false],
  ['wifi', '连接WiFi', 'WiFi', all, false],
  ['webLink', '外部链接', 'External link', all, false, '/pages/webview/index'],
  ['videoChannel', '视频号链接', 'Video-channel link', all, false],
  ['quickEntry', '快捷入口', 'Quick entry', all, false],
  ['product', '商品', 'Product', retail, true, '/pages/product/detail'],
  ['category', '商品分类', 'Category', [0, 3, 8], true, '/pages/product/list'],
  ['activity', '活动', 'Activity', all, true, '/pages/activity/detail'],
  ['groupBuy', '拼团', 'Group buy', retail, true, '/pages/group/detail'],
  ['seckill', '秒杀', 'Seckill', retail, true, '/pages/seckill/detail'],
  ['news', '资讯', 'News', all, true, '/pages/news/detail'],
  ['column', '栏目', 'Column', all, true, '/pages/news/list'],
  ['bookingForm', '预约表单', 'Booking form', [1, 2, 4, 7], true, '/pages/form/index'],
  ['course', '课程', 'Course', [2], true, '/pages/course/detail'],
  ['case', '案例', 'Case', [1], true, '/pages/case/detail'],
  ['hotel', '酒店', 'Hotel', [4], true, '/pages/hotel/detail'],
  ['hall', '宴会厅', 'Hall', [4], true, '/pages/hall/detail'],
  ['coupon', '优惠券', 'Coupon', paying, true, '/pages/coupon/detail'],
  ['store', '门店', 'Store', withStores, true, '/pages/store/detail'],
  ['quickPay', '快捷支付', 'Quick pay', paying, true, '/pages/pay/quick'],
  ['menu', '菜单', 'Menu', [3], true, '/pages/menu/index'],
  ['bargain', '砍价', 'Bargain', retail, true, '/pages/bargain/detail'],
  ['pointsProduct', '积分商品', 'Points product', retail, true, '/pages/points/detail'],
  ['liveRoom', '直播间', 'Live room', retail, true],
  ['vote', '投票', 'Vote', [1, 2], true, '/pages/vote/detail'],
];

export const LINK_TARGETS: readonly LinkTarget[] = rows.map(
  ([kind, zh, en, shopTypes, entity, page], id) => ({
    id,
    kind,
    title: { zh, en },
    shopTypes,
    entity,
    ...(page ? { page } : {}),
  }),
);

export function linkTargetsFor(shopType: ShopType): LinkTarget[] {
  return LINK_TARGETS.filter((target) => target.shopTypes.includes(shopType));
}

export function isLinkAllowed(kind: LinkKind, shopType: ShopType): boolean {
  return LINK_TARGETS.some((target) => target.kind === kind && target.shopTypes.includes(shopType));
}
