import { describe, expect, it } from 'vitest';
import { SHOP_TYPES, ShopType } from './enums';
import { LINK_KINDS, LINK_TARGETS, type LinkKind } from './link-targets';
import {
  describeLinkProblem,
  emptyLink,
  LINK_PROBLEM_MESSAGES,
  LinkType,
  type LinkValue,
  linkEntity,
  linkKindOf,
  linkSchemas,
  linkValueSchema,
  phoneProblem,
  validateLink,
  webLinkProblem,
  wifiProblems,
} from './link-value';

/** A complete, valid value of every kind. */
const valid: Record<LinkKind, LinkValue> = {
  none: { linkType: 0 },
  miniProgram: { linkType: 1, appId: 'wx1234567890abcdef', appIdLianjie: 'pages/index/index?from=shop' },
  customPage: { linkType: 2, id: 'page_about', linkTitle: '关于我们' },
  navigate: { linkType: 3, linkUrl: '/pages/cart/index' },
  phone: { linkType: 4, tel: '13812345678' },
  wifi: { linkType: 5, wifiId: 'Shop-Guest', wifimac: '0a:1b:2c:3d:4e:5f', wifipassword: 'welcome123' },
  webLink: { linkType: 6, webLink: 'https://example.com/about?x=1', isLink: true },
  videoChannel: { linkType: 7, appId: 'sphAbc123', appIdLianjie: '' },
  quickEntry: { linkType: 8, linkUrl: 'location', latlng: '39.9087,116.3975', address: '北京市东城区' },
  product: {
    linkType: 9,
    id: 12,
    linkTitle: '保温杯',
    shpName: '保温杯',
    shpPrice: 5900,
    img: '/uploads/cup.png',
  },
  category: { linkType: 10, id: 3, linkTitle: '家居' },
  activity: { linkType: 11, id: 4, linkTitle: '周年庆' },
  groupBuy: { linkType: 12, id: 5, linkTitle: '三人团', shpName: '茶具', shpPrice: 9900 },
  seckill: { linkType: 13, id: 6, linkTitle: '限时秒杀', shpName: '茶具', shpPrice: 100 },
  news: { linkType: 14, id: 7, linkTitle: '开业公告' },
  column: { linkType: 15, id: 8, linkTitle: '新闻中心' },
  bookingForm: { linkType: 16, id: 9, linkTitle: '预约试听' },
  course: { linkType: 17, id: 10, linkTitle: '钢琴入门' },
  case: { linkType: 18, id: 11, linkTitle: '成功案例' },
  hotel: { linkType: 19, id: 12, linkTitle: '湖景酒店' },
  hall: { linkType: 20, id: 13, linkTitle: '宴会厅' },
  coupon: { linkType: 21, id: 14, linkTitle: '满100减10' },
  store: { linkType: 22, id: 15, linkTitle: '旗舰店', address: '上海市', tel: '021-12345678' },
  quickPay: { linkType: 23, id: 16, linkTitle: '买单' },
  menu: { linkType: 24, id: 17, linkTitle: '午市菜单' },
  bargain: { linkType: 25, id: 18, linkTitle: '砍一刀', shpName: '茶杯', shpPrice: 3000 },
  pointsProduct: { linkType: 26, id: 19, linkTitle: '积分兑换', shpName: '抱枕', shpPrice: 500 },
  liveRoom: { linkType: 27, id: 20, linkTitle: '新品直播' },
  vote: { linkType: 28, id: 21, linkTitle: '最佳员工' },
  technician: { linkType: 29, id: 22, linkTitle: '李师傅' },
  service: { linkType: 30, id: 23, linkTitle: '肩颈推拿', shpName: '肩颈推拿', shpPrice: 12800 },
};

describe('link kinds', () => {
  it('numbers every kind as its row of the link-target catalogue', () => {
    for (const target of LINK_TARGETS) {
      expect(LinkType[target.kind]).toBe(target.id);
      expect(linkSchemas[target.id]!.shape.linkType.value).toBe(target.id);
    }
    expect(Object.keys(LinkType)).toEqual([...LINK_KINDS]);
  });

  it('accepts a valid value of every kind and knows its kind back', () => {
    for (const kind of LINK_KINDS) {
      expect(linkValueSchema.safeParse(valid[kind]).success, kind).toBe(true);
      expect(linkKindOf(valid[kind])).toBe(kind);
    }
  });

  it('refuses pre-built URLs and fields a kind does not carry', () => {
    const withUrl = {
      linkType: 9,
      id: 12,
      linkTitle: 'x',
      shpName: 'x',
      shpPrice: 1,
      linkUrl: '/pages/product/detail?id=12',
    };
    expect(linkValueSchema.safeParse(withUrl).success).toBe(false);
    expect(linkValueSchema.safeParse({ linkType: 4, tel: '13812345678', wifiId: 'x' }).success).toBe(false);
    expect(linkValueSchema.safeParse({ linkType: 99 }).success).toBe(false);
    expect(
      linkValueSchema.safeParse({ linkType: 9, id: -1, linkTitle: '', shpName: '', shpPrice: 0 }).success,
    ).toBe(false);
  });

  it('names the entity of entity kinds only', () => {
    expect(linkEntity(valid.product)).toEqual({ kind: 'product', id: 12 });
    expect(linkEntity(valid.customPage)).toEqual({ kind: 'customPage', id: 'page_about' });
    expect(linkEntity(valid.phone)).toBeNull();
  });

  it('creates blank values that the schema accepts and the validator flags as incomplete', () => {
    expect(linkValueSchema.safeParse(emptyLink('phone')).success).toBe(true);
    expect(validateLink(emptyLink('phone'), ShopType.mall).map((problem) => problem.code)).toEqual([
      'link.phoneRequired',
    ]);
    expect(validateLink(emptyLink('none'), ShopType.mall)).toEqual([]);
  });
});

describe('validateLink per shop type', () => {
  // The kinds each shop type offers beyond the nine every type has.
  const specific: Record<ShopType, LinkKind[]> = {
    0: [
      'product',
      'category',
      'groupBuy',
      'seckill',
      'coupon',
      'store',
      'quickPay',
      'bargain',
      'pointsProduct',
      'liveRoom',
    ],
    1: ['bookingForm', 'case', 'vote'],
    2: ['bookingForm', 'course', 'vote'],
    3: ['category', 'coupon', 'store', 'quickPay', 'menu'],
    4: ['bookingForm', 'hotel', 'hall', 'coupon', 'quickPay'],
    7: ['bookingForm', 'coupon', 'store', 'quickPay', 'technician', 'service'],
    8: [
      'product',
      'category',
      'groupBuy',
      'seckill',
      'coupon',
      'store',
      'quickPay',
      'bargain',
      'pointsProduct',
      'liveRoom',
    ],
  };
  const everywhere: LinkKind[] = [
    'none',
    'miniProgram',
    'customPage',
    'navigate',
    'phone',
    'wifi',
    'webLink',
    'videoChannel',
    'quickEntry',
    'activity',
    'news',
    'column',
  ];

  for (const shopType of SHOP_TYPES) {
    it(`shop type ${shopType} allows exactly its kinds`, () => {
      const allowed = new Set([...everywhere, ...specific[shopType]]);
      for (const kind of LINK_KINDS) {
        const codes = validateLink(valid[kind], shopType).map((problem) => problem.code);
        expect(codes, `${kind} for ${shopType}`).toEqual(allowed.has(kind) ? [] : ['link.notAllowed']);
      }
    });
  }

  it('says which kind and shop type in both languages', () => {
    const [problem] = validateLink(valid.product, ShopType.officialSite);
    expect(describeLinkProblem(problem!, 'en')).toBe(
      '"Product" links are not available for official-site shops',
    );
    expect(describeLinkProblem(problem!, 'zh')).toBe('官网店铺不支持“商品”链接');
  });

  it('reports a damaged link by the path of the bad field', () => {
    const [problem] = validateLink({ linkType: 4, tel: 42 }, ShopType.mall);
    expect(problem?.code).toBe('link.shape');
    expect(problem?.field).toBe('tel');
    expect(describeLinkProblem(problem!, 'en')).toContain('tel');
  });
});

describe('phone numbers', () => {
  const cases: [string, string | null][] = [
    ['13812345678', null],
    ['+8613812345678', null],
    ['138 1234 5678', null],
    ['19912345678', null],
    ['010-12345678', null],
    ['01012345678', null],
    ['0755-1234567', null],
    ['0755-12345678-801', null],
    ['021-87654321', null],
    ['400-123-4567', null],
    ['', 'link.phoneRequired'],
    ['12812345678', 'link.phoneFormat'],
    ['1381234567', 'link.phoneFormat'],
    ['12345678', 'link.phoneFormat'],
    ['010-1234567', 'link.phoneFormat'],
    ['0755-123456', 'link.phoneFormat'],
    ['tel:13812345678', 'link.phoneFormat'],
  ];
  it.each(cases)('%s → %s', (tel, code) => {
    expect(phoneProblem(tel)?.code ?? null).toBe(code);
  });
});

describe('Wi-Fi', () => {
  const base = { wifiId: 'Guest', wifimac: '', wifipassword: '' };
  const cases: [string, Partial<typeof base>, string[]][] = [
    ['open network without BSSID', {}, []],
    ['WPA password', { wifipassword: '12345678' }, []],
    ['63-character password', { wifipassword: 'a'.repeat(63) }, []],
    ['Chinese SSID of 10 characters (30 bytes)', { wifiId: '店'.repeat(10) }, []],
    ['Chinese SSID of 11 characters (33 bytes)', { wifiId: '店'.repeat(11) }, ['link.wifiSsidTooLong']],
    ['empty SSID', { wifiId: ' ' }, ['link.wifiSsidRequired']],
    ['BSSID with dashes', { wifimac: '0a-1b-2c-3d-4e-5f' }, ['link.wifiBssidFormat']],
    ['BSSID too short', { wifimac: '0a:1b:2c:3d:4e' }, ['link.wifiBssidFormat']],
    ['upper-case BSSID', { wifimac: '0A:1B:2C:3D:4E:5F' }, []],
    ['7-character password', { wifipassword: '1234567' }, ['link.wifiPasswordLength']],
    ['64-character password', { wifipassword: 'a'.repeat(64) }, ['link.wifiPasswordLength']],
    ['password with Chinese', { wifipassword: '密码密码密码密码' }, ['link.wifiPasswordCharacters']],
  ];
  it.each(cases)('%s', (_name, change, codes) => {
    expect(wifiProblems({ ...base, ...change }).map((problem) => problem.code)).toEqual(codes);
  });

  it('tells how long the name is in bytes', () => {
    const [problem] = wifiProblems({ ...base, wifiId: '店'.repeat(11) });
    expect(describeLinkProblem(problem!, 'en')).toContain('33 bytes');
  });
});

describe('mini-program links', () => {
  const cases: [string, string, string[]][] = [
    ['wx1234567890abcdef', '', []],
    ['wx1234567890ABCDEF', 'pages/goods/detail?id=3&from=a', []],
    ['wx1234567890abcdef', '/pages/index/index', []],
    ['', '', ['link.appIdRequired']],
    ['wx123', '', ['link.appIdFormat']],
    ['gh_1234567890ab', '', ['link.appIdFormat']],
    ['wx1234567890abcdeg', '', ['link.appIdFormat']],
    ['wx1234567890abcdef', 'https://evil.example/x', ['link.pagePathFormat']],
    ['wx1234567890abcdef', 'pages/../secret', ['link.pagePathFormat']],
    ['wx1234567890abcdef', 'pages/a b', ['link.pagePathFormat']],
  ];
  it.each(cases)('%s %s', (appId, appIdLianjie, codes) => {
    const problems = validateLink({ linkType: LinkType.miniProgram, appId, appIdLianjie }, ShopType.mall);
    expect(problems.map((problem) => problem.code)).toEqual(codes);
  });
});

describe('web links', () => {
  const cases: [string, string | null][] = [
    ['https://example.com', null],
    ['https://shop.example.cn/a/b?c=d#e', null],
    [' https://example.com ', null],
    ['', 'link.webRequired'],
    ['http://example.com', 'link.webHttps'],
    ['javascript:alert(1)', 'link.webHttps'],
    ['ftp://example.com', 'link.webHttps'],
    ['example.com', 'link.webInvalid'],
    ['https://', 'link.webInvalid'],
    ['https://intranet', 'link.webInvalid'],
    ['https://user:secret@example.com', 'link.webCredentials'],
  ];
  it.each(cases)('%s → %s', (address, code) => {
    expect(webLinkProblem(address)?.code ?? null).toBe(code);
  });
});

describe('other typed-in kinds', () => {
  const cases: [string, LinkValue, string[]][] = [
    ['video channel profile', { linkType: 7, appId: 'sphAbCd12', appIdLianjie: '' }, []],
    [
      'video channel feed',
      { linkType: 7, appId: 'sphAbCd12', appIdLianjie: 'export/UzFfAgtgekIEAQAAAAAA' },
      [],
    ],
    ['video channel without id', { linkType: 7, appId: '', appIdLianjie: '' }, ['link.finderRequired']],
    ['video channel bad id', { linkType: 7, appId: 'abc', appIdLianjie: '' }, ['link.finderFormat']],
    ['navigate to unknown page', { linkType: 3, linkUrl: '/pages/secret/index' }, ['link.navigateUnknown']],
    ['quick entry contact', { linkType: 8, linkUrl: 'contact' }, []],
    ['quick entry unknown', { linkType: 8, linkUrl: 'rocket' }, ['link.quickEntryUnknown']],
    [
      'location without address',
      { linkType: 8, linkUrl: 'location', latlng: '39.9,116.4' },
      ['link.locationRequired'],
    ],
    [
      'location off the globe',
      { linkType: 8, linkUrl: 'location', latlng: '99,116', address: 'x' },
      ['link.latlngFormat'],
    ],
    ['copy without text', { linkType: 8, linkUrl: 'copyText', fullText: ' ' }, ['link.copyTextRequired']],
    ['copy with text', { linkType: 8, linkUrl: 'copyText', fullText: 'WX: shop' }, []],
  ];
  it.each(cases)('%s', (_name, link, codes) => {
    expect(validateLink(link, ShopType.mall).map((problem) => problem.code)).toEqual(codes);
  });
});

describe('messages', () => {
  it('has every message in both languages', () => {
    expect(Object.keys(LINK_PROBLEM_MESSAGES.zh).sort()).toEqual(
      Object.keys(LINK_PROBLEM_MESSAGES.en).sort(),
    );
  });
});
