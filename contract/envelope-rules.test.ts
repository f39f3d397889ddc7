import { describe, expect, it } from 'vitest';
import { expiredSiteAid, expiredSiteMessage } from './envelope-rules';

describe('expired-site messages', () => {
  it.each([
    ['noNormalsite|7', '7'],
    ['noNormalsite', ''],
    ['xx noNormalsite|abc', 'abc'],
    ['ordinary message', null],
    ['', null],
  ])('reads the aid of %j as %j', (message, aid) => {
    expect(expiredSiteAid(message)).toBe(aid);
  });

  it('writes what it reads', () => {
    expect(expiredSiteAid(expiredSiteMessage(42))).toBe('42');
  });
});
