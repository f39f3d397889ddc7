import { z } from 'zod';
import { SHOP_TYPE_LABEL_KEYS, type ShopType } from './enums';
import { isLinkAllowed, LINK_TARGETS, type LinkKind, SHOP_TYPE_GROUPS } from './link-targets';
import { id } from './scalars';

/**
 * Typed link values of decorated blocks (SPEC §3 link fields). A value says *what* it points at —
 * an entity id with a display snapshot, a phone number, a Wi-Fi network — never a pre-built URL, so
 * the mini-program builds the navigation itself and a renamed page or route cannot break stored links.
 *
 * The schema checks shape only (types, lengths): a half-filled link is a legal draft. `validateLink`
 * checks content (formats, required fields, the shop type) before publishing.
 */

/** `linkType` of each kind: the numeric id of its row in LINK_TARGETS. */
export const LinkType = {
  none: 0,
  miniProgram: 1,
  customPage: 2,
  navigate: 3,
  phone: 4,
  wifi: 5,
  webLink: 6,
  videoChannel: 7,
  quickEntry: 8,
  product: 9,
  category: 10,
  activity: 11,
  groupBuy: 12,
  seckill: 13,
  news: 14,
  column: 15,
  bookingForm: 16,
  course: 17,
  case: 18,
  hotel: 19,
  hall: 20,
  coupon: 21,
  store: 22,
  quickPay: 23,
  menu: 24,
  bargain: 25,
  pointsProduct: 26,
  liveRoom: 27,
  vote: 28,
  technician: 29,
  service: 30,
} as const satisfies Record<LinkKind, number>;

const { all, retail, withCategories, withStores, paying } = SHOP_TYPE_GROUPS;

/**
 * Built-in mini-program pages a `navigate` link may open, with the shop types whose mini-program
 * has the page (a shop that takes no orders has no order list).
 */
export const NAVIGATE_PAGES = [
  { path: '/pages/index/index', title: { zh: '首页', en: 'Home' }, shopTypes: all },
  { path: '/pages/category/index', title: { zh: '商品分类', en: 'Categories' }, shopTypes: withCategories },
  { path: '/pages/cart/index', title: { zh: '购物车', en: 'Cart' }, shopTypes: withCategories },
  { path: '/pages/user/index', title: { zh: '个人中心', en: 'Me' }, shopTypes: all },
  { path: '/pages/order/list', title: { zh: '我的订单', en: 'My orders' }, shopTypes: paying },
  { path: '/pages/coupon/mine', title: { zh: '我的优惠券', en: 'My coupons' }, shopTypes: paying },
  { path: '/pages/address/list', title: { zh: '收货地址', en: 'Addresses' }, shopTypes: withCategories },
  { path: '/pages/search/index', title: { zh: '搜索', en: 'Search' }, shopTypes: all },
  { path: '/pages/member/card', title: { zh: '会员卡', en: 'Member card' }, shopTypes: all },
  { path: '/pages/points/sign-in', title: { zh: '积分签到', en: 'Daily sign-in' }, shopTypes: all },
  {
    path: '/pages/distribution/center',
    title: { zh: '分销中心', en: 'Distribution centre' },
    shopTypes: retail,
  },
  { path: '/pages/store/list', title: { zh: '门店列表', en: 'Stores' }, shopTypes: withStores },
] as const satisfies readonly {
  path: string;
  title: { zh: string; en: string };
  shopTypes: readonly ShopType[];
}[];

/** What a quick-entry link does; `location` opens a map, `copyText` copies `fullText`. */
export const QUICK_ENTRIES = [
  'contact',
  'share',
  'scan',
  'location',
  'copyText',
  'memberCode',
  'signIn',
] as const;
export type QuickEntry = (typeof QUICK_ENTRIES)[number];
/** Names of the quick entries, shared by the studio's picker and the shortcut look-up. */
export const QUICK_ENTRY_TITLES: Record<QuickEntry, { zh: string; en: string }> = {
  contact: { zh: '联系客服', en: 'Customer service' },
  share: { zh: '分享', en: 'Share' },
  scan: { zh: '扫一扫', en: 'Scan a code' },
  location: { zh: '查看位置', en: 'Open a map' },
  copyText: { zh: '复制文本', en: 'Copy text' },
  memberCode: { zh: '会员码', en: 'Member code' },
  signIn: { zh: '签到', en: 'Daily sign-in' },
};

const MAX_TEXT = 200;
const MAX_URL = 2048;

const title = () => z.string().max(MAX_TEXT);
const imageUrl = () => z.string().max(MAX_URL);

const kindSchema = <K extends LinkKind, Shape extends z.ZodRawShape>(kind: K, shape: Shape) =>
  z.strictObject({ linkType: z.literal(LinkType[kind]), ...shape });

/** An entity chosen from live server rows: its id plus what the picker showed, for display. */
const entity = <K extends LinkKind>(kind: K) =>
  kindSchema(kind, { id: id, linkTitle: title(), img: imageUrl().optional() });

/** Goods-like entities also keep the card snapshot (name, selling point, price in fen). */
const goods = <K extends LinkKind>(kind: K) =>
  kindSchema(kind, {
    id: id,
    linkTitle: title(),
    img: imageUrl().optional(),
    shpName: title(),
    shpMaiDian: title().optional(),
    shpPrice: z.number().int().min(0),
  });

export const linkValueSchema = z.discriminatedUnion('linkType', [
  kindSchema('none', {}),
  kindSchema('miniProgram', {
    appId: z.string().max(32),
    /** Page path inside the other mini-program; empty opens its home page. */
    appIdLianjie: z.string().max(512),
    linkTitle: title().optional(),
  }),
  /** A page of this template, by its page id. */
  kindSchema('customPage', { id: z.string().min(1).max(64), linkTitle: title() }),
  kindSchema('navigate', { linkUrl: z.string().max(128), linkTitle: title().optional() }),
  kindSchema('phone', { tel: z.string().max(32), linkTitle: title().optional() }),
  kindSchema('wifi', {
    wifiId: z.string().max(64),
    /** BSSID; empty lets the phone pick any access point of the network. */
    wifimac: z.string().max(17),
    /** Empty for an open network. */
    wifipassword: z.string().max(64),
    linkTitle: title().optional(),
  }),
  kindSchema('webLink', {
    webLink: z.string().max(MAX_URL),
    /** True: open in a web-view (the domain must be a business domain); false: copy the address. */
    isLink: z.boolean(),
    linkTitle: title().optional(),
  }),
  kindSchema('videoChannel', {
    /** The channel's finder user name (sph…). */
    appId: z.string().max(64),
    /** Feed id of one video; empty opens the channel's profile. */
    appIdLianjie: z.string().max(128),
    linkTitle: title().optional(),
  }),
  kindSchema('quickEntry', {
    linkUrl: z.string().max(32),
    latlng: z.string().max(64).optional(),
    address: z.string().max(MAX_TEXT).optional(),
    fullText: z.string().max(1000).optional(),
    linkTitle: title().optional(),
  }),
  goods('product'),
  entity('category'),
  entity('activity'),
  goods('groupBuy'),
  goods('seckill'),
  entity('news'),
  entity('column'),
  entity('bookingForm'),
  entity('course'),
  entity('case'),
  entity('hotel'),
  entity('hall'),
  entity('coupon'),
  kindSchema('store', {
    id: id,
    linkTitle: title(),
    img: imageUrl().optional(),
    address: z.string().max(MAX_TEXT).optional(),
    latlng: z.string().max(64).optional(),
    tel: z.string().max(32).optional(),
  }),
  entity('quickPay'),
  entity('menu'),
  goods('bargain'),
  goods('pointsProduct'),
  entity('liveRoom'),
  entity('vote'),
  entity('technician'),
  goods('service'),
]);

export type LinkValue = z.infer<typeof linkValueSchema>;

/** The schema of each kind, indexed by linkType (the union lists them in that order). */
export const linkSchemas = linkValueSchema.options;
export type LinkOf<K extends LinkKind> = Extract<LinkValue, { linkType: (typeof LinkType)[K] }>;

export const NO_LINK: LinkOf<'none'> = { linkType: LinkType.none };

const kindByType = new Map<number, LinkKind>(
  Object.entries(LinkType).map(([kind, id]) => [id, kind as LinkKind]),
);

export function linkKindOf(link: Pick<LinkValue, 'linkType'>): LinkKind {
  return kindByType.get(link.linkType) ?? 'none';
}

export function isEntityKind(kind: LinkKind): boolean {
  return LINK_TARGETS.some((target) => target.kind === kind && target.entity);
}

/** The entity a link points at, for existence checks; null for non-entity kinds. */
export function linkEntity(link: LinkValue): { kind: LinkKind; id: number | string } | null {
  return 'id' in link ? { kind: linkKindOf(link), id: link.id } : null;
}

/** Kinds whose value is typed in rather than chosen from server rows. */
export type TypedInLinkKind =
  | 'none'
  | 'miniProgram'
  | 'navigate'
  | 'phone'
  | 'wifi'
  | 'webLink'
  | 'videoChannel'
  | 'quickEntry';

/** A blank value of a kind the editor fills in; entity kinds are created by the picker instead. */
export function emptyLink(kind: TypedInLinkKind): LinkValue {
  switch (kind) {
    case 'none':
      return NO_LINK;
    case 'miniProgram':
      return { linkType: LinkType.miniProgram, appId: '', appIdLianjie: '' };
    case 'navigate':
      return { linkType: LinkType.navigate, linkUrl: NAVIGATE_PAGES[0].path };
    case 'phone':
      return { linkType: LinkType.phone, tel: '' };
    case 'wifi':
      return { linkType: LinkType.wifi, wifiId: '', wifimac: '', wifipassword: '' };
    case 'webLink':
      return { linkType: LinkType.webLink, webLink: '', isLink: true };
    case 'videoChannel':
      return { linkType: LinkType.videoChannel, appId: '', appIdLianjie: '' };
    case 'quickEntry':
      return { linkType: LinkType.quickEntry, linkUrl: 'contact' };
  }
}

// ---- content rules -------------------------------------------------------------------------------

export const MOBILE_PATTERN = /^(?:\+?86)?1[3-9]\d{9}$/;
/** Area code 010/02x + 8 digits, or 0xxx + 7–8 digits; optional extension. */
export const LANDLINE_PATTERN = /^(?:0(?:10|2\d)-?\d{8}|0[3-9]\d{2}-?\d{7,8})(?:-\d{1,6})?$/;
/** Nationwide service numbers (400/800). */
export const SERVICE_NUMBER_PATTERN = /^[48]00-?\d{3}-?\d{4}$/;
export const MAC_PATTERN = /^[0-9A-Fa-f]{2}(?::[0-9A-Fa-f]{2}){5}$/;
export const APP_ID_PATTERN = /^wx[0-9a-fA-F]{16}$/;
export const PAGE_PATH_PATTERN = /^\/?[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_.-]+)*(?:\?[A-Za-z0-9_.~%=&-]*)?$/;
export const FINDER_PATTERN = /^sph[A-Za-z0-9]{4,}$/;
export const FEED_ID_PATTERN = /^[A-Za-z0-9_=+/-]{1,128}$/;
export const LATLNG_PATTERN = /^(-?\d{1,2}(?:\.\d+)?),\s*(-?\d{1,3}(?:\.\d+)?)$/;

export const SSID_MAX_BYTES = 32;
export const WIFI_PASSWORD_MIN = 8;
export const WIFI_PASSWORD_MAX = 63;

export type LinkProblemCode = keyof (typeof LINK_PROBLEM_MESSAGES)['en'];

export interface LinkProblem {
  /** The link field at fault, or '' for the link as a whole. */
  field: string;
  code: LinkProblemCode;
  params?: Record<string, string | number>;
}

/** Messages of link problems; flat keys, `{name}` placeholders (server translate and react-intl alike). */
export const LINK_PROBLEM_MESSAGES = {
  en: {
    'link.notAllowed': '"{kind}" links are not available for {shopType} shops',
    'link.shape': 'The link is damaged ({detail}); choose the target again',
    'link.phoneRequired': 'Enter the phone number to call',
    'link.phoneFormat':
      'The phone number must be a mobile number (11 digits starting with 1), a landline with its area code such as 010-12345678 or 0755-1234567, or a 400/800 number',
    'link.wifiSsidRequired': 'Enter the Wi-Fi network name (SSID)',
    'link.wifiSsidTooLong':
      'The Wi-Fi name is {bytes} bytes long; at most 32 bytes are allowed (a Chinese character takes 3)',
    'link.wifiBssidFormat': 'The BSSID must be a MAC address such as 0a:1b:2c:3d:4e:5f',
    'link.wifiPasswordLength': 'The Wi-Fi password must be 8–63 characters, or empty for an open network',
    'link.wifiPasswordCharacters': 'The Wi-Fi password may only use letters, digits and ASCII symbols',
    'link.appIdRequired': 'Enter the AppID of the mini-program',
    'link.appIdFormat':
      'The AppID must be "wx" followed by 16 hexadecimal characters, such as wx1234567890abcdef',
    'link.pagePathFormat':
      'The page path must look like pages/index/index, optionally followed by ?key=value',
    'link.webRequired': 'Enter the web address',
    'link.webInvalid': 'The web address is not a valid URL',
    'link.webHttps': 'The web address must start with https:// (mini-programs open secure pages only)',
    'link.webCredentials': 'The web address must not contain a user name or password',
    'link.finderRequired': 'Enter the video channel id (starts with sph)',
    'link.finderFormat': 'The video channel id must start with "sph" followed by letters or digits',
    'link.feedFormat': 'The video id may only contain letters, digits and _ = + / -',
    'link.navigateUnknown': 'Choose a page from the list',
    'link.quickEntryUnknown': 'Choose a quick entry from the list',
    'link.locationRequired': 'A map location needs coordinates and an address',
    'link.latlngFormat': 'Coordinates must be "latitude,longitude" within ±90 and ±180',
    'link.copyTextRequired': 'Enter the text to copy',
    'link.pageRequired': 'Choose the page to open',
  },
  zh: {
    'link.notAllowed': '{shopType}店铺不支持“{kind}”链接',
    'link.shape': '链接数据已损坏（{detail}），请重新选择链接',
    'link.phoneRequired': '请输入要拨打的电话号码',
    'link.phoneFormat':
      '电话号码须为手机号（1 开头的 11 位数字）、带区号的固定电话（如 010-12345678、0755-1234567）或 400/800 电话',
    'link.wifiSsidRequired': '请输入 WiFi 名称（SSID）',
    'link.wifiSsidTooLong': 'WiFi 名称长 {bytes} 字节，最多 32 字节（一个汉字占 3 字节）',
    'link.wifiBssidFormat': 'BSSID 须为 MAC 地址，如 0a:1b:2c:3d:4e:5f',
    'link.wifiPasswordLength': 'WiFi 密码须为 8–63 个字符；开放网络请留空',
    'link.wifiPasswordCharacters': 'WiFi 密码只能包含字母、数字和英文符号',
    'link.appIdRequired': '请输入小程序 AppID',
    'link.appIdFormat': 'AppID 须为 wx 加 16 位十六进制字符，如 wx1234567890abcdef',
    'link.pagePathFormat': '页面路径格式应为 pages/index/index，可带 ?参数=值',
    'link.webRequired': '请输入网页地址',
    'link.webInvalid': '网页地址不是有效的网址',
    'link.webHttps': '网页地址须以 https:// 开头（小程序只能打开安全网页）',
    'link.webCredentials': '网页地址不能包含用户名或密码',
    'link.finderRequired': '请输入视频号 ID（以 sph 开头）',
    'link.finderFormat': '视频号 ID 须以 sph 开头，后跟字母或数字',
    'link.feedFormat': '视频 ID 只能包含字母、数字和 _ = + / -',
    'link.navigateUnknown': '请从列表中选择页面',
    'link.quickEntryUnknown': '请从列表中选择快捷入口',
    'link.locationRequired': '地图位置需要坐标和地址',
    'link.latlngFormat': '坐标格式应为“纬度,经度”，范围 ±90 与 ±180',
    'link.copyTextRequired': '请输入要复制的文字',
    'link.pageRequired': '请选择要打开的页面',
  },
} as const satisfies Record<'en' | 'zh', Record<string, string>>;

const SHOP_TYPE_NAMES: Record<'zh' | 'en', Record<string, string>> = {
  en: {
    'shopType.mall': 'mall',
    'shopType.officialSite': 'official-site',
    'shopType.course': 'course',
    'shopType.food': 'food',
    'shopType.hotel': 'hotel',
    'shopType.service': 'service',
    'shopType.storePlatform': 'store-platform',
  },
  zh: {
    'shopType.mall': '商城',
    'shopType.officialSite': '官网',
    'shopType.course': '课程',
    'shopType.food': '餐饮',
    'shopType.hotel': '酒店',
    'shopType.service': '服务',
    'shopType.storePlatform': '门店平台',
  },
};

/** The kind's title and the shop type's name in a language, for the notAllowed message. */
export function linkNames(kind: LinkKind, shopType: ShopType, locale: 'zh' | 'en') {
  const target = LINK_TARGETS.find((row) => row.kind === kind);
  return {
    kind: target?.title[locale] ?? kind,
    shopType: SHOP_TYPE_NAMES[locale][SHOP_TYPE_LABEL_KEYS[shopType]] ?? String(shopType),
  };
}

/** The problem as a sentence in the given language. */
export function describeLinkProblem(problem: LinkProblem, locale: 'zh' | 'en'): string {
  const params =
    problem.code === 'link.notAllowed' && problem.params
      ? linkNames(problem.params.kind as LinkKind, Number(problem.params.shopType) as ShopType, locale)
      : (problem.params ?? {});
  const template: string = LINK_PROBLEM_MESSAGES[locale][problem.code];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name as keyof typeof params]) : whole,
  );
}

export function phoneProblem(tel: string): LinkProblem | null {
  const compact = tel.replace(/[\s()]/g, '');
  if (compact === '') return { field: 'tel', code: 'link.phoneRequired' };
  const ok =
    MOBILE_PATTERN.test(compact) || LANDLINE_PATTERN.test(compact) || SERVICE_NUMBER_PATTERN.test(compact);
  return ok ? null : { field: 'tel', code: 'link.phoneFormat' };
}

const utf8 = new TextEncoder();

export function wifiProblems(
  link: Pick<LinkOf<'wifi'>, 'wifiId' | 'wifimac' | 'wifipassword'>,
): LinkProblem[] {
  const problems: LinkProblem[] = [];
  const bytes = utf8.encode(link.wifiId).length;
  if (link.wifiId.trim() === '') problems.push({ field: 'wifiId', code: 'link.wifiSsidRequired' });
  else if (bytes > SSID_MAX_BYTES)
    problems.push({ field: 'wifiId', code: 'link.wifiSsidTooLong', params: { bytes } });
  if (link.wifimac !== '' && !MAC_PATTERN.test(link.wifimac)) {
    problems.push({ field: 'wifimac', code: 'link.wifiBssidFormat' });
  }
  const password = link.wifipassword;
  if (password !== '') {
    if (password.length < WIFI_PASSWORD_MIN || password.length > WIFI_PASSWORD_MAX) {
      problems.push({ field: 'wifipassword', code: 'link.wifiPasswordLength' });
    } else if (!/^[\x20-\x7e]+$/.test(password)) {
      problems.push({ field: 'wifipassword', code: 'link.wifiPasswordCharacters' });
    }
  }
  return problems;
}

export function miniProgramProblems(
  link: Pick<LinkOf<'miniProgram'>, 'appId' | 'appIdLianjie'>,
): LinkProblem[] {
  const problems: LinkProblem[] = [];
  if (link.appId === '') problems.push({ field: 'appId', code: 'link.appIdRequired' });
  else if (!APP_ID_PATTERN.test(link.appId)) problems.push({ field: 'appId', code: 'link.appIdFormat' });
  const path = link.appIdLianjie;
  if (path !== '' && (!PAGE_PATH_PATTERN.test(path) || path.includes('..'))) {
    problems.push({ field: 'appIdLianjie', code: 'link.pagePathFormat' });
  }
  return problems;
}

export function webLinkProblem(address: string): LinkProblem | null {
  if (address.trim() === '') return { field: 'webLink', code: 'link.webRequired' };
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return { field: 'webLink', code: 'link.webInvalid' };
  }
  if (url.protocol !== 'https:') return { field: 'webLink', code: 'link.webHttps' };
  if (!url.hostname.includes('.') && url.hostname !== 'localhost')
    return { field: 'webLink', code: 'link.webInvalid' };
  if (url.username || url.password) return { field: 'webLink', code: 'link.webCredentials' };
  return null;
}

export function latlngProblem(latlng: string | undefined): LinkProblem | null {
  // Stryker disable next-line StringLiteral: any text the pattern refuses does as well as the empty one.
  const match = LATLNG_PATTERN.exec(latlng ?? '');
  if (!match) return { field: 'latlng', code: 'link.latlngFormat' };
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
    return { field: 'latlng', code: 'link.latlngFormat' };
  return null;
}

function contentProblems(link: LinkValue): LinkProblem[] {
  switch (link.linkType) {
    case LinkType.phone: {
      const problem = phoneProblem(link.tel);
      return problem ? [problem] : [];
    }
    case LinkType.wifi:
      return wifiProblems(link);
    case LinkType.miniProgram:
      return miniProgramProblems(link);
    case LinkType.webLink: {
      const problem = webLinkProblem(link.webLink);
      return problem ? [problem] : [];
    }
    case LinkType.videoChannel: {
      const problems: LinkProblem[] = [];
      if (link.appId === '') problems.push({ field: 'appId', code: 'link.finderRequired' });
      else if (!FINDER_PATTERN.test(link.appId)) problems.push({ field: 'appId', code: 'link.finderFormat' });
      if (link.appIdLianjie !== '' && !FEED_ID_PATTERN.test(link.appIdLianjie)) {
        problems.push({ field: 'appIdLianjie', code: 'link.feedFormat' });
      }
      return problems;
    }
    case LinkType.navigate:
      return NAVIGATE_PAGES.some((page) => page.path === link.linkUrl)
        ? []
        : [{ field: 'linkUrl', code: 'link.navigateUnknown' }];
    case LinkType.quickEntry: {
      if (!(QUICK_ENTRIES as readonly string[]).includes(link.linkUrl)) {
        return [{ field: 'linkUrl', code: 'link.quickEntryUnknown' }];
      }
      if (link.linkUrl === 'location') {
        if (!link.latlng || !link.address?.trim())
          return [{ field: 'latlng', code: 'link.locationRequired' }];
        const problem = latlngProblem(link.latlng);
        return problem ? [problem] : [];
      }
      if (link.linkUrl === 'copyText' && !link.fullText?.trim()) {
        return [{ field: 'fullText', code: 'link.copyTextRequired' }];
      }
      return [];
    }
    case LinkType.customPage:
      return link.id.trim() === '' ? [{ field: 'id', code: 'link.pageRequired' }] : [];
    default:
      return [];
  }
}

/**
 * Every problem of a link for a shop of the given type: a damaged shape, a kind the shop type does
 * not offer, and content that the mini-program could not use (bad phone, Wi-Fi, AppID, address…).
 */
export function validateLink(link: unknown, shopType: ShopType): LinkProblem[] {
  const parsed = linkValueSchema.safeParse(link);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return [
      // Stryker disable next-line StringLiteral: link values are flat, so a path has one segment and its separator never shows.
      { field: issue.path.join('.'), code: 'link.shape', params: { detail: describeShapeIssue(issue) } },
    ];
  }
  const value = parsed.data;
  const kind = linkKindOf(value);
  const problems: LinkProblem[] = [];
  if (!isLinkAllowed(kind, shopType)) {
    problems.push({ field: '', code: 'link.notAllowed', params: { kind, shopType } });
  }
  return [...problems, ...contentProblems(value)];
}

function describeShapeIssue(issue: z.core.$ZodIssue): string {
  // Stryker disable next-line StringLiteral: link values are flat, so a path has one segment and its separator never shows.
  const where = issue.path.length > 0 ? issue.path.join('.') : 'linkType';
  return `${where}: ${issue.code}`;
}

/**
 * Whether a shop of this type has what the link opens: its kind is offered to the shop type and,
 * for a built-in page, the shop's mini-program has that page. Saving accepts a `navigate` link to
 * any built-in page and the default user centre is one menu for every shop type, so what a buyer
 * is shown is filtered with this; content problems are `validateLink`'s business.
 */
export function linkAppliesTo(link: LinkValue, shopType: ShopType): boolean {
  if (!isLinkAllowed(linkKindOf(link), shopType)) return false;
  if (link.linkType !== LinkType.navigate) return true;
  const page = NAVIGATE_PAGES.find((entry) => entry.path === link.linkUrl);
  return page !== undefined && (page.shopTypes as readonly ShopType[]).includes(shopType);
}
