import { describe, expect, it } from 'vitest';
import { ShopType } from './enums';
import {
  describeLinkProblem,
  emptyLink,
  isEntityKind,
  type LinkValue,
  latlngProblem,
  linkKindOf,
  linkNames,
  linkValueSchema,
  type TypedInLinkKind,
  validateLink,
  webLinkProblem,
  wifiProblems,
} from './link-value';

/**
 * The editor puts each problem under the field it names, so a problem must name the right field as
 * well as the right code: a problem under no field, or the wrong one, is a message nobody sees.
 */
describe('each problem names its field', () => {
  const cases: [string, LinkValue, { field: string; code: string; params?: Record<string, number> }[]][] = [
    ['phone blank', { linkType: 4, tel: ' ' }, [{ field: 'tel', code: 'link.phoneRequired' }]],
    ['phone bad', { linkType: 4, tel: '12345' }, [{ field: 'tel', code: 'link.phoneFormat' }]],
    [
      'Wi-Fi name of spaces',
      { linkType: 5, wifiId: '   ', wifimac: '', wifipassword: '' },
      [{ field: 'wifiId', code: 'link.wifiSsidRequired' }],
    ],
    [
      'Wi-Fi name past 32 bytes',
      { linkType: 5, wifiId: 'x'.repeat(33), wifimac: '', wifipassword: '' },
      [{ field: 'wifiId', code: 'link.wifiSsidTooLong', params: { bytes: 33 } }],
    ],
    [
      'web link that is no address',
      { linkType: 6, webLink: 'example.com', isLink: true },
      [{ field: 'webLink', code: 'link.webInvalid' }],
    ],
    [
      'Wi-Fi BSSID bad',
      { linkType: 5, wifiId: 'Shop', wifimac: '0a:1b', wifipassword: '' },
      [{ field: 'wifimac', code: 'link.wifiBssidFormat' }],
    ],
    [
      'Wi-Fi password short',
      { linkType: 5, wifiId: 'Shop', wifimac: '', wifipassword: 'abc' },
      [{ field: 'wifipassword', code: 'link.wifiPasswordLength' }],
    ],
    [
      'Wi-Fi password not ASCII',
      { linkType: 5, wifiId: 'Shop', wifimac: '', wifipassword: 'welcome店1' },
      [{ field: 'wifipassword', code: 'link.wifiPasswordCharacters' }],
    ],
    [
      'mini-program without AppID',
      { linkType: 1, appId: '', appIdLianjie: '' },
      [{ field: 'appId', code: 'link.appIdRequired' }],
    ],
    [
      'mini-program bad AppID and path',
      { linkType: 1, appId: 'wx1', appIdLianjie: '../secret' },
      [
        { field: 'appId', code: 'link.appIdFormat' },
        { field: 'appIdLianjie', code: 'link.pagePathFormat' },
      ],
    ],
    [
      'web link blank',
      { linkType: 6, webLink: '', isLink: true },
      [{ field: 'webLink', code: 'link.webRequired' }],
    ],
    [
      'web link over http',
      { linkType: 6, webLink: 'http://example.com', isLink: true },
      [{ field: 'webLink', code: 'link.webHttps' }],
    ],
    [
      'video channel without id',
      { linkType: 7, appId: '', appIdLianjie: '' },
      [{ field: 'appId', code: 'link.finderRequired' }],
    ],
    [
      'video channel bad id and feed',
      { linkType: 7, appId: 'abc', appIdLianjie: 'bad feed!' },
      [
        { field: 'appId', code: 'link.finderFormat' },
        { field: 'appIdLianjie', code: 'link.feedFormat' },
      ],
    ],
    [
      'video channel good id, bad feed',
      { linkType: 7, appId: 'sphAbc123', appIdLianjie: 'feed id' },
      [{ field: 'appIdLianjie', code: 'link.feedFormat' }],
    ],
    [
      'navigate to an unknown page',
      { linkType: 3, linkUrl: '/pages/index/index?x=1' },
      [{ field: 'linkUrl', code: 'link.navigateUnknown' }],
    ],
    [
      'unknown quick entry',
      { linkType: 8, linkUrl: 'rocket' },
      [{ field: 'linkUrl', code: 'link.quickEntryUnknown' }],
    ],
    [
      'location with an address of spaces',
      { linkType: 8, linkUrl: 'location', latlng: '39.9,116.4', address: '  ' },
      [{ field: 'latlng', code: 'link.locationRequired' }],
    ],
    [
      'location without a point',
      { linkType: 8, linkUrl: 'location', address: '北京市' },
      [{ field: 'latlng', code: 'link.locationRequired' }],
    ],
    [
      'location off the globe',
      { linkType: 8, linkUrl: 'location', latlng: '0,181', address: '北京市' },
      [{ field: 'latlng', code: 'link.latlngFormat' }],
    ],
    [
      'copy with no text at all',
      { linkType: 8, linkUrl: 'copyText' },
      [{ field: 'fullText', code: 'link.copyTextRequired' }],
    ],
    ['other quick entries need nothing', { linkType: 8, linkUrl: 'scan' }, []],
    [
      'custom page of spaces',
      { linkType: 2, id: '  ', linkTitle: '' },
      [{ field: 'id', code: 'link.pageRequired' }],
    ],
    ['custom page chosen', { linkType: 2, id: 'page_about', linkTitle: '关于我们' }, []],
  ];
  it.each(cases)('%s', (_name, link, problems) => {
    expect(validateLink(link, ShopType.mall)).toEqual(problems);
  });

  it('names no field for a kind the shop type does not offer', () => {
    expect(validateLink({ linkType: 19, id: 12, linkTitle: '湖景酒店' }, ShopType.mall)).toEqual([
      { field: '', code: 'link.notAllowed', params: { kind: 'hotel', shopType: ShopType.mall } },
    ]);
  });

  it.each([
    [{ linkType: 4, tel: 5 }, 'tel', 'tel: invalid_type'],
    [{ linkType: 99 }, 'linkType', 'linkType: invalid_union'],
  ])('a damaged %o names %s', (link, field, detail) => {
    expect(validateLink(link, ShopType.mall)).toEqual([{ field, code: 'link.shape', params: { detail } }]);
  });

  it('a value that is not an object at all is reported against its link type', () => {
    const [problem] = validateLink('13812345678', ShopType.mall);
    expect(problem!.field).toBe('');
    expect(problem!.params!.detail).toMatch(/^linkType: /);
  });
});

describe('emptyLink', () => {
  const blanks: [TypedInLinkKind, LinkValue, string[]][] = [
    ['none', { linkType: 0 }, []],
    ['miniProgram', { linkType: 1, appId: '', appIdLianjie: '' }, ['link.appIdRequired']],
    ['navigate', { linkType: 3, linkUrl: '/pages/index/index' }, []],
    ['phone', { linkType: 4, tel: '' }, ['link.phoneRequired']],
    ['wifi', { linkType: 5, wifiId: '', wifimac: '', wifipassword: '' }, ['link.wifiSsidRequired']],
    ['webLink', { linkType: 6, webLink: '', isLink: true }, ['link.webRequired']],
    ['videoChannel', { linkType: 7, appId: '', appIdLianjie: '' }, ['link.finderRequired']],
    ['quickEntry', { linkType: 8, linkUrl: 'contact' }, []],
  ];
  it.each(blanks)('%s starts as %o, flagged %o', (kind, blank, codes) => {
    expect(emptyLink(kind)).toEqual(blank);
    expect(linkValueSchema.safeParse(emptyLink(kind)).success).toBe(true);
    expect(validateLink(emptyLink(kind), ShopType.mall).map((problem) => problem.code)).toEqual(codes);
  });
});

describe('linkKindOf', () => {
  it('takes a link type it does not know for no link', () => {
    expect(linkKindOf({ linkType: 99 } as never)).toBe('none');
    expect(linkKindOf({ linkType: 9 })).toBe('product');
  });
});

describe('isEntityKind', () => {
  it.each([
    ['product', true],
    ['customPage', true],
    ['vote', true],
    ['none', false],
    ['phone', false],
    ['quickEntry', false],
  ] as const)('%s → %s', (kind, entity) => {
    expect(isEntityKind(kind)).toBe(entity);
  });
});

describe('names in messages', () => {
  it('falls back to the kind itself when the catalogue does not know it', () => {
    expect(linkNames('rocket' as never, ShopType.mall, 'en').kind).toBe('rocket');
    expect(linkNames('product', ShopType.mall, 'en').kind).not.toBe('product');
  });

  it('names the kind in the notAllowed sentence of each language', () => {
    const problem = { field: '', code: 'link.notAllowed' as const, params: { kind: 'rocket', shopType: 0 } };
    expect(describeLinkProblem(problem, 'en')).toContain('rocket');
    expect(describeLinkProblem(problem, 'zh')).toContain('rocket');
  });
});

describe('web links at their limits', () => {
  it.each([
    ['   ', 'link.webRequired'],
    // A full-width space, as a Chinese keyboard types it, around a valid address.
    ['\u3000https://example.com\u3000', null],
    ['https://localhost', null],
    ['https://localhost:8443/path', null],
    ['https://user@example.com', 'link.webCredentials'],
    ['https://:secret@example.com', 'link.webCredentials'],
    ['https://example', 'link.webInvalid'],
  ])('%j → %s', (address, code) => {
    expect(webLinkProblem(address)).toEqual(code === null ? null : { field: 'webLink', code });
  });
});

describe('latlngProblem without a value', () => {
  it.each([undefined, '', 'abc', '39.9;116.4'])('%j → latlngFormat on latlng', (latlng) => {
    expect(latlngProblem(latlng)).toEqual({ field: 'latlng', code: 'link.latlngFormat' });
  });
});

describe('Wi-Fi passwords: the whole password must be printable ASCII', () => {
  it.each([
    ['店welcome1', ['link.wifiPasswordCharacters']],
    ['welcome1店', ['link.wifiPasswordCharacters']],
    ['welcome 1~', []],
  ])('%j → %o', (wifipassword, codes) => {
    expect(
      wifiProblems({ wifiId: 'Shop', wifimac: '', wifipassword }).map((problem) => problem.code),
    ).toEqual(codes);
  });
});
