import { describe, expect, it } from 'vitest';
import { txVideoId } from './comm-lookups';

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
  ])('finds no video id in %j', (link) => expect(txVideoId(link)).toBeNull());
});
