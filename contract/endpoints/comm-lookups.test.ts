import { describe, expect, it } from 'vitest';
import {
  ENUM_TYPE_MAX,
  getEnumForType,
  getStoreLinkUrlList,
  getTxVideoMp4Url,
  getTxVideoSandboxFile,
  STORE_LINK_KEYWORD_MAX,
  txVideoId,
} from './comm-lookups';
import { refusedFields as refused } from './schema-refusals';

describe('txVideoId', () => {
  it.each([
    ['a0000000001', 'a0000000001'],
    ['  a0000000001 ', 'a0000000001'],
    ['https://v.qq.com/x/page/a0000000001.html', 'a0000000001'],
    ['http://v.qq.com/x/page/a0000000001.html', 'a0000000001'],
    ['https://v.qq.com/x/cover/mzc00200abcdefg/a0000000001.html', 'a0000000001'],
    ['https://v.qq.com/x/cover/mzc00200abcdefg.html?vid=a0000000001', 'a0000000001'],
    ['https://m.v.qq.com/x/page/a0000000001.html', 'a0000000001'],
    ['https://v.qq.com/txp/iframe/player.html?vid=a0000000001', 'a0000000001'],
    ['https://video.qq.com/x/page/a0000000001.html', 'a0000000001'],
    ['https://m.video.qq.com/x/page/a0000000001.html', 'a0000000001'],
  ])('reads %s as %s', (link, vid) => expect(txVideoId(link)).toBe(vid));

  it.each([
    '',
    'a000000001',
    'a00000000012',
    'A0000000001',
    'https://v.qq.com/x/cover/mzc00200abcdefg.html',
    'https://evil.com/x/page/a0000000001.html',
    'https://v.qq.com.evil.com/x/page/a0000000001.html',
    'ftp://v.qq.com/x/page/a0000000001.html',
    'https://v.qq.com/x/page/a0000000001.htm',
    'https://v.qq.com/x/cover/mzc00200abcdefg.html?vid=a00000000',
    'https://xv.qq.com/x/page/a0000000001.html',
    'https://xvideo.qq.com/x/page/a0000000001.html',
    'https://video.qq.com.evil.com/x/page/a0000000001.html',
    'https://v.qq.com/y/x/page/a0000000001.html.bak',
    'https://v.qq.com/x/page/a0000000001.html/more',
    'https://v.qq.com/x/page/xa0000000001.html',
    'https://v.qq.com/x/other/a0000000001.html',
  ])('finds no video id in %j', (link) => expect(txVideoId(link)).toBeNull());
});

describe('comm lookup inputs', () => {
  const text = (length: number) => 'a'.repeat(length);
  it.each([
    ['no type: every enum', getEnumForType.input, {}, []],
    ['a type', getEnumForType.input, { Type: 'ShopType' }, []],
    ['a type at the limit', getEnumForType.input, { Type: text(ENUM_TYPE_MAX) }, []],
    ['a type one past the limit', getEnumForType.input, { Type: text(ENUM_TYPE_MAX + 1) }, ['Type']],
    ['a type of spaces', getEnumForType.input, { Type: '   ' }, ['Type']],
    [
      'a type at the limit with spaces around',
      getEnumForType.input,
      { Type: ` ${text(ENUM_TYPE_MAX)} ` },
      [],
    ],
    ['an unknown field', getEnumForType.input, { Kind: 'x' }, ['']],
    [
      'a store keyword at the limit',
      getStoreLinkUrlList.input,
      { Keyword: text(STORE_LINK_KEYWORD_MAX) },
      [],
    ],
    [
      'a store keyword one past the limit',
      getStoreLinkUrlList.input,
      { Keyword: text(STORE_LINK_KEYWORD_MAX + 1) },
      ['Keyword'],
    ],
    [
      'a store keyword with spaces around',
      getStoreLinkUrlList.input,
      { Keyword: ` ${text(STORE_LINK_KEYWORD_MAX)} ` },
      [],
    ],
    ['a store list sorted: no sort here', getStoreLinkUrlList.input, { sort: 'name' }, ['']],
    ['a video link of one character', getTxVideoMp4Url.input, { Link: 'a' }, []],
    ['a video link of spaces', getTxVideoMp4Url.input, { Link: '  ' }, ['Link']],
    ['a video link at the limit', getTxVideoMp4Url.input, { Link: text(2048) }, []],
    ['a video link one past the limit', getTxVideoMp4Url.input, { Link: text(2049) }, ['Link']],
    ['a sandbox video id', getTxVideoSandboxFile.input, { vid: 'a0000000001' }, []],
    ['a sandbox video id one short', getTxVideoSandboxFile.input, { vid: 'a000000000' }, ['vid']],
    ['no sandbox video id', getTxVideoSandboxFile.input, {}, ['vid']],
  ] as const)('%s', (_, schema, input, fields) => expect(refused(schema, input)).toEqual(fields));

  it('keeps the type and keyword without their spaces', () => {
    expect(getEnumForType.input.parse({ Type: ' ShopType ' })).toEqual({ Type: 'ShopType' });
    expect(getStoreLinkUrlList.input.parse({ Keyword: ' 门店 ' })).toMatchObject({ Keyword: '门店' });
  });

  it('answers the sandbox file as bytes, to anyone', () => {
    expect(getTxVideoSandboxFile).toMatchObject({ binary: true, permission: 'public', method: 'GET' });
  });
});
